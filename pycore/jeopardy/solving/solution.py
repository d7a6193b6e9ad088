"""What a solved two-player game answers, whichever solver made it: the one protocol callers use.

Two solvers make a solution: :func:`pycore.jeopardy.solving.tabulated.solve_tabulated` keeps every state's value in
the sweep's order (:class:`~pycore.jeopardy.solving.tabulated.Solution`, (A, T) tables when asked), and the
factored sweep keeps only the turn-start values, sweeping a turn when one is asked about
(:class:`~pycore.jeopardy.solving.factored.FactoredSolution`: Zombie Dice, Farkle, the turn limit). Both
satisfy :class:`GameSolution`; the strategies, the designer and the service call its methods and
never ask which solver made the solution, so a new solver is one more class that satisfies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from pycore.jeopardy.rules.vocabulary import Policy, State, probability, two_seats


@dataclass(frozen=True)
class Matchup:
    """Exact result of a policy against an opponent, seat by seat."""

    win_rate_first: float  # the policy's win probability moving first
    win_rate_second: float  # ... moving second
    label: str = "X"
    against: str = "Y"

    def __post_init__(self) -> None:  # (rounding may leave 1 + 1e-16)
        object.__setattr__(self, "win_rate_first", probability(self.win_rate_first))
        object.__setattr__(self, "win_rate_second", probability(self.win_rate_second))

    @property
    def win_rate(self) -> float:
        """The policy's win probability with each seat equally likely."""
        return (self.win_rate_first + self.win_rate_second) / 2

    @property
    def difference(self) -> float:
        """The policy's win rate minus its opponent's, ``2 w - 1`` (the papers'
        difference when the opponent is optimal)."""
        return 2 * self.win_rate - 1


class TwoSeats:
    """The solution protocol's seat-by-seat answers for a game of two players, from the
    mover's value (a solution class of two players inherits them)."""

    def ending_value(self, anchor: tuple[int, ...]) -> float:
        return self.anchor_value(anchor)

    def seat_values(self, state: State) -> list[float]:
        return two_seats(self.value(state))

    def start_chances(self) -> list[float]:
        return two_seats(self.p_first_player_wins())


class GameSolution(Protocol):
    """Optimal play of a two-player game: values, the best action, and how policies fare."""

    game: Any
    iterations: int  # sweeps the solve took (0: read from a shipped table)
    residual: float

    @property
    def anchor_values(self) -> np.ndarray:
        """(A,) P(mover wins) at every turn start (what a table ships, what a warm start takes)."""

    @property
    def n_states(self) -> int: ...

    @property
    def optimal_policy(self) -> Any:
        """Optimal play as :meth:`matchup` takes an opponent (None: the solution plays it)."""

    def anchor_value(self, anchor: tuple[int, ...]) -> float: ...

    def ending_value(self, anchor: tuple[int, ...]) -> Any:
        """What a turn ending at ``anchor`` reads (the solver's ``win_turn`` takes it): the
        turn-start value for two players; each seat's chances (P,) for more, from the table
        with one turn fewer left (:mod:`pycore.jeopardy.seats.seat_solution`)."""

    def seat_values(self, state: State) -> list[float]:
        """Each seat's chance at ``state``, seat 0 its mover, then the players in turn order
        (two players: the value and its complement)."""

    def start_chances(self) -> list[float]:
        """Each player's chance at the start (no head start), the first player first."""

    def value(self, state: State) -> float: ...

    def action_values(self, state: State) -> dict[str, float | None]: ...

    def best_action(self, state: State) -> str: ...

    def p_first_player_wins(self, komi: int = 0) -> float: ...

    def matchup(self, policy: Policy | np.ndarray, against: Any = None, label: str = "Your rule",
                against_label: str = "Optimal") -> Matchup:
        """A policy (or roll table) against ``against`` (default: optimal play), exactly."""

    def against_optimal(self, policies: list[Policy], progress: Any = None) -> list[Matchup]:
        """Each policy against optimal play (labelled by its name), exactly."""

    def expected_turns(self) -> float:
        """The expected length, in turns, of a game between optimal players."""

    def mistakes(self, policy: Policy | np.ndarray, limit: int = 10) -> dict:
        """Where ``policy`` disagrees with optimal play, weighted by how often it gets there."""
