"""The protocol of solitaire scorecard games (Yahtzee and kin): maximise the expected final score.

A game of this kind is a sequence of turns, each ending by filling one box of
a scorecard. The solvers (:mod:`pycore.scorecard.solitaire`) see *anchors*,
integer indices of turn-start positions, and the game's vectorised
end-of-turn rules; the API sees *positions* a person enters (a scorecard, the
dice showing, the rerolls left), parsed and described by the game itself, so
no generic code knows what a box is called or what it scores.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from functools import cached_property
from typing import ClassVar

import numpy as np

from ..core.dice import uniform_dice
from ..core.game import Game
from ..core.table_spec import EVERY_CHOICE, TableSpec
from .dice_turn import DiceTurn

GROUP_CLASSES = 64  # joint classes per box group: a group's table stays far smaller than [rolls, B]


def _joint_classes(box_classes: tuple[np.ndarray, ...], boxes: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """([joint, boxes] the distinct tuples of the boxes' classes, [rolls] each roll's tuple)."""
    joint, roll_joint = np.unique(np.stack([box_classes[b] for b in boxes], axis=1), axis=0, return_inverse=True)
    return joint, roll_joint.reshape(-1).astype(np.intp)


def layer_order(game: ScorecardGame):
    """(order, size) of a scorecard game's table (:func:`pycore.core.table_spec.table_order`):
    its anchors layer by layer."""
    return np.concatenate(game.layers()), game.n_anchors


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

    @property
    @abstractmethod
    def box_classes(self) -> tuple[np.ndarray, ...]:
        """Per box, [rolls] the class of each final roll: the rolls of a class score the same in
        that box and lead to the same anchor (the rolls in ``special_rolls`` excepted)."""

    special_rolls: np.ndarray  # final rolls whose values box_values' fix amends (e.g. jokers)

    @abstractmethod
    def box_values(self, anchors: np.ndarray, values: np.ndarray) -> tuple[list[np.ndarray], Callable]:
        """(by_class, fix): ``by_class[box]`` [classes, B] points now plus ``values`` of the anchor
        the box leads to, for a roll of each class (-inf: not allowed); ``fix`` amends
        [boxes, special_rolls, B], the values of ``special_rolls``, in place and returns it."""

    def outcomes(self, anchors: np.ndarray, values: np.ndarray) -> np.ndarray:
        """[boxes, rolls, B] points now plus ``values`` of the anchor each box leads to (-inf: not allowed)."""
        by_class, fix = self.box_values(anchors, values)
        out = np.stack([table[classes] for table, classes in zip(by_class, self.box_classes, strict=True)])
        rows = self.special_rolls
        out[:, rows] = fix(out[:, rows])
        return out

    def best_outcome(self, anchors: np.ndarray, values: np.ndarray) -> np.ndarray:
        """[rolls, B] the value of each final roll under the best box, ``outcomes(...).max(axis=0)``
        (the solve's inner step) without the [boxes, rolls, B] array: within each of
        :attr:`_box_groups` the best box is found once per joint class, then spread over the rolls."""
        by_class, fix = self.box_values(anchors, values)
        best = spread = None
        for boxes, joint_classes, roll_joint in self._box_groups:
            table = by_class[boxes[0]][joint_classes[0]]
            for box, classes in zip(boxes[1:], joint_classes[1:], strict=True):
                np.maximum(table, by_class[box][classes], out=table)
            if best is None:
                best, spread = table[roll_joint], np.empty((roll_joint.size, table.shape[1]))
            else:  # take(out=..., mode="clip"): no temporary (the indices are ours, in range)
                np.maximum(best, np.take(table, roll_joint, axis=0, out=spread, mode="clip"), out=best)
        rows = self.special_rolls
        if rows.size:
            block = np.stack([table[classes[rows]] for table, classes in zip(by_class, self.box_classes, strict=True)])
            best[rows] = fix(block).max(axis=0)
        return best

    @cached_property
    def _box_groups(self) -> list[tuple[list[int], list[np.ndarray], np.ndarray]]:
        """Consecutive boxes grouped while their joint class (the tuple of their classes) takes at
        most ``GROUP_CLASSES`` values: (boxes, [joint classes] each box's class in each joint
        class, [rolls] each roll's joint class). Yahtzee's 13 boxes make 4 groups: a roll's best
        box is then 4 gathers of [rolls, B] instead of 13 (bench/bench_yahtzee.py)."""
        groups: list[list[int]] = []
        for box in range(len(self.box_classes)):
            if groups and _joint_classes(self.box_classes, groups[-1] + [box])[0].shape[0] <= GROUP_CLASSES:
                groups[-1].append(box)
            else:
                groups.append([box])
        out = []
        for boxes in groups:
            joint, roll_joint = _joint_classes(self.box_classes, boxes)
            out.append((boxes, [np.ascontiguousarray(joint[:, i]) for i in range(len(boxes))], roll_joint))
        return out

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

    @property
    def tables(self) -> TableSpec:
        """Its prebuilt tables (:mod:`pycore.core.table_spec`): every rule set ships one, the
        expected points of the rest of the game by anchor, layer by layer, with the chance of
        each final score; the expected score's answer reads its entry's anchors, size and
        solve time."""
        return TableSpec(variants=EVERY_CHOICE, extra=("distribution",), facts_read=("anchors", "bytes", "solve_seconds"),
                         value_range=(0.0, float(self.max_score)), extra_lengths={"distribution": self.max_score + 1},
                         order=layer_order)

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
