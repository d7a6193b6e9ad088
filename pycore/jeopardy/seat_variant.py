"""What every variant of a jeopardy game for three players shares (issue 36): its name
pattern, the ``players`` parameter, the other two scores' variables, the seats solver, the
first turn and head starts. A turn start lists ``p`` (where the game has a place in the
round, 1 first) and the scores in seat order from the mover: ``i``, ``j``, ``l``."""

from __future__ import annotations

from typing import ClassVar

from ..core.errors import InvalidParameterError
from ..core.params import Param, StateVar

#: the seats in words, the first player's first
SEAT_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

#: the players at the table: three, the variant's own number (the page shows no field for it)
PLAYERS = Param("players", 3, 3, 3, "players at the table", label="Players")


def other_scores(unit: str) -> tuple[StateVar, StateVar]:
    """The next player's score ``j`` and the one after's ``l``, in the game's ``unit``."""
    return (StateVar("j", "Next player's score", "score of the player who moves next", unit=unit),
            StateVar("l", "Third player's score", "score of the player after the next", unit=unit))


class ForThreePlayers:
    """Mixed into a two-player game's class (before it) to make its variant for three."""

    aliases: ClassVar[tuple[str, ...]] = ()
    variant_params: ClassVar[tuple[str, ...]] = ("players",)
    players: ClassVar[int] = 3
    solver: ClassVar[str] = "seats"
    #: the seats a head start goes to (the komi action), the first player's seat 0: the ones
    #: the game does not favour
    head_start_seats: ClassVar[tuple[int, ...]] = (1, 2)

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        if komi:
            raise InvalidParameterError(f"{self.name}: a head start for three players is one for each of the "
                                        f"{self._head_start_words()} players (the komi action lists them)")
        return self.head_start_anchor((0,) * len(self.head_start_seats))

    def head_start_anchor(self, points: tuple[int, ...]) -> tuple[int, ...]:
        """The first turn when the ``head_start_seats`` start with ``points`` (in their order)."""
        if len(points) != len(self.head_start_seats) or not all(0 <= int(p) < self.goal for p in points):
            raise InvalidParameterError(
                f"{self.name}: head starts are {len(self.head_start_seats)} scores from 0 to {self.goal - 1} (the "
                f"{self._head_start_words()} players'), got {tuple(points)}")
        scores = [0] * self.players
        for seat, p in zip(self.head_start_seats, points, strict=True):
            scores[seat] = int(p)
        order = iter(scores)
        return tuple(1 if v == "p" else next(order) for v in self.anchor_vars)

    def _head_start_words(self) -> str:
        return " and ".join(SEAT_WORDS[s] for s in self.head_start_seats)
