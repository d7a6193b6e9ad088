"""All Yellow Zombie Dice for three players (issue 36).

The dice and the turn are the two-player game's (:mod:`pycore.games.ayzd`); the round is
the seed's rule for any number of players: "A round consists of each player taking one
turn in sequence. When a round ends with any player having 13 or more points, a player
having the most points wins. If two or more players are tied with the most points (13 or
more), another round is played between those players only."

A turn start lists ``p``, the mover's place in the round (1 to 3), and the scores in seat
order from the mover: ``i`` the mover's, ``j`` the next player's, ``l`` the one after.
Ending a turn with gain ``g`` leads to ``(p + 1, j, l, i + g)``; the third player's turn
ends the round:

* nobody at the goal: the next round, ``(1, j, l, i + g)``;
* one player on top at the goal or above: that player wins;
* all three tied on top: another round of the three, ``(1, t, t, t)``;
* two tied on top: the third loses, and the two play the two-player game from the tie,
  the earlier of them first: the earlier wins with the two-player chance ``q(t)`` at
  ``(p, i, j) = (1, t, t)`` (:attr:`ThreePlayerAYZD.pair_chances`, solved from the
  two-player game: the same dice, goal and bound).

A game's end is therefore not always "the mover wins or shares the loss": the third
player's turn may hand the win to one of the others, or leave two of them to a tie-break;
``end_turn`` says each player's result (``TurnEnd.others``).

The bound ``M`` caps every score as in the two-player game (a roll is allowed only if
three more brains keep the score within it), but its default is three times the goal, not
the paper's two: with three players ``M = 2 goal`` moves the start's chances by 5e-6
(measured: 0.304644, 0.331663, 0.363693 at 26; 0.3046394, 0.3316631, 0.3636975 at 39, 32
and 52 within 5e-10 of it). Three players tied so high that nobody can roll any more would
play again forever; they share the win (1/3 each), as two such players share it in the
two-player game.

There is no turn limit: the values are the stationary iteration's
(:func:`~pycore.jeopardy.seats.sweep.seat_values`), which settles here (a round's zero-gain
turns cycle within the score sum's layer).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pycore.jeopardy.rules.layout import AnchorLayout, layout, shared
from pycore.jeopardy.rules.vocabulary import TurnEnd
from pycore.jeopardy.seats.for_three import PLACE, PLAYERS, SEAT_VIEWS, RoundOfThree, SeatTables, other_scores
from pycore.jeopardy.solving.budget import SolveCost
from pycore.jeopardy.solving.dispatch import solve

from ..core.errors import InvalidParameterError
from ..core.params import Param
from ..core.registry import register
from .ayzd import DICE, AllYellowZombieDice
from .pig import SCORE

NEXT, THIRD = other_scores("brains")


class ThreePlayerAYZDLayout(AnchorLayout):
    """The turn starts counted, ranged and checked by arithmetic (to 100 the list is 16
    million tuples)."""

    def anchor_count(self) -> int:
        g, m = self.game.goal, self.game.bound
        above = range(g, m + 1)
        return g**3 + g * g * (m + 1) + g * (m + 1) ** 2 + sum(1 + (m + 1 - t) + (m + 1 - t) ** 2 for t in above)

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        return {"p": (1, 3), **{v: (0, self.game.bound) for v in ("i", "j", "l")}}

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        p, i, j, l = (int(x) for x in key)  # noqa: E741
        g, m = self.game.goal, self.game.bound
        # a round's start below the goal; p - 1 players have played it, each to the bound
        played = (j, l)[3 - p:] if p in (2, 3) else ()
        below = p in (1, 2, 3) and 0 <= i < g and all(0 <= s < g for s in (j, l)[: 3 - p]) and all(0 <= s <= m for s in played)
        # a round of all three tied at t (the goal or more): the later scores t or more
        tied = p in (1, 2, 3) and g <= i <= m and all(i <= s <= m for s in played) and all(s == i for s in (j, l)[: 3 - p])
        return below or tied


@register
class ThreePlayerAYZD(RoundOfThree, AllYellowZombieDice):
    name = "ayzd-3"
    variant_of = "ayzd"
    title = "All Yellow Zombie Dice for three players"
    page = replace(AllYellowZombieDice.page, views=SEAT_VIEWS,
                   start_hint=("p is 1 to 3; at a round's start the scores are below the goal or all three tied; the "
                               "players who have played this round may be at the goal or above"))
    tables = SeatTables(variants=({},))  # (6 s to solve here, longer in a phone: the first advice reads the table)
    anchor_layout = ThreePlayerAYZDLayout
    variables = (PLACE, SCORE, NEXT, THIRD, *AllYellowZombieDice.variables[3:])
    parameters = (
        *(p for p in AllYellowZombieDice.parameters if p.name != "bound"),
        Param("bound", 0, 0, 400, "score bound M of the tabulated states (0: three times the goal; see the notes)",
              label="Bound M", advanced=True),
        PLAYERS,
    )
    rules_text = (
        "Three players; every roll is of three dice whose faces are brain, shotgun and footprint, one third "
        "each. Brains add to the turn total, shotguns are set aside, and the third shotgun ends the turn "
        "scoring nothing. Hold to bank the brains. When a round ends with someone at 13 or more, the player "
        "with the most brains wins; players tied at the top play more rounds among themselves."
    )
    # measured (bench/bench_estimate.py --seats): 1.0 us a turn cell (goal 8 1.5, 13 0.93, 16
    # 0.88: at most 6 sweeps a layer with the policy steps); the peak grows by 45 bytes a cell
    # to about 4.5 million cells and by 5 beyond (goal 8: 49 MB, 13: 212 MB, 16: 249 MB)
    @property
    def cost(self) -> SolveCost:
        return replace(super().cost, solve_microseconds_per_cell=1.0, solve_batch_bytes_per_cell=45.0,
                       solve_batch_cells=4_500_000, solve_bytes_per_cell=5.0)

    def _check_params(self) -> None:
        if self.params["bound"] == 0:
            self.params["bound"] = 3 * self.goal  # (see the module: 2 goal binds for three)
        super()._check_params()

    def anchors(self) -> np.ndarray:
        g, m = self.goal, self.bound
        below, every = range(g), range(m + 1)
        rows = [(1, i, j, l) for i in below for j in below for l in below]  # noqa: E741 (the third score)
        rows += [(2, i, j, l) for i in below for j in below for l in every]  # noqa: E741
        rows += [(3, i, j, l) for i in below for j in every for l in every]  # noqa: E741
        # a round of all three tied at t: the first to play, then the players who have played it
        for t in range(g, m + 1):
            rows.append((1, t, t, t))
            rows += [(2, t, t, l) for l in range(t, m + 1)]  # noqa: E741
            rows += [(3, t, j, l) for j in range(t, m + 1) for l in range(t, m + 1)]  # noqa: E741
        return np.array(rows, dtype=np.int64)

    def game_among(self, players: int) -> AllYellowZombieDice:
        """The game that ``players`` players tied at the top play on: the two-player game
        (the same dice, goal and bound) for two, this one for three."""
        if players == 3:
            return self
        if players != 2:
            raise InvalidParameterError(f"{self.name}: a tie-break is of two or three players, not {players}")
        return AllYellowZombieDice(**{k: v for k, v in self.params.items() if k != "players"})

    @property
    def pair_chances(self) -> np.ndarray:
        """``q[t]``: the chance that the earlier of two players tied at ``t`` (the goal or
        more) wins their tie-break, the two-player game's value at ``(1, t, t)`` (solved
        from it: the same dice, goal and bound); ``nan`` below the goal."""
        def build() -> np.ndarray:
            pair = self.game_among(2)
            values = solve(pair).anchor_values
            q = np.full(self.bound + 1, np.nan)
            for t in range(self.goal, self.bound + 1):
                q[t] = values[layout(pair).anchor_row((1, t, t))]
            return q

        return shared(self, "pair_chances", build)

    def end_turn(self, anchor, gain) -> TurnEnd:
        p, i, j, l = anchor["p"], anchor["i"], anchor["j"], anchor["l"]  # noqa: E741
        banked = i + gain
        shape = np.broadcast_shapes(np.shape(p), np.shape(banked), np.shape(j), np.shape(l))
        p, banked, j, l = (np.broadcast_to(x, shape) for x in (p, banked, j, l))  # noqa: E741
        # the third player's turn ends the round: the first player has j, the second l
        top = np.maximum(np.maximum(banked, j), l)
        over = (p == 3) & (top >= self.goal)
        on_top = np.stack([banked == top, j == top, l == top], axis=-1)  # the mover, the first, the second
        tied = on_top.sum(axis=-1)
        results = np.where(tied[..., None] == 1, on_top.astype(float), np.nan)
        # two tied: the earlier of them is the first of the two-player tie-break (the first
        # player before the second before the mover)
        # (the two-player game is solved only for a turn that may end in such a tie: a state's
        # check asks for one turn's ends, and the two-player game to 100 is too large here)
        two_tied = over & (tied == 2)
        q = self.pair_chances[np.clip(top, self.goal, self.bound)] if two_tied.any() else np.zeros(shape)
        earlier_first = np.stack([np.zeros(shape), q, 1.0 - q], axis=-1)  # the first and the second tied
        mover_and_first = np.stack([1.0 - q, q, np.zeros(shape)], axis=-1)
        mover_and_second = np.stack([1.0 - q, np.zeros(shape), q], axis=-1)
        pair = np.where((~on_top[..., 0])[..., None], earlier_first,
                        np.where(on_top[..., 1][..., None], mover_and_first, mover_and_second))
        results = np.where(tied[..., None] == 2, pair, results)
        # three tied: another round of the three, unless nobody can roll any more (shared)
        stuck = top + DICE > self.bound
        results = np.where((tied[..., None] == 3) & stuck[..., None], 1.0 / 3, results)
        results = np.where((over & ~((tied == 3) & ~stuck))[..., None], results, np.nan)
        return self.round_turn_end(results, p, j, l, banked)

    @property
    def model_note(self) -> str | None:
        """What the rules mean for three, said beside the advice."""
        return ("Three players: two tied at the top play the two-player game from the tie, the third out; all three "
                "tied play another round of three.")
