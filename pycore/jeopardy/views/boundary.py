"""Roll/hold boundaries: the papers' figures (GRO Fig. 1, AYZD Fig. 2, Pig) as data.

Pig has one panel; GRO one per (p, o); AYZD one per (p, s) (:mod:`pycore.jeopardy.views.panel`:
what a panel holds). Inside a panel the optimal player rolls in a solid region of
(i, j, turn total): :func:`slice_of` cuts it in 2-D, :func:`solid_of` gives it whole.
"""

from __future__ import annotations

from math import isnan

import numpy as np

from pycore.core.errors import InvalidRequestError
from pycore.jeopardy.rules.notation import column_names
from pycore.jeopardy.solving.dispatch import solver_of
from pycore.jeopardy.views.panel import PanelGrid, panel_vars


def panel_grid(solution, fixed: dict, progress=None) -> PanelGrid:
    """The panel of ``solution`` that fixes ``fixed`` (every variable but the three axes), laid
    out by the solver that made it."""
    game = solution.game
    expected = set(panel_vars(game))
    if not isinstance(fixed, dict) or set(fixed) != expected:
        raise InvalidRequestError(f"argument 'fixed': a {game.name} panel fixes {', '.join(sorted(expected)) or 'nothing'}, "
                                  f"got {fixed!r}")
    return solver_of(game).panel_grid(solution, fixed, progress)


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
        raise InvalidRequestError(f"argument 'axis': a slice fixes one of {', '.join(grid.axes)}, not {axis!r}")
    n = grid.axes.index(axis)
    size = grid.roll.shape[n]
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < size:
        raise InvalidRequestError(f"argument 'at': {axis} must be between 0 and {size - 1} in this view, got {at!r}")
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


# the least share of a slice's states the less frequent action is best in for the slice to show
# the boundary (a lone column of holds at the goal says little)
TELLING_SHARE = 0.1


def telling_at(grid: PanelGrid, axis: str, at: int) -> dict | None:
    """Where a slice that opens at ``axis = at`` shows something: ``None`` when that slice has
    both actions already (or no slice has), else ``{"at", "only", "share"}``: the nearest value
    of ``axis`` (the lower of two as near) where the less frequent action is best in at least
    :data:`TELLING_SHARE` of the slice's states (in the most there is, if no slice reaches it),
    the one action best at ``at`` (``"roll"``, ``"hold"``, or None: no state there) and the
    share asked for. (A turn total of 0 is such a slice: every state rolls.)"""
    n = grid.axes.index(axis)
    others = tuple(a for a in range(3) if a != n)
    rolls = (grid.roll == 1).sum(axis=others)
    holds = (grid.roll == 0).sum(axis=others)
    if rolls[at] and holds[at]:
        return None
    states = rolls + holds
    share = np.divide(np.minimum(rolls, holds), states, out=np.zeros(states.shape), where=states > 0)
    wanted = min(TELLING_SHARE, float(share.max()))
    if wanted == 0:
        return None
    nearest = min(np.flatnonzero(share >= wanted), key=lambda v: (abs(int(v) - at), int(v)))
    only = "roll" if rolls[at] else "hold" if holds[at] else None
    return {"at": int(nearest), "only": only, "share": wanted}


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


def table_csv(solution, grid: PanelGrid) -> str:
    """The panel's roll/hold table: one row per state."""
    game = solution.game
    fixed = grid.fixed
    header = list(column_names(game)) + ["best", "p_roll", "p_hold"]
    lines = [",".join(header)]
    i_var, j_var, t_var = grid.axes
    # each line's state columns as one format (the fixed ones written in once)
    axis_of = {i_var: "{0}", j_var: "{1}", t_var: "{2}"}
    state = ",".join(axis_of.get(v) or str(fixed[v]).replace("{", "{{").replace("}", "}}") for v in column_names(game))
    at = np.argwhere(grid.roll >= 0)
    cells = tuple(at.T)
    # (Python's numbers read out once: a numpy scalar for each cell was 0.15 s for Pig's panel)
    lines.extend(
        f"{state.format(i, j, t)},{'roll' if rolls == 1 else 'hold'},{'' if isnan(pr) else repr(pr)},{'' if isnan(ph) else repr(ph)}"
        for (i, j, t), rolls, pr, ph in zip(at.tolist(), grid.roll[cells].tolist(), grid.p_roll[cells].tolist(),
                                             grid.p_hold[cells].tolist(), strict=True)
    )
    return "\n".join(lines) + "\n"
