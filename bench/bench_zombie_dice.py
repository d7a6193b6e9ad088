"""Full Zombie Dice, two players: the factored solve's time and peak memory (AYZD's factored
and main solves beside it, same run), and a second check of the result by simulating games.

    python bench/bench_zombie_dice.py [--bound 26] [--reading after|before]
    python bench/bench_zombie_dice.py --simulate 20000

Prints P(first player wins) under optimal play. With ``--simulate N`` it instead plays N games of optimal
play against itself with labelled dice drawn and rolled one by one (``zombie_dice.roll_labelled_dice``), the actions looked up in
each anchor's turn swept from the shipped table, and prints the first player's win rate with
its standard error: a second way to the solved value. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game, solve  # noqa: E402
from pycore.games import zombie_dice  # noqa: E402
from pycore.jeopardy.rules.layout import layout  # noqa: E402
from pycore.jeopardy.rules.moves import turn_end  # noqa: E402
from pycore.jeopardy.solving import factored, turn_graph
from pycore.store.prebuilt import load_table  # noqa: E402


def simulate(game, games: int, seed: int = 1) -> tuple[float, float]:
    """The first player's win rate over ``games`` simulated games of optimal play, and its
    standard error."""
    values = np.asarray(load_table(game).values, float)
    index = turn_graph.index_of(game)
    rolls_at: dict = {}  # anchor -> (G + 1, C) bool: where optimal play rolls

    def rolls(anchor, brains, config) -> bool:
        if anchor not in rolls_at:
            row = layout(game).anchor_row
            turn = turn_graph.anchor_turn(game, anchor, turn_graph.ending_values(game, anchor, lambda a: values[row(a)]))
            roll, hold = turn.turn.roll, turn.turn.hold
            rolls_at[anchor] = ~np.isnan(roll) & (np.isnan(hold) | (roll > hold))
        return bool(rolls_at[anchor][brains, config])

    rng = random.Random(seed)
    first_wins = 0.0
    for _ in range(games):
        anchor = game.start_anchor(0)
        while True:
            cup = [c for c, n in zip(zombie_dice.COLOURS, zombie_dice.CUP, strict=True) for _ in range(n)]
            hand, brains_aside, shotguns, brains = [], [], [], 0
            while True:
                config = index[tuple(d.count(c) for d in (hand, brains_aside, shotguns) for c in zombie_dice.COLOURS)]
                if not rolls(anchor, brains, config):
                    break
                rolled = zombie_dice.roll_labelled_dice(cup, hand, brains_aside, rng)
                brains_aside += [c for c, f in rolled if f == "brain"]
                brains += sum(f == "brain" for _, f in rolled)
                shotguns += [c for c, f in rolled if f == "shotgun"]
                hand += [c for c, f in rolled if f == "footprint"]
                if len(shotguns) >= zombie_dice.BUST_SHOTGUNS:
                    brains = 0
                    break
            end = turn_end(game, anchor, brains, 1)
            if end.mover_value is not None:
                first_wins += end.mover_value if anchor[0] == 1 else 1 - end.mover_value
                break
            anchor = end.state.anchor
    rate = first_wins / games
    return rate, (rate * (1 - rate) / games) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bound", type=int, default=26)
    parser.add_argument("--reading", choices=zombie_dice.READINGS, default="after")
    parser.add_argument("--simulate", type=int, default=0, help="games of optimal play to simulate (default rules only)")
    args = parser.parse_args()
    if args.simulate:  # the second check alone, against the shipped table
        started = time.perf_counter()
        rate, error = simulate(find_game("zombie-dice"), args.simulate)
        expected = load_table(find_game("zombie-dice")).entry["p_first_player_wins"]
        print(f"simulated {args.simulate} games of optimal play (bound 26 table): first player wins {rate:.4f} "
              f"± {error:.4f} (table: {expected:.4f}, {(rate - expected) / error:+.1f} standard errors), "
              f"{time.perf_counter() - started:.0f} s")
        return

    ayzd = find_game("ayzd")
    started = time.perf_counter()
    factored.anchor_values(ayzd)
    factored_seconds = time.perf_counter() - started
    started = time.perf_counter()
    solve(ayzd)
    print(f"AYZD: factored {factored_seconds:.2f} s, main solver {time.perf_counter() - started:.2f} s")

    game = find_game("zombie-dice", bound=args.bound, reading=args.reading)
    started = time.perf_counter()
    graph, _ = turn_graph.graph_of(game)
    print(f"turn graph: {graph.n_configurations} configurations, {len(graph.src)} transitions, "
          f"{time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    solution = solve(game, progress=lambda stage, _: print(f"  {stage}: {time.perf_counter() - started:.0f} s", file=sys.stderr))
    print(f"bound {args.bound}, reading {args.reading}: P(first player wins) = {solution.p_first_player_wins():.6f}, "
          f"{solution.iterations} batched sweeps, {time.perf_counter() - started:.0f} s, "
          f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
