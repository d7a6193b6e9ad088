r"""Maximum expected score of a solitaire scorecard game (Yahtzee and kin).

Notation: ``a`` an anchor (turn-start position), ``V(a)`` the expected score
of the remaining turns under optimal play, ``r`` the final roll of a turn,
``c`` a box, ``points(a, c, r)`` what filling it scores (bonuses included)
and ``next(a, c, r)`` the anchor after it:

.. math::

    E_0(a, r) = \max_{c \text{ allowed}} \; points(a, c, r) + V(next(a, c, r))

    V(a) = \text{turn-start value of } E_0(a, \cdot)
    \text{ (the keep/reroll recursion of } :mod:`pycore.dice_turn`)

    V(a) = 0 \text{ when every box is filled.}

Every turn fills one box, so ``next`` is one layer further on (one more box
filled): one backward pass over the layers, each a batch of numpy operations
over all its anchors, solves the game exactly with no iteration (the seed's
recursion for non-final choice and random-event positions, evaluated for the
anchors only). The game supplies ``dice`` (a :class:`~pycore.dice_turn.DiceTurn`),
``n_anchors``, ``layers()`` (anchor indices, last turn first), ``start_anchor``
and ``outcomes(anchors, values)`` [boxes, rolls, B]: what filling each box with each
final roll scores now plus the value of the anchor it leads to.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Protocol

import numpy as np

from .dice_turn import DiceTurn

Progress = Callable[[str, float], None]
CHUNK = 2048  # anchors per numpy batch: keeps [462, CHUNK] arrays in cache-friendly sizes


class ScorecardGame(Protocol):
    dice: DiceTurn
    n_anchors: int
    start_anchor: int
    key: tuple

    def layers(self) -> list[np.ndarray]: ...

    def outcomes(self, anchors: np.ndarray, values: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True)
class SolitaireSolution:
    """Anchor values [n_anchors] (expected future score; 0 where unreachable)."""

    key: tuple
    values: np.ndarray
    anchors_solved: int
    seconds: float

    @property
    def expected_score(self) -> float:
        return float(self.values[0])


def end_of_turn_values(game: ScorecardGame, anchors: np.ndarray, values: np.ndarray) -> np.ndarray:
    """[boxes, rolls, B] points plus future value of each allowed box (-inf if not allowed)."""
    return game.outcomes(anchors, values)


def solve_solitaire(game: ScorecardGame, progress: Progress | None = None, chunk: int = CHUNK) -> SolitaireSolution:
    """Optimal expected scores of every reachable anchor (one backward pass over the layers)."""
    started = time.perf_counter()
    values = np.zeros(game.n_anchors, dtype=np.float64)
    layers = game.layers()
    total = sum(layer.size for layer in layers)
    done = 0
    for layer in layers:
        for lo in range(0, layer.size, chunk):
            anchors = layer[lo:lo + chunk]
            final = end_of_turn_values(game, anchors, values).max(axis=0)
            values[anchors] = game.dice.start_value(final)
            done += anchors.size
            if progress:
                progress("anchors", done / total)
    return SolitaireSolution(game.key, values, total, time.perf_counter() - started)
