"""Farkle with the penalty for three zilches in a row (issue 35): the zilch counts in the
turn start, scores below zero down to a lowest score, and the passes over the layers that a
falling score makes necessary, checked against a brute force over the rules, against the game
without the penalty, and resumed partway."""

from functools import cache

import numpy as np
import pytest

from pycore import find_game
from pycore.core.errors import InvalidParameterError
from pycore.games.farkle import Farkle, FarklePenalty
from pycore.jeopardy import factored_game


def brute_force(game, tolerance=1e-13, most=500) -> np.ndarray:
    """P(mover wins) at every turn start, by plain iteration over the turn starts (Gauss-Seidel
    in the anchors' order),
    each turn solved by recursion over the rules' own outcomes (``roll_outcomes``, the
    choices after a roll, ``end_turn``): no turn graph, no layers, no passes."""
    anchors = [tuple(int(x) for x in a) for a in game.anchors()]
    row = {a: n for n, a in enumerate(anchors)}
    names = game.anchor_vars

    @cache
    def outcomes(turn):
        return tuple((float(p), o) for p, o in game.roll_outcomes(turn))

    def ending(anchor, gain, X):
        end = game.end_turn(dict(zip(names, (np.int64(x) for x in anchor), strict=True)), np.int64(gain))
        if not np.isnan(end.mover_value):
            return float(end.mover_value)
        return 1.0 - X[row[tuple(int(end.next_anchor[v]) for v in names)]]

    def turn_value(anchor, X):
        state = dict(zip(names, anchor, strict=True))
        bust = ending(anchor, 0, X)
        memo = {}

        def value(turn):
            if turn not in memo:
                columns = {**state, "k": turn[0], "d": turn[1]}
                best = ending(anchor, turn[0], X) if game.can_hold(columns) else -1.0
                if game.can_roll(columns):
                    roll = 0.0
                    for p, outcome in outcomes(turn):
                        if outcome is None:
                            roll += p * bust
                        else:
                            options = outcome.options if hasattr(outcome, "options") else (outcome,)
                            roll += p * max(value(tuple(o)) for o in options)
                    best = max(best, roll)
                memo[turn] = best
            return memo[turn]

        return value(tuple(game.turn_start))

    X = np.full(len(anchors), 0.5)
    for _ in range(most):
        change = 0.0
        for n, anchor in enumerate(anchors):
            new = turn_value(anchor, X)
            change, X[n] = max(change, abs(new - X[n])), new
        if change < tolerance:
            return X
    raise AssertionError("the brute force did not settle")


def test_the_passes_agree_with_a_brute_force_over_the_rules():
    """Target 150, 100 lost on the third zilch, scores down to -50 (144 turn starts): every
    turn start's value by the factored passes equals plain iteration with each turn solved
    by recursion over the rules, to 1e-12; the penalty lowers a layer, so passes were made."""
    game = find_game("farkle", rules="facebook", set="target=150,zilch_penalty=100", lowest_score=-50)
    assert isinstance(game, FarklePenalty) and game.anchor_count() == 144
    stats = {}
    values = factored_game.anchor_values(game, stats=stats)
    assert stats["passes"] > 2 and stats["pass_changes"][-1] < 1e-12
    assert np.max(np.abs(values - brute_force(game))) < 1e-12


def test_without_a_penalty_the_zilch_counts_change_nothing():
    """With no penalty the counted game is Farkle: the same value at every score pair and
    count, to 1e-12, in one pass (no ending falls)."""
    counted = find_game("farkle", rules="facebook", set="target=500,zilch_penalty=0", lowest_score=-100)
    plain = find_game("farkle", rules="facebook", set="target=500,zilch_penalty=0")
    assert type(plain) is Farkle
    stats = {}
    values = factored_game.anchor_values(counted, stats=stats)
    expected = factored_game.anchor_values(plain)
    assert stats["passes"] == 1 and stats["pass_changes"] == []
    for i, j, z, zo in counted.anchors()[::7]:
        if i >= 0 and j >= 0:
            assert values[counted.anchor_row((i, j, z, zo))] == pytest.approx(expected[plain.anchor_row((i, j))], abs=1e-12)


def test_the_penalty_costs_the_player_with_two_zilches():
    """The counts matter where the penalty does: two zilches in a row are worth less than none
    at the same scores, the opponent's two worth more, and the start is 0-0 with no zilches."""
    game = find_game("farkle", rules="facebook", set="target=500,zilch_penalty=500", lowest_score=-500)
    values = factored_game.anchor_values(game)

    def at(*anchor):
        return values[game.anchor_row(anchor)]

    assert game.start_anchor(0) == (0, 0, 0, 0)
    assert at(0, 0, 2, 0) < at(0, 0, 1, 0) < at(0, 0, 0, 0) < at(0, 0, 0, 1) < at(0, 0, 0, 2)
    assert f"{at(0, 0, 0, 0):.10f}" == "0.6982408301"  # (the brute force checks the method on a smaller game)


def test_a_stopped_solve_goes_on_from_the_pass_and_stage_it_kept():
    """A solve stopped in its second pass and run again from what it kept ends with the same
    values, bit for bit, as one run straight through."""

    class Kept:
        def __init__(self, stop_at=None):
            self.state, self.stop_at = None, stop_at

        def load(self):
            return self.state

        def save(self, state):
            self.state = {k: np.array(v, copy=True) if isinstance(v, np.ndarray) else v for k, v in state.items()}
            if self.stop_at and (state["passes"], state["stages_done"]) == self.stop_at:
                raise KeyboardInterrupt

    game = find_game("farkle", rules="facebook", set="target=300,zilch_penalty=500", lowest_score=-200)
    whole = factored_game.anchor_values(game)
    kept = Kept(stop_at=(2, 5))
    with pytest.raises(KeyboardInterrupt):
        factored_game.anchor_values(game, checkpoint=kept)
    kept.stop_at, stats = None, {}
    resumed = factored_game.anchor_values(game, checkpoint=kept, stats=stats)
    assert stats["resumed_at_stage"] == 5 and len(stats["pass_changes"]) >= 2
    assert np.array_equal(resumed, whole)


def test_the_lowest_score_is_checked_and_sizes_are_refused_by_name():
    with pytest.raises(InvalidParameterError, match="multiple of 50"):
        find_game("farkle", lowest_score=-120)
    with pytest.raises(InvalidParameterError, match="lowest_score"):
        find_game("farkle", lowest_score=50)
    game = find_game("farkle", lowest_score=-2500)
    assert game.anchor_count() == 250 * 250 * 9 and "562,500 turn starts" in game.live_limit()
    assert game.table_stem == "farkle-penalty-facebook-lowest2500"
