"""Offline (CPython only): the whole-game target table, in parallel processes.

``python -m pycore target-curve --joker forced --max-target 300`` solves
:func:`pycore.solitaire.solve_target` for every anchor of the game and every
deficit up to ``max_target`` (the same layer-by-layer recursion, each layer
split between worker processes that share the table in shared memory) and
writes, for each target ``T``, the best chance of a final score of at least
``T`` next to the chance of the expected-score player (from its exact score
distribution). The table itself (536,320 x 301 values) is far too large to
ship; the curve is small and goes to ``prebuilt_tables/``.
"""

from __future__ import annotations

import json
import time
from multiprocessing import get_context, shared_memory
from pathlib import Path

import numpy as np

from .prebuilt import load_table, register_curve, tables_dir
from .registry import find_game
from .solitaire import Progress, TargetSolution, target_end_values

CHUNK = 16
_WORKER: dict = {}


def _start_worker(joker: str, name: str, shape: tuple[int, int], dtype: str, anchors: np.ndarray) -> None:
    memory = shared_memory.SharedMemory(name=name)
    reach = np.ndarray(shape, dtype=dtype, buffer=memory.buf)
    _WORKER.update(game=find_game("yahtzee", joker=joker), memory=memory, solution=TargetSolution(anchors, reach, 0))


def _solve_part(batch_anchors: np.ndarray) -> int:
    game, solution = _WORKER["game"], _WORKER["solution"]
    for lo in range(0, batch_anchors.size, CHUNK):
        batch = batch_anchors[lo : lo + CHUNK]
        final = target_end_values(game, batch, solution).max(axis=0)
        start_values = game.dice.start_value(final.reshape(final.shape[0], -1))
        solution.reach[solution.rows_of(batch)] = start_values.reshape(batch.size, -1)
    return int(batch_anchors.size)


def target_curve(
    joker: str, max_target: int, workers: int = 2, dtype: str = "float32", progress: Progress | None = None
) -> dict:
    game = find_game("yahtzee", joker=joker)
    started = time.perf_counter()
    layers = game.layers()
    anchors = np.sort(np.concatenate(layers))
    shape = (anchors.size + 1, max_target + 1)
    memory = shared_memory.SharedMemory(create=True, size=int(np.prod(shape)) * np.dtype(dtype).itemsize)
    try:
        reach = np.ndarray(shape, dtype=dtype, buffer=memory.buf)
        reach[:] = 0
        reach[:, 0] = 1
        total, done = anchors.size, 0
        with get_context("fork").Pool(
            workers, initializer=_start_worker, initargs=(joker, memory.name, shape, dtype, anchors)
        ) as pool:
            for layer in layers:
                # a layer depends only on the one after it: its anchors are independent
                parts = [p for p in np.array_split(layer, max(1, min(layer.size // CHUNK, 8 * workers))) if p.size]
                for count in pool.imap_unordered(_solve_part, parts):
                    done += count
                    if progress:
                        progress("target table", done / total)
        solution = TargetSolution(anchors, reach, 0)
        best = np.array(reach[solution.rows_of(np.array([game.start_anchor]))[0]], dtype=np.float64)
    finally:
        memory.close()
        memory.unlink()
    distribution = load_table(game).distribution
    tail = np.cumsum(distribution[::-1])[::-1]  # P(final >= T)
    curve = [
        {
            "target": t,
            "p_reach_target_play": float(best[t]),
            "p_reach_playing_for_points": float(tail[t]),
            "gain": float(best[t] - tail[t]),
        }
        for t in range(max_target + 1)
    ]
    return {
        "rules": game.rules,
        "max_target": max_target,
        "dtype": dtype,
        "anchors": int(anchors.size),
        "seconds": round(time.perf_counter() - started, 1),
        "workers": workers,
        "regenerate": f"python -m pycore target-curve --joker {joker} --max-target {max_target}",
        "curve": curve,
    }


def write_target_curve(result: dict, out_dir: Path | None = None) -> Path:
    """Write the curve next to the tables and list it in their manifest."""
    path = Path(out_dir or tables_dir()) / f"yahtzee-{result['rules']['joker']}-targets.json"
    path.write_text(json.dumps(result, indent=1) + "\n")
    register_curve(path)
    return path
