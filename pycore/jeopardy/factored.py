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

import numpy as np

from ..core.errors import InvalidPolicyError, InvalidStateError, SolverError, TurnGraphError
from .model import RowIndex
from .rules import HOLD, ROLL, Choice, Policy, best_of, options_of, probability
from .solution import Matchup

#: when a layer's turn-start values stop: no value moved by more than this in the last sweep
TOLERANCE = 1e-14


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
    groups, max_gain = _groups(graph)
    if np.any(roll_allowed & (np.arange(top + 1)[None, :, None] + max_gain[None, None, :] > top)):
        raise TurnGraphError("a roll allowed near the top gain could lead past it")
    choices = graph.choice is not None
    if choose is not None:
        choose = np.broadcast_to(choose, (B, top + 1, graph.n_outcomes))
    chosen = np.zeros((B, top + 1, graph.n_outcomes), np.int32) if choices and record_choices else None
    roll = np.full((B, top + 1, C), np.nan)
    hold = np.where(hold_allowed, hold_value[:, :, None], np.nan)
    value = _gather_table(B, top, C, max_gain, bust_value)
    # each followed payoff: its table and what holding pays, filled in where holding is allowed
    tracks = [(np.where(hold_allowed, np.atleast_2d(np.asarray(h, float))[:, :, None], np.nan),
               np.broadcast_to(np.asarray(u, float), (B,))) for h, u in follow]
    tracked = [_gather_table(B, top, C, max_gain, u) for _, u in tracks]
    width = C + 2
    any_roll = roll_allowed.any(axis=(0, 2))
    for g in range(top, lowest_gain - 1, -1):
        if not any_roll[g]:  # nobody rolls here (Farkle: the target is reached): hold or nothing
            value[:, g, :C] = hold[:, g]
            for (held, bust_payoff), table in zip(tracks, tracked, strict=True):
                table[:, g, :C] = held[:, g] if g else np.where(np.isnan(hold[:, g]), np.nan, bust_payoff[:, None])
            continue
        for level in groups:
            members, outcome, stay_p = level.members, level.at, level.stay_p
            roll_ok = roll_allowed[:, g, members]
            at = g * width + outcome  # each transition's cell at this gain (see _groups)
            taken = None  # (B, outcomes) each outcome's alternative taken, as a position in ``at``
            if choices:
                gathered = value.reshape(B, -1)[:, at]
                if choose is not None:
                    taken = level.position[choose[:, g, level.outcomes]]
                elif tracks or chosen is not None:
                    # each outcome's alternatives side by side (the last repeated to the widest):
                    # the first best of them; an alternative with no value (nan: a state no play
                    # reaches) is never the best
                    side_by_side = gathered[:, level.padded]
                    side_by_side[np.isnan(side_by_side)] = -np.inf
                    taken = level.padded[level.outcome_rows, side_by_side.argmax(axis=2)]
                if chosen is not None:
                    chosen[:, g, level.outcomes] = level.transitions[taken]

            total = _expected(value, level, at, taken, gathered if choices else None)
            h = hold[:, g, members]
            with np.errstate(divide="ignore", invalid="ignore"):
                again = total / (1.0 - stay_p)
            if policy is None:
                roll_again = np.isnan(h) | (again > h)
            else:
                # a fixed policy: in the same configuration it does what it did the first time
                roll_again = policy[:, g, members] | np.isnan(h)
            after = np.where(roll_again, again, h)
            q_roll = np.where(roll_ok, total + stay_p * after, np.nan)
            roll[:, g, members] = q_roll
            if policy is None:
                rolls = ~np.isnan(q_roll) & (np.isnan(h) | (q_roll > h))
            else:
                rolls = ~np.isnan(q_roll) & (policy[:, g, members] | np.isnan(h))
            value[:, g, members] = np.where(rolls, q_roll, h)
            for (held, bust_payoff), table in zip(tracks, tracked, strict=True):
                follow_total = _expected(table, level, at, taken if choices else None, None)
                follow_hold = held[:, g, members] if g else np.where(np.isnan(h), np.nan, bust_payoff[:, None])
                with np.errstate(divide="ignore", invalid="ignore"):
                    follow_after = np.where(roll_again, follow_total / (1.0 - stay_p), follow_hold)
                table[:, g, members] = np.where(rolls, follow_total + stay_p * follow_after, follow_hold)
    value = value[:, : top + 1, :C]
    tracked = [t[:, : top + 1, :C] for t in tracked]
    followed = tuple(t[0] if single else t for t in tracked)
    if chosen is not None and single:
        chosen = chosen[0]
    if single:
        return FactoredTurn(value[0], roll[0], hold[0], followed, chosen)
    return FactoredTurn(value, roll, hold, followed, chosen)


def _expected(table: np.ndarray, level: _Level, at: np.ndarray, taken, best_of) -> np.ndarray:
    """(B, members) the sum over each member's roll outcomes (not staying put) of P * ``table``
    at the outcome: at the alternative ``taken`` ((B, outcomes) positions in ``at``) where there
    is a choice, or the best of the alternatives' values ``best_of`` ((B, transitions), gathered
    from ``table``) when none was taken; a graph without choices gives ``taken`` and
    ``best_of`` None."""
    flat = table.reshape(table.shape[0], -1)
    if taken is not None:
        per_outcome = flat[np.arange(table.shape[0])[:, None], at[taken]]
    elif best_of is not None:
        per_outcome = np.fmax.reduceat(best_of, level.alt_starts, axis=1)
    else:
        per_outcome = flat[:, at]
    return np.add.reduceat(per_outcome * level.weights, level.starts, axis=1)


def _gather_table(B: int, top: int, C: int, max_gain: np.ndarray, bust) -> np.ndarray:
    """A sweep's working table (B, G + 1 + the largest gain, C + 2): rows past the top gain
    read 0 (only rolls that are not allowed land there), column C holds what a bust is
    worth and column C + 1 is 0 (what rolling back into the same state reads: divided out),
    so that each outcome is one flat index and a gather needs no masks."""
    table = np.full((B, top + 1 + int(max_gain.max(initial=0)), C + 2), np.nan)
    table[:, top + 1 :, :] = 0.0
    table[:, :, C] = np.asarray(bust, float)[:, None]
    table[:, :, C + 1] = 0.0
    return table


@dataclass(frozen=True)
class _Level:
    """One order of configurations and their transitions, laid out for a sweep (see
    :func:`_groups`). ``at``/``index``/``transitions`` per transition (sorted by source and
    outcome); ``alt_starts``/``alt_counts``/``outcomes``/``weights`` per outcome; ``starts``
    per member: where its run of outcomes starts; ``position`` (T,) each graph transition's
    place in ``at`` (for a ``choose`` given as graph transitions)."""

    members: np.ndarray
    starts: np.ndarray
    at: np.ndarray
    weights: np.ndarray
    stay_p: np.ndarray
    index: np.ndarray
    transitions: np.ndarray
    alt_starts: np.ndarray
    alt_counts: np.ndarray
    outcomes: np.ndarray
    position: np.ndarray
    padded: np.ndarray  # (outcomes, most alternatives) positions in ``at``, the last one repeated
    outcome_rows: np.ndarray  # (outcomes,) 0, 1, ...


_GROUPS: dict = {}  # the last graph's groups: one graph at a time is all any caller needs


def _groups(graph: TurnGraph) -> tuple[list[_Level], np.ndarray]:
    """Configurations by decreasing order, each level with its transitions sorted by source
    and outcome: each transition's flat offset in a :func:`_gather_table` row block (gain *
    (C + 2) + configuration, or the bust / zero column), each outcome's weight (0 for
    rolling back into the same state), and each member's chance of that; and (C,) the
    largest gain a roll from each configuration adds. Built once per graph."""
    if _GROUPS.get("graph") is not graph:
        C = graph.n_configurations
        outcome_of = graph.outcome
        by_src = np.lexsort((outcome_of, graph.src))
        src = graph.src[by_src]
        groups = []
        for level in np.unique(graph.order)[::-1]:
            members = np.flatnonzero(graph.order == level)
            index = by_src[np.isin(src, members)]
            dst, gain, prob, outcome = graph.dst[index], graph.gain[index], graph.prob[index], outcome_of[index]
            stay, bust = (dst == graph.src[index]) & (gain == 0), dst < 0
            at = np.where(bust, C, np.where(stay, C + 1, gain * (C + 2) + dst))
            alt_starts = np.flatnonzero(np.r_[True, outcome[1:] != outcome[:-1]])
            alt_counts = np.diff(np.r_[alt_starts, len(index)])
            out_src = graph.src[index][alt_starts]
            starts = np.searchsorted(out_src, members)
            stay_p = np.add.reduceat(np.where(stay, prob, 0.0)[alt_starts], starts)
            position = np.zeros(len(graph.src), np.intp)
            position[index] = np.arange(len(index))
            widest = int(alt_counts.max(initial=1))
            padded = alt_starts[:, None] + np.minimum(np.arange(widest)[None, :], alt_counts[:, None] - 1)
            groups.append(_Level(members, starts, at, np.where(stay, 0.0, prob)[alt_starts], stay_p,
                                 np.arange(len(index)), index, alt_starts, alt_counts, outcome[alt_starts], position,
                                 padded, np.arange(len(alt_starts))))
        max_gain = np.zeros(C, dtype=np.intp)
        np.maximum.at(max_gain, graph.src, graph.gain)
        _GROUPS.update(graph=graph, groups=(groups, max_gain))
    return _GROUPS["groups"]


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


def graph_of_rules(game) -> tuple[TurnGraph, dict[str, np.ndarray]]:
    """The turn graph of any jeopardy game whose rolls do not depend on its gain (the first
    turn variable): configurations are the values of the other turn variables, transitions
    are the rules' roll outcomes from gain 0 (gains in ``game.gain_step``s; a
    :class:`~pycore.jeopardy.rules.Choice` gives one transition per alternative, and rolls
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


#: cells (anchors x gains x configurations) one batched sweep works on: sets how many anchors
#: are swept at once (16 Zombie Dice anchors; Pig's 10,000 with a turn limit)
BATCH_CELLS = 1_000_000


@dataclass(frozen=True)
class _Stage:
    """Anchors solved together (rows into ``anchors()``): one layer, or consecutive layers none
    of whose anchors leads to another of them. ``partner`` is where each one's zero-gain
    ending leads (an anchor row, -1 where it ends the game), ``inside`` which of those are in
    the stage and ``position`` their places in it."""

    members: np.ndarray
    partner: np.ndarray
    inside: np.ndarray
    position: np.ndarray


@dataclass(frozen=True)
class _Endings:
    """The anchors (A, V), their columns and layers, the gains (G + 1,), and what ending a
    turn with each gain leads to, computed for the anchors of one stage at a time (a table
    over every anchor and gain would be 700 MB for Pig with 40 turns)."""

    game: object
    anchors: np.ndarray
    columns: dict
    gains: np.ndarray
    layers: np.ndarray
    index: RowIndex  # anchor columns -> row, -1 where not tabulated

    @property
    def top(self) -> int:
        return len(self.gains) - 1

    @classmethod
    def of(cls, game) -> _Endings:
        anchors = np.asarray(game.anchors(), dtype=np.int64)
        cols = {v: anchors[:, n] for n, v in enumerate(game.anchor_vars)}
        gains = np.arange(game.var_range(game.turn_vars[0])[1] // game.gain_step + 1) * game.gain_step
        return cls(game, anchors, cols, gains, np.asarray(game.layer(cols)), RowIndex(anchors))

    def at(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(terminal, next rows), each (R, G + 1): the mover's result where ending the turn at
        these anchors with each gain ends the game (``nan`` where it goes on), and the next
        anchor's row (-1: not tabulated)."""
        game, names = self.game, self.game.anchor_vars
        end = game.end_turn({v: c[rows][:, None] for v, c in self.columns.items()}, self.gains[None, :])
        shape = (len(rows), len(self.gains))
        terminal = np.array(np.broadcast_to(np.asarray(end.mover_value, float), shape))
        following = game.canonical_anchor({v: np.broadcast_to(end.next_anchor[v], shape) for v in names})
        return terminal, self.index.rows(np.stack([np.ravel(following[v]) for v in names], axis=1)).reshape(shape)

    def stages(self) -> list[_Stage]:
        """The anchors in the order they are solved, highest layer first. A layer whose
        zero-gain endings stay in it is a stage of its own (solved to a fixed point); a run of
        layers whose endings all lead above the run is one stage (exact in one pass, swept in
        large batches: a turn counter's layer of one turn). (The endings are computed here and
        again stage by stage: keeping them would be the (A, G + 1) table this class avoids.)"""
        count = len(self.anchors)
        never = np.iinfo(np.int64).max
        lowest, partner = np.empty(count, np.int64), np.empty(count, np.int64)  # lowest layer led to
        for chunk in self.batches(np.arange(count), 1):
            terminal, rows = self.at(chunk)
            goes_on = np.isnan(terminal) & (rows >= 0)
            lowest[chunk] = np.where(goes_on, self.layers[np.maximum(rows, 0)], never).min(axis=1)
            partner[chunk] = np.where(np.isnan(terminal[:, 0]), rows[:, 0], -1)
        by_layer = np.argsort(-self.layers, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(self.layers[by_layer]) != 0])
        level_lowest = np.minimum.reduceat(lowest[by_layer], starts)
        bounds = np.r_[starts, count]
        runs: list[list] = []  # [first level's index, last's + 1, top layer, mergeable]
        for n, start in enumerate(starts):
            level = int(self.layers[by_layer[start]])
            if runs and runs[-1][3] and level_lowest[n] > runs[-1][2]:
                runs[-1][1] = n + 1
            else:
                runs.append([n, n + 1, level, level_lowest[n] > level])
        out = []
        for first, last, _, _ in runs:
            members = np.sort(by_layer[bounds[first] : bounds[last]])
            inside = np.isin(partner[members], members)
            out.append(_Stage(members, partner[members], inside, np.searchsorted(members, partner[members][inside])))
        return out

    def batches(self, members: np.ndarray, configurations: int) -> list[np.ndarray]:
        """``members`` in batches of about :data:`BATCH_CELLS` cells a sweep."""
        size = max(1, BATCH_CELLS // (len(self.gains) * configurations))
        return [members[n : n + size] for n in range(0, len(members), size)]

    def masks(self, anchor: np.ndarray, terminal: np.ndarray, columns: dict, can_roll) -> tuple[dict, np.ndarray, np.ndarray]:
        """(state columns, roll allowed, hold allowed) (B, G + 1, C) at these anchor rows
        (``terminal``: their :meth:`at`; ``can_roll``: the start graph's, see
        ``JeopardyGame.start_graph``); rolling is not offered where holding wins on the spot
        (as the rules' legal actions)."""
        game = self.game
        state = {v: c[anchor][:, None, None] for v, c in self.columns.items()}
        state[game.turn_vars[0]] = self.gains[None, :, None]
        state.update({v: c[None, None, :] for v, c in columns.items()})
        hold_ok = np.asarray(game.can_hold(state), bool)
        wins = (terminal == 1.0)[:, :, None]
        return state, np.asarray(can_roll(state), bool) & ~(hold_ok & wins), hold_ok


def anchor_values(game, tolerance: float = TOLERANCE,
                  max_sweeps: int = 100, progress=None, stats: dict | None = None) -> np.ndarray:
    """P(mover wins) at every turn start of ``game.anchors()`` (A,), under optimal play.

    Layer by layer from the highest (the game's ``layer``: a turn never lowers it), each
    anchor's turn is one :func:`sweep` with holding worth ``1 - X(next anchor)`` or the
    game's result. Anchors of one layer lead to each other only by zero-gain endings
    (worth ``u = 1 - X(partner)``); a sweep also gives each value's slope in ``u`` (the
    chance of a zero-gain ending under the actions taken), and Newton's step solves the
    layer's linearised equations ``x_a = X_a(u) + s_a (1 - x_partner - u_a)`` exactly.
    The value is convex and piecewise linear in ``u``, so once the actions stop changing
    the step is exact: two or three sweeps a layer, where plain iteration needs one for
    every factor of the chance of a zero-gain turn, squared. Stops when no value moves
    by ``tolerance``. Layers that do not lead to each other (a turn counter's) are swept
    together (:meth:`_Endings.stages`), in batches of :data:`BATCH_CELLS`;
    ``stats["sweeps"]`` counts the batched sweeps made and ``stats["residual"]`` is the
    largest last change."""
    endings = _Endings.of(game)
    graph, columns, can_roll = game.start_graph()
    top = endings.top
    X = np.full(len(endings.anchors), 0.5)
    zero_gain_ending = (np.eye(top + 1)[0], 1.0)  # its expectation: the slope by u
    stats = {} if stats is None else stats
    stats["sweeps"] = 0
    stages = endings.stages()
    for done, stage in enumerate(stages, 1):
        members, partner, inside, position = stage.members, stage.partner, stage.inside, stage.position
        terminal, rows = endings.at(members)
        parts = endings.batches(np.arange(len(members)), graph.n_configurations)
        for _ in range(max_sweeps):
            u = np.where(np.isnan(terminal[:, 0]), 1.0 - X[np.maximum(partner, 0)], terminal[:, 0])
            value, slope = np.empty(len(members)), np.empty(len(members))
            for part in parts:
                _, roll_ok, hold_ok = endings.masks(members[part], terminal[part], columns, can_roll)
                # an ending at an anchor not tabulated (row -1) is read as anchor 0's value: by the
                # rules' contract (``anchors``) that only happens from turn states no turn reaches
                hold = np.where(np.isnan(terminal[part]), 1.0 - X[np.maximum(rows[part], 0)], terminal[part])
                turn = sweep(graph, hold, roll_ok, hold_ok, u[part], follow=(zero_gain_ending,))
                stats["sweeps"] += 1
                value[part] = turn.value[:, 0, graph.start]
                slope[part] = turn.followed[0][:, 0, graph.start]
            # the fixed point's residual: how far each anchor's u is from what its partner's value says
            residual = np.abs(u[inside] - (1.0 - value[position])) if inside.any() else np.zeros(0)
            change = max(float(np.max(np.abs(value - X[members]))), float(residual.max(initial=0.0)))
            X[members] = value
            if not inside.any():  # no zero-gain ending stays in the stage: exact at once
                break
            if change < tolerance:
                stats["residual"] = max(stats.get("residual", 0.0), change)
                break
            # Newton: (I + S P) x = value + S (1 - u) on the anchors whose partner is in the layer
            system = np.eye(len(members))
            rows_in = np.flatnonzero(inside)
            system[rows_in, position] += slope[rows_in]
            rhs = value + np.where(inside, slope * (1.0 - u), 0.0)
            X[members] = np.linalg.solve(system, rhs)
        else:
            raise SolverError(f"{game.name}: a layer did not settle within {max_sweeps} sweeps")
        if progress:
            progress(f"stage {done} of {len(stages)}", done / len(stages))
    if not np.all((X >= -1e-12) & (X <= 1 + 1e-12)):
        raise SolverError(f"{game.name}: turn-start values outside [0, 1]")
    return X


def expected_turns(game, optimal: np.ndarray, progress=None) -> float:
    """The exact expected number of turns (both players', this one included) in a game
    between two optimal players, from its start with no head start.

    ``L(a)``, the expected turns from turn start ``a`` on, is the expectation over ``a``'s
    turn, played by the optimal actions (those :func:`anchor_values` takes from
    ``optimal`` (A,), ties holding), of 1 + ``L(next anchor)``, or 1 where the ending ends
    the game: a payoff followed along each anchor's optimal sweep, stage by stage from the
    highest layer as the values are. A zero-gain ending to a partner in the same stage
    makes it linear in the partner's, ``L_a = F_a + s_a L_partner`` (``s_a`` the chance of
    that ending, followed too), solved exactly for the stage. One sweep per anchor: about
    the cost of the solve itself (Pig's table games count the same way, by the flow of
    probability: :func:`~pycore.jeopardy.solver.occupancy`)."""
    endings = _Endings.of(game)
    graph, columns, can_roll = game.start_graph()
    L = np.zeros(len(endings.anchors))
    zero_gain_ending = (np.eye(endings.top + 1)[0], 1.0)
    stages = endings.stages()
    for done, stage in enumerate(stages, 1):
        members, partner, inside, position = stage.members, stage.partner, stage.inside, stage.position
        terminal, rows = endings.at(members)
        ends_at_zero = ~np.isnan(terminal[:, 0])
        own, slope = np.empty(len(members)), np.empty(len(members))
        for part in endings.batches(np.arange(len(members)), graph.n_configurations):
            _, roll_ok, hold_ok = endings.masks(members[part], terminal[part], columns, can_roll)
            goes_on = np.isnan(terminal[part])
            after = np.maximum(rows[part], 0)  # (-1: a state no turn reaches, as in anchor_values)
            hold = np.where(goes_on, 1.0 - optimal[after], terminal[part])
            u = np.where(ends_at_zero[part], terminal[part, 0], 1.0 - optimal[np.maximum(partner[part], 0)])
            later = np.where(goes_on, L[after], 0.0)
            # a zero-gain ending within the stage counts this turn here and the partner's below
            zero_gain = np.where(ends_at_zero[part] | inside[part], 0.0, L[np.maximum(partner[part], 0)])
            turn = sweep(graph, hold, roll_ok, hold_ok, u, follow=((1.0 + later, 1.0 + zero_gain), zero_gain_ending))
            own[part] = turn.followed[0][:, 0, graph.start]
            slope[part] = turn.followed[1][:, 0, graph.start]
        if inside.any():
            system = np.eye(len(members))
            rows_in = np.flatnonzero(inside)
            system[rows_in, position] -= slope[rows_in]
            L[members] = np.linalg.solve(system, own)
        else:
            L[members] = own
        if progress:
            progress(f"game length: stage {done} of {len(stages)}", done / len(stages))
    return float(L[game.anchor_row(game.start_anchor(0))])


# ---- one anchor's turn, and the solution of a game solved this way ---------------------------


@dataclass(frozen=True)
class FactoredTurnValues:
    """One anchor's turn from a :func:`sweep`, read like :class:`~pycore.jeopardy.turn.TurnValues`:
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

    @property
    def states(self) -> int:
        return int(np.count_nonzero(~np.isnan(self.turn.value)))

    def best_action(self, turn: tuple[int, ...]) -> str:
        return best_of(self.action_values(turn))

    def outlook(self, turn: tuple[int, ...]) -> dict[str, tuple[float, float]]:
        """{action: (P(the roll it makes busts), expected points banked this turn)} for each
        legal action, the best actions after it (points followed by the sweep)."""
        gain, config = self._cell(turn)
        values = self.action_values(turn)
        out = {}
        if values[HOLD] is not None:
            out[HOLD] = (0.0, float(gain * self.step))
        if values[ROLL] is not None:
            points = self.turn.followed[0]
            # the roll's own outcomes, then the best actions (as the sweep's policy)
            starts = self.graph.src == config
            dst, step, prob = self.graph.dst[starts], self.graph.gain[starts], self.graph.prob[starts]
            landed = dst >= 0
            if self.graph.choice is not None:  # each outcome's best alternative only
                worth = np.where(landed, self.turn.value[gain + step, np.maximum(dst, 0)], -np.inf)
                best = {}
                for n, o in enumerate(self.graph.choice[starts]):
                    if o not in best or worth[n] > worth[best[o]]:
                        best[o] = n
                landed = landed & np.isin(np.arange(len(dst)), list(best.values()))
            expected = float(np.sum(prob[landed] * points[gain + step[landed], dst[landed]]))
            out[ROLL] = (float(np.sum(prob[dst < 0])), expected)
        return out


def configuration_index(graph: TurnGraph, columns: dict[str, np.ndarray]) -> dict[tuple[int, ...], int]:
    """{configuration columns (in ``columns``' order): its index in the graph}."""
    stacked = np.stack(list(columns.values()), axis=1)
    return {tuple(int(x) for x in row): n for n, row in enumerate(stacked)}


def anchor_turn(game, anchor: tuple[int, ...], hold_value: np.ndarray, lowest_gain: int = 0, policy=None) -> FactoredTurnValues:
    """The turn of one anchor: ``hold_value`` (G + 1,) the mover's value of ending the turn
    having banked each gain (at gain 0: a zero-gain ending, which a bust is too). Rolling
    is not offered where holding wins the game on the spot (as the rules' legal actions)."""
    graph, columns = game.factored_turn()
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
                 follow=((gains.astype(float), 0.0),), lowest_gain=lowest_gain // game.gain_step)
    return FactoredTurnValues(tuple(int(x) for x in anchor), graph, index_of(game), turn, lowest_gain, game.gain_step)


_INDEX: dict = {}  # graph -> its configuration index (the last two graphs)


def index_of(game) -> dict:
    """The :func:`configuration_index` of the game's turn graph (kept per graph)."""
    graph, columns = game.factored_turn()
    if id(graph) not in _INDEX:  # (the graph is kept with it, so its id stays its own)
        if len(_INDEX) >= 2:
            _INDEX.pop(next(iter(_INDEX)))
        _INDEX[id(graph)] = (graph, configuration_index(graph, columns))
    return _INDEX[id(graph)][1]


_REACH: dict = {}  # (graph, top gain) -> its reachable turn states (the last four)


def reachable_turn_states(game) -> np.ndarray:
    """(G + 1, C) the (gain, configuration) states a turn from a score of 0 reaches, rolling
    while a roll cannot pass the top gain (kept per graph; 0.35 s for Zombie Dice). From a
    higher score the same, up to the gains the bound leaves."""
    graph, _ = game.factored_turn()
    top = game.var_range(game.turn_vars[0])[1] // game.gain_step
    key = (id(graph), top)  # (the graph is kept with it, so its id stays its own)
    if key not in _REACH:
        if len(_REACH) >= 4:
            _REACH.pop(next(iter(_REACH)))
        _REACH[key] = (graph, reachable(graph, top, top - int(graph.gain.max(initial=0))))
    return _REACH[key][1]


@dataclass(frozen=True)
class HoldThreshold:
    """Where holding starts to be best in one cell of configurations at one anchor:
    ``hold_from`` the fewest gain from which holding is best in every reachable state of the
    cell (None: somewhere rolling is best up to the top), ``depends_from`` the fewest gain at
    which holding is best in some of them (the rest of the dice decide in between), and
    ``gains`` every reachable gain (ascending)."""

    hold_from: int | None
    depends_from: int | None
    gains: tuple[int, ...]

    def to_json(self) -> dict:
        return {"hold_from": self.hold_from, "depends_from": self.depends_from, "gains": list(self.gains)}

    @classmethod
    def of(cls, gains, rolled, held) -> HoldThreshold | None:
        """From the gains (ascending) at which some state of a cell occurs, rolling is best in
        some, and holding in some: rolling best at the top gain means no threshold; else holding
        is best from the first gain past the last one that rolls."""
        gains, rolled, held = (list(map(int, x)) for x in (gains, rolled, held))
        if not gains:
            return None
        if rolled and rolled[-1] == gains[-1]:
            hold_from = None
        else:
            hold_from = next(g for g in gains if g > rolled[-1]) if rolled else gains[0]
        return cls(hold_from, held[0] if held else None, tuple(gains))


def hold_thresholds(game, turn: FactoredTurnValues, cell_of: np.ndarray, cells: int) -> list[HoldThreshold | None]:
    """The roll/hold boundary of a factored turn, summarised over cells of configurations
    (``cell_of`` (C,): each configuration's cell, -1 for none): for each cell, where the best
    action turns from roll to hold as the gain grows, over every reachable state of the cell
    (None: it has none). Ties hold, as the advice does. A turn with thousands of
    configurations cannot be drawn state by state; its boundary by cells is a few numbers."""
    reach = reachable_turn_states(game)
    step = game.gain_step
    roll, hold = turn.turn.roll, turn.turn.hold
    rolls = ~np.isnan(roll) & (np.isnan(hold) | (roll > hold))
    shown = reach & ~(np.isnan(roll) & np.isnan(hold))
    shown[: turn.lowest_gain // step] = False
    inside = cell_of >= 0
    # (cells, G + 1): whether some state of the cell at that gain is shown, rolls, holds
    def per_cell(mask):
        out = np.zeros((cells, mask.shape[0]), bool)
        gain, c = np.nonzero(mask[:, inside])
        out[cell_of[inside][c], gain] = True
        return out

    any_shown, any_roll, any_hold = per_cell(shown), per_cell(shown & rolls), per_cell(shown & ~rolls)
    return [
        HoldThreshold.of(*(np.flatnonzero(mask[k]) * step for mask in (any_shown, any_roll, any_hold)))
        for k in range(cells)
    ]


def panel_turns(game, anchor_values: np.ndarray, anchors: np.ndarray, progress=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The turns of many anchors at once, for a boundary picture: ``(roll, hold, reach)``, each
    (B, G + 1), the values of rolling and holding at each gain of these anchors' turns (B, V)
    (``nan`` where not allowed) and whether the state can occur, in the configuration
    ``game.panel_configuration`` picks at each anchor (by default the turn's start; Pig's
    target model: the target chosen). The rules' turn graph, swept in batches; ``progress``
    (stage, fraction) is told after each (Pig with a turn limit: seconds of work)."""
    endings = _Endings.of(game)
    rows = endings.index.rows(anchors)
    graph, columns = game.factored_turn()
    reach = reachable_turn_states(game)
    B, G = len(rows), endings.top + 1
    roll, hold, seen = np.full((B, G), np.nan), np.full((B, G), np.nan), np.zeros((B, G), bool)
    for part in endings.batches(np.arange(B), graph.n_configurations):
        terminal, following = endings.at(rows[part])
        ending = np.where(np.isnan(terminal), 1.0 - anchor_values[np.maximum(following, 0)], terminal)
        _, roll_ok, hold_ok = endings.masks(rows[part], terminal, columns, game.can_roll)
        turn = sweep(graph, ending, roll_ok, hold_ok, ending[:, 0])
        config = game.panel_configuration(turn.value[:, 0, :], np.asarray(anchors)[part], columns)
        at = (np.arange(len(part))[:, None], np.arange(G)[None, :], config[:, None])
        roll[part], hold[part] = turn.roll[at], turn.hold[at]
        seen[part] = reach[:, config].T
        if progress is not None:
            progress("the boundary's turns", float(part[-1] + 1) / B)
    return roll, hold, seen


def ending_values(game, anchor: tuple[int, ...], anchor_value) -> np.ndarray:
    """(G + 1,) the mover's value of ending the turn at ``anchor`` having banked each gain:
    the game's result, or ``1 - anchor_value(next anchor)`` (``nan`` past the bound)."""
    step = game.gain_step
    top = game.var_range(game.turn_vars[0])[1] // step
    out = np.full(top + 1, np.nan)  # nan: a gain past the bound, which no turn reaches
    for n in range(top + 1):
        end = game.turn_end(tuple(anchor), n * step, 1)
        if end.mover_value is not None:
            out[n] = end.mover_value
        elif game.has_anchor(tuple(int(x) for x in end.state.anchor)):
            out[n] = 1.0 - anchor_value(end.state.anchor)
    return out


@dataclass(frozen=True)
class FactoredSolution:
    """Optimal play of a game solved by :func:`anchor_values`: the turn-start values (A,),
    and any state's action values from its anchor's turn, swept when asked (the last few
    anchors' turns are kept)."""

    game: object
    anchor_values: np.ndarray
    iterations: int
    residual: float
    _turns: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def n_states(self) -> int:
        graph, _ = self.game.factored_turn()
        return len(self.anchor_values) * graph.n_configurations * (self.game.var_range(self.game.turn_vars[0])[1] + 1)

    def anchor_value(self, anchor: tuple[int, ...]) -> float:
        return probability(self.anchor_values[self.game.anchor_row(anchor)])

    def turn(self, anchor: tuple[int, ...]) -> FactoredTurnValues:
        key = self.game.anchor_key(anchor)
        if key not in self._turns:
            if len(self._turns) >= 8:
                self._turns.pop(next(iter(self._turns)))
            self._turns[key] = anchor_turn(self.game, key, ending_values(self.game, key, self.anchor_value))
        return self._turns[key]

    def value(self, state) -> float:
        if tuple(state.turn) == tuple(self.game.turn_start):
            return self.anchor_value(state.anchor)  # no sweep needed for a turn start
        return probability(self.turn(state.anchor).value_at(state.turn))

    def action_values(self, state) -> dict[str, float | None]:
        return {a: probability(v) for a, v in self.turn(state.anchor).action_values(state.turn).items()}

    def best_action(self, state) -> str:
        return self.turn(state.anchor).best_action(state.turn)

    def p_first_player_wins(self, komi: int = 0) -> float:
        anchor = self.game.start_anchor(komi)
        try:
            return self.anchor_value(anchor)
        except InvalidStateError:
            raise InvalidStateError(f"{self.game.name}: a komi of {komi} is outside the table") from None

    # -- the rest of the solution protocol (pycore.jeopardy.solution.GameSolution) ------------

    @property
    def optimal_policy(self) -> None:
        """Optimal play as :meth:`matchup` takes an opponent: None (no table of actions is
        kept; the optimal player's turns are swept from the turn-start values)."""
        return None

    def matchup(self, policy, against=None, label: str = "Your rule", against_label: str = "Optimal") -> Matchup:
        """A policy against optimal play, exactly (the only matchup this solution evaluates)."""
        if against is not None or not isinstance(policy, Policy):
            raise InvalidPolicyError(f"{self.game.name}: only a policy against optimal play can be evaluated")
        [(first, second)] = evaluate_against_optimal(self.game, self.anchor_values, [policy.rule],
                                                     choices=choices_of(self.game, [policy]))
        return Matchup(first, second, label, against_label)

    def against_optimal(self, policies, progress=None) -> list[Matchup]:
        """Each policy against optimal play, evaluated together (one sweep of the optimal actions)."""
        results = evaluate_against_optimal(self.game, self.anchor_values, [p.rule for p in policies], progress=progress,
                                           choices=choices_of(self.game, policies))
        return [Matchup(first, second, p.name, "Optimal") for p, (first, second) in zip(policies, results, strict=True)]

    def expected_turns(self) -> float:
        """The expected length, in turns, of a game between optimal players."""
        return expected_turns(self.game, self.anchor_values)

    def mistakes(self, policy, limit: int = 10) -> dict:
        raise InvalidPolicyError(f"{self.game.name}: where a policy goes wrong is not computed for this game yet")


def choices_of(game, policies) -> list:
    """Each policy's choices after a roll for the factored sweep (None: the first option)."""
    return [None if p.choose is None else p.choose(game) for p in policies]


def solve_factored(game, progress=None, tolerance: float = TOLERANCE) -> FactoredSolution:
    """Optimal play of a game whose turn is solved by the factored sweep (``game.factored``)."""
    stats: dict = {}
    values = anchor_values(game, tolerance=tolerance, progress=progress, stats=stats)
    return FactoredSolution(game, values, stats["sweeps"], stats.get("residual", 0.0))


def evaluate_against_optimal(game, optimal: np.ndarray, rules: list, progress=None,
                             choices: list | None = None) -> list[tuple[float, float]]:
    """Exact win probabilities of each policy against optimal play, (moving first, moving second).

    ``optimal``: the game's optimal turn-start values (A,), whose turns give the optimal
    player's actions (swept once for all the policies); ``rules``: each ``rule(**columns)``
    where a policy rolls (a :class:`~pycore.jeopardy.rules.Policy` rule). Two unknowns per anchor: ``P`` (the policy
    moves there) and ``O`` (the optimal player moves). Layer by layer, ``P``'s turn is swept
    with holding worth ``1 - O(next anchor)`` and ``O``'s with ``1 - P(next)``; both are
    policy evaluations, linear in the zero-gain endings' values, so the layer's pairs
    (``P_a`` with ``O_partner``) are solved exactly by one linear system. Three sweeps an
    anchor and policy: the optimal actions (shared), then the two evaluations.

    A graph with choices: each policy's alternative at each (gain, outcome), ``choices[k]``
    ((G + 1, N) transitions; None: the first alternative, as a :class:`Policy` takes), and
    the optimal player's as its own sweep recorded them."""
    graph, columns, can_roll = game.start_graph()
    endings = _Endings.of(game)
    top = endings.top
    K = len(rules)
    by_policy = np.zeros((K, len(endings.anchors)))  # P: the policy moves at the anchor
    by_optimal = np.zeros((K, len(endings.anchors)))  # O: the optimal player moves
    zero_gain_ending = (np.eye(top + 1)[0], 1.0)
    has_choices = graph.choice is not None
    if has_choices:
        first_alternative = np.unique(graph.choice, return_index=True)[1]
        choices = [first_alternative if c is None else c for c in (choices or [None] * K)]
    else:
        choices = [None] * K
    stages = endings.stages()
    for done, stage in enumerate(stages, 1):
        members, inside, position = stage.members, stage.inside, stage.position
        n = len(members)
        terminal, rows = endings.at(members)
        found = {name: np.empty((K, n)) for name in ("P", "sP", "O", "sO", "uP", "uO")}
        for part in endings.batches(np.arange(n), graph.n_configurations):
            state, roll_ok, hold_ok = endings.masks(members[part], terminal[part], columns, can_roll)
            # a policy's choices: one for every anchor, or a function of the anchors' columns
            chosen_by = [c(state) if callable(c) else c for c in choices]
            ending = np.isnan(terminal[part])
            after = np.maximum(rows[part], 0)
            first = terminal[part, 0]
            # the optimal player's actions at these anchors, from the optimal values
            best = sweep(graph, np.where(ending, 1.0 - optimal[after], terminal[part]), roll_ok, hold_ok,
                         np.where(np.isnan(first), 1.0 - optimal[after[:, 0]], first), record_choices=has_choices)
            chooses_roll = ~np.isnan(best.roll) & (np.isnan(best.hold) | (best.roll > best.hold))
            for k, rule in enumerate(rules):
                rule_rolls = np.broadcast_to(np.asarray(rule(**state), bool), (len(part), top + 1, graph.n_configurations))
                for mover, other, policy, choose in (("P", by_optimal[k], rule_rolls, chosen_by[k]),
                                                     ("O", by_policy[k], chooses_roll, best.chosen)):
                    u = np.where(np.isnan(first), 1.0 - other[after[:, 0]], first)
                    turn = sweep(graph, np.where(ending, 1.0 - other[after], terminal[part]), roll_ok, hold_ok, u,
                                 policy=policy, follow=(zero_gain_ending,), choose=choose)
                    found[mover][k, part] = turn.value[:, 0, graph.start]
                    found["s" + mover][k, part] = turn.followed[0][:, 0, graph.start]
                    found["u" + mover][k, part] = u
        # exact for fixed policies: P_a = P(u) + sP (1 - O_partner - uP), and O likewise
        rows_in = np.flatnonzero(inside)
        for k in range(K):
            if not inside.any():  # nothing in the stage leads to another of it: the sweeps are exact
                by_policy[k, members], by_optimal[k, members] = found["P"][k], found["O"][k]
                continue
            system = np.eye(2 * n)
            system[rows_in, n + position] += found["sP"][k, rows_in]
            system[n + rows_in, position] += found["sO"][k, rows_in]
            rhs = np.concatenate([
                found["P"][k] + np.where(inside, found["sP"][k] * (1.0 - found["uP"][k]), 0.0),
                found["O"][k] + np.where(inside, found["sO"][k] * (1.0 - found["uO"][k]), 0.0),
            ])
            solved = np.linalg.solve(system, rhs)
            by_policy[k, members], by_optimal[k, members] = solved[:n], solved[n:]
        if progress:
            progress(f"stage {done} of {len(stages)}", done / len(stages))
    start = game.anchor_row(game.start_anchor(0))
    return [(float(by_policy[k, start]), float(1.0 - by_optimal[k, start])) for k in range(K)]
