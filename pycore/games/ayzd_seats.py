r"""All Yellow Zombie Dice for three, four and five players (issues 36 and 54).

The dice and the turn are the two-player game's (:mod:`pycore.games.ayzd`); the round is
the seed's rule for any number of players: "A round consists of each player taking one
turn in sequence. When a round ends with any player having 13 or more points, a player
having the most points wins. If two or more players are tied with the most points (13 or
more), another round is played between those players only."

A turn start of ``P`` players lists ``p``, the mover's place in the round (1 to ``P``), and
the scores in seat order from the mover: ``i`` the mover's, ``j`` the next player's, then
``l``, ``m``, ``n``. Ending a turn with gain ``g`` leads to ``(p + 1, j, l, ..., i + g)``;
the last player's turn ends the round:

* nobody at the goal: the next round, ``(1, j, l, ..., i + g)``;
* one player on top at the goal or above: that player wins;
* all ``P`` tied on top: another round of them, ``(1, t, ..., t)``;
* ``k`` of them tied on top (``1 < k < P``): the others lose, and the ``k`` play the
  ``k``-player game from the tie, the earliest of them first: each gets the chance of their
  place at ``(1, t, ..., t)`` of that game (:meth:`RoundsOfAYZD.tie_chances`: the
  two-player game for two, this module's game of ``k`` for more; the same dice, goal and
  bound).

A game's end is therefore not always "the mover wins or shares the loss": the last player's
turn may hand the win to another, or leave some of them to a tie-break; ``end_turn`` says
each player's result (``TurnEnd.others``).

**The last round merged** (four and five players: ``merged_last_round``). Once a player who
has played this round is at the goal or above, the round is the last, and the players who
have played it matter to the ones still to play only by the top score ``T`` among them and
which of them tie it: the others have lost. So a played score below ``T`` is written 0
(``canonical_anchor``), as Great Rolled Ones for three merges its last round. The turn starts
are then three families, settled in this order (``layer``; a turn's gain never lowers it):

* a tie-break round of all ``P`` at ``t`` (the mover at the goal or above; the players
  still to play at ``t``, the ones who have played at ``T >= t`` or 0): ``t`` from the top,
  the turn starts with ``T > t`` before the ones with ``T = t`` and ``(1, t, ..., t)``, whose
  zero-gain endings come round to each other;
* a last round (the players still to play below the goal, ``T`` the goal or above), by the
  place in the round from the last;
* a round below the goal (every score below it), by the scores' sum.

With five players and ``M = 3 goal`` that is 2.8 million turn starts where the raw scores
give 37 million (:class:`RoundsLayout`; the counts in docs/three-players.md). Three players
keep their raw turn starts (``ayzd-3``: 37,092; its table ships in that order).

The bound ``M`` caps every score as in the two-player game (a roll is allowed only if three
more brains keep the score within it), but its default is three times the goal, not the
paper's two: with three players ``M = 2 goal`` moves the start's chances by 5e-6
(measured: 0.304644, 0.331663, 0.363693 at 26; 0.3046394, 0.3316631, 0.3636975 at 39, 32
and 52 within 5e-10 of it); four and five players: docs/three-players.md. Players all tied
so high that nobody can roll any more would play again forever; they share the win (``1/P``
each), as two such players share it in the two-player game.

**Which answer.** Three and four players have no turn limit: the values are the stationary
iteration's (:func:`~pycore.jeopardy.seats.sweep.seat_values`), which settles there (a round's
zero-gain turns cycle within the score sum's layer). Five players' does not from goal 6 (the
players' policies keep switching), so ``ayzd-5`` has a turn limit, ``turns`` (default 100,
all players' turns together; 0 for the stationary values, refused from goal 6), solved by
backward induction (:func:`~pycore.jeopardy.seats.sweep.turn_limited_seat_values`) as GRO for
three is: when the turns run out before the game has ended (nobody at the goal, or a last
round begun and not played out) the five share the win. A tie-break of two to four players
is the game of that many without a limit (it settles).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cached_property
from typing import ClassVar

import numpy as np

from pycore.jeopardy.analysis import analyse
from pycore.jeopardy.model.compiled import RowIndex
from pycore.jeopardy.rules.layout import AnchorLayout, layout, shared
from pycore.jeopardy.rules.vocabulary import TurnEnd
from pycore.jeopardy.seats.for_three import (
    NUMBER_WORDS,
    SCORE_VARS,
    SEAT_VIEWS,
    RoundOfThree,
    SeatTables,
    later_scores,
    place,
    players_param,
    turns_left,
)
from pycore.jeopardy.solving.budget import SolveCost

from ..core.errors import InvalidParameterError
from ..core.params import Param
from ..core.registry import register
from .ayzd import DICE, AllYellowZombieDice
from .pig import SCORE


def _grid(ranges) -> np.ndarray:
    """(N, len(ranges)) every combination of the ranges' values, the last varying fastest."""
    axes = [np.asarray(list(r), np.int64) for r in ranges]
    if not axes:
        return np.zeros((1, 0), np.int64)
    return np.stack([c.ravel() for c in np.meshgrid(*axes, indexing="ij")], axis=1)


def _ties(played: int) -> np.ndarray:
    """(2^played - 1, played) which of the players who have played tie the top (at least one)."""
    return np.array([m for m in itertools.product((0, 1), repeat=played) if any(m)], np.int64).reshape(-1, played)


class RoundsLayout(AnchorLayout):
    """The turn starts counted, ranged and checked by arithmetic (to 100 the three-player list
    is 16 million tuples), and found by a :class:`RowIndex` of the listed ones (a dictionary of
    2.8 million tuples would take hundreds of MB)."""

    def anchor_count(self) -> int:
        game = self.game
        players, g, m = int(game.players), game.goal, game.bound
        count = 0
        if game.merged_last_round:
            count += players * g**players
            count += sum(g ** (players - p + 1) * (m - g + 1) * (2 ** (p - 1) - 1) for p in range(2, players + 1))
            # (a tie-break round: above t any of the players who have played may tie the top; at t all have)
            count += sum(1 + sum((m - t) * (2 ** (p - 1) - 1) + 1 for p in range(2, players + 1)) for t in range(g, m + 1))
            return count
        count += sum(g ** (players - p + 1) * (m + 1) ** (p - 1) for p in range(1, players + 1))
        return count + sum((m + 1 - t) ** (p - 1) for t in range(g, m + 1) for p in range(1, players + 1))

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        return {"p": (1, int(self.game.players)), **{v: (0, self.game.bound) for v in self.game.anchor_vars[1:]}}

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        game = self.game
        players, g, m = int(game.players), game.goal, game.bound
        if len(key) != players + 1 or not 1 <= key[0] <= players:
            return False
        p, scores = int(key[0]), [int(x) for x in key[1:]]
        to_play, played = scores[: players - p + 1], scores[players - p + 1:]
        if not all(0 <= s <= m for s in scores):
            return False
        if all(s < g for s in to_play):  # a round below the goal, or its last
            if all(s < g for s in played) or not game.merged_last_round:
                return True
            top = max(played)
            return all(s in (0, top) for s in played)
        t = to_play[0]  # a tie-break round of all of them at t
        if any(s != t for s in to_play) or any(s < t for s in played if not game.merged_last_round):
            return False
        if not game.merged_last_round or not played:
            return True
        top = max(played)  # (at t every player who has played is at t: nobody is below it)
        return all(s == t for s in played) or (top > t and all(s in (0, top) for s in played))

    @cached_property
    def index(self) -> RowIndex:
        return RowIndex(self.anchors)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        return self.index.row(self.anchor_key(anchor))


class RoundsOfAYZD(RoundOfThree, AllYellowZombieDice):
    """All Yellow Zombie Dice for ``players`` players (see the module); a variant for a number
    of players names it, its variables and parameters."""

    anchor_layout = RoundsLayout
    #: whether the last round's turn starts are merged by what matters (see the module)
    merged_last_round: ClassVar[bool] = True
    #: the default bound, a multiple of the goal (see the module)
    bound_goals: ClassVar[int] = 3

    @staticmethod
    def members_for(players: int, bound_goals: int) -> tuple:
        """The class members of the variant for ``players`` (its ``players``, ``anchor_vars``,
        ``variables``, ``parameters``, ``head_start_seats``, ``page``): the turn start's
        variables, the bound's default (``bound_goals`` times the goal), the head starts'
        seats (every player but the last: the later the seat, the better) and what the page
        says of a turn start."""
        return (
            players,
            ("p", *SCORE_VARS[:players]),
            (place(players), SCORE, *later_scores("brains", players), *AllYellowZombieDice.variables[3:]),
            (
                *(p for p in AllYellowZombieDice.parameters if p.name != "bound"),
                Param("bound", 0, 0, 400, f"score bound M of the tabulated states (0: {bound_goals} times the goal; "
                      "see the notes)", label="Bound M", advanced=True),
                players_param(players),
            ),
            tuple(range(players - 1)),
            replace(AllYellowZombieDice.page, views=SEAT_VIEWS, start_hint=(
                f"p is 1 to {players}; at a round's start the scores are below the goal or all {NUMBER_WORDS[players]} tied; the "
                "players who have played this round may be at the goal or above")),
        )

    # measured for three (bench/bench_estimate.py --seats): 1.0 us a turn cell (goal 8 1.5, 13
    # 0.93, 16 0.88: at most 6 sweeps a layer with the policy steps); the peak grows by 45 bytes
    # a cell to about 4.5 million cells and by 5 beyond (goal 8: 49 MB, 13: 212 MB, 16: 249
    # MB); four players to 13: 23 million cells, 439 MB (the table's build)
    @property
    def cost(self) -> SolveCost:
        return replace(super().cost, solve_microseconds_per_cell=1.0, solve_batch_bytes_per_cell=45.0,
                       solve_batch_cells=4_500_000, solve_bytes_per_cell=5.0)

    def _check_params(self) -> None:
        if self.params["bound"] == 0:
            self.params["bound"] = self.bound_goals * self.goal  # (see the module: 2 goal binds for three)
        super()._check_params()

    def layer(self, anchor):
        if not self.merged_last_round:
            return super().layer(anchor)
        players, g, m = int(self.players), self.goal, self.bound
        p, i = anchor["p"], anchor["i"]
        top = self._top_played(anchor)
        last_round = OFFSET = players * (m + 1)  # noqa: N806 (above every sum of scores below the goal)
        tie_round = OFFSET + players + 1 + i * (players + 2) + np.where((p == 1) | (top == i), 0, 1 + p)
        return np.where(i >= g, tie_round, np.where(top >= g, last_round + p, super().layer(anchor)))

    def _top_played(self, anchor):
        """The top score of the players who have played this round (-1 where none has)."""
        players, p = int(self.players), anchor["p"]
        top = np.full(np.broadcast_shapes(*(np.shape(anchor[v]) for v in self.anchor_vars)), -1)
        for column, v in enumerate(SCORE_VARS[1:players], 1):
            top = np.maximum(top, np.where(column >= players - p + 1, anchor[v], -1))
        return top

    def canonical_anchor(self, anchor):
        if not self.merged_last_round:
            return anchor
        players, p = int(self.players), anchor["p"]
        top = self._top_played(anchor)
        out = dict(anchor)
        for column, v in enumerate(SCORE_VARS[1:players], 1):
            below_top = (column >= players - p + 1) & (top >= self.goal) & (anchor[v] != top)
            out[v] = np.where(below_top, 0, anchor[v])
        return out

    def anchors(self) -> np.ndarray:
        players, g, m = int(self.players), self.goal, self.bound
        rows = []

        def with_place(p: int, scores: np.ndarray) -> None:
            rows.append(np.column_stack([np.full(len(scores), p, np.int64), scores]))

        def merged_played(p: int, lowest: int) -> np.ndarray:
            """(N, p - 1) the played scores of a merged last round: a top from ``lowest`` to
            the bound, the players tied at it, the others written 0."""
            ties = _ties(p - 1)
            tops = np.arange(lowest, m + 1)
            return (tops[:, None, None] * ties[None, :, :]).reshape(-1, p - 1)

        def combined(first: np.ndarray, second: np.ndarray) -> np.ndarray:
            return np.hstack([np.repeat(first, len(second), axis=0), np.tile(second, (len(first), 1))])

        if not self.merged_last_round:
            for p in range(1, players + 1):
                with_place(p, _grid([range(g)] * (players - p + 1) + [range(m + 1)] * (p - 1)))
        else:
            for p in range(1, players + 1):  # a round below the goal
                with_place(p, _grid([range(g)] * players))
            for p in range(2, players + 1):  # its last round
                with_place(p, combined(_grid([range(g)] * (players - p + 1)), merged_played(p, g)))
        # a round of all of them tied at t: the first to play, then the players who have played it
        for t in range(g, m + 1):
            for p in range(1, players + 1):
                still = np.full((1, players - p + 1), t, np.int64)
                if self.merged_last_round and p > 1:  # (at t every player who has played is at t)
                    with_place(p, combined(still, np.vstack([np.full((1, p - 1), t), merged_played(p, t + 1)])))
                else:
                    with_place(p, combined(still, _grid([range(t, m + 1)] * (p - 1))))
        return np.concatenate(rows).astype(np.int64)

    def game_among(self, players: int) -> AllYellowZombieDice:
        """The game that ``players`` players tied at the top play on: the two-player game (the
        same dice, goal and bound) for two, the game of that many players for more, this one
        for all."""
        if players == int(self.players):
            return self
        if not 2 <= players < int(self.players):
            raise InvalidParameterError(f"{self.name}: a tie-break is of 2 to {self.players} players, not {players}")
        # (a tie-break game settles without a turn limit: its stationary values, whatever this game's limit)
        params = {k: v for k, v in self.params.items() if k not in ("players", "turns")}
        return AllYellowZombieDice(**params) if players == 2 else AYZD_FOR[players](**params)

    def tie_chances(self, tied: int) -> np.ndarray:
        """(M + 1, ``tied``) each tied player's chance, the earliest first, when ``tied`` of the
        players (fewer than all) tie at the top at ``t`` (the goal or more): the chances at
        ``(1, t, ..., t)`` of the game they play on (:meth:`game_among`: the same dice, goal and
        bound; its values where :func:`~pycore.jeopardy.analysis.analyse` finds them, a shipped
        table or a solve); ``nan`` below the goal."""
        def build() -> np.ndarray:
            among = self.game_among(tied)
            # (its shipped table where one ships: five players' ties of four read the game of
            # four's; a solve of it here would not fit a phone, and needs none)
            solution = analyse(among, "win").solved()[0]
            chances = np.full((self.bound + 1, tied), np.nan)
            for t in range(self.goal, self.bound + 1):
                if tied == 2:
                    q = solution.anchor_values[layout(among).anchor_row((1, t, t))]
                    chances[t] = (q, 1.0 - q)
                else:
                    chances[t] = solution.anchor_seats((1, *(t,) * tied))
            return chances

        return shared(self, ("tie_chances", tied), build)

    @property
    def pair_chances(self) -> np.ndarray:
        """``q[t]``: the chance that the earlier of two players tied at ``t`` (the goal or
        more) wins their tie-break, the two-player game's value at ``(1, t, t)``; ``nan``
        below the goal."""
        return self.tie_chances(2)[:, 0]

    def end_turn(self, anchor, gain) -> TurnEnd:
        players, p = int(self.players), anchor["p"]
        later = [anchor[v] for v in SCORE_VARS[1:players]]
        banked = anchor["i"] + gain
        shape = np.broadcast_shapes(np.shape(p), np.shape(banked), *(np.shape(s) for s in later))
        p, banked, *later = (np.broadcast_to(x, shape) for x in (p, banked, *later))
        # the last player's turn ends the round: the scores from the mover are the round's
        # first player's (j), the second's (l), ..., the mover's last
        scores = np.stack([banked, *later], axis=-1)  # (..., P) from the mover
        top = scores.max(axis=-1)
        over = (p == players) & (top >= self.goal)
        on_top = scores == top[..., None]
        tied = on_top.sum(axis=-1)
        results = np.where((tied == 1)[..., None], on_top.astype(float), np.nan)
        # some tied, fewer than all: the earliest of them first in the game they play on (the
        # mover last: its place in the round is the last)
        order = np.r_[players - 1, np.arange(players - 1)]  # each seat's place in the round, 0 first
        earlier = on_top[..., None, :] & (order[None, :] < order[:, None])  # (..., P, P): tied seats before each
        rank = earlier.sum(axis=-1)
        for count in range(2, players):
            # (a game of fewer players is solved only for a turn that may end in such a tie: a
            # state's check asks for one turn's ends)
            some = over & (tied == count)
            if some.any():
                chances = self.tie_chances(count)[np.clip(top, self.goal, self.bound)]  # (..., count)
                mine = np.take_along_axis(chances, np.minimum(rank, count - 1), axis=-1)
                results = np.where(some[..., None], np.where(on_top, mine, 0.0), results)
        # all tied: another round of all, unless nobody can roll any more (shared)
        stuck = top + DICE > self.bound
        results = np.where(((tied == players) & stuck)[..., None], 1.0 / players, results)
        results = np.where((over & ~((tied == players) & ~stuck))[..., None], results, np.nan)
        return self.round_turn_end(results, p, *later, banked)

    @property
    def model_note(self) -> str | None:
        """What the rules mean for this many, said beside the advice (and the turn limit, where
        the game has one)."""
        limit = f" {self.turns_note()}" if "turns" in self.params else ""
        return (f"{self.players} players: those tied at the top play the game of that many from the tie, the others "
                f"out; all {self.players} tied play another round.{limit}")


@register
class ThreePlayerAYZD(RoundsOfAYZD):
    name = "ayzd-3"
    variant_of = "ayzd"
    title = "All Yellow Zombie Dice for three players"
    merged_last_round = False  # (37,092 turn starts; the shipped table lists them raw)
    tables = SeatTables(variants=({},))  # (6 s to solve here, longer in a phone: the first advice reads the table)
    players, anchor_vars, variables, parameters, head_start_seats, page = RoundsOfAYZD.members_for(3, 3)
    rules_text = (
        "Three players; every roll is of three dice whose faces are brain, shotgun and footprint, one third "
        "each. Brains add to the turn total, shotguns are set aside, and the third shotgun ends the turn "
        "scoring nothing. Hold to bank the brains. When a round ends with someone at 13 or more, the player "
        "with the most brains wins; players tied at the top play more rounds among themselves."
    )

    @property
    def model_note(self) -> str | None:
        """What the rules mean for three, said beside the advice."""
        return ("Three players: two tied at the top play the two-player game from the tie, the third out; all three "
                "tied play another round of three.")


FOUR_AND_FIVE_RULES = (
    "{players} players; every roll is of three dice whose faces are brain, shotgun and footprint, one third each. "
    "Brains add to the turn total, shotguns are set aside, and the third shotgun ends the turn scoring nothing. Hold "
    "to bank the brains. When a round ends with someone at 13 or more, the player with the most brains wins; players "
    "tied at the top play more rounds among themselves."
)


@register
class FourPlayerAYZD(RoundsOfAYZD):
    name = "ayzd-4"
    variant_of = "ayzd"
    title = "All Yellow Zombie Dice for four players"
    tables = SeatTables(variants=({},))
    players, anchor_vars, variables, parameters, head_start_seats, page = RoundsOfAYZD.members_for(4, 3)
    # (a rule's evaluation, four profiles of 193,678 turn starts, is minutes: not live; the page says how long)
    page = replace(page, rules_evaluated_live=False)
    rules_text = FOUR_AND_FIVE_RULES.format(players="Four")


@register
class FivePlayerAYZD(RoundsOfAYZD):
    name = "ayzd-5"
    variant_of = "ayzd"
    title = "All Yellow Zombie Dice for five players"
    players, anchor_vars, variables, parameters, head_start_seats, page = RoundsOfAYZD.members_for(5, 3)
    # the stationary iteration does not settle from goal 6, so five players are solved with a
    # turn limit, as three-player Pig and GRO are (its tie-breaks, of two to four players, are
    # the games of that many, which settle): to 6 the start's chances with 50 turns left are
    # those with 100 to 1e-9, and to 4 those without a limit
    parameters = (*parameters, turns_left(100))
    # its table (2.8 million turn starts, 69 minutes of two workers) ships without the papers'
    # policies: each is a profile per seat beside the optimal play's, six times the solve
    tables = SeatTables(variants=({},), policies_built=0)
    # (its 23 MB table is more than every other table a phone precaches: the command line
    # and the API answer from it, the page and a table of five do not; docs/three-players.md)
    page = replace(page, offered=False)
    #: measured: to 6 (bound 18) layer 14 still changes a chance by 0.00095 after 2,000 sweeps
    unsettled_from_goal = 6

    # with a turn limit, measured (beside another solve on the second core): 0.37 us a cell a
    # turn left (to 4, 50 turns: 8.4 s; to 6: 79 s), and finding every ending first as the
    # stationary iteration's cell
    @property
    def cost(self) -> SolveCost:
        turns = int(self.params["turns"])
        return replace(super().cost, solve_microseconds_per_cell=0.37 * turns + 1.0) if turns else super().cost
    rules_text = FOUR_AND_FIVE_RULES.format(players="Five")


#: the game of each number of players (a tie-break's: :meth:`RoundsOfAYZD.game_among`)
AYZD_FOR: dict[int, type[RoundsOfAYZD]] = {3: ThreePlayerAYZD, 4: FourPlayerAYZD, 5: FivePlayerAYZD}
