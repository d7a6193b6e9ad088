"""Yahtzee in the browser: advice equals the command line, links, tap-to-enter, play, review, histogram."""

import json
import re

import pytest
from commands import cli_review
from playwright.sync_api import expect

from pycore import api

TIMEOUT = 90_000
ADVICE = "[data-testid=yahtzee-advice]"

POSITIONS = [
    {"joker": "forced", "scorecard": "", "dice": "13356", "rolls_left": 2},
    {"joker": "free", "scorecard": "1s:3,fh:25,y:50", "dice": "44444", "rolls_left": 0},
    {"joker": "none", "scorecard": "1s:2,2s:6,3k:17,ch:21", "dice": "12345", "rolls_left": 1},
    {"joker": "forced", "scorecard": "3s:9,4s:12", "dice": None, "rolls_left": 3},
]


def wait_for_expected(page, value):
    """Wait until the answer is ready and shows ``value`` (to 1e-9: WebAssembly numpy may differ
    from CPython's in the last bits)."""
    page.wait_for_function(
        """value => {
            const panel = document.querySelector('[data-testid=yahtzee-advice]');
            return panel && panel.dataset.ready === 'true' && Math.abs(Number(panel.dataset.expected) - value) < 1e-9;
        }""",
        arg=value,
        timeout=TIMEOUT,
    )
    return page.locator(ADVICE)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p['joker']}-{p['dice']}-{p['rolls_left']}")
def test_page_gives_the_cli_numbers(shared_phone, position, artifacts):
    args = {"game": "yahtzee", **{k: v for k, v in position.items() if v is not None}}
    expected = api.call("advise", args)
    page = shared_phone.open(expected["fragment"])
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    # WebAssembly numpy may differ from CPython's in the last bits
    assert float(panel.get_attribute("data-expected")) == pytest.approx(expected["expected_final"], abs=1e-9)
    if expected["best"] is None:
        assert panel.get_attribute("data-best") == ""
        return
    kind = expected["best_kind"]
    best = "".join(map(str, expected["best"]["keep"])) if kind == "keep" else expected["best"]["box"]
    assert panel.get_attribute("data-best") == f"{kind}:{best}"
    rows = panel.get_by_test_id("option")
    assert rows.count() == len(expected["keeps"]) + len(expected["boxes"])
    shown = sorted(float(rows.nth(i).get_attribute("data-value")) for i in range(rows.count()))
    wanted = sorted(o["expected_final"] for o in expected["keeps"] + expected["boxes"])
    assert shown == pytest.approx(wanted, abs=1e-9)
    name = f"yahtzee-advisor-{position['joker']}-{position['dice']}.png"
    page.screenshot(path=str(artifacts / name), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling on a phone


def test_entering_a_position_by_taps_updates_the_link(site, shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=forced")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("box-fh").select_option("25")
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced&card=fh:25", timeout=TIMEOUT)
    page.get_by_test_id("dice-text").fill("66612")
    page.get_by_test_id("dice-text").press("Enter")
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced&card=fh:25&dice=12666&rolls=2", timeout=TIMEOUT)
    page.get_by_test_id("dice-0").click()  # a tap steps the first die's face: 1 -> 2
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced&card=fh:25&dice=22666&rolls=2", timeout=TIMEOUT)
    expected = api.call(
        "advise", {"game": "yahtzee", "joker": "forced", "scorecard": "fh:25", "dice": "22666", "rolls_left": 2}
    )
    wait_for_expected(page, expected["expected_final"])
    # a fresh page opened from the link shows the same position and numbers
    other = page.context.new_page()
    other.goto(page.url)
    wait_for_expected(other, expected["expected_final"])
    other.close()


def test_bad_links_say_what_was_wrong_and_still_advise(site, shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=wild&card=2s:3&dice=12&rolls=9")
    message = page.get_by_test_id("link-message")
    expect(message).to_be_visible(timeout=TIMEOUT)
    expect(message).to_contain_text("joker must be one of")
    expect(message).to_contain_text("Twos cannot score 3")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced", timeout=TIMEOUT)


def dice_in_play(page):
    return [page.get_by_test_id(f"play-dice-{i}").get_attribute("data-value") for i in range(5)]


def test_play_a_whole_game_and_review_it(site, page, artifacts, tmp_path):
    """A whole game with the page's seeded dice: kept dice stay in place, a reload in the middle
    loses nothing, the review's costs are the command line's for the game's record, and its
    link replays the same game (putting a game in progress aside, to be restored)."""
    page.goto(site + "#game=yahtzee&joker=forced")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("yz-tab-play").click()
    play = page.get_by_test_id("play")
    for turn in range(1, 14):
        expect(play).to_have_attribute("data-turn", str(turn), timeout=TIMEOUT)
        page.get_by_test_id("play-roll").click()
        expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
        if turn == 1:
            page.get_by_test_id("play-hint").click()
            expect(page.get_by_test_id("play-hint-text")).to_contain_text("Best:", timeout=TIMEOUT)
            for die in range(5):  # keep the first and third dice only
                if (page.get_by_test_id(f"play-dice-{die}").get_attribute("aria-pressed") == "true") != (die in (0, 2)):
                    page.get_by_test_id(f"play-dice-{die}").click()
            before = dice_in_play(page)
            page.get_by_test_id("play-roll").click()
            expect(play).to_have_attribute("data-rolls-left", "1", timeout=TIMEOUT)
            after = dice_in_play(page)
            assert after[0] == before[0] and after[2] == before[2]
            page.reload()  # in the middle of a turn: the dice and the card come back as they were
            expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
            page.get_by_test_id("yz-tab-play").click()
            expect(play).to_have_attribute("data-rolls-left", "1", timeout=TIMEOUT)
            assert dice_in_play(page) == after
        boxes = page.get_by_test_id("play-boxes").locator("button")
        expect(boxes.first).to_be_visible(timeout=TIMEOUT)
        boxes.first.click()  # not always the best: the review must price it
    review = page.get_by_test_id("play-review")
    expect(review).to_be_visible(timeout=TIMEOUT)
    expect(review).to_contain_text("Game over")
    rows = review.get_by_test_id("play-decision")
    expect(rows).to_have_count(14)  # 13 boxes and the one keep
    page.get_by_text("Save, share or load a game").click()
    record = json.loads(page.get_by_test_id("play-record").input_value())
    assert record["seed"] is not None and len(record["moves"]) == 27 and record["moves"][1]["keep"] == sorted(
        int(before[i]) for i in (0, 2))
    # the costs are the command line's review of the same record
    expected = cli_review(record, tmp_path)
    costs = [float(rows.nth(n).get_attribute("data-cost")) for n in range(14)]
    assert costs == pytest.approx([d["cost"] for d in expected["decisions"]], abs=1e-9)
    assert float(review.get_attribute("data-total-loss")) == pytest.approx(expected["total_cost"], abs=1e-9)
    expect(review.locator("h3")).to_have_text(f"Game over: {expected['score']} points")
    expect(page.get_by_test_id("review-summary")).to_contain_text(f"({expected['mistakes']} of 14 choices were not the best)")
    assert expected["mistakes"] == review.locator("tbody tr.mistake").count()
    # the course of the game: the expected final score before each move, then the score made
    curve = [float(v) for v in review.get_by_test_id("play-curve").get_attribute("data-values").split()]
    assert curve == pytest.approx(expected["curve"], abs=1e-9) and len(curve) == 28 and curve[-1] == expected["score"]
    page.screenshot(path=str(artifacts / "yahtzee-review.png"), full_page=True)
    # the game's link replays it: a new game in progress is put aside, and restored with one tap
    page.get_by_test_id("play-new").click()
    expect(play).to_have_attribute("data-turn", "1", timeout=TIMEOUT)
    page.get_by_test_id("play-roll").click()
    expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
    fresh = dice_in_play(page)
    page.goto(site + expected["share"])
    expect(review.locator("h3")).to_have_text(f"Game over: {expected['score']} points", timeout=TIMEOUT)
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced&view=play", timeout=TIMEOUT)
    assert [float(rows.nth(n).get_attribute("data-cost")) for n in range(14)] == costs
    expect(page.get_by_test_id("play-aside")).to_be_visible()
    page.get_by_test_id("play-restore").click()
    expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
    expect(review).to_be_hidden()
    assert dice_in_play(page) == fresh
    # each choice opens its position in the advisor: the box of turn 1 (chosen with one roll left)
    page.goto(site + expected["share"])
    links = review.locator("a[data-link=advice]")
    expect(links).to_have_count(14, timeout=TIMEOUT)
    link = links.nth(1).get_attribute("href")
    assert "rolls=1" in link and "card=" not in link
    links.nth(1).click()
    expect(page.get_by_test_id("yz-tab-advisor")).to_have_attribute("aria-pressed", "true", timeout=TIMEOUT)
    expect(page).to_have_url(site + link, timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)


def test_a_pasted_record_that_does_not_replay_is_named_and_the_game_goes_on(site, page):
    page.goto(site + "#game=yahtzee&joker=forced&view=play")
    play = page.get_by_test_id("play")
    expect(play).to_have_attribute("data-turn", "1", timeout=TIMEOUT)
    page.get_by_test_id("play-roll").click()
    expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
    dice = dice_in_play(page)
    page.get_by_text("Save, share or load a game").click()
    bad = {"game": "yahtzee", "params": {"joker": "forced"}, "seed": 1,
           "moves": [{"action": "roll", "faces": [1, 2, 3, 4, 6]}, {"action": "box", "box": "zz"}]}
    page.get_by_test_id("play-load-text").fill(json.dumps(bad))
    page.get_by_test_id("play-load").click()
    note = page.get_by_test_id("play-load-note")
    expect(note).to_contain_text("could not be loaded: move 2 of the record does not fit: yahtzee has no box 'zz'",
                                 timeout=TIMEOUT)
    expect(note).to_contain_text("Nothing was changed.")
    assert dice_in_play(page) == dice and play.get_attribute("data-rolls-left") == "2"
    # a damaged link says so and opens the game in progress
    page.goto(site + "#game=yahtzee&joker=forced&view=play&record=abcdef")
    expect(page.get_by_test_id("link-message")).to_contain_text("damaged", timeout=TIMEOUT)
    expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
    assert dice_in_play(page) == dice


def test_histogram_shows_the_exact_distribution(shared_phone, artifacts):
    """The score distribution's tab shows the exact distribution; the tab is in the link (the
    rule set's: view=distribution), stays open when the joker rule changes, and a link that
    names no tab opens the advisor, whatever tab was open before."""
    page = shared_phone.open("#game=yahtzee&joker=free")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("yz-tab-distribution").click()
    histogram = page.get_by_test_id("histogram")
    expect(histogram).to_be_visible(timeout=TIMEOUT)
    expect(page).to_have_url(re.compile(r"#game=yahtzee&joker=free&view=distribution$"))
    expected = api.call("distribution", {"game": "yahtzee", "joker": "free"})
    assert float(histogram.get_attribute("data-mean")) == pytest.approx(expected["mean"], abs=1e-9)
    assert round(float(histogram.get_attribute("data-mean")), 4) == 254.5896
    assert histogram.locator("rect").count() > 20
    page.get_by_test_id("param-joker").select_option("forced")  # the rule set with the offline target curve
    expect(page.get_by_test_id("target-curve")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("target-curve")).to_contain_text("300")
    beat = page.get_by_test_id("beat-optimal")  # and the offline chance of beating an optimal player
    shown = api.call("distribution", {"game": "yahtzee", "joker": "forced"})["beat_optimal"]
    assert float(beat.get_attribute("data-p-win")) == pytest.approx(shown["p_win_playing_to_win"], abs=1e-12)
    expect(beat).to_contain_text(f"{100 * shown['p_win_playing_to_win']:.2f}%")
    expect(page).to_have_url(re.compile(r"#game=yahtzee&joker=forced&view=distribution$"))
    page.screenshot(path=str(artifacts / "yahtzee-histogram.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling on a phone
    page = shared_phone.open("#game=yahtzee&joker=forced&card=1s:3")
    expect(page.get_by_test_id("yz-tab-advisor")).to_have_attribute("aria-pressed", "true")
    expect(histogram).to_be_hidden()
    expect(page.locator(ADVICE)).to_be_visible()


def test_target_play_in_the_page(site, shared_phone):
    card = "1s:3,2s:6,3s:9,4s:12,3k:20,4k:0,fh:25,ss:30,y:0"
    expected = api.call(
        "advise",
        {"game": "yahtzee", "joker": "forced", "scorecard": card, "dice": "55662", "rolls_left": 2, "target": 200},
    )
    page = shared_phone.open(expected["fragment"])
    result = page.get_by_test_id("target-result")
    expect(result).to_be_visible(timeout=TIMEOUT)
    assert float(result.get_attribute("data-p-reach")) == pytest.approx(expected["target"]["p_reach"], abs=1e-9)
    expect(result).to_contain_text("keep 66")
    # clearing the target drops it from the link
    page.get_by_test_id("target").fill("")
    page.get_by_test_id("target").press("Enter")
    expect(page).to_have_url(site + expected["fragment"].replace("&target=200", ""), timeout=TIMEOUT)
    expect(page.get_by_test_id("target-result")).to_have_count(0, timeout=TIMEOUT)


def test_switching_the_joker_rule_keeps_the_position(site, shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=forced&card=1s:3,y:50&dice=44444&rolls=0")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("param-joker").select_option("free")
    expect(page).to_have_url(site + "#game=yahtzee&joker=free&card=1s:3,y:50&dice=44444&rolls=0", timeout=TIMEOUT)
    expected = api.call(
        "advise", {"game": "yahtzee", "joker": "free", "scorecard": "1s:3,y:50", "dice": "44444", "rolls_left": 0}
    )
    wait_for_expected(page, expected["expected_final"])
    expect(page.get_by_test_id("link-message")).to_be_hidden()
    page.get_by_test_id("game-select").select_option("pig")
    expect(page.get_by_test_id("advice")).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.get_by_test_id("link-message")).to_be_hidden()


def test_yahtzee_works_offline_after_one_visit(site, browser):
    context = browser.new_context()
    page = context.new_page()
    page.goto(site + "#game=yahtzee&joker=none&dice=13356&rolls=2")
    expect(page.get_by_test_id("sw-message")).to_contain_text("Ready to work offline", timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.evaluate("navigator.serviceWorker.ready")
    context.set_offline(True)
    # a rule set never opened online: its table comes from the service worker's cache
    page.evaluate("h => { location.hash = h }", "#game=yahtzee&joker=free&dice=13356&rolls=2")
    expected = api.call("advise", {"game": "yahtzee", "joker": "free", "dice": "13356", "rolls_left": 2})
    wait_for_expected(page, expected["expected_final"])
    context.close()


def test_filling_the_last_box_shows_the_final_score(site, shared_phone):
    """The 13th box filled in the scorecard editor: the card stays, with its final score."""
    twelve = "1s:3,2s:6,3s:9,4s:12,5s:15,6s:18,3k:20,4k:0,fh:25,ss:30,ls:40,y:0"
    page = shared_phone.open(f"#game=yahtzee&joker=forced&card={twelve}")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("box-ch").select_option("22")
    expect(page.get_by_test_id("yz-verdict")).to_have_text("Game over: 235 points", timeout=TIMEOUT)
    expect(page).to_have_url(site + f"#game=yahtzee&joker=forced&card={twelve.replace(',y:0', ',ch:22,y:0')}")
    expect(page.get_by_test_id("link-message")).to_be_hidden()
    expect(page.get_by_test_id("box-fh")).to_have_value("25")


def test_a_refused_bonus_count_keeps_the_filled_boxes(site, shared_phone):
    six = "1s:3,2s:6,3s:9,4s:12,5s:15,6s:18"
    page = shared_phone.open(f"#game=yahtzee&joker=forced&card={six}")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("box-yb").fill("1")
    page.get_by_test_id("box-yb").dispatch_event("change")
    expect(page.get_by_test_id("link-message")).to_contain_text("'yb:1' left out", timeout=TIMEOUT)
    expect(page).to_have_url(site + f"#game=yahtzee&joker=forced&card={six}")
    expect(page.get_by_test_id("box-6s")).to_have_value("18")
    expect(page.get_by_test_id("box-yb")).to_have_value("0")


def test_rolls_left_chosen_before_the_dice_is_kept_and_the_dice_asked_for(site, shared_phone):
    """Choosing "Rolls left" at a turn's start sent five blank dice: "That link needed fixing:
    dice '00000'…", and the choice snapped back to the start of the turn."""
    page = shared_phone.open("#game=yahtzee&joker=forced&card=fh:25")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.get_by_test_id("rolls-left").select_option("1")
    expect(page.get_by_test_id("note-dice")).to_contain_text("Now the dice")
    expect(page.get_by_test_id("rolls-left")).to_have_value("1")
    expect(page.get_by_test_id("link-message")).to_be_hidden()
    page.get_by_test_id("dice-text").fill("66612")
    page.get_by_test_id("dice-text").press("Enter")
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced&card=fh:25&dice=12666&rolls=1", timeout=TIMEOUT)
    expected = api.call("advise", {"game": "yahtzee", "joker": "forced", "scorecard": "fh:25", "dice": "12666",
                                   "rolls_left": 1})
    wait_for_expected(page, expected["expected_final"])
    expect(page.get_by_test_id("link-message")).to_be_hidden()
