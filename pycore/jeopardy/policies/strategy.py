"""What the papers report and the strategy lab: komi, policies against optimal play,
any rule you write, and where a policy goes wrong.

* **Komi**: the first player starts ``points`` ahead (negative: the second
  player starts ahead); ``P(first player wins)`` under optimal play is read
  straight off the solved table, since those start positions are anchors.
* **Policy difference** (the papers' Fig. 2/3): a policy plays the optimal
  player, each seat equally likely; the difference is the policy's win rate
  minus the optimal player's, ``2 w - 1`` for a policy win rate ``w``
  (:class:`~pycore.jeopardy.solving.solution.Matchup`, the one result type of a matchup).
* **Where it goes wrong.** Against an optimal opponent, the policy's loss in
  win probability is exactly the sum, over the states where it decides, of
  (expected visits of the state) x (what its choice there costs), the cost
  being the optimal values' gap ``|Q*(roll) - Q*(hold)|`` where the policy
  disagrees with optimal play (0 elsewhere). Visits are exact (a forward pass,
  :func:`pycore.jeopardy.solving.tabulated.occupancy`), averaged over the two seats, so the
  listed costs add up to the policy's loss ``1/2 - w`` (checked by the tests).
"""

from __future__ import annotations

from dataclasses import dataclass

from pycore.core.errors import InvalidParameterError, InvalidPolicyError
from pycore.jeopardy.policies.rule_language import parse_rule
from pycore.jeopardy.rules.notation import column_names
from pycore.jeopardy.rules.vocabulary import Policy
from pycore.jeopardy.solving.solution import GameSolution, Matchup


@dataclass(frozen=True)
class KomiRow:
    points: int
    p_first_player_wins: float


@dataclass(frozen=True)
class PolicyResult:
    """A paper's policy and its exact matchup against optimal play."""

    policy: Policy
    matchup: Matchup

    @property
    def name(self) -> str:
        return self.policy.name

    @property
    def difference(self) -> float:
        return self.matchup.difference

    @property
    def win_rate(self) -> float:
        return self.matchup.win_rate

    def to_json(self) -> dict:
        return {
            "name": self.policy.name,
            "description": self.policy.description,
            "source": self.policy.source,
            "expression": self.policy.expression,
            "difference": self.matchup.difference,
            "win_rate": self.matchup.win_rate,
            "win_rate_first": self.matchup.win_rate_first,
            "win_rate_second": self.matchup.win_rate_second,
        }


def default_komi_range(solution: GameSolution) -> int:
    """A quarter of the goal, at most 25 steps of the game's points (Farkle: 1,250 in 50s)."""
    step = solution.game.gain_step
    return max(step, min(solution.game.goal // 4, 25 * step) // step * step)


def komi_table(solution: GameSolution, max_points: int | None = None) -> list[KomiRow]:
    """P(first player wins) for head starts -max_points..max_points, in steps of the game's
    points (a komi the scores can hold)."""
    goal, step = solution.game.goal, solution.game.gain_step
    if max_points is None:
        max_points = default_komi_range(solution)
    if not 0 <= max_points < goal:
        raise InvalidParameterError(f"komi range must be between 0 and {goal - 1} points, got {max_points}")
    max_points -= max_points % step
    return [KomiRow(c, solution.p_first_player_wins(c)) for c in range(-max_points, max_points + 1, step)]


def fairest_komi(rows: list[KomiRow]) -> KomiRow:
    """The head start that brings P(first player wins) closest to 1/2
    (the smaller head start on a tie)."""
    return min(rows, key=lambda r: (abs(r.p_first_player_wins - 0.5), abs(r.points)))


def find_policy(solution: GameSolution, name: str) -> Policy:
    return game_policy(solution.game, name)


def game_policy(game, name: str) -> Policy:
    """The game's human-playable policy of that name (any case)."""
    policies = game.human_policies()
    for policy in policies:
        if policy.name.lower() == name.strip().lower():
            return policy
    raise InvalidPolicyError(f"{game.name} has no policy {name!r}; policies: {', '.join(p.name for p in policies)}")


def policy_result(solution: GameSolution, policy: Policy) -> PolicyResult:
    return PolicyResult(policy, solution.matchup(policy, label=policy.name))


def policy_results(solution: GameSolution, known: list[dict] | None = None, progress=None) -> list[PolicyResult]:
    """Every human-playable policy of the game against optimal play, or read from ``known``
    (a prebuilt table's results, by policy name) when given and complete; none where the game
    evaluates them on a smaller model (:attr:`~pycore.jeopardy.rules.protocol.JeopardyGame.policies_game`)."""
    if solution.game.policies_game is not solution.game:
        return []
    policies = solution.game.human_policies()
    if known is not None:
        by_name = {r["name"]: r for r in known}
        if all(p.name in by_name for p in policies):
            return [
                PolicyResult(p, Matchup(by_name[p.name]["win_rate_first"], by_name[p.name]["win_rate_second"], p.name, "Optimal"))
                for p in policies
            ]
    return [PolicyResult(p, m) for p, m in zip(policies, solution.against_optimal(policies, progress), strict=True)]


def rule_policy(game, text: str) -> Policy:
    """A user's rule as a policy (RuleError, with its position, if rejected)."""
    rule = parse_rule(text, column_names(game))
    return Policy("Your rule", rule.text, rule.roll, "written by you")


def choose_policy(solution: GameSolution, name: str | None = None, rule: str | None = None) -> tuple[str, object]:
    """(label, policy or table) for a paper policy name, a rule, or optimal play."""
    if rule is not None and name is not None:
        raise InvalidPolicyError("give a policy name or a rule, not both")
    if rule is not None:
        return "Your rule", rule_policy(solution.game, rule)
    if name is None or name.strip().lower() == "optimal":
        return "Optimal", solution.optimal_policy
    policy = find_policy(solution, name)
    return policy.name, policy


def matchup(solution: GameSolution, policy, against=None, label="Your rule", against_label="Optimal") -> Matchup:
    """A policy (or roll table) against ``against`` (default: optimal play), exactly."""
    return solution.matchup(policy, against, label, against_label)


def mistakes(solution: GameSolution, policy, limit: int = 10) -> dict:
    """The policy's disagreements with optimal play, weighted by how often
    they are reached against an optimal opponent (each seat equally likely)."""
    return solution.mistakes(policy, limit)
