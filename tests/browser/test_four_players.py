"""All Yellow Zombie Dice for four players in the page's advisor (issue 54): a link opens it,
answered from its shipped table on a phone, the fourth score with its own field, every seat's
chance under each action equal to the command line's; axe finds nothing on a phone and on a
desktop."""

import pytest
from page_helpers import advised_as_the_api_advises, seats
from playwright.sync_api import expect

from tests.browser.test_usability import axe_violations

LINK = "#game=ayzd-4&p=4&i=10&j=14&l=12&m=9&b=3&s=1"


@pytest.mark.parametrize("where", ["page", "desktop_page"])
def test_four_players_of_ayzd_are_advised_from_the_shipped_table(site, where, request, tmp_path):
    page = request.getfixturevalue(where)
    page.goto(site + LINK)
    advised_as_the_api_advises(page, "ayzd-4", "p=4,i=10,j=14,l=12,m=9,b=3,s=1", "roll")
    expect(page.get_by_test_id("input-m")).to_have_value("9")
    expect(page.locator("label[for=var-m]")).to_contain_text("Fourth player's score")
    # holding loses to the first player's 14 (the last of the round): every chance says so
    assert seats(page, "hold") == pytest.approx([0.0, 1.0, 0.0, 0.0], abs=1e-12)
    expect(page.get_by_test_id("model-note")).to_contain_text("all 4 tied play another round")
    # each seat named as the state editor names its score
    expect(page.get_by_test_id("seats-roll")).to_contain_text("next player 49.2% · third player 0.0% · fourth player 0.0%")
    page.screenshot(path=str(tmp_path / f"ayzd-4-{where}.png"))
    assert axe_violations(page) == []
