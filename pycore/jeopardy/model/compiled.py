"""Compile a game's rules into the arrays every solver works on.

The table has one row per anchor (shape ``(A,)``) and one column per turn
state (``(T,)``); a *cell* ``(a, t)`` is a state. Only cells reachable from an
anchor's turn start are valid. The model also holds the order in which the
level sweep (see :mod:`pycore.jeopardy.solving.tabulated`) visits the cells:

* the **level** of a cell is ``layer(a) + gain(t)``: the score sum if the
  mover held there. Rolling never lowers it, holding leads to an anchor of
  that layer or higher, and a bust (a zero-gain ending) leads to the partner
  anchor in layer ``layer(a)`` (or, with a turn counter, higher);
* levels are visited from the highest down; inside a level, zero-gain cells
  first (they decide the anchors of that layer, which the other cells of the
  level hold into), then the others; inside each, by decreasing **step**
  (position among turn states of equal gain, e.g. shotguns).

A roll outcome that offers a :class:`~pycore.jeopardy.rules.vocabulary.Choice` lists its
options along a third axis of the successor arrays (``C`` options; ``C = 1``
for games without choices, which keep two-axis arrays and their speed).

Building the model checks the rules protocol and raises
:class:`~pycore.core.errors.RulesError` naming the first violation.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from pycore.core.errors import InvalidStateError
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import State


@dataclass(frozen=True)
class Group:
    """Cells of one (level, phase, step, outcome kind): positions ``lo:hi`` of the
    sweep order. Per-cell arrays are views of the schedule's whole-table arrays;
    the roll outcomes' probabilities are the group's own, shared by its cells.

    ``n = hi - lo`` cells; ``R`` = most roll outcomes of a turn state (excluding
    the self-loop and bust); ``C`` = most options of a choice. The cells of a group
    that may roll all have turn states with the same outcome probabilities (the
    *kind*), so a group's expected successor value is one matrix-vector product
    over contiguous memory instead of a per-cell weighted sum.
    """

    lo: int
    hi: int
    anchor: np.ndarray  # (n,) anchor index
    succ_pos: np.ndarray  # (n, R) or (n, R, C) int32 sweep positions of roll outcomes (padding: the zero slot N)
    can_roll: np.ndarray  # (n,) bool
    can_hold: np.ndarray  # (n,) bool
    hold_slot: np.ndarray  # (n,) int32 into the hold table: an anchor (held into), or A + k for a constant
    succ_prob: np.ndarray  # (R,) probability of each roll outcome
    self_prob: float  # probability of rolling back into the same state
    bust_prob: float
    zero_gain: bool  # holding banks nothing (the level's turn starts and the like)

    # derived once, used by every sweep (cached_property writes the instance's __dict__,
    # which a frozen dataclass allows)
    @cached_property
    def weights(self) -> np.ndarray:
        """(R,) the outcomes' probabilities given that the roll leaves the state."""
        return self.succ_prob / (1.0 - self.self_prob)

    @cached_property
    def bust_weight(self) -> float:
        return self.bust_prob / (1.0 - self.self_prob)

    @cached_property
    def decides(self) -> bool:
        """Some cell may both roll and hold (the others' action is forced)."""
        return bool(np.any(self.can_roll & self.can_hold))


@dataclass(frozen=True)
class Level:
    """One level of the sweep: its zero-gain groups, the anchors they settle,
    then the remaining groups.

    The anchors are split by where their zero-gain ending (a bust) leads, which
    decides how their turn-start value is settled: ``ends`` (the game ends),
    ``up`` (a later turn in a higher layer, already settled: a turn counter),
    ``chain`` (a partner in this level whose own zero-gain ending ends the game
    or climbs) and ``cycle`` (partners that bust into each other), each with its
    partners (``*_partner``)."""

    first: tuple[Group, ...]
    anchors: np.ndarray  # anchors of this level's layers
    later: tuple[Group, ...]
    ends: np.ndarray
    up: np.ndarray
    up_partner: np.ndarray
    chain: np.ndarray
    chain_partner: np.ndarray
    cycle: np.ndarray
    cycle_partner: np.ndarray


@dataclass
class Cells:
    """The valid cells, one entry each (``(N,)``): a mutable bundle, because the schedule
    sorts it in place and each array's unsorted copy is freed as soon as it is replaced."""

    anchor: np.ndarray  # int32 anchor index
    turn: np.ndarray  # int32 turn state index
    can_roll: np.ndarray  # bool
    can_hold: np.ndarray  # bool
    hold_slot: np.ndarray  # int32 into the hold table: an anchor (held into), or A + k for a constant

    def permute(self, order: np.ndarray) -> None:
        for name in ("anchor", "turn", "can_roll", "can_hold", "hold_slot"):
            setattr(self, name, getattr(self, name)[order])


@dataclass(frozen=True)
class Schedule:
    """The sweep order of the valid cells (see :func:`_schedule`): per-cell arrays ``(N,)``
    in that order, of which the groups' arrays are views."""

    levels: tuple[Level, ...]
    groups: tuple[Group, ...]  # every group, by position
    succ_pos: np.ndarray  # (N, R) or (N, R, C) int32: the groups' successor positions, whole
    order_anchor: np.ndarray  # (N,) int32 sweep position -> anchor
    order_turn: np.ndarray  # (N,) int32 sweep position -> turn state
    can_roll: np.ndarray  # (N,) bool
    can_hold: np.ndarray  # (N,) bool
    hold_slot: np.ndarray  # (N,) int32 (see Cells)
    start_pos: np.ndarray  # (A,) sweep position of each anchor's turn start
    climbs: np.ndarray  # (A,) bool: a zero-gain ending leads to a higher layer (a turn counter)
    hold_constants: np.ndarray  # (K,) values of the holds that end the game, 0.0 first: hold slots A..A+K-1

    def hold_table(self, x: np.ndarray) -> np.ndarray:
        """(A + K,) the mover's value of each hold slot: ``1 - x`` of the anchor held into,
        then the constants."""
        return np.concatenate([1.0 - x, self.hold_constants])

    @cached_property
    def _group_starts(self) -> list[int]:
        return [group.lo for group in self.groups]

    def group_at(self, position: int) -> Group:
        """The group holding sweep position ``position``."""
        return self.groups[bisect_right(self._group_starts, position) - 1]


class Model:
    """Arrays of one game (with its parameters). Shapes: A anchors, T turn
    states, R roll outcomes, C options per outcome, N valid cells (the states).

    Attributes
    ----------
    anchors : (A, len(anchor_vars)) int
    turns : (T, len(turn_vars)) int, sorted by (gain, step)
    gain, step : (T,) int
    start : int, column of the turn start
    succ : (T, R, C) roll outcomes' options (index T = padding); succ_prob : (T, R)
    self_prob, bust_prob : (T,)
    layer : (A,) int
    end_value0 : (A,) float, mover's value when a zero-gain ending (a bust) ends the game (nan otherwise)
    end_next0 : (A,) int32, the next mover's anchor otherwise (-1 when the game ends)
    schedule : the cells in sweep order, with their legal actions and hold slots

    Memory: a solve keeps only the (N,) arrays of the schedule (34 bytes a state for Pig:
    20 of successor positions). The (A, T) tables (``valid``, ``can_roll``, ``can_hold``,
    ``position``) are made from them the first time they are asked for, and kept.
    """

    def __init__(
        self,
        game: JeopardyGame,
        *,
        anchors: np.ndarray,
        turns: np.ndarray,
        gain: np.ndarray,
        step: np.ndarray,
        start: int,
        succ: np.ndarray,
        succ_prob: np.ndarray,
        self_prob: np.ndarray,
        bust_prob: np.ndarray,
        layer: np.ndarray,
        end_value0: np.ndarray,
        end_next0: np.ndarray,
        anchor_lookup: dict,
        turn_lookup: dict,
    ) -> None:
        self.game = game
        self.anchors, self.turns, self.gain, self.step, self.start = anchors, turns, gain, step, start
        self.succ, self.succ_prob, self.self_prob, self.bust_prob = succ, succ_prob, self_prob, bust_prob
        self.layer = layer
        self.end_value0, self.end_next0 = end_value0, end_next0
        self.anchor_lookup, self.turn_lookup = anchor_lookup, turn_lookup
        self.A, self.T = len(anchors), len(turns)
        #: the level sweep's order of the valid cells (set by the compile, which needs the model)
        self.schedule: Schedule | None = None

    # ---- (A, T) tables, made when first asked for -----------------------------------------

    def table(self, in_order: np.ndarray, fill) -> np.ndarray:
        """An (A, T) table from one value per cell in sweep order (``fill`` elsewhere)."""
        table = np.full((self.A, self.T), fill, dtype=np.asarray(in_order).dtype)
        table[self.order_anchor, self.order_turn] = in_order
        return table

    @cached_property
    def valid(self) -> np.ndarray:
        """(A, T) bool: the cells that are states."""
        return self.table(np.ones(self.N, dtype=bool), False)

    @cached_property
    def can_roll(self) -> np.ndarray:
        """(A, T) bool: rolling is legal (never where holding wins on the spot)."""
        return self.table(self.schedule.can_roll, False)

    @cached_property
    def can_hold(self) -> np.ndarray:
        """(A, T) bool: holding is legal."""
        return self.table(self.schedule.can_hold, False)

    @cached_property
    def position(self) -> np.ndarray:
        """(A, T) int32 sweep position of each cell, -1 for cells that are not states."""
        return self.table(np.arange(self.N, dtype=np.int32), -1)

    # ---- the schedule's arrays, by their usual names ------------------------------------

    @property
    def levels(self) -> tuple[Level, ...]:
        return self.schedule.levels

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.schedule.groups

    @property
    def N(self) -> int:
        """Number of cells in the sweep (the valid states)."""
        return len(self.schedule.order_anchor)

    @property
    def order_anchor(self) -> np.ndarray:
        return self.schedule.order_anchor

    @property
    def order_turn(self) -> np.ndarray:
        return self.schedule.order_turn

    @property
    def start_pos(self) -> np.ndarray:
        return self.schedule.start_pos

    @property
    def has_choices(self) -> bool:
        return self.succ.shape[2] > 1

    # ---- lookups -------------------------------------------------------------------

    @property
    def n_states(self) -> int:
        """Number of valid cells (states) in the table."""
        return self.N

    def anchor_index(self, anchor: tuple[int, ...]) -> int:
        return self.anchor_lookup[layout(self.game).anchor_key(anchor)]

    def turn_column(self, turn: tuple[int, ...]) -> int:
        """The column of a turn state, -1 if it is not one."""
        return self.turn_lookup.get(tuple(int(x) for x in turn), -1)

    def anchor_rows(self, anchors: np.ndarray) -> np.ndarray:
        """Row of each anchor ((n, len(anchor_vars)), canonical) in the table, -1 where absent."""
        return lookup_rows(self.anchors, anchors)

    def cell(self, state: State) -> tuple[int, int]:
        """(anchor index, turn index) of a state; InvalidStateError (naming the
        problem) if the state is not in the table."""
        if state.game == self.game.name:
            a = self.anchor_lookup.get(layout(self.game).anchor_key(state.anchor))
            t = self.turn_column(state.turn)
            if a is not None and t >= 0 and self.position[a, t] >= 0:
                return a, t
        self.game.check_state(state)  # raises with the reason
        raise InvalidStateError(f"{self.game.name}: {Notation(self.game).to_text(state)} is not in the table")

    def state_at(self, a: int, t: int) -> State:
        return State(self.game.name, tuple(int(x) for x in self.anchors[a]), tuple(int(x) for x in self.turns[t]))

    def columns(self) -> dict[str, np.ndarray]:
        """State columns broadcast over the table: anchor columns (A, 1), turn columns (1, T)."""
        cols = {v: self.anchors[:, n][:, None] for n, v in enumerate(self.game.anchor_vars)}
        cols.update({v: self.turns[:, n][None, :] for n, v in enumerate(self.game.turn_vars)})
        return cols


#: a :class:`RowIndex` over more keys than this many a row is searched, not dense
SPARSE_ABOVE = 16


class RowIndex:
    """The row of each anchor of ``table`` (A, V), through a dense array over the (small)
    ranges of the anchor variables, each in its own step (Farkle's scores are multiples of
    50: a dense array over every point was 11 GB with the penalty's zilch counts), or, where
    the anchors fill less than 1/:data:`SPARSE_ABOVE` of their ranges, a sorted array of their
    flat keys searched (the same rows): built once, looked up many times."""

    def __init__(self, table: np.ndarray) -> None:
        table = np.asarray(table, dtype=np.int64)
        self.low = table.min(axis=0) if len(table) else np.zeros(table.shape[1], np.int64)
        high = table.max(axis=0) if len(table) else self.low - 1
        # each column's step: the greatest common divisor of its offsets (1 where all are equal)
        self.step = np.maximum(np.gcd.reduce(table - self.low, axis=0), 1) if len(table) else np.ones_like(self.low)
        self.shape = tuple(int(x) for x in (high - self.low) // self.step + 1)
        self._low, self._step = [int(x) for x in self.low], [int(x) for x in self.step]  # (for row())
        self.sorted_keys = self.sorted_rows = None
        if int(np.prod(self.shape, dtype=np.float64)) > SPARSE_ABOVE * max(len(table), 1):
            # a sparse table (AYZD for five: 2.8 million of 5 x 40^5 keys, 4 GB dense): its flat
            # keys sorted, each found by a binary search
            flat = self._flat(table)[0]
            self.sorted_rows = np.argsort(flat, kind="stable")
            self.sorted_keys = flat[self.sorted_rows]
            self.dense = np.empty((0,) * len(self.shape), np.int64)
            return
        self.dense = np.full(self.shape, -1, dtype=np.int64)
        self.dense[tuple(((table - self.low) // self.step).T)] = np.arange(len(table))

    def _flat(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(N,) each key's index in the dense array and (N,) whether it is inside its ranges."""
        flat = np.zeros(len(keys), dtype=np.int64)
        inside = np.ones(len(keys), dtype=bool)
        for v, size in enumerate(self.shape):
            offset = keys[:, v] - self.low[v]
            if self.step[v] == 1:  # (most columns: numpy's integer division is its slowest step)
                column = offset
                inside &= (offset >= 0) & (offset < size)
            else:
                column = offset // self.step[v]
                inside &= (offset >= 0) & (column < size) & (offset % self.step[v] == 0)
            flat *= size
            flat += column
        return flat, inside

    def row(self, key) -> int:
        """The row of one key (V,), -1 where absent: :meth:`rows` of one, in Python's numbers
        (a position's lookup; numpy's calls on one key cost more than the lookup)."""
        flat = 0
        for value, low, step, size in zip(key, self._low, self._step, self.shape, strict=True):
            column, rest = divmod(int(value) - low, step)
            if column < 0 or rest or column >= size:
                return -1
            flat = flat * size + column
        if self.sorted_keys is not None:
            at = min(int(np.searchsorted(self.sorted_keys, flat)), len(self.sorted_keys) - 1)
            return int(self.sorted_rows[at]) if len(self.sorted_keys) and self.sorted_keys[at] == flat else -1
        return int(self.dense.reshape(-1)[flat]) if self.dense.size else -1

    def rows(self, keys: np.ndarray) -> np.ndarray:
        """(N,) the row of each key (N, V); -1 where absent."""
        keys = np.asarray(keys).reshape(-1, len(self.shape))
        # one flat index per key, column by column (no (N, V) temporaries)
        flat, inside = self._flat(keys)
        if self.sorted_keys is not None:
            at = np.minimum(np.searchsorted(self.sorted_keys, flat), len(self.sorted_keys) - 1)
            found = self.sorted_rows[at].astype(np.int64)
            found[~inside | (self.sorted_keys[at] != flat)] = -1
            return found
        # (take wants the platform's index type: 4 bytes in the browser's wasm32)
        flat = np.where(inside, flat, 0).astype(np.intp, copy=False)
        if not self.dense.size:
            return np.full(len(keys), -1, dtype=np.int64)
        found = self.dense.reshape(-1).take(flat).astype(np.int64, copy=False)  # (a new array)
        found[~inside] = -1
        return found


def lookup_rows(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Index of each row of ``rows`` in ``table`` (-1 where absent)."""
    return RowIndex(table).rows(rows)
