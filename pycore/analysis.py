"""What the papers report, computed from a solution: komi and policy gaps.

* **Komi**: the first player starts ``points`` ahead (negative: the second
  player starts ahead); ``P(first player wins)`` under optimal play is read
  straight off the solved table, since those start positions are anchors.
* **Policy difference** (the papers' Fig. 2/3): a policy plays the optimal
  player, each seat equally likely; the difference is the policy's win rate
  minus the optimal player's, ``2 w - 1`` for a policy win rate ``w``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidParameterError, InvalidPolicyError
from .rules import Policy
from .solver import Solution, evaluate


@dataclass(frozen=True)
class KomiRow:
    points: int
    p_first_player_wins: float


@dataclass(frozen=True)
class PolicyResult:
    name: str
    description: str
    source: str
    expression: str  # the rule in the rule language
    difference: float  # policy's win rate minus the optimal player's
    win_rate: float  # against the optimal player, each seat equally likely
    win_rate_first: float  # moving first
    win_rate_second: float  # moving second


def default_komi_range(solution: Solution) -> int:
    return max(1, solution.game.params["goal"] // 4)


def komi_table(solution: Solution, max_points: int | None = None) -> list[KomiRow]:
    """P(first player wins) for head starts -max_points..max_points."""
    goal = solution.game.params["goal"]
    if max_points is None:
        max_points = default_komi_range(solution)
    if not 0 <= max_points < goal:
        raise InvalidParameterError(f"komi range must be between 0 and {goal - 1} points, got {max_points}")
    return [KomiRow(c, solution.p_first_player_wins(c)) for c in range(-max_points, max_points + 1)]


def fairest_komi(rows: list[KomiRow]) -> KomiRow:
    """The head start that brings P(first player wins) closest to 1/2
    (the smaller head start on a tie)."""
    return min(rows, key=lambda r: (abs(r.p_first_player_wins - 0.5), abs(r.points)))


def find_policy(solution: Solution, name: str) -> Policy:
    policies = solution.game.human_policies()
    for policy in policies:
        if policy.name.lower() == name.strip().lower():
            return policy
    raise InvalidPolicyError(
        f"{solution.game.name} has no policy {name!r}; policies: {', '.join(p.name for p in policies)}"
    )


def policy_result(solution: Solution, policy: Policy) -> PolicyResult:
    ev = evaluate(solution.game, policy, solution.policy)
    return PolicyResult(
        policy.name,
        policy.description,
        policy.source,
        policy.expression,
        difference=2 * ev.x_win_rate - 1,
        win_rate=ev.x_win_rate,
        win_rate_first=ev.x_wins_moving_first,
        win_rate_second=ev.x_wins_moving_second,
    )


def policy_results(solution: Solution) -> list[PolicyResult]:
    """Every human-playable policy of the game against optimal play."""
    return [policy_result(solution, p) for p in solution.game.human_policies()]
