r"""Exact optimal play and exact policy evaluation for any jeopardy game.

Notation: ``a`` an anchor (who moves, banked scores), ``t`` a turn state,
``V(a, t)`` the probability that the player to move wins. For a roll with
outcome probabilities ``P(t -> t')``, bust probability ``P_bust(t)`` and
self-loop probability ``P(t -> t)``, and with ``u(a)`` the mover's value of a
zero-gain turn end (``1 - V(n(a), start)`` for the partner anchor ``n(a)``
that a bust leads to, or the game's result if a bust ends it):

.. math::

    Q_{roll}(a,t) = \sum_{t'} P(t \to t') V(a,t') + P_{bust}(t)\, u(a)

    Q_{hold}(a,t) = \begin{cases} u(a) & gain(t) = 0 \\
                    1 - V(next(a, gain(t)), start) & \text{the game goes on} \\
                    result(a, gain(t)) & \text{the game ends} \end{cases}

    V(a,t) = \max(Q_{roll}, Q_{hold}) \text{ over the legal actions.}

A roll outcome that offers a choice of turn states (``Choice``) contributes
the best option's value, ``max_c V(a, t'_c)``, in place of ``V(a, t')``.

These are the papers' optimality equations (Pig: Neller & Presser 2004;
GRO and AYZD: Neller et al.), written once for every game.

**Why it is solved exactly and fast (the level sweep).** Let the *level* of a
cell be ``layer(a) + gain(t)`` (its score sum if held). Rolling never lowers
the level; holding reaches an anchor whose layer *is* that level; only a bust
goes down, to the partner anchor in ``layer(a)``. So, for a guess of the
bust values ``u``, one sweep from the highest level to the lowest fixes every
roll/hold choice and, holding ``u`` symbolic, writes each cell's value as an
affine function ``V = alpha + beta * u(a)`` whose coefficients use only
finished cells. At the turn start this gives, for each anchor and its
partner, two equations ``x_a = alpha_a + beta_a (1 - x_b)`` (and the same with
``a, b`` swapped) which are solved in closed form
(``x_a = (alpha_a + beta_a (1 - alpha_b - beta_b)) / (1 - beta_a beta_b)``;
``beta`` is the probability that the turn ends with nothing banked, below 1
because the bound forces a banking hold eventually). In a game with a turn
counter a zero-gain ending leads to a higher layer, already settled, so
``u(a)`` is known and ``x_a = alpha_a + beta_a u(a)`` directly. Self-loops (rolling
three footprints) are divided out: ``Q_roll / (1 - P(t -> t))``.

For *fixed* policies one sweep is therefore the exact policy evaluation (no
iteration at all). For optimal play the only unknown in the choices is ``u``:
each sweep is a policy-iteration step (choose greedily -- roll or hold, and
which option after a roll -- using the previous sweep's ``u``, then evaluate
the chosen policy exactly). We stop when a sweep
chooses the same policy as the sweep before: that policy is greedy with
respect to its own exact values, i.e. a fixed point of the optimality
equations, which has a unique solution because the game ends with
probability 1 under every policy (the bounded tables make every turn end and
every layer strictly increase between banking turns). A final one-step
Bellman backup over every cell reports the residual
``max |V - max(Q_roll, Q_hold)|`` (about 1e-16).

Plain global value iteration (:func:`value_iteration`, the papers' method,
kept as a baseline for ``bench/``) needs hundreds of sweeps to get below
1e-14 because a player with many dice can bust with probability close to 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core.errors import InvalidRequestError, InvalidStateError, SolverError
from .factored import FactoredSolution, solve_factored
from .model import BLOCK, Model, compile_game
from .rules import HOLD, ROLL, JeopardyGame, Policy, State, probability
from .solution import GameSolution, Matchup

Progress = Callable[[str, float], None]

MAX_SWEEPS = 60


@dataclass(frozen=True)
class Solution:
    """Optimal play of one game, kept in the sweep's order (one entry per state: a table's
    invalid cells cost nothing). The action values (``Q_roll``, ``Q_hold``) are not kept
    (16 bytes a state): they are one backup from the values, made when asked for, a group
    of cells for one state's advice. The ``(A, T)`` tables over the model's anchors and
    turn states (``values``, ``policy``, and ``action_tables()``: the values after rolling
    and after holding, from one backup) are built when asked for; ``nan`` marks cells that
    are not states (or actions that are not legal there)."""

    game: JeopardyGame
    model: Model
    padded_values: np.ndarray  # (N + 1,) P(mover wins) under optimal play; the last, 0, is the padding's
    state_policy: np.ndarray  # (N,) bool, True where the optimal action is to roll
    x: np.ndarray  # (A,) the turn starts' values as the last sweep solved them (holds are worth 1 - x)
    iterations: int
    residual: float

    @property
    def n_states(self) -> int:
        return self.model.n_states

    @property
    def state_values(self) -> np.ndarray:
        """(N,) P(mover wins) under optimal play."""
        return self.padded_values[:-1]

    def state_action_values(self) -> tuple[np.ndarray, np.ndarray]:
        """((N,), (N,)) P(mover wins) after rolling, and after holding, then optimal play
        (nan where the action is illegal): new arrays on each call."""
        return _q_values(self.model, self.padded_values, self.x, _zero_gain_values(self.model, self.x))

    @property
    def values(self) -> np.ndarray:
        """(A, T) P(mover wins) under optimal play (a new table on each call)."""
        return self.model.table(self.state_values, np.nan)

    def action_tables(self) -> tuple[np.ndarray, np.ndarray]:
        """((A, T), (A, T)): P(mover wins) after rolling, and after holding, then optimal
        play, from one backup (new tables on each call)."""
        q_roll, q_hold = self.state_action_values()
        return self.model.table(q_roll, np.nan), self.model.table(q_hold, np.nan)

    @property
    def policy(self) -> np.ndarray:
        """(A, T) bool, True where the optimal action is to roll."""
        return self.model.table(self.state_policy, False)

    def _position(self, state: State) -> int:
        return int(self.model.position[self.model.cell(state)])

    def value(self, state: State) -> float:
        return probability(self.state_values[self._position(state)])

    def anchor_value(self, anchor: tuple[int, ...]) -> float:
        """P(mover wins) at the start of the turn at ``anchor``."""
        return self.value(State(self.game.name, tuple(anchor), self.game.turn_start))

    def action_values(self, state: State) -> dict[str, float | None]:
        """{"roll": P, "hold": P} for the mover; None for an illegal action (the backup of
        the state's group of cells: the same numbers as the whole tables')."""
        n = self._position(state)
        group = self.model.schedule.group_at(n)
        holds = self.model.schedule.hold_table(self.x)
        q_roll, q_hold = _group_q(group, self.padded_values, holds, _zero_gain_values(self.model, self.x))
        return {ROLL: probability(q_roll[n - group.lo]), HOLD: probability(q_hold[n - group.lo])}

    def best_action(self, state: State) -> str:
        return ROLL if self.state_policy[self._position(state)] else HOLD

    def best_option(self, options: tuple[State, ...]) -> int:
        """Index of the best of the turn states a roll lets the mover choose from."""
        return int(np.argmax([self.value(o) for o in options]))

    @property
    def anchor_values(self) -> np.ndarray:
        """(A,) P(mover wins) at every turn start: all a warm start (or a prebuilt table) needs."""
        return self.state_values[self.model.start_pos]

    def p_first_player_wins(self, komi: int = 0) -> float:
        """P(first player wins) with both playing optimally, the first player
        starting ``komi`` points ahead (negative: behind)."""
        anchor = self.game.start_anchor(komi)
        try:
            a = self.model.anchor_index(anchor)
        except InvalidStateError:
            raise InvalidStateError(f"{self.game.name}: a komi of {komi} is outside the table") from None
        return probability(self.state_values[self.model.start_pos[a]])

    # -- the rest of the solution protocol (pycore.jeopardy.solution.GameSolution) ------------

    @property
    def optimal_policy(self) -> np.ndarray:
        """Optimal play as :meth:`matchup` takes an opponent: the (A, T) roll table."""
        return self.policy

    def matchup(self, policy, against=None, label: str = "Your rule", against_label: str = "Optimal") -> Matchup:
        """A policy (or roll table) against ``against`` (default: optimal play), exactly."""
        result = evaluate(self.game, policy, self.policy if against is None else against)
        return Matchup(result.win_rate_first, result.win_rate_second, label, against_label)

    def against_optimal(self, policies, progress=None) -> list[Matchup]:
        """Each policy against optimal play, one evaluation each."""
        return [self.matchup(p, label=p.name) for p in policies]

    def expected_turns(self) -> float:
        """The expected length, in turns, of a game between optimal players."""
        return occupancy(self.game, self.policy, self.policy, True).turns

    def mistakes(self, policy, limit: int = 10) -> dict:
        """The policy's disagreements with optimal play, weighted by how often
        they are reached against an optimal opponent (each seat equally likely)."""
        game, model = self.game, self.model
        A = model.A
        first = occupancy(game, policy, self.policy, x_first=True)
        second = occupancy(game, policy, self.policy, x_first=False)
        visits = (first.visits[:A] + second.visits[:A]) / 2
        choices = policy_table(model, policy)
        both = model.can_roll & model.can_hold
        roll_values, hold_values = self.action_tables()
        cost = np.where(both & (choices != self.policy), np.abs(roll_values - hold_values), 0.0)
        cost = np.nan_to_num(cost)
        weighted = visits * cost
        order = np.argsort(weighted, axis=None)[::-1]
        rows = []
        for flat in order[:limit]:
            a, t = divmod(int(flat), model.T)
            if weighted[a, t] <= 0:
                break
            state = model.state_at(a, t)
            rows.append(
                {
                    "state": game.state_values(state),
                    "policy": "roll" if choices[a, t] else "hold",
                    "best": "roll" if self.policy[a, t] else "hold",
                    "cost": float(cost[a, t]),
                    "visits": float(visits[a, t]),
                    "weighted": float(weighted[a, t]),
                }
            )
        return {
            "loss": float(weighted.sum()),
            "win_rate": (first.x_wins + second.x_wins) / 2,
            "ended": (first.ended + second.ended) / 2,
            "disagreeing_states": int(np.count_nonzero(cost)),
            "reached_disagreeing_states": int(np.count_nonzero(weighted)),
            "costliest": rows,
            "tables": (visits, cost),
        }


@dataclass(frozen=True)
class ValueIterationResult:
    """Plain value iteration's values (sweep order) and the iterations it took."""

    values: np.ndarray
    iterations: int


def solve(game: JeopardyGame, progress: Progress | None = None, anchor_values=None,
          check: bool = True, shipped: bool = False) -> GameSolution:
    """Optimal play for ``game``: policy iteration by level sweeps, stopped
    when the policy is greedy with respect to its own exact values.

    ``anchor_values`` ((A,), e.g. a cached ``Solution.anchor_values``) only
    warm-starts the iteration: with the right values one sweep suffices, and
    wrong ones cost sweeps, never exactness. Ones that cannot be values of
    this game (wrong length, outside [0, 1]) raise InvalidRequestError.

    A game whose turn is too large for the table (``game.factored``) is solved by the
    factored sweep instead: a :class:`~pycore.jeopardy.factored.FactoredSolution`, which
    answers the same questions (values, komi) from its turn-start values. ``check`` False
    skips the game's live-size check (``check_solvable``: a table built offline).

    ``shipped``: ``anchor_values`` are a shipped table's, checked against its sha256 when read.
    The factored sweep takes them as they are (no sweep: its turns are swept when asked, and
    ``iterations`` is 0); the tabulated solve is warm-started by them (one sweep confirms them)."""
    if shipped and game.factored:
        return FactoredSolution(game, np.asarray(anchor_values, float), 0, 2.0**-30)
    if check:
        game.check_solvable()
    if game.factored:
        return solve_factored(game, progress)
    model = compile_game(game)
    u = _initial_u(model)
    if anchor_values is not None:
        x0 = np.asarray(anchor_values, dtype=float)
        if x0.shape != (model.A,) or not np.all((x0 >= 0) & (x0 <= 1)):
            raise InvalidRequestError(
                f"{game.name}: cached anchor values must be {model.A} probabilities, got shape {x0.shape}"
            )
        u = _zero_gain_values(model, x0)
    previous_roll = previous_chosen = None
    for sweep in range(1, MAX_SWEEPS + 1):
        result = _sweep(model, u_guess=u, fixed=None, progress=progress, stage=f"sweep {sweep}")
        u = _zero_gain_values(model, result.x)
        # The sweep chose greedily against the previous policy's exact values; choosing the
        # same policy again proves it greedy with respect to its own values: optimal. When
        # few choices changed (the changes shrink 3-30 times a sweep) that is checked at once
        # with a one-step backup, which the result needs anyway, saving the repeat sweep; a
        # warm start checks its first sweep, and every tenth sweep checks in case rounding
        # makes tied choices alternate.
        if previous_roll is None:
            changed = None
        else:
            changed = int(np.count_nonzero(result.roll != previous_roll))
            if model.has_choices:
                changed += int(np.count_nonzero(np.any(result.chosen != previous_chosen, axis=1)))
        repeated = changed == 0
        few = changed is not None and changed <= model.N // 2000
        roll, chosen, x = result.roll, result.chosen, result.x
        if repeated or few or (sweep == 1 and anchor_values is not None) or sweep % 10 == 0:
            values = _values(model, result.alpha, result.beta, u)
            result = None  # alpha and beta (16 bytes a state) are not needed for the backup
            greedy, residual = _check(model, roll, chosen, values, x, u)
            if repeated or greedy:
                break
            del values
        previous_roll, previous_chosen = roll, chosen
        result = None  # its alpha and beta are not needed again: the next sweep reuses the memory
    else:
        raise SolverError(f"{game.name}: the policy did not settle within {MAX_SWEEPS} sweeps")
    return Solution(game, model, padded_values=values, state_policy=roll, x=x, iterations=sweep, residual=residual)


def _check(model: Model, roll, chosen, values, x, u) -> tuple[bool, float]:
    """One backup, a group at a time (no whole-table temporaries): whether a sweep's choices
    (``roll`` (N,) and, with choices, ``chosen`` (N, R)) are greedy for the values found
    ((N + 1,); a tie within rounding keeps the choice made), and the residual
    ``max |V - max(Q_roll, Q_hold)|``."""
    holds = model.schedule.hold_table(x)
    greedy = True
    residual = 0.0
    for group in model.groups:
        lo, hi = group.lo, group.hi
        q_roll, q_hold = _group_q(group, values, holds, u)
        both = ~np.isnan(q_roll) & ~np.isnan(q_hold)
        if np.any(both & np.where(roll[lo:hi], q_hold > q_roll + 1e-15, q_roll > q_hold + 1e-15)):
            greedy = False
        if model.has_choices and greedy:
            best = _best_options(group.succ_pos, values)
            greedy = not np.any(values[best] > values[chosen[lo:hi]] + 1e-15)
        if hi > lo:
            residual = max(residual, float(np.max(np.abs(values[lo:hi] - np.fmax(q_roll, q_hold)))))
    return greedy, residual


def _best_options(succ_pos: np.ndarray, values: np.ndarray) -> np.ndarray:
    """(n, R) sweep positions of the best option of each roll outcome, for
    values ((N + 1,), zero slot last). Games without choices: the outcomes."""
    if succ_pos.ndim == 2:
        return succ_pos
    pad = values.size - 1
    option_values = np.where(succ_pos == pad, -np.inf, values.take(succ_pos))
    pick = np.argmax(option_values, axis=2)
    return np.take_along_axis(succ_pos, pick[:, :, None], axis=2)[:, :, 0]


def _values(model: Model, alpha, beta, u) -> np.ndarray:
    """(N + 1,) the values V = alpha + beta u in sweep order, the last the zero slot that
    padding points to: written over ``alpha`` (which is returned), a block at a time, so
    the backup needs no whole-table temporaries."""
    for lo in range(0, model.N, BLOCK):
        hi = min(lo + BLOCK, model.N)
        product = u.take(model.order_anchor[lo:hi])
        product *= beta[lo:hi]
        alpha[lo:hi] += product
    return alpha


def _group_q(group, values: np.ndarray, holds: np.ndarray, u: np.ndarray):
    """Q_roll and Q_hold of one group's cells ((n,) each; nan where the action is illegal)
    from the values ((N + 1,), zero slot last), the hold table and the zero-gain values u."""
    u_cell = u.take(group.anchor)
    rolled = values.take(_best_options(group.succ_pos, values)) @ group.succ_prob
    rolled += group.self_prob * values[group.lo : group.hi] + group.bust_prob * u_cell
    held = holds.take(group.hold_slot)
    if group.zero_gain:
        held += u_cell
    return np.where(group.can_roll, rolled, np.nan), np.where(group.can_hold, held, np.nan)


def _q_values(model: Model, values: np.ndarray, x: np.ndarray, u: np.ndarray):
    """Q_roll and Q_hold of every cell (sweep order; nan where the action is
    illegal) from the values ((N + 1,), zero slot last), the anchor values x
    and the zero-gain values u."""
    q_roll = np.empty(model.N)
    q_hold = np.empty(model.N)
    holds = model.schedule.hold_table(x)
    for group in model.groups:
        q_roll[group.lo : group.hi], q_hold[group.lo : group.hi] = _group_q(group, values, holds, u)
    return q_roll, q_hold


def policy_table(model: Model, policy: Policy | np.ndarray) -> np.ndarray:
    """A policy as a (A, T) bool table of rolls, restricted to legal actions:
    where the rule's action is illegal the only legal action is played.

    Every policy takes an immediate win: where holding wins the game on the
    spot, rolling is not a move (see :meth:`JeopardyGame.legal_actions`). The
    papers count those states as won ("at which point player 2 can and should
    hold, winning the game", AYZD section 3), and their policy figures are
    reproduced only that way (e.g. AYZD Fixed Hold-At keeps rolling with no
    shotguns, even past the winning score)."""
    if isinstance(policy, Policy):
        wants = np.broadcast_to(np.asarray(policy.rule(**model.columns()), dtype=bool), (model.A, model.T))
    else:
        wants = np.asarray(policy, dtype=bool)
        if wants.shape != (model.A, model.T):
            raise ValueError(f"a policy table must have shape {(model.A, model.T)}, got {wants.shape}")
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
    values = _sweep(paired, u_guess=None, fixed=fixed, progress=None, stage="evaluate").x
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
    swept = _sweep(paired, u_guess=None, fixed=fixed, progress=None, stage="visits")
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


_PAIRED: dict[int, Model] = {}


def _paired(model: Model) -> Model:
    key = id(model)
    if key not in _PAIRED:
        _PAIRED.clear()  # keep one: paired models are as large as the game
        _PAIRED[key] = model.paired()
    return _PAIRED[key]


def _initial_u(model: Model) -> np.ndarray:
    end0 = model.end_value0
    return np.where(np.isnan(end0), 0.5, end0)


def _zero_gain_values(model: Model, x: np.ndarray) -> np.ndarray:
    partner = model.end_next0
    return np.where(partner >= 0, 1.0 - x[np.maximum(partner, 0)], model.end_value0)


@dataclass(frozen=True)
class _Swept:
    """What one level sweep found, in sweep order: alpha, beta ((N + 1,), the
    last a zero slot), roll ((N,) bool), the chosen option of each roll
    outcome ((N, R) sweep positions) and the exact anchor values x ((A,))."""

    alpha: np.ndarray
    beta: np.ndarray
    roll: np.ndarray
    chosen: np.ndarray
    x: np.ndarray


def _sweep(model: Model, u_guess, fixed, progress: Progress | None, stage: str) -> _Swept:
    """One level sweep over the cells in sweep order (see :mod:`pycore.jeopardy.model`).

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
    return _Swept(alpha, beta, roll, chosen, x)


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


def value_iteration(game: JeopardyGame, tolerance: float = 1e-14, max_iterations: int = 100_000) -> ValueIterationResult:
    """Plain global value iteration (the papers' method): repeat the
    one-step backup on every cell until the largest change is below
    ``tolerance``. The benchmarks' baseline."""
    model = compile_game(game)
    N = model.N
    values = np.zeros(N + 1)
    for iteration in range(1, max_iterations + 1):
        x = values[model.start_pos]
        new = np.fmax(*_q_values(model, values, x, _zero_gain_values(model, x)))
        change = float(np.max(np.abs(new - values[:N])))
        values[:N] = new
        if change < tolerance:
            return ValueIterationResult(values[:N], iteration)
    raise SolverError(f"{game.name}: value iteration did not converge in {max_iterations} iterations")
