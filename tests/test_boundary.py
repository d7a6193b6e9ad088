import numpy as np
import pytest

from pycore import InvalidRequestError, api
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.views.boundary import TELLING_SHARE, panel_grid, slice_of, solid_of, table_csv, telling_at
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


@pytest.mark.parametrize("name, fixed, axis, at, opens", [
    ("gro", {"p": 1, "o": 0}, "k", 0, 15),  # a turn's start: every state rolls
    ("pig", {}, "k", 0, 13),
    ("ayzd", {"p": 1, "s": 0}, "b", 0, 4),
    ("ayzd", {"p": 1, "s": 0}, "b", 22, 12),  # every state holds: the nearest where rolling shows
])
def test_a_slice_of_one_colour_opens_where_it_shows_the_boundary(solved, name, fixed, axis, at, opens):
    """Issue 52: the nearest value where the less frequent action is best in a tenth of the
    slice's states or more; none between (the nearest), and the slice asked for is one colour."""
    grid = panel_grid(solved(name), fixed)
    moved = telling_at(grid, axis, at)
    assert moved["at"] == opens and moved["share"] == TELLING_SHARE

    def share(value):
        cells = [c for row in slice_of(grid, axis, value)["roll"] for c in row if c is not None]
        return min(cells.count(0), cells.count(1)) / len(cells) if cells else 0.0

    assert share(at) == 0 and share(opens) >= TELLING_SHARE
    assert all(share(v) < TELLING_SHARE for v in range(min(at, opens) + 1, max(at, opens)))
    # a slice with both actions stays where it is asked for
    assert telling_at(grid, axis, opens) is None


def test_the_slice_action_opens_a_view_where_it_shows_something_only_when_asked():
    args = {"game": "gro", "fixed": {"p": 1, "o": 0}, "axis": "k", "at": 0}
    assert api.call("slice", args)["at"] == 0 and "note" not in api.call("slice", args)  # (the slider's own value)
    opened = api.call("slice", {**args, "informative": True})
    assert (opened["at"], opened["opened_from"]) == (15, 0)
    assert opened["note"] == ("At k = 0 rolling is best everywhere, so the picture opens at k = 15, the nearest where "
                              "holding is best in a tenth of the states or more (the slider shows any other).")
    assert "note" not in api.call("slice", {**args, "at": 20, "informative": True})
    answer = api.handle('{"action": "slice", "args": {"game": "gro", "fixed": {"p": 1, "o": 0}, "axis": "k", "at": 0, "informative": 1}}')
    assert "'informative' must be true or false" in answer


def test_csv_has_a_row_per_state(solved):
    solution = solved("ayzd")
    grid = panel_grid(solution, {"p": 2, "s": 0})
    lines = table_csv(solution, grid).splitlines()
    assert lines[0] == "p,i,j,b,s,best,p_roll,p_hold"
    assert len(lines) - 1 == int((grid.roll >= 0).sum())
    first = dict(zip(lines[0].split(","), lines[1].split(","), strict=True))
    state = Notation(solution.game).from_values(**{k: int(first[k]) for k in "pijbs"})
    assert float(first["p_roll"]) == solution.action_values(state)["roll"]
