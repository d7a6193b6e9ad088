"""Full Zombie Dice, two players: every turn-start value by the factored solver, with the
time and peak memory, and the factored sweep against the main solver on AYZD (same run).

    python bench/bench_zombie_dice.py [--bound 26] [--reading after|before]

Until the game is registered (issue 12), the two-player rules are AYZD's (rounds, goal 13,
tie-breaks, bound M) with the coloured turn of ``pycore.games.zombie_dice`` in place of the
all-yellow one. Prints P(first player wins) under optimal play. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game, solve  # noqa: E402
from pycore.games import zombie_dice  # noqa: E402
from pycore.games.ayzd import AllYellowZombieDice  # noqa: E402
from pycore.jeopardy import factored  # noqa: E402


class ColouredRace(AllYellowZombieDice):
    """AYZD's race with the coloured turn: the columns the factored solver asks the rules about."""

    name = "zombie-dice-bench"

    def can_hold(self, state):
        shotguns = state["sg_G"] + state["sg_Y"] + state["sg_R"]
        return (state["b"] > 0) | (shotguns > 0) | ~self.can_roll(state)

    def var_range(self, var):
        return (0, self.bound) if var == "b" else super().var_range(var)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bound", type=int, default=26)
    parser.add_argument("--reading", choices=zombie_dice.READINGS, default="after")
    args = parser.parse_args()

    started = time.perf_counter()
    ayzd = find_game("ayzd")
    graph, columns = factored.graph_of_rules(ayzd)
    factored.anchor_values(ayzd, graph, columns)
    factored_seconds = time.perf_counter() - started
    started = time.perf_counter()
    solve(ayzd)
    print(f"AYZD: factored {factored_seconds:.2f} s, main solver {time.perf_counter() - started:.2f} s")

    started = time.perf_counter()
    graph = zombie_dice.turn_graph(args.reading)
    print(f"turn graph: {graph.n_configurations} configurations, {len(graph.src)} transitions, "
          f"{time.perf_counter() - started:.1f} s")
    columns = {}
    for n, part in enumerate(("fp", "br", "sg")):
        for k, colour in enumerate(zombie_dice.COLOURS):
            columns[f"{part}_{colour}"] = np.array([c[n][k] for c in graph.configurations])
    game = ColouredRace(bound=args.bound)  # its gain is AYZD's b; the configuration replaces s
    started = time.perf_counter()
    values = factored.anchor_values(
        game, graph, columns, progress=lambda stage, _: print(f"  {stage}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    )
    start = next(n for n, a in enumerate(game.anchors()) if tuple(a) == (1, 0, 0))
    print(f"bound {args.bound}, reading {args.reading}: P(first player wins) = {values[start]:.6f}, "
          f"{time.perf_counter() - started:.0f} s, peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
