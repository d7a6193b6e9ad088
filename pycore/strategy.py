"""The strategy lab: any policy (a paper's, or a rule you write) evaluated
exactly against optimal play or another policy, and where it goes wrong.

**Where it goes wrong.** Against an optimal opponent, the policy's loss in
win probability is exactly the sum, over the states where it decides, of
(expected visits of the state) x (what its choice there costs), the cost
being the optimal values' gap ``|Q*(roll) - Q*(hold)|`` where the policy
disagrees with optimal play (0 elsewhere). Visits are exact (a forward pass,
:func:`pycore.solver.occupancy`), averaged over the two seats, so the listed
costs add up to the policy's loss ``1/2 - w`` (checked by the tests).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .analysis import find_policy
from .errors import InvalidPolicyError
from .rule_language import parse_rule
from .rules import Policy
from .solver import Solution, evaluate, occupancy, policy_table


def rule_policy(game, text: str) -> Policy:
    """A user's rule as a policy (RuleError, with its position, if rejected)."""
    rule = parse_rule(text, game.state_vars)
    return Policy("Your rule", rule.text, rule.roll, "written by you")


def choose_policy(solution: Solution, name: str | None = None, rule: str | None = None) -> tuple[str, object]:
    """(label, policy or table) for a paper policy name, a rule, or optimal play."""
    if rule is not None and name is not None:
        raise InvalidPolicyError("give a policy name or a rule, not both")
    if rule is not None:
        return "Your rule", rule_policy(solution.game, rule)
    if name is None or name.strip().lower() == "optimal":
        return "Optimal", solution.policy
    policy = find_policy(solution, name)
    return policy.name, policy


@dataclass(frozen=True)
class Matchup:
    label: str
    against: str
    win_rate_first: float  # the policy's win probability moving first
    win_rate_second: float

    @property
    def win_rate(self) -> float:
        return (self.win_rate_first + self.win_rate_second) / 2

    @property
    def difference(self) -> float:
        """The policy's win rate minus its opponent's (the papers' difference
        when the opponent is optimal)."""
        return 2 * self.win_rate - 1


def matchup(solution: Solution, policy, against=None, label="Your rule", against_label="Optimal") -> Matchup:
    opponent = solution.policy if against is None else against
    result = evaluate(solution.game, policy, opponent)
    return Matchup(label, against_label, result.x_wins_moving_first, result.x_wins_moving_second)


def mistakes(solution: Solution, policy, limit: int = 10) -> dict:
    """The policy's disagreements with optimal play, weighted by how often
    they are reached against an optimal opponent (each seat equally likely)."""
    game, model = solution.game, solution.model
    A = model.A
    first = occupancy(game, policy, solution.policy, x_first=True)
    second = occupancy(game, policy, solution.policy, x_first=False)
    visits = (first.visits[:A] + second.visits[:A]) / 2
    choices = policy_table(model, policy)
    both = model.can_roll & model.can_hold
    cost = np.where(both & (choices != solution.policy), np.abs(solution.roll_values - solution.hold_values), 0.0)
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
                "best": "roll" if solution.policy[a, t] else "hold",
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
