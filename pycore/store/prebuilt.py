"""Precomputed tables on disk: ``prebuilt_tables/`` and its ``manifest.json``, for any game.

``python -m pycore tables`` solves, in CPython, every parameter set that a
registered game ships (its ``tables`` spec's variants, :func:`pycore.core.table_spec.shipped_variants`: every Yahtzee rule set; a
two-player game's listed variants) and writes one compressed table each (the
turn-start values and any extra arrays the game keeps, see
:mod:`pycore.store.codec`) plus a manifest with each file's sha256, size,
rules, results and the command that regenerates it. Loading checks the file
against the manifest and the rules, so a corrupted or stale table is refused
with a message naming it. What goes in a table is the game's business
(what each kind of game builds: :mod:`pycore.service.tables`; where its values go:
:func:`pycore.core.table_spec.table_order`); this module only stores and checks.

The directory is ``$ROLL_OR_HOLD_TABLES`` if set (the browser's worker writes
the fetched files to its in-memory file system and sets it), else the
repository's ``prebuilt_tables/``.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pycore.core.table_spec import shipped_variants, table_order, table_rules, table_stem, values_problem

from ..core.cache import BoundedCache
from ..core.errors import InvalidRequestError, TableNotLoaded
from ..core.parallel import worker_count
from ..core.progress import Progress
from ..core.registry import game_classes
from .checkpoints import FileCheckpoint, peak_memory_mb, read_regular_file, reset_peak_memory
from .codec import SCALE_BITS, TableError, decode_table, encode_table

#: where interrupted builds keep their state, inside the tables' folder
CHECKPOINTS = ".checkpoints"
MANIFEST = "manifest.json"
REGENERATE = "python -m pycore tables"


@dataclass(frozen=True)
class TableContent:
    """What a game puts in its table: ``values`` in its ``table_order(game)``, extra float64
    arrays, the fixed-point scale, and facts for the manifest entry (results, timings)."""

    values: np.ndarray
    extra: dict[str, np.ndarray] = field(default_factory=dict)
    scale_bits: int = SCALE_BITS
    facts: dict = field(default_factory=dict)


def tables_dir() -> Path:
    return Path(os.environ.get("ROLL_OR_HOLD_TABLES") or Path(__file__).resolve().parents[2] / "prebuilt_tables")


def table_file(game) -> str:
    return table_stem(game) + ".roht"


def prebuilt_games() -> list:
    """Every game variant that ships a table."""
    return [game for cls in game_classes() for game in shipped_variants(cls)]


def write_tables(build: Callable, out_dir: Path | None = None, progress: Progress | None = None,
                 games: list | None = None) -> dict:
    """Solve every variant that ships a table (or ``games``) by ``build(game, progress)`` (a
    :class:`TableContent`), write the tables and the manifest; returns the manifest. Entries of
    other games already listed are kept."""
    out_dir = Path(out_dir or tables_dir())
    try:  # a bad directory is said before minutes of solving, not after
        out_dir.mkdir(parents=True, exist_ok=True)
        probe = out_dir / ".writable"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise TableError(f"tables cannot be written to {out_dir} ({exc.strerror or exc})") from None
    entries = []
    for game in prebuilt_games() if games is None else games:
        stem = table_stem(game)
        step = (lambda stage, f, name=stem: progress(f"{name}: {stage}", f)) if progress else None
        peak_is_this_builds = reset_peak_memory()
        started = time.perf_counter()
        # a build stopped partway goes on from its last kept stage when run again
        checkpoint = FileCheckpoint(out_dir / CHECKPOINTS / f"{table_stem(game)}.npz", table_rules(game))
        content = build(game, step, checkpoint)
        seconds = time.perf_counter() - started
        low, high = game.tables.value_range
        values = np.asarray(content.values, dtype=float)
        # a solve's last bits may leave a chance 1e-16 past 0 or 1, where the loader reads to the bit
        values = np.where((low - 1e-9 <= values) & (values <= high + 1e-9), np.clip(values, low, high), values)
        data = encode_table(table_rules(game), values, content.extra, content.scale_bits)
        # what is written is what the loader takes: a wrong table is refused here, not shipped
        check_values(game, table_file(game), decode_table(data)[1], content.scale_bits)
        (out_dir / table_file(game)).write_bytes(data)
        entries.append(
            {
                "file": table_file(game),
                "params": game.params,  # what a request names (the page's worker finds tables by it)
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
                "rules": table_rules(game),
                # all its runs' (a build stopped and resumed: the runs before kept theirs)
                "build_seconds": round(seconds + checkpoint.earlier_seconds, 1),
                # the process's peak during this build where Linux can reset it, else so far
                "peak_memory_mb": max(peak_memory_mb() or 0, checkpoint.earlier_peak_mb) or None,
                "peak_memory_of": "this build" if peak_is_this_builds else "the process so far",
                # the processes its sweeps ran on (the peak above is the main one's; each worker
                # shares the endings with it and holds a batch's working arrays)
                "workers": worker_count(),
                "regenerate": f"{REGENERATE} --game {game.name}",
                # whether the page offers the game (build.py leaves the others' tables out of dist/)
                "on_the_page": game.page.on_the_page,
                # the stage an interrupted build went on from (0: built in one run; a turn-limited
                # game of three or more players: the turns left it had done)
                "resumed_at_stage": int((checkpoint.resumed_at or {}).get("stages_done",
                                                                          (checkpoint.resumed_at or {}).get("turns_done", 0))),
                # and its pass, where the solve makes passes (Farkle's penalty; 1 otherwise)
                "resumed_at_pass": int((checkpoint.resumed_at or {}).get("passes", 1)) if checkpoint.resumed_at else 0,
                **content.facts,
            }
        )
        checkpoint.clear()
    # read now, not before the hours of solving: another build may have listed its table since
    old = read_manifest(out_dir) if (out_dir / MANIFEST).exists() else {}
    written = {e["file"] for e in entries}
    kept = [e for e in old.get("tables", []) if e["file"] not in written and games is not None]
    manifest = {"format": 1, "regenerate": REGENERATE, "tables": kept + entries, "results": old.get("results", [])}
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def add_table_facts(game, facts_of: Callable, out_dir: Path | None = None, progress: Progress | None = None) -> dict:
    """Work out more facts of ``game``'s listed table and write them into its manifest entry,
    the table itself kept (the hours of GRO for three's policies, a part at a time): ``facts_of(entry,
    step, checkpoint)`` is given the entry as listed, its table checked against it (its sha256),
    and returns the facts to set. A run stopped partway goes on from the state
    ``checkpoint`` kept (the same as a whole build's, :func:`write_tables`). Returns the entry."""
    out_dir = Path(out_dir or tables_dir())
    entry = next((e for e in read_manifest(out_dir)["tables"] if e["file"] == table_file(game)), None)
    if entry is None:
        raise TableError(f"{table_file(game)} is not listed in {out_dir / MANIFEST}; run `{REGENERATE} --game "
                         f"{game.name}` to build it")
    _checked_bytes(out_dir, entry, entry["regenerate"])  # (the facts are of the values it holds)
    step = (lambda stage, f: progress(f"{table_stem(game)}: {stage}", f)) if progress else None
    checkpoint = FileCheckpoint(out_dir / CHECKPOINTS / f"{table_stem(game)}.npz", table_rules(game))
    facts = facts_of(entry, step, checkpoint)
    # read again, not before the hours of working: another build may have listed its table since
    manifest = read_manifest(out_dir)
    entries = [e for e in manifest["tables"] if e["file"] == table_file(game)]
    if [e["sha256"] for e in entries] != [entry["sha256"]]:
        raise TableError(f"{table_file(game)} was built again while its facts were worked out; run it again")
    entries[0].update(facts)
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    checkpoint.clear(stages_only=True)  # (a whole build's solve, stopped, keeps its state)
    return entries[0]


def register_result(path: Path) -> dict:
    """List an offline result (``python -m pycore target-curve`` or ``beat-optimal``) in its
    directory's manifest."""
    path = Path(path)
    data = path.read_bytes()
    result = _result_of(data, path.name, REGENERATE)
    # (a folder of its own, --out: its manifest starts with it)
    manifest = read_manifest(path.parent) if (path.parent / MANIFEST).exists() else {}
    entry = {
        "file": path.name,
        "kind": result["kind"],
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
        "rules": result["rules"],
        "regenerate": result["regenerate"],
        "seconds": result["seconds"],
    }
    manifest["results"] = [c for c in manifest.get("results", []) if c["file"] != path.name] + [entry]
    (path.parent / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return entry


def _result_path(game, kind: str, out_dir: Path | None = None) -> Path:
    """Where an offline result of ``kind`` for ``game``'s rules is written."""
    return Path(out_dir or tables_dir()) / f"{table_stem(game)}-{kind}.json"


def check_writable(game, kind: str, out_dir: Path | None = None) -> None:
    """Refuse, before the minutes of computing, a result of ``kind`` that could not be written
    in its (writable) folder: its file or the folder's manifest a folder, a device or read-only
    (InvalidRequestError), or the manifest no manifest (TableError naming what is wrong)."""
    path = _result_path(game, kind, out_dir)
    for what, target in (("the result", path), ("the manifest", path.parent / MANIFEST)):
        try:
            mode = os.stat(target).st_mode
            if not stat.S_ISREG(mode):  # (checked first: opening a FIFO would wait for a writer)
                kind_of = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
                raise InvalidRequestError(f"cannot write {what} {str(target)!r} (--out): it is {kind_of}")
            with open(target, "ab"):  # (appending nothing: the file stays as it is)
                pass
        except FileNotFoundError:
            continue  # (made in the folder, which can be written)
        except OSError as exc:
            raise InvalidRequestError(f"cannot write {what} {str(target)!r} (--out): {exc.strerror or exc}") from None
    if (path.parent / MANIFEST).exists():
        read_manifest(path.parent)


def write_result(game, result: dict, out_dir: Path | None = None) -> Path:
    """Write an offline result (the scorecard games' curves, the simulated tables' figures)
    next to the tables and list it in their manifest."""
    path = _result_path(game, result["kind"], out_dir)
    path.write_text(json.dumps(result, indent=1) + "\n")
    register_result(path)
    return path


def load_result(game, kind: str) -> dict | None:
    """The game's offline result of ``kind`` ("targets", "beat-optimal", "table-figures"), if
    one was computed (checked against the manifest)."""
    directory = tables_dir()
    for entry in read_manifest(directory).get("results", []):
        if entry.get("rules") == table_rules(game) and entry["kind"] == kind:
            data = _checked_bytes(directory, entry, entry["regenerate"])
            return _result_of(data, entry["file"], entry["regenerate"], kind, table_rules(game))
    return None


def _chance(value) -> bool:
    return _finite(value, 0.0, 1.0)


def _gain(value) -> bool:
    return _finite(value, -1.0, 1.0)


def _curve(value) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, dict) and _count(r.get("target")) and _chance(r.get("p_reach_target_play"))
        and _chance(r.get("p_reach_playing_for_points")) and _gain(r.get("gain")) for r in value)


def _table_rows(value) -> bool:
    """A simulated table's rows: each a number of players, its games, and every seat's chance
    and standard error (:mod:`pycore.jeopardy.play.table_simulation`)."""
    def row_ok(r) -> bool:
        players = r.get("players") if isinstance(r, dict) else None
        return (isinstance(players, int) and not isinstance(players, bool) and 2 < players <= 8 and _count(r.get("games"))
                and r["games"] > 0 and all(isinstance(r.get(f), list) and len(r[f]) == players and all(map(_chance, r[f]))
                                           for f in ("chances", "standard_errors")))
    return isinstance(value, list) and all(map(row_ok, value))


#: what each kind of offline result gives that the answers read, each with what it must be
RESULT_FIELDS: dict[str, dict[str, Callable]] = {
    "table-figures": {"tables": _table_rows},
    "targets": {"curve": _curve},
    "beat-optimal": {"p_win_playing_to_win": _chance, "p_win_playing_for_points": _chance, "gain": _gain,
                     "truncation_bound": _chance},
}


def _json_object(data: bytes | str, what: str, regenerate: str) -> dict:
    """The JSON object of a file's ``data`` (TableError naming ``what`` if it is not JSON, nests
    deeper than the decoder goes, holds NaN, or is not an object)."""
    try:
        value = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise TableError(f"{what} is not valid JSON ({exc}); run `{regenerate}`") from None
    if not isinstance(value, dict):
        raise TableError(f"{what} is not a JSON object; run `{regenerate}`")
    return value


def _result_of(data: bytes, name: str, regenerate: str, kind: str | None = None, rules: dict | None = None) -> dict:
    """An offline result's JSON, checked: an object of ``kind`` for ``rules`` (where given)
    with the fields its kind gives (TableError naming the file and what is wrong)."""
    result = _json_object(data, f"result {name}", regenerate)
    if kind is not None and result.get("kind") != kind:
        raise TableError(f"result {name} is a {result.get('kind')} result, listed as {kind}; run `{regenerate}`")
    if rules is not None and result.get("rules") != rules:
        raise TableError(f"result {name} is a result for rules {result.get('rules')}, not {rules}; run `{regenerate}`")
    wrong = [f for f, ok in RESULT_FIELDS.get(result.get("kind"), {}).items() if not ok(result.get(f))]
    if wrong:
        raise TableError(f"result {name} has a wrong {', '.join(wrong)}; run `{regenerate}`")
    return result


#: the largest file the loader reads: a table (a few MB; its payload inflates to at most the
#: codec's MAX_TABLE_BYTES) or a result; the manifest, at most MAX_MANIFEST_BYTES
MAX_FILE_BYTES = 64 << 20
MAX_MANIFEST_BYTES = 4 << 20


def _read_bounded(directory: Path, name: str, cap: int, regenerate: str) -> bytes:
    """The bytes of ``name`` in ``directory``: a plain file name inside it (no folder, no
    absolute path, no ``..``), a regular file (a FIFO would hang, a device never end) of at
    most ``cap`` bytes, checked before reading; TableError naming what is wrong."""
    if not isinstance(name, str) or not name or Path(name).name != name or name in (".", ".."):
        raise TableError(f"the manifest names the file {name!r}; a table is a file name inside {directory}")
    try:
        return read_regular_file(Path(directory) / name, cap)
    except FileNotFoundError:
        raise TableNotLoaded(f"{name} is missing from {directory}; run `{regenerate}`", name) from None
    except OSError as exc:  # no permission...
        raise TableError(f"{name} in {directory} cannot be read ({exc.strerror or exc}); run `{regenerate}`") from None
    except ValueError as exc:  # a FIFO, a device, a directory, a file too large
        raise TableError(f"{name} in {directory} {exc}; run `{regenerate}`") from None


def _checked_bytes(directory: Path, entry: dict, regenerate: str) -> bytes:
    """A file the manifest lists, refused if missing, unreadable or not matching its sha256."""
    name = entry["file"]
    data = _read_bounded(directory, name, MAX_FILE_BYTES, regenerate)
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise TableError(f"{name} does not match its sha256 in the manifest (corrupted or stale)")
    return data


@dataclass(frozen=True)
class LoadedTable:
    game: object
    values: np.ndarray  # turn-start values by anchor index (0 where not stored)
    extra: dict[str, np.ndarray]  # the game's extra arrays (e.g. a score distribution)
    entry: dict  # the manifest's entry

    @property
    def distribution(self) -> np.ndarray:
        return self.extra["distribution"]


#: game key -> its table, read and checked: every table shipped (ten) fits
LOADED = BoundedCache("loaded tables", 16)


def _chances(value) -> bool:
    return isinstance(value, list) and len(value) >= 2 and all(_finite(v, 0.0, 1.0) for v in value) \
        and abs(sum(value) - 1.0) < 1e-6


def _by_turns(value) -> bool:
    rows = value.get("rows") if isinstance(value, dict) else None
    unlimited = value.get("unlimited") if isinstance(value, dict) else None
    return isinstance(rows, list) and bool(rows) and all(
        isinstance(r, dict) and _count(r.get("turns")) and _finite(r.get("p_first_player_wins"), 0.0, 1.0)
        and (r.get("opening") is None or _count(r.get("opening"))) for r in rows) \
        and isinstance(unlimited, dict) and _finite(unlimited.get("p_first_player_wins"), 0.0, 1.0) \
        and isinstance(unlimited.get("title"), str) and value.get("opening_means") in ("target", "hold from")


#: what each entry of the manifest's lists must give (each a string)
MANIFEST_FIELDS = {"tables": ("file", "sha256"), "results": ("file", "sha256", "kind", "regenerate")}


def read_manifest(directory: Path | None = None) -> dict:
    """The manifest, checked: an object whose ``tables`` and ``results`` (where present)
    are lists of objects with their fields as text (TableError naming what is wrong)."""
    path = Path(directory or tables_dir()) / MANIFEST
    if not path.exists():
        raise TableError(f"no table manifest at {path}; run `{REGENERATE}` to build the tables")
    text = _read_bounded(path.parent, MANIFEST, MAX_MANIFEST_BYTES, REGENERATE)
    manifest = _json_object(text, f"table manifest {path}", REGENERATE)
    for key, fields in MANIFEST_FIELDS.items():
        entries = manifest.get(key, [])
        if not isinstance(entries, list):
            raise TableError(f"table manifest {path}: {key!r} is not a list")
        for n, entry in enumerate(entries):
            missing = [f for f in fields if not isinstance(entry, dict) or not isinstance(entry.get(f), str)]
            if missing:
                raise TableError(f"table manifest {path}: {key} entry {n + 1} lacks {', '.join(missing)} (as text)")
            wrong = [f for f, ok in ENTRY_FACTS.items() if f in entry and not ok(entry[f])]
            if wrong:
                raise TableError(f"table manifest {path}: {key} entry {n + 1} ({entry['file']}) has a wrong "
                                 f"{', '.join(wrong)}; run `{REGENERATE}`")
    return manifest


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _finite(value, low: float = -math.inf, high: float = math.inf) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high


def _policy_results(value) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, dict) and isinstance(r.get("name"), str)
        and all(_finite(r.get(k), 0.0, 1.0) for k in ("win_rate", "win_rate_first", "win_rate_second")) for r in value)


def _seat_policy_results(value) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, dict) and isinstance(r.get("name"), str) and _chances(r.get("optimal"))
        and isinstance(r.get("seats"), list) and len(r["seats"]) == len(r["optimal"])
        and all(isinstance(s, dict) and s.get("seat") == n and _chances(s.get("chances")) and _finite(s.get("cost"), -1.0, 1.0)
                for n, s in enumerate(r["seats"]))
        for r in value)


def _komi_rows(value) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, dict) and isinstance(r.get("points"), int) and _finite(r.get("p_first_player_wins"), 0.0, 1.0)
        for r in value)


#: the facts an entry may give that the app reads back, each with what it must be (a manifest
#: with junk in them is refused, not echoed)
ENTRY_FACTS: dict[str, Callable] = {
    "bytes": _count, "anchors": _count, "states": _count,
    "residual": lambda v: _finite(v, 0.0), "solve_seconds": lambda v: _finite(v, 0.0),
    "p_first_player_wins": lambda v: v is None or _finite(v, 0.0, 1.0),
    "policies": _policy_results, "komi": _komi_rows, "seat_chances": _chances, "by_turns": _by_turns,
    "seat_policies": _seat_policy_results,
}


def load_table(game) -> LoadedTable:
    """The game's prebuilt table, checked against the manifest (cached)."""
    return LOADED.get(game.key, lambda: _read_table(game))


def _read_table(game) -> LoadedTable:
    directory = tables_dir()
    entries = {e.get("file"): e for e in read_manifest(directory).get("tables", [])}
    name = table_file(game)
    if name not in entries:
        raise TableError(f"the manifest lists no table {name}; run `{REGENERATE}`")
    entry = entries[name]
    data = _checked_bytes(directory, entry, REGENERATE)
    try:
        header, stored, extra = decode_table(data, table_rules(game))
    except TableError as exc:  # (the decoder reads bytes: the file is named here)
        raise TableError(f"{name}: {exc}; run `{REGENERATE}`") from None
    order, size = table_order(game)
    if stored.size != order.size or not set(game.tables.extra) <= set(extra):
        raise TableError(f"table {name} has {stored.size} values; these rules have {order.size} anchors")
    check_values(game, name, stored, header["scale_bits"])
    for key, length in game.tables.extra_lengths.items():
        array = extra[key]
        if array.size != length or not np.all(np.isfinite(array)) or array.min(initial=0.0) < 0 \
                or abs(float(array.sum()) - 1.0) > 1e-9:
            raise TableError(f"table {name}: its {key} is not a distribution of {length} chances summing to 1")
    missing = [fact for fact in game.tables.facts_read if fact not in entry]
    if missing:
        raise TableError(f"the manifest's entry for {name} lacks {', '.join(missing)}; run `{REGENERATE}`")
    return LoadedTable(game, at_anchors(game, stored), extra, entry)


def at_anchors(game, stored: np.ndarray) -> np.ndarray:
    """Values as a table stores them (in the game's ``table_order(game)``) back at their anchors
    (0 where none is stored): a shipped table's, or a solve's kept on the device."""
    order, size = table_order(game)
    values = np.zeros(size)
    values[order] = stored
    return values


def check_values(game, name: str, stored: np.ndarray, scale_bits: int) -> None:
    """TableError unless ``stored`` (the values of the table ``name``, to 2^-``scale_bits``) is
    an answer: each within the game's range to the last bit (the fixed point keeps 0 and 1
    exact; a chance of -2^-42 answered 1.0000000000004) and together as the game needs."""
    low, high = game.tables.value_range
    if stored.size and not (np.all(np.isfinite(stored)) and low <= stored.min() and stored.max() <= high):
        raise TableError(f"table {name} holds values outside {low} to {high}; run `{REGENERATE}`")
    problem = values_problem(game, stored, 2.0 ** -(scale_bits + 1))
    if problem:
        raise TableError(f"table {name}: {problem}; run `{REGENERATE}`")
