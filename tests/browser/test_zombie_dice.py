"""Full Zombie Dice in the page: advice from the shipped table, the turn swept in the page,
typed dice checked beside their field, and only the views the game has."""

import pytest
from playwright.sync_api import expect

from pycore import api

ADVICE = "[data-testid=advice]"
TIMEOUT = 90_000
STATE = "p=1,i=5,j=8,b=3,fp=GY,br=GGR,sg=R"


def test_the_page_gives_the_engine_numbers_and_checks_typed_dice(site, shared_phone):
    expected = api.call("advise", {"game": "zombie-dice", "state": STATE})
    page = shared_phone.open(expected["link"])
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert panel.get_attribute("data-best") == expected["best"] == "roll"
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(expected["values"]["roll"], abs=1e-12)
    assert float(panel.get_attribute("data-p-hold")) == pytest.approx(expected["values"]["hold"], abs=1e-12)
    moves = panel.get_by_role("table")
    expect(moves.get_by_role("row", name="Roll")).to_contain_text("16.7%")  # the chance this roll busts
    expect(moves.get_by_role("columnheader", name="Brains this turn")).to_be_visible()
    # the views this game has, and only those
    expect(page.get_by_test_id("view-strategies")).to_be_visible()
    expect(page.get_by_test_id("view-thresholds")).to_be_visible()
    expect(page.get_by_test_id("view-slice")).to_be_hidden()
    expect(page.get_by_test_id("view-solid")).to_be_hidden()

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


def test_a_link_to_a_view_the_game_lacks_opens_the_advice_and_says_so(shared_phone):
    page = shared_phone.open("#game=zombie-dice&p=2&i=10&j=14&b=3&br=GGY&view=slice&axis=b")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.get_by_test_id("link-message")).to_contain_text("Zombie Dice has no Boundary 2-D view yet (its views: Advice, When to hold")
    expect(page.locator(ADVICE)).to_have_attribute("data-best", "roll")  # holding at 13 against 14 loses


def test_a_roll_entered_die_by_die_moves_the_position_on(site, shared_phone):
    """Footprints G and Y in hand are rolled again (their colours fixed); the third die is
    drawn: red. Y brain, G footprint, R footprint -> b 4, fp GR, br GGYR."""
    expected = api.call("advise", {"game": "zombie-dice", "state": STATE})
    page = shared_phone.open(expected["link"])
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    entry = page.get_by_test_id("roll-entry")
    expect(entry).to_contain_text("green, from your hand")
    expect(page.get_by_test_id("roll-colour-0-G")).to_have_count(0)  # the hand's colours are not asked
    apply = page.get_by_test_id("roll-apply")
    expect(apply).to_be_disabled()
    page.get_by_test_id("roll-face-0-footprint").click()
    page.get_by_test_id("roll-face-1-brain").click()
    page.get_by_test_id("roll-colour-2-R").click()
    page.get_by_test_id("roll-face-2-footprint").click()
    expect(page.get_by_test_id("roll-face-2-footprint")).to_have_attribute("aria-pressed", "true")
    apply.click()
    after = api.call("roll", {"game": "zombie-dice", "state": STATE,
                              "faces": [["G", "footprint"], ["Y", "brain"], ["R", "footprint"]]})["state"]
    assert after == {"p": 1, "i": 5, "j": 8, "b": 4, "fp": "GR", "br": "GGYR", "sg": "R"}
    moved = api.call("advise", {"game": "zombie-dice", "state": after})
    expect(page).to_have_url(site + moved["link"], timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-p-roll", str(moved["values"]["roll"]), timeout=TIMEOUT)
    expect(page.get_by_test_id("input-fp")).to_have_value("GR")

    # two more shotguns: the turn is over and the other player moves
    page.get_by_test_id("roll-face-0-shotgun").click()
    page.get_by_test_id("roll-face-1-shotgun").click()
    page.get_by_test_id("roll-colour-2-Y").click()
    page.get_by_test_id("roll-face-2-brain").click()
    page.get_by_test_id("roll-apply").click()
    expect(page.get_by_test_id("roll-note")).to_contain_text(
        "That roll busts: the turn scores nothing. Player 2 moves now, so the scores change sides: "
        "“Your score” now shows theirs (8), “Opponent's score” yours (5).",
        timeout=TIMEOUT,
    )
    next_turn = api.call("link", {"game": "zombie-dice", "state": "p=2,i=8,j=5"})["fragment"]
    expect(page).to_have_url(site + next_turn, timeout=TIMEOUT)


def test_the_roll_entry_offers_only_dice_the_cup_still_holds(site, shared_phone):
    """Issue 33: with all three reds set aside no die drawn can be red: the red buttons are off
    (before, a fourth red die could be entered and was refused in state syntax)."""
    page = shared_phone.open("#game=zombie-dice&p=1&i=0&j=0&b=3&br=RRR")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    for n in range(3):
        expect(page.get_by_test_id(f"roll-colour-{n}-R")).to_be_disabled(timeout=TIMEOUT)
        expect(page.get_by_test_id(f"roll-colour-{n}-Y")).to_be_enabled()
    # three yellows can be drawn (4 in the cup), a fourth die would be one too many: after two
    # yellow dice the third may still be yellow, never a fourth
    for n in range(2):
        page.get_by_test_id(f"roll-colour-{n}-Y").click()
    expect(page.get_by_test_id("roll-colour-2-Y")).to_be_enabled()
    for n, face in enumerate(("brain", "footprint")):
        page.get_by_test_id(f"roll-face-{n}-{face}").click()
    page.get_by_test_id("roll-colour-2-G").click()
    page.get_by_test_id("roll-face-2-shotgun").click()
    page.get_by_test_id("roll-apply").click()
    after = api.call("roll", {"game": "zombie-dice", "state": "p=1,i=0,j=0,b=3,br=RRR",
                              "faces": [["Y", "brain"], ["Y", "footprint"], ["G", "shotgun"]]})["state"]
    moved = api.call("advise", {"game": "zombie-dice", "state": after})
    expect(page).to_have_url(site + moved["link"], timeout=TIMEOUT)


def test_a_roll_that_cannot_be_is_refused_in_words():
    with pytest.raises(Exception, match="no roll from this position shows that: a roll rolls the footprint dice"):
        api.call("roll", {"game": "zombie-dice", "state": "p=1,i=0,j=0,b=3,br=RRR",
                          "faces": [["R", "brain"], ["R", "brain"], ["R", "brain"]]})
    entry = api.call("advise", {"game": "zombie-dice", "state": "p=1,i=0,j=0,b=3,br=RRR"})["roll_entry"]
    assert entry["draw_limits"] == {"G": 3, "Y": 3, "R": 0}


def test_the_advice_for_the_most_brains_this_turn_is_one_tap_away_and_in_the_link(site, shared_phone):
    win = api.call("advise", {"game": "zombie-dice", "state": STATE})
    brains = api.call("advise", {"game": "zombie-dice", "state": STATE, "objective": "turn-score"})
    page = shared_phone.open(win["link"])
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-objective", "win", timeout=TIMEOUT)
    expect(page.get_by_test_id("objective-win")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("objective-turn-score").click()
    expect(page).to_have_url(site + brains["link"], timeout=TIMEOUT)
    expect(panel).to_have_attribute("data-objective", "turn-score", timeout=TIMEOUT)
    expect(panel).to_have_attribute("data-ready", "true")
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(brains["values"]["roll"], abs=1e-12)
    expect(panel).to_contain_text("3.75")  # expected brains, not a percentage
    expect(page.get_by_test_id("margin")).to_have_text("Rolling makes 0.75 brains more this turn on average.")
    expect(page.get_by_test_id("objective-turn-score")).to_have_text("Most brains this turn")
    # the position moves on with the objective kept; Back returns to the win chances
    page.get_by_test_id("input-fp").fill("GR")
    page.get_by_test_id("input-fp").press("Enter")
    moved = api.call("advise", {"game": "zombie-dice", "state": STATE.replace("fp=GY", "fp=GR"), "objective": "turn-score"})
    expect(page).to_have_url(site + moved["link"], timeout=TIMEOUT)
    page.go_back()
    page.go_back()
    expect(page).to_have_url(site + win["link"], timeout=TIMEOUT)
    expect(panel).to_have_attribute("data-objective", "win", timeout=TIMEOUT)
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(win["values"]["roll"], abs=1e-12)


def test_the_strategies_view_shows_the_policy_table_and_komi_from_the_shipped_table(shared_phone):
    policies = api.call("policies", {"game": "zombie-dice"})["policies"]
    page = shared_phone.open("#game=zombie-dice&p=1&i=0&j=0&view=strategies")
    rows = page.get_by_test_id("policy-row")
    expect(rows).to_have_count(6, timeout=TIMEOUT)
    for row, policy in zip(rows.all(), policies, strict=True):
        assert row.get_attribute("data-name") == policy["name"]
        assert float(row.get_attribute("data-difference")) == policy["difference"]
    expect(rows.filter(has_text="Colour Cases")).to_contain_text("−0.0230")
    expect(page.get_by_test_id("komi")).to_have_attribute("data-fairest", "1", timeout=TIMEOUT)
    expect(page.get_by_test_id("komi")).to_contain_text("the first player starts 1 brain ahead")
    # a rule is not evaluated in the page (minutes of work): the command that does it instead
    expect(page.get_by_test_id("rule-evaluate")).to_have_count(0)
    page.get_by_test_id("rule-input").fill("b < 4 - (sg_G + sg_Y + sg_R)")
    expect(page.get_by_test_id("rule-command")).to_have_text(
        "python -m pycore evaluate zombie-dice --goal 13 --bound 26 --reading after --max-seconds 3600 "
        "--policy 'b < 4 - (sg_G + sg_Y + sg_R)'"
    )
    # the API's own estimate (what the command is checked against): 127 s, 214 MB
    expect(page.get_by_test_id("rule-cost")).to_have_text(": about 2 minutes and 214 MB in desktop Python", timeout=TIMEOUT)


def test_the_hold_threshold_chart_shows_the_engines_cells_and_follows_the_objective(site, page):
    """(A page of its own: the module's shared page keeps the rule typed in its strategies, as
    the person's edit, and the objective's link would carry it.)"""
    chart = api.call("thresholds", {"game": "zombie-dice", "state": STATE})
    page.goto(site + chart["link"])
    here = page.get_by_test_id("threshold-here")
    expect(here).to_have_text("8–9", timeout=TIMEOUT)  # fp GY, one red shotgun: hold from 9, from 8 for some brains
    cell = chart["cells"][chart["at"]["row"]][chart["at"]["column"]]
    assert here.get_attribute("data-hold-from") == str(cell["hold_from"]) == "9"
    assert here.get_attribute("data-depends-from") == str(cell["depends_from"]) == "8"
    table = page.get_by_test_id("thresholds")
    expect(table.locator("tbody tr")).to_have_count(20)
    expect(table.locator("tbody tr").first.locator("td")).to_have_count(10)
    expect(page.locator("#boundary h2")).to_have_text("When to hold to win: player 1 to move, 5 to 8")
    # the chart for the most brains this turn: the turn alone, whatever the scores
    brains = api.call("thresholds", {"game": "zombie-dice", "state": STATE, "objective": "turn-score"})
    page.get_by_test_id("objective-turn-score").click()
    expect(page.locator("#boundary h2")).to_have_text(
        "When to hold for the most brains this turn: player 1 to move, 5 to 8", timeout=TIMEOUT
    )
    cell = brains["cells"][brains["at"]["row"]][brains["at"]["column"]]
    expect(here).to_have_attribute("data-hold-from", str(cell["hold_from"]))
    expect(page).to_have_url(site + brains["link"])


def test_zombie_dice_works_offline_after_a_visit_to_another_game(site, browser):
    """Its table is precached with the app: opened for the first time offline, the advice and
    the chart still come."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(site + "#game=pig&i=10&j=20&k=5")
    expect(page.get_by_test_id("sw-message")).to_contain_text("Ready to work offline", timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    page.evaluate("navigator.serviceWorker.ready")
    context.set_offline(True)
    expected = api.call("advise", {"game": "zombie-dice", "state": STATE})
    page.evaluate("h => { location.hash = h }", expected["link"] + "&view=thresholds")
    expect(page.locator(ADVICE)).to_have_attribute("data-p-roll", str(expected["values"]["roll"]), timeout=TIMEOUT)
    expect(page.get_by_test_id("threshold-here")).to_have_text("8–9", timeout=TIMEOUT)
    context.close()
