"""Play against the computer in the page (web/play-view.js over the API's move and review):
a whole game with a fixed seed and deliberately bad decisions, reviewed as the API reviews it,
and a reload in the middle that loses nothing."""

import json

from playwright.sync_api import expect

from pycore import api

TIMEOUT = 90_000
READY = "[data-testid=play-board][data-over=true], [data-testid=play-board] [data-testid=play-roll]"


def start(page, site, fragment, seed, opponent="optimal"):
    page.goto(site + fragment)
    expect(page.get_by_test_id("play-new")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("play-opponent").locator("option")).not_to_have_count(1, timeout=TIMEOUT)
    page.get_by_test_id("play-seed").fill(str(seed))
    page.get_by_test_id("play-pace").select_option("fast")
    page.get_by_test_id("play-opponent").select_option(opponent)
    page.get_by_test_id("play-new").click()


def my_move(page, n):
    """Wait until it is my move (or the game is over); hold every third chance, else roll.
    Returns False once the game is over."""
    board = page.get_by_test_id("play-board")
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    if board.get_attribute("data-over") == "true":
        return False
    moves = board.get_attribute("data-moves")
    hold = page.get_by_test_id("play-hold")
    (hold if hold.count() and n % 3 == 2 else page.get_by_test_id("play-roll")).click()
    expect(board).not_to_have_attribute("data-moves", moves, timeout=TIMEOUT)
    return True


def test_a_whole_game_against_the_optimal_player_is_reviewed_as_the_api_reviews_it(site, page):
    start(page, site, "#game=pig&goal=20&view=play", 31)
    n = 0
    while my_move(page, n):
        n += 1
    review = page.get_by_test_id("play-review")
    expect(review).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    record = json.loads(page.get_by_test_id("play-record").input_value())
    assert record["seed"] == 31 and record["players"] == ["You", "Optimal"]
    expected = api.call("review", {"game": "pig", "record": record})
    shown = float(page.get_by_test_id("play-total").get_attribute("data-total"))
    assert abs(shown - expected["total_cost"][0]) < 1e-12 and expected["total_cost"][0] > 0  # the holds cost
    assert page.get_by_test_id("play-decision").count() == len(expected["decisions"])
    assert expected["total_cost"][1] == 0.0  # the computer plays optimally
    # the same seed and the same decisions replay the same game: the record is the game
    assert api.call("move", {"game": "pig", "record": record})["position"]["scores"] == expected["scores"]


def test_a_reload_in_the_middle_of_a_game_loses_nothing(site, page):
    start(page, site, "#game=gro&goal=30&view=play", 5, "Fixed Hold-At")
    for n in range(3):
        assert my_move(page, 0)  # roll, roll, roll (or the game went on without a hold)
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    before = page.get_by_test_id("play-record").input_value()
    scores = page.get_by_test_id("play-scores").inner_text()
    page.reload()
    expect(page.get_by_test_id("play-board")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("play-scores")).to_have_text(scores)
    assert page.get_by_test_id("play-record").input_value() == before
    expect(page.get_by_test_id("play-opponent")).to_have_value("Fixed Hold-At")
