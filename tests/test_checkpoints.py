"""A table build's kept state, tampered with (issue 50, class 11): every damage is set aside by
name (renamed, said, the build starts from the beginning) or stops the build with a
CheckpointError naming the file; nothing hangs, nothing is read unbounded, and no tampered
value reaches a table."""

from __future__ import annotations

import io
import json
import os
import random
import zipfile
from pathlib import Path

import numpy as np
import pytest
from fuzz_counts import count
from time_limits import at_most

from pycore import find_game
from pycore.core.errors import CheckpointError
from pycore.core.table_spec import table_rules, table_stem
from pycore.jeopardy.solving import factored
from pycore.service import cli, tables
from pycore.store import checkpoints, prebuilt

#: Farkle's basic rules to 300: 36 turn starts, a tenth of a second a solve
GAME = find_game("farkle", rules="basic", set="target=300")


@pytest.fixture(scope="module")
def whole():
    """The solve straight through, and the state it keeps after its last stage (bytes)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "kept.npz"
        values = factored.anchor_values(GAME, checkpoint=checkpoints.FileCheckpoint(path, table_rules(GAME), 0.0))
        return values, path.read_bytes()


def _checkpoint(path, said: list) -> checkpoints.FileCheckpoint:
    return checkpoints.FileCheckpoint(path, table_rules(GAME), every=0.0, say=said.append)


def _arrays(data: bytes) -> dict:
    with np.load(io.BytesIO(data)) as kept:
        return {name: kept[name] for name in kept.files}


def _npz(arrays: dict, with_checksum: bool = True) -> bytes:
    """An .npz of ``arrays``, with their checksum recomputed (a forgery that passes it) or
    as given."""
    if with_checksum:
        arrays = {k: v for k, v in arrays.items() if k != "checksum"}
        arrays["checksum"] = np.array(checkpoints.checksum(arrays))
    out = io.BytesIO()
    np.savez(out, **arrays)
    return out.getvalue()


def _set_aside(tmp_path, said: list, why: str) -> None:
    """The kept state was set aside (renamed, not deleted) with a message naming it and why."""
    assert os.path.lexists(tmp_path / "kept.npz.set-aside")
    assert len(said) == 1 and f"{tmp_path / 'kept.npz'}" in said[0] and why in said[0]
    assert said[0].endswith("set aside as kept.npz.set-aside; the build starts from the beginning")
    count("build checkpoints (damaged, forged, not a regular file, too large)", "set aside, the reason said")


def test_the_state_kept_resumes_the_solve(tmp_path, whole):
    values, data = whole
    (tmp_path / "kept.npz").write_bytes(data)
    said, stats = [], {}
    resumed = factored.anchor_values(GAME, checkpoint=_checkpoint(tmp_path / "kept.npz", said), stats=stats)
    assert np.array_equal(resumed, values) and stats["resumed_at_stage"] > 0 and said == []


def _header_of_4_gib() -> bytes:
    """An .npz whose values' header claims 2^29 doubles (4 GiB) over 8 bytes."""
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (536870912,), }"
    npy = b"\x93NUMPY\x01\x00" + len(header.ljust(118) + "\n").to_bytes(2, "little") + (header.ljust(118) + "\n").encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("values.npy", npy + bytes(8))
    return out.getvalue()


DAMAGES = {
    "truncated": (lambda data: data[: len(data) // 2], "is damaged (BadZipFile"),
    "garbage": (lambda data: random.Random(50).randbytes(3000), "is damaged (BadZipFile: File is not a zip file)"),
    "empty": (lambda data: b"", "is damaged (BadZipFile: File is not a zip file)"),
    "a header of 4 GiB": (lambda data: _header_of_4_gib(),
                          "is damaged (ValueError: values's header gives 536,870,912 values of float64, its bytes are 8)"),
    "an older version": (lambda data: _npz({k: v for k, v in _arrays(data).items() if k != "checksum"}, with_checksum=False),
                         "is from an older version (no checksum)"),
    "text for numbers": (lambda data: _npz({**_arrays(data), "stages_done": np.array("three")}),
                         "keeps stages_done as other than finite numbers"),
    "a NaN": (lambda data: _npz({**_arrays(data), "sweeps": np.array(np.nan)}), "keeps sweeps as other than finite numbers"),
    "other rules": (lambda data: _npz({**_arrays(data), "rules": np.array("{}")}), "was kept for other rules"),
    # the one damage that passed every check: other chances, the zip's CRC right
    "values replaced": (lambda data: _npz({**_arrays(data), "values": np.full(36, 0.25), "checksum": _arrays(data)["checksum"]},
                                          with_checksum=False), "does not match its checksum (damaged)"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_state_is_set_aside_and_the_solve_starts_afresh(tmp_path, whole, damage):
    """Each was a raw exception (truncated: BadZipFile), a silent fresh start (garbage,
    empty), 4 GiB allocated, or a different table written (values replaced)."""
    values, data = whole
    tamper, why = DAMAGES[damage]
    (tmp_path / "kept.npz").write_bytes(tamper(data))
    said, stats = [], {}
    with at_most(20):
        solved = factored.anchor_values(GAME, checkpoint=_checkpoint(tmp_path / "kept.npz", said), stats=stats)
    _set_aside(tmp_path, said, why)
    assert stats["resumed_at_stage"] == 0 and np.array_equal(solved, values)


FORGED = {  # (a checksum recomputed: what another version, or a hand, could write)
    "no values": ({"values": None}, "lacks values"),
    "no stages done": ({"stages_done": None}, "lacks stages_done"),
    "values of other rules": ({"values": np.full(35, 0.5)}, "keeps 35 values where these rules have 36 turn starts"),
    "a chance of 2": ({"values": np.r_[np.full(35, 0.5), 2.0]}, "keeps values outside 0 to 1"),
    "stages past the end": ({"stages_done": np.array(999)}, "keeps stages_done 999, not a whole number from 0 to"),
    "stages a fraction": ({"stages_done": np.array(2.5)}, "keeps stages_done 2.5, not a whole number"),
    "a negative residual": ({"residual": np.array(-1.0)}, "keeps residual -1.0, not a number of at least 0"),
}


@pytest.mark.parametrize("forged", list(FORGED))
def test_a_state_not_of_the_solve_is_set_aside(tmp_path, whole, forged):
    """Missing fields were a KeyError, others a SolverError that stopped the build."""
    values, data = whole
    change, why = FORGED[forged]
    arrays = {k: v for k, v in {**_arrays(data), **change}.items() if v is not None}
    (tmp_path / "kept.npz").write_bytes(_npz(arrays))
    said = []
    solved = factored.anchor_values(GAME, checkpoint=_checkpoint(tmp_path / "kept.npz", said))
    _set_aside(tmp_path, said, why)
    assert np.array_equal(solved, values)


@pytest.mark.parametrize("kind", ["a FIFO", "a link to /dev/zero", "a directory"])
def test_a_state_that_is_not_a_regular_file_is_set_aside_unread(tmp_path, whole, kind):
    """A FIFO hung the build; /dev/zero and a directory were thrown away without a word.
    Each is checked on the file opened without waiting, before a byte is read."""
    path = tmp_path / "kept.npz"
    {"a FIFO": os.mkfifo, "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"), "a directory": os.mkdir}[kind](path)
    said = []
    with at_most(20):
        assert _checkpoint(path, said).load() is None
    _set_aside(tmp_path, said, "is not a regular file")
    assert not os.path.lexists(path)
    assert os.path.exists("/dev/zero")


def test_a_state_larger_than_a_build_needs_is_set_aside_unread(tmp_path):
    with open(tmp_path / "kept.npz", "wb") as huge:  # sparse: no disk used
        huge.truncate(checkpoints.MAX_CHECKPOINT_BYTES + 1)
    said = []
    assert _checkpoint(tmp_path / "kept.npz", said).load() is None
    _set_aside(tmp_path, said, f"is {checkpoints.MAX_CHECKPOINT_BYTES + 1:,} bytes, more than the")


def test_a_flipped_byte_anywhere_is_set_aside_or_changes_nothing(tmp_path, whole):
    """One byte flipped at 200 seeded places (a raw BadZipFile before): set aside, or (a
    timestamp, a name's padding) read back as the very state kept -- never other values."""
    values, data = whole
    kept = _arrays(data)
    rng = random.Random(50)
    outcomes = {"set aside": 0, "the same state": 0}
    for n in range(200):
        damaged = bytearray(data)
        damaged[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path = tmp_path / f"kept{n}.npz"
        path.write_bytes(bytes(damaged))
        said = []
        state = checkpoints.FileCheckpoint(path, table_rules(GAME), say=said.append).load()
        if state is None:
            assert len(said) == 1 and "set aside" in said[0]
            outcomes["set aside"] += 1
        else:
            assert said == [] and np.array_equal(state["values"], kept["values"])
            assert state["stages_done"] == int(kept["stages_done"])
            outcomes["the same state"] += 1
    for outcome, times in outcomes.items():
        for _ in range(times):
            count("build checkpoints (one flipped byte)", "set aside, the reason said" if outcome == "set aside"
                  else "read back as the very state kept")
    assert outcomes["set aside"] >= 150


def test_a_build_with_a_damaged_state_says_so_and_builds_the_same_table(tmp_path, capsys):
    """Through ``python -m pycore tables``'s build: the damaged state is set aside on stderr,
    the table is the one built straight through, and the build did not resume."""
    whole = tables.build_tables(tmp_path / "whole", games=[GAME])["tables"][0]
    kept = tmp_path / "out" / prebuilt.CHECKPOINTS / f"{table_stem(GAME)}.npz"
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"PK\x03\x04 not a zip")
    entry = tables.build_tables(tmp_path / "out", games=[GAME])["tables"][0]
    assert entry["sha256"] == whole["sha256"] and entry["resumed_at_stage"] == 0
    assert (kept.parent / f"{kept.name}.set-aside").read_bytes() == b"PK\x03\x04 not a zip"
    assert f"the build's kept state {kept} is damaged (BadZipFile" in capsys.readouterr().err


def test_a_state_that_cannot_be_set_aside_stops_the_build_by_name(tmp_path, capsys):
    """A damaged state whose set-aside name is taken by a folder: the build stops (status 2)
    with the file named and what to do, not an internal error."""
    folder = tmp_path / prebuilt.CHECKPOINTS
    (folder / f"{table_stem(GAME)}.npz.set-aside").mkdir(parents=True)
    (folder / f"{table_stem(GAME)}.npz.set-aside" / "x").write_text("")
    (folder / f"{table_stem(GAME)}.npz").write_bytes(b"junk")
    with pytest.raises(CheckpointError, match=r"is damaged .*and cannot be set aside .*remove it to build from the beginning"):
        tables.build_tables(tmp_path, games=[GAME])
    # (the command line's first Pig-with-turns build: it stops before solving)
    first = folder / "pig-turns-goal100-turns40-target.npz"
    first.write_bytes(b"junk")
    Path(f"{first}.set-aside").mkdir()
    (Path(f"{first}.set-aside") / "x").write_text("")
    assert cli.main(["tables", "--game", "pig-turns", "--out", str(tmp_path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"the build's kept state {first} is damaged" in err and "internal error" not in err


def test_a_leftover_partial_save_that_is_a_fifo_does_not_hang_the_save(tmp_path):
    os.mkfifo(tmp_path / "kept.npz.partial")
    kept = _checkpoint(tmp_path / "kept.npz", [])
    with at_most(20):
        kept.save({"values": np.full(36, 0.5), "stages_done": 1, "sweeps": 1})
    assert json.loads(str(_arrays((tmp_path / "kept.npz").read_bytes())["rules"])) == table_rules(GAME)
