"""Whole games of three against the computer in the page (issue 54): Pig for three played on a
phone to its end with you in two seats (every score with whose turn it is, the turn's counters,
your chance, the coach, the hint with every seat's chance; the review as the command line's),
axe clean in light and dark; and AYZD for three opened from a link at its tie-break of two,
played on to its end."""

import json

from axe_playwright_python.sync_playwright import Axe
from commands import cli_review
from page_helpers import READY, my_move, open_play_setup
from playwright.sync_api import expect

from pycore import api, find_game
from pycore.core.play import Record, walk
from pycore.jeopardy.play.match import RULES

TIMEOUT = 120_000
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_violations(page) -> list:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}})
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]]


def in_view(locator) -> bool:
    return locator.evaluate("(e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")


def review_is_the_command_lines(page, record, tmp_path, yours):
    """The review shown: your seats' totals and every decision's cost are the command line's."""
    expect(page.get_by_test_id("play-review")).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expected = cli_review(record, tmp_path)
    for seat in yours:
        shown = page.locator(f"[data-testid=play-total][data-seat='{seat}']")
        assert abs(float(shown.get_attribute("data-total")) - expected["total_cost"][seat]) < 1e-12
    rows = page.get_by_test_id("play-decision")
    assert rows.count() == len(expected["decisions"])
    costs = [float(c) for c in rows.evaluate_all("rs => rs.map(r => r.dataset.cost)")]
    assert max(abs(a - d["cost"]) for a, d in zip(costs, expected["decisions"], strict=True)) < 1e-12
    return expected


def test_a_game_of_three_on_a_phone_to_its_end_with_the_review(shared_phone, tmp_path):
    page = shared_phone.open("#game=pig-3&goal=20&turns=60&view=play")
    open_play_setup(page)
    expect(page.get_by_test_id("play-opponent").locator("option")).not_to_have_count(1, timeout=TIMEOUT)
    seats = page.get_by_test_id("play-seat").locator("option")
    assert seats.all_inner_texts() == ["first", "second", "third", "first and second", "first and third", "second and third"]
    expect(page.get_by_test_id("play-komi")).to_be_hidden()  # (no head start of one number for three)
    page.get_by_test_id("play-seed").fill("21")
    page.get_by_test_id("play-pace").select_option("fast")
    page.get_by_test_id("play-seat").select_option("0,2")
    page.get_by_test_id("play-coach").check()
    page.get_by_test_id("play-new").click()
    board = page.get_by_test_id("play-board")
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    # your first turn: the three scores (whose turn marked), the turn's counters, the buttons and
    # your chance, on the phone's screen without scrolling
    scores = page.get_by_test_id("play-scores").locator("span")
    expect(scores).to_have_count(3)
    assert scores.all_inner_texts() == ["You (1st) 0", "Optimal (2nd) 0", "You (3rd) 0"]
    expect(page.locator("[data-testid=play-scores] .to-move")).to_have_attribute("data-seat", "0")
    expect(page.get_by_test_id("play-status")).to_have_text("Your turn (first seat).")
    expect(page.get_by_test_id("play-turn")).to_have_text("Turn total: 0")
    for part in ("play-scores", "play-turn", "play-roll"):
        assert in_view(page.get_by_test_id(part)), part
    expect(page.get_by_test_id("play-chance-value")).to_be_visible(timeout=TIMEOUT)
    start = api.call("advise", {"game": "pig-3", "goal": 20, "turns": 60, "state": "i=0,j=0,l=0,k=0"})["seat_values"]["roll"]
    expect(page.get_by_test_id("play-chance-value")).to_have_text(f"{100 * (start[0] + start[2]):.2f}%")
    # the hint: the best move and every seat's chance after it, named from the mover
    page.get_by_test_id("play-hint").click()
    expect(page.get_by_test_id("play-hints")).to_contain_text("After rolling: You (1st)", timeout=TIMEOUT)
    expect(page.get_by_test_id("play-hints")).to_contain_text("Optimal (2nd)")
    n = 0
    while my_move(page, n):
        if n == 0:
            expect(page.get_by_test_id("play-coach-says")).to_contain_text("Coach:", timeout=TIMEOUT)
        n += 1
    assert board.get_attribute("data-over") == "true"
    record = json.loads(page.get_by_test_id("play-record").input_value())
    assert record["game"] == "pig-3" and record["seed"] == 21 and record["players"] == ["You", "Optimal", "You"]
    expected = review_is_the_command_lines(page, record, tmp_path, (0, 2))
    winner = expected["winners"][0]
    said = {0: "You (1st) won.", 1: "The computer won (second seat).", 2: "You (3rd) won."}[winner]
    expect(page.get_by_test_id("play-status")).to_have_text(said)
    expect(page.get_by_test_id("play-total")).to_have_count(2)
    # the record replays: the engine's position at its end is the game's
    assert api.call("move", {"game": "pig-3", "goal": 20, "turns": 60, "record": record})["position"]["scores"] == expected["scores"]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_violations(page) == [], scheme


def test_a_tie_break_of_two_in_ayzd_for_three_opened_from_a_link_plays_on(shared_phone, tmp_path):
    """AYZD for three to 3, seed 58 (the API's game): the first two seats tie at the top. The
    record up to the tie-break, you in the first seat, opens from its link: the board says who
    plays on, the hint is the two-player game's, and you play it to its end; the review is
    the command line's."""
    ayzd = {"goal": 3, "bound": 12}
    played = api.call("play", {"game": "ayzd-3", **ayzd, "seed": 58, "policy": "b < 2"})["record"]
    game = find_game("ayzd-3", **ayzd)
    tie = next(n for n, at, _, _ in walk(RULES, game, Record.from_json(played, RULES)) if at.game.name == "ayzd")
    record = {**played, "players": ["You", "Optimal", "Optimal"], "moves": played["moves"][:tie - 1]}
    share = api.call("move", {"game": "ayzd-3", **ayzd, "record": record})["share"]
    page = shared_phone.open(share)
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("play-status")).to_contain_text("Tie-break: You and Optimal (2nd) play on.", timeout=TIMEOUT)
    expect(page.get_by_test_id("play-turn")).to_contain_text("Brains this turn")
    if page.get_by_test_id("play-hint").count():
        page.get_by_test_id("play-hint").click()
        expect(page.get_by_test_id("play-hints")).to_contain_text("Best:", timeout=TIMEOUT)
    n = 0
    while my_move(page, n):
        n += 1
    finished = json.loads(page.get_by_test_id("play-record").input_value())
    assert finished["moves"][: tie - 1] == record["moves"] and len(finished["moves"]) >= tie
    expected = review_is_the_command_lines(page, finished, tmp_path, (0,))
    assert expected["winners"] in ([0], [1])
    assert any(d["move"] >= tie and set(d["state"]) == {"p", "i", "j", "b", "s"} for d in expected["decisions"])
