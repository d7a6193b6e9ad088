"""Three-player Pig (issue 36): the turn-limited solve's time and peak memory beside the
two-player game with the same goal and turns (the baseline) and the stationary solve, in the
same run.

    python bench/bench_three_players.py [--goals 10 20] [--turns 60] [--repeat 1]

Prints, per goal: each solve's median seconds, its ratio to the two-player baseline, the
turn starts and the process's peak memory so far; and the three chances at the start.
Numbers, not assertions.
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
from pycore.games.pig_seats import ThreePlayerPig, ThreePlayerPigTurns  # noqa: E402
from pycore.jeopardy import factored_game  # noqa: E402
from pycore.jeopardy.seats import seat_values  # noqa: E402


def median_seconds(work, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goals", type=int, nargs="+", default=[10, 20])
    parser.add_argument("--turns", type=int, default=60, help="a multiple of 6 (both games get whole rounds)")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for goal in args.goals:
        two = find_game("pig", goal=goal, turns=args.turns, turn_model="free")
        base, _ = median_seconds(lambda two=two: factored_game.anchor_values(two), args.repeat)
        print(f"goal {goal}, {args.turns} turns: two players {two.anchor_count():,} turn starts, {base:.2f} s (baseline)")
        for game in (ThreePlayerPigTurns(goal=goal, turns=args.turns), ThreePlayerPig(goal=goal)):
            seconds, W = median_seconds(lambda game=game: seat_values(game), args.repeat)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            start = W[game.anchor_row(game.start_anchor())]
            print(f"  {game.title}: {game.anchor_count():,} turn starts, {seconds:.2f} s ({seconds / base:.1f}x), "
                  f"peak {peak:.0f} MB; at the start {start[0]:.6f} {start[1]:.6f} {start[2]:.6f}")


if __name__ == "__main__":
    main()
