"""What a solved game of three or more players answers (issue 36): the solution protocol of
:mod:`pycore.jeopardy.solving.solution`, each value the mover's chance as for two players, and each
seat's chance beside it (``seat_values``, ``seat_action_values``: seat 0 the mover, then the
players in turn order).

The values come from :mod:`pycore.jeopardy.seats.sweep`: with ``turns`` turns left in all (the
game's parameter), backward induction (:func:`~pycore.jeopardy.seats.chain.turn_limited_chain`
where the turn is one chain of rolls, else the general sweep); with ``turns`` 0, the
stationary iteration, refused where it does not settle. The advice at a state is its turn with
``turns`` turns left: the turn is swept from the values with ``turns - 1`` left
(``ending_values``), as the solve made it.
"""

from __future__ import annotations

import contextlib
import itertools
from dataclasses import dataclass, field

import numpy as np

from pycore.core.errors import InvalidRequestError
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, probability
from pycore.jeopardy.seats.chain import NotAChainGame, chain_tables, turn_limited_chain
from pycore.jeopardy.seats.for_three import seats_in_words
from pycore.jeopardy.seats.sweep import seat_values, swept_tables, turn_limited_seat_values, turns_at
from pycore.jeopardy.solving.solution import Matchup
from pycore.jeopardy.solving.turn_graph import FactoredTurnValues, anchor_turn, graph_of


class NotForPlayers(InvalidRequestError):
    """Something the app answers for two players and not yet for more."""


#: what a game of more players does not answer yet (its solution refuses it; a request for
#: it is refused before anything is solved)
MISTAKES = "where a policy goes wrong"


def not_for_players(game, what: str) -> NotForPlayers:
    """The refusal of ``what`` for ``game``'s number of players."""
    return NotForPlayers(f"{game.name}: {what} is not offered for {game.players} players yet")


@dataclass(frozen=True)
class HeadStart:
    """Head starts for the game's ``head_start_seats`` (``points``, in their order: Pig's
    second and third players, AYZD's first and second) and every player's chance at the start
    with them (``chances``, the first player's first)."""

    points: tuple[int, ...]
    chances: tuple[float, ...]

    @property
    def unfairness(self) -> float:
        """How far the chance farthest from an even share is from it."""
        return max(abs(c - 1.0 / len(self.chances)) for c in self.chances)


def fairest_head_start(rows: list[HeadStart]) -> HeadStart:
    """The head starts whose chance farthest from an even share is nearest it (the smaller
    head starts in all on a tie)."""
    return min(rows, key=fairness_order)


def fairness_order(row: HeadStart) -> tuple:
    """Head starts ordered fairest first (the smaller head starts in all on a tie)."""
    return (row.unfairness, sum(row.points), row.points)


@dataclass(frozen=True)
class SeatTurn(FactoredTurnValues):
    """One anchor's turn, the mover's values as :class:`FactoredTurnValues` reads them (the
    points banked followed first, for the outlook), and each seat's: ``ends`` (G + 1, P) each
    seat's chance when the turn ends with each gain (at gain 0: a bust)."""

    ends: np.ndarray | None = field(default=None, repr=False)

    def seat_action_values(self, turn: tuple[int, ...]) -> dict[str, list[float] | None]:
        """{action: each seat's chance if the mover takes it and plays on as best for them}
        (None where it is not legal): holding ends the turn, rolling averages the roll's
        outcomes."""
        gain, _ = self._cell(turn)
        values = self.action_values(turn)
        tables = [self.turn.value, *self.turn.followed[1:]]
        out: dict[str, list[float] | None] = {
            HOLD: None if values[HOLD] is None else [probability(v) for v in self.ends[gain]],
            ROLL: None,
        }
        if values[ROLL] is not None:
            out[ROLL] = [probability(self.after_roll(table, float(self.ends[0, s]), turn)) for s, table in enumerate(tables)]
        return out

    def seat_values_at(self, turn: tuple[int, ...]) -> list[float]:
        """Each seat's chance at ``turn`` under the actions the mover takes."""
        return list(self.seat_action_values(turn)[self.best_action(turn)])


def seat_ending_values(game, anchor: tuple[int, ...], anchor_seats) -> np.ndarray:
    """(G + 1, P) each seat's chance when the turn at ``anchor`` ends with each gain: the
    game's result for every player (``TurnEnd.results``) or the next anchor's seats
    ``anchor_seats(next anchor)`` turned to this mover's (its last seat is this mover);
    ``nan`` past the bound."""
    players, step = int(game.players), game.gain_step
    top = layout(game).var_range(game.turn_vars[0])[1] // step
    out = np.full((top + 1, players), np.nan)
    columns = {v: np.asarray(int(x)) for v, x in zip(game.anchor_vars, anchor, strict=True)}
    gains = np.arange(top + 1) * step
    end = game.end_turn(columns, gains)
    out[:] = end.results(players, (top + 1,))
    for n in np.flatnonzero(np.isnan(out[:, 0])):
        following = game.canonical_anchor({v: np.broadcast_to(end.next_anchor[v], gains.shape)[n] for v in game.anchor_vars})
        key = tuple(int(following[v]) for v in game.anchor_vars)
        if layout(game).has_anchor(key):
            out[n] = np.roll(np.asarray(anchor_seats(key), float), 1)
    return out


def seat_turn(game, anchor: tuple[int, ...], anchor_seats, lowest_gain: int = 0) -> SeatTurn:
    """The turn of one anchor for ``game.players`` players, the endings read in
    ``anchor_seats`` ((P,) each seat's chance at a turn start): the mover maximises their own
    chance, ties held, the others' ride along."""
    ends = seat_ending_values(game, anchor, anchor_seats)
    others = tuple((ends[:, s], ends[0, s]) for s in range(1, ends.shape[1]))
    base = anchor_turn(game, tuple(anchor), ends[:, 0], lowest_gain, also_follow=others)
    return SeatTurn(base.anchor, base.graph, base.index, base.turn, base.lowest_gain, base.step, ends)


@dataclass(frozen=True)
class SeatSolution:
    """Optimal play of a game of ``P`` players (see the module): ``ending_values`` (A, P)
    each seat's chance at every turn start as the turns advised end in them (with a turn
    limit: one turn fewer left), and ``values`` (A, P) the chances at the turn starts
    themselves (given None, as from a shipped table: one more turn from ``ending_values``,
    swept when first asked for; the same table where the game has no turn limit)."""

    game: object
    given_values: np.ndarray | None
    ending_values: np.ndarray
    iterations: int
    residual: float
    #: (turns + 1, P) the start's chances with 0, 1, ... turns left (empty without a limit)
    start_by_turns: np.ndarray = field(default_factory=lambda: np.empty((0, 0)), repr=False)
    #: with a turn limit: the largest change of any chance from one turn fewer left (how far
    #: the table is from settling; the values are the turn-limited game's, exact)
    last_change: float | None = None
    _turns: dict = field(default_factory=dict, repr=False, compare=False)
    _made: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def values(self) -> np.ndarray:
        """(A, P) each seat's chance at every turn start."""
        if self.given_values is not None:
            return self.given_values
        if "values" not in self._made:
            self._made["values"] = one_more_turn(self.game, self.ending_values)
        return self._made["values"]

    @property
    def anchor_values(self) -> np.ndarray:
        """(A,) the mover's chance at every turn start."""
        return self.values[:, 0]

    @property
    def n_states(self) -> int:
        graph, _ = graph_of(self.game)
        # (the turn starts counted from the values a turn ends in: with a turn limit, read from a
        # table, the values themselves are one more sweep of every turn start, minutes for five)
        return len(self.ending_values) * graph.n_configurations * (layout(self.game).var_range(self.game.turn_vars[0])[1] + 1)

    @property
    def optimal_policy(self) -> None:
        return None

    def anchor_seats(self, anchor: tuple[int, ...]) -> np.ndarray:
        """(P,) each seat's chance at a turn start (one turn's sweep where the table of them
        is not made: a shipped table's first answers)."""
        if self.given_values is None and "values" not in self._made:
            return np.asarray(self.turn(anchor).seat_values_at(self.game.turn_start))
        return self.values[layout(self.game).anchor_row(anchor)]

    def anchor_value(self, anchor: tuple[int, ...]) -> float:
        return probability(self.anchor_seats(anchor)[0])

    def ending_value(self, anchor: tuple[int, ...]) -> np.ndarray:
        """(P,) each seat's chance at a turn start that a turn ends in (one turn fewer left)."""
        return self.ending_values[layout(self.game).anchor_row(anchor)]

    def turn(self, anchor: tuple[int, ...]) -> SeatTurn:
        key = layout(self.game).anchor_key(anchor)
        if key not in self._turns:
            if len(self._turns) >= 8:
                self._turns.pop(next(iter(self._turns)))
            self._turns[key] = seat_turn(self.game, key, self.ending_value)
        return self._turns[key]

    def value(self, state) -> float:
        return self.seat_values(state)[0]

    def seat_values(self, state) -> list[float]:
        """Each seat's chance at ``state``, seat 0 its mover."""
        if tuple(state.turn) == tuple(self.game.turn_start):
            return [probability(v) for v in self.anchor_seats(state.anchor)]
        return self.turn(state.anchor).seat_values_at(state.turn)

    def action_values(self, state) -> dict[str, float | None]:
        return {a: None if v is None else v[0] for a, v in self.seat_action_values(state).items()}

    def seat_action_values(self, state) -> dict[str, list[float] | None]:
        return self.turn(state.anchor).seat_action_values(state.turn)

    def best_action(self, state) -> str:
        return self.turn(state.anchor).best_action(state.turn)

    def start_chances(self) -> list[float]:
        """Each player's chance at the start, the first player first."""
        return [probability(v) for v in self.anchor_seats(self.game.start_anchor())]

    def p_first_player_wins(self, komi: int = 0) -> float:
        if komi:
            words = seats_in_words(self.game.head_start_seats)
            raise NotForPlayers(f"{self.game.name}: a head start for {self.game.players} players is one for each of the "
                                f"{words} players (the komi action lists them)")
        return self.start_chances()[0]

    def head_starts(self, max_points: int) -> list[HeadStart]:
        """Every player's chance when the game's ``head_start_seats`` start with head starts
        of 0 to ``max_points`` points each (the other player at 0), in the order of the head
        starts (the first of those seats' first)."""
        span = range(0, int(max_points) + 1, self.game.gain_step)
        every = list(itertools.product(span, repeat=len(self.game.head_start_seats)))
        table_rows = np.array([layout(self.game).anchor_row(self.game.head_start_anchor(points)) for points in every])
        if self.given_values is not None or "values" in self._made:
            chances = self.values[table_rows]
        else:  # (a shipped table's ending values: those turn starts swept alone, in batches)
            chances = turns_at(self.game, self.ending_values, table_rows)
        return [HeadStart(points, tuple(probability(c) for c in row)) for points, row in zip(every, chances, strict=True)]

    def _not_yet(self, what: str):
        raise not_for_players(self.game, what)

    def matchup(self, policy, against=None, label: str = "Your rule", against_label: str = "Optimal") -> Matchup:
        self._not_yet("a two-player matchup (policies for more players: the policies and evaluate actions)")

    def against_optimal(self, policies, progress=None) -> list[Matchup]:
        self._not_yet("a two-player matchup (policies for more players: the policies and evaluate actions)")

    def expected_turns(self) -> float:
        self._not_yet("the expected length of a game")

    def mistakes(self, policy, limit: int = 10) -> dict:
        self._not_yet(MISTAKES)


def one_more_turn(game, ending_values: np.ndarray) -> np.ndarray:
    """(A, P) each seat's chance at every turn start when the turns end in ``ending_values``."""
    try:
        tables = chain_tables(game, ending_values)
    except NotAChainGame:
        tables = swept_tables(game, ending_values)
    with contextlib.closing(tables):  # (its workers, if any, stop at once)
        return next(tables)


def solve_seats(game, progress=None, should_stop=None, checkpoint=None) -> SeatSolution:
    """Optimal play of a game of more than two players (see the module); ``checkpoint``: where
    a table build keeps its state, to go on from after a stop (by stage, or by turns left)."""
    turns = int(game.params.get("turns", 0))
    if not turns:
        stats: dict = {}
        W = seat_values(game, progress=progress, stats=stats, checkpoint=checkpoint)
        return SeatSolution(game, W, W, stats["sweeps"], stats["residual"])
    try:
        solved = turn_limited_chain(game, turns, progress, should_stop, checkpoint)
    except NotAChainGame:
        solved = turn_limited_seat_values(game, turns, progress, should_stop, checkpoint)
    # (backward induction is exact: its residual is rounding's; how far the table is from
    # settling as the limit grows is the last turn's change)
    return SeatSolution(game, solved.values, solved.ending_values, turns, 0.0, solved.start, float(solved.changes[-1]))
