"""Farkle with the penalty for three zilches in a row (issue 35): the passes' time, their
changes and P(first player wins) as the lowest score is lowered, beside the game without the
penalty (the baseline: one pass) in the same run.

    python bench/bench_farkle_penalty.py [--target 500] [--lowest 0 -250 -500 -1000] [--set CHANGES] [--repeat 1]

Prints, per lowest score: the turn starts, the median solve time and its ratio to the
baseline's, the passes and the last change, P(first player wins), and the process's peak
memory so far. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game  # noqa: E402
from pycore.jeopardy.rules.layout import layout  # noqa: E402
from pycore.jeopardy.solving import factored


def timed(game, repeat: int) -> tuple[float, float, dict]:
    """(median seconds, P(first player wins), the last run's stats)."""
    times, stats, values = [], {}, None
    for _ in range(repeat):
        stats = {}
        started = time.perf_counter()
        values = factored.anchor_values(game, stats=stats)
        times.append(time.perf_counter() - started)
    return statistics.median(times), float(values[layout(game).anchor_row(game.start_anchor(0))]), stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--lowest", type=int, nargs="+", default=[0, -250, -500, -1000])
    parser.add_argument("--rules", default="facebook")
    parser.add_argument("--set", default="", help="more rule changes (docs/reproduced.md's table: "
                        "minimum_bank=0,four_and_pair_as_three_pairs=true, the reading before issue 35 settled it)")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    more = f",{args.set}" if args.set else ""
    base = find_game("farkle", rules=args.rules, set=f"target={args.target},zilch_penalty=0{more}")
    base_seconds, base_p, _ = timed(base, args.repeat)
    print(f"farkle {args.rules} to {args.target}, no penalty (baseline): {layout(base).anchor_count():,} turn starts, "
          f"{base_seconds:.2f} s, P(first) {base_p:.9f}")
    for lowest in args.lowest:
        game = find_game("farkle", rules=args.rules, set=f"target={args.target}{more}", lowest_score=lowest)
        seconds, p_first, stats = timed(game, args.repeat)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        changes = " ".join(f"{c:.1e}" for c in stats["pass_changes"])
        print(f"  lowest {lowest:6d}: {layout(game).anchor_count():8,} turn starts, {seconds:7.2f} s ({seconds / base_seconds:5.1f}x), "
              f"{stats['passes']:2d} passes, P(first) {p_first:.9f}, peak {peak:.0f} MB; changes {changes}")


if __name__ == "__main__":
    main()
