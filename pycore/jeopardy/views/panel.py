"""A boundary picture's data: one panel of a solved game as arrays over (i, j, turn total).

A **panel** fixes every state variable except the three axes: the mover's
score ``i``, the opponent's ``j`` and the turn total (``k``, or ``b`` in
AYZD). Arrays are indexed ``[i, j, t]`` with i, j in ``0..goal-1`` (turn starts
below the goal) and t in ``0..depth``, where ``depth`` reaches a little past
the highest turn total at which the optimal player still rolls in the panel.
``roll`` is 1 (roll), 0 (hold) or -1 (not a state of the game).

Each solver lays its panels out its own way (:mod:`pycore.jeopardy.solving.dispatch`): from the (A, T)
table (:func:`tabulated_panel_grid`) or by sweeping every (i, j) anchor's turn
(:func:`factored_panel_grid`); :mod:`pycore.jeopardy.views.boundary` draws either.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pycore.core.errors import InvalidRequestError
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.notation import column_names, variable_of
from pycore.jeopardy.solving.factored import panel_turns
from pycore.jeopardy.solving.turn_graph import graph_of

MARGIN = 5  # turn totals shown beyond the last roll


@dataclass(frozen=True)
class PanelGrid:
    fixed: dict[str, int]
    axes: tuple[str, str, str]
    roll: np.ndarray  # (I, J, K) int8
    p_roll: np.ndarray  # (I, J, K) float, nan where not allowed / not a state
    p_hold: np.ndarray
    rows: np.ndarray  # (I * J,) the table row of each (i, j), -1 if none
    cols: np.ndarray  # (K,) the table column of each turn total, -1 if none

    def take(self, table: np.ndarray, fill=np.nan) -> np.ndarray:
        """Any (A, T) table of the game, laid out as this panel (I, J, K)."""
        return _layout(table, self.rows, self.cols, self.roll.shape[:2], fill)


def _layout(table: np.ndarray, rows: np.ndarray, cols: np.ndarray, plane: tuple[int, int], fill) -> np.ndarray:
    """(A, T) table -> (I, J, len(cols)) array through the row of each (i, j)
    and the column of each turn total (-1: not in the table, gets ``fill``)."""
    out = np.full((rows.size, cols.size), fill, dtype=np.asarray(table).dtype)
    ok_rows, ok_cols = rows >= 0, cols >= 0
    out[np.ix_(np.flatnonzero(ok_rows), np.flatnonzero(ok_cols))] = table[np.ix_(rows[ok_rows], cols[ok_cols])]
    return out.reshape(*plane, cols.size)


def _turn_axis(game) -> str:
    return game.turn_vars[0]  # the gain: k or b


def panel_vars(game) -> list[str]:
    return list(game.page.panel_vars) if game.page.panel_vars is not None else [v for v in column_names(game) if v not in axes_of(game)]


def axes_of(game) -> tuple[str, str, str]:
    return (game.score_var, game.opponent_var, _turn_axis(game))


def panels(solution) -> list[dict]:
    """Every panel of the game: the fixed values and a title."""
    game = solution.game
    others = panel_vars(game)
    ranges = [range(layout(game).var_range(v)[0], layout(game).var_range(v)[1] + 1) for v in others]
    grids = np.meshgrid(*ranges, indexing="ij") if ranges else []
    combos = zip(*(g.ravel() for g in grids), strict=True) if ranges else [()]
    result = []
    for combo in combos:
        fixed = {v: int(x) for v, x in zip(others, combo, strict=True)}
        result.append({"fixed": fixed, "title": panel_title(game, fixed)})
    return result


def panel_title(game, fixed: dict[str, int]) -> str:
    """E.g. "Player 2, one 1 set aside": the fixed variables' choice labels (from the description)."""
    return ", ".join(variable_of(game, name).title_of(value) for name, value in fixed.items()) or game.title


def tabulated_panel_grid(solution, fixed: dict, progress=None) -> PanelGrid:
    """A panel of a solution that keeps every state's value (the (A, T) table): the policy and
    both actions' values laid out as (i, j, turn total); ``rows``/``cols`` say where each
    cell is in the table (a rule's disagreements are laid over it)."""
    game = solution.game
    names = axes_of(game)
    known = [p["fixed"] for p in panels(solution)]
    if fixed not in known:
        raise InvalidRequestError(f"{game.name} has no panel {fixed}; panels: {', '.join(map(str, known))}")
    model = solution.model
    goal = game.goal
    i, j = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
    columns = {game.score_var: i.ravel(), game.opponent_var: j.ravel()}
    for var in game.anchor_vars:
        if var not in columns:
            columns[var] = np.full(i.size, int(fixed[var]))
    canonical = game.canonical_anchor(columns)
    rows = model.anchor_rows(np.stack([canonical[v] for v in game.anchor_vars], axis=1))
    turn_axis = _turn_axis(game)
    full_depth = int(model.turns[:, game.turn_vars.index(turn_axis)].max())
    turn_cols = []
    for t in range(full_depth + 1):
        values = {turn_axis: t, **{v: int(fixed[v]) for v in game.turn_vars if v != turn_axis}}
        turn_cols.append(model.turn_column(tuple(values[v] for v in game.turn_vars)))
    turn_cols = np.array(turn_cols)
    plane = (goal, goal)
    roll = _layout(np.where(model.valid, solution.policy, -1).astype(np.int8), rows, turn_cols, plane, -1)
    roll_values, hold_values = solution.action_tables()
    p_roll = _layout(roll_values, rows, turn_cols, plane, np.nan)
    p_hold = _layout(hold_values, rows, turn_cols, plane, np.nan)
    rolls = np.flatnonzero((roll == 1).any(axis=(0, 1)))
    depth = min(full_depth, (int(rolls.max()) if len(rolls) else 0) + MARGIN)
    return PanelGrid(
        dict(fixed),
        names,
        roll[:, :, : depth + 1],
        p_roll[:, :, : depth + 1],
        p_hold[:, :, : depth + 1],
        rows,
        turn_cols[: depth + 1],
    )


def factored_panel_grid(solution, fixed: dict, progress=None, passed_values: np.ndarray | None = None) -> PanelGrid:
    """A factored game's panel: every (i, j) anchor's turn swept (batched), in the configuration
    the game shows (:func:`~pycore.jeopardy.solving.factored.panel_turns`). No (A, T) table lies behind
    it (``rows``/``cols`` are empty: a rule's disagreements cannot be laid over it).
    ``passed_values``: the mover's chance when the turn passes to each anchor (default, two
    players: 1 minus the solution's ``anchor_values``)."""
    game = solution.game
    if any(isinstance(x, bool) or not isinstance(x, int) or not layout(game).var_range(v)[0] <= x <= layout(game).var_range(v)[1]
           for v, x in fixed.items()):  # (panels by range: Pig with 40 turns has 40)
        ranges = ", ".join(f"{v} {layout(game).var_range(v)[0]}-{layout(game).var_range(v)[1]}" for v in fixed)
        raise InvalidRequestError(f"{game.name} has no panel {fixed}; a panel fixes {ranges}")
    goal = game.goal
    i, j = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
    columns = {game.score_var: i.ravel(), game.opponent_var: j.ravel(), **{v: np.full(i.size, int(x)) for v, x in fixed.items()}}
    canonical = game.canonical_anchor(columns)
    anchors = np.stack([np.asarray(canonical[v]) for v in game.anchor_vars], axis=1)
    if passed_values is None:
        passed_values = 1.0 - solution.anchor_values
    _, configuration_columns = graph_of(game)
    turn_fixed = {v: x for v, x in fixed.items() if v in configuration_columns}
    p_roll, p_hold, reach = panel_turns(game, passed_values, anchors, progress, turn_fixed)
    rolls = ~np.isnan(p_roll) & (np.isnan(p_hold) | (p_roll > p_hold))
    state = reach & ~(np.isnan(p_roll) & np.isnan(p_hold))
    roll = np.where(state, rolls.astype(np.int8), -1).astype(np.int8).reshape(goal, goal, -1)
    p_roll, p_hold = (np.where(state, a, np.nan).reshape(goal, goal, -1) for a in (p_roll, p_hold))
    rolled = np.flatnonzero((roll == 1).any(axis=(0, 1)))
    depth = min(roll.shape[2] - 1, (int(rolled.max()) if len(rolled) else 0) + MARGIN)
    return PanelGrid(dict(fixed), axes_of(game), roll[:, :, : depth + 1], p_roll[:, :, : depth + 1],
                     p_hold[:, :, : depth + 1], np.zeros(0, np.int64), np.zeros(0, np.int64))
