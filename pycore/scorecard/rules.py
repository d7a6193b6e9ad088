"""The protocol of solitaire scorecard games (Yahtzee and kin): maximise the expected final score.

A game of this kind is a sequence of turns, each ending by filling one box of
a scorecard. The solvers (:mod:`pycore.scorecard.solitaire`) see *anchors*,
integer indices of turn-start positions, and the game's vectorised
end-of-turn rules; the API sees *positions* a person enters (a scorecard, the
dice showing, the rerolls left), parsed and described by the game itself, so
no generic code knows what a box is called or what it scores.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from typing import ClassVar

import numpy as np

from ..core.dice import uniform_dice
from ..core.game import Game
from ..store.prebuilt import TableContent
from .dice_turn import DiceTurn


class ScorecardGame(Game):
    """Base class of a solitaire scorecard game (``kind = "scorecard"``)."""

    kind = "scorecard"
    dice: DiceTurn
    #: every parameter set ships a prebuilt table (``python -m pycore tables``)
    turns: ClassVar[int]  # boxes to fill, one per turn

    # ---- what the solvers need --------------------------------------------------------
    n_anchors: int
    start_anchor: int
    zero_values: np.ndarray  # all-zero anchor values (outcomes with them = points scored)
    max_score: int  # the highest final score possible
    max_turn_points: int  # more than any one turn can score

    @abstractmethod
    def layers(self, start: int | None = None) -> list[np.ndarray]:
        """Anchors reachable from ``start`` (default: the game's start), last turn first."""

    @abstractmethod
    def outcomes(self, anchors: np.ndarray, values: np.ndarray) -> np.ndarray:
        """[boxes, rolls, B] points now plus ``values`` of the anchor each box leads to (-inf: not allowed)."""

    @abstractmethod
    def transitions(self, anchors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(points, next_anchor) [boxes, rolls, B]."""

    @abstractmethod
    def roll_class(self, box: int) -> np.ndarray:
        """[rolls] what of each final roll decides the next anchor when it fills ``box``."""

    @abstractmethod
    def after(self, anchors: np.ndarray, box: int, roll_shows: int) -> np.ndarray:
        """[B] the anchors after filling ``box``."""

    # ---- concrete dice ----------------------------------------------------------------

    def roll_faces(self, n_dice: int) -> list:
        """The exact distribution of rolling ``n_dice`` of the game's dice (for seeded play,
        :func:`pycore.core.dice.roll`)."""
        return uniform_dice(n_dice, range(1, self.dice.faces + 1))

    # ---- prebuilt tables: every rule set ships one -------------------------------------

    table_extra = ("distribution",)

    @classmethod
    def prebuilt_variants(cls) -> list["ScorecardGame"]:
        combos = [{}]
        for p in cls.parameters:
            combos = [{**c, p.name: choice} for c in combos for choice in p.choices]
        return [cls(**c) for c in combos]

    def build_table(self, progress=None):
        from .solitaire import distribution_stats, score_distribution, solve_solitaire  # they import this module

        solution = solve_solitaire(self, progress=progress)
        started = time.perf_counter()
        distribution = score_distribution(self, solution.values, progress=progress)
        distribution_seconds = time.perf_counter() - started
        order, _ = self.table_order()
        return TableContent(
            solution.values[order],
            {"distribution": distribution},
            facts={
                "expected_score": solution.expected_score,
                "anchors": solution.anchors_solved,
                "solve_seconds": round(solution.seconds, 2),
                "distribution_seconds": round(distribution_seconds, 2),
                "distribution": distribution_stats(distribution),
            },
        )

    def table_order(self):
        return np.concatenate(self.layers()), self.n_anchors

    # ---- positions as a person enters them ---------------------------------------------

    @abstractmethod
    def card_from_text(self, text: str):
        """A scorecard from its text form (InvalidStateError naming the problem)."""

    @abstractmethod
    def nearest_card(self, text: str) -> tuple[object, list[str]]:
        """The scorecard with every entry of ``text`` that fits, and a message per entry left out."""

    @abstractmethod
    def parse_dice(self, text: str) -> tuple[int, ...]:
        """The dice showing, from text such as ``"13356"``."""

    @abstractmethod
    def anchor_of(self, card) -> int:
        """The anchor of a scorecard (its consistency checked)."""

    @abstractmethod
    def box_keys(self) -> tuple[str, ...]:
        """The boxes' keys, in box order."""

    @abstractmethod
    def box_titles(self) -> tuple[str, ...]:
        """The boxes' names, in box order."""

    @abstractmethod
    def fill(self, card, box: int, dice: tuple[int, ...], total: int) -> dict:
        """Filling ``box`` with ``dice`` for ``total`` points in all (bonuses included):
        ``{"points": the box's points, "bonus": the bonuses, "scorecard_after": text}``."""
