"""Policies written as rules, exact matchups, and where a policy goes wrong."""

import builtins
import json
import subprocess
import sys

import numpy as np
import pytest

from pycore import api, find_game
from pycore.jeopardy.policies.evaluation import evaluate, occupancy
from pycore.jeopardy.policies.rule_language import RuleError, parse_rule
from pycore.jeopardy.policies.strategy import find_policy, matchup, mistakes, policy_result, rule_policy

PAPER_POLICIES_AS_RULES = [
    ("pig", "Hold at 20", "k < 20 and i + k < 100"),
    ("pig", "Keep pace and end race", "i + k < 100 if i >= 71 or j >= 71 else k < 21 + (j - i + 4) // 8 and i + k < 100"),
    (
        "gro",
        "Simple Player and Ones Cases",
        "(True if o == 0 else k < max(50 - i, 20 + j - i) if o == 1 else k < min(50 - i, 5)) if p == 1 else "
        "(i + k <= j if j >= 50 else False if i + k >= 50 else True if o < 2 else k < min(50 - i, 5))",
    ),
    ("ayzd", "Fixed Hold-At", "True if p == 2 and j >= 13 and i + b < j else True if s == 0 else b < 4 if s == 1 else b < 1"),
]


@pytest.mark.parametrize("name, policy, rule", PAPER_POLICIES_AS_RULES)
def test_a_rule_equal_to_a_paper_policy_gets_its_number(solved, name, policy, rule):
    solution = solved(name)
    paper = policy_result(solution, find_policy(solution, policy)).difference
    mine = matchup(solution, rule_policy(solution.game, rule)).difference
    assert mine == pytest.approx(paper, abs=1e-15)


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_every_paper_policy_has_an_equivalent_rule(name):
    """The rule-language form shown in the lab decides exactly as the policy."""
    from pycore.jeopardy.model.compiler import compile_game
    from pycore.jeopardy.policies.evaluation import policy_table

    game = find_game(name)
    model = compile_game(game)
    for policy in game.human_policies():
        assert policy.expression
        written = policy_table(model, rule_policy(game, policy.expression))
        assert np.array_equal(written[model.valid], policy_table(model, policy)[model.valid]), policy.name


@pytest.mark.parametrize(
    "text, column, fragment",
    [
        ("k < ", 4, "stops in the middle"),  # the text is stripped first
        ("k < 20 and x > 3", 12, "unknown name 'x'; the state variables are i, j, k"),
        ("k <> 3", 3, "not an expression"),
        ("k < 2.5", 5, "whole numbers"),
        ("k < 20 and 'roll'", 12, "whole numbers"),
        ("max(k)", 1, "two or more arguments"),
        ("k < 20 if i else", 17, "stops in the middle"),
        ("k ** 2 < 9", 1, "operator ** is not allowed"),
        ("k / 2 < 9", 1, "operator / is not allowed"),
        ("[k][0]", 1, "indexing"),
    ],
)
def test_malformed_rules_get_positioned_errors(text, column, fragment):
    with pytest.raises(RuleError) as error:
        parse_rule(text, ("i", "j", "k"))
    assert error.value.column == column
    assert fragment in str(error.value)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("__import__('os').system('touch /tmp/roll-or-hold-pwned')", "only min, max and abs can be called"),
        ("k.__class__.__bases__", "attribute access"),
        ("(lambda: 1)()", "only min, max and abs"),
        ("k < 9 ** 999999999", "operator ** is not allowed"),
        ("k < " + "9" * 5000, "at most 1000 characters"),
        ("k < 1 and " * 10_000 + "True", "at most 1000 characters"),  # 100 kB
        ("(" * 400 + "k" + ")" * 400, "nested"),
        ("999999 * 999999 * 999999 * k > 1", "too large"),
        ("[k for k in range(10**9)]", "comprehensions"),
        ("(x := 3)", "assignment"),
    ],
)
def test_hostile_text_is_rejected_without_running_anything(text, fragment, monkeypatch, tmp_path):
    def refuse(*args, **kwargs):
        raise AssertionError("eval/exec/compile must never be used on a rule")

    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(builtins, "exec", refuse)
    state = {v: np.arange(3) for v in ("i", "j", "k")}
    with pytest.raises(RuleError) as error:
        parse_rule(text, ("i", "j", "k")).roll(**state)
    assert fragment in str(error.value)
    assert not (tmp_path / "roll-or-hold-pwned").exists()


def test_division_by_zero_names_the_state_but_a_guard_works():
    state = {"i": np.array([3, 5]), "j": np.array([3, 2]), "k": np.array([4, 12])}
    with pytest.raises(RuleError, match="division or remainder by zero in the state i=3, j=3, k=4"):
        parse_rule("k // (i - j) < 3", ("i", "j", "k")).roll(**state)
    rolls = parse_rule("k // (i - j) < 3 if i != j else True", ("i", "j", "k")).roll(**state)
    assert rolls.tolist() == [True, False]
    assert parse_rule("0 < k <= 12 and not i == j", ("i", "j", "k")).roll(**state).tolist() == [False, True]


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_visit_probabilities_are_consistent(solved, name):
    solution = solved(name)
    game = solution.game
    policy = game.human_policies()[0]
    exact = evaluate(game, policy, solution.policy)
    for first, expected in ((True, exact.win_rate_first), (False, exact.win_rate_second)):
        flow = occupancy(game, policy, solution.policy, x_first=first)
        assert flow.ended == pytest.approx(1.0, abs=1e-12)  # all the ways the game can end
        assert flow.x_wins == pytest.approx(expected, abs=1e-12)
        # the first turn starts exactly once
        start = solution.model.anchor_index(game.start_anchor(0))
        row = start if first else solution.model.A + start
        assert flow.visits[row, solution.model.start] >= 1.0 - 1e-12
    found = mistakes(solution, policy, limit=5)
    # the costs of the disagreements, weighted by visits, add up to the policy's loss
    assert found["loss"] == pytest.approx(0.5 - exact.win_rate, abs=1e-12)
    assert len(found["costliest"]) == 5
    weights = [m["weighted"] for m in found["costliest"]]
    assert weights == sorted(weights, reverse=True)
    assert all(m["policy"] != m["best"] for m in found["costliest"])


def test_optimal_against_itself_has_no_mistakes(solved):
    solution = solved("ayzd")
    found = mistakes(solution, solution.policy)
    assert found["loss"] == 0 and found["costliest"] == []


def test_policies_can_play_each_other(solved):
    solution = solved("gro")
    one = find_policy(solution, "Roll with 4 or 5 Dice")
    two = find_policy(solution, "Keep Pace, End Race, by Case")
    result = matchup(solution, one, two, "Alg 1", "Alg 4")
    reverse = matchup(solution, two, one, "Alg 4", "Alg 1")
    assert result.win_rate_first == pytest.approx(1 - reverse.win_rate_second, abs=1e-12)
    assert result.win_rate < 0.5


def test_cli_evaluate():
    done = subprocess.run(
        [sys.executable, "-m", "pycore", "evaluate", "ayzd", "--policy", "Minh Cases", "--json", "--quiet"],
        capture_output=True,
        text=True,
    )
    result = json.loads(done.stdout)
    assert round(result["difference"], 4) == -0.0134
    assert result["win_rate_first"] < result["win_rate_second"]
    done = subprocess.run(
        [sys.executable, "-m", "pycore", "evaluate", "ayzd", "--policy", "b < 4 or s = 0", "--quiet"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "rule at column" in done.stderr and "^" in done.stderr and "solving" not in done.stderr


def test_api_evaluate_and_mistakes_reject_bad_rules_before_solving():
    from pycore.core.cache import CACHES

    args = {"game": "pig", "goal": 37}  # a variant no other test solves
    answer = json.loads(api.handle(json.dumps({"action": "evaluate", "args": {**args, "rule": "k <"}})))
    assert answer["error"]["type"] == "RuleError"
    answer = json.loads(api.handle(json.dumps({"action": "mistakes", "args": {**args, "rule": 3}})))
    assert answer["error"]["type"] == "InvalidRequestError"
    assert (find_game("pig", goal=37).key, False) not in CACHES["solutions"]  # refused before any solving
