"""Pig with a turn limit: solve times of both turn models, each against its baseline in the
same run.

    python bench/bench_turn_limit.py [--runs 3] [--turns 4] [--goal 100]

* free model: positions swept in batches of ``BATCH_CELLS`` cells (all 10,000 of one turn
  at once) against the old 16 anchors a sweep;
* target model: each target's whole run as one roll (``start_graph``) against the
  die-by-die turn graph (100 targets x 106 turn totals a position).

Prints medians and ratios; numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game  # noqa: E402
from pycore.jeopardy.solving import factored


def median_seconds(work, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--goal", type=int, default=100)
    args = parser.parse_args()
    print(f"{'model':<7} {'this s':>8} {'baseline s':>10} {'ratio':>6}  baseline")
    free = find_game("pig-turns", goal=args.goal, turns=args.turns, turn_model="free")
    fast = median_seconds(lambda: factored.solve_factored(free), args.runs)
    batch = factored.BATCH_CELLS
    factored.BATCH_CELLS = 16 * (args.goal + 6)  # 16 anchors a sweep, as before
    try:
        slow = median_seconds(lambda: factored.solve_factored(free), args.runs)
    finally:
        factored.BATCH_CELLS = batch
    print(f"{'free':<7} {fast:>8.2f} {slow:>10.2f} {slow / fast:>5.1f}x  16 anchors a sweep", flush=True)
    target = find_game("pig-turns", goal=args.goal, turns=args.turns)
    fast = median_seconds(lambda: factored.solve_factored(target), args.runs)
    die_by_die = find_game("pig-turns", goal=args.goal, turns=args.turns)
    die_by_die.start_graph = lambda: None  # the rules' own graph
    slow = median_seconds(lambda: factored.solve_factored(die_by_die), args.runs)
    print(f"{'target':<7} {fast:>8.2f} {slow:>10.2f} {slow / fast:>5.1f}x  the die-by-die turn graph", flush=True)


if __name__ == "__main__":
    main()
