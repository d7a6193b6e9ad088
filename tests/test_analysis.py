"""One question, one answer: where a game's values come from (:mod:`pycore.jeopardy.analysis`),
the ``answer`` request the page makes for every link and tap, and the solves Python keeps
across a page's reloads (:mod:`pycore.store.kept_solves`)."""

from pathlib import Path

import numpy as np
import pytest

from pycore import api, find_game
from pycore.core.cache import CACHES, clear_caches
from pycore.core.errors import InvalidRequestError
from pycore.core.table_spec import table_order, table_rules
from pycore.jeopardy.analysis import analyse
from pycore.store import kept_solves

ROOT = Path(__file__).resolve().parents[1]
#: a factored game solved live in a fraction of a second (its table is its solution)
SMALL_FACTORED = {"game": "pig-turns", "goal": 20, "turns": 8}


@pytest.fixture
def fresh_process(monkeypatch, tmp_path):
    """Nothing in memory, and solves kept in a directory of this test's (as the page's worker
    keeps them): ``tmp_path / "kept" / "this-build"``."""
    monkeypatch.setenv("ROLL_OR_HOLD_KEPT", str(tmp_path / "kept" / "this-build"))
    clear_caches()
    yield tmp_path / "kept" / "this-build"
    clear_caches()


def test_each_source_answers_and_says_which(fresh_process):
    """A shipped table answers the win without a solve; rules no table ships for are solved;
    the most points of one turn is one turn; a solution in memory answers before the table."""
    pig = find_game("pig")
    assert analyse(pig).ready and not analyse(pig).is_solved
    advice = api.call("advise", {"game": "pig", "state": "i=10,j=20,k=5"})
    assert advice["source"] == "table pig-goal100-die6-bust1.roht" and len(CACHES["solutions"]) == 0
    assert api.call("advise", {"game": "pig", "state": "i=10,j=20,k=5", "objective": "turn-score"})["source"] == "turn"
    assert not analyse(find_game("pig", goal=50)).ready
    assert api.call("advise", {"game": "pig", "goal": 50, "state": "i=10,j=20,k=5"})["source"] == "solve"
    api.call("slice", {"game": "pig", "fixed": {}, "axis": "k", "at": 0})  # (a view that needs every state)
    assert analyse(pig).is_solved
    again = api.call("advise", {"game": "pig", "state": "i=10,j=20,k=5"})
    assert again["source"] == "solve" and again["values"] == pytest.approx(advice["values"], abs=1e-12)


def test_a_big_tables_start_is_what_its_build_found_not_a_sweep(fresh_process):
    """Three-player GRO's start chances are read from its table's entry (the page's first answer
    swept all 60 turns for them: 104 s of CPython), and equal a solve's to the table's scale."""
    game = find_game("gro-3")
    start = analyse(game).start()
    assert start["source"].startswith("table gro-3-") and start["seconds"] == 0.0
    # docs/three-players.md: "0.2859, 0.3286 and 0.3855" (seven digits: 0.2858683, 0.3286430, 0.3854887)
    assert start["seat_chances"] == pytest.approx([0.2858683, 0.3286430, 0.3854887], abs=5e-8)
    assert len(CACHES["solutions"]) == 0  # nothing solved, nothing swept
    # a second way: the first turn swept from the table's turn-start values (what advice reads)
    turn, source = analyse(game).turn(game.start_anchor(), 0)
    assert source == start["source"]
    assert turn.seat_action_values(tuple(game.turn_start))["roll"] == pytest.approx(start["seat_chances"], abs=1e-9)
    limited = analyse(find_game("pig-turns")).start()  # the turn limit's chart ships with its table
    assert [row["turns"] for row in limited["by_turns"]["rows"]] == list(range(2, 41, 2))
    assert len(CACHES["solutions"]) == 0


def test_the_service_holds_no_cache_and_never_chooses_a_source():
    """Where a two-player game's values come from is its analysis' question: the service keeps
    no values, and its jeopardy actions neither import a solver nor read a table (a scorecard
    game has one source, its table)."""
    for path in (ROOT / "pycore" / "service").glob("*.py"):
        text = path.read_text()
        forbidden = ["BoundedCache", "lru_cache", "jeopardy.solvers", "solver_of", "prebuilt_stem"]
        if path.name.startswith("jeopardy_"):
            forbidden += ["load_table", "store.prebuilt"]
        for name in forbidden:
            assert name not in text, (path.name, name)


def test_one_request_resolves_edits_answers_and_writes_the_link(fresh_process):
    """A tap is one request: the position as the page holds it, the edit, the answer for where
    it leads and the link Python writes (the page composes no link)."""
    reply = api.call("answer", {"game": "pig", "goal": 100, "keys": {"i": 10, "j": 20, "k": 5},
                                "view": {"view": "advice", "objective": "win"}, "edit": {"var": "i", "direction": 1}})
    assert reply["edit"] == {"note": "", "pending": False}
    assert reply["position"]["state"] == {"i": 11, "j": 20, "k": 5}
    expected = api.call("advise", {"game": "pig", "state": "i=11,j=20,k=5"})
    assert reply["link"] == reply["position"]["fragment"] == expected["link"] == "#game=pig&i=11&j=20&k=5"
    assert reply["answer"]["values"] == expected["values"]
    # a link opened: the same, from its fragment, its problems said
    opened = api.call("answer", {"fragment": "#game=pig&i=11&j=20&k=5&zz=1"})
    assert opened["answer"]["values"] == expected["values"]
    assert opened["position"]["problems"] == ["pig has no 'zz' (ignored); its state is i, j, k"]
    # an edit that cannot be made: said, nothing moves, nothing answered
    top = api.call("answer", {"game": "pig", "keys": {"i": 99, "j": 20, "k": 5}, "edit": {"var": "i", "direction": 1}})
    assert top["edit"] == {"error": "Your score is already at its highest (99)"} and "answer" not in top
    assert top["position"]["state"] == {"i": 99, "j": 20, "k": 5}
    # an entry waiting for the rest of its group (Farkle's turn total with its dice)
    waits = api.call("answer", {"game": "farkle", "rules": "basic", "keys": {"i": 0, "j": 0, "k": 100, "d": 5},
                                "edit": {"var": "k", "to": 300}})
    assert waits["edit"]["pending"] is True and "answer" not in waits
    with pytest.raises(InvalidRequestError, match="argument 'edit' must be an object"):
        api.call("answer", {"game": "pig", "keys": {}, "edit": "i+1"})
    with pytest.raises(InvalidRequestError, match="argument 'keys' must be an object of names and values"):
        api.call("answer", {"game": "pig", "keys": {"i": [1]}})


def test_a_solve_is_asked_for_and_the_page_says_what_it_costs_first(fresh_process):
    """Rules no table ships for: the first reply is the estimate (the page asks the person
    before a long solve), the second solves within the time shown and says the start."""
    position = {"game": "pig", "goal": 50, "keys": {"i": 10, "j": 20, "k": 5}}
    first = api.call("answer", position)
    assert "answer" not in first and first["needs_solve"]["solves"] == 1 and first["needs_solve"]["seconds"] > 0
    solved = api.call("answer", {**position, "solve": True, "start": True, "max_seconds": 60})
    assert solved["start"]["source"] == "solve" and solved["start"]["states"] == 76_200
    assert solved["answer"]["values"] == api.call("advise", {"game": "pig", "goal": 50, "state": "i=10,j=20,k=5"})["values"]
    # refused by name, with the position still there for the controls
    refused = api.call("answer", {"fragment": "#game=farkle&rules=zilch&set=minimum_bank%3D0&k=100&d=5&objective=win"})
    assert refused["refused"]["type"] == "InvalidParameterError" and "too large to solve here" in refused["refused"]["message"]
    assert refused["position"]["state"]["k"] == 100 and "answer" not in refused


def test_a_scorecard_game_is_answered_by_the_same_request():
    reply = api.call("answer", {"game": "yahtzee", "joker": "forced", "keys": {"card": "fh:25", "dice": "22456", "rolls": 1}})
    expected = api.call("advise", {"game": "yahtzee", "joker": "forced", "scorecard": "fh:25", "dice": "22456", "rolls_left": 1})
    assert reply["link"] == expected["fragment"] == "#game=yahtzee&joker=forced&card=fh:25&dice=22456&rolls=1"
    assert reply["answer"]["best"] == expected["best"]


def test_a_solve_is_kept_on_the_device_and_answers_after_a_reload(fresh_process):
    """The page's worker keeps solves in the browser's storage: after a reload (nothing in
    memory) a factored game answers from its kept values at once (no sweep), a tabulated one
    is warm-started (one sweep); the values are the solve's."""
    solved = api.call("answer", {**SMALL_FACTORED, "keys": {}, "solve": True, "start": True})
    assert solved["start"]["source"] == "solve" and solved["start"]["iterations"] > 0
    assert len(list(fresh_process.glob("*.npz"))) == 1
    clear_caches()  # (a reload: Python starts afresh)
    again = api.call("answer", {**SMALL_FACTORED, "keys": {}, "start": True})
    assert "needs_solve" not in again and again["start"]["source"] == "kept" and again["start"]["iterations"] == 0
    assert again["start"]["p_first_player_wins"] == solved["start"]["p_first_player_wins"]
    assert again["answer"]["values"] == solved["answer"]["values"]
    api.call("answer", {"game": "pig", "goal": 40, "keys": {}, "solve": True})
    clear_caches()
    warm = api.call("answer", {"game": "pig", "goal": 40, "keys": {}, "start": True})
    assert warm["start"]["source"] == "solve" and warm["start"]["iterations"] == 1  # (one sweep confirms them)


@pytest.mark.parametrize("damage", ["truncated", "flipped", "other rules", "wrong length", "a directory"])
def test_kept_values_that_cannot_be_trusted_are_removed_and_solved_again(fresh_process, damage):
    game = find_game(SMALL_FACTORED["game"], goal=20, turns=8)
    api.call("answer", {**SMALL_FACTORED, "keys": {}, "solve": True})
    (path,) = fresh_process.glob("*.npz")
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        values = kept_solves.kept_values(table_rules(game), table_order(game)[0].size)
        path.write_bytes(data.replace(values[5].tobytes(), (values[5] / 2).tobytes()))
    elif damage == "other rules":
        other = find_game("pig-turns", goal=20, turns=6)
        kept_solves.keep_values(table_rules(other), np.zeros(table_order(other)[0].size))
        (kept,) = (p for p in fresh_process.glob("*.npz") if p != path)
        path.write_bytes(kept.read_bytes())
    elif damage == "wrong length":
        kept_solves.keep_values(table_rules(game), np.zeros(7))
    else:
        path.unlink()
        path.mkdir()
    clear_caches()
    assert kept_solves.kept_values(table_rules(game), table_order(game)[0].size) is None
    assert not path.is_file() or damage == "a directory"
    assert "needs_solve" in api.call("answer", {**SMALL_FACTORED, "keys": {}})


def test_another_builds_kept_solves_go_when_this_one_keeps_one(fresh_process):
    old = fresh_process.parent / "an-older-build"
    old.mkdir(parents=True)
    (old / "x.npz").write_bytes(b"kept by another solver")
    api.call("answer", {**SMALL_FACTORED, "keys": {}, "solve": True})
    assert not old.exists() and len(list(fresh_process.glob("*.npz"))) == 1


def test_nothing_is_kept_where_no_directory_is_named(monkeypatch):
    monkeypatch.delenv("ROLL_OR_HOLD_KEPT", raising=False)
    assert kept_solves.kept_dir() is None
    kept_solves.keep_values({"game": "x"}, np.zeros(3))  # (nothing happens, nothing raises)
    assert kept_solves.kept_values({"game": "x"}, 3) is None
