"""Solve times of each game: the level-sweep solver against plain global
value iteration (the papers' method) timed in the same run.

    python bench/bench_solvers.py [--runs 5] [--vi-runs 1] [--games pig,gro,ayzd]

Prints, per game: compile (rules -> arrays) and solve times, median of
``--runs`` fresh runs each, the number of states and sweeps, and value
iteration's time and iterations, with the ratio. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game, solve  # noqa: E402
from pycore.core.cache import CACHES  # noqa: E402
from pycore.jeopardy.model.compiler import compile_game  # noqa: E402
from pycore.jeopardy.model.level_sweep import value_iteration  # noqa: E402


def timed(fn):
    started = time.perf_counter()
    result = fn()
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--vi-runs", type=int, default=1, help="value iteration is slow: runs for its median")
    parser.add_argument("--games", default="pig,gro,ayzd")
    args = parser.parse_args()
    print(f"{'game':<5} {'states':>9} {'compile s':>9} {'solve s':>8} {'total s':>8} {'sweeps':>6}"
          f" {'VI s':>7} {'VI iters':>8} {'VI/total':>8}")
    for name in args.games.split(","):
        game = find_game(name)
        compiles, solves = [], []
        for _ in range(args.runs):
            CACHES["compiled models"].clear()
            seconds, _ = timed(lambda game=game: compile_game(game))
            compiles.append(seconds)
            seconds, solution = timed(lambda game=game: solve(game))
            solves.append(seconds)
        vi_times = []
        for _ in range(args.vi_runs):
            seconds, baseline = timed(lambda game=game: value_iteration(game))
            iterations = baseline.iterations
            vi_times.append(seconds)
        compile_s, solve_s = statistics.median(compiles), statistics.median(solves)
        total = compile_s + solve_s
        vi = statistics.median(vi_times)
        print(f"{name:<5} {solution.n_states:>9} {compile_s:>9.3f} {solve_s:>8.3f} {total:>8.3f} "
              f"{solution.iterations:>6} {vi:>7.2f} {iterations:>8} {vi / total:>7.1f}x", flush=True)


if __name__ == "__main__":
    main()
