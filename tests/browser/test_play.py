"""Play against the computer in the page (web/play-view.js over the API's move and review): a
whole game of every two-player game with a fixed seed and deliberately bad decisions, reviewed
as the command line reviews it; a link to the game replays it; a pasted record loads; a reload
in the middle loses nothing; a corrupted saved game is named and the page goes on."""

import json
import re

import pytest
from commands import cli_review
from page_helpers import READY, Tab, my_move, start
from playwright.sync_api import expect

from pycore import api

TIMEOUT = 90_000
# (link, seed): every two-player game, small goals where the game has them (a quick game)
GAMES = [
    ("game=pig&goal=20", 31),
    ("game=gro&goal=30", 7),
    ("game=ayzd", 4),
    ("game=zombie-dice", 9),
    ("game=farkle", 5),
    ("game=pig-turns&goal=30&turns=10", 2),
]


@pytest.mark.parametrize("fragment, seed", GAMES, ids=[g[0].split("&")[0][5:] for g in GAMES])
def test_a_whole_game_against_the_optimal_player_is_reviewed_as_the_command_line_reviews_it(shared_phone, tmp_path,
                                                                                          fragment, seed):
    page = start(shared_phone, fragment, seed)
    n = 0
    while my_move(page, n):
        n += 1
    review = page.get_by_test_id("play-review")
    expect(review).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    record = json.loads(page.get_by_test_id("play-record").input_value())
    assert record["seed"] == seed and record["players"] == ["You", "Optimal"]
    expected = cli_review(record, tmp_path)
    shown = float(page.get_by_test_id("play-total").get_attribute("data-total"))
    assert abs(shown - expected["total_cost"][0]) < 1e-12 and expected["total_cost"][0] > 0  # the bad decisions cost
    assert expected["total_cost"][1] == 0.0  # the computer plays optimally
    rows = page.get_by_test_id("play-decision")
    assert rows.count() == len(expected["decisions"])
    costs = [float(c) for c in rows.evaluate_all("rs => rs.map(r => r.dataset.cost)")]
    assert max(abs(a - d["cost"]) for a, d in zip(costs, expected["decisions"], strict=True)) < 1e-12
    # the same seed and the same decisions replay the same game: the record is the game
    assert api.call("move", {"game": record["game"], "record": record})["position"]["scores"] == expected["scores"]


def test_a_link_replays_the_game_and_a_pasted_record_loads(site, page):
    """A game's link (Save, share or load) opens it where it stands, with the same review; the
    game in progress is put aside and restored with a tap; a pasted record that is not one is
    named and changes nothing."""
    start(Tab(page, site), "game=pig&goal=20", 31)
    for n in range(4):
        assert my_move(page, n)
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    in_progress = page.get_by_test_id("play-record").input_value()
    # the page's Copy link shares the game where it stands (it shared an empty board: #game=pig&i=0&j=0&k=0)
    page.evaluate("() => { window.copied = []; navigator.clipboard.writeText = async (text) => { window.copied.push(text); }; }")
    page.get_by_test_id("copy-link").click()
    page.locator("summary", has_text="Save, share or load").click()
    page.get_by_test_id("play-copy-link").click()
    page.wait_for_function("() => window.copied.length === 2")
    copied, from_box = page.evaluate("window.copied")
    assert copied == from_box and "record=" in copied and "view=play" in copied
    expect(page.get_by_test_id("status")).to_have_text("Link copied.")
    page.locator("summary", has_text="Save, share or load").click()
    finished = api.call("play", {"game": "pig", "goal": 20, "seed": 8, "against": "Hold at 20"})["record"]
    share = api.call("move", {"game": "pig", "goal": 20, "record": finished})["share"]
    page.goto(site + share)
    expect(page.get_by_test_id("play-review")).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert json.loads(page.get_by_test_id("play-record").input_value()) == finished
    expected = api.call("review", {"game": "pig", "record": finished})
    assert page.get_by_test_id("play-decision").count() == len(expected["decisions"])
    expect(page.get_by_test_id("play-scores")).to_contain_text(str(max(expected["scores"])))
    expect(page).not_to_have_url(re.compile("record="))  # the link is read once: a reload resumes the kept game
    page.get_by_test_id("play-restore").click()
    expect(page.get_by_test_id("play-record")).to_have_value(in_progress, timeout=TIMEOUT)
    # a paste that is not a record of this game: named, and the game shown stays
    page.locator("summary", has_text="Save, share or load").click()
    page.get_by_test_id("play-load-text").fill('{"game": "gro", "moves": []}')
    page.get_by_test_id("play-load").click()
    expect(page.get_by_test_id("play-load-note")).to_contain_text("not pig")
    page.get_by_test_id("play-load-text").fill('{"game": "pig", "params": {"goal": 20}, "seed": 8, "moves": [{"act')
    page.get_by_test_id("play-load").click()
    expect(page.get_by_test_id("play-load-note")).to_contain_text("does not read")
    assert page.get_by_test_id("play-record").input_value() == in_progress
    page.get_by_test_id("play-load-text").fill(json.dumps(finished))
    page.get_by_test_id("play-load").click()
    expect(page.get_by_test_id("play-review")).to_have_attribute("data-ready", "true", timeout=TIMEOUT)


def test_a_reload_in_the_middle_of_a_game_loses_nothing(site, page):
    start(Tab(page, site), "game=gro&goal=30", 5, "Fixed Hold-At")
    for _ in range(3):
        assert my_move(page, 0)  # roll, roll, roll (or the game went on without a hold)
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    before = page.get_by_test_id("play-record").input_value()
    scores = page.get_by_test_id("play-scores").inner_text()
    page.reload()
    expect(page.get_by_test_id("play-board")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("play-scores")).to_have_text(scores)
    assert page.get_by_test_id("play-record").input_value() == before
    expect(page.get_by_test_id("play-opponent")).to_have_value("Fixed Hold-At")


def test_your_own_rule_as_the_opponent_and_a_corrupted_saved_game(site, page):
    """The computer plays a rule you write (refused with a message if it does not read); a saved
    game that is corrupted is named, and a new game starts."""
    start(Tab(page, site), "game=pig&goal=20", 3, "rule")
    expect(page.get_by_test_id("play-error")).to_contain_text("Write your rule")
    page.get_by_test_id("play-rule").fill("k <")
    page.get_by_test_id("play-new").click()
    expect(page.get_by_test_id("play-error")).to_contain_text("not 'optimal', a policy")
    page.get_by_test_id("play-rule").fill("k < 4")
    page.get_by_test_id("play-seat").select_option("1")  # the rule moves first
    page.get_by_test_id("play-new").click()
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    record = json.loads(page.get_by_test_id("play-record").input_value())
    assert record["players"] == ["Rule: k < 4", "You"] and record["moves"]
    (key,) = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('roll-or-hold:play:pig:'))")
    kept = page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(key)}))")
    assert kept["record"] == record
    kept["record"]["moves"][0] = {"action": "roll", "faces": [9]}
    page.evaluate(f"() => localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(kept))})")
    page.reload()
    expect(page.get_by_test_id("play-error")).to_contain_text("The saved game could not be read", timeout=TIMEOUT)
    expect(page.get_by_test_id("play-error")).to_contain_text("move 1 of the record does not fit")
    page.get_by_test_id("play-new").click()
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("play-error")).to_be_hidden()
