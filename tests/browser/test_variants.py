"""The small games' parameters in the page (issue 14, parts 2 and 3): another die from the
picker, a large solve said before it starts and cancelled, and the variant designer."""

import re

import pytest
from page_helpers import labels_cut
from playwright.sync_api import expect

from pycore import api

ADVICE = "[data-testid=advice]"
TIMEOUT = 90_000


def test_another_die_from_the_picker_is_solved_live(shared_phone):
    page = shared_phone.open("#game=pig&goal=40")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    for name, value in (("die", "8"), ("bust", "2")):
        page.get_by_test_id(f"param-{name}").fill(value)
        page.get_by_test_id(f"param-{name}").dispatch_event("change")
        expect(page).to_have_url(re.compile(f"[&#]{name}={value}(&|$)"), timeout=TIMEOUT)
        expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expected = api.call("advise", {"game": "pig", "goal": 40, "die": 8, "bust": 2, "state": "i=0,j=0,k=0"})
    # 2 of 8 faces bust: 25.0% a roll
    expect(page.locator(ADVICE).get_by_role("row", name="Roll")).to_contain_text("25.0%")
    # the page's numpy (no OpenBLAS in WebAssembly) sums a matrix-vector product in another
    # order than CPython's: the same exact solve, the last bits may differ
    assert float(page.locator(ADVICE).get_attribute("data-p-roll")) == pytest.approx(expected["values"]["roll"], abs=1e-15)
    assert "die=8" in page.url and "bust=2" in page.url
    # every face busting is not a game: the link is repaired, keeping the die
    page.get_by_test_id("param-bust").fill("8")
    page.get_by_test_id("param-bust").dispatch_event("change")
    expect(page.get_by_test_id("link-message")).to_contain_text("8 bust faces no face scores", timeout=TIMEOUT)
    expect(page.get_by_test_id("param-bust")).to_have_value("1")
    expect(page.get_by_test_id("param-die")).to_have_value("8")


def test_a_field_typed_into_while_an_answer_is_on_its_way_keeps_its_text(site, page):
    page.goto(site + "#game=pig&goal=40")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("param-die").fill("8")
    page.get_by_test_id("param-die").dispatch_event("change")
    # typed before the die's answer is shown, not yet sent: the answer fills in the other
    # fields and leaves this one as typed (and focused)
    page.get_by_test_id("param-bust").fill("2")
    expect(page).to_have_url(re.compile("[&#]die=8(&|$)"), timeout=TIMEOUT)
    expect(page.get_by_test_id("param-bust")).to_have_value("2")
    expect(page.get_by_test_id("param-bust")).to_be_focused()
    page.get_by_test_id("param-bust").dispatch_event("change")
    expect(page).to_have_url(re.compile("[&#]bust=2(&|$)"), timeout=TIMEOUT)
    expect(page.locator(ADVICE).get_by_role("row", name="Roll")).to_contain_text("25.0%")  # its bust chance
    expect(page.get_by_test_id("param-die")).to_have_value("8")


def test_a_large_solve_is_announced_and_can_be_cancelled(site, page):
    # (every AYZD goal fits a phone's memory; this one takes long enough to ask)
    estimate = api.call("estimate", {"game": "ayzd", "goal": 80})
    assert estimate["cells"] > 2e6 and estimate["bytes"] < 1e9
    page.goto(site + "#game=ayzd&goal=80")
    ask = page.get_by_test_id("ask-solve")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(ask).to_contain_text(f"{estimate['cells'] / 1e6:.1f} million positions")
    expect(page.get_by_test_id("solve-estimate")).to_contain_text("about")
    page.get_by_test_id("solve-now").click()
    expect(page.get_by_test_id("progress")).to_contain_text("Solving All Yellow Zombie Dice, about")
    # the progress and Cancel stay in sight on a phone, though the button that started it is
    # far below them (the page is scrolled down to it)
    page.mouse.wheel(0, 2000)
    expect(page.get_by_test_id("cancel")).to_be_in_viewport(ratio=1)
    page.get_by_test_id("cancel").click()
    # asked again (the solve did not finish), and Python works again: another game is answered
    expect(ask).to_contain_text("Cancelled.", timeout=TIMEOUT)
    page.get_by_test_id("game-select").select_option("pig")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.get_by_test_id("status")).to_contain_text("Pig: solved exactly")


def test_the_designer_tabulates_a_range_of_goals(shared_phone):
    page = shared_phone.open("#game=pig&goal=40&view=design")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    values = page.get_by_test_id("design-values")
    expect(values).to_have_value("8:40:8")  # about five values up to the goal shown
    page.get_by_test_id("design-values").fill("20:40:20")
    page.get_by_test_id("design-values").dispatch_event("change")
    expect(page.get_by_test_id("design-estimate")).to_contain_text("2 solves", timeout=TIMEOUT)
    page.get_by_test_id("design-run").click()
    result = page.get_by_test_id("design-result")
    expect(result).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    rows = api.call("design", {"game": "pig", "param": "goal", "values": "20:40:20"})["rows"]
    for row in rows:
        line = page.get_by_test_id(f"design-row-{row['value']}")
        expect(line).to_contain_text(f"{100 * row['p_first_player_wins']:.2f}%")
        expect(line).to_contain_text(f"{row['expected_turns']:.2f}")
    expect(page.get_by_test_id("design-row-40")).to_contain_text("54.47%")  # Pig to 40
    # every chart's labels whole on a phone (the first player's chance's "54.47%" read "4.47%")
    charts = page.locator(".design-chart svg")
    expect(charts).to_have_count(3)
    assert labels_cut(page, ".design-chart svg") == []
    # a value that is not a game is named before anything is solved
    page.get_by_test_id("design-param").select_option("bust")
    page.get_by_test_id("design-values").fill("1:6")
    page.get_by_test_id("design-values").dispatch_event("change")
    expect(page.get_by_test_id("design-error")).to_contain_text("bust must be 1 to 5", timeout=TIMEOUT)


def test_the_designer_gives_a_turn_limited_games_length(shared_phone):
    """Pig with a turn limit is solved by the factored sweep: its length column is filled
    too (followed backwards), as the API computes it."""
    page = shared_phone.open("#game=pig-turns&goal=20&turns=8&turn_model=free&view=design")
    page.get_by_test_id("design-param").select_option("turns")
    page.get_by_test_id("design-values").fill("2,8")
    page.get_by_test_id("design-values").dispatch_event("change")
    expect(page.get_by_test_id("design-estimate")).to_contain_text("2 solves", timeout=TIMEOUT)
    page.get_by_test_id("design-run").click()
    expect(page.get_by_test_id("design-result")).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    rows = api.call("design", {"game": "pig-turns", "goal": 20, "turns": 8, "turn_model": "free",
                               "param": "turns", "values": "2,8"})["rows"]
    for row in rows:
        expect(page.get_by_test_id(f"design-row-{row['value']}")).to_contain_text(f"{row['expected_turns']:.2f}")
    expect(page.get_by_test_id("design-result")).not_to_contain_text("not computed")


def test_a_solve_too_large_for_a_phone_is_refused_in_words(shared_phone):
    """Issue 16: a link's parameters alone once took 13 GB. The page says how much memory the
    solve needs and what fits, and the most-points advice still works."""
    page = shared_phone.open("#game=pig&goal=400&objective=win")
    expect(page.get_by_test_id("advice-error")).to_contain_text(
        "needs about 2.2 GB of memory to solve, more than a phone's browser tab can give (1.0 GB); goal up to 306 fits",
        timeout=TIMEOUT)
    page.get_by_test_id("objective-turn-score").click()
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_contain_text("Roll")


def test_a_worker_crash_is_said_and_the_solver_starts_again(site, page):
    """Issue 16: the worker failing after it started (as Python out of memory does) is reported
    in words, a new worker starts, and the page answers again."""
    page.goto(site + "#game=pig&goal=20&i=0&j=0&k=5")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.workers[0].evaluate("setTimeout(() => { throw new Error('simulated: out of memory'); })")
    expect(page.get_by_test_id("status")).to_contain_text(
        "The solver stopped (Uncaught Error: simulated: out of memory): most likely this device ran out of memory",
        timeout=TIMEOUT)
    page.get_by_role("button", name="Turn total plus 1").click()
    expect(page).to_have_url(re.compile(r"k=6"), timeout=TIMEOUT)  # (after the new worker has started)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.locator(ADVICE).get_by_role("row", name="Roll")).to_be_visible()
    page.console.errors.clear()  # (the worker's own report of the error it was made to throw)
