import numpy as np
import pytest

from pycore import InvalidRequestError, api
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.views.boundary import panel_grid, slice_of, solid_of, table_csv
from pycore.jeopardy.views.panel import panels


def test_panels_follow_the_papers_figures(solved):
    assert [p["fixed"] for p in panels(solved("gro"))] == [{"p": p, "o": o} for p in (1, 2) for o in (0, 1, 2)]
    assert [p["title"] for p in panels(solved("ayzd"))][4] == "Player 2, one shotgun"
    assert panels(solved("pig")) == [{"fixed": {}, "title": "Pig"}]


def test_grid_matches_the_policy_and_the_solid_covers_exactly_the_rolls(solved):
    solution = solved("ayzd")
    grid = panel_grid(solution, {"p": 1, "s": 1})
    game = solution.game
    for i, j, b in np.argwhere(grid.roll >= 0)[::7]:
        state = Notation(game).from_values(p=1, i=int(i), j=int(j), b=int(b), s=1)
        assert (grid.roll[i, j, b] == 1) == (solution.best_action(state) == "roll")
    solid = solid_of(grid)
    covered = np.zeros(grid.roll.shape, bool)
    for i, j, t0, t1 in solid["runs"]:
        covered[i, j, t0:t1] = True
    assert np.all(covered[grid.roll == 1])  # every roll state is inside the solid
    assert not np.any(covered[grid.roll == 0])  # and no hold state is


def test_bad_panel_and_slice_arguments(solved):
    with pytest.raises(InvalidRequestError, match="fixes o, p"):
        panel_grid(solved("gro"), {"p": 1})
    grid = panel_grid(solved("gro"), {"p": 1, "o": 0})
    with pytest.raises(InvalidRequestError, match="one of i, j, k"):
        slice_of(grid, "o", 0)
    with pytest.raises(InvalidRequestError, match="between 0 and 49"):
        slice_of(grid, "i", 50)
    answer = api.handle('{"action": "slice", "args": {"game": "gro", "fixed": {"p": 3, "o": 0}, "axis": "i", "at": 1}}')
    assert '"type": "InvalidRequestError"' in answer and "gro has no panel {'p': 3, 'o': 0}" in answer


def test_csv_has_a_row_per_state(solved):
    solution = solved("ayzd")
    grid = panel_grid(solution, {"p": 2, "s": 0})
    lines = table_csv(solution, grid).splitlines()
    assert lines[0] == "p,i,j,b,s,best,p_roll,p_hold"
    assert len(lines) - 1 == int((grid.roll >= 0).sum())
    first = dict(zip(lines[0].split(","), lines[1].split(","), strict=True))
    state = Notation(solution.game).from_values(**{k: int(first[k]) for k in "pijbs"})
    assert float(first["p_roll"]) == solution.action_values(state)["roll"]
