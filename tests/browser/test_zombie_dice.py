"""Full Zombie Dice in the page: advice from the shipped table, the turn swept in the page,
typed dice checked beside their field, and only the views the game has."""

import pytest
from playwright.sync_api import expect

from pycore import api

ADVICE = "[data-testid=advice]"
TIMEOUT = 90_000
STATE = "p=1,i=5,j=8,b=3,fp=GY,br=GGR,sg=R"


def test_the_page_gives_the_engine_numbers_and_checks_typed_dice(site, page):
    expected = api.call("advise", {"game": "zombie-dice", "state": STATE})
    page.goto(site + expected["link"])
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert panel.get_attribute("data-best") == expected["best"] == "roll"
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(expected["values"]["roll"], abs=1e-12)
    assert float(panel.get_attribute("data-p-hold")) == pytest.approx(expected["values"]["hold"], abs=1e-12)
    expect(page.get_by_test_id("outlook-roll")).to_contain_text("16.7% chance this roll busts")
    expect(page.get_by_test_id("outlook-roll")).to_contain_text("brains this turn")
    expect(page.locator("#views")).to_be_hidden()  # no boundary or strategy views for this game yet

    # four footprints cannot be in a hand of three: said beside the field, nothing else moves
    page.get_by_test_id("input-fp").fill("GGGG")
    page.get_by_test_id("input-fp").press("Enter")
    expect(page.get_by_test_id("note-fp")).to_contain_text("the hand holds at most 3 footprint dice, got 4", timeout=TIMEOUT)
    expect(page.get_by_test_id("input-fp")).to_have_value("GGGG")
    assert page.url == site + expected["link"]
    expect(page.get_by_test_id("link-message")).to_be_hidden()

    # dice that can be: the position and its answer follow
    page.get_by_test_id("input-fp").fill("gr")
    page.get_by_test_id("input-fp").press("Enter")
    moved = api.call("advise", {"game": "zombie-dice", "state": STATE.replace("fp=GY", "fp=GR")})
    expect(page).to_have_url(site + moved["link"], timeout=TIMEOUT)
    expect(panel).to_have_attribute("data-p-roll", str(moved["values"]["roll"]), timeout=TIMEOUT)
    expect(page.get_by_test_id("note-fp")).to_be_hidden()


def test_a_link_to_a_view_the_game_lacks_opens_the_advice_and_says_so(site, page):
    page.goto(site + "#game=zombie-dice&p=2&i=10&j=14&b=3&br=GGY&view=slice&axis=b")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.get_by_test_id("link-message")).to_contain_text("Zombie Dice has no slice view yet")
    expect(page.locator(ADVICE)).to_have_attribute("data-best", "roll")  # holding at 13 against 14 loses
