"""The many-player solvers on every core (issue 54): each solver serial (the baseline) and on
``--workers`` processes, in the same run, at the shipped games' sizes.

    python bench/bench_parallel.py [--workers 2] [--repeat 1] [--pig-turns 30] [--gro-turns 6]

Solves: three-player Pig to 100 by the chain solver (``--pig-turns`` turns left), and a profile
of it (the first player following *Hold at 20*, the exact advice beside it), three-player
GRO to 50 by the general sweep (``--gro-turns`` turns left; the shipped table has 60), and AYZD
for three and for four (to 9), stationary (each stage split between the workers). Prints each
solve's median seconds serial and on the workers, the ratio (serial / parallel: 2 would be
both cores' whole worth), and whether the values are the serial ones bit for bit. Numbers, not
assertions; run it on a quiet machine (another process on a core takes that core's share).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game  # noqa: E402
from pycore.core.parallel import using_workers  # noqa: E402
from pycore.jeopardy.seats.chain import turn_limited_chain  # noqa: E402
from pycore.jeopardy.seats.profile import evaluate_profiles  # noqa: E402
from pycore.jeopardy.seats.sweep import seat_values, turn_limited_seat_values  # noqa: E402


def measured(work, workers: int, repeat: int):
    """(median seconds, the last result) of ``work()`` on ``workers`` processes."""
    times, result = [], None
    with using_workers(workers):
        for _ in range(repeat):
            result = None
            started = time.perf_counter()
            result = work()
            times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--pig-turns", type=int, default=30)
    parser.add_argument("--gro-turns", type=int, default=6)
    args = parser.parse_args()
    pig, gro, ayzd = find_game("pig-3"), find_game("gro-3"), find_game("ayzd-3")
    ayzd_four = find_game("ayzd-4", goal=9, bound=27)
    pig_profiled = find_game("pig-3", turns=args.pig_turns)
    solves = (
        (f"Pig for three to 100, chain solver, {args.pig_turns} turns left",
         lambda: turn_limited_chain(pig, args.pig_turns).values),
        (f"Pig for three to 100, a profile (Hold at 20 and the exact advice), {args.pig_turns} turns left",
         lambda: np.stack(evaluate_profiles(pig_profiled, [{0: pig.human_policies()[0]}]).tables)),
        (f"GRO for three to 50, general sweep, {args.gro_turns} turns left",
         lambda: turn_limited_seat_values(gro, args.gro_turns).values),
        ("AYZD for three, stationary", lambda: seat_values(ayzd)),
        ("AYZD for four to 9 (bound 27), stationary", lambda: seat_values(ayzd_four)),
    )
    print(f"{os.cpu_count()} cores; {args.workers} workers; median of {args.repeat}")
    for label, work in solves:
        serial, expected = measured(work, 1, args.repeat)
        parallel, values = measured(work, args.workers, args.repeat)
        same = "the same to the bit" if np.array_equal(expected, values) else "DIFFERENT values"
        print(f"{label}: serial {serial:.2f} s (baseline), {args.workers} workers {parallel:.2f} s, "
              f"ratio {serial / parallel:.2f}; {same}")


if __name__ == "__main__":
    main()
