"""Farkle and Zilch in the page: two-player Facebook Farkle from its shipped table (each
set-aside's chance to win, swept in the page), one turn's advice for any rule set, rules
changed in the page and solved live, and what cannot be solved said so."""

import pytest
from page_helpers import ranked_moves
from playwright.sync_api import expect

from pycore import api

ADVICE = "[data-testid=advice]"
TIMEOUT = 90_000


def test_one_turn_of_zilch_is_advised_and_win_chances_say_why_not(shared_phone):
    # Zilch as the seed scores it, with no minimum to bank: no table ships for these rules to
    # 10,000 (Zilch's own, 300 to bank, has one), so a link means the one-turn objective
    expected = api.call("advise", {"game": "farkle", "rules": "zilch", "set": "minimum_bank=0", "state": "i=0,j=0,k=350,d=2"})
    assert expected["objective"] == "turn-score"
    assert expected["link"] == "#game=farkle&rules=zilch&set=minimum_bank%3D0&i=0&j=0&z=0&zo=0&k=350&d=2"
    page = shared_phone.open(expected["link"])
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert panel.get_attribute("data-objective") == "turn-score" and panel.get_attribute("data-best") == "hold"
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(expected["values"]["roll"], abs=1e-9)
    # ranked by the points this turn: holding first, rolling with its bust chance under it
    assert ranked_moves(panel) == [f"Hold {expected['values']['hold']:.2f} —", f"Roll {expected['values']['roll']:.2f} 44.4%"]
    # a 1 set aside from six dice: 100 points, five dice to roll: roll on, as the engine says
    rolls = api.call("advise", {"game": "farkle", "rules": "zilch", "set": "minimum_bank=0", "state": "i=0,j=0,k=100,d=5"})
    page.evaluate("h => { location.hash = h }", rolls["link"])
    expect(panel).to_have_attribute("data-best", "roll", timeout=TIMEOUT)
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(rolls["values"]["roll"], abs=1e-9)
    # a turn total no roll leaves with these dice: moved to the nearest that can be, and said so
    page.get_by_test_id("input-k").fill("300")
    page.get_by_test_id("input-k").press("Enter")
    expect(page.get_by_test_id("note-k")).to_be_visible(timeout=TIMEOUT)
    # win chances of these rules to 10,000: no table, too large to solve here, and it says so
    page.get_by_test_id("objective-win").click()
    expect(page.get_by_test_id("advice-error")).to_contain_text("two-player play to 10000 with the zilch counts", timeout=TIMEOUT)
    expect(page.get_by_test_id("advice-error")).to_contain_text("is too large to solve here")
    page.get_by_test_id("objective-turn-score").click()
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)


def test_a_roll_tapped_on_the_pad_lists_every_set_aside_and_a_choice_carries_the_turn_on(site, shared_phone):
    """1-5-5-2-3-4 at 350 points with six dice (Zilch, the most points this turn): the choices in the engine's order and
    values; keeping the 1 moves to 450 points with five dice; a zilch is said in the note."""
    state = "i=0,j=0,k=350,d=6"
    expected = api.call("advise", {"game": "farkle", "rules": "zilch", "state": state, "faces": "155234",
                                   "objective": "turn-score"})
    page = shared_phone.open(expected["link"])
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    apply = page.get_by_test_id("roll-apply")
    for face in "1552344":  # a seventh tap does nothing: six dice are rolled
        if page.get_by_test_id(f"roll-pad-{face}").is_enabled():
            page.get_by_test_id(f"roll-pad-{face}").click()
    expect(page.get_by_test_id("roll-shown-5")).to_have_text("4")
    expect(page.get_by_test_id("roll-shown-6")).to_have_count(0)
    page.get_by_test_id("roll-shown-1").click()  # take the first 5 back, and tap it again
    expect(apply).to_be_disabled()
    page.get_by_test_id("roll-pad-5").click()
    apply.click()
    choices = expected["roll"]["choices"]
    for n, choice in enumerate(choices):
        button = page.get_by_test_id(f"roll-choice-{n}")
        expect(button).to_contain_text(f"Keep {' '.join(map(str, choice['keep']))} (+{choice['points']})", timeout=TIMEOUT)
        expect(button).to_contain_text(f"{choice['value']:.0f} points expected")
    expect(page.get_by_test_id("roll-choice-0")).to_contain_text("then roll 5 (8% to bust)")
    page.get_by_test_id("roll-choice-0").click()
    after = api.call("advise", {"game": "farkle", "rules": "zilch", "state": "i=0,j=0,k=450,d=5", "objective": "turn-score"})
    expect(page).to_have_url(site + after["link"], timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-p-hold", "450", timeout=TIMEOUT)
    # (the page's numpy in WebAssembly may differ in the last bits)
    assert float(page.locator(ADVICE).get_attribute("data-p-roll")) == pytest.approx(after["values"]["roll"], rel=1e-12)
    for face in "23462":
        page.get_by_test_id(f"roll-pad-{face}").click()
    apply.click()
    expect(page.get_by_test_id("roll-note")).to_have_text("That roll busts: the turn scores nothing.", timeout=TIMEOUT)


def test_two_player_facebook_farkle_is_advised_from_its_table_set_aside_by_set_aside(shared_phone):
    """4,000 to 5,500 with 350 at stake and six dice: the win chances come from the shipped
    table (no solve), each set-aside of 1-5-5-2-3-4 valued by its chance to win, and the page
    says which model they are from (the zilches in a row counted: Busche's)."""
    state = "i=4000,j=5500,k=350,d=6"
    expected = api.call("advise", {"game": "farkle", "state": state, "faces": "155234"})
    assert expected["objective"] == "win" and expected["link"] == "#game=farkle&rules=facebook&i=4000&j=5500&z=0&zo=0&k=350&d=6"
    page = shared_phone.open(expected["link"])
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert panel.get_attribute("data-objective") == "win" and panel.get_attribute("data-best") == expected["best_before_roll"]
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(expected["values"]["roll"], rel=1e-12)
    expect(page.get_by_test_id("model-note")).to_contain_text("Win chances count each player's zilches in a row: the "
                                                              "third costs 500 points")
    expect(page.locator("#status")).to_contain_text("Busche's 2016 model")  # (the status line says it too)
    for face in "155234":
        page.get_by_test_id(f"roll-pad-{face}").click()
    page.get_by_test_id("roll-apply").click()
    best = expected["options"][0]
    expect(page.get_by_test_id("roll-choice-0")).to_contain_text(
        f"Keep {' '.join(map(str, best['keep']))} (+{best['points']})", timeout=TIMEOUT)
    expect(page.get_by_test_id("roll-choice-0")).to_contain_text(f"{100 * best['value']:.1f}% to win")
    expect(page.get_by_test_id("roll-choices").locator("li")).to_have_count(len(expected["options"]))


def test_rules_changed_in_the_page_are_checked_named_and_solved_live(site, shared_phone):
    """Basic Farkle with 300 to bank (no table ships for it to 10,000, so a link means the one
    turn): a straight worth 'lots' is refused naming the field, and what was typed stays; a
    straight worth 1,000 to a target of 1,000 is solved live and its win chances are the
    engine's; 'Back to the rule set' drops the changes, and basic's own table answers the win."""
    page = shared_phone.open("#game=farkle&rules=basic&set=minimum_bank%3D300&i=0&j=0&k=0&d=6")
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-objective", "turn-score")
    expect(page.get_by_test_id("rules-editor")).to_have_attribute("open", "")  # (a rule changed: shown open)
    expect(page.get_by_test_id("rule-target")).to_have_value("10000")
    page.get_by_test_id("rule-straight").fill("lots")
    page.get_by_test_id("rules-apply").click()
    expect(page.get_by_test_id("rules-message")).to_contain_text("straight (points of 1-2-3-4-5-6 (0: none)) cannot be 'lots'",
                                                                 timeout=TIMEOUT)
    expect(page.get_by_test_id("rule-straight")).to_have_value("lots")
    page.get_by_test_id("rule-straight").fill("1000")
    page.get_by_test_id("rule-target").fill("1000")
    page.get_by_test_id("rules-apply").click()
    changed = "straight=1000,minimum_bank=300,target=1000"  # (in the rules editor's order)
    expected = api.call("advise", {"game": "farkle", "rules": "basic", "set": changed, "state": "i=0,j=0,k=0,d=6"})
    # most points this turn was only what these rules to 10,000 meant (no win chances there): the
    # rules changed to a target that solves live, the advice is for the win again
    assert expected["objective"] == "win"
    expect(page).to_have_url(site + expected["link"], timeout=TIMEOUT)
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-objective", "win", timeout=TIMEOUT)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(expected["values"]["roll"], rel=1e-9)
    expect(page.get_by_test_id("rules-editor").locator("summary")).to_have_text("Change the rules (3 changed)")
    page.get_by_test_id("rules-reset").click()
    # basic to 10,000 again: Busche and Neller's 2017 rules, whose table answers the win
    expect(page).to_have_url(site + "#game=farkle&rules=basic&i=0&j=0&k=0&d=6", timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-objective", "win", timeout=TIMEOUT)
    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    basic = api.call("advise", {"game": "farkle", "rules": "basic", "state": "i=0,j=0,k=0,d=6"})
    assert basic["source"] == "table farkle-basic.roht"
    assert float(page.locator(ADVICE).get_attribute("data-p-roll")) == pytest.approx(basic["values"]["roll"], rel=1e-9)


def test_the_menus_farkle_is_busches_model_and_every_view_says_which_model(site, shared_phone):
    """Issue 35: the menu's one Farkle entry opens the counted game under the Facebook rules
    (each player's zilches in a row among the fields), the menu still shows Farkle / Zilch;
    basic rules drop the counts and Facebook brings them back; Strategies says its policies
    are evaluated without the counts, and the head starts which model they are from."""
    page = shared_phone.open("#game=farkle&i=2000&j=3000&z=2")
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(page.get_by_test_id("game-select")).to_have_value("farkle")
    expected = api.call("advise", {"game": "farkle", "state": "i=2000,j=3000,z=2,zo=0,k=0,d=6"})
    assert float(panel.get_attribute("data-p-roll")) == pytest.approx(expected["values"]["roll"], rel=1e-12)
    expect(page).to_have_url(site + expected["link"])
    page.get_by_test_id("param-rules").select_option("basic")
    expect(page).to_have_url(site + "#game=farkle&rules=basic&i=2000&j=3000&k=0&d=6", timeout=TIMEOUT)
    expect(page.get_by_test_id("game-select")).to_have_value("farkle")
    expect(page.locator("fieldset[data-var=z], fieldset[data-var=zo]")).to_have_count(0)
    # the count of 2 the position had is not kept by these rules, and the page says so
    expect(page.get_by_test_id("link-message")).to_contain_text("these rules do not keep “Your zilches in a row” (z=2, dropped)")
    page.get_by_test_id("param-rules").select_option("facebook")
    expect(page).to_have_url(site + "#game=farkle&rules=facebook&i=2000&j=3000&z=0&zo=0&k=0&d=6", timeout=TIMEOUT)
    page.goto(site + "#game=farkle&view=strategies")
    rows = page.get_by_test_id("policy-row")
    expect(rows.first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("paper-policies").get_by_test_id("model-note")).to_contain_text(
        "Evaluated exactly on Farkle / Zilch, with no penalty for three zilches in a row")
    expect(page.get_by_test_id("komi").get_by_test_id("model-note")).to_contain_text(
        "Win chances count each player's zilches in a row", timeout=TIMEOUT)
    expect(page.get_by_test_id("komi")).to_have_attribute("data-fairest", str(api.call("komi", {"game": "farkle"})["fairest"]))
