"""Precomputed tables on disk: ``prebuilt_tables/`` and its ``manifest.json``.

``python -m pycore tables`` solves every scorecard rule set in CPython and
writes one compressed table each (anchor values and the exact final-score
distribution, see :mod:`pycore.tables`) plus a manifest with each file's
sha256, size, rules, results and the command that regenerates it. Loading
checks the file against the manifest and the rules, so a corrupted or stale
table is refused with a message naming it.

The directory is ``$ROLL_OR_HOLD_TABLES`` if set (the browser's worker writes
the fetched files to its in-memory file system and sets it), else the
repository's ``prebuilt_tables/``.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .registry import scorecard_variants
from .solitaire import Progress, score_distribution, solve_solitaire
from .tables import TableError, decode_table, encode_table

MANIFEST = "manifest.json"
REGENERATE = "python -m pycore tables"
PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)


def tables_dir() -> Path:
    return Path(os.environ.get("ROLL_OR_HOLD_TABLES") or Path(__file__).resolve().parent.parent / "prebuilt_tables")


def table_file(game) -> str:
    return "-".join(map(str, game.key)) + ".roht"


def distribution_stats(distribution: np.ndarray) -> dict:
    """Mean, standard deviation, median, percentiles and range of a score distribution."""
    scores = np.arange(distribution.size)
    mean = float(distribution @ scores)
    cumulative = np.cumsum(distribution)
    support = np.flatnonzero(distribution > 0)
    return {
        "mean": mean,
        "sd": float(np.sqrt(distribution @ (scores - mean) ** 2)),
        "median": int(np.searchsorted(cumulative, 0.5)),
        "percentiles": {str(p): int(np.searchsorted(cumulative, p / 100)) for p in PERCENTILES},
        "min": int(support[0]),
        "max": int(support[-1]),
        # two independent optimal players: P(the first scores more) = (1 - P(tie)) / 2
        "p_beats_optimal": float((1 - distribution @ distribution) / 2),
    }


def build_tables(out_dir: Path | None = None, progress: Progress | None = None) -> dict:
    """Solve every rule set, write its table and the manifest; returns the manifest."""
    out_dir = Path(out_dir or tables_dir())
    out_dir.mkdir(parents=True, exist_ok=True)
    entries = []
    for game in scorecard_variants():
        step = (lambda stage, f, j=game.joker: progress(f"{j}: {stage}", f)) if progress else None
        solution = solve_solitaire(game, progress=step)
        started = time.perf_counter()
        distribution = score_distribution(game, solution.values, progress=step)
        distribution_seconds = time.perf_counter() - started
        order = np.concatenate(game.layers())
        data = encode_table(game.rules, solution.values[order], {"distribution": distribution})
        (out_dir / table_file(game)).write_bytes(data)
        entries.append(
            {
                "file": table_file(game),
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
                "rules": game.rules,
                "expected_score": solution.expected_score,
                "anchors": solution.anchors_solved,
                "solve_seconds": round(solution.seconds, 2),
                "distribution_seconds": round(distribution_seconds, 2),
                "distribution": distribution_stats(distribution),
            }
        )
    results = read_manifest(out_dir).get("results", []) if (out_dir / MANIFEST).exists() else []
    manifest = {"format": 1, "regenerate": REGENERATE, "tables": entries, "results": results}
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def register_result(path: Path) -> dict:
    """List an offline result (``python -m pycore target-curve`` or ``beat-optimal``) in its
    directory's manifest."""
    path = Path(path)
    data = path.read_bytes()
    result = json.loads(data)
    manifest = read_manifest(path.parent)
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


def load_result(game, kind: str) -> dict | None:
    """The game's offline result of ``kind`` ("targets" or "beat-optimal"), if one was
    computed (checked against the manifest)."""
    directory = tables_dir()
    for entry in read_manifest(directory).get("results", []):
        if entry["rules"] == game.rules and entry["kind"] == kind:
            return json.loads(_checked_bytes(directory, entry, entry["regenerate"]))
    return None


def _checked_bytes(directory: Path, entry: dict, regenerate: str) -> bytes:
    """A file the manifest lists, refused if missing or not matching its sha256."""
    name = entry["file"]
    try:
        data = (directory / name).read_bytes()
    except FileNotFoundError:
        raise TableError(f"{name} is missing from {directory}; run `{regenerate}`") from None
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise TableError(f"{name} does not match its sha256 in the manifest (corrupted or stale)")
    return data


@dataclass(frozen=True)
class LoadedTable:
    game: object  # a scorecard game
    values: np.ndarray  # [n_anchors] expected future score, 0 where unreachable
    distribution: np.ndarray  # [max_score + 1]
    entry: dict  # the manifest's entry


_LOADED: dict[tuple, LoadedTable] = {}


def read_manifest(directory: Path | None = None) -> dict:
    path = Path(directory or tables_dir()) / MANIFEST
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise TableError(f"no table manifest at {path}; run `{REGENERATE}` to build the tables") from None
    except ValueError as exc:
        raise TableError(f"table manifest {path} is not valid JSON ({exc})") from None


def load_table(game) -> LoadedTable:
    """The game's prebuilt table, checked against the manifest (cached)."""
    if game.key in _LOADED:
        return _LOADED[game.key]
    directory = tables_dir()
    entries = {e.get("file"): e for e in read_manifest(directory).get("tables", [])}
    name = table_file(game)
    if name not in entries:
        raise TableError(f"the manifest lists no table {name}; run `{REGENERATE}`")
    data = _checked_bytes(directory, entries[name], REGENERATE)
    _, stored, extra = decode_table(data, game.rules)
    order = np.concatenate(game.layers())
    if stored.size != order.size or "distribution" not in extra:
        raise TableError(f"table {name} has {stored.size} values; these rules have {order.size} anchors")
    values = np.zeros(game.n_anchors)
    values[order] = stored
    loaded = LoadedTable(game, values, extra["distribution"], entries[name])
    _LOADED[game.key] = loaded
    return loaded
