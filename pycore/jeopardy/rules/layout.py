"""Where a jeopardy game's positions are: its anchors' rows and its columns' ranges.

The rules (:class:`pycore.jeopardy.rules.protocol.JeopardyGame`) say which anchors and turn
states there are (``anchors()``, ``turn_states()``); this module indexes them, once per game:
the row of an anchor in ``anchors()`` (and in a prebuilt table), whether a key is tabulated,
how many anchors and turn states there are, each column's range. None of it is a rule, so it
is not a member of the game: it is its :class:`AnchorLayout`, made once for each game and
parameters and kept (:func:`layout`)::

    layout(game).anchor_row(anchor)

A game whose anchors are a regular grid (Farkle's 40,000, three-player Pig's 10^6) answers
by arithmetic instead of listing them: it declares its own subclass of :class:`AnchorLayout`
as ``anchor_layout`` (the one hook), overriding what it computes (``anchor_count``,
``anchor_ranges``, ``has_anchor``, ``anchor_row``, ``turn_state_count``, ``var_range``).

:func:`shared` keeps any other lookup built once for every instance of a game and parameters
(each request makes its own instance).

:class:`JeopardyTables` is a jeopardy game's :class:`~pycore.core.table_spec.TableSpec` (its
``tables``): its prebuilt tables hold the turn-start values in the rows laid out here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from pycore.core.cache import BoundedCache
from pycore.core.errors import InvalidStateError
from pycore.core.table_spec import TableSpec
from pycore.jeopardy.rules.notation import variable_of


class AnchorLayout:
    """The index of a game's anchors and turn states (see the module docstring). Made by
    :func:`layout`; a game's own subclass overrides what it computes by arithmetic."""

    def __init__(self, game) -> None:
        self.game = game

    @cached_property
    def anchors(self) -> np.ndarray:
        """``game.anchors()`` as an (A, len(anchor_vars)) int64 array, listed once."""
        return np.asarray(self.game.anchors(), dtype=np.int64)

    @cached_property
    def anchor_set(self) -> frozenset:
        return frozenset(tuple(int(x) for x in row) for row in self.anchors)

    @cached_property
    def turns(self) -> np.ndarray:
        """Every turn state, sorted, as an (T, len(turn_vars)) int64 array."""
        return np.array(sorted(tuple(int(x) for x in t) for t in self.game.turn_states()), dtype=np.int64)

    @cached_property
    def rows(self) -> dict[tuple[int, ...], int]:
        return {tuple(int(x) for x in r): n for n, r in enumerate(self.anchors)}

    def anchor_count(self) -> int:
        """How many anchors there are (the estimate's; a layout may count them without listing)."""
        return len(self.game.anchors())

    def turn_state_count(self) -> int:
        """How many turn states there are (a layout whose game's list is slow to make counts them)."""
        return len(self.game.turn_states())

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        """Each anchor column's inclusive range, where arithmetic gives it (a grid of turn
        starts: Farkle's 56 million at its finest unit would cost a phone gigabytes to list);
        empty: read from the anchors."""
        return {}

    @cached_property
    def _anchor_column_ranges(self) -> dict[str, tuple[int, int]]:
        ranges = self.anchor_ranges()
        if not ranges:
            ranges = {var: (int(self.anchors[:, n].min()), int(self.anchors[:, n].max()))
                      for n, var in enumerate(self.game.anchor_vars)}
        return ranges

    @cached_property
    def _turn_column_ranges(self) -> dict[str, tuple[int, int]]:
        # (apart from the anchors': a game whose turn states are many, Zombie Dice's 292,140,
        # ranges them by arithmetic, and an anchor column's range must not list them)
        turns = self.turns
        return {var: (int(turns[:, n].min()), int(turns[:, n].max())) for n, var in enumerate(self.game.turn_vars)}

    def var_range(self, var: str) -> tuple[int, int]:
        """Inclusive range of a state column in the tabulated states (kept: three-player Pig
        has 10^6 anchors, and every state checked asks for each column's)."""
        if var in self.game.turn_vars:
            return self._turn_column_ranges[var]
        return self._anchor_column_ranges[var]

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        """Whether a canonical anchor is tabulated (a layout with a regular grid of anchors may
        answer without the set of them: Farkle's 40,000)."""
        return key in self.anchor_set

    @cached_property
    def _keys(self) -> BoundedCache:
        # (a walk or a game asks for the same few anchors again and again: the game's
        # canonical_anchor is numpy on whole arrays, some 100 µs for one anchor; 4,096 a
        # game keep a phone's worker small and took a walk as fast as 65,536)
        return BoundedCache(None, 1 << 12)

    def anchor_key(self, anchor: tuple[int, ...]) -> tuple[int, ...]:
        """The tabulated anchor standing for ``anchor`` (the game's ``canonical_anchor``);
        InvalidStateError if there is none."""
        anchor = tuple(int(x) for x in anchor)
        return self._keys.get(anchor, lambda: self._canonical_key(anchor))

    def _canonical_key(self, anchor: tuple[int, ...]) -> tuple[int, ...]:
        game = self.game
        names = game.anchor_vars
        canonical = game.canonical_anchor({v: np.asarray(int(x)) for v, x in zip(names, anchor, strict=True)})
        key = tuple(int(canonical[v]) for v in names)
        if not self.has_anchor(key):
            raise InvalidStateError(
                f"{game.name}: no such position at the start of a turn, "
                + ", ".join(f"{variable_of(game, k).label.lower()} {v}" for k, v in zip(names, anchor, strict=True))
                + f" ({game.page.start_hint})"
            )
        return key

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        """The row of a (canonical) anchor in ``anchors()`` (and in a prebuilt table)."""
        return self.rows[self.anchor_key(anchor)]


def layout(game) -> AnchorLayout:
    """The game's :class:`AnchorLayout` (its ``anchor_layout``), made once for every instance
    of these parameters."""
    # (by class too: two classes of one name, as tests make, must not share a layout)
    return shared(game, ("layout", type(game)), lambda: game.anchor_layout(game))


def shared(game, name: Hashable, build: Callable):
    """A lookup built once for every instance of a game and parameters (each request makes
    its own instance: Farkle's 40,000 anchors took 0.3 s a request to index again)."""
    entry = _SHARED.get(game.key, dict)
    if name not in entry:
        entry[name] = build()
    return entry[name]


def anchor_order(game):
    """(order, size) of a jeopardy game's table (:func:`pycore.core.table_spec.table_order`):
    each anchor's chance for the mover, by row; with more players each seat's but the last
    (the chances sum to 1), seat by seat (:meth:`ForThreePlayers.table_seats`)."""
    count = layout(game).anchor_count() * (int(game.players) - 1)
    return np.arange(count), count


@dataclass(frozen=True)
class JeopardyTables(TableSpec):
    """A jeopardy game's :class:`~pycore.core.table_spec.TableSpec`: its tables hold the
    turn-start values by anchor row, and a solve's answer from a table reads its entry's
    states and residual."""

    facts_read: tuple[str, ...] = ("states", "residual")
    order: Callable | None = anchor_order


#: per game key (name and parameters), lookups every instance shares (see :func:`shared`; the last four games)
_SHARED = BoundedCache("game lookups", 4)
