"""The factored turn (gain x configuration) as a second solver: the same turn-start values
as the game's own solver, for games whose rolls do not depend on the gain."""

import numpy as np
import pytest

from pycore import find_game
from pycore.jeopardy import factored, factored_game
from pycore.jeopardy.vocabulary import State


@pytest.mark.parametrize("name, params", [("ayzd", {}), ("pig", {"goal": 20})])
def test_anchor_values_equal_the_solver(solved, name, params):
    game = find_game(name, **params)
    values = factored_game.anchor_values(game)  # the turn graph made from the rules
    solution = solved(name, **params)
    expected = [solution.value(State(game.name, tuple(int(x) for x in a), game.turn_start)) for a in game.anchors()]
    assert np.max(np.abs(values - np.array(expected))) < 1e-13


def test_a_fixed_policy_is_evaluated_by_the_same_sweep():
    """One turn of Pig played 'hold at 20' for points: 8.14 points, as a plain recursion gives."""
    game = find_game("pig", goal=100)
    graph, columns = factored.graph_of_rules(game)
    top = 40
    gains = np.arange(top + 1)[:, None]
    roll = np.broadcast_to(gains + 6 <= top, (top + 1, 1))
    hold = np.broadcast_to(gains > 0, (top + 1, 1))
    turn = factored.sweep(graph, gains[:, 0].astype(float), roll, hold, 0.0, policy=np.broadcast_to(gains < 20, (top + 1, 1)))
    points = {}
    for k in range(top, -1, -1):
        points[k] = k if k >= 20 else sum(points[k + r] for r in range(2, 7)) / 6
    assert turn.value[0, graph.start] == pytest.approx(points[0], abs=1e-12)


def test_a_graph_whose_probabilities_do_not_sum_to_one_is_refused():
    game = find_game("ayzd")
    graph, _ = factored.graph_of_rules(game)
    broken = factored.TurnGraph(graph.configurations, graph.src, graph.dst, graph.gain, graph.prob * 0.99, graph.order, graph.start)
    with pytest.raises(ValueError, match="sum to"):
        broken.check()


def test_policies_against_optimal_play_equal_the_main_evaluator():
    """AYZD's four paper policies: the factored evaluation (all at once) gives the main
    solver's exact matchups, both seats."""
    from pycore.jeopardy.solvers import solve
    from pycore.jeopardy.strategy import policy_results

    game = find_game("ayzd")
    expected = [(r.matchup.win_rate_first, r.matchup.win_rate_second) for r in policy_results(solve(game))]
    optimal = factored_game.anchor_values(game)
    got = factored_game.evaluate_against_optimal(game, optimal, [p.rule for p in game.human_policies()])
    assert np.max(np.abs(np.array(got) - np.array(expected))) < 1e-13
    assert len(got) == 4 and min(first for first, _ in got) < 0.46  # Fixed Hold-At moving first: 0.4501


@pytest.mark.parametrize("name, params, turns", [("ayzd", {}, 12.5548884884), ("pig", {"goal": 40}, 6.3999538146)])
def test_the_expected_game_length_equals_the_flow_of_probability(name, params, turns):
    """Two optimal players' expected number of turns, followed backwards along the factored
    sweep, equals the main solver's forward flow of probability (zero-gain endings within a
    layer solved as a linear system in the one, pushed through in closed form in the other)."""
    from pycore.jeopardy.evaluation import occupancy
    from pycore.jeopardy.solvers import solve

    game = find_game(name, **params)
    solution = solve(game)
    flow = occupancy(game, solution.policy, solution.policy, True).turns
    followed = factored_game.expected_turns(game, factored_game.anchor_values(game))
    assert followed == pytest.approx(flow, abs=1e-12)
    assert followed == pytest.approx(turns, abs=1e-10)
