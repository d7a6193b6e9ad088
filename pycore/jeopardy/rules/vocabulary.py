"""The vocabulary every jeopardy game and algorithm shares: the two actions, a position
(:class:`State`), what a roll can lead to (a turn state, a :class:`Choice` of them, a bust),
what ending a turn leads to (:class:`TurnEnd`), one outcome of an action (:class:`Transition`),
a roll/hold rule (:class:`Policy`), and the small helpers the rules are written with
(:func:`select`, :func:`best_of`, :func:`options_of`, :func:`probability`).

It imports nothing of the project but its errors: the rules protocol
(:mod:`pycore.jeopardy.rules.protocol`), the games and both solvers build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from pycore.core.errors import RulesError

ROLL = "roll"
HOLD = "hold"
def probability(value) -> float | None:
    """A win chance as returned: within [0, 1] (the sweeps' rounding leaves a few 1e-16
    beyond either end), None kept for an action not allowed."""
    return None if value is None or np.isnan(value) else min(1.0, max(0.0, float(value)))


@dataclass(frozen=True)
class Choice:
    """A roll outcome after which the mover picks the next turn state among
    ``options`` (e.g. which scoring dice to set aside). Options are listed in
    the game's preferred order: a fixed policy that does not say otherwise
    takes the first."""

    options: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise RulesError("a Choice needs at least one option")


@dataclass(frozen=True)
class TurnEnd:
    """What ending a turn leads to, for arrays of anchors.

    ``mover_value`` is the win probability of the player whose turn ended if
    the game is over (1 = that player won, 1/2 a draw), ``nan`` where the game
    goes on. ``next_anchor`` maps each anchor variable to the next mover's
    anchor (meaningful only where the game goes on).

    With more than two players, ``others`` (shape ``(..., P - 1)``, the next player's
    first) is each other player's result where the game ends, where it is not the rest
    shared equally (the default, None: a player of three who ends the round may hand the
    win to one of the others, or leave two of them to a tie-break between them).
    """

    mover_value: np.ndarray
    next_anchor: dict[str, np.ndarray]
    others: np.ndarray | None = None

    def results(self, players: int, shape: tuple[int, ...]) -> np.ndarray:
        """(``shape`` + (P,)) every player's result where the game ends, the mover's first
        (``nan`` where it goes on)."""
        mover = np.broadcast_to(np.asarray(self.mover_value, float), shape)
        if self.others is None:
            rest = np.repeat(((1.0 - mover) / (players - 1))[..., None], players - 1, axis=-1)
        else:
            rest = np.broadcast_to(np.asarray(self.others, float), (*shape, players - 1))
        return np.concatenate([mover[..., None], rest], axis=-1)


@dataclass(frozen=True)
class Policy:
    """A roll/hold rule: ``rule(**state_columns)`` is True where it rolls.

    The rule receives every state column of the game as a numpy array (all
    broadcast together) and returns a boolean array. Where the rule asks for
    an action that is not legal in a state, the legal one is played. After a
    roll that offers a :class:`Choice`, a policy takes the first option.
    """

    name: str
    description: str
    rule: Callable[..., np.ndarray] = field(repr=False)
    source: str = ""
    #: the same rule in the rule language (pycore.jeopardy.policies.rule_language), constants
    #: as printed; tests check it decides exactly as ``rule`` does
    expression: str = ""
    #: after a roll that offers a choice, the option taken, for the factored sweep: ``choose(game)``
    #: (G + 1, N) the transition of the game's turn graph at each gain step and outcome
    #: (None: the first option)
    choose: Callable | None = field(default=None, repr=False)


@dataclass(frozen=True)
class State:
    """One position: the anchor (who moves, banked scores) and the turn state (columns)."""

    game: str
    anchor: tuple[int, ...]
    turn: tuple[int, ...]


@dataclass(frozen=True)
class Transition:
    """One outcome of an action.

    Exactly one of ``state``, ``options`` and ``mover_value`` is set: the next
    position, the positions the mover picks from after this roll, or the
    final result for the player who acted (1.0 win, 0.5 draw, 0.0 loss).
    ``turn_ended`` tells whether the next position belongs to the opponent.
    """

    probability: Fraction
    state: State | None
    mover_value: float | None
    turn_ended: bool
    options: tuple[State, ...] = ()
    #: more than two players, where the game ends: each other player's result (the next
    #: player's first; None: they share the rest equally, see :class:`TurnEnd`)
    others: tuple[float, ...] | None = None


def select(conditions_and_values: list[tuple[np.ndarray, object]], otherwise: object) -> np.ndarray:
    """An if/elif/else chain over arrays: the value of the first true condition.

    Reads like the papers' pseudo-code::

        select([((p == 2) & (j >= 50), True), (o == 0, True)], otherwise=k < 24)
    """
    conditions = [np.asarray(c, dtype=bool) for c, _ in conditions_and_values]
    values = [np.asarray(v) for _, v in conditions_and_values]
    shape = np.broadcast_shapes(*(c.shape for c in conditions), *(v.shape for v in values), np.shape(otherwise))
    return np.select(
        [np.broadcast_to(c, shape) for c in conditions],
        [np.broadcast_to(v, shape) for v in values],
        np.broadcast_to(np.asarray(otherwise), shape),
    )


def best_of(values: Mapping[str, float | None]) -> str:
    """Roll or hold by their values (``None``: not allowed): rolling only where strictly
    better; ties hold."""
    roll, hold = values[ROLL], values[HOLD]
    return ROLL if hold is None or (roll is not None and roll > hold) else HOLD


def options_of(outcome) -> tuple[tuple[int, ...], ...]:
    """The turn states an outcome can lead to (none for a bust)."""
    if outcome is None:
        return ()
    if isinstance(outcome, Choice):
        return outcome.options
    return (tuple(outcome),)


def two_seats(value: float) -> list[float]:
    """A two-player value as each seat's chance: the mover's, then the opponent's."""
    return [value, probability(1.0 - value)]
