"""A long solve's state in a file, so that a table build stopped partway (a session of a few
hours, Ctrl-C) goes on where it stopped (:class:`pycore.core.progress.Checkpoint`).

The state is numpy's ``.npz`` of the solver's arrays and numbers, written whole to a
temporary file and renamed over the last one (a build stopped while writing keeps the one
before), at most every ``every`` seconds. It records the rules it is for: a state kept for
other rules is not read (the build starts afresh and writes over it). It also keeps what the
runs before this one cost (``earlier_seconds``, ``earlier_peak_mb``): a build's time and peak
are those of all its runs.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import numpy as np


class FileCheckpoint:
    def __init__(self, path: Path, rules, every: float = 30.0) -> None:
        """``rules``: what the state is for (JSON: a game's ``table_rules``)."""
        self.path, self.rules, self.every = Path(path), json.dumps(rules, sort_keys=True), every
        self._last_save = self._started = time.monotonic()
        self.resumed_at: dict[str, Any] | None = None  # what :meth:`load` found
        #: the seconds and the peak resident MB of the earlier runs of this build (0: none)
        self.earlier_seconds, self.earlier_peak_mb = 0.0, 0

    def load(self) -> dict[str, Any] | None:
        try:
            with np.load(self.path, allow_pickle=False) as data:
                kept = {key: data[key] for key in data.files}
        except (OSError, ValueError, EOFError):  # none, or damaged: start afresh
            return None
        if str(kept.pop("rules", "")) != self.rules:
            return None
        self.earlier_seconds = float(kept.pop("build_seconds", 0.0))
        self.earlier_peak_mb = int(kept.pop("peak_memory_mb", 0))
        self.resumed_at = {key: value.item() if value.ndim == 0 else value for key, value in kept.items()}
        return self.resumed_at

    def save(self, state: dict[str, Any]) -> None:
        if time.monotonic() - self._last_save < self.every:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + ".partial")
        spent = self.earlier_seconds + time.monotonic() - self._started
        with open(partial, "wb") as out:
            np.savez(out, rules=np.array(self.rules), build_seconds=np.asarray(spent),
                     peak_memory_mb=np.asarray(max(self.earlier_peak_mb, peak_memory_mb() or 0)),
                     **{k: np.asarray(v) for k, v in state.items()})
        os.replace(partial, self.path)
        self._last_save = time.monotonic()

    def clear(self) -> None:
        """Forget the kept state (the build it was for is written)."""
        self.path.unlink(missing_ok=True)


def reset_peak_memory() -> bool:
    """Reset the process's peak resident size to its current size (Linux: writing 5 to
    /proc/self/clear_refs resets VmHWM); False where that cannot be done."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False


def peak_memory_mb() -> int | None:
    """The process's peak resident size in MB: VmHWM (since the last reset) on Linux, else the
    peak since the start; None where neither is known (the browser, which only reads tables)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024)
    except OSError:
        pass
    try:
        import resource
    except ImportError:
        return None
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
