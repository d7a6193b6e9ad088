"""Pig for three players (issue 36), with and without a turn limit.

The players take turns in seat order; a turn start lists the scores from the player to move:
``i`` the mover's, ``j`` the next player's, ``l`` the one after. Ending a turn with a gain
``g`` (0 after a 1) leads to ``(j, l, i + g)``; reaching the goal wins at once. Each player
maximises their own chance to win; the values are vectors (:mod:`pycore.jeopardy.seats`).

* :class:`ThreePlayerPig`: no limit. Iterated from 1/3 it settles at small goals and not from
  goal 70 up (the players' policies keep switching), where the solve is refused.
* :class:`ThreePlayerPigTurns`: ``turns`` turns in all (a multiple of 3: every player gets the
  same number), ``n`` of them left at a turn start (this one included); when they run out
  with nobody at the goal the three share the win (1/3 each, as Glenn's notes share it
  between two). Backward induction over ``n``: one answer.

Not yet registered: the API, the page and the tables come with the rest of issue 36 (the
conformance test runs over every registered game, which all answer for two players today).
"""

from __future__ import annotations

import numpy as np

from ..core.errors import InvalidParameterError
from ..core.params import Param, StateVar
from ..jeopardy.vocabulary import TurnEnd
from .pig import OPPONENT, SCORE, Pig

THIRD = StateVar("l", "Third player's score", "score of the player after the next", unit="points")


class ThreePlayerPig(Pig):
    name = "pig-3"
    variant_of = "pig"
    variant_params = ("players",)
    title = "Pig for three players"
    players = 3
    anchor_vars = ("i", "j", "l")
    solver = "factored"
    variables = (SCORE, OPPONENT, THIRD, StateVar("k", "Turn total", "turn total", unit="points"))
    parameters = (*Pig.parameters, Param("players", 3, 3, 3, "players at the table", label="Players"))
    prebuilt = ()

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        if komi:
            raise InvalidParameterError(f"{self.name}: head starts are not offered for three players yet")
        return (0, 0, 0)

    def layer(self, anchor):
        return anchor["i"] + anchor["j"] + anchor["l"]

    def anchors(self) -> np.ndarray:
        scores = np.arange(self.goal)
        return np.stack([c.ravel() for c in np.meshgrid(scores, scores, scores, indexing="ij")], axis=1)

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        return all(0 <= x < self.goal for x in key)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j, l = self.anchor_key(anchor)  # noqa: E741 (the third score)
        return (i * self.goal + j) * self.goal + l

    def end_turn(self, anchor, gain) -> TurnEnd:
        banked = anchor["i"] + gain
        shape = np.shape(banked)
        value = np.where(banked >= self.goal, 1.0, np.nan)
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], shape), "j": np.broadcast_to(anchor["l"], shape),
                               "l": banked})

    def human_policies(self) -> tuple:
        return ()


class ThreePlayerPigTurns(ThreePlayerPig):
    name = "pig-turns-3"
    variant_params = ("players", "turns")
    title = "Pig for three players with a turn limit"
    anchor_vars = ("i", "j", "l", "n")
    variables = (SCORE, OPPONENT, THIRD,
                 StateVar("n", "Turns left", "turns left in the game, this one included", unit="turns"),
                 StateVar("k", "Turn total", "turn total", unit="points"))
    parameters = (
        *ThreePlayerPig.parameters,
        Param("turns", 60, 3, 600, "turns in the game, all players' together (a multiple of 3)", label="Turns"),
    )

    def _check_params(self) -> None:
        super()._check_params()
        if self.turns % 3:
            raise InvalidParameterError(
                f"{self.name}: turns must be a multiple of 3, so that every player gets the same number (got {self.turns})")

    @property
    def turns(self) -> int:
        return int(self.params["turns"])

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        return (*super().start_anchor(komi), self.turns)

    def layer(self, anchor):
        # every turn moves on to the next n: no layer leads to another of its own turn
        return (self.turns - anchor["n"]) * (3 * self.goal + 12) + super().layer(anchor)

    def anchors(self) -> np.ndarray:
        scores, left = np.arange(self.goal), np.arange(1, self.turns + 1)
        return np.stack([c.ravel() for c in np.meshgrid(scores, scores, scores, left, indexing="ij")], axis=1)

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        return super().has_anchor(key[:3]) and 1 <= key[3] <= self.turns

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j, l, n = self.anchor_key(anchor)  # noqa: E741
        return ((i * self.goal + j) * self.goal + l) * self.turns + n - 1

    def end_turn(self, anchor, gain) -> TurnEnd:
        end = super().end_turn(anchor, gain)
        last = np.broadcast_to(anchor["n"] == 1, np.shape(end.mover_value))
        value = np.where(np.isnan(end.mover_value) & last, 1.0 / 3.0, end.mover_value)  # the turns ran out: shared
        return TurnEnd(value, {**end.next_anchor, "n": np.broadcast_to(anchor["n"] - 1, np.shape(value))})
