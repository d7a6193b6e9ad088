"""All Yellow Zombie Dice for four players in the page's advisor (issue 54): a link opens it,
answered from its shipped table on a phone, the fourth score with its own field, every seat's
chance under each action equal to the command line's; axe finds nothing on a phone and on a
desktop."""

import pytest
from playwright.sync_api import expect

from pycore import api
from tests.browser.test_usability import axe_violations

ADVICE = "[data-testid=advice]"
TIMEOUT = 120_000
LINK = "#game=ayzd-4&p=4&i=10&j=14&l=12&m=9&b=3&s=1"


def seats(page, action: str) -> list[float]:
    return [float(x) for x in page.get_by_test_id(f"seats-{action}").get_attribute("data-seats").split(",")]


@pytest.mark.parametrize("where", ["page", "desktop_page"])
def test_four_players_of_ayzd_are_advised_from_the_shipped_table(site, where, request, tmp_path):
    page = request.getfixturevalue(where)
    page.goto(site + LINK)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.get_by_test_id("input-m")).to_have_value("9")
    expect(page.locator("label[for=var-m]")).to_contain_text("Fourth player's score")
    expected = api.call("advise", {"game": "ayzd-4", "state": "p=4,i=10,j=14,l=12,m=9,b=3,s=1"})
    assert expected["source"].startswith("table ") and expected["best"] == "roll"
    assert page.locator(ADVICE).get_attribute("data-best") == "roll"
    for action in ("roll", "hold"):
        assert seats(page, action) == pytest.approx(expected["seat_values"][action], abs=1e-12)
    # holding loses to the first player's 14 (the last of the round): every chance says so
    assert seats(page, "hold") == pytest.approx([0.0, 1.0, 0.0, 0.0], abs=1e-12)
    expect(page.get_by_test_id("model-note")).to_contain_text("all 4 tied play another round")
    # each seat named as the state editor names its score
    expect(page.get_by_test_id("seats-roll")).to_contain_text("next player 49.2% · third player 0.0% · fourth player 0.0%")
    page.screenshot(path=str(tmp_path / f"ayzd-4-{where}.png"))
    assert axe_violations(page) == []
