"""The factored turn (gain x configuration) as a second solver: the same turn-start values
as the game's own solver, for games whose rolls do not depend on the gain."""

import numpy as np
import pytest

from pycore import find_game
from pycore.jeopardy.rules.vocabulary import State
from pycore.jeopardy.solving import factored, sweep_layout, turn_graph


@pytest.mark.parametrize("name, params", [("ayzd", {}), ("pig", {"goal": 20})])
def test_anchor_values_equal_the_solver(solved, name, params):
    game = find_game(name, **params)
    values = factored.anchor_values(game)  # the turn graph made from the rules
    solution = solved(name, **params)
    expected = [solution.value(State(game.name, tuple(int(x) for x in a), game.turn_start)) for a in game.anchors()]
    assert np.max(np.abs(values - np.array(expected))) < 1e-13


def test_a_fixed_policy_is_evaluated_by_the_same_sweep():
    """One turn of Pig played 'hold at 20' for points: 8.14 points, as a plain recursion gives."""
    game = find_game("pig", goal=100)
    graph, columns = turn_graph.graph_of_rules(game)
    top = 40
    gains = np.arange(top + 1)[:, None]
    roll = np.broadcast_to(gains + 6 <= top, (top + 1, 1))
    hold = np.broadcast_to(gains > 0, (top + 1, 1))
    turn = turn_graph.sweep(graph, gains[:, 0].astype(float), roll, hold, 0.0, policy=np.broadcast_to(gains < 20, (top + 1, 1)))
    points = {}
    for k in range(top, -1, -1):
        points[k] = k if k >= 20 else sum(points[k + r] for r in range(2, 7)) / 6
    assert turn.value[0, graph.start] == pytest.approx(points[0], abs=1e-12)


def test_a_graph_whose_probabilities_do_not_sum_to_one_is_refused():
    game = find_game("ayzd")
    graph, _ = turn_graph.graph_of_rules(game)
    broken = turn_graph.TurnGraph(graph.configurations, graph.src, graph.dst, graph.gain, graph.prob * 0.99, graph.order, graph.start)
    with pytest.raises(ValueError, match="sum to"):
        broken.check()


def test_policies_against_optimal_play_equal_the_main_evaluator():
    """AYZD's four paper policies: the factored evaluation (all at once) gives the main
    solver's exact matchups, both seats."""
    from pycore.jeopardy.policies.strategy import policy_results
    from pycore.jeopardy.solving.dispatch import solve

    game = find_game("ayzd")
    expected = [(r.matchup.win_rate_first, r.matchup.win_rate_second) for r in policy_results(solve(game))]
    optimal = factored.anchor_values(game)
    got = factored.evaluate_against_optimal(game, optimal, [p.rule for p in game.human_policies()])
    assert np.max(np.abs(np.array(got) - np.array(expected))) < 1e-13
    assert len(got) == 4 and min(first for first, _ in got) < 0.46  # Fixed Hold-At moving first: 0.4501


@pytest.mark.parametrize("name, params, turns", [("ayzd", {}, 12.5548884884), ("pig", {"goal": 40}, 6.3999538146)])
def test_the_expected_game_length_equals_the_flow_of_probability(name, params, turns):
    """Two optimal players' expected number of turns, followed backwards along the factored
    sweep, equals the main solver's forward flow of probability (zero-gain endings within a
    layer solved as a linear system in the one, pushed through in closed form in the other)."""
    from pycore.jeopardy.policies.evaluation import occupancy
    from pycore.jeopardy.solving.dispatch import solve

    game = find_game(name, **params)
    solution = solve(game)
    flow = occupancy(game, solution.policy, solution.policy, True).turns
    followed = factored.expected_turns(game, factored.anchor_values(game))
    assert followed == pytest.approx(flow, abs=1e-12)
    assert followed == pytest.approx(turns, abs=1e-10)


def test_the_best_alternative_and_the_first_of_equals_per_outcome():
    """The blocked max over each outcome's alternatives (``best_alternatives``) against a
    plain loop: values with many ties and unreached (nan) alternatives, Farkle's real layout
    (outcomes with 1 to 15 alternatives); nan where no alternative has a value, and then the
    first alternative as the one taken."""
    game = find_game("farkle")
    graph, _ = turn_graph.graph_of_rules(game)
    [level], _ = sweep_layout.groups(graph)
    rng = np.random.default_rng(35)
    cells = int(level.blocked.at.max()) + 1
    flat = rng.integers(0, 4, size=(cells, 7)).astype(float)  # four values: ties everywhere
    flat[rng.random(flat.shape) < 0.3] = np.nan
    flat[level.at[level.alt_starts[:3]], :] = np.nan  # (outcomes with a single alternative, unreached)
    best, taken = sweep_layout.best_alternatives(flat, level, 0, True)
    only_best, none = sweep_layout.best_alternatives(flat, level, 0, False)
    ends = np.r_[level.alt_starts[1:], len(level.at)]
    for outcome, (start, end) in enumerate(zip(level.alt_starts, ends, strict=True)):
        for row in range(flat.shape[1]):
            values = flat[level.at[start:end], row]
            if np.all(np.isnan(values)):
                assert np.isnan(best[outcome, row]) and taken[outcome, row] == start
            else:
                top = np.nanmax(values)
                assert best[outcome, row] == top
                assert taken[outcome, row] == start + int(np.flatnonzero(values == top)[0])
    assert none is None and np.array_equal(only_best, best, equal_nan=True)
    assert {k for k, _, _ in level.blocked.blocks} >= {1, 2, 3, 15}
