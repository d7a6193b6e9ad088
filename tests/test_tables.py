"""What the table loader accepts as an answer (issue 50, class 10): a table's values, its
manifest entry's facts and the offline result files, each checked before it is used."""

from __future__ import annotations

import hashlib
import json
import zlib

import numpy as np
import pytest

from pycore import find_game
from pycore.core.errors import TableError
from pycore.core.table_spec import table_order, table_rules
from pycore.store import prebuilt
from pycore.store.codec import MAGIC, _byte_planes, encode_table


@pytest.fixture
def table_dir(tmp_path, monkeypatch):
    """tmp_path as the tables' folder (the loaded tables forgotten before and after)."""
    monkeypatch.setenv("ROLL_OR_HOLD_TABLES", str(tmp_path))
    prebuilt.LOADED.clear()
    yield tmp_path
    prebuilt.LOADED.clear()


def _list(directory, name: str, data: bytes, **facts) -> None:
    """Write ``data`` as the table ``name`` and list it in the manifest with ``facts``."""
    (directory / name).write_bytes(data)
    entry = {"file": name, "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data), **facts}
    (directory / prebuilt.MANIFEST).write_text(json.dumps({"tables": [entry]}))


#: the facts a built entry gives that the answers read back
JEOPARDY_FACTS = {"states": 100, "residual": 0.0, "anchors": 10, "solve_seconds": 1.0}


def _raw_table(rules: dict, fixed: np.ndarray, scale_bits: int) -> bytes:
    """A table holding the fixed-point ``fixed`` as given (negative ones too, which
    ``encode_table`` refuses to write): what a hand-made or damaged build could ship."""
    delta = np.diff(np.asarray(fixed, np.int64), prepend=0)
    payload = zlib.compress(_byte_planes(((delta << 1) ^ (delta >> 63)).astype(np.uint64)), 9)
    header = {"rules": rules, "values": int(fixed.size), "scale_bits": scale_bits, "extra": {},
              "payload_sha256": hashlib.sha256(payload).hexdigest()}
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + payload


@pytest.mark.parametrize("off", [-1, 1], ids=["below 0", "above 1"])
def test_a_two_player_chance_a_hair_outside_zero_to_one_is_refused(table_dir, off):
    """A Pig table storing -2^-42 answered 1.0000000000004 (the loader let values 1e-9 past
    either end through); a chance is in [0, 1] to its last bit, as every build writes it."""
    pig = find_game("pig", goal=10)
    size = table_order(pig)[0].size
    fixed = np.full(size, 2**51, np.int64)  # 1/2 at the tabulated solver's 2^-52
    fixed[3] = -(2**10) if off < 0 else 2**52 + 2**10
    _list(table_dir, prebuilt.table_file(pig), _raw_table(table_rules(pig), fixed, 52), **JEOPARDY_FACTS)
    with pytest.raises(TableError, match=r"pig-goal10-die6-bust1.roht holds values outside 0.0 to 1.0"):
        prebuilt.load_table(pig)


def test_three_seats_whose_chances_sum_past_one_are_refused(table_dir):
    """Each seat's chance in [0, 1] but two of them 0.9: the third's (what they leave) was
    -0.8 and answered. Every three-player game ends with its chances summing to 1 (a turn
    limit shares the win), so the two stored ones sum to at most 1; 1/3 each loads."""
    game = find_game("pig", players=3, goal=12, turns=30)
    size = table_order(game)[0].size
    anchors = size // 2
    name = prebuilt.table_file(game)
    _list(table_dir, name, encode_table(table_rules(game), np.full(size, 1 / 3), scale_bits=30), **JEOPARDY_FACTS)
    assert prebuilt.load_table(game).values[:size] == pytest.approx(1 / 3, abs=1e-9)
    values = np.full(size, 1 / 3)
    values[[7, anchors + 7]] = 0.9  # seats 1 and 2 of turn start 7
    _list(table_dir, name, encode_table(table_rules(game), values, scale_bits=30), **JEOPARDY_FACTS)
    prebuilt.LOADED.clear()
    with pytest.raises(TableError, match=rf"{name}: the seats' chances at 1 turn start sum to more than 1 \(1.8\)"):
        prebuilt.load_table(game)


@pytest.mark.parametrize("missing", ["states", "residual"])
def test_a_jeopardy_entry_without_a_fact_the_answer_reads_is_refused(table_dir, missing):
    """An entry without ``states`` was a KeyError in the answer; the loader names it."""
    pig = find_game("pig", goal=10)
    size = table_order(pig)[0].size
    facts = {k: v for k, v in JEOPARDY_FACTS.items() if k != missing}
    _list(table_dir, prebuilt.table_file(pig), encode_table(table_rules(pig), np.full(size, 0.5), scale_bits=52), **facts)
    with pytest.raises(TableError, match=rf"the manifest's entry for pig-goal10-die6-bust1.roht lacks {missing}"):
        prebuilt.load_table(pig)


def _yahtzee_table(directory, **facts) -> object:
    game = find_game("yahtzee", joker="none")
    distribution = np.zeros(game.max_score + 1)
    distribution[200] = 1.0
    data = encode_table(table_rules(game), np.full(table_order(game)[0].size, 100.0), {"distribution": distribution})
    _list(directory, prebuilt.table_file(game), data, **facts)
    return game


def test_a_scorecard_entry_without_its_anchors_is_refused(table_dir):
    """Yahtzee's answer read ``anchors`` and ``solve_seconds`` from its entry (a KeyError
    without them); the loader names the one missing."""
    game = _yahtzee_table(table_dir, solve_seconds=1.0)
    with pytest.raises(TableError, match=r"the manifest's entry for yahtzee-none.roht lacks anchors"):
        prebuilt.load_table(game)


def _result(directory, game, name: str, data: bytes, kind: str = "targets") -> None:
    """List ``data`` as the offline result ``name`` of ``kind`` beside ``game``'s table."""
    (directory / name).write_bytes(data)
    manifest = json.loads((directory / prebuilt.MANIFEST).read_text())
    manifest["results"] = [{"file": name, "kind": kind, "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data),
                            "rules": table_rules(game), "regenerate": "python -m pycore target-curve", "seconds": 1.0}]
    (directory / prebuilt.MANIFEST).write_text(json.dumps(manifest))


ROW = {"target": 0, "p_reach_target_play": 1.0, "p_reach_playing_for_points": 1.0, "gain": 0.0}
BEATS = {"p_win_playing_to_win": 0.5, "p_win_playing_for_points": 0.49, "gain": 0.01, "truncation_bound": 1e-4}


@pytest.mark.parametrize("kind, content, why", [
    ("targets", b"not JSON {", "is not valid JSON"),
    ("targets", b"[1, 2]", "is not a JSON object"),
    ("targets", {"curve": [ROW]}, "is a result for rules"),
    ("beat-optimal", {"kind": "targets", "curve": [ROW]}, "is a targets result, listed as beat-optimal"),
    ("targets", {"curve": "junk"}, "has a wrong curve"),
    ("targets", {"curve": [{**ROW, "p_reach_target_play": 1.9}]}, "has a wrong curve"),
    ("targets", {"curve": [{**ROW, "target": "ten"}]}, "has a wrong curve"),
    ("beat-optimal", {k: v for k, v in BEATS.items() if k != "gain"}, "has a wrong gain"),
    ("beat-optimal", {**BEATS, "p_win_playing_to_win": -0.5}, "has a wrong p_win_playing_to_win"),
], ids=["not JSON", "a list", "no rules", "another kind", "curve not a list", "a chance of 1.9", "target text",
        "no gain", "a negative chance"])
def test_a_result_file_is_checked_field_by_field(table_dir, kind, content, why):
    """A result file that is not JSON was a JSONDecodeError, one without a field a KeyError
    in the answer, one with a chance of 1.9 shown; each is refused naming the file."""
    game = _yahtzee_table(table_dir, anchors=10, solve_seconds=1.0)
    if isinstance(content, dict):
        rules = {} if why == "is a result for rules" else {"rules": table_rules(game)}
        content = json.dumps({"kind": kind, **rules, **content}).encode()
    _result(table_dir, game, "yahtzee-none-result.json", content, kind)
    with pytest.raises(TableError, match=f"yahtzee-none-result.json .*{why}"):
        prebuilt.load_result(game, kind)


def test_a_result_file_that_is_right_is_read(table_dir):
    game = _yahtzee_table(table_dir, anchors=10, solve_seconds=1.0)
    data = json.dumps({"kind": "beat-optimal", "rules": table_rules(game), **BEATS}).encode()
    _result(table_dir, game, "yahtzee-none-beat-optimal.json", data, "beat-optimal")
    assert prebuilt.load_result(game, "beat-optimal")["p_win_playing_to_win"] == 0.5


def test_a_build_writes_no_table_the_loader_would_refuse(tmp_path):
    """A build whose seats' chances sum past 1 is refused before a file is written; one whose
    chance ends 1e-16 past 1 (a solve's last bits) is written at 1 and loads."""
    game = find_game("pig", players=3, goal=12, turns=30)
    size = table_order(game)[0].size

    def build(values):
        return lambda game, progress, checkpoint: prebuilt.TableContent(values, scale_bits=30, facts=JEOPARDY_FACTS)

    wrong = np.full(size, 0.6)
    with pytest.raises(TableError, match=r"sum to more than 1 \(1.2\)"):
        prebuilt.write_tables(build(wrong), tmp_path, games=[game])
    assert not (tmp_path / prebuilt.table_file(game)).exists()
    pig = find_game("pig", goal=10)
    values = np.full(table_order(pig)[0].size, 0.5)
    values[0] = 1.0 + 2e-16
    prebuilt.write_tables(build(values), tmp_path, games=[pig])
    _, stored, _ = prebuilt.decode_table((tmp_path / prebuilt.table_file(pig)).read_bytes())
    assert stored[0] == 1.0 and stored[1] == 0.5


def test_a_table_that_does_not_match_its_own_sha256_is_named(table_dir):
    """A table listed with its manifest's sha256 right, its payload not matching the sha256 in
    its own header, was refused as "table payload is corrupted" without naming the file."""
    pig = find_game("pig", goal=10)
    damaged = bytearray(_raw_table(table_rules(pig), np.full(table_order(pig)[0].size, 2**51, np.int64), 52))
    damaged[-1] ^= 1
    _list(table_dir, prebuilt.table_file(pig), bytes(damaged), **JEOPARDY_FACTS)
    with pytest.raises(TableError, match=r"^pig-goal10-die6-bust1.roht: table payload is corrupted \(sha256 mismatch\); "
                                         r"run `python -m pycore tables`$"):
        prebuilt.load_table(pig)
