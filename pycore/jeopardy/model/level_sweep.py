r"""The level sweep: one pass over a compiled game's cells from the highest level down,
choosing (or following a fixed policy) and writing each cell's value as an affine function
of its zero-gain ending's value, then solving each anchor's pair in closed form; and the
one-step backup that checks a sweep's choices (see :mod:`pycore.jeopardy.solving.tabulated` for why
the sweep is exact). Plain value iteration (:func:`value_iteration`, the papers' method) is
kept as a baseline for ``bench/``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pycore.core.errors import SolverError
from pycore.core.progress import Progress
from pycore.jeopardy.model.compiled import Model
from pycore.jeopardy.model.compiler import BLOCK, compile_game
from pycore.jeopardy.rules.protocol import JeopardyGame


def check_greedy(model: Model, roll, chosen, values, x, u) -> tuple[bool, float]:
    """One backup, a group at a time (no whole-table temporaries): whether a sweep's choices
    (``roll`` (N,) and, with choices, ``chosen`` (N, R)) are greedy for the values found
    ((N + 1,); a tie within rounding keeps the choice made), and the residual
    ``max |V - max(Q_roll, Q_hold)|``."""
    holds = model.schedule.hold_table(x)
    greedy = True
    residual = 0.0
    for group in model.groups:
        lo, hi = group.lo, group.hi
        q_roll, q_hold = group_q(group, values, holds, u)
        both = ~np.isnan(q_roll) & ~np.isnan(q_hold)
        if np.any(both & np.where(roll[lo:hi], q_hold > q_roll + 1e-15, q_roll > q_hold + 1e-15)):
            greedy = False
        if model.has_choices and greedy:
            best = best_options(group.succ_pos, values)
            greedy = not np.any(values[best] > values[chosen[lo:hi]] + 1e-15)
        if hi > lo:
            residual = max(residual, float(np.max(np.abs(values[lo:hi] - np.fmax(q_roll, q_hold)))))
    return greedy, residual


def best_options(succ_pos: np.ndarray, values: np.ndarray) -> np.ndarray:
    """(n, R) sweep positions of the best option of each roll outcome, for
    values ((N + 1,), zero slot last). Games without choices: the outcomes."""
    if succ_pos.ndim == 2:
        return succ_pos
    pad = values.size - 1
    option_values = np.where(succ_pos == pad, -np.inf, values.take(succ_pos))
    pick = np.argmax(option_values, axis=2)
    return np.take_along_axis(succ_pos, pick[:, :, None], axis=2)[:, :, 0]


def values_of(model: Model, alpha, beta, u) -> np.ndarray:
    """(N + 1,) the values V = alpha + beta u in sweep order, the last the zero slot that
    padding points to: written over ``alpha`` (which is returned), a block at a time, so
    the backup needs no whole-table temporaries."""
    for lo in range(0, model.N, BLOCK):
        hi = min(lo + BLOCK, model.N)
        product = u.take(model.order_anchor[lo:hi])
        product *= beta[lo:hi]
        alpha[lo:hi] += product
    return alpha


def group_q(group, values: np.ndarray, holds: np.ndarray, u: np.ndarray):
    """Q_roll and Q_hold of one group's cells ((n,) each; nan where the action is illegal)
    from the values ((N + 1,), zero slot last), the hold table and the zero-gain values u."""
    u_cell = u.take(group.anchor)
    rolled = values.take(best_options(group.succ_pos, values)) @ group.succ_prob
    rolled += group.self_prob * values[group.lo : group.hi] + group.bust_prob * u_cell
    held = holds.take(group.hold_slot)
    if group.zero_gain:
        held += u_cell
    return np.where(group.can_roll, rolled, np.nan), np.where(group.can_hold, held, np.nan)


def q_values(model: Model, values: np.ndarray, x: np.ndarray, u: np.ndarray):
    """Q_roll and Q_hold of every cell (sweep order; nan where the action is
    illegal) from the values ((N + 1,), zero slot last), the anchor values x
    and the zero-gain values u."""
    q_roll = np.empty(model.N)
    q_hold = np.empty(model.N)
    holds = model.schedule.hold_table(x)
    for group in model.groups:
        q_roll[group.lo : group.hi], q_hold[group.lo : group.hi] = group_q(group, values, holds, u)
    return q_roll, q_hold


def initial_u(model: Model) -> np.ndarray:
    end0 = model.end_value0
    return np.where(np.isnan(end0), 0.5, end0)


def zero_gain_values(model: Model, x: np.ndarray) -> np.ndarray:
    partner = model.end_next0
    return np.where(partner >= 0, 1.0 - x[np.maximum(partner, 0)], model.end_value0)


@dataclass(frozen=True)
class Swept:
    """What one level sweep found, in sweep order: alpha, beta ((N + 1,), the
    last a zero slot), roll ((N,) bool), the chosen option of each roll
    outcome ((N, R) sweep positions) and the exact anchor values x ((A,))."""

    alpha: np.ndarray
    beta: np.ndarray
    roll: np.ndarray
    chosen: np.ndarray
    x: np.ndarray


def sweep_levels(model: Model, u_guess, fixed, progress: Progress | None, stage: str) -> Swept:
    """One level sweep over the cells in sweep order (see :mod:`pycore.jeopardy.model.compiled`).

    Choices are greedy against ``u_guess`` (optimal play) or read from
    ``fixed`` ((N,) bool rolls in sweep order; after a roll the first option).

    Per group: one gather of the successors' alpha and of their beta (contiguous
    int32 positions) and a matrix-vector product with the group's outcome
    probabilities; the hold values are one gather from the hold table."""
    N = model.N
    A = model.A
    alpha = np.zeros(N + 1)
    beta = np.zeros(N + 1)
    roll = np.zeros(N, dtype=bool)
    choices = model.has_choices
    chosen = np.empty((N, model.succ.shape[1]), dtype=np.int32) if choices else None
    x = np.full(A, np.nan)
    holds = model.schedule.hold_table(x)  # 1 - x, filled in as anchors settle
    partner = model.end_next0
    climbs = model.schedule.climbs
    end0 = model.end_value0
    start_pos = model.start_pos
    levels = model.levels
    report_every = max(1, len(levels) // 20)
    # a zero-gain ending into a later turn (a turn counter) has a known value once
    # that turn's layer is settled: use it for the choices instead of the guess
    u_now = None if u_guess is None else np.array(u_guess, dtype=float)
    climbers_of = _climbers_by_partner(partner, climbs) if u_now is not None and climbs.any() else None

    def settle(group):
        lo, hi = group.lo, group.hi
        succ_pos = group.succ_pos
        deciding = fixed is None and group.decides
        ug = u_now.take(group.anchor) if deciding or (choices and fixed is None) else None
        if choices:
            if fixed is None:
                option_values = alpha.take(succ_pos) + beta.take(succ_pos) * ug[:, None, None]
                option_values[succ_pos == N] = -np.inf
                pick = np.argmax(option_values, axis=2)
            else:
                pick = np.zeros(succ_pos.shape[:2], dtype=np.int64)
            succ_pos = np.take_along_axis(succ_pos, pick[:, :, None], axis=2)[:, :, 0]
            chosen[lo:hi] = succ_pos
        weights = group.weights
        succ_pos = succ_pos.astype(np.intp)  # take converts 4-byte indices on each call: once here
        ar = alpha.take(succ_pos) @ weights
        br = beta.take(succ_pos) @ weights
        if group.bust_prob:
            br += group.bust_weight
        ah = holds.take(group.hold_slot)
        if fixed is not None:
            r = fixed[lo:hi]
        elif deciding:
            # roll where it is better: ar + br u > ah + u (zero gain) or > ah
            gain_by_rolling = (br - 1.0 if group.zero_gain else br) * ug  # a new array: br is kept
            gain_by_rolling += ar
            # (must roll, or may and it is better; no (n,) masks kept per group)
            r = group.can_roll & (~group.can_hold | (gain_by_rolling > ah))
        else:
            r = group.can_roll
        alpha[lo:hi] = np.where(r, ar, ah)
        beta[lo:hi] = np.where(r, br, 1.0 if group.zero_gain else 0.0)
        roll[lo:hi] = r

    def settled(anchors, values):
        x[anchors] = values
        holds[anchors] = 1.0 - values

    for n, level in enumerate(levels):
        for group in level.first:
            settle(group)
        if len(level.ends):
            a = level.ends
            settled(a, alpha[start_pos[a]] + beta[start_pos[a]] * end0[a])
        for a, b in ((level.up, level.up_partner), (level.chain, level.chain_partner)):
            # the partner's value is known: a later turn, or settled just above
            if len(a):
                settled(a, alpha[start_pos[a]] + beta[start_pos[a]] * (1.0 - x[b]))
        if len(level.cycle):
            a, b = level.cycle, level.cycle_partner
            al, be = alpha[start_pos[a]], beta[start_pos[a]]
            ab, bb = alpha[start_pos[b]], beta[start_pos[b]]
            den = 1.0 - be * bb
            if np.any(den <= 0.0):
                bad = a[int(np.argmin(den))]
                raise SolverError(
                    f"{model.game.name}: from {tuple(model.anchors[bad])} neither player ever banks "
                    "points, so the game never ends"
                )
            settled(a, (al + be * (1.0 - ab - bb)) / den)
        if climbers_of is not None and len(level.anchors):
            waiting = climbers_of(level.anchors)
            u_now[waiting] = 1.0 - x[partner[waiting]]
        for group in level.later:
            settle(group)
        if progress is not None and (n % report_every == 0 or n == len(levels) - 1):
            progress(stage, (n + 1) / len(levels))
    if np.isnan(x).any():
        bad = int(np.flatnonzero(np.isnan(x))[0])
        raise SolverError(f"{model.game.name}: anchor {tuple(model.anchors[bad])} was not settled by the sweep")
    if chosen is None:
        chosen = model.schedule.succ_pos
    return Swept(alpha, beta, roll, chosen, x)


def _climbers_by_partner(partner: np.ndarray, climbs: np.ndarray):
    """A function: settled anchors -> the anchors whose zero-gain ending climbs into them."""
    who = np.flatnonzero(climbs)
    targets = partner[who]
    order = np.argsort(targets, kind="stable")
    who, targets = who[order], targets[order]

    def climbers(settled: np.ndarray) -> np.ndarray:
        lo = np.searchsorted(targets, settled, side="left")
        hi = np.searchsorted(targets, settled, side="right")
        return np.concatenate([who[a:b] for a, b in zip(lo, hi, strict=True)]) if len(settled) else who[:0]

    return climbers


@dataclass(frozen=True)
class ValueIterationResult:
    """Plain value iteration's values (sweep order) and the iterations it took."""

    values: np.ndarray
    iterations: int


def value_iteration(game: JeopardyGame, tolerance: float = 1e-14, max_iterations: int = 100_000) -> ValueIterationResult:
    """Plain global value iteration (the papers' method): repeat the
    one-step backup on every cell until the largest change is below
    ``tolerance``. The benchmarks' baseline."""
    model = compile_game(game)
    N = model.N
    values = np.zeros(N + 1)
    for iteration in range(1, max_iterations + 1):
        x = values[model.start_pos]
        new = np.fmax(*q_values(model, values, x, zero_gain_values(model, x)))
        change = float(np.max(np.abs(new - values[:N])))
        values[:N] = new
        if change < tolerance:
            return ValueIterationResult(values[:N], iteration)
    raise SolverError(f"{game.name}: value iteration did not converge in {max_iterations} iterations")
