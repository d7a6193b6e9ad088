"""How long work reports how far it has got, and how it is kept across an interruption.

``progress(stage, fraction)``: the stage in words and the fraction of it done (0 to 1). The
page's worker turns each call into a progress event (and a Cancel stops the worker); the
command line draws a bar.

A :class:`Checkpoint` keeps a long solve's state so that a build stopped partway (a session
of at most a few hours, Ctrl-C) goes on where it stopped: the solver hands it what it has
after each step and asks it, when it starts, for what an earlier run kept. The solvers never
read or write a file; the command line's table builds give them one that does
(:class:`pycore.store.checkpoints.FileCheckpoint`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Progress = Callable[[str, float], None]


class Checkpoint(Protocol):
    #: the seconds the earlier runs of the build spent (its stages' as far as they are loaded)
    earlier_seconds: float

    def load(self) -> dict[str, Any] | None:
        """What an earlier run of the same solve kept (None: start from the beginning)."""

    def save(self, state: dict[str, Any]) -> None:
        """Keep ``state`` (arrays and numbers) for a later run; may keep only some calls'."""

    def set_aside(self, why: str) -> None:
        """Put aside what :meth:`load` gave, which the solver cannot use (``why``: what is
        wrong with it); the solve starts from the beginning."""

    def stage(self, name: str, rules) -> Checkpoint:
        """The checkpoint of a later stage of the same build (``name`` a word; ``rules``, JSON:
        what it computes), kept beside this one's state and forgotten with it."""
