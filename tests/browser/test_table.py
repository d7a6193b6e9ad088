"""At the table (web/table-view.js): a game of Great Rolled Ones entered die by die, as two
people with real dice would, keeps the turn, the counters and the scores, shows the best move
with the API's numbers, undoes a step, survives a reload in the middle, ends with the right
scores and the review of both players; Zombie Dice rolls are entered colour and face; three
players of Pig advised by three-player Pig, four by the two-player game, said to be so."""

import json
import re

import pytest
from page_helpers import new_table_game, open_table_setup
from playwright.sync_api import expect

from pycore import api, find_game
from pycore.jeopardy.play.table_simulation import figure_words

TIMEOUT = 90_000
GAME = "#game=gro&goal=30&view=table"

# Ann: 6 5 3 2 6 (+5), 1 5 5 5 5 (+4, a 1 set aside), holds at 9; Bob: 1 1 1 4 4 busts;
# Ann: five rolls of +5, holds at 25: 34, past the goal; Bob's last turn: three 1s
ROLLS = [[6, 5, 3, 2, 6], [1, 5, 5, 5, 5], "hold", [1, 1, 1, 4, 4], *[[6, 6, 6, 6, 6]] * 5, "hold", [1, 1, 1, 2, 2]]


def enter(table, move):
    board = table.get_by_test_id("table-board")
    moves = board.get_attribute("data-moves")
    if move == "hold":
        table.get_by_test_id("table-hold").click()
    elif isinstance(move[0], str):  # faces by name (AYZD's one colour): die by die
        for n, face in enumerate(move):
            table.get_by_test_id(f"roll-face-{n}-{face}").click()
        table.get_by_test_id("roll-apply").click()
    else:
        single = not table.get_by_test_id("roll-apply").is_visible()  # one die: its face enters the roll
        for face in move:
            table.get_by_test_id(f"roll-pad-{face}").click()
        if not single:
            table.get_by_test_id("roll-apply").click()
    expect(board).not_to_have_attribute("data-moves", moves, timeout=TIMEOUT)


def test_a_game_entered_die_by_die_keeps_the_score_and_is_reviewed(site, page):
    page.goto(site + GAME)
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("table-new")).to_be_visible(timeout=TIMEOUT)
    table.get_by_test_id("table-name-0").fill("Ann")
    table.get_by_test_id("table-name-1").fill("Bob")
    table.get_by_test_id("table-coach").select_option("always")
    table.get_by_test_id("table-new").click()
    expect(table.get_by_test_id("table-turn")).to_contain_text("Ann to play", timeout=TIMEOUT)
    expect(table.get_by_test_id("table-hold")).to_have_count(0)  # nothing to bank before the first roll
    enter(table, ROLLS[0])
    expect(table.get_by_test_id("table-turn")).to_contain_text("Turn total: 5 · 1s set aside: 0")
    # the advice at every step: the API's values for this state
    advice = api.call("advise", {"game": "gro", "goal": 30, "state": {"p": 1, "i": 0, "j": 0, "k": 5, "o": 0}})
    expect(table.get_by_test_id("table-advice")).to_contain_text(f"Roll {100 * advice['values']['roll']:.2f}%")
    expect(table.get_by_test_id("table-advice")).to_contain_text(f"Best: {advice['best']}")
    # every move ranked best first with its chance, the chance this roll busts and the points this
    # turn, as the API gives them (what kcddice shows beside the chance)
    rows = table.get_by_test_id("action-row")
    ranked = sorted(((a, v) for a, v in advice["values"].items() if v is not None), key=lambda av: -av[1])
    expect(rows).to_have_count(len(ranked))
    for n, (action, value) in enumerate(ranked):
        row = rows.nth(n)
        assert row.get_attribute("data-action") == action and float(row.get_attribute("data-value")) == pytest.approx(value, abs=1e-12)
        outlook = advice["outlook"][action]
        expect(row).to_contain_text(f"{100 * value:.2f}%")
        expect(row).to_contain_text(f"{outlook['points']:.1f}" if action == "roll" else f"{outlook['points']:.0f}")
        if action == "roll":
            expect(row).to_contain_text(f"{100 * outlook['bust']:.1f}%")
    assert table.get_by_test_id("action-table").bounding_box()["width"] <= 320  # a phone's width, with room
    enter(table, [1, 5, 5, 5, 5])
    expect(table.get_by_test_id("table-turn")).to_contain_text("Turn total: 9 · 1s set aside: 1")
    expect(table.get_by_test_id("table-roll")).to_contain_text("Tap the 4 dice")
    # undo a step, and enter it again
    moves = table.get_by_test_id("table-board").get_attribute("data-moves")
    table.get_by_test_id("table-undo").click()
    expect(table.get_by_test_id("table-board")).not_to_have_attribute("data-moves", moves, timeout=TIMEOUT)
    expect(table.get_by_test_id("table-turn")).to_contain_text("Turn total: 5 · 1s set aside: 0")
    enter(table, [1, 5, 5, 5, 5])
    enter(table, "hold")
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 9 Bob 0")
    enter(table, ROLLS[3])
    expect(table.get_by_test_id("roll-note")).to_contain_text("No score this turn for Bob: Ann's turn.")
    # a reload in the middle loses nothing
    record = table.get_by_test_id("table-record").input_value()
    page.reload()
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 9 Bob 0", timeout=TIMEOUT)
    assert table.get_by_test_id("table-record").input_value() == record
    expect(table.get_by_test_id("table-coach")).to_have_value("always")
    for move in ROLLS[4:]:
        enter(table, move)
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 34 Bob 0")
    expect(table.get_by_test_id("table-turn")).to_have_text("Ann won.")
    review = page.get_by_test_id("play-review")
    expect(review).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    record = json.loads(table.get_by_test_id("table-record").input_value())
    assert record["seed"] is None and record["players"] == ["Ann", "Bob"] and len(record["moves"]) == 11
    expected = api.call("review", {"game": "gro", "record": record})
    assert expected["scores"] == [34, 0] and expected["winner"] == 0
    totals = review.get_by_test_id("play-total")
    shown = [float(totals.nth(s).get_attribute("data-total")) for s in (0, 1)]
    assert max(abs(a - b) for a, b in zip(shown, expected["total_cost"], strict=True)) < 1e-12 and shown[0] > 0.05  # Ann's hold at 9
    # what a player reads rightly: the costliest decision and the cost a decision on average (a
    # sum of losses, each at its own moment, read as an impossible chance)
    ann = [d for d in expected["decisions"] if d["player"] == 0]
    worst = max(ann, key=lambda d: d["cost"])
    expect(totals.nth(0)).to_contain_text(
        f"The costliest, move {worst['move']}, gave away {100 * worst['cost']:.2f} percentage points of winning chance at its moment; "
        f"a decision gave away {100 * expected['total_cost'][0] / len(ann):.2f} on average."
    )
    expect(totals.nth(0)).not_to_contain_text("in all")
    assert review.get_by_test_id("play-decision").count() == len(expected["decisions"])
    # a decision opens on the boundary, at its state
    review.locator("a[data-link=boundary]").first.click()
    expect(page.get_by_test_id("view-slice")).to_have_attribute("aria-pressed", "true", timeout=TIMEOUT)


def test_zombie_dice_rolls_are_entered_colour_and_face(shared_phone):
    table = new_table_game(shared_phone, "#game=zombie-dice&view=table", 2)
    for n, (colour, face) in enumerate([("G", "brain"), ("Y", "footprint"), ("R", "shotgun")]):
        table.get_by_test_id(f"roll-colour-{n}-{colour}").click()
        table.get_by_test_id(f"roll-face-{n}-{face}").click()
    table.get_by_test_id("roll-apply").click()
    expect(table.get_by_test_id("table-turn")).to_contain_text(
        "Brains this turn: 1 · Footprints in hand: Y · Brain dice set aside: G · Shotgun dice: R", timeout=TIMEOUT)
    # the yellow footprint is rolled again: its colour is fixed
    expect(table.get_by_test_id("table-roll")).to_contain_text("yellow, from your hand")
    table.get_by_test_id("table-advice-button").click()
    expect(table.get_by_test_id("table-advice")).to_contain_text("chance of winning", timeout=TIMEOUT)


def test_three_players_of_pig_at_the_table(site, page):
    """Three players: the head start goes (it is for two), each name is asked for, a bust
    passes the turn to the next seat, the advice is three-player Pig's (issue 36: every
    score, each player's chance after the best move, said to be exact), a reload keeps all
    three, and the review has a total for each player and the first player's curve. Four
    players are still advised by the two-player game against the strongest, said so."""
    page.goto(site + "#game=pig&goal=30&view=table")
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("table-new")).to_be_visible(timeout=TIMEOUT)
    table.get_by_test_id("table-count").select_option("3")
    expect(table.get_by_test_id("table-komi")).to_be_hidden()
    for seat, name in enumerate(["Ann", "Bob", "Ann"]):
        table.get_by_test_id(f"table-name-{seat}").fill(name)
    table.get_by_test_id("table-new").click()
    expect(table.get_by_test_id("table-error")).to_contain_text('"Ann" is there twice')
    table.get_by_test_id("table-name-2").fill("Cy")
    table.get_by_test_id("table-new").click()
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 0 Bob 0 Cy 0", timeout=TIMEOUT)
    expect(table.get_by_test_id("table-new")).to_be_hidden()  # the setup folds away during the game
    for move in [[6], [5], "hold", [1], [4], "hold"]:
        enter(table, move)
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 11 Bob 0 Cy 4")
    expect(table.get_by_test_id("table-turn")).to_contain_text("Ann to play")
    enter(table, [6])
    table.get_by_test_id("table-advice-button").click()
    # Ann's position in three-player Pig: her 11, then Bob's 0 (next), then Cy's 4
    advice = api.call("advise", {"game": "pig-3", "goal": 30, "state": {"i": 11, "j": 0, "l": 4, "k": 6}})
    shown = table.get_by_test_id("table-advice")
    expect(shown).to_contain_text(f"Roll {100 * advice['values']['roll']:.2f}%", timeout=TIMEOUT)
    after = advice["seat_values"][advice["best"]]
    expect(shown).to_contain_text(f"Ann {100 * after[0]:.2f}% · Bob {100 * after[1]:.2f}% · Cy {100 * after[2]:.2f}%")
    expect(table.get_by_test_id("table-advice-note")).to_have_text("Exact for 3 players: each plays for their own win.")
    page.reload()
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 11 Bob 0 Cy 4", timeout=TIMEOUT)
    expect(table.get_by_test_id("table-name-2")).to_have_value("Cy")
    for move in [[6], [6], [2], "hold"]:
        enter(table, move)
    expect(table.get_by_test_id("table-turn")).to_have_text("Ann won.")
    expect(table.get_by_test_id("table-new")).to_be_visible()  # and opens again for the next
    review = page.get_by_test_id("play-review")
    expect(review).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    record = json.loads(table.get_by_test_id("table-record").input_value())
    expected = api.call("review", {"game": "pig", "record": record})
    assert expected["scores"] == [31, 0, 4] and expected["winners"] == [0] and expected["valued_in"] == "pig-3"
    totals = review.get_by_test_id("play-total")
    expect(totals).to_have_count(3)
    assert [float(totals.nth(s).get_attribute("data-total")) for s in range(3)] == pytest.approx(expected["total_cost"], abs=1e-12)
    expect(review.get_by_test_id("review-two-player")).to_have_count(0)
    expect(review.locator(".play-curve")).to_have_count(1)
    expect(review.locator(".play-curve")).to_contain_text("Ann's chance of winning")
    # a decision opens its position in three-player Pig's advisor
    review.locator("a[data-link=advice]").first.click()
    expect(page).to_have_url(re.compile(r"#game=pig-3&goal=30&"), timeout=TIMEOUT)
    expect(page.get_by_test_id("input-l")).to_be_visible(timeout=TIMEOUT)
    # four players: no game of four, the two-player advice against the strongest, said so
    page.goto(site + "#game=pig&goal=30&view=table")
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("table-new")).to_be_visible(timeout=TIMEOUT)  # (the game kept is over)
    table.get_by_test_id("table-count").select_option("4")  # (the names typed are kept)
    table.get_by_test_id("table-new").click()
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 0 Bob 0 Cy 0 Player 4 0", timeout=TIMEOUT)
    enter(table, [6])
    table.get_by_test_id("table-advice-button").click()
    expect(table.get_by_test_id("table-advice-note")).to_contain_text(
        "Two-player advice: Ann against Bob (0), the strongest opponent; not optimal with 4 players", timeout=TIMEOUT)


def test_three_players_of_ayzd_play_on_to_a_tie_break_at_the_table(shared_phone):
    """All Yellow Zombie Dice to 3, three players (issue 36): Ann and Bob bank 3 brains, Cy 1;
    the two tied play on alone, the two-player game from the tie, and the advice says so."""
    table = new_table_game(shared_phone, "#game=ayzd&goal=3&bound=12&view=table", 3, names=("Ann", "Bob", "Cy"))
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 0 Bob 0 Cy 0", timeout=TIMEOUT)
    brains = ["brain"] * 3
    for move in [brains, "hold", brains, "hold"]:
        enter(table, move)
    table.get_by_test_id("table-advice-button").click()
    expect(table.get_by_test_id("table-advice-note")).to_have_text("Exact for 3 players: each plays for their own win.",
                                                                   timeout=TIMEOUT)
    for move in [["brain", "footprint", "shotgun"], "hold"]:
        enter(table, move)
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 3 Bob 3 Cy 1")
    expect(table.get_by_test_id("table-turn")).to_contain_text("Ann to play")
    enter(table, ["brain", "footprint", "footprint"])
    table.get_by_test_id("table-advice-button").click()
    advice = api.call("advise", {"game": "ayzd", "goal": 3, "bound": 12, "state": {"p": 1, "i": 3, "j": 3, "b": 1, "s": 0}})
    shown = table.get_by_test_id("table-advice")
    expect(shown).to_contain_text(f"Best: {advice['best']}", timeout=TIMEOUT)
    expect(shown).to_contain_text(f"Roll {100 * advice['values']['roll']:.2f}%")
    expect(table.get_by_test_id("table-advice-note")).to_have_text(
        "Exact: Ann and Bob play the tie-break on, the two-player game from the tie.")


def test_five_players_of_farkle_at_the_table_count_each_seats_zilches(shared_phone):
    """Issue 50: Farkle's default rules (500 points for three zilches in a row) at a table of
    five failed on every move. Ann banks 1,000 and everyone zilches twice round; Ann's second
    makes her two in a row, Bob's third costs him 500. Cy, two zilches in a row himself, is
    advised by the two-player game against Ann with her two, the API's figure, said so."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    table = new_table_game(shared_phone, "#game=farkle&view=table", 5, names=names)
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 0 Bob 0 Cy 0 Dee 0 Eve 0", timeout=TIMEOUT)
    enter(table, [1, 1, 1, 2, 3, 4])
    moves = table.get_by_test_id("table-board").get_attribute("data-moves")
    table.get_by_test_id("table-option").filter(has_text="keep 1 1 1 (+1000)").click()
    expect(table.get_by_test_id("table-board")).not_to_have_attribute("data-moves", moves, timeout=TIMEOUT)
    enter(table, "hold")
    zilch = [2, 3, 4, 6, 2, 3]  # nothing to set aside
    enter(table, zilch)
    expect(table.get_by_test_id("roll-note")).to_contain_text("No score this turn for Bob: Cy's turn.")
    for _ in range(3 + 5 + 2):  # Cy, Dee, Eve; everyone; Ann (two in a row) and Bob (his third)
        enter(table, zilch)
    expect(table.get_by_test_id("roll-note")).to_contain_text(
        "No score this turn for Bob, and 500 points lost as a penalty: Cy's turn.")
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 1000 Bob -500 Cy 0 Dee 0 Eve 0")
    expect(table.get_by_test_id("table-turn")).to_contain_text(
        "Cy to play. Your zilches in a row: 2 · Opponent's zilches in a row: 2")
    table.get_by_test_id("table-advice-button").click()
    advice = api.call("advise", {"game": "farkle-penalty", "state": "i=0,j=1000,z=2,zo=2,k=0,d=6"})
    shown = table.get_by_test_id("table-advice")
    expect(shown).to_contain_text(f"Roll {100 * advice['values']['roll']:.2f}%", timeout=TIMEOUT)
    expect(table.get_by_test_id("table-advice-note")).to_contain_text(
        "Two-player advice: Cy against Ann (1000), the strongest opponent; not optimal with 5 players")
    # the figure is named for what it is: a two-player chance is not Cy's chance of winning at five
    expect(shown).to_contain_text("(Cy's chance against Ann alone, in the two-player game)")
    expect(shown).not_to_contain_text("chance of winning")
    # beside it, what the stand-in was measured to give the third of five (the shipped figure)
    measured = figure_words(find_game("farkle"), 5, 2)
    assert measured["games"] == 10_000 and 0.1 < measured["chance"] < 0.3
    expect(table.get_by_test_id("table-measured")).to_have_text(measured["text"])
    record = json.loads(table.get_by_test_id("table-record").input_value())
    at = api.call("move", {"game": "farkle", "record": record})["position"]
    assert (at["scores"], at["counters"]) == ([1000, -500, 0, 0, 0], {"z": [2, 0, 2, 2, 2]})


def test_the_players_stay_when_the_rules_change(site, shared_phone):
    """Farkle's rule set changed at the table set the table back to two players named Player 1
    and Player 2."""
    page = shared_phone.open("#game=farkle&view=table")
    table = page.get_by_test_id("table")
    open_table_setup(table)
    table.get_by_test_id("table-count").select_option("4")
    names = ["Ann", "Bob", "Cy", "Dee"]
    for seat, name in enumerate(names):
        table.get_by_test_id(f"table-name-{seat}").fill(name)
    page.get_by_test_id("param-rules").select_option("basic")
    expect(page).to_have_url(re.compile("rules=basic"), timeout=TIMEOUT)
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("table-count")).to_have_value("4", timeout=TIMEOUT)
    for seat, name in enumerate(names):
        expect(table.get_by_test_id(f"table-name-{seat}")).to_have_value(name)


def test_the_advice_at_every_step_is_in_view_after_a_roll_on_a_phone(site, shared_phone):
    """Three players of All Yellow Zombie Dice advised at every step: after a roll the "Best:"
    line was at y = 838-918 of a 740-px screen, under the roll entry and the buttons; later,
    scrolled to the screen's bottom edge, a fraction of a pixel of it stayed cut off."""
    table = new_table_game(shared_phone, "#game=ayzd&view=table", 3, coach="always")
    enter(table, ["brain", "footprint", "shotgun"])
    advice = table.get_by_test_id("table-advice")
    expect(advice).to_contain_text("Best:", timeout=TIMEOUT)
    expect(advice).to_be_in_viewport(ratio=1)


def test_a_roll_that_ended_a_turn_is_said_to_be_the_last_players(site, shared_phone):
    """"Last roll" at the next turn's start showed the bust as if the next player had rolled it."""
    table = new_table_game(shared_phone, "#game=pig&goal=30&view=table", 2, names=("Ann", "Bob"))
    expect(table.get_by_test_id("table-scores")).to_have_text("Ann 0 Bob 0")
    enter(table, [6])
    expect(table.get_by_test_id("table-faces")).to_contain_text("Last roll:")
    enter(table, [1])
    expect(table.get_by_test_id("table-turn")).to_contain_text("Bob to play")
    expect(table.get_by_test_id("table-faces")).to_contain_text("Ann's last roll:")


def test_a_rolls_set_asides_are_ranked_on_their_buttons_when_advised(site, shared_phone):
    """Farkle at the table, advised at every step: the set-asides were buttons in the rules'
    order, with the ranking in a grey line below them."""
    table = new_table_game(shared_phone, "#game=farkle&rules=basic&view=table", 2, coach="always")
    enter(table, [1, 5, 2, 2, 3, 4])  # keep the 1, the 5, or both
    buttons = table.get_by_test_id("table-option")
    expect(buttons.first).to_have_class(re.compile("best-option"), timeout=TIMEOUT)
    texts = buttons.all_inner_texts()
    assert len(texts) >= 3 and texts[0].startswith("Best: ") and all("%" in t for t in texts)
    chances = [float(re.search(r"([\d.]+)%", t).group(1)) for t in texts]
    assert chances == sorted(chances, reverse=True)
    expect(table.get_by_test_id("table-advice")).to_contain_text(texts[0].removeprefix("Best: ").split(" · ")[0])
    buttons.first.click()  # the best, taken: the turn goes on
    expect(table.get_by_test_id("table-hold")).to_be_visible(timeout=TIMEOUT)


def test_five_players_of_pig_see_the_stand_ins_measured_figure_on_a_phone(site, shared_phone, artifacts):
    """A table of five (no exact game of five): beside the two-player advice, the shipped
    simulated figure of a table of five, as Python words it for the mover's seat, in view
    on a 360x740 phone with the advice, axe clean."""
    from axe_playwright_python.sync_playwright import Axe

    from pycore import find_game
    from pycore.jeopardy.play.table_simulation import figure_words

    table = new_table_game(shared_phone, "#game=pig&view=table", 5, coach="always", names=("Ann", "Bob"))
    said = figure_words(find_game("pig"), 5, 0)
    assert said is not None and "simulated games" in said["text"]
    measured = table.get_by_test_id("table-measured")
    expect(measured).to_have_text(said["text"], timeout=TIMEOUT)
    expect(table.get_by_test_id("table-advice-note")).to_contain_text("Two-player advice: Ann against Bob")
    expect(measured).to_be_in_viewport(ratio=1)
    expect(table.get_by_test_id("table-advice")).to_contain_text("Best:")
    page = table.page
    page.screenshot(path=str(artifacts / "phone-table-five-measured.png"))
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}})
    assert [v["id"] for v in results.response["violations"]] == []
    # the next seat's figure after Ann's roll of 1 (Bob to play)
    enter(table, [1])
    expect(measured).to_have_text(figure_words(find_game("pig"), 5, 1)["text"], timeout=TIMEOUT)
