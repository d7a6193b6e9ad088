"""A long solve's state in a file, so that a table build stopped partway (a session of a few
hours, Ctrl-C) goes on where it stopped (:class:`pycore.core.progress.Checkpoint`).

The state is numpy's ``.npz`` of the solver's arrays and numbers, written whole to a
temporary file and renamed over the last one (a build stopped while writing keeps the one
before), at most every ``every`` seconds. It records the rules it is for: a state kept for
other rules is not read (the build starts afresh and writes over it).
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
        self._last_save = time.monotonic()
        self.resumed_at: dict[str, Any] | None = None  # what :meth:`load` found

    def load(self) -> dict[str, Any] | None:
        try:
            with np.load(self.path, allow_pickle=False) as data:
                kept = {key: data[key] for key in data.files}
        except (OSError, ValueError, EOFError):  # none, or damaged: start afresh
            return None
        if str(kept.pop("rules", "")) != self.rules:
            return None
        self.resumed_at = {key: value.item() if value.ndim == 0 else value for key, value in kept.items()}
        return self.resumed_at

    def save(self, state: dict[str, Any]) -> None:
        if time.monotonic() - self._last_save < self.every:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + ".partial")
        with open(partial, "wb") as out:
            np.savez(out, rules=np.array(self.rules), **{k: np.asarray(v) for k, v in state.items()})
        os.replace(partial, self.path)
        self._last_save = time.monotonic()

    def clear(self) -> None:
        """Forget the kept state (the build it was for is written)."""
        self.path.unlink(missing_ok=True)
