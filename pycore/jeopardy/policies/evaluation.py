"""Exact evaluation of fixed policies on a compiled game: one level sweep over the *paired*
model (anchors where X moves, then anchors where Y moves) gives X's exact win chance against
Y (:func:`evaluate`), and the expected visits of every cell (:func:`occupancy`): how often a
game between them reaches each state, and its expected length in turns.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pycore.core.cache import BoundedCache
from pycore.core.errors import InvalidPolicyError
from pycore.jeopardy.model.compiled import Model
from pycore.jeopardy.model.compiler import compile_game, paired_model
from pycore.jeopardy.model.level_sweep import sweep_levels
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import Policy
from pycore.jeopardy.solving.solution import Matchup


def policy_table(model: Model, policy: Policy | np.ndarray) -> np.ndarray:
    """A policy as a (A, T) bool table of rolls, restricted to legal actions:
    where the rule's action is illegal the only legal action is played.

    Every policy takes an immediate win: where holding wins the game on the
    spot, rolling is not a move (see :func:`pycore.jeopardy.rules.moves.legal_actions`). The
    papers count those states as won ("at which point player 2 can and should
    hold, winning the game", AYZD section 3), and their policy figures are
    reproduced only that way (e.g. AYZD Fixed Hold-At keeps rolling with no
    shotguns, even past the winning score)."""
    if isinstance(policy, Policy):
        wants = np.broadcast_to(np.asarray(policy.rule(**model.columns()), dtype=bool), (model.A, model.T))
    else:
        wants = np.asarray(policy, dtype=bool)
        if wants.shape != (model.A, model.T):
            raise InvalidPolicyError(f"a policy table must have shape {(model.A, model.T)}, got {wants.shape}")
    return model.can_roll & (wants | ~model.can_hold)


def _fixed_play(model: Model, x: Policy | np.ndarray, y: Policy | np.ndarray) -> tuple[Model, np.ndarray]:
    """The paired model (X's anchors, then Y's) and both policies' rolls in its sweep order."""
    paired = _paired(model)
    table = np.concatenate([policy_table(model, x), policy_table(model, y)])
    return paired, table[paired.order_anchor, paired.order_turn]


def evaluate(game: JeopardyGame, x: Policy | np.ndarray, y: Policy | np.ndarray, komi: int = 0) -> Matchup:
    """Exact win probabilities of policy X against policy Y (one sweep over
    the paired model: anchors where X moves, then anchors where Y moves).
    After a roll that offers a choice, both take the first option."""
    model = compile_game(game)
    paired, fixed = _fixed_play(model, x, y)
    values = sweep_levels(paired, u_guess=None, fixed=fixed, progress=None, stage="evaluate").x
    start = model.anchor_index(game.start_anchor(komi))
    return Matchup(float(values[start]), float(1.0 - values[model.A + start]))


@dataclass(frozen=True)
class Occupancy:
    """Exact expected visits of every state when X plays Y (paired model:
    rows 0..A-1 are X to move, A..2A-1 Y to move), for one starting seat.

    ``visits`` (2A, T): expected number of times each state is reached (a
    state rolled back into, like three footprints, counts each time);
    ``ended`` the probability that the game ends (1 up to rounding);
    ``x_wins`` P(X wins), computed from the flow into the game's endings;
    ``turns`` the expected number of turns played (both players', a turn rolled
    back into its own start counted once)."""

    visits: np.ndarray
    ended: float
    x_wins: float
    turns: float = 0.0


def occupancy(game: JeopardyGame, x: Policy | np.ndarray, y: Policy | np.ndarray, x_first: bool) -> Occupancy:
    """Forward pass over the level schedule in reverse (lowest level first).

    Mass enters a turn start from the start of the game or from a banking
    hold; within a turn it follows the rolls; a turn that ends with nothing
    banked (with probability beta, known from the exact evaluation sweep)
    passes its mass to the partner's turn start in the same layer, which is
    solved in closed form like the values: m_a = (e_a + beta_b e_b) / (1 -
    beta_a beta_b); with a turn counter it enters the partner's higher layer."""
    model = compile_game(game)
    paired, fixed = _fixed_play(model, x, y)
    swept = sweep_levels(paired, u_guess=None, fixed=fixed, progress=None, stage="visits")
    beta, chosen = swept.beta, swept.chosen
    A2 = paired.A
    N = paired.N
    start_beta = beta[paired.start_pos]
    end0 = paired.end_value0
    x_side = np.arange(A2) < model.A
    inflow = np.zeros(N + 1)
    visits = np.zeros(N + 1)
    entering = np.zeros(A2)  # turn starts arriving from outside the layer
    start = model.anchor_index(game.start_anchor(0))
    entering[start if x_first else model.A + start] = 1.0
    ended = 0.0
    x_wins = 0.0
    constants = paired.schedule.hold_constants

    def push(group):
        nonlocal ended, x_wins
        lo, hi = group.lo, group.hi
        rolls = fixed[lo:hi]
        here = inflow[lo:hi] / (1.0 - np.where(rolls, group.self_prob, 0.0))
        visits[lo:hi] = here
        rolled = np.where(rolls, here, 0.0)
        np.add.at(inflow, chosen[lo:hi], rolled[:, None] * group.succ_prob)
        if group.zero_gain:  # zero-gain endings travel through beta
            return
        held = np.where(rolls, 0.0, here)
        onward = group.hold_slot < A2
        np.add.at(entering, group.hold_slot[onward], held[onward])
        final = held[~onward]
        ended += final.sum()
        value = constants[group.hold_slot[~onward] - A2]
        x_wins += np.sum(final * np.where(x_side[group.anchor[~onward]], value, 1.0 - value))

    for level in reversed(paired.levels):
        for group in reversed(level.later):
            push(group)
        la = level.anchors
        if len(la):
            # the schedule's classes of this level's anchors (see Level); `entering` becomes
            # each turn start's total mass in place
            a, b = level.cycle, level.cycle_partner
            if len(a):
                den = 1.0 - start_beta[a] * start_beta[b]
                entering[a] = (entering[a] + start_beta[b] * entering[b]) / den
            for a, b in ((level.chain, level.chain_partner), (level.up, level.up_partner)):
                # a zero-gain ending passes the mass on: to a partner whose own leaves the
                # layer (settled below), or to a later turn, higher up
                np.add.at(entering, b, start_beta[a] * entering[a])
            ends = level.ends
            lost = start_beta[ends] * entering[ends]
            ended += lost.sum()
            value = end0[ends]
            x_wins += np.sum(lost * np.where(x_side[ends], value, 1.0 - value))
            inflow[paired.start_pos[la]] = entering[la]
        for group in reversed(level.first):
            push(group)
    # ``entering`` now holds each turn start's total mass: the expected turns begun there
    return Occupancy(paired.table(visits[:N], 0.0), float(ended), float(x_wins), float(entering.sum()))


#: model (by id; kept with it) -> its paired model: one, as paired models are as large as the game
_PAIRED = BoundedCache("paired models", 1)


def _paired(model: Model) -> Model:
    return _PAIRED.get(id(model), lambda: (model, paired_model(model)))[1]
