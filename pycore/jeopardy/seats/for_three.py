"""What every variant of a jeopardy game for three players shares (issue 36): its name
pattern, the ``players`` parameter, the other two scores' variables, the seats solver, the
first turn and head starts. A turn start lists ``p`` (where the game has a place in the
round, 1 first) and the scores in seat order from the mover: ``i``, ``j``, ``l``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import ClassVar

import numpy as np

from pycore.core.errors import InvalidParameterError
from pycore.core.params import Param, StateVar
from pycore.jeopardy.rules.layout import JeopardyTables
from pycore.jeopardy.rules.vocabulary import TurnEnd
from pycore.jeopardy.seats.reading import read_policies
from pycore.jeopardy.solving.budget import SolveCost
from pycore.jeopardy.solving.factored import BATCH_CELLS

#: the seats in words, the first player's first
SEAT_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

#: the number of players in words (a table of three to five)
NUMBER_WORDS = {3: "three", 4: "four", 5: "five"}

#: the scores' variables in seat order from the mover (the mover's ``i``, the next player's
#: ``j``, then ``l``, ``m``, ``n``: up to five players)
SCORE_VARS = ("i", "j", "l", "m", "n")


def seats_in_words(seats) -> str:
    """The seats in words: "first and second", "first, second and third"."""
    words = [SEAT_WORDS[s] for s in seats]
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def players_param(players: int) -> Param:
    """The players at the table: the variant's own number (the page shows no field for it)."""
    return Param("players", players, players, players, "players at the table", label="Players")


PLAYERS = players_param(3)


def place(players: int) -> StateVar:
    """A game of rounds: the mover's place in the round (1 to ``players``)."""
    ordinals = ("1st", "2nd", "3rd", *(f"{n}th" for n in range(4, players + 1)))[:players]
    return StateVar("p", "Place in the round", f"the mover's place in the round (1 to {players})",
                    choices=tuple(range(1, players + 1)), choice_labels=ordinals,
                    choice_titles=tuple(f"{SEAT_WORDS[n]} in the round" for n in range(players)))


PLACE = place(3)


def turns_left(default: int, most: int = 1200) -> Param:
    """The turns left at the advised turn, all players' together (0: no limit)."""
    return Param("turns", default, 0, most, "turns left at the advised turn, all players' together, this one included "
                 "(when they run out with nobody at the goal the win is shared); 0: no limit, the stationary "
                 "iteration, refused where it does not settle", label="Turns left")


def other_scores(unit: str) -> tuple[StateVar, StateVar]:
    """The next player's score ``j`` and the one after's ``l``, in the game's ``unit``."""
    return (StateVar("j", "Next player's score", "score of the player who moves next", unit=unit),
            StateVar("l", "Third player's score", "score of the player after the next", unit=unit))


def later_scores(unit: str, players: int) -> tuple[StateVar, ...]:
    """The scores of the players after the mover, in turn order (:data:`SCORE_VARS` from
    ``j``), in the game's ``unit``: :func:`other_scores` and, for four or five players, the
    fourth's ``m`` and the fifth's ``n``."""
    more = tuple(StateVar(v, f"{SEAT_WORDS[n].capitalize()} player's score",
                          f"score of the {SEAT_WORDS[n]} player to move from the mover", unit=unit)
                 for n, v in enumerate(SCORE_VARS[3:players], 3))
    return (*other_scores(unit), *more)[: players - 1]


def seats_values_problem(game, stored, rounding: float) -> str | None:
    """A table of three seats' values (:class:`SeatTables`' ``values_problem``): every game of
    three ends with the seats' chances summing to 1 (a turn limit shares the win out), so the
    stored ones leave the last seat a chance of at least 0 (less by the stored seats'
    rounding): two stored 0.9 answered -0.8 for the third."""
    left = game.table_seats(stored)[:, -1]
    short = left < -(int(game.players) - 1) * rounding
    if short.any():
        count = int(short.sum())
        return (f"the seats' chances at {count:,} turn start{'s' * (count != 1)} sum to more than 1 "
                f"({1.0 - float(left.min()):.6g})")
    return None


@dataclass(frozen=True)
class SeatTables(JeopardyTables):
    """The prebuilt tables of a game for three (its ``tables``): each seat's chance but the
    last's, checked to leave the last seat a chance (:func:`seats_values_problem`)."""

    values_problem: Callable | None = seats_values_problem
    #: how many of the game's papers' policies a build of the table evaluates (None: all; the
    #: others are added later, a part at a time, by ``python -m pycore tables --add-policies``):
    #: each is a profile per seat beside the optimal play's, hours where the table is
    policies_built: int | None = None


#: the views a game for three offers (its ``page``'s): the advice, the mover's boundary,
#: the strategies (policies followed by one player at a time) and whole games against the computer
SEAT_VIEWS = ("advice", "slice", "solid", "strategies", "play", "quiz")


class ForThreePlayers:
    """Mixed into a two-player game's class (before it) to make its variant for three."""

    aliases: ClassVar[tuple[str, ...]] = ()
    variant_params: ClassVar[tuple[str, ...]] = ("players",)
    players: ClassVar[int] = 3
    solver: ClassVar[str] = "seats"
    #: the seats a head start goes to (the komi action), the first player's seat 0: the ones
    #: the game does not favour
    head_start_seats: ClassVar[tuple[int, ...]] = (1, 2)
    #: the goal from which the stationary iteration (``turns`` 0) is known not to settle (the
    #: players' policies keep switching: docs/three-players.md), or None where it settles
    unsettled_from_goal: ClassVar[int | None] = None
    #: its prebuilt tables (a game declares its own, a :class:`SeatTables` naming what ships)
    tables: ClassVar[SeatTables] = SeatTables()

    def table_seats(self, values: np.ndarray) -> np.ndarray:
        """(A, P) each seat's chance from a table's values ((P - 1) * A: every anchor's chance
        for seat 0, then for seat 1, ...; the last seat's is what the others leave)."""
        players = int(self.players)
        kept = np.asarray(values, float).reshape(players - 1, -1).T
        return np.column_stack([kept, 1.0 - kept.sum(axis=1)])

    @property
    def cost(self) -> SolveCost:
        """The two-player game's cost model as the seats' sweeps have it: they go batch by batch,
        so their time is linear in the cells (measured from 0.2 to 500 million:
        bench/bench_estimate.py --seats), and the general sweep's temporaries are made again for
        each batch of :data:`~pycore.jeopardy.solving.factored.BATCH_CELLS` cells at most (a
        variant gives its bytes a cell: ``solve_batch_bytes_per_cell``)."""
        # a policy's evaluation (seats/profile.py): a profile for each player, with a turn limit
        # each a solve's sweeps beside the optimal play's again; without one a profile is about
        # 1.7 solves' estimate (measured: a rule over AYZD for three, its three profiles, 22 s where
        # the solve's estimate is 4.5 s; 1.5 in all was a third of it, and the API's fuzzer's
        # policies request then ran past the page's minute)
        turns = int(self.params.get("turns", 0))
        return replace(super().cost, solve_traffic_exponent=0.0, solve_batch_cells=BATCH_CELLS,
                       evaluate_cost_factor=float(self.players + 1) if turns else 1.7 * self.players,
                       evaluate_bytes_factor=1.5)

    def live_limit(self) -> str | None:
        # refused before it is run: an iteration that does not settle runs 2,000 sweeps of a
        # layer first (GRO for three to 20: 104 s) and answers nothing
        unsettled = self.unsettled_from_goal
        if unsettled is not None and self.goal >= unsettled and not int(self.params.get("turns", 0)):
            limit = next(p.default for p in self.parameters if p.name == "turns")
            return (f"{self.title} with goal {self.goal} and no turn limit is not solved: from goal {unsettled} the "
                    f"players' policies keep switching and the chances never settle (docs/three-players.md); set "
                    f"a turn limit (turns, e.g. {limit}) or a goal below {unsettled}")
        return super().live_limit()

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

    def layer(self, anchor):
        # the scores' sum: a turn that banks nothing passes the dice within it
        return sum(anchor[v] for v in SCORE_VARS[: int(self.players)])

    def human_policies(self) -> tuple:
        return read_policies(self)  # (the papers' policies, for two players, read for three)

    def turns_note(self) -> str:
        """What the turn limit (the ``turns`` parameter) means, said beside the advice."""
        turns = int(self.params["turns"])
        if not turns:
            return "No turn limit: the values that the players' choices settle to (refused where they do not settle)."
        # (exactly the model: in a round game a last round begun and not played out has not ended)
        unfinished = " (nobody at the goal, or a last round begun and not played out)" if self.table_end in ("round", "tiebreak") else ""
        return (f"With {turns} turn{'' if turns == 1 else 's'} left in all, this one included: if the game has not "
                f"ended by then{unfinished}, "
                f"the {NUMBER_WORDS[int(self.players)]} share the win.")

    def _head_start_words(self) -> str:
        return seats_in_words(self.head_start_seats)


class RoundOfThree(ForThreePlayers):
    """A game of rounds for three (GRO, AYZD): a turn start is the mover's place ``p`` and
    the scores from the mover; the later seats are favoured (the last of a round knows what
    to beat), so head starts go to the first and second players."""

    anchor_vars: ClassVar[tuple[str, ...]] = ("p", "i", "j", "l")
    head_start_seats: ClassVar[tuple[int, ...]] = (0, 1)

    @staticmethod
    def round_turn_end(results: np.ndarray, p, *later_and_banked) -> TurnEnd:
        """A turn's end: ``results`` (..., P) every player's where the game ends (the mover's
        first, ``nan`` where it goes on), else the next player's turn: ``(p + 1, j, l, i + g)``
        for three (the later players' scores, then the mover's banked), the first's place after
        the last's."""
        players = len(later_and_banked)
        following = {"p": np.where(p == players, 1, p + 1),
                     **{v: x for v, x in zip(SCORE_VARS, later_and_banked, strict=False)}}
        return TurnEnd(results[..., 0], following, results[..., 1:])
