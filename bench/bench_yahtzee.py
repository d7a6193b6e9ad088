"""Yahtzee: anchor solve per rule set, within-turn advice, the solve's best box per final roll
(boxes grouped by joint class) against the maximum of the full [boxes, rolls, B] table, the
keep recursion against dense keep-outcome sums (the textbook within-turn step), and the
whole-game target tables' inner step (one box at a time, column blocks) against the
straightforward one, all timed in the same run.

    python bench/bench_yahtzee.py [--runs 3] [--jokers free,forced,none] [--deficits 701]

Prints medians of ``--runs`` runs; numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import api  # noqa: E402
from pycore.games.yahtzee import Yahtzee  # noqa: E402
from pycore.scorecard.dice_turn import DiceTurn  # noqa: E402
from pycore.scorecard.solitaire import CHUNK, TargetSolution, solve_solitaire, solve_target_batch, target_end_values  # noqa: E402
from pycore.store.prebuilt import load_table, read_manifest  # noqa: E402

POSITIONS = [
    ("", "13356", 2),
    ("1s:3,fh:25", "22456", 1),
    ("3k:17,4k:0,ch:22,y:50", "44441", 2),
    ("1s:2,2s:6,3s:9,ss:30,ls:40", "66612", 0),
    ("", None, None),
]


def timed(fn):
    started = time.perf_counter()
    result = fn()
    return time.perf_counter() - started, result


def dense_stage(turn: DiceTurn, after: np.ndarray) -> np.ndarray:
    """Keep values by summing every keep's outcomes (a dense [keeps, rolls] matrix)."""
    if not hasattr(turn, "_dense"):
        matrix = np.zeros((len(turn.keeps), turn.n_rolls))
        for k, keep in enumerate(turn.keeps):
            rolled = DiceTurn(n_dice=5 - len(keep)) if len(keep) < 5 else None
            if rolled is None:
                matrix[k, turn.roll_index[keep]] = 1.0
                continue
            for r, outcome in enumerate(rolled.roll_tuples):
                matrix[k, turn.roll_index[tuple(sorted(keep + outcome))]] += rolled.roll_probability[r]
        object.__setattr__(turn, "_dense", matrix)
    return turn._dense @ after


def target_step(game: Yahtzee, batch: np.ndarray, solution: TargetSolution, fused: bool) -> None:
    """One batch of a whole-game target table: best box per final roll, then the turn's start value."""
    if fused:  # what the solvers run
        solve_target_batch(game, batch, solution)
        return
    final = target_end_values(game, batch, solution).max(axis=0).reshape(game.dice.n_rolls, -1)
    stages = game.dice.stage_values(final)  # one pass over every column
    solution.reach[solution.rows_of(batch)] = (game.dice.roll_probability @ stages[-1]).reshape(batch.size, -1)


def bench_target_step(deficits: int, runs: int) -> None:
    game = Yahtzee("forced")
    layers = game.layers()
    anchors = np.sort(np.concatenate(layers))
    reach = np.random.default_rng(2).random((anchors.size + 1, deficits), dtype=np.float32)
    solution = TargetSolution(anchors, reach, 0.0)
    batches = [layers[6][lo : lo + 16] for lo in range(0, 64, 16)]  # mid-game anchors

    def per_anchor(fused: bool) -> float:
        return statistics.median(
            timed(lambda: [target_step(game, b, solution, fused) for b in batches])[0] for _ in range(runs)
        ) / sum(b.size for b in batches)

    plain, fused = per_anchor(False), per_anchor(True)
    print(
        f"whole-game target step, {deficits} deficits, float32: {1000 * plain:.1f} ms/anchor straightforward, "
        f"{1000 * fused:.1f} ms/anchor by box and column block ({plain / fused:.1f}x); "
        f"one process for {anchors.size} anchors: {anchors.size * fused / 60:.0f} min"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jokers", default="free,forced,none")
    parser.add_argument("--deficits", type=int, default=701, help="columns of the target-step benchmark")
    args = parser.parse_args()
    manifest = {e["rules"]["joker"]: e for e in read_manifest()["tables"] if e["rules"]["game"] == "yahtzee"}
    print(f"{'joker':<7} {'anchors':>8} {'solve s':>8} {'expected':>10} {'table bytes':>11} {'advice ms':>9}")
    for joker in args.jokers.split(","):
        game = Yahtzee(joker)
        solves = [timed(lambda game=game: solve_solitaire(game)) for _ in range(args.runs)]
        solution = solves[-1][1]
        load_table(game)
        advice = []
        for _ in range(args.runs):
            for card, dice, rolls in POSITIONS:
                request = {"game": "yahtzee", "joker": joker, "scorecard": card}
                if dice:
                    request.update(dice=dice, rolls_left=rolls)
                advice.append(timed(lambda request=request: api.call("advise", request))[0])
        print(
            f"{joker:<7} {solution.anchors_solved:>8} {statistics.median(s for s, _ in solves):>8.2f} "
            f"{solution.expected_score:>10.4f} {manifest[joker]['bytes']:>11} "
            f"{1000 * statistics.median(advice):>9.1f}",
            flush=True,
        )
    game = Yahtzee("forced")
    anchors = game.layers()[6][:CHUNK]  # mid-game anchors, one solve batch
    values = np.random.default_rng(1).random(game.n_anchors) * 100
    grouped = statistics.median(timed(lambda: game.best_outcome(anchors, values))[0] for _ in range(args.runs))
    full = statistics.median(timed(lambda: game.outcomes(anchors, values).max(axis=0))[0] for _ in range(args.runs))
    print(
        f"best box of every final roll, {anchors.size} anchors: grouped {1000 * grouped:.1f} ms, "
        f"full table's maximum {1000 * full:.1f} ms ({full / grouped:.1f}x)"
    )
    turn = DiceTurn()
    after = np.random.default_rng(1).random((turn.n_rolls, 2048))
    dense_stage(turn, after[:, :1])
    recursion = statistics.median(timed(lambda: turn.keep_values(after))[0] for _ in range(args.runs))
    dense = statistics.median(timed(lambda: dense_stage(turn, after))[0] for _ in range(args.runs))
    print(
        f"keep values for 2048 anchors: recursion {1000 * recursion:.1f} ms, dense sums {1000 * dense:.1f} ms "
        f"({dense / recursion:.1f}x)"
    )
    bench_target_step(args.deficits, args.runs)


if __name__ == "__main__":
    main()
