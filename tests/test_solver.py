import numpy as np
import pytest

from pycore import InvalidParameterError, RulesError, evaluate, find_game, solve
from pycore.jeopardy.model.compiler import compile_game
from pycore.jeopardy.model.level_sweep import value_iteration
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.vocabulary import TurnEnd

SMALL = {"pig": {"goal": 16}, "gro": {"goal": 12, "bound": 24}, "ayzd": {"goal": 5, "bound": 10}}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_level_sweep_agrees_with_plain_value_iteration(name, solved):
    solution = solved(name, **SMALL[name])
    baseline = value_iteration(solution.game)
    values, iterations = baseline.values, baseline.iterations
    table = solution.model.table(values, np.nan)
    assert iterations > solution.iterations
    assert np.nanmax(np.abs(table - solution.values)) < 1e-12


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_solution_is_converged(name, solved):
    solution = solved(name)
    assert solution.residual < 1e-14
    assert np.all((solution.values >= 0) | np.isnan(solution.values))
    assert np.all((solution.values <= 1) | np.isnan(solution.values))


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_optimal_against_itself_is_the_solved_value(name, solved):
    solution = solved(name)
    result = evaluate(solution.game, solution.policy, solution.policy)
    assert result.win_rate_first == pytest.approx(solution.p_first_player_wins(), abs=1e-12)
    assert result.win_rate == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_no_policy_beats_optimal(name, solved):
    solution = solved(name)
    for policy in solution.game.human_policies():
        result = evaluate(solution.game, policy, solution.policy)
        assert result.win_rate_first <= solution.p_first_player_wins() + 1e-12
        assert result.win_rate_second <= 1 - solution.p_first_player_wins() + 1e-12


def test_ayzd_holding_before_rolling_never_helps(solved):
    """The paper lets the mover 'hold' at (b, s) = (0, 0); we do not, and
    this shows the values are the same: rolling is worth at least passing."""
    solution = solved("ayzd")
    model = solution.model
    partner = model.end_next0
    start_values = solution.values[:, model.start]
    passing = np.where(partner >= 0, 1 - start_values[np.maximum(partner, 0)], model.end_value0)
    rolls = model.can_roll[:, model.start]
    roll_values, _ = solution.action_tables()
    assert np.all(roll_values[rolls, model.start] >= passing[rolls] - 1e-15)


def test_pig_symmetry_and_known_values(solved):
    solution = solved("pig")
    game = solution.game
    # holding at the goal wins, and a sure win is worth 1
    assert solution.action_values(Notation(game).from_values(i=90, j=0, k=10))["hold"] == 1.0
    assert solution.best_action(Notation(game).from_values(i=0, j=0, k=0)) == "roll"
    # at the start of the game the optimal policy is a hold-at threshold in the 20s
    rolls = [solution.best_action(Notation(game).from_values(i=0, j=0, k=k)) == "roll" for k in range(2, 60)]
    threshold = rolls.index(False) + 2
    assert all(rolls[: threshold - 2]) and not any(rolls[threshold - 2 :])
    assert 20 <= threshold <= 30


def test_bad_parameters_are_rejected():
    with pytest.raises(InvalidParameterError, match="goal must be between"):
        find_game("pig", goal=1)
    with pytest.raises(InvalidParameterError, match="bound must be at least"):
        find_game("gro", goal=50, bound=52)
    with pytest.raises(InvalidParameterError, match="no parameter 'speed'"):
        find_game("pig", speed=3)


def test_rules_violations_are_reported():
    class Broken(type(find_game("pig"))):
        def end_turn(self, anchor, gain):
            end = super().end_turn(anchor, gain)
            # banking points that lower the layer breaks the protocol
            return TurnEnd(end.mover_value, {"i": end.next_anchor["i"], "j": np.zeros_like(end.next_anchor["j"])})

    with pytest.raises(RulesError, match="raise the layer|does not list"):
        compile_game(Broken(goal=10))


def test_solve_reports_progress():
    seen = []
    solve(find_game("pig", goal=12), progress=lambda stage, fraction: seen.append((stage, fraction)))
    assert seen[-1][1] == 1.0
    assert seen[0][0] == "sweep 1"
