"""Great Rolled Ones for three players (issue 36).

The dice and the turn are the two-player game's (:mod:`pycore.games.gro`); the round is the
seed's rule for any number of players: "A round consists of each player taking one turn in
sequence. Any player ending their turn with a goal score of 50 or more causes that to be the
last round of the game. At the end of the last round, the player with the highest score
wins", and nobody may draw: a later player must exceed the leader (a tie goes to the earlier
player, as the two-player game's player 2 must exceed player 1).

A turn start lists ``p``, the mover's place in the round (1 to 3), and the scores in seat
order from the mover: ``i`` the mover's, ``j`` the next player's, ``l`` the one after.
Ending a turn with gain ``g`` leads to ``(p + 1, j, l, i + g)``; the third player's turn
ends the round, and the game if anyone is at the goal.

**The last round.** Once someone ends a turn at the goal or more, only differences matter,
so those turn starts are merged (``canonical_anchor``), as the two-player game merges player
2's last turn by its deficit:

* the second player's last turn (the first at ``l >= goal``): by ``l - i`` and ``l - j``,
  written ``(2, T - (l - i), T - (l - j), T)`` with ``T`` the highest score
  (``goal - 1 + M``);
* the third player's last turn (the first or second at the goal): by the deficit ``d``
  to the leader and who leads (the earlier of equals), written ``(3, max(0, goal - d), top, 0)``
  for the first player leading and ``(3, max(0, goal - d), 0, top)`` for the second, ``top =
  max(goal, d)``.

They are settled first (their layers are above every other), as in the two-player game. A
game's end is not always the mover's win or loss shared: the third player's last turn may
hand the win to either of the others (``TurnEnd.others``).

**Which answer.** The stationary iteration (``turns`` 0) settles at goal 12 and not at goal
20 (with the default bound 100, layer 37 still changes a chance by 0.0028 after 2,000 sweeps;
with bound 40, layer 26 by 0.0014: the players' policies keep switching,
as three-player Pig's do from goal 70), so the default is the turn-limited game, ``turns``
turns left in all (the win shared when they run out), as for three-player Pig: at goal 20
the start's chances settle to seven digits from 25 turns left while a few turn starts keep
moving by up to 0.003 a turn.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pycore.jeopardy.rules.layout import AnchorLayout
from pycore.jeopardy.rules.vocabulary import TurnEnd
from pycore.jeopardy.seats.for_three import (
    PLACE,
    PLAYERS,
    SEAT_VIEWS,
    RoundOfThree,
    SeatTables,
    other_scores,
    turns_left,
)
from pycore.jeopardy.solving.budget import SolveCost

from ..core.registry import register
from .gro import GreatRolledOnes
from .pig import SCORE

NEXT, THIRD = other_scores("points")


class ThreePlayerGROLayout(AnchorLayout):
    """The turn starts counted, ranged and checked by arithmetic (to 150 with bound 300 the set
    of them holds 10 million tuples)."""

    def anchor_count(self) -> int:
        return 3 * self.game.goal**3 + self.game.top_score**2 + 2 * self.game.top_score

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        top = self.game.top_score
        return {"p": (1, 3), "i": (0, top - 1), "j": (0, top), "l": (0, top)}

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        p, i, j, l = (int(x) for x in key)  # noqa: E741
        g, top = self.game.goal, self.game.top_score
        if p in (1, 2, 3) and 0 <= min(i, j, l) and max(i, j, l) < g:
            return True
        if p == 2:  # the second player's last turn: l the top, i and j below it
            return l == top and 0 <= i < top and 0 <= j < top
        # the third player's last turn: one of j and l leads (the goal or more), the other 0;
        # i is the goal less the deficit, or 0 for a deficit of the goal or more
        lead = max(j, l)
        return p == 3 and min(j, l) == 0 and g <= lead <= top and (0 <= i < g if lead == g else i == 0)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        # (the order of ThreePlayerGRO.anchors: a dict of its half a million rows took 0.9 s
        # to build, most of the first answer)
        p, i, j, l = self.anchor_key(anchor)  # noqa: E741
        g, top = self.game.goal, self.game.top_score
        if max(i, j, l) < g:  # a round under way: (p, i, j, l) on a grid below the goal
            return (((p - 1) * g + i) * g + j) * g + l
        if p == 2:  # the second player's last turn, by l - i and l - j
            return 3 * g**3 + (top - i - 1) * top + (top - j - 1)
        # the third player's last turn, by the deficit (the goal less i, or the lead itself)
        # and who leads (j, then l)
        lead = max(j, l)
        deficit = g - i if i else lead
        return 3 * g**3 + top**2 + (deficit - 1) + (top if l > j else 0)


@register
class ThreePlayerGRO(RoundOfThree, GreatRolledOnes):
    name = "gro-3"
    variant_of = "gro"
    title = "Great Rolled Ones for three players"
    # (a rule's evaluation at 60 turns left is most of an hour: not live; the page says how long and what fits)
    page = replace(GreatRolledOnes.page, views=SEAT_VIEWS, rules_evaluated_live=False,
                   start_hint=("p is 1 to 3; at a round's start the scores are below the goal; the players who have "
                               "played this round may be at the goal or above"))
    tables = SeatTables(variants=({},))
    anchor_layout = ThreePlayerGROLayout
    variables = (PLACE, SCORE, NEXT, THIRD, *GreatRolledOnes.variables[3:])
    parameters = (*GreatRolledOnes.parameters, PLAYERS, turns_left(60, 600))
    rules_text = (
        "Three players, five dice. Each roll, 1s are set aside and every other die scores one point for the turn "
        "total; the third 1 ends the turn scoring nothing. Hold to bank the turn total (not before the first "
        "roll). When a turn ends with 50 or more, that round is the last; at its end the highest score wins, and a "
        "later player must exceed an earlier one."
    )
    #: the stationary iteration settles at goal 16 (201 sweeps) and not at 20 (the module)
    unsettled_from_goal = 20

    # The cost model (measured: bench/bench_estimate.py --seats), a cell a turn start x a turn
    # state: the turn-limited general sweep 0.09 us a turn left and 0.24 to find every ending
    # first (goal 20, bound 40: 0.27 s a turn left after 0.8 s; one die costs as much a turn
    # start and gain), the stationary iteration 0.33 (goals 8 to 16); 150 bytes a cell of the
    # sweep's largest batch and 15 a turn start and gain, what each ending leads to (goal 20,
    # bound 40: 179 MB; to 50 with one die 819 MB).

    @property
    def cost(self) -> SolveCost:
        turns = int(self.params["turns"])
        return replace(super().cost, solve_microseconds_per_cell=0.09 * turns + 0.24 if turns else 0.33,
                       solve_batch_bytes_per_cell=150.0, solve_bytes_per_anchor=15.0 * (self.bound + 1),
                       solve_bytes_per_cell=0.0)

    @property
    def top_score(self) -> int:
        """The highest score a player can have: below the goal, plus the bound's turn total."""
        return self.goal - 1 + self.bound

    def layer(self, anchor):
        p, i, j, l = anchor["p"], anchor["i"], anchor["j"], anchor["l"]  # noqa: E741
        last = 4 * (self.goal + self.bound)  # (above every sum of scores)
        return np.where((p == 3) & (np.maximum(j, l) >= self.goal), last + 1,
                        np.where((p == 2) & (l >= self.goal), last, i + j + l))

    def anchors(self) -> np.ndarray:
        g, top = self.goal, self.top_score
        below = np.arange(g)
        grid = np.stack([c.ravel() for c in np.meshgrid(below, below, below, indexing="ij")], axis=1)
        rows = [np.column_stack([np.full(len(grid), p), grid]) for p in (1, 2, 3)]
        # the second player's last turn, by l - i and l - j (1 to top each)
        d1, d2 = (c.ravel() for c in np.meshgrid(np.arange(1, top + 1), np.arange(1, top + 1), indexing="ij"))
        rows.append(np.column_stack([np.full(len(d1), 2), top - d1, top - d2, np.full(len(d1), top)]))
        # the third player's last turn, by the deficit d and who leads
        d = np.arange(1, top + 1)
        start, lead = np.maximum(0, g - d), np.maximum(g, d)
        rows.append(np.column_stack([np.full(len(d), 3), start, lead, np.zeros(len(d), int)]))
        rows.append(np.column_stack([np.full(len(d), 3), start, np.zeros(len(d), int), lead]))
        return np.concatenate(rows).astype(np.int64)

    def canonical_anchor(self, anchor):
        p, i, j, l = anchor["p"], anchor["i"], anchor["j"], anchor["l"]  # noqa: E741
        g, top = self.goal, self.top_score
        second_last = (p == 2) & (l >= g)
        third_last = (p == 3) & (np.maximum(j, l) >= g)
        deficit = np.maximum(j, l) - i
        start, lead = np.maximum(0, g - deficit), np.maximum(g, deficit)
        first_leads = j >= l
        return {
            "p": p,
            "i": np.where(second_last, top - (l - i), np.where(third_last, start, i)),
            "j": np.where(second_last, top - (l - j), np.where(third_last, np.where(first_leads, lead, 0), j)),
            "l": np.where(second_last, top, np.where(third_last, np.where(first_leads, 0, lead), l)),
        }

    def end_turn(self, anchor, gain) -> TurnEnd:
        p, i, j, l = anchor["p"], anchor["i"], anchor["j"], anchor["l"]  # noqa: E741
        banked = i + gain
        shape = np.broadcast_shapes(np.shape(p), np.shape(banked), np.shape(j), np.shape(l))
        p, banked, j, l = (np.broadcast_to(x, shape) for x in (p, banked, j, l))  # noqa: E741
        # the third player's turn ends the round, the game if anyone is at the goal: the
        # highest wins, the earlier of equals (the first player has j, the second l)
        over = (p == 3) & (np.maximum(np.maximum(banked, j), l) >= self.goal)
        mover = banked > np.maximum(j, l)
        first = ~mover & (j >= l)
        results = np.stack([mover, first, ~mover & ~first], axis=-1).astype(float)
        results = np.where(over[..., None], results, np.nan)
        return self.round_turn_end(results, p, j, l, banked)

    @property
    def model_note(self) -> str | None:
        """What the rules mean for three, said beside the advice."""
        return ("Three players: once someone ends a turn at the goal, the round is played out and the highest wins; a "
                "later player must exceed an earlier one. " + self.turns_note())
