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

from dataclasses import dataclass

import numpy as np

from pycore.core.errors import InvalidRequestError, InvalidStateError, SolverError
from pycore.core.progress import Progress
from pycore.jeopardy.model.compiled import Model
from pycore.jeopardy.model.compiler import compile_game
from pycore.jeopardy.model.level_sweep import check_greedy, group_q, initial_u, q_values, sweep_levels, values_of, zero_gain_values
from pycore.jeopardy.policies.evaluation import evaluate, occupancy, policy_table
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, State, probability
from pycore.jeopardy.solving.solution import Matchup, TwoSeats

MAX_SWEEPS = 60


@dataclass(frozen=True)
class Solution(TwoSeats):
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
        return q_values(self.model, self.padded_values, self.x, zero_gain_values(self.model, self.x))

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
        q_roll, q_hold = group_q(group, self.padded_values, holds, zero_gain_values(self.model, self.x))
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

    # -- the rest of the solution protocol (pycore.jeopardy.solving.solution.GameSolution) ------------

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
                    "state": Notation(game).values(state),
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


def solve_tabulated(game: JeopardyGame, progress: Progress | None = None, anchor_values=None) -> Solution:
    """Optimal play for ``game``: policy iteration by level sweeps, stopped
    when the policy is greedy with respect to its own exact values.

    ``anchor_values`` ((A,), e.g. a cached ``Solution.anchor_values``) only
    warm-starts the iteration: with the right values one sweep suffices, and
    wrong ones cost sweeps, never exactness. Ones that cannot be values of
    this game (wrong length, outside [0, 1]) raise InvalidRequestError.

    The callers' entrance is :func:`pycore.jeopardy.solving.dispatch.solve`, which checks the game's
    size first and reads shipped tables."""
    model = compile_game(game)
    u = initial_u(model)
    if anchor_values is not None:
        x0 = np.asarray(anchor_values, dtype=float)
        if x0.shape != (model.A,) or not np.all((x0 >= 0) & (x0 <= 1)):
            raise InvalidRequestError(
                f"{game.name}: cached anchor values must be {model.A} probabilities, got shape {x0.shape}"
            )
        u = zero_gain_values(model, x0)
    previous_roll = previous_chosen = None
    for sweep in range(1, MAX_SWEEPS + 1):
        result = sweep_levels(model, u_guess=u, fixed=None, progress=progress, stage=f"sweep {sweep}")
        u = zero_gain_values(model, result.x)
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
            values = values_of(model, result.alpha, result.beta, u)
            result = None  # alpha and beta (16 bytes a state) are not needed for the backup
            greedy, residual = check_greedy(model, roll, chosen, values, x, u)
            if repeated or greedy:
                break
            del values
        previous_roll, previous_chosen = roll, chosen
        result = None  # its alpha and beta are not needed again: the next sweep reuses the memory
    else:
        raise SolverError(f"{game.name}: the policy did not settle within {MAX_SWEEPS} sweeps")
    return Solution(game, model, padded_values=values, state_policy=roll, x=x, iterations=sweep, residual=residual)
