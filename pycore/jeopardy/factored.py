r"""Turns whose states factor into (gain, configuration): one sweep per turn, vectorised.

In some games the turn state is a number of points at stake, the gain ``g``,
and a *configuration* ``c`` whose rolls do not depend on ``g`` (Zombie Dice:
the dice in hand, the brain and shotgun dice set aside; 10,820
configurations, times every gain up to the bound: about 240,000 turn
states). A roll from ``(g, c)`` leads to ``(g + d, c')`` with a probability
``P(c -> c', d)`` that does not depend on ``g``, or busts. The transitions
are tabulated once, as arrays, and a turn is solved backwards over the gain
and, within one gain, over the configurations in decreasing ``order``
(a zero-gain roll leads to a larger order, or back to the same
configuration):

.. math::

    S(g, c) = \sum_{c', d > 0 \text{ or } c' \ne c} P(c \to c', d)\, V(g + d, c')
              + P_{bust}(c)\, u, \qquad
    V(g, c) = \max\big(H(g),\ S / (1 - P(c \to c, 0))\big),

where ``H(g)`` is the value of holding with ``g`` banked and ``u`` that of a
bust; rolling back into the same configuration is divided out as in
:mod:`pycore.jeopardy.turn` (if rolling is best there, it rolls again). With a
fixed policy instead of the max, the same sweep evaluates it exactly.

Arrays: ``value``, ``roll`` and ``hold`` are (G + 1, C), indexed [gain, configuration].
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .model import _lookup_rows
from .rules import Choice, options_of


@dataclass(frozen=True)
class TurnGraph:
    """The configurations and every roll's transitions, as flat arrays.

    ``src``/``dst``: configuration indices (``dst`` -1: a bust); ``gain``:
    points the roll adds; ``prob``: its probability (float64). ``order``:
    (C,) ints such that a zero-gain roll from ``c`` leads to a larger order
    or back to ``c``. ``start``: the configuration a turn starts in."""

    configurations: tuple
    src: np.ndarray
    dst: np.ndarray
    gain: np.ndarray
    prob: np.ndarray
    order: np.ndarray
    start: int

    @property
    def n_configurations(self) -> int:
        return len(self.configurations)

    def check(self) -> None:
        """Probabilities per configuration sum to 1; zero-gain rolls go up in order or stay."""
        totals = np.bincount(self.src, weights=self.prob, minlength=self.n_configurations)
        if not np.allclose(totals, 1.0, atol=1e-12):
            bad = int(np.argmax(np.abs(totals - 1)))
            raise ValueError(f"roll probabilities of {self.configurations[bad]} sum to {totals[bad]}")
        flat = (self.gain == 0) & (self.dst >= 0) & (self.dst != self.src)
        if np.any(self.order[self.dst[flat]] <= self.order[self.src[flat]]):
            raise ValueError("a zero-gain roll does not lead to a larger order")


@dataclass(frozen=True)
class FactoredTurn:
    """A solved (or evaluated) turn: values of each action, ``nan`` where not allowed."""

    value: np.ndarray  # (G + 1, C)
    roll: np.ndarray
    hold: np.ndarray


def sweep(
    graph: TurnGraph,
    hold_value: np.ndarray,
    roll_allowed: np.ndarray,
    hold_allowed: np.ndarray,
    bust_value,
    policy: np.ndarray | None = None,
) -> FactoredTurn:
    """Solve a turn (``policy`` None) or evaluate a fixed one (``policy`` True: roll where
    both are allowed), for one anchor or a batch of B anchors at once.

    ``hold_value``: (G + 1,) or (B, G + 1) the value of holding with each gain banked;
    ``roll_allowed``/``hold_allowed``/``policy``: (G + 1, C) or (B, G + 1, C) bool;
    ``bust_value``: a number or (B,). A roll must not lead past gain G. The result has the
    shape of the input (batched or not)."""
    single = np.ndim(hold_value) == 1
    hold_value = np.atleast_2d(np.asarray(hold_value, float))
    B, top = hold_value.shape[0], hold_value.shape[1] - 1
    roll_allowed = np.broadcast_to(roll_allowed, (B, top + 1, graph.n_configurations))
    hold_allowed = np.broadcast_to(hold_allowed, (B, top + 1, graph.n_configurations))
    if policy is not None:
        policy = np.broadcast_to(policy, (B, top + 1, graph.n_configurations))
    bust_value = np.broadcast_to(np.asarray(bust_value, float), (B,))
    groups, max_gain = _groups(graph)
    if np.any(roll_allowed & (np.arange(top + 1)[None, :, None] + max_gain[None, None, :] > top)):
        raise ValueError("a roll allowed near the top gain could lead past it")
    value = np.full((B, top + 1, graph.n_configurations), np.nan)
    roll = np.full_like(value, np.nan)
    hold = np.where(hold_allowed, hold_value[:, :, None], np.nan)
    for g in range(top, -1, -1):
        for group in groups:
            members, starts, dst, gain, prob, stay, bust = group
            moving = ~stay & ~bust & (g + gain <= top)  # beyond the top only where rolls are not allowed
            targets = np.zeros((B, len(dst)))
            targets[:, moving] = value[:, g + gain[moving], dst[moving]]
            targets[:, bust] = bust_value[:, None]
            total = np.add.reduceat(targets * np.where(stay, 0.0, prob), starts, axis=1)
            stay_p = np.add.reduceat(np.where(stay, prob, 0.0), starts)
            h = hold[:, g, members]
            with np.errstate(divide="ignore", invalid="ignore"):
                again = total / (1.0 - stay_p)
            if policy is None:
                after = np.where(np.isnan(h) | (again > h), again, h)
            else:
                # a fixed policy: in the same configuration it does what it did the first time
                after = np.where(policy[:, g, members] | np.isnan(h), again, h)
            q_roll = np.where(roll_allowed[:, g, members], total + stay_p * after, np.nan)
            roll[:, g, members] = q_roll
            if policy is None:
                value[:, g, members] = np.fmax(q_roll, h)
            else:
                chosen = np.where(policy[:, g, members] | np.isnan(h), q_roll, h)
                value[:, g, members] = np.where(np.isnan(chosen), np.fmax(q_roll, h), chosen)
    if single:
        return FactoredTurn(value[0], roll[0], hold[0])
    return FactoredTurn(value, roll, hold)


_GROUPS: dict = {}  # the last graph's groups: one graph at a time is all any caller needs


def _groups(graph: TurnGraph) -> tuple[list[tuple], np.ndarray]:
    """Configurations by decreasing order, each with its transitions (sorted by source) and
    where each member's run of them starts: (members, starts, dst, gain, prob, stay, bust);
    and (C,) the largest gain a roll from each configuration adds. Built once per graph."""
    if _GROUPS.get("graph") is not graph:
        by_src = np.argsort(graph.src, kind="stable")
        src = graph.src[by_src]
        groups = []
        for level in np.unique(graph.order)[::-1]:
            members = np.flatnonzero(graph.order == level)
            index = by_src[np.isin(src, members)]
            starts = np.searchsorted(graph.src[index], members)
            dst, gain, prob = graph.dst[index], graph.gain[index], graph.prob[index]
            groups.append((members, starts, dst, gain, prob, (dst == graph.src[index]) & (gain == 0), dst < 0))
        max_gain = np.zeros(graph.n_configurations, dtype=np.int64)
        np.maximum.at(max_gain, graph.src, graph.gain)
        _GROUPS.update(graph=graph, groups=(groups, max_gain))
    return _GROUPS["groups"]


def graph_of_rules(game) -> tuple[TurnGraph, dict[str, np.ndarray]]:
    """The turn graph of any jeopardy game whose rolls do not depend on its gain (the first
    turn variable): configurations are the values of the other turn variables, transitions
    are the rules' roll outcomes from gain 0. Also the configurations' columns (C,) for the
    rules' ``can_roll``/``can_hold``. A second way to the same values as the game's own
    solver, and how a game with a large turn gets its values."""
    rest = game.turn_vars[1:]
    configs = sorted({tuple(t[1:]) for t in game.turn_states()})
    index = {c: n for n, c in enumerate(configs)}
    src, dst, gain, prob, order = [], [], [], [], np.zeros(len(configs), dtype=np.int64)
    for n, config in enumerate(configs):
        for p, outcome in game.roll_outcomes((0, *config)):
            if isinstance(outcome, Choice):
                raise ValueError(f"{game.name}: choices after a roll are not supported by the factored turn")
            options = options_of(outcome)
            src.append(n)
            dst.append(index[tuple(options[0][1:])] if options else -1)
            gain.append(options[0][0] if options else 0)
            prob.append(float(p))
    graph_arrays = (np.array(src), np.array(dst), np.array(gain), np.array(prob))
    # order: longest chain of zero-gain rolls leading to each configuration
    changed = True
    while changed:
        changed = False
        for s_, d, g in zip(*graph_arrays[:3]):
            if g == 0 and d >= 0 and d != s_ and order[d] <= order[s_]:
                order[d] = order[s_] + 1
                changed = True
    graph = TurnGraph(tuple(configs), *graph_arrays, order, index[tuple(game.turn_start[1:])])
    graph.check()
    columns = {v: np.array([c[n] for c in configs]) for n, v in enumerate(rest)}
    return graph, columns


def anchor_values(game, graph: TurnGraph, columns: dict[str, np.ndarray], tolerance: float = 1e-14,
                  max_sweeps: int = 10_000, batch: int = 16, progress=None) -> np.ndarray:
    """P(mover wins) at every turn start of ``game.anchors()`` (A,), under optimal play.

    Layer by layer from the highest (the game's ``layer``: a turn never lowers it), each
    anchor's turn is one :func:`sweep` with holding worth ``1 - X(next anchor)`` or the
    game's result; anchors of one layer that lead to each other (zero-gain endings) are
    iterated until no value moves by ``tolerance`` (each pass shrinks the error by the
    chance of a zero-gain turn, squared). Anchors are swept ``batch`` at a time."""
    anchors = game.anchors()
    names = game.anchor_vars
    cols = {v: anchors[:, n] for n, v in enumerate(names)}
    gain_var = game.turn_vars[0]
    top = game.var_range(gain_var)[1]
    gains = np.arange(top + 1)
    end = game.end_turn({v: c[:, None] for v, c in cols.items()}, gains[None, :])
    terminal = np.broadcast_to(np.asarray(end.mover_value, float), (len(anchors), top + 1))
    following = game.canonical_anchor({v: np.broadcast_to(end.next_anchor[v], terminal.shape) for v in names})
    rows = _lookup_rows(anchors, np.stack([np.ravel(following[v]) for v in names], axis=1)).reshape(terminal.shape)
    layers = np.asarray(game.layer(cols))
    X = np.zeros(len(anchors))
    for level in np.unique(layers)[::-1]:
        members = np.flatnonzero(layers == level)
        for sweeps in range(1, max_sweeps + 1):
            change = 0.0
            for part in np.array_split(members, max(1, -(-len(members) // batch))):
                state = {v: cols[v][part][:, None, None] for v in names}
                state[gain_var] = gains[None, :, None]
                state.update({v: c[None, None, :] for v, c in columns.items()})
                roll_ok = np.asarray(game.can_roll(state), bool)
                hold_ok = np.asarray(game.can_hold(state), bool)
                # an ending at an anchor not tabulated (row -1) is read as anchor 0's value: by the
                # rules' contract (``anchors``) that only happens from turn states no turn reaches
                hold = np.where(np.isnan(terminal[part]), 1.0 - X[np.maximum(rows[part], 0)], terminal[part])
                value = sweep(graph, hold, roll_ok, hold_ok, hold[:, 0]).value[:, 0, graph.start]
                change = max(change, float(np.max(np.abs(value - X[part]))))
                X[part] = value
            if change < tolerance:
                break
        if progress:
            progress(f"layer {level}", 1.0)
    if not np.all((X >= -1e-12) & (X <= 1 + 1e-12)):
        raise ValueError(f"{game.name}: turn-start values outside [0, 1]")
    return X
