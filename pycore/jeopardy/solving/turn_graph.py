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
:mod:`pycore.jeopardy.solving.turn` (if rolling is best there, it rolls again). With a
fixed policy instead of the max, the same sweep evaluates it exactly.

**Choices after a roll** (Farkle: which scoring dice to set aside). A roll's outcome may
offer several transitions, its *alternatives* (``TurnGraph.choice``: the outcome each
transition belongs to); the mover takes the best, so the sum above runs over outcomes of
``P(outcome) max over its alternatives of V(g + d, c')``. Every alternative must add
points or lead to a configuration of larger order (Pig's target, chosen before the first
roll), so the backward pass over the gain and the order stays exact. The
alternative taken at each (gain, outcome) can be recorded (``record_choices``) and fed to
another sweep (``choose``): a fixed policy is then evaluated with its choices fixed too.

**Gains in steps.** A game whose points come in steps (Farkle: 50) declares
``gain_step``; arrays are indexed by gain / step, states keep their points.

Arrays: ``value``, ``roll`` and ``hold`` are (G + 1, C), indexed [gain / step, configuration].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from pycore.core.cache import BoundedCache
from pycore.core.errors import TurnGraphError
from pycore.jeopardy.rules.layout import layout, shared
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, Choice, best_of, options_of, two_seats
from pycore.jeopardy.solving.sweep_layout import best_alternatives, expected, gather_table, groups


@dataclass(frozen=True)
class TurnGraph:
    """The configurations and every roll's transitions, as flat arrays.

    ``src``/``dst``: configuration indices (``dst`` -1: a bust); ``gain``:
    steps of points the roll adds; ``prob``: its probability (float64). ``order``:
    (C,) ints such that a zero-gain roll from ``c`` leads to a larger order
    or back to ``c``. ``start``: the configuration a turn starts in. ``choice``
    (None, or (T,) ints): the outcome each transition belongs to; transitions of one
    outcome are the mover's alternatives, each carrying the outcome's probability."""

    configurations: tuple
    src: np.ndarray
    dst: np.ndarray
    gain: np.ndarray
    prob: np.ndarray
    order: np.ndarray
    start: int
    choice: np.ndarray | None = None

    @property
    def n_configurations(self) -> int:
        return len(self.configurations)

    @property
    def outcome(self) -> np.ndarray:
        """(T,) the outcome of each transition (each its own where the graph has no choices)."""
        return np.arange(len(self.src)) if self.choice is None else self.choice

    @property
    def n_outcomes(self) -> int:
        return int(self.outcome.max(initial=-1)) + 1

    def leaving(self, configuration: int) -> np.ndarray:
        """The transitions from ``configuration``, in order (a turn's advice reads one
        state's roll: the mask over every transition was most of the time of a state's)."""
        order, bounds = self._by_source
        return order[bounds[configuration] : bounds[configuration + 1]]

    @cached_property
    def _by_source(self) -> tuple[np.ndarray, np.ndarray]:
        order = np.argsort(self.src, kind="stable")
        return order, np.searchsorted(self.src[order], np.arange(self.n_configurations + 1))

    def check(self) -> None:
        """Probabilities per configuration sum to 1; zero-gain rolls go up in order or stay;
        an outcome's alternatives share its configuration and probability and all add points."""
        first = np.unique(self.outcome, return_index=True)[1]
        if self.choice is not None:
            alternatives = np.bincount(self.outcome) > 1
            same = (self.src == self.src[first][self.outcome]) & (self.prob == self.prob[first][self.outcome])
            if not np.all(same):
                raise TurnGraphError("an outcome's alternatives differ in configuration or probability")
            later = (self.dst >= 0) & (self.order[np.maximum(self.dst, 0)] > self.order[self.src])
            if np.any(alternatives[self.outcome] & (((self.gain <= 0) & ~later) | (self.dst < 0))):
                raise TurnGraphError("a choice between alternatives must add points to each or lead later in the turn")
        totals = np.bincount(self.src[first], weights=self.prob[first], minlength=self.n_configurations)
        if not np.allclose(totals, 1.0, atol=1e-12):
            bad = int(np.argmax(np.abs(totals - 1)))
            raise TurnGraphError(f"roll probabilities of {self.configurations[bad]} sum to {totals[bad]}")
        flat = (self.gain == 0) & (self.dst >= 0) & (self.dst != self.src)
        if np.any(self.order[self.dst[flat]] <= self.order[self.src[flat]]):
            raise TurnGraphError("a zero-gain roll does not lead to a larger order")


@dataclass(frozen=True)
class FactoredTurn:
    """A solved (or evaluated) turn: values of each action, ``nan`` where not allowed, and
    for each payoff in ``follow`` its expectation along the actions taken (``followed``)."""

    value: np.ndarray  # (G + 1, C) or (B, G + 1, C)
    roll: np.ndarray
    hold: np.ndarray
    followed: tuple[np.ndarray, ...] = ()
    #: the transition taken at each (gain, outcome), where recorded (a graph with choices)
    chosen: np.ndarray | None = None


def sweep(
    graph: TurnGraph,
    hold_value: np.ndarray,
    roll_allowed: np.ndarray,
    hold_allowed: np.ndarray,
    bust_value,
    policy: np.ndarray | None = None,
    follow: tuple[tuple[np.ndarray, float], ...] = (),
    lowest_gain: int = 0,
    choose: np.ndarray | None = None,
    record_choices: bool = False,
) -> FactoredTurn:
    """Solve a turn (``policy`` None) or evaluate a fixed one (``policy`` True: roll where
    both are allowed), for one anchor or a batch of B anchors at once.

    ``hold_value``: (G + 1,) or (B, G + 1) the value of holding with each gain banked
    (at gain 0 holding is a zero-gain ending, worth ``bust_value`` whatever this says);
    ``roll_allowed``/``hold_allowed``/``policy``: (G + 1, C) or (B, G + 1, C) bool;
    ``bust_value``: a number or (B,). A roll must not lead past gain G.

    ``follow``: other payoffs ``(hold payoff (G + 1,) or (B, G + 1), bust payoff (number or
    (B,)))`` whose expectation
    along the actions the sweep takes is wanted too (a policy evaluation riding along):
    ``((0, ..., 0), 1)`` with a 1 at gain 0 gives the chance of a zero-gain ending, which is
    the value's derivative by ``bust_value``; ``(gains, 0)`` the points the turn banks.

    A graph with choices: ``choose`` ((G + 1, N) or (B, G + 1, N), N = ``graph.n_outcomes``)
    the transition taken at each gain and outcome (default: the best, the first of equals);
    ``record_choices`` returns those taken as ``FactoredTurn.chosen`` in the same shape.

    Gains below ``lowest_gain`` are left ``nan`` (nothing above them needs them: a state
    mid-turn needs only its own gain and up). The result has the shape of the input."""
    single = np.ndim(hold_value) == 1
    hold_value = np.array(np.atleast_2d(hold_value), dtype=float)
    B, top = hold_value.shape[0], hold_value.shape[1] - 1
    C = graph.n_configurations
    bust_value = np.broadcast_to(np.asarray(bust_value, float), (B,))
    hold_value[:, 0] = bust_value
    roll_allowed = np.broadcast_to(roll_allowed, (B, top + 1, C))
    hold_allowed = np.broadcast_to(hold_allowed, (B, top + 1, C))
    if policy is not None:
        policy = np.broadcast_to(policy, (B, top + 1, C))
    levels, max_gain = groups(graph)
    if np.any(roll_allowed & (np.arange(top + 1)[None, :, None] + max_gain[None, None, :] > top)):
        raise TurnGraphError("a roll allowed near the top gain could lead past it")
    choices = graph.choice is not None
    if choose is not None:  # (1 or B, 1 or G + 1, N): broadcast once in the rows' order
        choose = np.asarray(choose)
        choose = choose.reshape((1,) * (3 - choose.ndim) + choose.shape)
    # each payoff's (B, G + 1) hold values, at gain 0 its bust value; the value's first
    payoffs = [(hold_value, bust_value)]
    for h, u in follow:
        u = np.broadcast_to(np.asarray(u, float), (B,))
        h = np.array(np.broadcast_to(np.asarray(h, float), (B, top + 1)))
        h[:, 0] = u  # (a zero-gain ending pays what a bust pays)
        payoffs.append((h, u))
    K = len(payoffs)
    # rows by decreasing last gain they may roll at: at each gain the rows still rolling are a
    # prefix, and only it is swept (a batch of Farkle turns from scores far apart rolls up to
    # very different gains; most of a batch holds, or wins, at the top)
    last = np.where(roll_allowed.any(axis=2), np.arange(top + 1)[None, :], -1).max(axis=1)
    order = np.argsort(-last, kind="stable")
    permuted = bool(np.any(order != np.arange(B)))
    if permuted:
        payoffs = [(h[order], u[order]) for h, u in payoffs]
        last = last[order]
        # (an input the same for every row is left as it is: permuting its broadcast copies it)
        roll_allowed, hold_allowed = _in_order(roll_allowed, order), _in_order(hold_allowed, order)
        policy = None if policy is None else _in_order(policy, order)
        choose = None if choose is None or len(choose) == 1 else choose[order]
    if choose is not None:
        choose = np.broadcast_to(choose, (B, top + 1, graph.n_outcomes))
    rolling = np.searchsorted(-last, -np.arange(top + 1), side="right")  # (G + 1,) rows rolling at each gain
    chosen = np.zeros((B, top + 1, graph.n_outcomes), np.int32) if choices and record_choices else None
    # the working tables are (gain, cell, payoff, B), rows last: a gather at one gain reads, for
    # each cell, every payoff's whole contiguous rows of the batch at once (rows first, an
    # outcome's few cells per row, it was 3-5x slower; a table per payoff, each gather and
    # each step once per payoff: the followed payoffs of three players were half a sweep)
    pays = np.array([h.T for h, _ in payoffs])  # (K, G + 1, B) what holding pays at each gain
    may_hold = np.ascontiguousarray(hold_allowed.transpose(1, 2, 0))  # (G + 1, C, B)
    hold = np.where(hold_allowed, payoffs[0][0][:, :, None], np.nan)  # (B, G + 1, C)
    table = gather_table(B, top, C, max_gain, np.array([u for _, u in payoffs]))
    cells = table.reshape(-1, K, B)
    roll = np.full((top + 1, C, B), np.nan)
    width = C + 2
    with np.errstate(divide="ignore", invalid="ignore"):  # (1 - stay_p is 0 where a state only rolls back)
        for g in range(top, lowest_gain - 1, -1):
            n = int(rolling[g])
            # (C, K, B) what holding pays at this gain, nan where it is not allowed
            held = np.where(may_hold[g, :, None, :], pays[None, :, g, :], np.nan)
            if n < B:  # these rows roll nowhere at this gain (Farkle: the target is reached): hold or nothing
                table[g, :C, :, n:] = held[:, :, n:]
            if not n:
                continue
            values = cells[:, 0, :n]  # (cells, n) the value's table, this gain's rows
            for level in levels:
                members, outcome, stay_p = level.members, level.at, level.stay_p[:, None, None]
                at = g * width + outcome  # each transition's cell at this gain (see sweep_layout.groups)
                taken = None  # (outcomes, n) each outcome's alternative taken, as a position in ``at``
                best = None  # (outcomes, n) the best alternative's value, where the sweep takes the best
                if choices:
                    if choose is not None:
                        taken = level.position[choose[:n, g, level.outcomes]].T
                    else:
                        best, taken = best_alternatives(values, level, g * width, K > 1 or chosen is not None)
                    if chosen is not None:
                        chosen[:n, g, level.outcomes] = level.transitions[taken].T
                total = expected(cells, n, level, at, taken, best)  # (members, K, n)
                h = held[members, :, :n]
                value_held = h[:, 0]
                again = total / (1.0 - stay_p)
                if policy is None:
                    roll_again = np.isnan(value_held) | (again[:, 0] > value_held)
                else:
                    # a fixed policy: in the same configuration it does what it did the first time
                    roll_again = policy[:n, g, members].T | np.isnan(value_held)
                q = total + stay_p * np.where(roll_again[:, None], again, h)
                q_roll = np.where(roll_allowed[:n, g, members].T, q[:, 0], np.nan)
                roll[g, members, :n] = q_roll
                if policy is None:
                    rolls = ~np.isnan(q_roll) & (np.isnan(value_held) | (q_roll > value_held))
                else:
                    rolls = ~np.isnan(q_roll) & (policy[:n, g, members].T | np.isnan(value_held))
                table[g, members, :, :n] = np.where(rolls[:, None], q, h)
    # (B, G + 1, C) views of the working tables, not copies: a caller reads a few gains of them
    value, *tracked = (table[: top + 1, :C, k].transpose(2, 0, 1) for k in range(K))
    roll = roll.transpose(2, 0, 1)
    if permuted:  # back in the caller's order
        inverse = np.argsort(order)
        value, roll, hold = value[inverse], roll[inverse], hold[inverse]
        tracked = [t[inverse] for t in tracked]
        chosen = None if chosen is None else chosen[inverse]
    followed = tuple(t[0] if single else t for t in tracked)
    if chosen is not None and single:
        chosen = chosen[0]
    if single:
        return FactoredTurn(value[0], roll[0], hold[0], followed, chosen)
    return FactoredTurn(value, roll, hold, followed, chosen)


def reachable(graph: TurnGraph, top: int, roll_limit: int) -> np.ndarray:
    """(top + 1, C) bool: the (gain, configuration) states a turn can reach from its start,
    rolling only at gains up to ``roll_limit`` (breadth-first over the graph, vectorised: each
    round follows the edges of the states first reached in the round before, so each state's
    edges are followed once; Zombie Dice at M = 200 in about a second, not two minutes)."""
    C = graph.n_configurations
    lands = graph.dst >= 0
    order = np.argsort(graph.src[lands], kind="stable")  # edges grouped by their source
    src, dst, gain = graph.src[lands][order], graph.dst[lands][order], graph.gain[lands][order]
    first = np.searchsorted(src, np.arange(C))
    degree = np.searchsorted(src, np.arange(C), side="right") - first
    reach = np.zeros((top + 1, C), bool)
    flat_reach = reach.reshape(-1)  # a view: (gain, configuration) as gain * C + configuration
    new = np.atleast_1d(np.asarray(graph.start, dtype=np.intp))
    flat_reach[new] = True
    while new.size:
        at, config = np.divmod(new, C)
        rolls = at <= roll_limit
        at, config = at[rolls], config[rolls]
        count = degree[config]
        ends = np.cumsum(count)
        edge = np.repeat(first[config] - ends + count, count) + np.arange(int(ends[-1]) if ends.size else 0)
        landed = np.minimum(np.repeat(at, count) + gain[edge], top) * C + dst[edge]
        landed = np.unique(landed)
        new = landed[~flat_reach[landed]]
        flat_reach[new] = True
    return reach


def _in_order(rows: np.ndarray, order: np.ndarray) -> np.ndarray:
    """(B, ...) ``rows`` in ``order``: a broadcast that is the same for every row, as it is."""
    return rows if rows.strides[0] == 0 else rows[order]


def banked_chances(graph: TurnGraph, rolls: np.ndarray, chosen: np.ndarray | None = None) -> np.ndarray:
    """(B, G + 1) the chance that a turn played by fixed moves banks each gain (index: gain /
    step; 0 nothing banked: a bust, or a hold with nothing), forward from the turn's start:
    ``rolls`` (B, G + 1, C) where the mover rolls (elsewhere they hold), ``chosen``
    (B, G + 1, N) in a graph with choices the transition taken at each gain and outcome (the
    sweep's ``record_choices``; None: each outcome's first alternative). The chance of each
    state flows up the gains and, within a gain, up the configurations' order (the order the
    sweep goes down); rolling back into the same configuration is divided out, as the sweep
    does (it rolls again there)."""
    B, top1, C = rolls.shape
    outcome = graph.outcome
    first = np.unique(outcome, return_index=True)[1]  # each outcome's first transition
    src, prob = graph.src[first], graph.prob[first]
    alone = np.bincount(outcome, minlength=len(first)) == 1
    back = alone & (graph.dst[first] == src) & (graph.gain[first] == 0)  # rolling back in place
    stay = np.bincount(src[back], weights=prob[back], minlength=C)
    levels = []
    for order in np.unique(graph.order):  # (configurations of one order: no zero-gain roll between them)
        configs = np.flatnonzero(graph.order == order)
        moves = np.flatnonzero(~back & np.isin(src, configs))
        levels.append((configs, moves, np.searchsorted(configs, src[moves])))
    chance = np.zeros((B, top1 * C))  # (gain, configuration) flat
    chance[:, graph.start] = 1.0
    out = np.zeros((B, top1))
    rows = np.arange(B)[:, None]
    for g in range(top1):
        for configs, moves, at in levels:
            here = chance[:, g * C + configs]  # (B, L)
            if not here.any():
                continue
            rolled = rolls[:, g, configs]
            out[:, g] += np.where(rolled, 0.0, here).sum(axis=1)
            went = np.where(rolled, here, 0.0) / (1.0 - stay[configs])
            taken = first[moves][None, :] if chosen is None else chosen[:, g, moves]  # (B or 1, M)
            weight = went[:, at] * prob[moves]  # (B, M)
            dst = graph.dst[taken]
            bust = np.broadcast_to(dst < 0, weight.shape)
            out[:, 0] += np.where(bust, weight, 0.0).sum(axis=1)
            lands = ~bust & (weight > 0)  # (a move not made may point past the top gain)
            if not lands.any():
                continue
            # the moves land within a few gains above this one: only those columns are added to
            # (a bincount over every row's whole table made this quadratic in the gains)
            column = np.broadcast_to((g + graph.gain[taken]) * C + dst, weight.shape)[lands]
            low, width = int(column.min()), int(column.max()) + 1 - int(column.min())
            landed = np.broadcast_to(rows, weight.shape)[lands] * width + (column - low)
            chance[:, low : low + width] += np.bincount(landed, weight[lands], minlength=B * width).reshape(B, width)
    return out


def graph_of_rules(game) -> tuple[TurnGraph, dict[str, np.ndarray]]:
    """The turn graph of any jeopardy game whose rolls do not depend on its gain (the first
    turn variable): configurations are the values of the other turn variables, transitions
    are the rules' roll outcomes from gain 0 (gains in ``game.gain_step``s; a
    :class:`~pycore.jeopardy.rules.vocabulary.Choice` gives one transition per alternative, and rolls
    offering the same alternatives are one outcome, their chances added exactly). Also the
    configurations' columns (C,) for the rules' ``can_roll``/``can_hold``. A second way to
    the same values as the game's own solver, and how a game with a large turn gets its
    values."""
    rest = game.turn_vars[1:]
    step = game.gain_step
    configs = sorted({tuple(t[1:]) for t in game.turn_states()})
    index = {c: n for n, c in enumerate(configs)}
    src, dst, gain, prob, choice, order = [], [], [], [], [], np.zeros(len(configs), dtype=np.intp)
    choices, outcomes = False, 0
    for n, config in enumerate(configs):
        merged: dict[tuple, object] = {}  # the alternatives a roll offers -> its chance
        for p, outcome in game.roll_outcomes((0, *config)):
            choices |= isinstance(outcome, Choice)
            key = tuple((int(o[0]) // step, index[tuple(o[1:])]) for o in options_of(outcome))
            merged[key] = merged.get(key, 0) + p
        for key, p in merged.items():
            for g, d in key or ((0, -1),):  # no alternative: a bust
                src.append(n)
                dst.append(d)
                gain.append(g)
                prob.append(float(p))
                choice.append(outcomes)
            outcomes += 1
    graph_arrays = (np.array(src, dtype=np.intp), np.array(dst, dtype=np.intp), np.array(gain, dtype=np.intp), np.array(prob))
    # order: longest chain of zero-gain rolls leading to each configuration
    changed = True
    while changed:
        changed = False
        for s_, d, g in zip(*graph_arrays[:3], strict=True):
            if g == 0 and d >= 0 and d != s_ and order[d] <= order[s_]:
                order[d] = order[s_] + 1
                changed = True
    graph = TurnGraph(tuple(configs), *graph_arrays, order, index[tuple(game.turn_start[1:])],
                      np.array(choice, dtype=np.intp) if choices else None)
    graph.check()
    columns = {v: np.array([c[n] for c in configs]) for n, v in enumerate(rest)}
    return graph, columns


def graph_of(game) -> tuple[TurnGraph, dict[str, np.ndarray]]:
    """(TurnGraph, configuration columns) of a game's turn: the game's own
    (``factored_turn()``: a large turn, built faster) or :func:`graph_of_rules`, built once for
    these parameters."""
    own = game.factored_turn()
    return own if own is not None else shared(game, "factored_turn", lambda: graph_of_rules(game))


def start_graph_of(game) -> tuple[TurnGraph, dict[str, np.ndarray], object]:
    """(TurnGraph, configuration columns, can_roll) that give the turn-start values: the game's
    own ``start_graph()`` (Pig's target model: each target's run as one roll) or its turn's
    graph (:func:`graph_of`) and the rules' ``can_roll``."""
    own = game.start_graph()
    if own is not None:
        return own
    graph, columns = graph_of(game)
    return graph, columns, game.can_roll


@dataclass(frozen=True)
class FactoredTurnValues:
    """One anchor's turn from a :func:`sweep`, read like :class:`~pycore.jeopardy.solving.turn.TurnValues`:
    each action's value (``None`` where not legal) at a turn state ``(gain, *configuration
    columns)``, and the expected points banked and the chance that the next roll busts under
    the best actions (:meth:`outlook`). Arrays (G + 1, C); gains below ``lowest_gain`` (points) were
    not swept."""

    anchor: tuple[int, ...]
    graph: TurnGraph
    index: dict = field(repr=False)
    turn: FactoredTurn = field(repr=False)
    lowest_gain: int = 0
    #: points per step of the gain (the arrays' rows; see the module)
    step: int = 1

    def _cell(self, turn: tuple[int, ...]) -> tuple[int, int]:
        gain, config = divmod(int(turn[0]), self.step), tuple(int(x) for x in turn[1:])
        if gain[1] or gain[0] * self.step < self.lowest_gain or config not in self.index:
            raise KeyError(f"turn state {turn} was not swept")
        return gain[0], self.index[config]

    def action_values(self, turn: tuple[int, ...]) -> dict[str, float | None]:
        cell = self._cell(turn)
        roll, hold = self.turn.roll[cell], self.turn.hold[cell]
        return {ROLL: None if np.isnan(roll) else float(roll), HOLD: None if np.isnan(hold) else float(hold)}

    def value_at(self, turn: tuple[int, ...]) -> float:
        return float(self.turn.value[self._cell(turn)])

    def seat_action_values(self, turn: tuple[int, ...]) -> dict[str, list[float] | None]:
        """{action: each seat's chance, the mover's first} (two players here)."""
        return {a: None if v is None else two_seats(v) for a, v in self.action_values(turn).items()}

    @property
    def states(self) -> int:
        return int(np.count_nonzero(~np.isnan(self.turn.value)))

    def best_action(self, turn: tuple[int, ...]) -> str:
        return best_of(self.action_values(turn))

    def facts(self) -> dict:
        return {}

    def outlook(self, turn: tuple[int, ...]) -> dict[str, tuple[float, float]]:
        """{action: (P(the roll it makes busts), expected points banked this turn)} for each
        legal action, the best actions after it (points followed by the sweep)."""
        gain, config = self._cell(turn)
        values = self.action_values(turn)
        out = {}
        if values[HOLD] is not None:
            out[HOLD] = (0.0, float(gain * self.step))
        if values[ROLL] is not None:
            # the roll's own outcomes, then the best actions (as the sweep's policy)
            expected = self.after_roll(self.turn.followed[0], 0.0, turn)
            leaving = self.graph.leaving(config)
            out[ROLL] = (float(np.sum(self.graph.prob[leaving[self.graph.dst[leaving] < 0]])), expected)
        return out

    def after_roll(self, table: np.ndarray, bust: float, turn: tuple[int, ...]) -> float:
        """The expectation of ``table`` ((G + 1, C): the value or a followed payoff) over the
        roll from ``turn``: at each outcome's state (the best alternative, where the roll
        offers a choice), ``bust`` where it busts."""
        gain, config = self._cell(turn)
        starts = self.graph.leaving(config)
        dst, step, prob = self.graph.dst[starts], self.graph.gain[starts], self.graph.prob[starts]
        landed = dst >= 0
        if self.graph.choice is not None:  # each outcome's best alternative only
            worth = np.where(landed, self.turn.value[gain + step, np.maximum(dst, 0)], -np.inf)
            best = {}
            for n, o in enumerate(self.graph.choice[starts]):
                if o not in best or worth[n] > worth[best[o]]:
                    best[o] = n
            landed = landed & np.isin(np.arange(len(dst)), list(best.values()))
        return float(np.sum(prob[landed] * table[gain + step[landed], dst[landed]]) + np.sum(prob[dst < 0]) * bust)


def configuration_index(graph: TurnGraph, columns: dict[str, np.ndarray]) -> dict[tuple[int, ...], int]:
    """{configuration columns (in ``columns``' order): its index in the graph}."""
    if not columns:  # a turn of one configuration (Pig's: the turn total alone)
        return {(): 0}
    stacked = np.stack(list(columns.values()), axis=1)
    return {tuple(int(x) for x in row): n for n, row in enumerate(stacked)}


def anchor_turn(game, anchor: tuple[int, ...], hold_value: np.ndarray, lowest_gain: int = 0, policy=None,
                also_follow: tuple = ()) -> FactoredTurnValues:
    """The turn of one anchor: ``hold_value`` (G + 1,) the mover's value of ending the turn
    having banked each gain (at gain 0: a zero-gain ending, which a bust is too). Rolling
    is not offered where holding wins the game on the spot (as the rules' legal actions).
    The points banked are followed (``turn.followed[0]``), then ``also_follow`` (the sweep's
    ``follow``: other players' chances)."""
    graph, columns = graph_of(game)
    gains = np.arange(len(hold_value)) * game.gain_step
    state = {v: np.asarray(x) for v, x in zip(game.anchor_vars, anchor, strict=True)}
    state[game.turn_vars[0]] = gains[:, None]
    state.update({v: c[None, :] for v, c in columns.items()})
    shape = (len(gains), graph.n_configurations)
    hold_ok = np.broadcast_to(np.asarray(game.can_hold(state), bool), shape)
    end = game.end_turn({v: np.asarray(x) for v, x in zip(game.anchor_vars, anchor, strict=True)}, gains)
    wins = np.asarray(end.mover_value, float) == 1.0
    roll_ok = np.broadcast_to(np.asarray(game.can_roll(state), bool), shape) & ~(hold_ok & wins[:, None])
    turn = sweep(graph, hold_value, roll_ok, hold_ok, hold_value[0], policy=policy,
                 follow=((gains.astype(float), 0.0), *also_follow), lowest_gain=lowest_gain // game.gain_step)
    return FactoredTurnValues(tuple(int(x) for x in anchor), graph, index_of(game), turn, lowest_gain, game.gain_step)


#: graph (by id; the graph is kept with it) -> its configuration index: the last two graphs
_INDEX = BoundedCache("configuration index", 2)


def index_of(game) -> dict:
    """The :func:`configuration_index` of the game's turn graph (kept per graph)."""
    graph, columns = graph_of(game)
    return _INDEX.get(id(graph), lambda: (graph, configuration_index(graph, columns)))[1]


#: (graph by id, top gain) -> its reachable turn states (the graph kept with them): the last four
_REACH = BoundedCache("reachable turn states", 4)


def reachable_turn_states(game) -> np.ndarray:
    """(G + 1, C) the (gain, configuration) states a turn from a score of 0 reaches, rolling
    while a roll cannot pass the top gain (kept per graph; 0.35 s for Zombie Dice). From a
    higher score the same, up to the gains the bound leaves."""
    graph, _ = graph_of(game)
    top = layout(game).var_range(game.turn_vars[0])[1] // game.gain_step
    key = (id(graph), top)  # (the graph is kept with it, so its id stays its own)
    return _REACH.get(key, lambda: (graph, reachable(graph, top, top - int(graph.gain.max(initial=0)))))[1]


def ending_values(game, anchor: tuple[int, ...], anchor_value) -> np.ndarray:
    """(G + 1,) the mover's value of ending the turn at ``anchor`` having banked each gain:
    the game's result, or ``1 - anchor_value(next anchor)`` (``nan`` past the bound)."""
    step = game.gain_step
    where = layout(game)
    top = where.var_range(game.turn_vars[0])[1] // step
    # every gain's end at once (the rules on whole arrays: a gain at a time was most of a turn
    # recomputed for Farkle with its zilch counts), then the anchor each passes the dice to
    end = game.end_turn({v: np.asarray(int(x)) for v, x in zip(game.anchor_vars, anchor, strict=True)},
                        np.arange(top + 1) * step)
    out = np.broadcast_to(np.asarray(end.mover_value, float), (top + 1,)).copy()
    passed = np.flatnonzero(np.isnan(out))
    following = {v: np.broadcast_to(np.asarray(end.next_anchor[v]), (top + 1,)) for v in game.anchor_vars} \
        if passed.size else {}
    for n in passed:  # (nan stays where the next anchor is past the bound: no turn reaches it)
        nxt = tuple(int(following[v][n]) for v in game.anchor_vars)
        if where.has_anchor(nxt):
            out[n] = 1.0 - anchor_value(nxt)
    return out
