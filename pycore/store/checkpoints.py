"""A long solve's state in a file, so that a table build stopped partway (a session of a few
hours, Ctrl-C) goes on where it stopped (:class:`pycore.core.progress.Checkpoint`).

The state is numpy's ``.npz`` of the solver's arrays and numbers, written whole to a
temporary file and renamed over the last one (a build stopped while writing keeps the one
before), at most every ``every`` seconds. It records the rules it is for and the sha256 of
everything it keeps (``checksum``). It also keeps what the runs before this one cost
(``earlier_seconds``, ``earlier_peak_mb``): a build's time and peak are those of all its runs.

Reading trusts nothing in the file: it is opened without waiting (a FIFO) and read only if it
is a regular file of at most :data:`MAX_CHECKPOINT_BYTES` (not a device, not a directory);
each array's header is checked against its bytes before an array is made (a header claiming
4 GiB allocates nothing); only numbers are kept, and the checksum must match (a value replaced
by another would build another table). A state that fails any of it -- damaged, from an older
version (no checksum), kept for other rules, or not what the solver keeps -- is **set aside**:
renamed to ``<name>.set-aside`` (a few hours of work are not deleted), said on stderr with the
reason, and the build starts from the beginning. Where it cannot be set aside (or the state
cannot be written) the build stops with a :class:`CheckpointError` naming the file.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import stat
import sys
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import CheckpointError

#: the largest state read: far above a build's (Farkle's penalty model to -2,500: 562,500
#: values and their slopes, 9 MB), far below a header's 4 GiB
MAX_CHECKPOINT_BYTES = 256 << 20
#: what a kept array may hold: numbers, and the rules and checksum as text (no objects)
KEPT_KINDS = "biufU"
#: what a damaged .npz raises as numpy or zipfile reads it (each said, none a traceback)
DAMAGED = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, ValueError, KeyError, EOFError, OSError,
           NotImplementedError, RuntimeError)


def read_regular_file(path: Path, cap: int) -> bytes:
    """The bytes of ``path``: a regular file of at most ``cap`` bytes, checked on the opened
    file before a byte is read (opened without waiting: a FIFO would hang, a device never
    end). ValueError saying what it is instead; OSError where it cannot be opened
    (FileNotFoundError: there is none)."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("is not a regular file")
        if info.st_size > cap:
            raise ValueError(f"is {info.st_size:,} bytes, more than the {cap:,} it may be")
    except BaseException:
        os.close(handle)
        raise
    with os.fdopen(handle, "rb") as file:
        data = file.read(cap + 1)
    if len(data) > cap:  # (it grew while read)
        raise ValueError(f"is more than the {cap:,} bytes it may be")
    return data


def checksum(arrays: dict[str, np.ndarray]) -> str:
    """The sha256 of kept arrays: each one's name, type, shape and bytes, by name."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(json.dumps([name, array.dtype.str, list(array.shape)]).encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def npz_arrays(data: bytes) -> dict[str, np.ndarray]:
    """The arrays of an ``.npz`` file's bytes, each one's header checked against its bytes
    before it is made (one of :data:`DAMAGED` saying what is wrong)."""
    headers = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}
    arrays = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = archive.infolist()
        if sum(member.file_size for member in members) > MAX_CHECKPOINT_BYTES:
            raise ValueError(f"its arrays would take more than {MAX_CHECKPOINT_BYTES:,} bytes")
        for member in members:
            name = member.filename.removesuffix(".npy")
            if name == member.filename or name in arrays:
                raise ValueError(f"it holds {member.filename!r}, not one array")
            raw = archive.read(member)  # (its declared size at most; its CRC checked)
            stream = io.BytesIO(raw)
            version = np.lib.format.read_magic(stream)
            if version not in headers:
                raise ValueError(f"{name} is in .npy format {version}")
            shape, fortran, dtype = headers[version](stream)
            if dtype.kind not in KEPT_KINDS or dtype.hasobject:
                raise ValueError(f"{name} holds {dtype}, not numbers")
            count = math.prod(shape)
            if count * dtype.itemsize != len(raw) - stream.tell():
                raise ValueError(f"{name}'s header gives {count:,} values of {dtype}, its bytes are "
                                 f"{len(raw) - stream.tell():,}")
            array = np.frombuffer(raw, dtype, count, stream.tell())
            arrays[name] = array.reshape(shape, order="F" if fortran else "C").copy()
    return arrays


def _say(text: str) -> None:
    print(f"python -m pycore: {text}", file=sys.stderr)


class FileCheckpoint:
    def __init__(self, path: Path, rules, every: float = 30.0, *, say: Callable[[str], None] = _say) -> None:
        """``rules``: what the state is for (JSON: a game's ``table_rules(game)``); ``say``: where a
        state set aside is said (stderr)."""
        self.path, self.rules, self.every, self.say = Path(path), json.dumps(rules, sort_keys=True), every, say
        self._last_save = self._started = time.monotonic()
        self.resumed_at: dict[str, Any] | None = None  # what :meth:`load` found
        #: this stage's seconds and peak resident MB in the earlier runs of the build (0: none)
        self._earlier_seconds, self._earlier_peak_mb = 0.0, 0
        self._stages: list[FileCheckpoint] = []

    @property
    def earlier_seconds(self) -> float:
        """The seconds the earlier runs of this build spent, its later stages' included (as
        far as they have been loaded)."""
        return self._earlier_seconds + sum(stage.earlier_seconds for stage in self._stages)

    @property
    def earlier_peak_mb(self) -> int:
        """The peak resident MB of the earlier runs of this build (0: none), its stages' included."""
        return max([self._earlier_peak_mb, *(stage.earlier_peak_mb for stage in self._stages)])

    def stage(self, name: str, rules) -> FileCheckpoint:
        """The kept state of a later stage of the same build (``name``: a word), in its own file
        beside this one (``<stem>.<name>.npz``: this stage's state stays whole, so a run stopped
        in the later stage does not solve this one again), for this build's rules and
        ``rules`` (JSON: what the stage computes); its earlier seconds count in this one's, and
        it is cleared with this one."""
        stage = FileCheckpoint(self.path.with_name(f"{self.path.stem}.{name}{self.path.suffix}"),
                               {"build": json.loads(self.rules), name: rules}, self.every, say=self.say)
        self._stages.append(stage)
        return stage

    def load(self) -> dict[str, Any] | None:
        try:
            data = read_regular_file(self.path, MAX_CHECKPOINT_BYTES)
        except FileNotFoundError:  # none kept: the build starts at the beginning
            return None
        except OSError as exc:  # (no permission...)
            return self.set_aside(f"cannot be read ({exc.strerror or exc})")
        except ValueError as exc:  # (a FIFO, a device, a directory, a file far too large)
            return self.set_aside(str(exc))
        try:
            kept = npz_arrays(data)
        except DAMAGED as exc:
            return self.set_aside(f"is damaged ({type(exc).__name__}: {exc})")
        if "checksum" not in kept:
            return self.set_aside("is from an older version (no checksum)")
        if str(kept.pop("checksum")) != checksum(kept):
            return self.set_aside("does not match its checksum (damaged)")
        if str(kept.pop("rules", "")) != self.rules:
            return self.set_aside("was kept for other rules")
        wrong = [k for k, v in kept.items() if v.dtype.kind not in "biuf" or not np.all(np.isfinite(v))]
        if wrong:
            return self.set_aside(f"keeps {', '.join(wrong)} as other than finite numbers")
        seconds, peak = kept.pop("build_seconds", np.zeros(())), kept.pop("peak_memory_mb", np.zeros(()))
        if seconds.ndim or peak.ndim or seconds < 0 or peak < 0:
            return self.set_aside("keeps a build time or peak memory that is not one number of at least 0")
        self._earlier_seconds, self._earlier_peak_mb = float(seconds), int(peak)
        self.resumed_at = {key: value.item() if value.ndim == 0 else value for key, value in kept.items()}
        return self.resumed_at

    def set_aside(self, why: str) -> None:
        """Set the kept state aside (``why``: what is wrong with it, said) and forget it: the
        build starts from the beginning. CheckpointError where it cannot be renamed."""
        aside = self.path.with_name(self.path.name + ".set-aside")
        try:
            os.replace(self.path, aside)
        except OSError as exc:
            raise CheckpointError(f"the build's kept state {self.path} {why}, and cannot be set aside "
                                  f"({exc.strerror or exc}); remove it to build from the beginning") from None
        self.resumed_at, self._earlier_seconds, self._earlier_peak_mb = None, 0.0, 0
        self.say(f"the build's kept state {self.path} {why}: set aside as {aside.name}; the build starts from the beginning")

    def save(self, state: dict[str, Any]) -> None:
        if time.monotonic() - self._last_save < self.every:
            return
        partial = self.path.with_name(self.path.name + ".partial")
        spent = self._earlier_seconds + time.monotonic() - self._started
        kept = {"rules": np.array(self.rules), "build_seconds": np.asarray(spent),
                "peak_memory_mb": np.asarray(max(self._earlier_peak_mb, peak_memory_mb() or 0)),
                **{k: np.asarray(v) for k, v in state.items()}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial.unlink(missing_ok=True)  # (whatever a stopped save left: "x" creates it anew, never a FIFO's reader)
            with open(partial, "xb") as out:
                np.savez(out, checksum=np.array(checksum(kept)), **kept)
            os.replace(partial, self.path)
        except OSError as exc:
            raise CheckpointError(f"the build's state cannot be kept in {self.path} ({exc.strerror or exc})") from None
        self._last_save = time.monotonic()

    def clear(self, stages_only: bool = False) -> None:
        """Forget the kept state and its stages' (the build it was for is written); with
        ``stages_only``, its stages' alone (they were worked out for a table already built)."""
        for stage in self._stages:
            stage.clear()
        if not stages_only:
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
