r"""One turn at a time: the within-turn values of one anchor, from the rules alone.

Two uses, one recursion:

* **From turn-start values** (a prebuilt table, or a solve): holding banks
  ``gain(t)`` and is worth ``1 - x(next anchor)`` or the game's result; a
  zero-gain ending is worth ``u = 1 - x(partner)``. With every turn-start
  value known, the turn of one anchor is a finite acyclic problem (apart from
  rolling back into the same state, divided out), solved backwards over its
  reachable turn states: the page answers from a table of turn-start values
  without ever compiling the whole game.
* **The one-turn objective** (``objective="turn-score"``): the maximum
  expected points of a turn, holding worth ``gain(t)`` and a bust 0. For any
  jeopardy game (e.g. a Zombie Dice or Farkle turn), with the legal moves of
  the game's start anchor (a bound that stops rolling still applies).

.. math::

    Q_{roll}(t) = \sum_{o \ne t} P(o) \max_{t' \in o} V(t') + P(t \to t)\, V(t) + P_{bust}\, u,
    \qquad V(t) = \max(Q_{roll}(t), Q_{hold}(t)),

where rolling back into the same state (three footprints) is solved in closed form: if
rolling is best, ``V(t) = (sum + P_bust u) / (1 - P(t -> t))``, else ``V(t) = Q_hold(t)``.

Successors have a larger gain, or the same gain and a later step, so a
depth-first post-order of the reachable turn states is a valid order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from pycore.core.errors import InvalidRequestError
from pycore.jeopardy.rules.hints import OBJECTIVES
from pycore.jeopardy.rules.moves import actions_at
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, Choice, best_of, options_of, two_seats


class Turn(Protocol):
    """The values of one anchor's turn, as every turn class gives them: the tabulated
    :class:`TurnValues`, the factored sweep's
    :class:`~pycore.jeopardy.solving.turn_graph.FactoredTurnValues` (three players:
    :class:`~pycore.jeopardy.seats.seat_solution.SeatTurn`) and a game's own one-turn solver's
    (Farkle's :class:`~pycore.games.farkle.game.FarkleTurnValues`)."""

    anchor: tuple[int, ...]
    #: the lowest gain valued (a factored turn may be swept from a higher gain up: 0 for all)
    lowest_gain: int

    def action_values(self, turn: tuple[int, ...]) -> dict[str, float | None]:
        """Each action's value (None where it is not legal)."""

    def best_action(self, turn: tuple[int, ...]) -> str:
        """The better action."""

    def value_at(self, turn: tuple[int, ...]) -> float:
        """The value of the better action."""

    @property
    def states(self) -> int:
        """How many turn states are valued."""

    def outlook(self, turn: tuple[int, ...]) -> dict[str, tuple[float, float]] | None:
        """Each action's (bust chance, expected points) where the sweep followed the points,
        else None (:func:`turn_outlook` works them out)."""

    def facts(self) -> dict:
        """Figures the turn's own solver adds (Farkle: E by dice, the chance of a zilch), or {}."""


@dataclass(frozen=True)
class TurnValues:
    """Values of every reachable turn state of one anchor's turn.

    ``roll`` and ``hold``: each action's value (``None`` where it is not
    legal); ``value``: the better, its keys in the order they were solved
    (every turn state after all it can roll into, which :func:`turn_outlook`
    relies on); ``best_option``: the index of the best of a choice's options."""

    anchor: tuple[int, ...]
    roll: dict[tuple[int, ...], float | None]
    hold: dict[tuple[int, ...], float | None]
    value: dict[tuple[int, ...], float]
    #: every turn state is valued (a factored turn may be swept from a higher gain up)
    lowest_gain = 0

    def action_values(self, turn: tuple[int, ...]) -> dict[str, float | None]:
        return {ROLL: self.roll[tuple(turn)], HOLD: self.hold[tuple(turn)]}

    def best_action(self, turn: tuple[int, ...]) -> str:
        return best_of(self.action_values(turn))

    def seat_action_values(self, turn: tuple[int, ...]) -> dict[str, list[float] | None]:
        """{action: each seat's chance, the mover's first} (two players here)."""
        return {a: None if v is None else two_seats(v) for a, v in self.action_values(turn).items()}

    def best_option(self, options: tuple[tuple[int, ...], ...]) -> int:
        return max(range(len(options)), key=lambda n: self.value[tuple(options[n])])

    def value_at(self, turn: tuple[int, ...]) -> float:
        return self.value[tuple(turn)]

    @property
    def states(self) -> int:
        return len(self.value)

    def outlook(self, turn: tuple[int, ...]) -> None:
        return None  # (worked out by turn_outlook from the values)

    def facts(self) -> dict:
        return {}


def turn_values(
    game: JeopardyGame,
    anchor: tuple[int, ...],
    hold_value: Callable[[int], float],
    bust_value: float,
) -> TurnValues:
    """Backward recursion over the anchor's reachable turn states.

    ``hold_value(gain)``: the mover's value of ending the turn having banked
    ``gain`` (> 0); ``bust_value``: that of a zero-gain ending."""
    order = _post_order(game, anchor)
    roll: dict = {}
    hold: dict = {}
    value: dict = {}
    for turn in order:
        legal = actions_at(game, anchor, turn)
        gain = game.gain(turn)
        hold[turn] = (hold_value(gain) if gain > 0 else bust_value) if HOLD in legal else None
        if ROLL in legal:
            total, stay = 0.0, Fraction(0)
            for probability, outcome in game.roll_outcomes(turn):
                options = options_of(outcome)
                if not options:
                    total += float(probability) * bust_value
                elif not isinstance(outcome, Choice) and options[0] == turn:
                    stay += probability
                else:
                    total += float(probability) * max(value[o] for o in options)
            # rolling back into this state: if rolling is best here, it rolls again (divided
            # out); otherwise the one roll is followed by the better move, holding
            again = total / float(1 - stay)
            best_after = again if hold[turn] is None or again > hold[turn] else hold[turn]
            roll[turn] = total + float(stay) * best_after
        else:
            roll[turn] = None
        value[turn] = max(v for v in (roll[turn], hold[turn]) if v is not None)
    return TurnValues(tuple(anchor), roll, hold, value)


@dataclass(frozen=True)
class ActionOutlook:
    """What one action means for the rest of the turn: the chance that the roll it makes
    busts (0 for holding) and the expected points banked this turn, taking the action and
    then the best actions of a :class:`TurnValues` (kcddice shows both for every option)."""

    bust: float
    points: float

    def to_json(self) -> dict:
        return {"bust": self.bust, "points": self.points}


def turn_outlook(game: JeopardyGame, turn_values: Turn, turn: tuple[int, ...]) -> dict[str, ActionOutlook]:
    """Each legal action's :class:`ActionOutlook` at ``turn`` of ``turn_values``' anchor.

    A policy evaluation of the best actions over the turn (points, not win
    chances): ``E(t) = gain(t)`` where holding is best, else
    ``E(t) = sum_o P(o) E(best option of o) / (1 - P(t -> t))``, busts adding 0."""
    followed = turn_values.outlook(turn)
    if followed is not None:  # the factored sweep (or the game's solver) followed the points
        return {action: ActionOutlook(*o) for action, o in followed.items()}
    anchor = turn_values.anchor
    points: dict = {}

    def roll_sum(t: tuple[int, ...]) -> tuple[float, float, float]:
        total, stay, bust = 0.0, 0.0, 0.0
        for probability, outcome in game.roll_outcomes(t):
            options = options_of(outcome)
            if not options:
                bust += float(probability)
            elif not isinstance(outcome, Choice) and options[0] == t:
                stay += float(probability)
            else:
                total += float(probability) * points[options[turn_values.best_option(options)]]
        return total, stay, bust

    for t in turn_values.value:  # every state after all it can roll into
        if turn_values.best_action(t) == HOLD:
            points[t] = float(game.gain(t))
        else:
            total, stay, _ = roll_sum(t)
            points[t] = total / (1.0 - stay)
    turn = tuple(turn)
    legal = actions_at(game, anchor, turn)
    out: dict[str, ActionOutlook] = {}
    if ROLL in legal:
        total, stay, bust = roll_sum(turn)
        out[ROLL] = ActionOutlook(bust, total + stay * points[turn])
    if HOLD in legal:
        out[HOLD] = ActionOutlook(0.0, float(game.gain(turn)))
    return out


def _post_order(game: JeopardyGame, anchor: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The anchor's reachable turn states, every state after all it can roll into."""
    reachable = game.reachable_turns(anchor)
    done: set = set()
    order: list = []
    for root in reachable:
        if root in done:
            continue
        stack = [(root, False)]
        while stack:
            turn, expanded = stack.pop()
            if expanded:
                if turn not in done:
                    done.add(turn)
                    order.append(turn)
                continue
            if turn in done:
                continue
            stack.append((turn, True))
            if ROLL in actions_at(game, anchor, turn):
                for _, outcome in game.roll_outcomes(turn):
                    for nxt in options_of(outcome):
                        if nxt != turn and nxt not in done:
                            stack.append((nxt, False))
    return order


@dataclass(frozen=True)
class TurnScoreSolution:
    """The one-turn objective: maximum expected points of a turn."""

    game: JeopardyGame
    turn: Turn

    @property
    def expected_score(self) -> float:
        return self.turn.value_at(self.game.turn_start)

    def facts(self) -> dict:
        """Figures the game's own turn solver adds (Farkle: E by dice, the chance of a zilch)."""
        return self.turn.facts()


def check_objective(value) -> str:
    """An objective's name (default ``"win"``); InvalidRequestError naming the valid ones."""
    if value is None:
        return "win"
    if not isinstance(value, str) or value not in OBJECTIVES:
        raise InvalidRequestError(f"objective must be one of {', '.join(OBJECTIVES)}, got {value!r}")
    return value
