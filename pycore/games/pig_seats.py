"""Pig for three players (issue 36).

The players take turns in seat order; a turn start lists the scores from the player to move:
``i`` the mover's, ``j`` the next player's, ``l`` the one after. Ending a turn with a gain
``g`` (0 after a 1) leads to ``(j, l, i + g)``; reaching the goal wins at once. Each player
maximises their own chance to win; the values are vectors (:mod:`pycore.jeopardy.seats.sweep`).

Without a limit the values iterated from 1/3 settle at small goals and not from goal 70 up
(the players' policies keep switching), where :func:`~pycore.jeopardy.seats.sweep.seat_values`
refuses the solve. With ``n`` turns left in all (this one included; when they run out with
nobody at the goal the three share the win, 1/3 each, as Glenn's notes share it between two)
backward induction over ``n`` gives one answer:
:func:`~pycore.jeopardy.seats.sweep.turn_limited_seat_values`, or, the turn being one chain of rolls,
:func:`~pycore.jeopardy.seats.chain.turn_limited_chain` (the same values, fast).

Registered (``pig --players 3``) for the command line, the API (``solve``, ``advise``, the head
starts of ``komi``, the boundary pictures) and the page's advisor (its table to 100 with 300
turns left ships) and whole games against the computer (``play``); policies come with the rest of
issue 54.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pycore.jeopardy.rules.layout import AnchorLayout
from pycore.jeopardy.rules.vocabulary import TurnEnd
from pycore.jeopardy.seats.for_three import PLAYERS, SEAT_VIEWS, ForThreePlayers, SeatTables, other_scores, turns_left
from pycore.jeopardy.solving.budget import SolveCost

from ..core.params import StateVar
from ..core.registry import register
from .pig import SCORE, Pig

NEXT, THIRD = other_scores("points")


class ThreePlayerPigLayout(AnchorLayout):
    """The turn starts are every score triple below the goal: counted and checked by
    arithmetic (to 400 the list is 1.5 GB)."""

    def anchor_count(self) -> int:
        return self.game.goal**3

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        return {var: (0, self.game.goal - 1) for var in self.game.anchor_vars}

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        return all(0 <= x < self.game.goal for x in key)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j, l = self.anchor_key(anchor)  # noqa: E741 (the third score)
        return (i * self.game.goal + j) * self.game.goal + l


@register
class ThreePlayerPig(ForThreePlayers, Pig):
    name = "pig-3"
    variant_of = "pig"
    title = "Pig for three players"
    # (a rule's evaluation at 300 turns left is about 10 minutes: not live; the page says how long and what fits)
    page = replace(Pig.page, views=SEAT_VIEWS, rules_evaluated_live=False)
    anchor_vars = ("i", "j", "l")
    variables = (SCORE, NEXT, THIRD, StateVar("k", "Turn total", "turn total", unit="points"))
    parameters = (
        *Pig.parameters,
        PLAYERS,
        turns_left(300),
    )
    #: the default game, to 100 with 300 turns left: a table (its build: 6 minutes here)
    tables = SeatTables(variants=({},))
    anchor_layout = ThreePlayerPigLayout
    #: the stationary iteration does not settle from here (goal 60 settles in 1,027 sweeps)
    unsettled_from_goal = 70

    # The cost model (measured: bench/bench_estimate.py --seats). With a turn limit the chain
    # solver: 0.0045 us a cell (a turn start x a turn total) a turn left, 0.004 to set up
    # (goal 100: 0.46 s a turn left after 0.35 s), 15 MB and 200 bytes a turn start (its last
    # P + 1 tables of every seat's chance; goal 100: 212 MB). Without one the stationary
    # iteration over the general sweep: 0.8 us a cell (0.75 to 1.15 from goal 20 to 60, the
    # policy steps settling most layers at once), 90 bytes a cell of its largest batch and
    # 3.5 a cell (goal 30: 90 MB, goal 60: 121 MB).

    @property
    def cost(self) -> SolveCost:
        turns = int(self.params["turns"])
        if turns:
            return replace(super().cost, solve_microseconds_per_cell=0.0045 * turns + 0.004, solve_bytes_fixed=15e6,
                           solve_bytes_per_anchor=200.0, solve_bytes_per_cell=0.0)
        return replace(super().cost, solve_microseconds_per_cell=0.8, solve_bytes_per_anchor=0.0,
                       solve_bytes_per_cell=3.5, solve_batch_bytes_per_cell=90.0)

    def anchors(self) -> np.ndarray:
        scores = np.arange(self.goal)
        return np.stack([c.ravel() for c in np.meshgrid(scores, scores, scores, indexing="ij")], axis=1)

    def end_turn(self, anchor, gain) -> TurnEnd:
        banked = anchor["i"] + gain
        shape = np.shape(banked)
        value = np.where(banked >= self.goal, 1.0, np.nan)
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], shape), "j": np.broadcast_to(anchor["l"], shape),
                               "l": banked})

    @property
    def model_note(self) -> str | None:
        """What the turn limit means, said beside the advice."""
        said = self.turns_note()
        if self.goal == 100 and int(self.params["turns"]) >= 120:  # (the goal-100 study)
            said += (" Any limit from 120 turns gives the start's chances to six digits; some late positions still "
                     "move by up to 1% as the limit grows (docs/three-players.md).")
        return said
