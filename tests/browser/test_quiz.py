"""Test yourself in the page (web/quiz-view.js): a teacher's link gives the set CPython gives,
one decision a screen on a phone, the score beside the named policies', mistakes kept to drill
later, and damaged links and history said and survived."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from pycore.service import api
from tests.browser.test_usability import axe_violations

KEY = "roll-or-hold-quiz"
LINK = "#game=pig&view=quiz&seed=7&count=5&mix=teaching"


def kept(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}') || '{{}}'"))


def answer_all(page, total: int, pick) -> list[str]:
    """Answer every position with ``pick(question)`` (a key); the keys answered."""
    answers = []
    for n in range(1, total + 1):
        expect(page.locator(f"[data-testid=quiz-question][data-n='{n}']")).to_be_visible(timeout=120_000)
        key = pick(kept(page)["current"]["quiz"]["questions"][n - 1])
        page.locator(f"[data-testid=quiz-choice][data-key='{key}']").click()
        expect(page.get_by_test_id("quiz-feedback")).to_be_visible()
        answers.append(key)
        page.get_by_test_id("quiz-next").click()
    return answers


def test_a_teachers_link_gives_cpythons_set_one_decision_a_screen_and_a_score(page, site):
    page.goto(site + LINK)
    question = page.get_by_test_id("quiz-question")
    expect(question).to_have_attribute("data-n", "1", timeout=120_000)
    expect(question).to_have_attribute("data-total", "5")
    # the same set in Pyodide as in CPython: positions, moves and values
    mine = kept(page)["current"]["quiz"]
    theirs = api.call("quiz", {"game": "pig", "seed": 7, "count": 5})
    assert [q["position"] for q in mine["questions"]] == [q["position"] for q in theirs["questions"]]
    for a, b in zip(mine["questions"], theirs["questions"], strict=True):
        assert [c["key"] for c in a["choices"]] == [c["key"] for c in b["choices"]]
        assert all(abs(x["value"] - y["value"]) <= 1e-12 for x, y in zip(a["choices"], b["choices"], strict=True))
        assert a["picks"] == b["picks"]
    # one decision a screen: the position and both moves on a phone's screen, 44 px at least
    for button in page.get_by_test_id("quiz-choice").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["y"] + box["height"] <= 740
    expect(page.get_by_test_id("quiz-position")).to_contain_text("Turn total")
    expect(page.get_by_test_id("quiz-feedback")).to_be_hidden()  # (nothing said before the choice)
    assert axe_violations(page) == []
    # the worst move each time: its cost said, the best named, the advisor one tap away
    answers = answer_all(page, 5, lambda q: min(q["choices"], key=lambda c: c["value"])["key"])
    result = page.get_by_test_id("quiz-result")
    expect(result).to_be_visible(timeout=60_000)
    graded = api.call("quiz", {"game": "pig", "seed": 7, "count": 5, "answers": answers})["grade"]
    expect(page.get_by_test_id("quiz-summary")).to_contain_text(
        f"{graded['mistakes']} mistake{'s' if graded['mistakes'] != 1 else ''} in 5 decisions, "
        f"costing {100 * graded['total']:.2f} percentage points in all")
    policies = page.get_by_test_id("quiz-policies")
    for name, summary in graded["policies"].items():
        expect(policies.get_by_role("row", name=name)).to_contain_text(f"{100 * summary['total']:.2f}")
    paste = page.get_by_test_id("quiz-paste").input_value()
    assert f"answers: {','.join(answers)}" in paste and "seed 7, 5 positions" in paste
    # the set is kept in the history, and its mistakes wait for tomorrow's drill
    history = kept(page)
    assert history["current"] is None and history["sets"][-1]["answers"] == answers
    assert len(history["mistakes"]) == graded["mistakes"]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_violations(page) == [], scheme


def test_mistakes_come_back_to_drill_offline_and_a_right_answer_moves_them_on(page, context, site):
    page.goto(site + LINK)
    expect(page.get_by_test_id("quiz-question")).to_be_visible(timeout=120_000)
    worst = answer_all(page, 5, lambda q: min(q["choices"], key=lambda c: c["value"])["key"])
    expect(page.get_by_test_id("quiz-result")).to_be_visible(timeout=60_000)
    history = kept(page)
    count = len(history["mistakes"])
    assert count > 0
    # a day later (the mistakes' due time moved back a day): they are due
    for mistake in history["mistakes"]:
        mistake["due"] -= 2 * 24 * 3600 * 1000
    page.evaluate(f"(h) => localStorage.setItem('{KEY}', JSON.stringify(h))", history)
    # ... and the phone is offline: the drill needs nothing but the page's own Python
    expect(page.get_by_test_id("sw-message")).to_contain_text("Ready to work offline", timeout=120_000)
    page.evaluate("navigator.serviceWorker.ready")
    context.set_offline(True)
    page.goto(site + "#game=pig&view=quiz")
    drill = page.get_by_test_id("quiz-drill-mistakes")
    expect(drill).to_have_text(f"Drill my mistakes ({count} due)", timeout=120_000)
    # the sets so far, you beside each named policy a decision, on the same positions
    first = history["sets"][0]
    expect(page.get_by_test_id("quiz-overall")).to_contain_text(
        f"Over your 1 set here (5 decisions), a decision cost you {100 * first['total'] / 5:.2f} percentage points; "
        f"on the same positions: Hold at 20 {100 * first['policies']['Hold at 20']['total'] / 5:.2f} percentage points")
    drill.click()
    answer_all(page, count, lambda q: q["best"])
    expect(page.get_by_test_id("quiz-summary")).to_contain_text(f"0 mistakes in {count} decisions")
    after = kept(page)["mistakes"]
    assert len(after) == count and all(m["box"] == 1 for m in after)  # (back in 3 days)
    expect(page.get_by_test_id("quiz-drill-mistakes")).to_have_text(f"Drill my mistakes (0 due, {count} from tomorrow)")
    assert worst  # (the first set's moves were the worst: every mistake came from it)


def test_a_damaged_link_and_history_are_said_and_the_drill_still_works(page, site):
    page.goto(site + "#game=pig")
    expect(page.get_by_test_id("advice")).to_have_attribute("data-ready", "true", timeout=120_000)
    page.evaluate(f"localStorage.setItem('{KEY}', JSON.stringify({{sets: 'oops', mistakes: [], current: {{quiz: 3}}}}))")
    page.goto(site + "#game=pig&view=quiz&seed=banana&count=0")
    message = page.locator("#link-message")
    expect(message).to_contain_text("the set's seed must be a whole number", timeout=120_000)
    expect(message).to_contain_text("a set has 1 to 50 positions, got '0'; asking 20")
    expect(page.get_by_test_id("quiz-message")).to_contain_text("the kept sets could not be read")
    expect(page.get_by_test_id("quiz-message")).to_contain_text("the set under way could not be read")
    aside = json.loads(page.evaluate(f"localStorage.getItem('{KEY}:unreadable')"))
    assert aside["kept"]["sets"] == "oops"  # (nothing recorded is lost: the unreadable part kept as it was)
    page.get_by_test_id("quiz-count").select_option("10")
    page.get_by_test_id("quiz-start").click()
    expect(page.get_by_test_id("quiz-question")).to_have_attribute("data-total", "10", timeout=120_000)
    assert "&view=quiz&seed=" in page.url and "&count=10&mix=teaching" in page.url
    # a reload resumes the set at the next position, the answer given kept
    page.get_by_test_id("quiz-choice").first.click()
    expect(page.get_by_test_id("quiz-feedback")).to_be_visible()
    page.reload()
    expect(page.get_by_test_id("quiz-question")).to_have_attribute("data-n", "2", timeout=120_000)
    assert len(kept(page)["current"]["answers"]) == 1


def test_yahtzee_is_drilled_keep_by_keep_and_box_by_box(page, site):
    page.goto(site + "#game=yahtzee&view=quiz&seed=5&count=3")
    question = page.get_by_test_id("quiz-question")
    expect(question).to_have_attribute("data-total", "3", timeout=120_000)
    expect(page.get_by_test_id("quiz-position")).to_contain_text("rerolls left")
    # the card as its boxes: each filled one with its points, the open ones said open
    theirs_card = api.call("quiz", {"game": "yahtzee", "seed": 5, "count": 3})["questions"][0]["position"]["scorecard"]
    card = page.get_by_role("list", name="Scorecard").get_by_role("listitem")
    filled = dict(pair.split(":") for pair in theirs_card.split(",") if pair)
    expect(card).to_have_count(13 + (1 if filled.get("yb", "0") != "0" else 0))
    expect(card.first).to_have_text(f"Ones {filled.get('1s', 'open')}")
    theirs = api.call("quiz", {"game": "yahtzee", "seed": 5, "count": 3})
    first = theirs["questions"][0]
    # every open box a button; the keeps made by tapping the dice, then one reroll button
    boxes = [c["label"] for c in first["choices"] if c["key"].startswith("box ")]
    assert page.get_by_role("group", name="Boxes").get_by_role("button").all_inner_texts() == boxes
    best = first["best"]
    assert best.startswith("keep ")  # (this set's first position: keeping is best)
    dice = page.get_by_test_id("quiz-die")
    assert [int(f) for f in dice.evaluate_all("ds => ds.map(d => d.dataset.face)")] == first["position"]["dice_shown"]
    for face in best.removeprefix("keep "):
        page.locator(f"[data-testid=quiz-die][data-face='{face}'][aria-pressed=false]").first.click()
    reroll = page.locator(".quiz-reroll")
    expect(reroll).to_have_attribute("data-key", best)
    kept = best.removeprefix("keep ")
    expect(reroll).to_have_text(f"Keep {' '.join(kept)}, reroll {5 - len(kept)}")
    reroll.click()
    expect(page.get_by_test_id("quiz-feedback")).to_contain_text("Best move.")
    expect(page.get_by_test_id("quiz-feedback")).to_contain_text(first["reason"])
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_violations(page) == [], scheme
