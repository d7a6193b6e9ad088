"""A test's watchdog: fail, naming what was being done, rather than hang."""

from __future__ import annotations

import contextlib
import signal


@contextlib.contextmanager
def at_most(seconds: int, what=None):
    """Fail (naming ``what``, where given) if the block takes longer than ``seconds`` (a FIFO
    read, a request that never answers)."""

    def expired(signum, frame):
        raise AssertionError(f"no answer within {seconds} s" + ("" if what is None else f" to {what!r}")[:500])

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
