"""Three-player Pig (and AYZD) in the page's advisor (issue 36): picked from the list, answered from its
shipped table on a phone, the third score entered with its stepper and carried by the link,
every seat's chance under each action equal to the command line's, and a small goal solved
live in the page as CPython solves it."""

import re

import pytest
from page_helpers import advised_as_the_api_advises, seats
from playwright.sync_api import expect

from pycore import api

ADVICE = "[data-testid=advice]"
TIMEOUT = 120_000


def test_three_players_are_advised_from_the_shipped_table_on_a_phone(site, page):
    page.goto(site + "#game=pig&i=61&j=16&k=10")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("game-select").select_option("pig-3")
    expect(page.get_by_test_id("input-l")).to_be_visible(timeout=TIMEOUT)
    # the players are three: a field that cannot change is not offered; the turns left are
    expect(page.get_by_test_id("param-players")).to_have_count(0)
    expect(page.get_by_test_id("param-turns")).to_have_value("300")
    expect(page.locator("label[for=var-j]")).to_contain_text("Next player's score")
    page.get_by_test_id("input-i").fill("61")
    page.get_by_test_id("input-i").dispatch_event("change")
    page.get_by_test_id("input-j").fill("16")
    page.get_by_test_id("input-j").dispatch_event("change")
    page.get_by_test_id("input-k").fill("10")
    page.get_by_test_id("input-k").dispatch_event("change")
    # the third score by its stepper, tap by tap, as at a table
    for _ in range(3):
        page.get_by_role("button", name="Third player's score plus 1").click()
    expect(page).to_have_url(re.compile(r"game=pig-3.*&i=61&j=16&l=3&k=10(&|$)"), timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expected = api.call("advise", {"game": "pig-3", "state": "i=61,j=16,l=3,k=10"})
    assert expected["source"].startswith("table ")
    assert page.locator(ADVICE).get_attribute("data-best") == expected["best"]
    for action in ("roll", "hold"):
        assert seats(page, action) == pytest.approx(expected["seat_values"][action], abs=1e-12)
        assert sum(seats(page, action)) == pytest.approx(1.0, abs=1e-9)
    expect(page.get_by_test_id("seats-roll")).to_contain_text("you ")
    expect(page.get_by_test_id("seats-roll")).to_contain_text("third player ")
    expect(page.get_by_test_id("model-note")).to_contain_text("With 300 turns left in all")
    expect(page.get_by_test_id("status")).to_contain_text("prebuilt table")
    # on a phone the verdict is in sight without scrolling (the verdict itself or the answer bar)
    verdict = page.get_by_test_id("verdict")
    bar = page.get_by_test_id("answer-bar")
    assert verdict.evaluate("(e) => e.getBoundingClientRect().bottom <= innerHeight") or bar.is_visible()
    # the link opens the same position, the third score and all
    page.goto(site + "#game=pig-3&i=61&j=16&l=3&k=10")
    page.reload()
    expect(page.get_by_test_id("input-l")).to_have_value("3", timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert seats(page, "hold") == pytest.approx(expected["seat_values"]["hold"], abs=1e-12)


def test_a_small_goal_for_three_is_solved_live_as_cpython_solves_it(shared_phone):
    page = shared_phone.open("#game=pig-3&goal=12&turns=30&i=3&j=2&l=5&k=2")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expected = api.call("advise", {"game": "pig-3", "goal": 12, "turns": 30, "state": "i=3,j=2,l=5,k=2"})
    assert expected["source"] == "solve"
    for action in ("roll", "hold"):
        assert seats(page, action) == pytest.approx(expected["seat_values"][action], abs=1e-12)
    expect(page.get_by_test_id("model-note")).to_contain_text("With 30 turns left in all")
    expect(page.get_by_test_id("status")).to_contain_text("Pig for three players: solved exactly")


def test_three_players_of_ayzd_are_advised_on_a_phone_from_the_table_and_live(site, page):
    """All Yellow Zombie Dice for three: the place in the round and the three scores come from
    the link; the default game answers from its shipped table, and a small goal is solved
    live in the page (its two-player tie-break solved first, in the page too) as CPython
    solves it."""
    page.goto(site + "#game=ayzd-3&p=3&i=10&j=14&l=12&b=3&s=1")
    advised_as_the_api_advises(page, "ayzd-3", "p=3,i=10,j=14,l=12,b=3,s=1", "roll")
    expect(page.get_by_test_id("input-l")).to_have_value("12")
    # holding loses to the first player's 14 (the third ends the round): every chance says so
    assert seats(page, "hold") == pytest.approx([0.0, 1.0, 0.0], abs=1e-12)
    expect(page.get_by_test_id("model-note")).to_contain_text("two tied at the top play the two-player game")
    page.goto(site + "#game=ayzd-3&goal=5&p=2&i=3&j=1&l=5&b=1&s=1")
    page.reload()
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    live = api.call("advise", {"game": "ayzd-3", "goal": 5, "state": "p=2,i=3,j=1,l=5,b=1,s=1"})
    assert live["source"] == "solve"
    for action in ("roll", "hold"):
        assert seats(page, action) == pytest.approx(live["seat_values"][action], abs=1e-12)


def test_three_players_of_gro_are_advised_from_the_shipped_table_on_a_phone(shared_phone):
    """Great Rolled Ones for three, the third player's last turn (the first player at 52): the
    link opens it, the shipped table answers, every seat's chance is the command line's, and
    the turns left are a field."""
    page = shared_phone.open("#game=gro-3&p=3&i=30&j=52&l=41&k=14&o=1")
    advised_as_the_api_advises(page, "gro-3", "p=3,i=30,j=52,l=41,k=14,o=1", "roll")
    expect(page.get_by_test_id("param-turns")).to_have_value("60")
    assert seats(page, "hold") == pytest.approx([0.0, 1.0, 0.0], abs=1e-12)  # 44 against 52: the first wins
    expect(page.get_by_test_id("model-note")).to_contain_text("a later player must exceed an earlier one")
