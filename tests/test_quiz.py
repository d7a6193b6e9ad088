"""Test yourself (pycore/core/quiz.py): sets fixed by their seed, every graded cost the
advisor's own values, the mixes, the named policies graded on the same positions, links and
bad input."""

from __future__ import annotations

import json

import pytest

from pycore.core.errors import InvalidRequestError
from pycore.core.quiz import CLOSE_GAP, MISTAKE, Question
from pycore.service import api
from tests.commands import cli as run_cli

ADVISOR_TOLERANCE = 1e-12


def quiz(game: str, seed: int, **args) -> dict:
    return api.call("quiz", {"game": game, "seed": seed, **args})


def advisor_values(question: dict, params: dict) -> dict[str, float]:
    """Each move's value as the advisor gives it at the question's position (by the move's label)."""
    p = question["position"]
    if "scorecard" in p:
        advice = api.call("advise", {"game": "yahtzee", **params, "scorecard": p["scorecard"], "dice": p["dice"],
                                     "rolls_left": p["rolls_left"]})
        by_keep = {"keep " + ("".join(map(str, k["keep"])) or "none"): k["expected_final"] for k in advice["keeps"]}
        by_box = {f"box {b['box']}": b["expected_final"] for b in advice["boxes"]}
        return {**by_keep, **by_box}
    args = {"game": p["game"], **p["params"], "state": p["state"]}
    if len(question["choices"]) > 2 or question["choices"][0]["key"] not in ("roll", "hold"):
        advice = api.call("advise", {**args, "faces": p["faces"]})
        return {c["label"]: c["value"] for c in advice["roll"]["choices"]}
    return {k: v for k, v in api.call("advise", args)["values"].items() if v is not None}


@pytest.mark.parametrize("game", ["pig", "gro", "farkle", "pig-3", "yahtzee"])
def test_every_graded_cost_is_the_advisors_to_1e_12(game):
    made = quiz(game, 11, count=8)
    assert len(made["questions"]) == 8
    for q in made["questions"]:
        advised = advisor_values(q, made["params"])
        top = max(c["value"] for c in q["choices"])
        for c in q["choices"]:
            name = c["key"] if c["key"] in ("roll", "hold") or c["key"].startswith(("keep", "box")) else c["label"]
            assert c["value"] == pytest.approx(advised[name], abs=ADVISOR_TOLERANCE), (q["position"], c)
            assert c["cost"] == pytest.approx(top - c["value"], abs=ADVISOR_TOLERANCE)
        assert q["best"] == max(q["choices"], key=lambda c: c["value"])["key"]


def test_a_seed_fixes_the_set_and_another_seed_gives_another():
    first, again, other = quiz("pig", 5), quiz("pig", 5), quiz("pig", 6)
    assert first == again
    assert [q["position"] for q in first["questions"]] != [q["position"] for q in other["questions"]]
    assert first["link"] == "#game=pig&view=quiz&seed=5&count=20&mix=teaching"
    # never the same position twice in a set
    shown = [json.dumps([q["position"]["state"], q["position"]["faces"]]) for q in first["questions"]]
    assert len(set(shown)) == len(shown)


@pytest.mark.parametrize("game", ["pig", "gro", "yahtzee"])
def test_close_calls_change_the_mix(game):
    """The share of positions whose best two moves are under 2 points apart, with and without
    close calls (docs/app.md reports them)."""
    teaching, close = quiz(game, 3), quiz(game, 3, mix="close")
    scale = teaching["scale"]
    assert close["close_share"] == 1.0
    assert teaching["close_share"] < 0.8
    for q in close["questions"]:
        assert 0.02 <= q["gap"] * scale < CLOSE_GAP
    # teaching: something at stake in every position (the best half a point above the middle move)
    for q in teaching["questions"]:
        values = sorted((c["value"] for c in q["choices"]), reverse=True)
        assert (values[0] - values[len(values) // 2]) * scale >= 0.5


def test_hold_at_20_answering_a_drill_costs_what_its_rule_costs_there():
    """Twenty Pig positions answered by "hold at 20" (roll while k < 20 and i + k < 100, the
    rule written out here, not the policy's code) cost, in all, the sum of what the advisor says
    each of its moves gives away; the set's own grading of the named policy agrees."""
    made = quiz("pig", 20)
    answers, expected = [], 0.0
    for q in made["questions"]:
        s = q["position"]["state"]
        move = "roll" if s["k"] < 20 and s["i"] + s["k"] < 100 else "hold"
        answers.append(move)
        values = advisor_values(q, made["params"])
        expected += max(values.values()) - values[move]
    graded = quiz("pig", 20, answers=answers)["grade"]
    assert graded["total"] == pytest.approx(expected, abs=1e-12)
    assert graded["policies"]["Hold at 20"]["total"] == pytest.approx(expected, abs=1e-12)
    assert graded["mistakes"] == graded["policies"]["Hold at 20"]["mistakes"] > 0
    assert graded["mean"] == pytest.approx(expected / 20, abs=1e-12)
    assert graded["worst"]["cost"] == max(graded["costs"])


def test_the_best_moves_cost_nothing_and_the_worst_are_counted():
    made = quiz("gro", 4, count=6)
    best = [q["best"] for q in made["questions"]]
    worst = [min(q["choices"], key=lambda c: c["value"])["key"] for q in made["questions"]]
    assert quiz("gro", 4, count=6, answers=best)["grade"] | {"answers": None, "costs": None, "policies": None} == {
        "answers": None, "costs": None, "policies": None, "decisions": 6, "mistakes": 0, "total": 0.0, "mean": 0.0,
        "worst": None}
    graded = quiz("gro", 4, count=6, answers=worst)["grade"]
    assert graded["mistakes"] == sum(1 for q in made["questions"] if q["gap"] > MISTAKE)
    # answered halfway: the grade of the positions answered so far
    assert quiz("gro", 4, count=6, answers=worst[:2])["grade"]["decisions"] == 2


def test_the_grade_action_grades_kept_questions_and_names_what_is_damaged():
    made = quiz("pig", 9, count=3)
    answers = [q["choices"][-1]["key"] for q in made["questions"]]
    graded = api.call("grade", {"game": "pig", "questions": made["questions"], "answers": answers,
                                "policies": made["policies"]})
    assert graded["costs"] == quiz("pig", 9, count=3, answers=answers)["grade"]["costs"]
    damaged = [dict(made["questions"][0], choices=[{"key": "roll", "label": "Roll", "value": "NaN"}] * 2)]
    with pytest.raises(InvalidRequestError, match="question 1: a move is"):
        api.call("grade", {"game": "pig", "questions": damaged, "answers": []})
    with pytest.raises(InvalidRequestError, match="answer 1: 'jump' is not a move here; the moves: roll, hold"):
        api.call("grade", {"game": "pig", "questions": made["questions"], "answers": ["jump"]})
    with pytest.raises(InvalidRequestError, match="4 answers for a set of 3 positions"):
        quiz("pig", 9, count=3, answers=answers + ["roll"])
    assert Question.from_json(made["questions"][1], 2).to_json() == made["questions"][1]


@pytest.mark.parametrize(("args", "message"), [
    ({"count": 0}, "'count' must be a whole number from 1 to 50"),
    ({"count": 51}, "'count' must be a whole number from 1 to 50"),
    ({"mix": "easy"}, "mix must be one of teaching, close, all"),
    ({"seed": -1}, "'seed' must be a whole number from 0"),
])
def test_bad_arguments_are_named(args, message):
    with pytest.raises(InvalidRequestError, match=message):
        api.call("quiz", {"game": "pig", "seed": 1, **args})


def test_a_damaged_quiz_link_opens_the_nearest_set_and_says_what_was_wrong():
    resolved = api.call("resolve", {"fragment": "#game=pig&view=quiz&seed=12x&count=500&mix=hard"})
    assert resolved["view"]["view"] == "quiz" and "seed" not in resolved["view"] and "count" not in resolved["view"]
    problems = " | ".join(resolved["problems"])
    assert "the set's seed must be a whole number" in problems and "drawing a new set" in problems
    assert "a set has 1 to 50 positions, got '500'; asking 20" in problems
    assert "mix must be one of teaching, close, all, got 'hard'; using teaching" in problems
    assert resolved["fragment"] == "#game=pig&view=quiz"
    good = api.call("resolve", {"fragment": "#game=yahtzee&view=quiz&seed=3&count=5&mix=close"})
    assert good["problems"] == [] and good["fragment"] == "#game=yahtzee&joker=forced&view=quiz&seed=3&count=5&mix=close"
    answered = api.call("answer", {"game": "farkle", "rules": "facebook", "keys": {},
                                   "view": {"view": "quiz", "seed": "4", "count": "10", "mix": "all"}})
    assert answered["link"] == "#game=farkle&rules=facebook&view=quiz&seed=4&count=10&mix=all"


def test_the_command_line_prints_a_set_and_grades_one():
    out = run_cli("quiz", "pig", "--seed", "7", "--count", "3")
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and lines[0].startswith("pig goal=100 die=6 bust=1: Test yourself, seed 7, 3 positions")
    assert [line.split(".")[0] for line in lines[1:]] == ["1", "2", "3"]
    made = quiz("pig", 7, count=3)
    for line, q in zip(lines[1:], made["questions"], strict=True):
        assert f"best {q['best']}" in line
    answers = ",".join(q["best"] for q in made["questions"])
    graded = run_cli("quiz", "pig", "--seed", "7", "--count", "3", "--answers", answers)
    assert "you: 0 mistakes in 3 decisions, costing 0.00 percentage points in all" in graded.stdout
    as_json = json.loads(run_cli("quiz", "pig", "--seed", "7", "--count", "3", "--json").stdout)
    assert as_json["questions"] == made["questions"]
    wrong = run_cli("quiz", "pig", "--seed", "7", "--count", "3", "--answers", "roll,fly")
    assert wrong.returncode == 2 and "answer 2: 'fly' is not a move here" in wrong.stderr
