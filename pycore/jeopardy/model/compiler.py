"""Compile a game's rules into a :class:`~pycore.jeopardy.model.compiled.Model`: every anchor's
reachable turn states, each cell's roll outcomes and turn endings, and the level sweep's
schedule (:mod:`pycore.jeopardy.model.compiled` says what they are). Compiling checks the rules
protocol and raises :class:`~pycore.core.errors.RulesError` naming the first violation.
Models are kept per game type and parameters (the last eight; a designer's table lets go of
each row's).
"""

from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np

from pycore.core.cache import BoundedCache
from pycore.core.errors import RulesError
from pycore.jeopardy.model.compiled import Cells, Group, Level, Model, RowIndex, Schedule
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import Choice, options_of

#: (game type, parameters) -> the model of those rules (as large as a solve of them: a named
#: cache, let go of with the others')
_MODELS = BoundedCache("compiled models", 8)


def _compiled(game: JeopardyGame) -> Model:
    model = _compile(game)
    _return_free_memory()
    return model


@lru_cache(maxsize=1)
def _malloc_trim():
    """glibc's ``malloc_trim``, or None (another C library; the browser's WebAssembly heap)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None).malloc_trim
    except (ImportError, OSError, AttributeError):
        return None


def _return_free_memory() -> None:
    """Give the freed memory inside the C heap back to the system. The compile's sorted
    copies leave holes of freed (N,) arrays below glibc's mmap threshold (32 MB), which would
    otherwise stay resident through the solve: 8 bytes a state at Pig to 200 (the peak 66
    bytes a state, 58 with this)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def compile_game(game: JeopardyGame) -> Model:
    """The (cached) model of a game."""
    return _MODELS.get(_model_key(game), lambda: _compiled(type(game)(**game.params)))


def forget_model(game: JeopardyGame) -> None:
    """Let go of the kept model of a game's rules (a designer's row is made once: nineteen
    of Pig's die sizes kept eight models, 800 MB)."""
    _MODELS.discard(_model_key(game))


def _model_key(game: JeopardyGame) -> tuple:
    return type(game), tuple(sorted(game.params.items()))


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

    # ---- legal actions and reachable cells, a block of anchors at a time ------------------
    # (the block's (anchor, turn) tables stay in cache while the forward pass walks their columns)
    G = int(gain.max()) + 1
    targets = [[int(t) for t in np.unique(succ[n][succ_prob[n] > 0]) if t < T] for n in range(T)]
    turn_cols = {v: turns[:, n][None, :] for n, v in enumerate(game.turn_vars)}
    can_roll = np.empty((A, T), dtype=bool)
    can_hold = np.empty((A, T), dtype=bool)
    valid = np.zeros((A, T), dtype=bool)
    rows = max(1, FORWARD_CELLS // max(G, T))
    for lo in range(0, A, rows):
        hi = min(lo + rows, A)
        cols = {v: anchors[lo:hi, n][:, None] for n, v in enumerate(game.anchor_vars)} | turn_cols
        roll, hold, reach = can_roll[lo:hi], can_hold[lo:hi], valid[lo:hi]
        hold[:] = np.broadcast_to(np.asarray(game.can_hold(cols), dtype=bool), (hi - lo, T))
        # holding wins the game on the spot: the win is taken (the papers count these states
        # as won), so rolling is not a move there (moves.legal_actions)
        won = _turn_end(game, anchors[lo:hi], G)[0] == 1.0  # (b, G)
        roll[:] = np.broadcast_to(np.asarray(game.can_roll(cols), dtype=bool), (hi - lo, T))
        roll &= ~(hold & won[:, gain])
        del won
        # forward over turn states in (gain, step) order
        reach[:, start] = True
        for n in range(T):
            rolling = reach[:, n] & roll[:, n]
            if not rolling.any():
                continue
            if leaves[n]:
                bad = lo + int(np.flatnonzero(rolling)[0])
                raise RulesError(
                    f"{name}: rolling is allowed at anchor {tuple(anchors[bad])}, turn {turn_list[n]}, "
                    "but an outcome is not a tabulated turn state (tighten can_roll)"
                )
            for target in targets[n]:
                reach[:, target] |= rolling
        stuck = reach & ~roll & ~hold
        if stuck.any():
            a, t = (int(x[0]) for x in np.nonzero(stuck))
            raise RulesError(f"{name}: no legal action at anchor {tuple(anchors[lo + a])}, turn {turn_list[t]}")
        roll &= reach
        hold &= reach
    roll = hold = reach = None  # (views: they would keep the tables past their use)

    # ---- the valid cells, row by row (anchor, then turn state) --------------------------
    N = int(np.count_nonzero(valid))
    cells = Cells(
        anchor=np.empty(N, dtype=np.int32),  # 4-byte indices (A and T are far below 2**31)
        turn=np.empty(N, dtype=np.int32),
        can_roll=np.empty(N, dtype=bool),
        can_hold=np.empty(N, dtype=bool),
        hold_slot=np.empty(N, dtype=np.int32),  # (every cell's is set with the turn endings below)
    )
    cell_lo = 0
    for lo in range(0, A, rows):
        reach = valid[lo : lo + rows]
        anchor, turn = np.nonzero(reach)
        cell_hi = cell_lo + len(anchor)
        cells.anchor[cell_lo:cell_hi] = anchor + lo
        cells.turn[cell_lo:cell_hi] = turn
        cells.can_roll[cell_lo:cell_hi] = can_roll[lo : lo + rows][reach]
        cells.can_hold[cell_lo:cell_hi] = can_hold[lo : lo + rows][reach]
        cell_lo = cell_hi
    del valid, can_roll
    reach = anchor = turn = None  # (the last block's: 16 bytes a cell of it)
    block = max(1, BLOCK // G)  # anchors whose (anchor, gain) temporaries fit a block

    # ---- turn endings, a block of anchors at a time (no whole (anchor, gain) tables) -----
    # Only the endings that can happen are looked up: holds where a valid state may hold,
    # and busts; RulesError if one leads to an anchor not listed or does not climb.
    # Holding into a game that goes on is worth 1 - x of the next anchor (its hold slot);
    # one that ends is worth a constant (slot A + k; constant 0 is 0.0, the zero-gain
    # holds, to which the sweep adds the bust value u).
    gains_present, first_column = np.unique(gain, return_index=True)  # the turn states are sorted by gain
    constants = {0.0: 0}
    end_value0 = np.empty(A)
    end_next0 = np.empty(A, dtype=np.int32)
    index = RowIndex(anchors)
    cell_lo = 0
    for lo in range(0, A, block):
        hi = min(lo + block, A)
        value, next_anchor = _turn_end(game, anchors[lo:hi], G)
        used = np.zeros((hi - lo, G), dtype=bool)
        used[:, gains_present] = np.logical_or.reduceat(can_hold[lo:hi], first_column, axis=1)
        used[:, 0] = True
        goes_on = np.isnan(value)
        slot = np.full((hi - lo, G), -1, dtype=np.int32)
        need_a, need_g = np.nonzero(goes_on & used)
        nxt = game.canonical_anchor({v: next_anchor[v][need_a, need_g] for v in game.anchor_vars})
        found = index.rows(np.stack([np.asarray(nxt[v]) for v in game.anchor_vars], axis=-1))
        if np.any(found < 0):
            k = int(np.flatnonzero(found < 0)[0])
            key = tuple(int(nxt[v][k]) for v in game.anchor_vars)
            raise RulesError(
                f"{name}: ending a turn at anchor {tuple(anchors[lo + need_a[k]])} with gain {int(need_g[k])} "
                f"leads to {key}, which anchors() does not list"
            )
        # banking points must climb at least that many layers (a zero-gain ending: none or more)
        wrong = layer[found] < layer[lo + need_a] + need_g
        if wrong.any():
            k = int(np.flatnonzero(wrong)[0])
            raise RulesError(
                f"{name}: ending a turn at {tuple(anchors[lo + need_a[k]])} with gain {int(need_g[k])} "
                f"does not raise the layer by {int(need_g[k])}"
            )
        slot[need_a, need_g] = found
        end_a, end_g = np.nonzero(~goes_on & used)
        ending_values = value[end_a, end_g]
        codes = np.full(len(ending_values), -1, dtype=np.int32)
        # a game's results are few (won, lost, drawn): compare with each (no sort a block)
        for result, code in list(constants.items()):
            codes[ending_values == result] = code
        for result in np.unique(ending_values[codes < 0]).tolist():  # (rare: results not met before)
            codes[ending_values == result] = constants.setdefault(result, len(constants))
        slot[end_a, end_g] = A + codes
        end_value0[lo:hi] = value[:, 0]
        end_next0[lo:hi] = np.where(goes_on[:, 0], slot[:, 0], -1)
        # the hold slots of this block's cells (zero-gain holds keep the constant 0.0)
        cell_hi = cell_lo + int(np.searchsorted(cells.anchor[cell_lo:], np.int32(hi)))  # (an int would copy the array to int64)
        cell_gain = gain[cells.turn[cell_lo:cell_hi]]
        held = slot[cells.anchor[cell_lo:cell_hi] - lo, cell_gain]
        cells.hold_slot[cell_lo:cell_hi] = np.where((cell_gain > 0) & (held >= 0), held, A)
        cell_lo = cell_hi
    del can_hold
    partner = end_next0
    safe = np.maximum(partner, 0)
    same_layer = (partner >= 0) & (layer[safe] == layer)
    twice = np.where(same_layer, partner[safe], -1)
    # a same-layer partner's own zero-gain ending must end the game, return here, or climb
    bad = same_layer & (twice >= 0) & (twice != np.arange(A)) & (layer[np.maximum(twice, 0)] == layer)
    if bad.any():
        a = int(np.flatnonzero(bad)[0])
        raise RulesError(f"{name}: two busts in a row from {tuple(anchors[a])} do not return to it")

    model = Model(
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
        layer=layer,
        end_value0=end_value0,
        end_next0=end_next0,
        anchor_lookup=anchor_lookup,
        turn_lookup=turn_lookup,
    )
    model.schedule = _schedule(model, cells, np.array(list(constants), dtype=float))
    return model


BLOCK = 1 << 18  # entries the compile's loops handle at a time (their temporaries stay small)
FORWARD_CELLS = 1 << 22  # (anchor, turn) cells of the forward pass's blocks


def _turn_end(game: JeopardyGame, anchors: np.ndarray, G: int) -> tuple[np.ndarray, dict]:
    """Ending a turn with each gain < G from each of ``anchors`` ((b, V)): the mover's value
    ((b, G) float, nan where the game goes on) and the next anchor's variables ((b, G) each)."""
    shape = (len(anchors), G)
    end = game.end_turn({v: anchors[:, n][:, None] for n, v in enumerate(game.anchor_vars)}, np.arange(G)[None, :])
    value = np.broadcast_to(np.asarray(end.mover_value, dtype=float), shape)
    return value, {v: np.broadcast_to(end.next_anchor[v], shape) for v in game.anchor_vars}


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


def _schedule(model: Model, cells: Cells, hold_constants: np.ndarray) -> Schedule:
    """Order the valid cells by (level desc, phase, step desc, outcome kind) and cut
    that order into groups (levels batched by the smallest gain a roll adds).
    Position ``N`` (one past the last cell) is a zero slot used as padding.

    ``cells`` is sorted in place (its arrays become the schedule's). Memory: the per-cell
    arrays kept are 4-byte indices (anchor, turn, hold slot and the ``R`` (times ``C``)
    successor positions) and two flags; the temporaries are a few (N,) arrays at a time,
    and the (A, T) position table while the successor positions are found."""
    A, T = model.A, model.T
    # a roll raises the gain by 0 (a later step) or by at least `stride`, and a
    # zero-gain ending that climbs does so by at least `stride`, so `stride`
    # consecutive levels never depend on each other: settle them as one batch
    # (fewer, larger array operations)
    real = (model.succ < T) & (model.succ_prob > 0)[:, :, None]
    rises = (model.gain[np.minimum(model.succ, T - 1)] - model.gain[:, None, None])[real]
    partner = model.end_next0
    climb = np.where(partner >= 0, model.layer[np.maximum(partner, 0)] - model.layer, 0)
    steps_up = np.concatenate([rises[rises > 0], climb[climb > 0]])
    stride = int(steps_up.min()) if steps_up.size else 1
    # the outcome kind of each turn state that some anchor rolls from: turn states of
    # one kind share their outcome probabilities (the cells that cannot roll join kind 0)
    rolled_from = np.zeros(T, dtype=bool)
    rolled_from[cells.turn[cells.can_roll]] = True
    signature = np.concatenate([model.succ_prob, model.self_prob[:, None], model.bust_prob[:, None]], axis=1)
    kind = np.zeros(T, dtype=np.int64)
    if rolled_from.any():
        _, kind[rolled_from] = np.unique(signature[rolled_from], axis=0, return_inverse=True)
    n_kinds = int(kind.max()) + 1
    max_step = int(model.step.max()) + 1 if T else 1

    # the sort key, descending (the highest level first), a block of cells at a time in
    # the smallest integer type that holds it: 16 bits makes the stable sort a radix sort
    top = ((int(model.layer.max(initial=0)) + int(model.gain.max(initial=0))) // stride * 2 + 2) * max_step * n_kinds
    dtype = np.uint16 if top < 2**16 else np.int32 if top < 2**31 else np.int64
    gain, step, kind = (np.asarray(x, dtype=dtype if dtype != np.uint16 else np.int32) for x in (model.gain, model.step, kind))
    layer = model.layer.astype(gain.dtype)
    N = len(cells.turn)
    descending = np.empty(N, dtype=dtype)
    for lo in range(0, N, BLOCK):
        turn = cells.turn[lo : lo + BLOCK]
        turn_gain = gain[turn]
        key = layer[cells.anchor[lo : lo + BLOCK]] + turn_gain
        key //= stride
        key *= 2
        key += turn_gain > 0
        key *= max_step
        key += step[turn]
        key *= n_kinds
        key += np.where(cells.can_roll[lo : lo + BLOCK], kind[turn], 0)
        descending[lo : lo + BLOCK] = top - 1 - key
    order = np.argsort(descending, kind="stable")
    cells.permute(order)
    descending = descending[order]
    del order
    bounds = np.flatnonzero(np.diff(descending)) + 1  # (wrapping 16-bit differences are still nonzero)
    starts = np.concatenate([[0], bounds]).astype(int).tolist()
    ends_at = np.concatenate([bounds, [N]]).astype(int).tolist()
    group_keys = [top - 1 - int(k) for k in descending[starts]] if N else []
    del descending, bounds

    start_pos = np.zeros(A, dtype=np.int64)
    at_start = np.flatnonzero(cells.turn == model.start)
    start_pos[cells.anchor[at_start]] = at_start
    del at_start

    # successor positions through an (A, T + 1) table of positions (column T, the padding,
    # points to the zero slot N), a block of cells at a time
    position = np.full((A, T + 1), N, dtype=np.int32)
    for lo in range(0, N, BLOCK):
        hi = min(lo + BLOCK, N)
        position[cells.anchor[lo:hi], cells.turn[lo:hi]] = np.arange(lo, hi, dtype=np.int32)
    position_flat = position.reshape(-1)
    R, C = model.succ.shape[1], model.succ.shape[2]
    succ_pos = np.empty((N, R, C) if model.has_choices else (N, R), dtype=np.int32)
    for lo in range(0, N, BLOCK):
        hi = min(lo + BLOCK, N)
        row_start = cells.anchor[lo:hi].astype(np.int64) * (T + 1)
        turn = cells.turn[lo:hi]
        fixed = ~cells.can_roll[lo:hi]
        for r in range(R):
            for c in range(C):
                column = position_flat.take((row_start + model.succ[turn, r, c]).astype(np.intp, copy=False))
                column[fixed] = N
                if model.has_choices:
                    succ_pos[lo:hi, r, c] = column
                else:
                    succ_pos[lo:hi, r] = column
    del position, position_flat

    groups: list[Group] = []
    groups_by_level: dict[int, tuple[list, list]] = {}
    for lo, hi, group_key in zip(starts, ends_at, group_keys, strict=True):
        lvl, ph = divmod(group_key // (max_step * n_kinds), 2)
        rollers = np.flatnonzero(cells.can_roll[lo:hi])
        t = int(cells.turn[lo + rollers[0]]) if len(rollers) else -1
        group = Group(
            lo,
            hi,
            anchor=cells.anchor[lo:hi],
            succ_pos=succ_pos[lo:hi],
            can_roll=cells.can_roll[lo:hi],
            can_hold=cells.can_hold[lo:hi],
            hold_slot=cells.hold_slot[lo:hi],
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
    for lvl in sorted(set(groups_by_level) | {int(x) for x in np.unique(batch)}, reverse=True):
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
    return Schedule(
        levels=tuple(levels),
        groups=tuple(groups),
        succ_pos=succ_pos,
        order_anchor=cells.anchor,
        order_turn=cells.turn,
        can_roll=cells.can_roll,
        can_hold=cells.can_hold,
        hold_slot=cells.hold_slot,
        start_pos=start_pos,
        climbs=climbs,
        hold_constants=hold_constants,
    )


def paired_model(model: Model) -> Model:
    """The model of two fixed players taking turns: anchors ``0..A-1``
    are those where player X moves, ``A..2A-1`` where player Y moves.
    Used to evaluate one policy against another."""
    A = model.A
    s = model.schedule

    def twice(array):
        return np.concatenate([array, array])

    partner = model.end_next0
    # X's turns end into Y's anchors (A + a) and Y's into X's; the constants move past 2A
    cells = Cells(
        anchor=np.concatenate([s.order_anchor, s.order_anchor + np.int32(A)]),
        turn=twice(s.order_turn),
        can_roll=twice(s.can_roll),
        can_hold=twice(s.can_hold),
        hold_slot=np.concatenate([s.hold_slot + np.int32(A), np.where(s.hold_slot < A, s.hold_slot, s.hold_slot + np.int32(A))]),
    )
    paired = Model(
        model.game,
        anchors=twice(model.anchors),
        turns=model.turns,
        gain=model.gain,
        step=model.step,
        start=model.start,
        succ=model.succ,
        succ_prob=model.succ_prob,
        self_prob=model.self_prob,
        bust_prob=model.bust_prob,
        layer=twice(model.layer),
        end_value0=twice(model.end_value0),
        end_next0=np.concatenate([np.where(partner >= 0, partner + np.int32(A), np.int32(-1)), partner]),
        anchor_lookup={},
        turn_lookup=model.turn_lookup,
    )
    paired.schedule = _schedule(paired, cells, s.hold_constants)
    return paired
