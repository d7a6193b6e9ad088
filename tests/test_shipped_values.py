"""Issue 17: the small games' default parameters ship their solved turn-start values
(prebuilt_tables/, ``python -m pycore tables --game pig|gro|ayzd``), so the first advice needs
no solve. The shipped values are a fresh solve's to the double's last bit; advice from them is
the solve's; the views that need every state solve warm-started from them in one sweep."""

import numpy as np
import pytest
from conformance import sample_states

from pycore import api, find_game
from pycore.core.cache import CACHES
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.solving.dispatch import solve, win_turn_values
from pycore.store.prebuilt import load_table, read_manifest, table_file

GAMES = ["pig", "gro", "ayzd"]


@pytest.fixture(autouse=True)
def no_solutions_kept():
    """Each test starts with no solution in the API's memory (answers come from the table)."""
    CACHES["solutions"].clear()
    yield
    CACHES["solutions"].clear()


@pytest.fixture(scope="module")
def solved():
    return {name: solve(find_game(name)) for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_values_are_a_fresh_solve_to_the_last_bit(name, solved):
    game = find_game(name)
    table = load_table(game)
    fresh = solved[name].anchor_values
    assert table.values.shape == fresh.shape
    assert np.max(np.abs(table.values - fresh)) <= 2.0**-53
    entry = next(e for e in read_manifest()["tables"] if e["file"] == table_file(game))
    assert entry["regenerate"] == f"python -m pycore tables --game {name}"
    assert entry["p_first_player_wins"] == pytest.approx(solved[name].p_first_player_wins(), abs=1e-15)


def test_the_tables_are_small():
    sizes = {name: load_table(find_game(name)).entry["bytes"] for name in GAMES}
    assert sizes["pig"] < 80_000 and sizes["gro"] < 60_000 and sizes["ayzd"] < 10_000, sizes


@pytest.mark.parametrize("name", GAMES)
def test_advice_from_the_table_is_the_solves_without_a_solve(name, solved):
    """Random states of the default game: the API's advice (from the table: no solution is made)
    against the turn swept from a fresh solve's values."""
    game = find_game(name)
    checked = 0
    for state in sample_states(game, solved[name], count=40, seed=17):
        advice = api.call("advise", {"game": name, "state": Notation(game).values(state)})
        assert advice["source"] == f"table {table_file(game)}"
        expected = win_turn_values(game, state.anchor, solved[name].anchor_value, game.gain(state.turn))
        for action, value in expected.action_values(state.turn).items():
            got = advice["values"][action]
            assert (got is None) == (value is None)
            if value is not None:
                assert got == pytest.approx(value, abs=1e-15)
        checked += 1
    assert checked == 40
    assert (game.key, False) not in CACHES["solutions"]  # nothing was solved


@pytest.mark.parametrize("name", GAMES)
def test_solve_answers_from_the_table_for_advice_and_solves_in_one_sweep_for_other_views(name, solved):
    answer = api.call("solve", {"game": name})
    assert answer["source"] == f"table {table_file(find_game(name))}" and answer["iterations"] == 0
    assert answer["p_first_player_wins"] == pytest.approx(solved[name].p_first_player_wins(), abs=1e-15)
    assert answer["states"] == solved[name].n_states
    full = api.call("solve", {"game": name, "view": {"view": "slice", "axis": "i"}})
    assert full["source"] == "solve" and full["iterations"] == 1
    assert full["residual"] <= 1e-12
    fresh = api.call("solve", {"game": name, "fresh": True})
    assert fresh["iterations"] == solved[name].iterations > 1
