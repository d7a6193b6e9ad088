"""Pig with a turn limit in the page: a link with pig's name and a turn limit opens it, the
target model's turn start is answered with the target to choose (and the runners-up), the
chart of how the limit approaches unlimited Pig appears, and the free model's boundary is
drawn per number of turns left."""

from page_helpers import labels_cut
from playwright.sync_api import expect

from pycore import api

ADVICE = "[data-testid=advice]"
TIMEOUT = 90_000


def test_a_target_is_advised_at_the_turn_start_and_the_limit_is_charted(shared_phone):
    args = {"game": "pig", "goal": 30, "turns": 10, "state": "i=5,j=8,k=0,n=5"}
    expected = api.call("advise", args)
    assert expected["best"]["label"] == "target 25"
    page = shared_phone.open("#game=pig&goal=30&turns=10&i=5&j=8&n=5")
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.get_by_test_id("verdict")).to_have_text("Choose target 25")
    choices = page.get_by_test_id("choices-before-roll").locator("li")
    expect(choices).to_have_count(6)
    expect(choices.nth(0)).to_contain_text(f"{100 * expected['best']['value']:.2f}%")
    expect(choices.nth(1)).to_contain_text(expected["options"][1]["label"])
    # the link names the variant (pig with turns opened it)
    chart = page.get_by_test_id("turns-chart")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    solved = api.call("solve", {"game": "pig-turns", "goal": 30, "turns": 10})
    row = solved["by_turns"]["rows"][-1]
    expect(page.get_by_test_id("turns-row-10")).to_contain_text(f"{row['p_first_player_wins']:.6f}")
    expect(chart).to_contain_text("Pig without one")
    # its labels whole on a phone ("53.05%" read "3.05%"), and the range of turns said
    assert labels_cut(page, "[data-testid=turns-chart] svg") == []
    expect(chart).to_contain_text("number of turns in the game, 0 to 10")


def test_the_free_models_boundary_has_a_panel_per_turns_left(shared_phone):
    page = shared_phone.open("#game=pig-turns&goal=30&turns=10&turn_model=free&i=5&n=6&view=slice&axis=j")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    boundary = page.get_by_test_id("boundary")
    expect(boundary).to_contain_text("Turns left 6", timeout=TIMEOUT)
    expected = api.call("slice", {"game": "pig-turns", "goal": 30, "turns": 10, "turn_model": "free",
                                  "fixed": {"n": 6}, "axis": "j", "at": 0})
    assert any(1 in row for row in expected["roll"]) and any(0 in row for row in expected["roll"])
    # the turn chart is shown for the free model too, and goes when the game has no turn limit
    expect(page.get_by_test_id("turns-chart")).to_be_visible(timeout=TIMEOUT)
    page.evaluate("h => { location.hash = h }", "#game=pig&goal=30")
    expect(page.get_by_test_id("turns-chart")).to_be_hidden(timeout=TIMEOUT)


def test_an_unsupported_combination_is_named_and_the_rest_of_the_link_kept(shared_phone):
    page = shared_phone.open("#game=pig&turns=7&goal=30")
    expect(page.get_by_test_id("link-message")).to_contain_text("turns must be even", timeout=TIMEOUT)
    expect(page.get_by_test_id("link-message")).to_contain_text("using turns 40")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    # the goal asked for is kept: goal 30 with 40 turns (solved live: no table ships for it)
    expect(page.get_by_test_id("param-goal")).to_have_value("30")
    expect(page.get_by_test_id("status")).to_contain_text("solved exactly", timeout=TIMEOUT)
    expect(page.get_by_test_id("verdict")).to_have_text("Choose target 30")
