"""Compile a game's rules into the arrays every solver works on.

The table has one row per anchor (shape ``(A,)``) and one column per turn
state (``(T,)``); a *cell* ``(a, t)`` is a state. Only cells reachable from an
anchor's turn start are valid. The model also holds the order in which the
level sweep (see :mod:`pycore.solver`) visits the cells:

* the **level** of a cell is ``layer(a) + gain(t)``: the score sum if the
  mover held there. Rolling never lowers it, holding leads to an anchor of
  that layer or higher, and a bust (a zero-gain ending) leads to the partner
  anchor in layer ``layer(a)`` (or, with a turn counter, higher);
* levels are visited from the highest down; inside a level, zero-gain cells
  first (they decide the anchors of that layer, which the other cells of the
  level hold into), then the others; inside each, by decreasing **step**
  (position among turn states of equal gain, e.g. shotguns).

A roll outcome that offers a :class:`~pycore.jeopardy.rules.Choice` lists its
options along a third axis of the successor arrays (``C`` options; ``C = 1``
for games without choices, which keep two-axis arrays and their speed).

Building the model checks the rules protocol and raises
:class:`~pycore.errors.RulesError` naming the first violation.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ..core.errors import InvalidStateError, RulesError
from .rules import Choice, JeopardyGame, State, options_of


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
    def must_roll(self) -> np.ndarray:
        return self.can_roll & ~self.can_hold

    @cached_property
    def may_choose(self) -> np.ndarray:
        return self.can_roll & self.can_hold

    @cached_property
    def decides(self) -> bool:
        """Some cell may both roll and hold (the others' action is forced)."""
        return bool(self.may_choose.any())


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


@dataclass(frozen=True)
class Schedule:
    """The sweep order of the valid cells (see :func:`_schedule`)."""

    levels: tuple[Level, ...]
    groups: tuple[Group, ...]  # every group, by position
    succ_pos: np.ndarray  # (N, R) or (N, R, C) int32: the groups' successor positions, whole
    order_anchor: np.ndarray  # (N,) sweep position -> anchor
    order_turn: np.ndarray  # (N,) sweep position -> turn state
    position: np.ndarray  # (A, T) int32 sweep position of each cell, -1 for invalid cells
    start_pos: np.ndarray  # (A,) sweep position of each anchor's turn start
    climbs: np.ndarray  # (A,) bool: a zero-gain ending leads to a higher layer (a turn counter)
    hold_constants: np.ndarray  # (K,) values of the holds that end the game (and 0.0): hold slots A..A+K-1

    def hold_table(self, x: np.ndarray) -> np.ndarray:
        """(A + K,) the mover's value of each hold slot: ``1 - x`` of the anchor held into,
        then the constants."""
        return np.concatenate([1.0 - x, self.hold_constants])


class Model:
    """Arrays of one game (with its parameters). Shapes: A anchors, T turn
    states, R roll outcomes, C options per outcome, G = largest gain + 1.

    Attributes
    ----------
    anchors : (A, len(anchor_vars)) int
    turns : (T, len(turn_vars)) int, sorted by (gain, step)
    gain, step : (T,) int
    start : int, column of the turn start
    succ : (T, R, C) roll outcomes' options (index T = padding); succ_prob : (T, R)
    self_prob, bust_prob : (T,)
    valid, can_roll, can_hold : (A, T) bool
    layer : (A,) int
    end_value0 : (A,) float, mover's value when a zero-gain ending (a bust) ends the game (nan otherwise)
    end_next0 : (A,) int32, the next mover's anchor otherwise (-1 when the game ends)

    The whole (A, G) tables of turn endings (:meth:`turn_endings`) make the schedule and
    are then dropped (24 bytes a state for Pig); they are computed again when asked.
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
        valid: np.ndarray,
        can_roll: np.ndarray,
        can_hold: np.ndarray,
        layer: np.ndarray,
        end_value: np.ndarray,
        end_next: np.ndarray,
        anchor_lookup: dict,
        turn_lookup: dict,
        keep_endings: bool = False,
    ) -> None:
        self.game = game
        self.anchors, self.turns, self.gain, self.step, self.start = anchors, turns, gain, step, start
        self.succ, self.succ_prob, self.self_prob, self.bust_prob = succ, succ_prob, self_prob, bust_prob
        self.valid, self.can_roll, self.can_hold = valid, can_roll, can_hold
        self.layer = layer
        self.anchor_lookup, self.turn_lookup = anchor_lookup, turn_lookup
        self.A, self.T = valid.shape
        self.schedule = _schedule(self, end_value, end_next)
        self.end_value0, self.end_next0 = end_value[:, 0].copy(), end_next[:, 0].copy()
        # a paired model keeps its tables (they cannot be made again from the game alone)
        self._endings = (end_value, end_next) if keep_endings else None

    def turn_endings(self) -> tuple[np.ndarray, np.ndarray]:
        """(end_value (A, G) float, end_next (A, G) int32): the mover's value of ending a turn
        with each gain where that ends the game (nan otherwise), and the next mover's anchor
        otherwise (-1 when the game ends; also -1 for endings no valid state can reach)."""
        if self._endings is not None:
            return self._endings
        end, end_value = _end_values(self.game, self.anchors, int(self.gain.max()) + 1)
        return end_value, _end_next(self.game, self.anchors, end, end_value, self.can_hold, self.gain)

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
        return int(self.valid.sum())

    def anchor_index(self, anchor: tuple[int, ...]) -> int:
        return self.anchor_lookup[self.game.anchor_key(anchor)]

    def turn_column(self, turn: tuple[int, ...]) -> int:
        """The column of a turn state, -1 if it is not one."""
        return self.turn_lookup.get(tuple(int(x) for x in turn), -1)

    def anchor_rows(self, anchors: np.ndarray) -> np.ndarray:
        """Row of each anchor ((n, len(anchor_vars)), canonical) in the table, -1 where absent."""
        return _lookup_rows(self.anchors, anchors)

    def cell(self, state: State) -> tuple[int, int]:
        """(anchor index, turn index) of a state; InvalidStateError (naming the
        problem) if the state is not in the table."""
        if state.game == self.game.name:
            a = self.anchor_lookup.get(self.game.anchor_key(state.anchor))
            t = self.turn_column(state.turn)
            if a is not None and t >= 0 and self.valid[a, t]:
                return a, t
        self.game.check_state(state)  # raises with the reason
        raise InvalidStateError(f"{self.game.name}: {self.game.format_state(state)} is not in the table")

    def state_at(self, a: int, t: int) -> State:
        return State(self.game.name, tuple(int(x) for x in self.anchors[a]), tuple(int(x) for x in self.turns[t]))

    def columns(self) -> dict[str, np.ndarray]:
        """State columns broadcast over the table: anchor columns (A, 1), turn columns (1, T)."""
        cols = {v: self.anchors[:, n][:, None] for n, v in enumerate(self.game.anchor_vars)}
        cols.update({v: self.turns[:, n][None, :] for n, v in enumerate(self.game.turn_vars)})
        return cols

    def paired(self) -> Model:
        """The model of two fixed players taking turns: anchors ``0..A-1``
        are those where player X moves, ``A..2A-1`` where player Y moves.
        Used to evaluate one policy against another."""
        A = self.A
        end_value, end_next = self.turn_endings()
        first = np.where(end_next >= 0, end_next + A, -1)
        second = end_next  # Y's turn ends into X's anchors
        twice = lambda array: np.concatenate([array, array])
        return Model(
            self.game,
            anchors=twice(self.anchors),
            turns=self.turns,
            gain=self.gain,
            step=self.step,
            start=self.start,
            succ=self.succ,
            succ_prob=self.succ_prob,
            self_prob=self.self_prob,
            bust_prob=self.bust_prob,
            valid=twice(self.valid),
            can_roll=twice(self.can_roll),
            can_hold=twice(self.can_hold),
            layer=twice(self.layer),
            end_value=twice(end_value),
            end_next=np.concatenate([first, second]),
            anchor_lookup={},
            turn_lookup=self.turn_lookup,
            keep_endings=True,
        )


@lru_cache(maxsize=8)
def _compile_cached(game_type: type, params: tuple) -> Model:
    return _compile(game_type(**dict(params)))


def compile_game(game: JeopardyGame) -> Model:
    """The (cached) model of a game."""
    return _compile_cached(type(game), tuple(sorted(game.params.items())))


def _compile(game: JeopardyGame) -> Model:
    name = game.name
    # ---- turn states: sort by (gain, step), outcome tables -------------------------
    turn_list = [tuple(int(x) for x in t) for t in game.turn_states()]
    if len(set(turn_list)) != len(turn_list):
        raise RulesError(f"{name}: turn_states() lists a state twice")
    gains = {t: int(game.gain(t)) for t in turn_list}
    outcomes = {}
    for t in turn_list:
        outs = game.roll_outcomes(t)
        total = sum(p for p, _ in outs)
        if outs and total != 1:  # no outcomes at all: a state no one may roll from
            raise RulesError(f"{name}: roll outcomes of {t} sum to {total}, not 1")
        for p, outcome in outs:
            if p < 0:
                raise RulesError(f"{name}: negative probability in roll outcomes of {t}")
            options = options_of(outcome)
            if isinstance(outcome, Choice) and t in options:
                raise RulesError(f"{name}: a choice after rolling from {t} offers {t} itself")
            for nxt in options:
                if nxt != t and gains.get(nxt, gains[t]) < gains[t]:
                    raise RulesError(f"{name}: rolling from {t} to {nxt} lowers the gain")
        outcomes[t] = [(p, options_of(outcome), isinstance(outcome, Choice)) for p, outcome in outs]
    step = _steps(name, turn_list, gains, outcomes)
    turn_list.sort(key=lambda t: (gains[t], step[t]))
    turn_lookup = {t: n for n, t in enumerate(turn_list)}
    T = len(turn_list)
    start = turn_lookup.get(tuple(game.turn_start))
    if start is None:
        raise RulesError(f"{name}: the turn start is not among the turn states")
    if gains[turn_list[start]] != 0:
        raise RulesError(f"{name}: the turn start must bank nothing")

    def moves(t):  # outcomes other than a bust or the same state again
        return [(p, opts) for p, opts, choice in outcomes[t] if p > 0 and opts and (choice or opts[0] != t)]

    R = max(max((len(moves(t)) for t in turn_list), default=1), 1)
    C = max(max((len(opts) for t in turn_list for _, opts in moves(t)), default=1), 1)
    succ = np.full((T, R, C), T, dtype=np.int64)  # index T is padding (values 0)
    succ_prob = np.zeros((T, R))
    self_prob = np.zeros(T)
    bust_prob = np.zeros(T)
    leaves = np.zeros(T, dtype=bool)  # some outcome is not a tabulated turn state (or there are none)
    for n, t in enumerate(turn_list):
        leaves[n] = not outcomes[t]
        r = 0
        for p, opts, choice in outcomes[t]:
            if p == 0:
                continue
            if not opts:
                bust_prob[n] += float(p)
            elif not choice and opts[0] == t:
                self_prob[n] += float(p)
            elif any(o not in turn_lookup for o in opts):
                leaves[n] = True
            else:
                succ[n, r, : len(opts)] = [turn_lookup[o] for o in opts]
                succ_prob[n, r] = float(p)
                r += 1
    if np.any(self_prob >= 1):
        raise RulesError(f"{name}: a roll that always returns to the same state")
    turns = np.array(turn_list, dtype=np.int64)
    gain = np.array([gains[t] for t in turn_list], dtype=np.int64)
    steps = np.array([step[t] for t in turn_list], dtype=np.int64)

    # ---- anchors --------------------------------------------------------------------
    anchors = np.asarray(game.anchors(), dtype=np.int64)
    if anchors.ndim != 2 or anchors.shape[1] != len(game.anchor_vars):
        raise RulesError(f"{name}: anchors() must have shape (A, {len(game.anchor_vars)})")
    anchor_lookup = {tuple(int(x) for x in row): n for n, row in enumerate(anchors)}
    if len(anchor_lookup) != len(anchors):
        raise RulesError(f"{name}: anchors() lists an anchor twice")
    A = len(anchors)
    acols = {v: anchors[:, n] for n, v in enumerate(game.anchor_vars)}
    layer = np.asarray(game.layer(acols), dtype=np.int64)

    # ---- legal actions on the whole table ----------------------------------------------
    cols = {v: acols[v][:, None] for v in game.anchor_vars}
    cols.update({v: turns[:, n][None, :] for n, v in enumerate(game.turn_vars)})
    can_roll = np.broadcast_to(np.asarray(game.can_roll(cols), dtype=bool), (A, T)).copy()
    can_hold = np.broadcast_to(np.asarray(game.can_hold(cols), dtype=bool), (A, T)).copy()

    # ---- turn endings for every (anchor, gain) ------------------------------------------
    end, end_value = _end_values(game, anchors, int(gain.max()) + 1)

    # holding wins the game on the spot: the win is taken (the papers count
    # these states as won), so rolling is not a move there (rules.legal_actions)
    # (compared per gain, then spread over the turn states: no (A, T) float temporaries)
    hold_wins = can_hold & (end_value == 1.0)[:, gain]

    # ---- reachable cells: forward over turn states in (gain, step) order ---------------
    valid = np.zeros((A, T), dtype=bool)
    valid[:, start] = True
    for n in range(T):
        rolling = valid[:, n] & can_roll[:, n] & ~hold_wins[:, n]
        if not rolling.any():
            continue
        if leaves[n]:
            bad = int(np.flatnonzero(rolling)[0])
            raise RulesError(
                f"{name}: rolling is allowed at anchor {tuple(anchors[bad])}, turn {turn_list[n]}, "
                "but an outcome is not a tabulated turn state (tighten can_roll)"
            )
        for target in np.unique(succ[n][succ_prob[n] > 0]):
            if target < T:
                valid[:, target] |= rolling
    stuck = valid & ~can_roll & ~can_hold
    if stuck.any():
        a, t = (int(x[0]) for x in np.nonzero(stuck))
        raise RulesError(f"{name}: no legal action at anchor {tuple(anchors[a])}, turn {turn_list[t]}")
    can_roll &= valid
    can_hold &= valid

    end_next = _end_next(game, anchors, end, end_value, can_hold, gain)
    del end
    # banking points must climb at least that many layers (a zero-gain ending: none or more)
    ending_a, ending_g = np.nonzero(end_next >= 0)
    wrong = layer[end_next[ending_a, ending_g]] < layer[ending_a] + ending_g
    if wrong.any():
        a, g = int(ending_a[wrong][0]), int(ending_g[wrong][0])
        raise RulesError(f"{name}: ending a turn at {tuple(anchors[a])} with gain {g} does not raise the layer by {g}")
    partner = end_next[:, 0]
    safe = np.maximum(partner, 0)
    same_layer = (partner >= 0) & (layer[safe] == layer)
    twice = np.where(same_layer, partner[safe], -1)
    # a same-layer partner's own zero-gain ending must end the game, return here, or climb
    bad = same_layer & (twice >= 0) & (twice != np.arange(A)) & (layer[np.maximum(twice, 0)] == layer)
    if bad.any():
        a = int(np.flatnonzero(bad)[0])
        raise RulesError(f"{name}: two busts in a row from {tuple(anchors[a])} do not return to it")

    hold_wins &= valid
    can_roll &= ~hold_wins
    del cols, ending_a, ending_g, wrong  # whole-table temporaries: not kept through the schedule
    return Model(
        game,
        anchors=anchors,
        turns=turns,
        gain=gain,
        step=steps,
        start=start,
        succ=succ,
        succ_prob=succ_prob,
        self_prob=self_prob,
        bust_prob=bust_prob,
        valid=valid,
        can_roll=can_roll,
        can_hold=can_hold,
        layer=layer,
        end_value=end_value,
        end_next=end_next,
        anchor_lookup=anchor_lookup,
        turn_lookup=turn_lookup,
    )


ENDINGS_PER_BLOCK = 1 << 18  # turn endings looked up at a time by _end_next


def _end_values(game: JeopardyGame, anchors: np.ndarray, G: int):
    """(the game's turn endings for every (anchor, gain < G), end_value (A, G): the mover's
    value where ending the turn ends the game, nan where it goes on)."""
    acols = {v: anchors[:, n][:, None] for n, v in enumerate(game.anchor_vars)}
    end = game.end_turn(acols, np.arange(G)[None, :])
    end_value = np.asarray(end.mover_value, dtype=float)
    if end_value.shape != (len(anchors), G) or not end_value.flags.writeable:  # else shared, not copied
        end_value = np.broadcast_to(end_value, (len(anchors), G)).copy()
    return end, end_value


def _end_next(game: JeopardyGame, anchors, end, end_value, can_hold, gain) -> np.ndarray:
    """(A, G) int32 the next mover's anchor after each turn ending that goes on and can happen
    (holds where a valid state may hold, and busts); -1 elsewhere. Only those are looked up
    (1-D arrays, not whole (A, G) tables); RulesError if one is not among the anchors."""
    name = game.name
    A, G = end_value.shape
    used = np.zeros((A, G), dtype=bool)
    # the turn states are sorted by gain: each gain's columns are one run
    gains_present, first_column = np.unique(gain, return_index=True)
    used[:, gains_present] = np.logical_or.reduceat(can_hold, first_column, axis=1)
    used[:, 0] = True
    end_next = np.full((A, G), -1, dtype=np.int32)
    index = RowIndex(anchors)
    # a block of anchors at a time: the lookups' temporaries (about 80 bytes an ending) stay
    # small next to the tables (they made the compile's peak)
    block = max(1, ENDINGS_PER_BLOCK // max(G, 1))
    for lo in range(0, A, block):
        need_a, need_g = np.nonzero(np.isnan(end_value[lo : lo + block]) & used[lo : lo + block])
        need_a += lo
        next_anchor = {v: np.broadcast_to(end.next_anchor[v], (A, G))[need_a, need_g] for v in game.anchor_vars}
        next_anchor = game.canonical_anchor(next_anchor)
        found = index.rows(np.stack([np.asarray(next_anchor[v]) for v in game.anchor_vars], axis=-1))
        end_next[need_a, need_g] = found
        if np.any(found < 0):
            k = int(np.flatnonzero(found < 0)[0])
            a, g = int(need_a[k]), int(need_g[k])
            key = tuple(int(next_anchor[v][k]) for v in game.anchor_vars)
            raise RulesError(
                f"{name}: ending a turn at anchor {tuple(anchors[a])} with gain {g} leads to {key}, "
                "which anchors() does not list"
            )
    return end_next


class RowIndex:
    """The row of each anchor of ``table`` (A, V), through a dense array over the (small,
    non-negative) ranges of the anchor variables: built once, looked up many times."""

    def __init__(self, table: np.ndarray) -> None:
        table = np.asarray(table, dtype=np.int64)
        self.low = table.min(axis=0) if len(table) else np.zeros(table.shape[1], np.int64)
        high = table.max(axis=0) if len(table) else self.low - 1
        self.dense = np.full(tuple(int(x) for x in high - self.low + 1), -1, dtype=np.int64)
        self.dense[tuple((table - self.low).T)] = np.arange(len(table))

    def rows(self, keys: np.ndarray) -> np.ndarray:
        """(N,) the row of each key (N, V); -1 where absent."""
        keys = np.asarray(keys).reshape(-1, self.dense.ndim)
        # one flat index per key, column by column (no (N, V) temporaries)
        flat = np.zeros(len(keys), dtype=np.int64)
        inside = np.ones(len(keys), dtype=bool)
        for v, size in enumerate(self.dense.shape):
            column = keys[:, v] - self.low[v]
            inside &= (column >= 0) & (column < size)
            flat *= size
            flat += column
        # (take wants the platform's index type: 4 bytes in the browser's wasm32)
        flat = np.where(inside, flat, 0).astype(np.intp, copy=False)
        if not self.dense.size:
            return np.full(len(keys), -1, dtype=np.int64)
        found = self.dense.reshape(-1).take(flat).astype(np.int64, copy=False)  # (a new array)
        found[~inside] = -1
        return found


def _lookup_rows(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Index of each row of ``rows`` in ``table`` (-1 where absent)."""
    return RowIndex(table).rows(rows)


def _steps(name, turn_list, gains, outcomes) -> dict:
    """Position of each turn state among those of equal gain (longest chain of
    gain-keeping rolls leading to it), so such rolls always move to a later step."""
    preds: dict = {t: [] for t in turn_list}
    for t in turn_list:
        for p, options, _ in outcomes[t]:
            for nxt in options:
                if p > 0 and nxt != t and nxt in preds and gains[nxt] == gains[t]:
                    preds[nxt].append(t)
    order: dict = {}

    def longest(t, trail=()):
        if t not in order:
            if t in trail:
                raise RulesError(f"{name}: rolling can cycle through {t} without changing the gain")
            order[t] = 1 + max((longest(u, trail + (t,)) for u in preds[t]), default=-1)
        return order[t]

    for t in turn_list:
        longest(t)
    return order


def _schedule(model: Model, end_value: np.ndarray, end_next: np.ndarray) -> Schedule:
    """Order the valid cells by (level desc, phase, step desc, outcome kind) and cut
    that order into groups (levels batched by the smallest gain a roll adds).
    Position ``N`` (one past the last cell) is a zero slot used as padding.

    Memory: the per-cell arrays kept are 4-byte indices (anchor, turn, hold slot and
    the ``R`` (times ``C``) successor positions) and two flags; the temporaries
    here are a few (N,) arrays at a time."""
    A, T = model.valid.shape
    # a roll raises the gain by 0 (a later step) or by at least `stride`, and a
    # zero-gain ending that climbs does so by at least `stride`, so `stride`
    # consecutive levels never depend on each other: settle them as one batch
    # (fewer, larger array operations)
    real = (model.succ < T) & (model.succ_prob > 0)[:, :, None]
    rises = (model.gain[np.minimum(model.succ, T - 1)] - model.gain[:, None, None])[real]
    partner = end_next[:, 0]
    climb = np.where(partner >= 0, model.layer[np.maximum(partner, 0)] - model.layer, 0)
    steps_up = np.concatenate([rises[rises > 0], climb[climb > 0]])
    stride = int(steps_up.min()) if steps_up.size else 1
    # the outcome kind of each turn state that some anchor rolls from: turn states of
    # one kind share their outcome probabilities (the cells that cannot roll join kind 0)
    rolled_from = model.can_roll.any(axis=0)
    signature = np.concatenate([model.succ_prob, model.self_prob[:, None], model.bust_prob[:, None]], axis=1)
    kind = np.zeros(T, dtype=np.int64)
    if rolled_from.any():
        _, kind[rolled_from] = np.unique(signature[rolled_from], axis=0, return_inverse=True)
    n_kinds = int(kind.max()) + 1
    flat = np.flatnonzero(model.valid)  # row-major (anchor, turn)
    # 4-byte indices from the start (A and T are far below 2**31): the compile's peak
    a_idx, t_idx = (flat // T).astype(np.int32), (flat % T).astype(np.int32)
    del flat
    max_step = int(model.step.max()) + 1 if T else 1

    gain = model.gain[t_idx]
    level_phase = ((model.layer[a_idx] + gain) // stride) * 2 + (gain > 0)
    cell_kind = np.where(model.can_roll[a_idx, t_idx], kind[t_idx], 0)
    key = (level_phase * max_step + model.step[t_idx]) * n_kinds + cell_kind
    del gain, level_phase, cell_kind
    descending = key.max() - key if len(key) else key
    if len(key) and descending.max() < 2**16:  # a stable sort of 16-bit keys is a radix sort: O(n)
        descending = descending.astype(np.uint16)
    order = np.argsort(descending, kind="stable")
    del descending
    a_idx, t_idx, key = a_idx[order], t_idx[order], key[order]
    del order
    N = len(key)
    position = np.full((A, T + 1), N, dtype=np.int32)  # column T (padding) -> zero slot
    position[a_idx, t_idx] = np.arange(N, dtype=np.int32)
    position_flat = position.reshape(-1)

    rollable = model.can_roll[a_idx, t_idx]
    R, C = model.succ.shape[1], model.succ.shape[2]
    succ_pos = np.empty((N, R, C) if model.has_choices else (N, R), dtype=np.int32)
    row_start = a_idx.astype(np.int64) * (T + 1)
    for r in range(R):
        for c in range(C):
            column = position_flat.take((row_start + model.succ[t_idx, r, c]).astype(np.intp, copy=False))
            column[~rollable] = N
            if model.has_choices:
                succ_pos[:, r, c] = column
            else:
                succ_pos[:, r] = column
    del row_start
    gain = model.gain[t_idx]
    zero = gain == 0
    hold_next = np.where(zero, -1, end_next[a_idx, gain])
    ends = hold_next < 0
    end_values = np.where(zero[ends], 0.0, np.nan_to_num(end_value[a_idx[ends], gain[ends]]))
    hold_constants = np.union1d(end_values, [0.0])
    hold_slot = hold_next.astype(np.int32)
    hold_slot[ends] = A + np.searchsorted(hold_constants, end_values)
    del hold_next, end_values, ends, gain
    can_hold = model.can_hold[a_idx, t_idx]

    bounds = np.flatnonzero(np.diff(key)) + 1
    starts = np.concatenate([[0], bounds]).astype(int)
    ends_at = np.concatenate([bounds, [N]]).astype(int)
    groups: list[Group] = []
    groups_by_level: dict[int, tuple[list, list]] = {}
    for lo, hi in zip(starts.tolist(), ends_at.tolist()):
        lvl, ph = divmod(int(key[lo]) // (max_step * n_kinds), 2)
        rollers = np.flatnonzero(rollable[lo:hi])
        t = int(t_idx[lo + rollers[0]]) if len(rollers) else -1
        group = Group(
            lo,
            hi,
            anchor=a_idx[lo:hi],
            succ_pos=succ_pos[lo:hi],
            can_roll=rollable[lo:hi],
            can_hold=can_hold[lo:hi],
            hold_slot=hold_slot[lo:hi],
            succ_prob=model.succ_prob[t] if t >= 0 else np.zeros(R),
            self_prob=float(model.self_prob[t]) if t >= 0 else 0.0,
            bust_prob=float(model.bust_prob[t]) if t >= 0 else 0.0,
            zero_gain=ph == 0,
        )
        groups.append(group)
        groups_by_level.setdefault(lvl, ([], []))[ph].append(group)
    batch = model.layer // stride
    order_a = np.argsort(batch, kind="stable")
    layers_sorted = batch[order_a]
    climbs = climb > 0
    partner_of_partner = np.where(partner >= 0, partner[np.maximum(partner, 0)], -1)
    leaves = (partner_of_partner < 0) | climbs[np.maximum(partner, 0)]  # the partner's own bust leaves the layer
    levels = []
    for lvl in sorted(set(groups_by_level) | set(int(x) for x in np.unique(batch)), reverse=True):
        lo, hi = np.searchsorted(layers_sorted, [lvl, lvl + 1])
        first, later = groups_by_level.get(lvl, ([], []))
        la = order_a[lo:hi]
        n_a = partner[la]
        ends = n_a < 0
        up = ~ends & climbs[la]
        chain = ~ends & ~up & leaves[la]
        cycle = ~ends & ~up & ~chain
        levels.append(
            Level(
                tuple(first),
                la,
                tuple(later),
                la[ends],
                la[up],
                n_a[up],
                la[chain],
                n_a[chain],
                la[cycle],
                n_a[cycle],
            )
        )
    position = position[:, :T]
    position[~model.valid] = -1
    return Schedule(
        levels=tuple(levels),
        groups=tuple(groups),
        succ_pos=succ_pos,
        order_anchor=a_idx,
        order_turn=t_idx,
        position=position,
        start_pos=position[:, model.start].astype(np.int64),
        climbs=climbs,
        hold_constants=hold_constants,
    )
