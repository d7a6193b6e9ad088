"""What one turn banks, as a simulated table draws it: each turn start's distribution followed
state by state in Python (``TurnSampler`` without the table's turn starts: the baseline, the
only way before) against a batch of turn starts swept and followed forward together
(``banked.banked_turns``), in the same run, on the shipped two-player tables.

    python bench/bench_banked_turns.py [--game farkle --rules basic] [--anchors 5] [--batch 1000]

Prints each way's median milliseconds a turn start and the ratio. Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game  # noqa: E402
from pycore.jeopardy.analysis import analyse  # noqa: E402
from pycore.jeopardy.play.match import OPTIMAL, Player, Position  # noqa: E402
from pycore.jeopardy.play.table_simulation import TurnSampler, stand_in_values  # noqa: E402
from pycore.jeopardy.solving.banked import banked_turns  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="farkle")
    parser.add_argument("--rules", default="basic")
    parser.add_argument("--anchors", type=int, default=5, help="turn starts followed state by state")
    parser.add_argument("--batch", type=int, default=1000, help="turn starts in one batch")
    args = parser.parse_args()
    game = find_game(args.game, **({"rules": args.rules} if args.game == "farkle" else {}))
    solution, _ = analyse(game, "win").solution(timed=False)
    passed = 1.0 - np.clip(solution.anchor_values, 0.0, 1.0)
    anchors = game.anchors()
    rows = np.random.default_rng(1).choice(len(anchors), args.anchors, replace=False)
    by_state = TurnSampler(game, stand_in_values(game))
    slow = []
    for row in rows:
        at = Position.start(game, 0, 5, exact=False)
        at.state = replace(at.state, anchor=tuple(int(x) for x in anchors[row]))
        started = time.perf_counter()
        by_state.gains(at, Player(OPTIMAL))
        slow.append(1000 * (time.perf_counter() - started))
    fast = []
    for first in (0, len(anchors) // 3, 2 * len(anchors) // 3):
        batch = np.arange(first, min(first + args.batch, len(anchors)))
        started = time.perf_counter()
        banked_turns(game, passed, batch)
        fast.append(1000 * (time.perf_counter() - started) / len(batch))
    print(f"{game.name} {game.params}: {len(anchors):,} turn starts")
    print(f"state by state: {statistics.median(slow):8.2f} ms a turn start (median of {len(slow)})")
    print(f"batched:        {statistics.median(fast):8.2f} ms a turn start (median of {len(fast)} batches of {args.batch})")
    print(f"ratio:          {statistics.median(slow) / statistics.median(fast):8.1f}x")


if __name__ == "__main__":
    main()
