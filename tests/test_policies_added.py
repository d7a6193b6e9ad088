"""A table of three players ships its papers' policies a part at a time (issue 54): GRO for
three's four are about two hours of two cores, more than fits beside a session's other work,
so ``python -m pycore tables --add-policies N`` evaluates the next ``N`` of them for the table
as listed, its values kept, and the page and the command line show the ones shipped and name
the others with the command that adds them."""

from __future__ import annotations

import json
import shutil

import pytest

from pycore import find_game
from pycore.core.errors import InvalidRequestError, TableError
from pycore.core.table_spec import table_stem
from pycore.jeopardy.seats.profile import shipped_policy_facts
from pycore.service import tables
from pycore.service.cli import main
from pycore.service.cli_format import format_result
from pycore.service.kinds import kind_of
from pycore.service.seat_policies import policies_for_players
from pycore.store import checkpoints
from pycore.store.prebuilt import CHECKPOINTS, MANIFEST, read_manifest

GAME = find_game("gro", players=3, goal=5, n_dice=5, bust_ones=3, bound=10, turns=7)


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """The small GRO for three built straight through: its table and its four policies."""
    out = tmp_path_factory.mktemp("whole")
    entry = tables.build_tables(out, games=[GAME])["tables"][0]
    assert [p["name"] for p in entry["seat_policies"]] == [p.name for p in GAME.human_policies()]
    return out, entry


def _without_policies(whole, out):
    """The table as shipped before its policies were evaluated."""
    shutil.copytree(whole[0], out)
    manifest = json.loads((out / MANIFEST).read_text())
    for entry in manifest["tables"]:
        entry.pop("seat_policies")
        entry.pop("policies_seconds")
    (out / MANIFEST).write_text(json.dumps(manifest))
    return out


def test_policies_added_one_then_the_rest_are_the_whole_builds_to_the_bit(whole, tmp_path, monkeypatch):
    """The first policy, then the other three: each evaluated in its own run (its own sweep of
    the optimal play beside it) gives what the build of all four together gives, to the bit;
    the table's file and sha256 are untouched, and a run with nothing to add changes nothing.
    A run stopped partway (Ctrl-C after its third turn left) goes on from there."""
    monkeypatch.setattr(checkpoints.FileCheckpoint.__init__, "__defaults__", (0.0,))  # (keep every turn)
    out = _without_policies(whole, tmp_path / "part")
    table = (out / whole[1]["file"]).read_bytes()
    first = tables.add_policies(1, out, games=[GAME])
    assert [e["file"] for e in first] == [whole[1]["file"]]
    assert first[0]["seat_policies"] == whole[1]["seat_policies"][:1]
    listed = read_manifest(out)["tables"][0]
    assert listed["seat_policies"] == whole[1]["seat_policies"][:1] and listed["sha256"] == whole[1]["sha256"]
    assert listed["policies_seconds"] > 0
    saved, loaded = checkpoints.FileCheckpoint.save, []

    def save_then_stop(self, state):
        saved(self, state)
        if state["turns_done"] == 3:
            raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(checkpoints.FileCheckpoint, "save", save_then_stop)
        with pytest.raises(KeyboardInterrupt):
            tables.add_policies(5, out, games=[GAME])
    assert read_manifest(out)["tables"][0] == listed  # (nothing written but the kept state)
    read = checkpoints.FileCheckpoint.load
    monkeypatch.setattr(checkpoints.FileCheckpoint, "load", lambda self: loaded.append(read(self)) or loaded[-1])
    rest = tables.add_policies(5, out, games=[GAME])[0]  # (more than are left: the three left)
    assert [int(kept["turns_done"]) for kept in loaded] == [3]
    assert rest["seat_policies"] == whole[1]["seat_policies"]
    assert rest["policies_seconds"] >= listed["policies_seconds"]  # (both runs' time)
    assert (out / whole[1]["file"]).read_bytes() == table
    assert tables.add_policies(1, out, games=[GAME]) == []
    assert list((out / CHECKPOINTS).iterdir()) == []  # (the policies' state cleared once written)


def test_a_table_with_its_first_policies_shows_them_and_names_the_others(whole):
    """The strategies view of a table shipping its first policy: that policy's chances as the
    whole build's, the other three named with the command that adds them and the minutes a
    policy took; the command line says the same."""
    shipped = whole[1]["seat_policies"][:1]
    answer = policies_for_players(GAME, None, shipped, 600.0)
    assert [p["name"] for p in answer["policies"]] == [shipped[0]["name"]]
    assert answer["policies"][0]["seats"] == shipped[0]["seats"] and answer["optimal"] == shipped[0]["optimal"]
    assert [p["name"] for p in answer["unevaluated"]] == [p.name for p in GAME.human_policies()[1:]]
    assert answer["unevaluated_note"] == ("not evaluated yet at this size (about 10 minutes each when its table was "
                                          f"built); `python -m pycore tables --game {GAME.name} --add-policies 3` "
                                          "adds them")
    text = format_result("policies", answer, kind_of(GAME).words)
    assert "Fixed Hold-At, Simple Player and Ones Cases, Keep Pace, End Race, by Case: not evaluated yet" in text
    assert f"  {shipped[0]['name']}" in text
    nothing = policies_for_players(GAME, None, [], None)
    assert nothing["policies"] == [] and len(nothing["unevaluated"]) == 4 and nothing["optimal"] is None
    assert "no published policies" not in format_result("policies", nothing, kind_of(GAME).words)
    with pytest.raises(TableError, match=r"the table's policies \(Fixed Hold-At\) are not the game's"):
        policies_for_players(GAME, None, whole[1]["seat_policies"][1:2])


def test_adding_policies_refuses_a_changed_table_a_missing_one_and_a_two_player_game(whole, tmp_path):
    """The policies are of the values listed: a table whose file no longer matches its sha256
    is refused by name before any sweep, as is one not listed; a two-player game's policies
    are built with its table; earlier results that are not the game's first are refused."""
    out = _without_policies(whole, tmp_path / "changed")
    path = out / whole[1]["file"]
    path.write_bytes(path.read_bytes()[:-1] + b"\0")
    with pytest.raises(TableError, match="does not match its sha256"):
        tables.add_policies(1, out, games=[GAME])
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / MANIFEST).write_text(json.dumps({"format": 1, "tables": []}))
    with pytest.raises(TableError, match=rf"{table_stem(GAME)}.roht is not listed"):
        tables.add_policies(1, empty, games=[GAME])
    for count in (0, -1):  # (before the manifest is read)
        with pytest.raises(InvalidRequestError, match=rf"a number of policies, 1 or more, not {count}"):
            tables.add_policies(count, tmp_path / "nowhere", games=[GAME])
    with pytest.raises(InvalidRequestError, match="for tables of three or more players; gro's"):
        tables.add_policies(1, out, games=[find_game("gro")])
    wrong = _without_policies(whole, tmp_path / "wrong")
    manifest = json.loads((wrong / MANIFEST).read_text())
    manifest["tables"][0]["seat_policies"] = whole[1]["seat_policies"][1:2]
    (wrong / MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(TableError, match=r"the table.s policies \(Fixed Hold-At\) are not the game.s first"):
        tables.add_policies(1, wrong, games=[GAME])


def test_the_command_adds_a_policy_and_says_what_the_table_has(whole, tmp_path, monkeypatch, capsys):
    """``python -m pycore tables --game gro-3 --add-policies 1`` (the small game standing for
    the shipped one): one line naming the table's policies and their time; run when nothing
    is missing it says so; ``--game gro`` is refused in words."""
    out = _without_policies(whole, tmp_path / "cli")
    monkeypatch.setattr(tables, "prebuilt_games", lambda: [GAME])
    assert main(["tables", "--game", "gro-3", "--add-policies", "1", "--out", str(out), "--quiet"]) == 0
    said = capsys.readouterr().out.strip()
    assert said.startswith(f"{whole[1]['file']}: 1 policies (Roll with 4 or 5 Dice), ")
    assert main(["tables", "--add-policies", "3", "--out", str(out), "--quiet"]) == 0
    assert read_manifest(out)["tables"][0]["seat_policies"] == whole[1]["seat_policies"]
    capsys.readouterr()
    assert main(["tables", "--add-policies", "1", "--out", str(out), "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == "every table of more players has its policies"
    monkeypatch.setattr(tables, "prebuilt_games", lambda: [find_game("gro")])
    assert main(["tables", "--game", "gro", "--add-policies", "1", "--out", str(out), "--quiet"]) == 2
    assert "--add-policies is for tables of three or more players" in capsys.readouterr().err


def test_a_table_declared_to_ship_no_policies_is_built_without_them_and_takes_them_later(tmp_path):
    """All Yellow Zombie Dice for five declares ``policies_built=0`` (each policy is a profile
    per seat over its 100 turns left: hours): its table's build evaluates none and says so
    (an empty ``seat_policies``, 0 seconds); ``--add-policies 1`` then adds the first, as a
    build of that policy alone would give."""
    five = find_game("ayzd", players=5, goal=2, bound=5, turns=4)
    assert five.tables.policies_built == 0 and GAME.tables.policies_built is None
    entry = tables.build_tables(tmp_path, games=[five])["tables"][0]
    assert entry["seat_policies"] == [] and entry["policies_seconds"] == 0.0
    assert len(entry["seat_chances"]) == 5 and abs(sum(entry["seat_chances"]) - 1.0) < 1e-12
    first = five.human_policies()[0]
    added = tables.add_policies(1, tmp_path, games=[five])[0]["seat_policies"]
    assert [r["name"] for r in added] == [first.name]
    assert [s["seat"] for s in added[0]["seats"]] == [0, 1, 2, 3, 4]
    alone = shipped_policy_facts(five, most=1)["seat_policies"]
    assert added == alone and all(s["cost"] >= -1e-12 for s in alone[0]["seats"])
