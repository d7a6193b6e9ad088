"""Independent parts of a sweep run on every core of the machine that builds the tables (issue 54).

A sweep of the many-player solvers (:mod:`pycore.jeopardy.seats`) computes every part of a
table (a batch of turn starts, a block of rows) from one table read by all, each part writing
its own rows of the next: the parts are independent, so they can run side by side. A
:class:`PartPool` does that with worker processes forked once, after the work's fixed data
(the turns' endings, the turn graph) are ready: the children inherit them without a copy,
read the table from memory shared with them (an anonymous ``mmap``: no file), and write
their rows into a second shared table. The parts are the serial run's parts, computed by the
same code on the same inputs, so the result is the serial one bit for bit whatever the
number of workers (a test compares them).

How many workers is a setting of the caller, not of the solvers: :func:`using_workers` sets it
for the work inside (the ``tables`` command uses every core); everywhere else, and always
where processes cannot be forked (Pyodide in the browser), the work runs in this process
(:func:`worker_count` is 1).
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import mmap
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from .errors import SolverError

_WORKERS: contextvars.ContextVar[int] = contextvars.ContextVar("workers", default=1)

#: the pools' work, by token: set before the fork, so the children have it too
_TASKS: dict[int, tuple[Callable, np.ndarray, np.ndarray]] = {}
_TOKENS = itertools.count(1)


def can_fork() -> bool:
    """Whether worker processes can be forked here (not in the browser's Pyodide)."""
    return sys.platform != "emscripten" and hasattr(os, "fork") and "fork" in multiprocessing.get_all_start_methods()


def worker_count() -> int:
    """The worker processes a sweep may use here (1: this process alone)."""
    return _WORKERS.get() if can_fork() else 1


@contextlib.contextmanager
def using_workers(workers: int | None) -> Iterator[int]:
    """Within this block sweeps use ``workers`` processes (None: one per core); yields the
    number used (1 where processes cannot be forked)."""
    count = (os.cpu_count() or 1) if workers is None else int(workers)
    if count < 1:
        raise SolverError(f"workers is a number of processes, 1 or more; got {workers}")
    token = _WORKERS.set(count)
    try:
        yield worker_count()
    finally:
        _WORKERS.reset(token)


def _shared(shape: tuple[int, ...], dtype) -> np.ndarray:
    """An array in anonymous memory that forked children share (not copied on write)."""
    dtype = np.dtype(dtype)
    count = int(np.prod(shape, dtype=np.int64))
    return np.frombuffer(mmap.mmap(-1, max(count * dtype.itemsize, 1)), dtype=dtype, count=count).reshape(shape)


def _run_parts(token: int, parts: Sequence[Any]) -> None:
    task, source, target = _TASKS[token]
    for part in parts:
        task(part, source, target)


class PartPool:
    """``task(part, source, target)`` over parts, in this process or in forked workers.

    ``source`` (``source_shape``) is the table every part reads, ``target`` (``target_shape``)
    the table each part writes its own rows of (a recursion over layers writes ``source``
    itself: a layer's rows, read by the layers after it). :meth:`run` runs the parts on a
    table (copied into the shared ``source`` where workers run) and returns ``target`` (the
    pool's own array: copy what must outlive the next run). The parts are dealt into one
    share a worker (part ``n`` to share ``n mod workers``; an idle worker may take two
    shares): the solvers' parts are of similar size. Use it as a context manager; leaving it
    stops the workers."""

    def __init__(self, task: Callable[[Any, np.ndarray, np.ndarray], None], source_shape: tuple[int, ...],
                 target_shape: tuple[int, ...], workers: int | None = None, dtype="float64"):
        self.workers = worker_count() if workers is None else max(1, min(int(workers), worker_count()))
        self.task = task
        if self.workers > 1:
            self.source, self.target = _shared(source_shape, dtype), _shared(target_shape, dtype)
        else:
            self.source, self.target = np.empty(source_shape, dtype), np.empty(target_shape, dtype)
        self.token = next(_TOKENS)
        _TASKS[self.token] = (task, self.source, self.target)
        # (forked after the task is registered: the children inherit it and what it reads)
        self.pool = multiprocessing.get_context("fork").Pool(self.workers) if self.workers > 1 else None

    def run(self, source: np.ndarray | None, parts: Sequence[Any]) -> np.ndarray:
        """``target`` once every part has run, reading ``source`` (None: the pool's ``source``
        as the caller filled it in place)."""
        if self.pool is None or len(parts) < 2:  # (here: the parts read the table given, uncopied)
            read = self.source if source is None else source
            for part in parts:
                self.task(part, read, self.target)
            return self.target
        if source is not None:
            np.copyto(self.source, source)
        shares = [list(parts[w :: self.workers]) for w in range(self.workers)]
        self.pool.starmap(_run_parts, [(self.token, share) for share in shares if share])
        return self.target

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None
        _TASKS.pop(self.token, None)

    def __enter__(self) -> PartPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
