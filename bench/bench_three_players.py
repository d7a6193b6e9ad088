"""Three-player Pig and AYZD (issue 36): solve time and peak memory of the turn-limited game by
the chain solver and by the general sweep, beside two-player Pig with the same goal and turns
(the baseline), and the stationary solve with its policy steps and without them (plain full
steps); then AYZD for three players, stationary, with and without the policy steps, beside
two-player AYZD (its baseline), and GRO for three with a turn limit beside two-player GRO, in
the same run.

    python bench/bench_three_players.py [--goals 10 20 30] [--turns 60] [--repeat 1]
                                        [--stationary-up-to 30] [--general-up-to 30]

Prints, per goal: each solve's median seconds, its ratio to the two-player baseline, the
turn starts and the peak memory it reached (the process's resident size, reset before each
solve where Linux allows); and the three chances at the start. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game  # noqa: E402
from pycore.games.pig_seats import ThreePlayerPig  # noqa: E402
from pycore.jeopardy.rules.layout import layout  # noqa: E402
from pycore.jeopardy.seats import sweep as seats
from pycore.jeopardy.seats.chain import turn_limited_chain  # noqa: E402
from pycore.jeopardy.seats.sweep import seat_values, turn_limited_seat_values  # noqa: E402
from pycore.jeopardy.solving import factored
from pycore.store.checkpoints import peak_memory_mb, reset_peak_memory  # noqa: E402


def measured(work, repeat: int):
    """(median seconds, peak MB, the last result)."""
    times, result, peak = [], None, 0
    for _ in range(repeat):
        result = None  # the last result's memory is not this run's
        reset_peak_memory()
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
        peak = max(peak, peak_memory_mb() or 0)
    return statistics.median(times), peak, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goals", type=int, nargs="+", default=[10, 20, 30])
    parser.add_argument("--turns", type=int, default=60, help="even (the two-player game gives both players as many)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--stationary-up-to", type=int, default=30, help="the largest goal solved without a limit too")
    parser.add_argument("--general-up-to", type=int, default=30, help="the largest goal solved by the general sweep too")
    args = parser.parse_args()
    for goal in args.goals:
        two = find_game("pig", goal=goal, turns=args.turns, turn_model="free")
        base, peak, _ = measured(lambda two=two: factored.anchor_values(two), args.repeat)
        print(f"goal {goal}, {args.turns} turns: two players, {layout(two).anchor_count():,} turn starts: "
              f"{base:.2f} s (baseline), peak {peak} MB")
        game = ThreePlayerPig(goal=goal)
        solves = [("chain solver", lambda game=game: turn_limited_chain(game, args.turns).start[-1])]
        if goal <= args.general_up_to:
            solves.append(("general sweep", lambda game=game: turn_limited_seat_values(game, args.turns).start[-1]))
        if goal <= args.stationary_up_to:
            solves.append(("no limit (stationary), policy steps", lambda game=game: seat_values(game)[0]))
            solves.append(("no limit (stationary), plain steps", lambda game=game: plain(game)[0]))
        for label, work in solves:
            seconds, peak, start = measured(work, args.repeat)
            starts = layout(game).anchor_count() * (1 if "stationary" in label else args.turns)
            print(f"  three players, {label}: {starts:,} turn starts, {seconds:.2f} s "
                  f"({seconds / base:.1f}x), peak {peak} MB; at the start {start[0]:.7f} {start[1]:.7f} {start[2]:.7f}")
    two = find_game("ayzd", bound=39)
    base, peak, _ = measured(lambda: factored.anchor_values(two), args.repeat)
    print(f"AYZD, goal 13, bound 39: two players, {layout(two).anchor_count():,} turn starts: {base:.2f} s (baseline), peak {peak} MB")
    game = find_game("ayzd-3")
    first = layout(game).anchor_row(game.start_anchor())
    for label, work in (("policy steps", lambda: seat_values(game)[first]), ("plain steps", lambda: plain(game)[first])):
        seconds, peak, start = measured(work, args.repeat)
        print(f"  three players, {label}: {layout(game).anchor_count():,} turn starts, {seconds:.2f} s ({seconds / base:.1f}x), "
              f"peak {peak} MB; at the start {start[0]:.7f} {start[1]:.7f} {start[2]:.7f}")
    gro(30, args.repeat)


def gro(turns: int, repeat: int) -> None:
    """GRO to 20 (bound 40): the two-player game (its baseline) and three players with
    ``turns`` turns left (the general sweep: its stationary iteration does not settle)."""
    two = find_game("gro", goal=20, bound=40)
    base, peak, _ = measured(lambda: factored.anchor_values(two), repeat)
    print(f"GRO, goal 20, bound 40: two players, {layout(two).anchor_count():,} turn starts: {base:.2f} s (baseline), peak {peak} MB")
    game = find_game("gro-3", goal=20, bound=40, turns=turns)
    seconds, peak, start = measured(lambda: turn_limited_seat_values(game, turns).start[-1], repeat)
    print(f"  three players, {turns} turns left: {layout(game).anchor_count():,} turn starts, {seconds:.2f} s ({seconds / base:.1f}x), "
          f"peak {peak} MB; at the start {start[0]:.7f} {start[1]:.7f} {start[2]:.7f}")


def plain(game):
    """The stationary solve without policy steps, full steps (the iteration before them)."""
    kept = seats.POLICY_STEPS
    seats.POLICY_STEPS = 0
    try:
        return seat_values(game, damping=1.0)
    finally:
        seats.POLICY_STEPS = kept


if __name__ == "__main__":
    main()
