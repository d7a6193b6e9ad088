r"""The within-turn part of keep-and-reroll dice games (Yahtzee and kin).

A turn rolls ``n_dice`` dice up to ``rolls`` times; before each reroll the
player keeps any sub-multiset of the dice. Only multisets matter: 5 six-sided
dice have 252 rolls and 462 keeps (sub-multisets of 0-5 dice).

Notation (shapes in brackets, ``B`` anchors side by side as columns):

* ``E_s[r]`` [rolls, B]: value of holding roll ``r`` with ``s`` rerolls left
  (``E_0`` is the game's end-of-turn choice, supplied by the game).
* ``K_s[k]`` [keeps, B]: value of keeping ``k`` and rerolling the other dice
  with ``s - 1`` rerolls left after it.

.. math::

    K_s[k] = \frac{1}{f} \sum_{d=1}^{f} K_s[k + d] \quad (|k| < n), \qquad
    K_s[r] = E_{s-1}[r] \quad (|r| = n)

    E_s[r] = \max_{k \subseteq r} K_s[k]

The first line averages over one more die at a time, so a keep of ``m`` dice
costs ``f`` additions instead of a sum over its ``C(n-m+f-1, n-m)`` outcomes;
the second is computed as a running maximum over sub-multisets with one die
fewer (``M[k] = max(K[k], max_d M[k - d])``). Everything is a row gather over
an array whose columns are anchors, so one numpy call handles a whole batch.
The turn-start value is ``K_{rolls}[\emptyset]`` built from ``E_{rolls-1}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, combinations_with_replacement
from math import factorial

import numpy as np

COLUMN_BLOCK = 512  # columns per pass of start_value: [462 keeps, 512] float64 is 1.9 MB


@dataclass(frozen=True)
class DiceTurn:
    """Rolls and keeps of ``n_dice`` ``faces``-sided dice, rolled up to ``rolls`` times a turn."""

    n_dice: int = 5
    faces: int = 6
    rolls: int = 3

    @cached_property
    def keeps(self) -> tuple[tuple[int, ...], ...]:
        """Every sub-multiset, as sorted tuples, ordered by size (the rolls are the last block),
        within a size by how many distinct faces they show, most first (so that the running
        maximum of :meth:`best_keeps` works on leading slices of each block)."""
        out: list[tuple[int, ...]] = []
        for m in range(self.n_dice + 1):
            block = combinations_with_replacement(range(1, self.faces + 1), m)
            out.extend(sorted(block, key=lambda k: -len(set(k))))  # stable: lexicographic within
        return tuple(out)

    @cached_property
    def keep_index(self) -> dict[tuple[int, ...], int]:
        return {k: i for i, k in enumerate(self.keeps)}

    @cached_property
    def level_start(self) -> tuple[int, ...]:
        """``level_start[m]``: index of the first keep with ``m`` dice (and one past the end)."""
        starts, i = [], 0
        for m in range(self.n_dice + 2):
            starts.append(i)
            i += sum(1 for k in self.keeps if len(k) == m)
        return tuple(starts)

    @cached_property
    def roll_tuples(self) -> tuple[tuple[int, ...], ...]:
        return self.keeps[self.level_start[self.n_dice] :]

    @property
    def n_rolls(self) -> int:
        return len(self.roll_tuples)

    @cached_property
    def roll_index(self) -> dict[tuple[int, ...], int]:
        return {r: i for i, r in enumerate(self.roll_tuples)}

    @cached_property
    def face_counts(self) -> np.ndarray:
        """[rolls, faces] how many of each face a roll shows."""
        counts = np.zeros((self.n_rolls, self.faces), dtype=np.int64)
        for i, r in enumerate(self.roll_tuples):
            for d in r:
                counts[i, d - 1] += 1
        return counts

    @cached_property
    def roll_probability(self) -> np.ndarray:
        """[rolls] probability of each roll of all the dice."""
        n = self.n_dice
        p = np.array(
            [factorial(n) / np.prod([factorial(int(c)) for c in row]) for row in self.face_counts], dtype=np.float64
        )
        return p / self.faces**n

    @cached_property
    def _children(self) -> list[np.ndarray]:
        """``_children[m]`` [keeps with m dice, faces]: the keep with one more die of each face."""
        out = []
        for m in range(self.n_dice):
            block = self.keeps[self.level_start[m] : self.level_start[m + 1]]
            out.append(
                np.array(
                    [[self.keep_index[tuple(sorted(k + (d,)))] for d in range(1, self.faces + 1)] for k in block],
                    dtype=np.intp,
                )
            )
        return out

    @cached_property
    def _parents(self) -> list[list[np.ndarray]]:
        """``_parents[m][j]``: for the keeps with ``m`` dice that show more than ``j`` distinct
        faces (a leading slice of their block, see :attr:`keeps`), the keep without one die of
        their ``j``-th smallest face."""
        out: list[list[np.ndarray]] = [[]]
        for m in range(1, self.n_dice + 1):
            block = self.keeps[self.level_start[m] : self.level_start[m + 1]]
            columns: list[list[int]] = []
            for k in block:
                for j, d in enumerate(sorted(set(k))):
                    smaller = list(k)
                    smaller.remove(d)
                    if j == len(columns):
                        columns.append([])
                    columns[j].append(self.keep_index[tuple(smaller)])
            out.append([np.array(column, dtype=np.intp) for column in columns])
        return out

    def keep_values(self, after: np.ndarray) -> np.ndarray:
        """[keeps, B] the value of each keep, given ``after`` [rolls, B], the value of each
        complete roll once the dice are thrown."""
        out = np.empty((len(self.keeps),) + after.shape[1:], dtype=after.dtype)
        start = self.level_start
        out[start[self.n_dice] :] = after
        scratch = np.empty((start[self.n_dice] - start[self.n_dice - 1],) + after.shape[1:], dtype=after.dtype)
        for m in range(self.n_dice - 1, -1, -1):
            children = self._children[m]
            block, looked_up = out[start[m] : start[m + 1]], scratch[: children.shape[0]]
            # take(out=..., mode="clip"): no temporary arrays (the indices are ours, always in range)
            np.take(out, children[:, 0], axis=0, out=block, mode="clip")
            for d in range(1, self.faces):
                np.add(block, np.take(out, children[:, d], axis=0, out=looked_up, mode="clip"), out=block)
            np.divide(block, self.faces, out=block)
        return out

    def best_keeps(self, keep_values: np.ndarray, choose: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
        """(best [keeps, B], choice [keeps, B] or None): for each multiset the best value among the
        keeps it contains and (if ``choose``) which keep gives it; ties go to the larger keep."""
        best = keep_values.copy()
        choice = np.broadcast_to(np.arange(len(self.keeps))[:, None], best.shape).copy() if choose else None
        self._running_max(best, choice)
        return best, choice

    def _running_max(self, best: np.ndarray, choice: np.ndarray | None = None) -> None:
        """:meth:`best_keeps` in place on ``best`` (and ``choice``), one level at a time up from
        the smallest keeps: ``M[k] = max(K[k], max_d M[k - d])``."""
        start = self.level_start
        scratch = np.empty((self.n_rolls,) + best.shape[1:], dtype=best.dtype)
        for m in range(1, self.n_dice + 1):
            for parents in self._parents[m]:
                rows = slice(start[m], start[m] + parents.size)
                block = best[rows]
                candidate = np.take(best, parents, axis=0, out=scratch[: parents.size], mode="clip")
                if choice is not None:
                    better = candidate > block
                    choice[rows][better] = choice[parents][better]
                np.maximum(block, candidate, out=block)

    def spread_keeps(self, keep_mass: np.ndarray) -> np.ndarray:
        """[rolls, B] where probability mass on keeps [keeps, B] lands once the other dice are rolled
        (the transpose of :meth:`keep_values`)."""
        mass = keep_mass.copy()
        start = self.level_start
        for m in range(self.n_dice):
            share = mass[start[m] : start[m + 1]] / self.faces
            for d in range(self.faces):
                mass[self._children[m][:, d]] += share  # one child per keep for a given face: no clashes
        return mass[start[self.n_dice] :]

    def play_forward(self, final: np.ndarray) -> np.ndarray:
        """[rolls, B] the probability of ending the turn with each roll when every keep maximises
        ``final`` [rolls, B] (the value of ending with each roll)."""
        stages = self.stage_values(final)
        n_rolls, width = final.shape
        mass = np.broadcast_to(self.roll_probability[:, None], final.shape).copy()
        columns = np.arange(width)
        for rerolls in range(self.rolls - 1, 0, -1):
            _, choice = self.best_keeps(self.keep_values(stages[rerolls - 1]), choose=True)
            keep_of_roll = choice[self.level_start[self.n_dice] :]  # [rolls, B]
            keep_mass = np.bincount(
                (keep_of_roll * width + columns[None, :]).ravel().astype(np.intp),  # bincount wants intp (wasm32)
                weights=mass.ravel(),
                minlength=len(self.keeps) * width,
            ).reshape(len(self.keeps), width)
            mass = self.spread_keeps(keep_mass)
        return mass

    def next_stage(self, stage: np.ndarray) -> np.ndarray:
        """[rolls, B] ``E_{s+1}`` from ``E_s``: each roll's value under its best keep."""
        best = self.keep_values(stage)
        self._running_max(best)
        return best[self.level_start[self.n_dice] :]

    def stage_values(self, final: np.ndarray) -> list[np.ndarray]:
        """``[E_0, E_1, ..., E_{rolls-1}]`` from ``E_0 = final`` [rolls, B]."""
        stages = [final]
        for _ in range(self.rolls - 1):
            stages.append(self.next_stage(stages[-1]))
        return stages

    def start_value(self, final: np.ndarray) -> np.ndarray:
        """[B] the turn-start value: expected ``E_{rolls-1}`` of the first roll.

        Columns are independent, so wide inputs (the target tables' batch x deficits) go through
        in blocks of ``COLUMN_BLOCK``: each [keeps, block] array then stays in the L2 cache, which
        measured 2.3x faster than one pass over 11,216 columns (bench/bench_yahtzee.py)."""
        if final.shape[1] > COLUMN_BLOCK:
            return np.concatenate(
                [self.start_value(final[:, lo : lo + COLUMN_BLOCK]) for lo in range(0, final.shape[1], COLUMN_BLOCK)]
            )
        stages = self.stage_values(final)
        return self.roll_probability @ stages[-1]

    def sub_keeps(self, roll: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The distinct keeps a roll allows, largest first."""
        ordered = tuple(sorted(roll))
        found = {kept for size in range(len(ordered) + 1) for kept in combinations(ordered, size)}
        return sorted(found, key=lambda k: (-len(k), k))
