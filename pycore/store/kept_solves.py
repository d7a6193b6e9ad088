"""Turn-start values solved live, kept across a page's reloads on the device that solved them.

The page's worker mounts the browser's storage (IndexedDB, through Emscripten's IDBFS) and
names a directory in it for this build's version in ``ROLL_OR_HOLD_KEPT`` (another build's
directory beside it is removed when a solve is kept); nothing is kept
where it is unset (the command line, the tests unless they set it). A solve of rules no
table ships for is kept there as what a table would store (``solver.table_values``), one
``.npz`` file a rule set, named by the sha256 digest of the rules (``table_rules(game)``) and
holding the rules and a checksum of every array (:func:`pycore.store.checkpoints.checksum`).
Read back, such values stand for the solve as a shipped table does: a game whose table is
its solution answers from them at once, another is warm-started by them (one sweep checks
them). Reading trusts nothing: a file that is not a regular file of at most
:data:`MAX_KEPT_BYTES`, is damaged, does not match its checksum or its rules, or holds values
the rules cannot have is removed and the game solved again. At most :data:`MOST_KEPT` rule
sets are kept, the least recently solved removed first.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import numpy as np

from .checkpoints import DAMAGED, checksum, npz_arrays, read_regular_file

#: the most rule sets kept (a few of a phone's storage: Pig to 100 keeps 80 KB)
MOST_KEPT = 8
#: the largest file read back (three-player Pig to 60 keeps 2.6 MB)
MAX_KEPT_BYTES = 64 << 20


def kept_dir() -> Path | None:
    """Where solves are kept (``ROLL_OR_HOLD_KEPT``), or None: nothing is kept."""
    where = os.environ.get("ROLL_OR_HOLD_KEPT")
    return Path(where) if where else None


def _path(directory: Path, rules: dict) -> Path:
    digest = hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()[:32]
    return directory / f"{digest}.npz"


def kept_values(rules: dict, count: int) -> np.ndarray | None:
    """The ``count`` values kept for ``rules`` (finite, as stored), or None: none kept, or
    what was kept could not be trusted (then it is removed)."""
    directory = kept_dir()
    if directory is None:
        return None
    path = _path(directory, rules)
    try:
        arrays = npz_arrays(read_regular_file(path, MAX_KEPT_BYTES))
    except FileNotFoundError:
        return None
    except DAMAGED:
        return _forget(path)
    values = arrays.get("values")
    if (str(arrays.pop("checksum", "")) != checksum(arrays) or str(arrays.get("rules", "")) != json.dumps(rules, sort_keys=True)
            or values is None or values.dtype.kind != "f" or values.shape != (count,) or not np.all(np.isfinite(values))):
        return _forget(path)
    os.utime(path)  # (the least recently used goes first)
    return values


def keep_values(rules: dict, values: np.ndarray) -> None:
    """Keep ``values`` for ``rules`` (nothing where nothing is kept, or the storage refuses:
    a solve that is not kept is solved again, never wrong)."""
    directory = kept_dir()
    if directory is None:
        return
    arrays = {"rules": np.array(json.dumps(rules, sort_keys=True)), "values": np.asarray(values, dtype=np.float64)}
    path = _path(directory, rules)
    partial = path.with_name(path.name + ".partial")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with open(partial, "wb") as out:
            np.savez(out, checksum=np.array(checksum(arrays)), **arrays)
        os.replace(partial, path)
        kept = sorted(directory.glob("*.npz"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[MOST_KEPT:]:
            old.unlink()
        for other in directory.parent.iterdir():  # (another build's: its solver may differ)
            if other != directory and other.is_dir():
                shutil.rmtree(other, ignore_errors=True)
    except OSError:
        partial.unlink(missing_ok=True)


def _forget(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
    return None
