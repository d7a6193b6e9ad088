"""A table build of a game of three or more players resumes after a stop (issue 54), as
Farkle's does (tests/test_checkpoints.py): the stationary iteration by stage, the
backward induction by turns left, by the chain solver and by the general sweep; what it
then gives is the straight-through solve's to the bit, and a kept state that is not the
solve's is set aside by name."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from table_checks import build_stopped

from pycore import find_game
from pycore.core.table_spec import table_rules, table_stem
from pycore.jeopardy.seats.chain import turn_limited_chain
from pycore.jeopardy.seats.sweep import seat_values, turn_limited_seat_values
from pycore.jeopardy.solving.dispatch import solve
from pycore.store.checkpoints import FileCheckpoint


class Stopped(Exception):
    """The build stopped (as by Ctrl-C) right after a state was kept."""


class StoppingCheckpoint(FileCheckpoint):
    """Keeps every state (``every`` 0) and stops the build after ``saves`` of them."""

    def __init__(self, path: Path, game, saves: int | None, said: list) -> None:
        super().__init__(path, table_rules(game), every=0.0, say=said.append)
        self.saves_left = saves

    def save(self, state) -> None:
        super().save(state)
        if self.saves_left is not None:
            self.saves_left -= 1
            if self.saves_left == 0:
                raise Stopped


def _stopped_then_resumed(tmp_path, game, run, saves: int):
    """What ``run(checkpoint)`` gives when a first run stops after ``saves`` kept states and a
    second goes on from them, with the second checkpoint (what it resumed at)."""
    said: list = []
    with pytest.raises(Stopped):
        run(StoppingCheckpoint(tmp_path / "kept.npz", game, saves, said))
    again = StoppingCheckpoint(tmp_path / "kept.npz", game, None, said)
    result = run(again)
    assert said == []  # (nothing set aside)
    return result, again


def test_the_stationary_iteration_resumes_at_the_stage_after_the_last_kept(tmp_path):
    game = find_game("ayzd", players=3, goal=4)
    straight_stats: dict = {}
    straight = seat_values(game, stats=straight_stats)
    stats: dict = {}
    resumed, checkpoint = _stopped_then_resumed(tmp_path, game, lambda c: seat_values(game, stats=stats, checkpoint=c), 5)
    assert checkpoint.resumed_at["stages_done"] == 5
    assert np.array_equal(resumed, straight) and stats == straight_stats


@pytest.mark.parametrize("name, params, solver", [
    ("pig", {"goal": 10, "turns": 12}, turn_limited_chain),
    ("gro", {"goal": 5, "n_dice": 3, "bust_ones": 2, "turns": 7}, turn_limited_seat_values),
])
def test_the_backward_induction_resumes_at_the_turns_left_kept(tmp_path, name, params, solver):
    game = find_game(name, players=3, **params)
    turns = params["turns"]
    straight = solver(game, turns)
    resumed, checkpoint = _stopped_then_resumed(tmp_path, game, lambda c: solver(game, turns, checkpoint=c), 4)
    assert checkpoint.resumed_at["turns_done"] == 4
    for field in ("values", "start", "changes", "cycle_changes", "ending_values"):
        assert np.array_equal(getattr(resumed, field), getattr(straight, field)), field


def test_a_table_build_passes_its_checkpoint_to_the_seats_solve(tmp_path):
    """The tables command's path (the solver's ``solve`` with a checkpoint) resumes too."""
    game = find_game("pig", players=3, goal=10, turns=9)
    straight = solve(game, check=False)
    resumed, checkpoint = _stopped_then_resumed(tmp_path, game, lambda c: solve(game, check=False, checkpoint=c), 3)
    assert checkpoint.resumed_at["turns_done"] == 3
    assert np.array_equal(resumed.ending_values, straight.ending_values)


@pytest.mark.parametrize("change, why", [
    ({"tables": np.full((3, 5, 3), 0.5)}, "keeps tables of shape (3, 5, 3) where these rules have (3, 1000, 3)"),
    ({"turns_done": np.array(99)}, "keeps turns_done 99, not a whole number from 1 to 9"),
    ({"start": np.full((4, 3), 1.5)}, "keeps start outside 0 to 1"),
    ({"changes": np.zeros(2)}, "keeps 2 changes where 4 are kept"),
])
def test_a_kept_state_not_of_the_solve_is_set_aside(tmp_path, change, why):
    game = find_game("pig", players=3, goal=10, turns=9)
    said: list = []
    with pytest.raises(Stopped):
        turn_limited_chain(game, 9, checkpoint=StoppingCheckpoint(tmp_path / "kept.npz", game, 3, said))
    with np.load(tmp_path / "kept.npz") as kept:
        arrays = {k: kept[k] for k in kept.files if k != "checksum"}
    from pycore.store.checkpoints import checksum

    arrays.update(change)
    arrays["checksum"] = np.array(checksum(arrays))
    np.savez(tmp_path / "kept.npz", **arrays)
    again = StoppingCheckpoint(tmp_path / "kept.npz", game, None, said)
    resumed = turn_limited_chain(game, 9, checkpoint=again)
    assert len(said) == 1 and why in said[0] and "set aside" in said[0]
    assert np.array_equal(resumed.values, turn_limited_chain(game, 9).values)


@pytest.mark.parametrize("name, params", [
    ("pig", {"goal": 10, "turns": 9}),  # the chain solver's profiles
    ("gro", {"goal": 5, "n_dice": 3, "bust_ones": 2, "bound": 10, "turns": 7}),  # the general sweep's
])
def test_a_table_build_stopped_in_its_policies_goes_on_there(tmp_path, monkeypatch, name, params):
    """A table of three players evaluates the papers' policies after the solve (hours at GRO's
    shipped size), in a stage kept beside the solve's: a build stopped there (Ctrl-C after the
    policies' fourth turn left) and run again solves nothing again, goes on from that turn, and
    ships what one run straight through ships, to the bit; its time is both runs'."""
    from pycore.service import tables
    from pycore.store import checkpoints, prebuilt

    game = find_game(name, players=3, **params)
    monkeypatch.setattr(checkpoints.FileCheckpoint.__init__, "__defaults__", (0.0,))  # keep every turn
    whole = tables.build_tables(tmp_path / "whole", games=[game])["tables"][0]
    assert [p["name"] for p in whole["seat_policies"]] == [p.name for p in game.human_policies()]
    read, loaded = checkpoints.FileCheckpoint.load, []

    def load(self):
        kept = read(self)
        loaded.append((self.path.name, None if kept is None else kept["turns_done"]))
        return kept

    out = tmp_path / "resumed"
    build_stopped(monkeypatch, out, game,
                  lambda kept, state: kept.path.name.endswith(".policies.npz") and state["turns_done"] == 4)
    kept_dir = out / prebuilt.CHECKPOINTS
    stem = table_stem(game)
    assert sorted(p.name for p in kept_dir.iterdir()) == [f"{stem}.npz", f"{stem}.policies.npz"]
    with np.load(kept_dir / f"{stem}.policies.npz") as state:
        stopped_seconds = float(state["build_seconds"])
        assert int(state["turns_done"]) == 4 and state["tables"].dtype == float
    monkeypatch.setattr(checkpoints.FileCheckpoint, "load", load)
    resumed = tables.build_tables(out, games=[game])["tables"][0]
    turns = params["turns"]
    assert loaded == [(f"{stem}.npz", turns), (f"{stem}.policies.npz", 4)]  # the solve was done; the policies at 4
    assert resumed["seat_policies"] == whole["seat_policies"] and resumed["sha256"] == whole["sha256"]
    assert resumed["policies_seconds"] >= round(stopped_seconds, 1)  # (the manifest's tenths of a second)
    assert list(kept_dir.iterdir()) == []  # (both cleared once the table is written)


def test_a_kept_policies_state_not_of_these_profiles_is_set_aside(tmp_path):
    """The policies' kept state is read as the solve's is: of another shape, it is set aside by
    name and the evaluation starts from the beginning, giving the same chances."""
    from pycore.jeopardy.seats.profile import follower_chances

    game = find_game("pig", players=3, goal=10, turns=9)
    said: list = []
    build = FileCheckpoint(tmp_path / "kept.npz", table_rules(game), every=0.0, say=said.append)
    stage = build.stage("policies", ["Hold at 20"])
    assert stage.path == tmp_path / "kept.policies.npz"
    stage.save({"tables": np.full((2, 3, 10, 10, 10), 0.5), "turns_done": 3})
    policies = game.human_policies()[:1]
    again = FileCheckpoint(tmp_path / "kept.npz", table_rules(game), every=0.0, say=said.append)
    got = follower_chances(game, policies, checkpoint=again.stage("policies", ["Hold at 20"]))
    assert len(said) == 1 and "keeps tables of shape (2, 3, 10, 10, 10) where these profiles have (4, 3, 10, 10, 10)" in said[0]
    assert got == follower_chances(game, policies)
    assert again.earlier_seconds == 0.0  # (set aside: the earlier run's time is not this build's)
