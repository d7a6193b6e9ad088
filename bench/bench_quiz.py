"""How long Test yourself takes to build a set (``quiz`` action, :mod:`pycore.core.quiz`) per
game, against the baseline of one whole game played and reviewed (``play``) in this run.

    python bench/bench_quiz.py [--runs 3] [--count 20] [--mix teaching]

A set plays whole games until its pool holds three times the count, and asks the advisor's
reason of the positions it keeps; each run starts with the sets' cache empty (the game's
values, shipped or solved, stay warm: the page reads them once). Prints the median seconds,
the games played, the pool and the ratio to one ``play``. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.core.cache import CACHES
from pycore.service import api

GAMES = ("pig", "gro", "ayzd", "zombie-dice", "farkle", "pig-turns", "pig-3", "gro-3", "ayzd-3", "yahtzee")


def median_seconds(run, runs: int) -> float:
    times = []
    for _ in range(runs):
        CACHES["Test yourself sets"].clear()
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--mix", default="teaching")
    args = parser.parse_args()
    print(f"{'game':<12} {'set s':>7} {'play s':>7} {'ratio':>6} {'games':>5} {'pool':>5} {'asked':>5}")
    for name in GAMES:
        request = {"game": name, "seed": 1, "count": args.count, "mix": args.mix}
        made = api.call("quiz", request)  # (warm: the game's values read or solved once)
        seconds = median_seconds(lambda request=request: api.call("quiz", request), args.runs)
        if name in ("pig-3", "gro-3", "ayzd-3"):
            play = float("nan")  # (no whole game against the computer for three: issue 54)
        else:
            play = median_seconds(lambda name=name: api.call("play", {"game": name, "seed": 1}), args.runs)
        print(f"{name:<12} {seconds:7.2f} {play:7.2f} {seconds / play:6.1f} {made['games']:5d} {made['pool']:5d} "
              f"{len(made['questions']):5d}")


if __name__ == "__main__":
    main()
