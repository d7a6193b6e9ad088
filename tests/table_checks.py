"""Checks of a shipped table of turn-start values against its own optimality equations."""

from __future__ import annotations

import random

import pytest

from pycore.jeopardy.rules.layout import layout


def random_scores(seed: int, count: int, lowest: int = 0, goal: int = 10_000) -> list[tuple[int, int]]:
    """``count`` score pairs from ``lowest`` to below ``goal`` in steps of 50, drawn from ``seed``."""
    rng = random.Random(seed)
    steps = (goal - lowest) // 50
    return [(lowest + 50 * rng.randrange(steps), lowest + 50 * rng.randrange(steps)) for _ in range(count)]


def build_stopped(monkeypatch, out, game, stop) -> None:
    """A table build of ``game`` into ``out`` stopped (as by Ctrl-C) right after the first kept
    state ``stop(checkpoint, state)`` says to stop at: what it kept stays in ``out``."""
    from pycore.service import tables
    from pycore.store import checkpoints

    saved = checkpoints.FileCheckpoint.save

    def save_then_stop(self, state):
        saved(self, state)
        if stop(self, state):
            raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(checkpoints.FileCheckpoint, "save", save_then_stop)
        with pytest.raises(KeyboardInterrupt):
            tables.build_tables(out, games=[game])


def assert_fixed_point(game, values, anchors) -> None:
    """The anchors' turns, swept again from the table's own values, give back their values (to
    the table's 2^-30 rounding), whatever the layer."""
    from pycore.jeopardy.solving.dispatch import win_turn_values

    for anchor in anchors:
        turn = win_turn_values(game, anchor, lambda other: float(values[layout(game).anchor_row(other)]))
        assert turn.value_at(game.turn_start) == pytest.approx(values[layout(game).anchor_row(anchor)], abs=1e-8)
