"""Issue 37, class 8: work beyond one solve (a policy's evaluation, a designer's table, the
one-turn tables of Farkle rules with a small unit) is estimated first and refused past the
caller's budget, naming what fits; the caller (the request's ``max_seconds``, the command
line's ``--max-seconds``) may allow more. Nothing here runs the long work: a refusal must come
before any solve, which the tests make impossible."""

import pytest
from commands import cli

from pycore import find_game
from pycore.core.errors import InvalidParameterError, InvalidRequestError
from pycore.core.registry import game_classes
from pycore.jeopardy.budget import WORK_SECONDS, check_work, evaluation_estimate
from pycore.service import api, jeopardy_views


class Reached(Exception):
    """Raised where the work would start: the request got past its checks."""


@pytest.fixture
def nothing_is_solved(monkeypatch):
    def refuse(*args, **kwargs):
        raise Reached("the request went on to solve")

    monkeypatch.setattr(jeopardy_views, "solved", refuse)
    monkeypatch.setattr(jeopardy_views, "design", refuse)


@pytest.mark.parametrize("request_args, fits", [
    ({"game": "zombie-dice", "rule": "b < 3"}, "goal up to 10 fits"),  # 126 s measured
    ({"game": "pig-turns", "rule": "k < 20"}, "goal up to 73 fits"),  # 274 s measured
    ({"game": "farkle", "rule": "k < 300"}, "smaller rules fit"),  # 118 s measured (no whole-number size)
    ({"game": "zombie-dice", "policy": "Colour Cases"}, "goal up to 10 fits"),
])
def test_an_evaluation_past_the_budget_is_refused_before_anything_is_solved(nothing_is_solved, request_args, fits):
    with pytest.raises(InvalidParameterError, match=rf"takes about \d+ min .* more than the 60 s allowed \(max_seconds; "
                       rf"--max-seconds on the command line\); {fits}"):
        api.call("evaluate", request_args)
    with pytest.raises(InvalidParameterError, match="more than the 60 s allowed"):
        api.call("mistakes", request_args)
    # the caller may allow more: the request then goes on (here, to the solve the test forbids)
    with pytest.raises(Reached):
        api.call("evaluate", {**request_args, "max_seconds": 3600})


def test_the_largest_size_named_fits_and_the_next_does_not():
    game = find_game("zombie-dice")
    with pytest.raises(InvalidParameterError, match="goal up to 10 fits"):
        check_work(game, "Evaluating a rule", evaluation_estimate, WORK_SECONDS)
    assert evaluation_estimate(find_game("zombie-dice", goal=10))["seconds"] <= WORK_SECONDS
    assert evaluation_estimate(find_game("zombie-dice", goal=11))["seconds"] > WORK_SECONDS


def test_optimal_play_and_a_shipped_tables_policies_cost_nothing(nothing_is_solved):
    """Only what is evaluated is estimated: optimal against optimal, or the papers' policies of
    a table that ships their results, go on to the (forbidden) solve."""
    with pytest.raises(Reached):
        api.call("evaluate", {"game": "zombie-dice", "policy": "optimal"})
    for name in ("zombie-dice", "farkle", "pig-turns"):
        with pytest.raises(Reached):
            api.call("policies", {"game": name})
    # a variant's policies are evaluated here: six of them on Zombie Dice to 8 are refused
    with pytest.raises(InvalidParameterError, match="Evaluating 6 policies in Zombie Dice with goal 8.*goal up to 6 fits"):
        api.call("policies", {"game": "zombie-dice", "goal": 8})
    with pytest.raises(InvalidParameterError, match="Evaluating 6 policies"):
        api.call("policies", {"game": "zombie-dice", "fresh": True})


def test_a_designers_table_past_the_budget_is_refused_and_its_estimate_is_what_allows_it(nothing_is_solved):
    request = {"game": "zombie-dice", "param": "goal", "values": "5:13:2"}
    estimate = api.call("estimate", request)
    assert estimate["solves"] == 5 and estimate["seconds"] > 600 and estimate["bytes"] < 1e9
    with pytest.raises(InvalidParameterError, match=r"A table of 5 values of goal in Zombie Dice takes about \d+ min.*fewer values fit"):
        api.call("design", request)
    # what the page sends once the person has seen the estimate and tapped Run
    with pytest.raises(Reached):
        api.call("design", {**request, "max_seconds": int(estimate["seconds"]) + 1})


@pytest.mark.parametrize("value", [0, -1, True, "60", 1e9, [60]])
def test_a_budget_that_is_not_a_time_is_refused_by_name(value):
    with pytest.raises(InvalidParameterError, match=r"max_seconds must be a number of seconds above 0 and at most 86400"):
        api.call("evaluate", {"game": "zombie-dice", "rule": "b < 3", "max_seconds": value})


def test_every_rule_the_page_evaluates_fits_the_budget_and_its_command_fits_an_hour():
    """The page's Evaluate button (default rules) is never refused; where the page gives the
    command instead, the command's --max-seconds 3600 covers it (a game the page offers
    without its strategy lab, three-player Pig, evaluates no rule)."""
    for cls in game_classes("jeopardy"):
        if not cls.offered or "strategies" not in cls.views:
            continue
        seconds = evaluation_estimate(cls())["seconds"]
        if cls.rules_evaluated_live:
            assert seconds <= WORK_SECONDS, cls.name
        else:
            assert WORK_SECONDS < seconds < 3600, cls.name


def test_the_command_line_refuses_past_its_budget_and_names_the_option():
    done = cli("evaluate", "zombie-dice", "--policy", "b < 3", "--quiet")
    assert done.returncode == 2 and "more than the 60 s allowed" in done.stderr and "goal up to 10 fits" in done.stderr
    for bad in ("0", "nan", "1e9", "a minute"):
        done = cli("evaluate", "zombie-dice", "--policy", "b < 3", "--max-seconds", bad, "--quiet")
        assert done.returncode == 2 and "argument --max-seconds: seconds above 0 and at most 86400" in done.stderr
    done = cli("design", "zombie-dice", "--goal", "5:13:2", "--quiet")
    assert done.returncode == 2 and "A table of 5 values of goal" in done.stderr


def test_the_estimate_of_an_evaluation_is_said_not_refused():
    estimate = api.call("estimate", {"game": "zombie-dice", "evaluate": True})
    assert estimate["seconds"] == pytest.approx(evaluation_estimate(find_game("zombie-dice"))["seconds"])
    assert 100 < estimate["seconds"] < 200 and 1e8 < estimate["bytes"] < 1e9  # measured: 126 s, 232 MB resident
    with pytest.raises(InvalidRequestError, match="'evaluate' must be true or false"):
        api.call("estimate", {"game": "zombie-dice", "evaluate": "yes"})


def test_farkle_one_turn_tables_past_their_size_are_refused_before_they_are_made():
    """A unit of 1 with a straight of 99,999 would play one turn on past 100,000 points in steps
    of 1 (a unit of 1 with the Facebook values, 40,000 steps, took 173 s before the long run's
    policy iteration, 32 s now): refused by name, with the unit that fits."""
    request = {"game": "farkle", "set": "straight=99999,single_five=51,target=2000", "objective": "turn-score"}
    with pytest.raises(InvalidParameterError, match=r"plays on up to (\d{3},\d{3}) points, \1 steps of 1 .* "
                       r"more than 50,000: make the values multiples of \d"):
        api.call("solve", request)
    with pytest.raises(InvalidParameterError, match="more than 50,000"):
        api.call("advise", {**request, "state": {}})
    # (its two-player game is not solved here at all, which its policies' refusal says)
    with pytest.raises(InvalidParameterError, match="too large to solve here"):
        api.call("policies", request)
