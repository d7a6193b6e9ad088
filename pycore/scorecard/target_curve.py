"""Offline (CPython only): whole-game tables that play for something other than the mean.

Both solve :func:`pycore.scorecard.solitaire.solve_target` for every anchor of the game (the same
layer-by-layer recursion, each layer split between worker processes that share the
table in memory: :class:`pycore.core.parallel.PartPool`); only the payoff at the end differs:

* ``python -m pycore target-curve yahtzee --joker forced --max-target 300``: the payoff is
  ``[final score >= T]``; for each target ``T`` the best chance of reaching it, next to
  the chance of the expected-score player (from its exact score distribution).
* ``python -m pycore beat-optimal yahtzee --joker forced --cap 700``: the payoff is
  ``P(an optimal solitaire player scores less)``; the best chance of beating such a
  player, whose score you do not see (the seed's two-player idea), against 0.4966 for
  playing for points.

The tables themselves (536,320 x 301 or x 701 values) are far too large to ship; the
results are small JSON files in ``prebuilt_tables/``, listed in its manifest.
"""

from __future__ import annotations

import time

import numpy as np

from pycore.core.table_spec import table_rules

from ..core.errors import InvalidParameterError
from ..core.parallel import PartPool, using_workers
from ..core.progress import Progress
from ..store.prebuilt import load_table
from .solitaire import TargetSolution, solve_target_batch

CHUNK = 16


def _check_score(name: str, value: int, table) -> None:
    highest = table.distribution.size - 1  # the best possible final score
    if not 1 <= value <= highest:
        raise InvalidParameterError(f"{name} must be a final score from 1 to {highest}, got {value}")


def whole_game_table(
    game,
    end_values: np.ndarray,
    workers: int = 2,
    dtype: str = "float32",
    progress: Progress | None = None,
) -> np.ndarray:
    """[D] ``W(start, d)`` of :func:`pycore.scorecard.solitaire.solve_target` for the whole game (every
    anchor, deficits ``0 .. D - 1``, payoff ``end_values`` at the end), float64 copy of the start row."""
    layers = game.layers()
    anchors = np.sort(np.concatenate(layers))
    shape = (anchors.size + 1, len(end_values))

    def solve_part(batch_anchors, reach, _unused):
        solution = TargetSolution(anchors, reach, 0)
        for lo in range(0, batch_anchors.size, CHUNK):
            solve_target_batch(game, batch_anchors[lo : lo + CHUNK], solution)

    # the table in memory the workers share (pycore.core.parallel), written in place
    with using_workers(workers), PartPool(solve_part, shape, (1,), dtype=dtype) as pool:
        reach = pool.source
        reach[:] = 0
        reach[-1] = end_values  # every box filled: the payoff of the deficit left
        total, done = anchors.size, 0
        for layer in layers:
            # a layer depends only on the one after it: its anchors are independent
            parts = [p for p in np.array_split(layer, max(1, min(layer.size // CHUNK, 8 * workers))) if p.size]
            for first in range(0, len(parts), pool.workers):  # (a part a worker, then the progress)
                pool.run(None, parts[first : first + pool.workers])
                done += sum(p.size for p in parts[first : first + pool.workers])
                if progress:
                    progress("whole-game table", done / total)
        solution = TargetSolution(anchors, reach, 0)
        return np.array(reach[solution.rows_of(np.array([game.start_anchor]))[0]], dtype=np.float64)


def _about(kind: str, table, dtype: str, workers: int, started: float) -> dict:
    """What every offline result says about itself (``register_result`` lists it)."""
    return {
        "kind": kind,
        "rules": table_rules(table.game),
        "dtype": dtype,
        "anchors": table.entry["anchors"],
        "workers": workers,
        "seconds": round(time.perf_counter() - started, 1),
    }


def _regenerate(command: str, game, option: str) -> str:
    params = " ".join(f"--{k} {v}" for k, v in game.params.items())
    return f"python -m pycore {command} {game.name} {params} {option}"


def target_curve(
    game, max_target: int, workers: int = 2, dtype: str = "float32", progress: Progress | None = None
) -> dict:
    """For each target ``T <= max_target``: the best chance of a final score of at least ``T``,
    next to the chance of the expected-score player (from its exact score distribution)."""
    started = time.perf_counter()
    table = load_table(game)
    _check_score("max_target", max_target, table)
    best = whole_game_table(game, (np.arange(max_target + 1) == 0).astype(float), workers, dtype, progress)
    tail = np.cumsum(table.distribution[::-1])[::-1]  # P(final >= T)
    curve = [
        {
            "target": t,
            "p_reach_target_play": float(best[t]),
            "p_reach_playing_for_points": float(tail[t]),
            "gain": float(best[t] - tail[t]),
        }
        for t in range(max_target + 1)
    ]
    return {
        **_about("targets", table, dtype, workers, started),
        "max_target": max_target,
        "regenerate": _regenerate("target-curve", game, f"--max-target {max_target}"),
        "curve": curve,
    }


def beat_optimal(
    game, cap: int, workers: int = 2, dtype: str = "float32", progress: Progress | None = None
) -> dict:
    """The seed's two-player idea: the best chance that my final score beats (is strictly higher
    than) that of an independent optimal solitaire player, whose exact score distribution is
    the table's. The payoff of finishing with ``s`` points is ``P(opponent < s)``, carried
    as a deficit ``d = cap - s``; scores of ``cap`` or more pay as ``cap``, so the result is
    exact up to ``P(opponent >= cap)``, reported as ``truncation_bound``."""
    started = time.perf_counter()
    table = load_table(game)
    _check_score("cap", cap, table)
    opponent = table.distribution
    below = np.concatenate([[0.0], np.cumsum(opponent)])  # below[s] = P(opponent < s)
    score_at = cap - np.arange(cap + 1)  # the final score each deficit stands for
    end_values = below[np.minimum(score_at, opponent.size)]
    best = whole_game_table(game, end_values, workers, dtype, progress)
    p_win = float(best[cap])
    # the expected-score player against itself: P(X > Y) for independent X, Y
    p_baseline = float(np.dot(opponent, below[: opponent.size]))
    return {
        **_about("beat-optimal", table, dtype, workers, started),
        "cap": cap,
        "truncation_bound": float(1.0 - below[min(cap, opponent.size)]),
        "p_win_playing_to_win": p_win,
        "p_win_playing_for_points": p_baseline,
        "gain": p_win - p_baseline,
        "regenerate": _regenerate("beat-optimal", game, f"--cap {cap}"),
    }


