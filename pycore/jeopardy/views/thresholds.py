"""When to hold: where, as the turn's points grow, the best action turns from roll to hold.

A chart is drawn at one position's scores, for the counters of the turn that matter: one row
per value of a tabulated turn's other variables (GRO: the 1s set aside; AYZD: the shotguns;
Pig: one number: :func:`tabulated_chart`), a factored turn by its two dice variables (Zombie
Dice: footprint dice by shotgun dice; Farkle: the dice left: :func:`dice_chart`), or by a
counter of the turn starts (Pig with a turn limit: the turns left: :func:`anchor_chart`).
Each cell is a :class:`HoldThreshold`: where holding starts to be best, and where it starts
to depend on the rest of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pycore.core.errors import InvalidRequestError
from pycore.jeopardy.rules.hints import turn_unit
from pycore.jeopardy.rules.moves import chooses_before_rolling
from pycore.jeopardy.rules.notation import Notation, counts_to_letters, variable_of
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, State, best_of
from pycore.jeopardy.solving.turn_graph import FactoredTurnValues, graph_of, reachable_turn_states


@dataclass(frozen=True)
class HoldThreshold:
    """Where holding starts to be best in one cell of configurations at one anchor:
    ``hold_from`` the fewest gain from which holding is best in every reachable state of the
    cell (None: somewhere rolling is best up to the top), ``depends_from`` the fewest gain at
    which holding is best in some of them (the rest of the dice decide in between), and
    ``gains`` every reachable gain (ascending)."""

    hold_from: int | None
    depends_from: int | None
    gains: tuple[int, ...]

    def to_json(self) -> dict:
        return {"hold_from": self.hold_from, "depends_from": self.depends_from, "gains": list(self.gains)}

    @classmethod
    def of(cls, gains, rolled, held) -> HoldThreshold | None:
        """From the gains (ascending) at which some state of a cell occurs, rolling is best in
        some, and holding in some: rolling best at the top gain means no threshold; else holding
        is best from the first gain past the last one that rolls."""
        gains, rolled, held = (list(map(int, x)) for x in (gains, rolled, held))
        if not gains:
            return None
        if rolled and rolled[-1] == gains[-1]:
            hold_from = None
        else:
            hold_from = next(g for g in gains if g > rolled[-1]) if rolled else gains[0]
        return cls(hold_from, held[0] if held else None, tuple(gains))


def hold_thresholds(game, turn: FactoredTurnValues, cell_of: np.ndarray, cells: int) -> list[HoldThreshold | None]:
    """The roll/hold boundary of a factored turn, summarised over cells of configurations
    (``cell_of`` (C,): each configuration's cell, -1 for none): for each cell, where the best
    action turns from roll to hold as the gain grows, over every reachable state of the cell
    (None: it has none). Ties hold, as the advice does. A turn with thousands of
    configurations cannot be drawn state by state; its boundary by cells is a few numbers."""
    reach = reachable_turn_states(game)
    step = game.gain_step
    roll, hold = turn.turn.roll, turn.turn.hold
    rolls = ~np.isnan(roll) & (np.isnan(hold) | (roll > hold))
    shown = reach & ~(np.isnan(roll) & np.isnan(hold))
    shown[: turn.lowest_gain // step] = False
    inside = cell_of >= 0
    # (cells, G + 1): whether some state of the cell at that gain is shown, rolls, holds
    def per_cell(mask):
        out = np.zeros((cells, mask.shape[0]), bool)
        gain, c = np.nonzero(mask[:, inside])
        out[cell_of[inside][c], gain] = True
        return out

    any_shown, any_roll, any_hold = per_cell(shown), per_cell(shown & rolls), per_cell(shown & ~rolls)
    return [
        HoldThreshold.of(*(np.flatnonzero(mask[k]) * step for mask in (any_shown, any_roll, any_hold)))
        for k in range(cells)
    ]


def best_actions(game, turn, anchor: tuple) -> dict[tuple, list[tuple[int, bool]]]:
    """Every reachable turn state of the anchor with a move, by its other turn variables:
    [(gain, whether rolling is best)]."""
    found: dict[tuple, list] = {}
    for t in game.reachable_turns(anchor):
        values = turn.action_values(t)
        if values[ROLL] is None and values[HOLD] is None:
            continue
        found.setdefault(tuple(t[1:]), []).append((game.gain(t), best_of(values) == ROLL))
    return found


def threshold_of(points: list[tuple[int, bool]]) -> HoldThreshold | None:
    points = sorted(points)
    return HoldThreshold.of([g for g, _ in points], [g for g, r in points if r], [g for g, r in points if not r])


def tabulated_chart(game, turn, state: State) -> dict:
    """When to hold in a game whose turn states are listed at each anchor: one row for each
    value of the turn's other variables (none: one row), one column."""
    counters = game.turn_vars[1:]
    found = best_actions(game, turn, state.anchor)
    rows = sorted(found)
    cells = [[threshold_of(found[row])] for row in rows]
    row_now = rows.index(tuple(state.turn[1:])) if tuple(state.turn[1:]) in found else None
    label = (lambda row: ", ".join(map(str, row))) if counters else (lambda row: "")
    return {
        "row_var": ", ".join(counters) or None,
        "column_var": None,
        "rows": [label(r) for r in rows],
        "columns": [""],
        "dice": False,
        "cells": [[c.to_json() if c else None for c in row] for row in cells],
        "at": {"row": row_now, "column": 0, "gain": game.gain(state.turn)},
    }


def _dice_values(game, var, state: State) -> tuple[list[tuple[int, ...]], np.ndarray, int]:
    """A dice variable's values among the turn's configurations, fewest dice first (as count
    tuples), each configuration's value (C,) as a position in that list, and ``state``'s."""
    _, columns = graph_of(game)
    names = [c for c in columns if variable_of(game, c).name == var.name]
    counts = np.stack([columns[c] for c in names], axis=1)
    values = sorted({tuple(int(x) for x in row) for row in counts}, key=lambda n: (sum(n), [-x for x in n]))
    position = {value: k for k, value in enumerate(values)}
    now = Notation(game).columns(state)
    return values, np.array([position[tuple(int(x) for x in row)] for row in counts]), position[tuple(now[c] for c in names)]


def anchor_chart(game, state: State, turn_at: Callable, chosen: Callable) -> dict:
    """When to hold by a counter of the turn starts (``game.page.threshold_anchor``; Pig with a turn
    limit: the turns left, the mover's own turns from this one down), at the position's other
    anchor values: one row each, the turn ``turn_at(anchor)`` played as the optimal player
    plays it (a turn that starts with a choice, the target model's total to roll to: the best
    choice's turn, ``chosen(anchor, turn)`` its configuration, whose threshold is that total)."""
    var, step = game.page.threshold_anchor
    column = game.anchor_vars.index(var)
    start = tuple(game.turn_start)
    rows, cells = [], []
    chooses = chooses_before_rolling(game, start)  # (the target model: each row is the total rolled to)
    for value in range(int(state.anchor[column]), 0, -step):
        anchor = tuple(value if n == column else int(x) for n, x in enumerate(state.anchor))
        turn = turn_at(anchor)
        config = start[1:]
        if chooses and turn.action_values(start)[ROLL] is not None:
            config = chosen(anchor, turn) or config
        rows.append(str(value))
        threshold = threshold_of(best_actions(game, turn, anchor).get(config, []))
        cells.append([threshold.to_json() if threshold else None])
    return {
        "row_var": var,
        "column_var": None,
        "rows": rows,
        "columns": [""],
        "dice": False,
        "cells": cells,
        "at": {"row": 0, "column": 0, "gain": game.gain(state.turn)},
        "column_title": "roll to" if chooses else "hold from",
        # what a cell means here: one number a row (no range of the other dice)
        "note": (f"Each row: the {turn_unit(game)} to roll to (the target to choose as the turn starts) in each of "
                 "your turns left at these scores; this turn's row is outlined."
                 if chooses else
                 f"Each row: the {turn_unit(game)} this turn from which holding is best, in each of your turns "
                 "left at these scores (roll: keep rolling); this turn's row is outlined."),
    }


def dice_chart(game, turn, state: State) -> dict:
    """When to hold in a factored turn, by the game's ``threshold_axes`` (Zombie Dice: the
    footprint dice in hand by the shotgun dice; Farkle: the dice left to roll), whatever the
    other dice: each cell's :class:`HoldThreshold` over its reachable states."""
    if not game.page.threshold_axes:
        raise InvalidRequestError(f"{game.title} has no hold-threshold chart (its views: {', '.join(game.page.views)})")
    axes = [variable_of(game, v) for v in game.page.threshold_axes]
    (rows, row_of, row_now), *columns = (_dice_values(game, var, state) for var in axes)
    # one axis (Farkle: the dice left to roll): one column
    cols, column_of, column_now = columns[0] if columns else ([()], np.zeros_like(row_of), 0)
    cells = hold_thresholds(game, turn, row_of * len(cols) + column_of, len(rows) * len(cols))

    def label(var, value):
        return counts_to_letters(var, value) if var.letters else ", ".join(map(str, value))

    return {
        "row_var": axes[0].name,
        "column_var": axes[1].name if columns else None,
        "rows": [label(axes[0], r) for r in rows],
        "columns": [label(axes[1], k) for k in cols] if columns else [""],
        "dice": bool(axes[0].letters),
        "cells": [[None if t is None else t.to_json() for t in cells[n * len(cols):(n + 1) * len(cols)]]
                  for n in range(len(rows))],
        "at": {"row": row_now, "column": column_now, "gain": game.gain(state.turn)},
    }


