"""The rules protocol shared by every two-player jeopardy dice game.

A jeopardy dice game is a sequence of *turns*. A turn starts at an **anchor**
(who moves and the banked scores, e.g. ``(p, i, j)``) and moves through
**turn states** (e.g. the turn total and the 1s set aside, ``(k, o)``). At
each state the mover may *roll* (a chance event: a new turn state, or a bust
that ends the turn scoring nothing) or *hold* (end the turn banking the
state's ``gain``). Ending a turn either ends the game or leads to the next
mover's anchor.

A game module describes exactly that and nothing else; every algorithm
(solver, policy evaluation, komi, conformance test) consumes it. Rules that
the solver sweeps over are written as numpy functions of the state variables
so that they apply to a whole table at once; the same functions answer for a
single state, and the scalar helpers at the bottom (``legal_actions``,
``transitions``) are derived from them, so each rule is written once.

Contract (checked by :mod:`pycore.model` when a game is compiled):

* ``layer(anchor)`` is the score sum (or larger). A turn ending with gain
  ``g > 0`` leads to an anchor in layer ``layer + g`` or higher; zero-gain
  endings (a bust, or holding with nothing banked) stay in the layer, and
  two zero-gain endings in a row return to the anchor you started from (or
  the game is over).
* A roll moves to a turn state with a larger gain, or with the same gain and
  later in the turn (e.g. one more shotgun), or back to the same state.
* Every state tabulated can reach the end of the game: scores are capped by
  the game's bound, beyond which rolling is not allowed.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, ClassVar, Mapping

import numpy as np

from .errors import InvalidParameterError, InvalidStateError

ROLL = "roll"
HOLD = "hold"
ACTIONS = (ROLL, HOLD)


@dataclass(frozen=True)
class Param:
    """A numeric game parameter (e.g. the goal score)."""

    name: str
    default: int
    minimum: int
    maximum: int
    help: str


@dataclass(frozen=True)
class TurnEnd:
    """What ending a turn leads to, for arrays of anchors.

    ``mover_value`` is the win probability of the player whose turn ended if
    the game is over (1 = that player won), ``nan`` where the game goes on.
    ``next_anchor`` maps each anchor variable to the next mover's anchor
    (meaningful only where the game goes on).
    """

    mover_value: np.ndarray
    next_anchor: dict[str, np.ndarray]


@dataclass(frozen=True)
class Policy:
    """A roll/hold rule: ``rule(**state_arrays)`` is True where it rolls.

    The rule receives every state variable of the game as a numpy array (all
    broadcast together) and returns a boolean array. Where the rule asks for
    an action that is not legal in a state, the legal one is played.
    """

    name: str
    description: str
    rule: Callable[..., np.ndarray] = field(repr=False)
    source: str = ""
    #: the same rule in the rule language (pycore.rule_language), constants
    #: as printed; tests check it decides exactly as ``rule`` does
    expression: str = ""


@dataclass(frozen=True)
class State:
    """One position: the anchor (who moves, banked scores) and the turn state."""

    game: str
    anchor: tuple[int, ...]
    turn: tuple[int, ...]


@dataclass(frozen=True)
class Transition:
    """One outcome of an action.

    Exactly one of ``state`` and ``mover_value`` is set: the next position,
    or the final result for the player who acted (1.0 win, 0.0 loss).
    ``turn_ended`` tells whether the next position belongs to the opponent.
    """

    probability: Fraction
    state: State | None
    mover_value: float | None
    turn_ended: bool


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


class JeopardyGame(ABC):
    """Base class of a game's rules. Subclasses fill in the class attributes
    and the abstract methods; instances carry the parameters (goal, bound)."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    reference: ClassVar[str] = ""
    anchor_vars: ClassVar[tuple[str, ...]]
    turn_vars: ClassVar[tuple[str, ...]]
    var_help: ClassVar[dict[str, str]]
    parameters: ClassVar[tuple[Param, ...]]
    #: the anchor variable holding the mover's banked score (for komi, caps)
    score_var: ClassVar[str] = "i"
    #: the anchor variable holding the opponent's banked score
    opponent_var: ClassVar[str] = "j"
    #: what makes a turn start possible, and a turn state reachable (for error messages)
    start_hint: ClassVar[str] = "scores are below the goal"
    turn_hint: ClassVar[str] = "this turn state is not reachable from the start of the turn"

    def __init__(self, **params: int) -> None:
        known = {p.name: p for p in self.parameters}
        for key in params:
            if key not in known:
                raise InvalidParameterError(
                    f"{self.name} has no parameter {key!r}; valid parameters: {', '.join(known) or 'none'}"
                )
        self.params: dict[str, int] = {}
        for p in self.parameters:
            value = params.get(p.name)
            if value is None:
                value = p.default
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise InvalidParameterError(f"{self.name}: {p.name} must be a whole number, got {value!r}")
            if not p.minimum <= value <= p.maximum:
                raise InvalidParameterError(
                    f"{self.name}: {p.name} must be between {p.minimum} and {p.maximum}, got {value}"
                )
            self.params[p.name] = int(value)
        self._check_params()

    def _check_params(self) -> None:
        """Hook for relations between parameters."""

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{type(self).__name__}({args})"

    @property
    def key(self) -> tuple:
        """Identifies the game and parameters (used to cache solutions)."""
        return (self.name, tuple(sorted(self.params.items())))

    # ---- shared defaults ------------------------------------------------------------

    @property
    def goal(self) -> int:
        return self.params["goal"]

    @property
    def bound(self) -> int:
        """The score bound M of the tabulated states (games that have one)."""
        return self.params["bound"]

    def _require_bound_above_goal(self, margin: int) -> None:
        if self.bound < self.goal + margin:
            raise InvalidParameterError(
                f"{self.name}: bound must be at least goal + {margin} = {self.goal + margin}, got {self.bound}"
            )

    @property
    def turn_start(self) -> tuple[int, ...]:
        """The turn state at the start of every turn (nothing banked or set aside)."""
        return tuple(0 for _ in self.turn_vars)

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        """The first mover's anchor when the first player starts ``komi``
        points ahead (negative: the second player starts ``-komi`` ahead)."""
        values = {"p": 1, self.score_var: max(komi, 0), self.opponent_var: max(-komi, 0)}
        return tuple(values[v] for v in self.anchor_vars)

    def layer(self, anchor: Mapping[str, np.ndarray]) -> np.ndarray:
        """The anchor's layer; see the module docstring. Default: the score sum."""
        return anchor[self.score_var] + anchor[self.opponent_var]

    # ---- what every game defines -------------------------------------------------

    @abstractmethod
    def anchors(self) -> np.ndarray:
        """Every anchor the solver tabulates, shape (A, len(anchor_vars)), int.

        A superset of the anchors reachable from the start: at least every
        anchor that ending a turn from a tabulated state can lead to."""

    @abstractmethod
    def turn_states(self) -> list[tuple[int, ...]]:
        """Every turn state (any order; the model sorts them)."""

    @abstractmethod
    def gain(self, turn: tuple[int, ...]) -> int:
        """Points banked by holding in this turn state."""

    @abstractmethod
    def roll_outcomes(self, turn: tuple[int, ...]) -> list[tuple[Fraction, tuple[int, ...] | None]]:
        """Exact outcome probabilities of rolling: (probability, next turn
        state), with ``None`` for a bust (the turn ends scoring nothing)."""

    @abstractmethod
    def can_roll(self, state: Mapping[str, np.ndarray]) -> np.ndarray:
        """Where rolling is allowed (state variables broadcast together)."""

    @abstractmethod
    def can_hold(self, state: Mapping[str, np.ndarray]) -> np.ndarray:
        """Where holding is allowed."""

    @abstractmethod
    def end_turn(self, anchor: Mapping[str, np.ndarray], gain: np.ndarray) -> TurnEnd:
        """The result of ending a turn from ``anchor`` having banked ``gain``."""

    def canonical_anchor(self, anchor: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
        """The tabulated anchor that stands for ``anchor`` (identity unless a
        game merges positions whose futures are identical)."""
        return dict(anchor)

    def human_policies(self) -> tuple[Policy, ...]:
        """The human-playable policies printed in the literature."""
        return ()

    def var_range(self, var: str) -> tuple[int, int]:
        """Inclusive range of a state variable in the tabulated states."""
        if var in self.anchor_vars:
            column = self.anchors()[:, self.anchor_vars.index(var)]
            return int(column.min()), int(column.max())
        values = [t[self.turn_vars.index(var)] for t in self.turn_states()]
        return min(values), max(values)

    # ---- scalar helpers derived from the rules ----------------------------------

    @property
    def state_vars(self) -> tuple[str, ...]:
        return self.anchor_vars + self.turn_vars

    def state(self, **values: int) -> State:
        """A state from keyword values; a missing ``p`` is player 1, any other
        missing value 0 (so ``i=10`` is the start of player 1's turn with 10
        points against 0). Raises InvalidStateError."""
        for key in values:
            if key not in self.state_vars:
                raise InvalidStateError(
                    f"{self.name} has no state variable {key!r}; valid keys: {', '.join(self.state_vars)}"
                )
        defaults = dict(zip(self.turn_vars, self.turn_start))
        defaults.setdefault("p", 1)
        full = {}
        for var in self.state_vars:
            if var in values:
                value = values[var]
                if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                    raise InvalidStateError(f"{self.name}: {var} must be a whole number, got {value!r}")
                full[var] = int(value)
            else:
                full[var] = defaults.get(var, 0)
        state = State(
            self.name,
            tuple(full[v] for v in self.anchor_vars),
            tuple(full[v] for v in self.turn_vars),
        )
        self.check_state(state)
        return state

    def parse_state(self, text: str) -> State:
        """Parse ``"i=10,j=20,k=5"`` (the CLI and link syntax)."""
        values: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, raw = part.partition("=")
            key = key.strip()
            if not sep:
                raise InvalidStateError(f"{self.name}: expected key=value in the state, got {part!r}")
            if key in values:
                raise InvalidStateError(f"{self.name}: {key} is given twice in the state")
            try:
                values[key] = int(raw.strip())
            except ValueError:
                raise InvalidStateError(f"{self.name}: {key} must be a whole number, got {raw.strip()!r}") from None
        return self.state(**values)

    def format_state(self, state: State) -> str:
        """Inverse of :meth:`parse_state`."""
        return ",".join(f"{k}={v}" for k, v in self.state_values(state).items())

    def state_values(self, state: State) -> dict[str, int]:
        return dict(zip(self.state_vars, state.anchor + state.turn))

    def state_to_json(self, state: State) -> str:
        return json.dumps({"game": state.game, **self.state_values(state)}, sort_keys=True)

    def state_from_json(self, text: str) -> State:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(f"{self.name}: state is not valid JSON ({exc.msg})") from None
        if not isinstance(data, dict):
            raise InvalidStateError(f"{self.name}: a state must be a JSON object")
        data = dict(data)
        game = data.pop("game", self.name)
        if game != self.name:
            raise InvalidStateError(f"state is for game {game!r}, not {self.name!r}")
        return self.state(**data)

    def _columns(self, state: State) -> dict[str, np.ndarray]:
        return {k: np.asarray(v) for k, v in self.state_values(state).items()}

    def check_state(self, state: State) -> None:
        """Raise InvalidStateError unless the state is one the game can reach
        (its anchor is tabulated and the turn state is reachable from the
        turn start of that anchor)."""
        from .model import compile_game  # the model knows which cells exist

        model = compile_game(self)
        model.cell(state)  # raises with a message naming the problem

    def legal_actions(self, state: State) -> tuple[str, ...]:
        """The moves in a state. Where holding wins the game on the spot the
        win is taken: holding is the only move (as the papers count it)."""
        cols = self._columns(state)
        can_hold = bool(self.can_hold(cols))
        if can_hold and self._end(state, self.gain(state.turn), Fraction(1)).mover_value == 1.0:
            return (HOLD,)
        actions = []
        if bool(self.can_roll(cols)):
            actions.append(ROLL)
        if can_hold:
            actions.append(HOLD)
        return tuple(actions)

    def _end(self, state: State, gain: int, probability: Fraction) -> Transition:
        anchor = {k: np.asarray(v) for k, v in zip(self.anchor_vars, state.anchor)}
        end = self.end_turn(anchor, np.asarray(gain))
        value = float(end.mover_value)
        if not np.isnan(value):
            return Transition(probability, None, value, True)
        nxt = tuple(int(end.next_anchor[v]) for v in self.anchor_vars)
        return Transition(probability, State(self.name, nxt, self.turn_start), None, True)

    def transitions(self, state: State, action: str) -> list[Transition]:
        """Every outcome of ``action`` in ``state`` with its exact probability."""
        if action not in self.legal_actions(state):
            raise InvalidStateError(
                f"{action!r} is not legal in {self.format_state(state)}; legal: {', '.join(self.legal_actions(state))}"
            )
        if action == HOLD:
            return [self._end(state, self.gain(state.turn), Fraction(1))]
        result = []
        for probability, turn in self.roll_outcomes(state.turn):
            if turn is None:
                result.append(self._end(state, 0, probability))
            else:
                result.append(Transition(probability, State(self.name, state.anchor, turn), None, False))
        return result
