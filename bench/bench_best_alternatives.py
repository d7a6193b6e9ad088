"""The best of each roll's alternatives in a Farkle sweep (``sweep_layout.best_alternatives``)
against numpy's ``reduceat`` over runs (the baseline, as the sweep did it before issue 35's
penalty build), in the same run, on Farkle's real layout (240 outcomes, 1,008 alternatives).

    python bench/bench_best_alternatives.py [--rows 100 1000 4000] [--repeat 20]

Prints, per batch size (rows: the anchors swept at once), each way's median milliseconds and
the ratio. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game  # noqa: E402
from pycore.jeopardy.solving import sweep_layout, turn_graph


def by_runs(flat: np.ndarray, level) -> tuple[np.ndarray, np.ndarray]:
    """The baseline: rows first, the max and the first of the best by ``reduceat`` over runs."""
    gathered = flat[level.at].T
    worth = np.where(np.isnan(gathered), -np.inf, gathered)
    best = np.maximum.reduceat(worth, level.alt_starts, axis=1)
    counts = np.diff(np.r_[level.alt_starts, len(level.at)])
    first = np.where(worth >= np.repeat(best, counts, axis=1), np.arange(len(level.at)), len(level.at))
    taken = np.minimum.reduceat(first, level.alt_starts, axis=1)
    best[best == -np.inf] = np.nan
    return best, taken


def median_ms(work, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[100, 1000, 4000])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    graph, _ = turn_graph.graph_of_rules(find_game("farkle"))
    [level], _ = sweep_layout.groups(graph)
    rng = np.random.default_rng(0)
    cells = int(level.at.max()) + 1
    print(f"farkle facebook: {len(level.alt_starts)} outcomes, {len(level.at)} alternatives")
    for rows in args.rows:
        flat = rng.random((cells, rows))
        flat[rng.random(flat.shape) < 0.1] = np.nan
        best, taken = sweep_layout.best_alternatives(flat, level, 0, True)
        base_best, base_taken = by_runs(flat, level)
        assert np.array_equal(best.T, base_best, equal_nan=True) and np.array_equal(taken.T, base_taken)
        base = median_ms(lambda flat=flat: by_runs(flat, level), args.repeat)
        blocked = median_ms(lambda flat=flat: sweep_layout.best_alternatives(flat, level, 0, True), args.repeat)
        print(f"  {rows:5d} rows: reduceat {base:7.2f} ms, blocked {blocked:7.2f} ms ({base / blocked:4.1f}x faster)")


if __name__ == "__main__":
    main()
