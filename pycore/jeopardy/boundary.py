"""Roll/hold boundaries: the papers' figures (GRO Fig. 1, AYZD Fig. 2, Pig) as data.

A **panel** fixes every state variable except the three axes: the mover's
score ``i``, the opponent's ``j`` and the turn total (``k``, or ``b`` in
AYZD). Pig has one panel; GRO one per (p, o); AYZD one per (p, s). Inside a
panel the optimal player rolls in a solid region of (i, j, turn total).

Arrays are indexed ``[i, j, t]`` with i, j in ``0..goal-1`` (turn starts
below the goal) and t in ``0..depth``, where ``depth`` reaches a little past
the highest turn total at which the optimal player still rolls in the panel.
``roll`` is 1 (roll), 0 (hold) or -1 (not a state of the game).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.errors import InvalidRequestError
from .solver import Solution

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


def axes(solution: Solution) -> tuple[str, str, str]:
    game = solution.game
    return (game.score_var, game.opponent_var, _turn_axis(game))


def _turn_axis(game) -> str:
    return game.turn_vars[0]  # the gain: k or b


def _panel_vars(game) -> list[str]:
    return list(game.panel_vars) if game.panel_vars is not None else [v for v in game.columns if v not in axes_of(game)]


def axes_of(game) -> tuple[str, str, str]:
    return (game.score_var, game.opponent_var, _turn_axis(game))


def panels(solution: Solution) -> list[dict]:
    """Every panel of the game: the fixed values and a title."""
    game = solution.game
    others = _panel_vars(game)
    ranges = [range(game.var_range(v)[0], game.var_range(v)[1] + 1) for v in others]
    grids = np.meshgrid(*ranges, indexing="ij") if ranges else []
    combos = zip(*(g.ravel() for g in grids), strict=True) if ranges else [()]
    result = []
    for combo in combos:
        fixed = {v: int(x) for v, x in zip(others, combo, strict=True)}
        result.append({"fixed": fixed, "title": panel_title(game, fixed)})
    return result


def panel_title(game, fixed: dict[str, int]) -> str:
    """E.g. "Player 2, one 1 set aside": the fixed variables' choice labels (from the description)."""
    return ", ".join(game.variable(name).title_of(value) for name, value in fixed.items()) or game.title


def panel_grid(solution: Solution, fixed: dict, progress=None) -> PanelGrid:
    game = solution.game
    names = axes(solution)
    expected = set(_panel_vars(game))
    if not isinstance(fixed, dict) or set(fixed) != expected:
        raise InvalidRequestError(f"a {game.name} panel fixes {', '.join(sorted(expected)) or 'nothing'}, got {fixed!r}")
    if game.factored:  # (panels by range: Pig with 40 turns has 40)
        if any(isinstance(x, bool) or not isinstance(x, int) or not game.var_range(v)[0] <= x <= game.var_range(v)[1]
               for v, x in fixed.items()):
            ranges = ", ".join(f"{v} {game.var_range(v)[0]}-{game.var_range(v)[1]}" for v in fixed)
            raise InvalidRequestError(f"{game.name} has no panel {fixed}; a panel fixes {ranges}")
        return _factored_panel_grid(solution, fixed, progress)
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


def _factored_panel_grid(solution, fixed: dict, progress=None) -> PanelGrid:
    """A factored game's panel: every (i, j) anchor's turn swept (batched), in the configuration
    the game shows (:func:`~pycore.jeopardy.factored.panel_turns`). No (A, T) table lies behind
    it (``rows``/``cols`` are empty: a rule's disagreements cannot be laid over it)."""
    from .factored import panel_turns  # factored imports the solver, which imports this module's users

    game = solution.game
    goal = game.goal
    i, j = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
    columns = {game.score_var: i.ravel(), game.opponent_var: j.ravel(), **{v: np.full(i.size, int(x)) for v, x in fixed.items()}}
    canonical = game.canonical_anchor(columns)
    anchors = np.stack([np.asarray(canonical[v]) for v in game.anchor_vars], axis=1)
    p_roll, p_hold, reach = panel_turns(game, solution.anchor_values, anchors, progress)
    rolls = ~np.isnan(p_roll) & (np.isnan(p_hold) | (p_roll > p_hold))
    state = reach & ~(np.isnan(p_roll) & np.isnan(p_hold))
    roll = np.where(state, rolls.astype(np.int8), -1).astype(np.int8).reshape(goal, goal, -1)
    p_roll, p_hold = (np.where(state, a, np.nan).reshape(goal, goal, -1) for a in (p_roll, p_hold))
    rolled = np.flatnonzero((roll == 1).any(axis=(0, 1)))
    depth = min(roll.shape[2] - 1, (int(rolled.max()) if len(rolled) else 0) + MARGIN)
    return PanelGrid(dict(fixed), axes_of(game), roll[:, :, : depth + 1], p_roll[:, :, : depth + 1],
                     p_hold[:, :, : depth + 1], np.zeros(0, np.int64), np.zeros(0, np.int64))


def _clean(array: np.ndarray) -> list:
    """Floats for JSON: nan (not allowed / not a state) becomes None."""
    return [[None if np.isnan(x) else float(x) for x in row] for row in array]


def pick(grid: PanelGrid, array: np.ndarray, axis: str, at: int) -> np.ndarray:
    """The [y][x] matrix of a (I, J, K) panel array on the slice ``axis = at``."""
    index = [slice(None)] * 3
    index[grid.axes.index(axis)] = at
    return array[tuple(index)].T


def slice_of(grid: PanelGrid, axis: str, at: int) -> dict:
    """The 2-D slice with ``axis`` fixed at ``at``: matrices indexed [y][x]."""
    if axis not in grid.axes:
        raise InvalidRequestError(f"a slice fixes one of {', '.join(grid.axes)}, not {axis!r}")
    n = grid.axes.index(axis)
    size = grid.roll.shape[n]
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < size:
        raise InvalidRequestError(f"{axis} must be between 0 and {size - 1} in this view, got {at!r}")
    x_axis, y_axis = [a for a in grid.axes if a != axis]
    roll = pick(grid, grid.roll, axis, at)
    return {
        "fixed": grid.fixed,
        "axis": axis,
        "at": at,
        "size": size,
        "x": x_axis,
        "y": y_axis,
        "xs": list(range(roll.shape[1])),
        "ys": list(range(roll.shape[0])),
        "roll": [[None if v < 0 else int(v) for v in row] for row in roll],
        "p_roll": _clean(pick(grid, grid.p_roll, axis, at)),
        "p_hold": _clean(pick(grid, grid.p_hold, axis, at)),
    }


def solid_of(grid: PanelGrid) -> dict:
    """The roll region as runs along the turn total: [i, j, t_from, t_to) each.

    Turn totals that cannot occur (GRO: k = 5 with one 1 set aside) take the
    action of the nearest possible one below, so a column is not cut into
    pieces by values no game reaches (the 2-D slice shows them as gaps)."""
    filled = grid.roll.copy()
    for t in range(1, filled.shape[2]):
        gap = filled[:, :, t] < 0
        filled[:, :, t][gap] = filled[:, :, t - 1][gap]
    rolls = filled == 1
    padded = np.concatenate([np.zeros(rolls.shape[:2] + (1,), bool), rolls, np.zeros(rolls.shape[:2] + (1,), bool)], 2)
    edges = np.diff(padded.astype(np.int8), axis=2)
    starts = np.argwhere(edges == 1)
    ends = np.argwhere(edges == -1)
    runs = [[int(i), int(j), int(t0), int(t1)] for (i, j, t0), (_, _, t1) in zip(starts, ends, strict=True)]
    return {"fixed": grid.fixed, "axes": list(grid.axes), "size": list(grid.roll.shape), "runs": runs}


def table_csv(solution: Solution, grid: PanelGrid) -> str:
    """The panel's roll/hold table: one row per state."""
    game = solution.game
    fixed = grid.fixed
    header = list(game.columns) + ["best", "p_roll", "p_hold"]
    lines = [",".join(header)]
    i_var, j_var, t_var = grid.axes
    for i, j, t in np.argwhere(grid.roll >= 0):
        values = {i_var: int(i), j_var: int(j), t_var: int(t), **fixed}
        pr, ph = grid.p_roll[i, j, t], grid.p_hold[i, j, t]
        lines.append(
            ",".join(str(values[v]) for v in game.columns)
            + f",{'roll' if grid.roll[i, j, t] == 1 else 'hold'},{'' if np.isnan(pr) else repr(float(pr))},"
            + f"{'' if np.isnan(ph) else repr(float(ph))}"
        )
    return "\n".join(lines) + "\n"
