"""The review of a whole game (:mod:`pycore.jeopardy.play.match` plays and replays it): every
decision valued by the optimal values of the game it was made in (at a table of three, the
three-player game's; in a tie-break of two, the two-player game's), its cost in the chooser's
chance, and the first player's chance before every move."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from pycore.core import play as play_core
from pycore.core.errors import PycoreError
from pycore.core.play import Record
from pycore.core.quiz import Choice
from pycore.jeopardy.play.match import RULES, Position, Values, option_label, turn_values
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import State, best_of


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed game: who chose (seat), where (the advice's state keys),
    what was taken and what was best (an action, or an option's turn variables), the cost
    (best value minus the taken one's, in the chooser's P(win)) and every option's value."""

    move: int
    seat: int
    state: dict
    action: str | dict
    best: str | dict
    cost: float
    values: dict
    #: what was played and what was best, in the game's words ("roll", "keep 1 5 (+150)")
    played_label: str = ""
    best_label: str = ""
    #: the game whose position ``state`` is (the table's; a tie-break's where the tied play on)
    game: JeopardyGame | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        return {"move": self.move, "player": self.seat, "state": self.state, "action": self.action,
                "best": self.best, "cost": self.cost, "values": self.values,
                "played_label": self.played_label or str(self.action), "best_label": self.best_label or str(self.best)}


@dataclass(frozen=True)
class Review:
    decisions: tuple[Decision, ...]
    #: P(the first player wins) before each move, and at the end (1, 1/2 or 0): len(moves) + 1;
    #: empty where the values are two-player positions against the strongest opponent (not
    #: the first player's chance)
    curve: tuple[float, ...]
    result: float  # the first player's: 1 won, 1/2 drew, 0 lost
    scores: tuple[int, ...]  # banked at the end, seat order
    winners: tuple[int, ...] = ()
    #: three or more players of a game with no variant for them: the values are the two-player
    #: game's against the strongest opponent (see docs/app.md)
    two_player_values: bool = False
    #: (P, len(moves) + 1) each seat's chance before each move and its share of the result at the
    #: end (``curves[0]`` is ``curve``); empty where there is no curve
    curves: tuple[tuple[float, ...], ...] = ()

    def total_cost(self, seat: int) -> float:
        return sum((d.cost for d in self.decisions if d.seat == seat), 0.0)

    def to_json(self) -> dict:
        seats = range(len(self.scores))
        return {
            "result": self.result,
            "winner": self.winners[0] if len(self.winners) == 1 else None,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "decisions": [d.to_json() for d in self.decisions],
            "total_cost": [self.total_cost(s) for s in seats],
            "mistakes": [sum(1 for d in self.decisions if d.seat == s and d.cost > 1e-12) for s in seats],
            "curve": list(self.curve),
            "curves": [list(c) for c in self.curves],
            "two_player_values": self.two_player_values,
        }


def review(game: JeopardyGame, values: Values, record: Record) -> Review:
    """Replay ``record`` (the game's own parameters set already) with every decision valued
    by ``values`` (of the game the table plays: :func:`~pycore.jeopardy.analysis.for_players`);
    InvalidRecordError naming the first move that does not fit, or a record that stops
    before the game ends. Three or more players of a game with no variant for that many:
    each decision is valued in the two-player position the table's advice shows (against the
    strongest opponent); one that position cannot value (outside the tables, or a move its
    two-player rules do not allow) is left out, and there is no curve."""
    at = None  # (the last position: a record of no moves stops before the end, and is refused)
    decisions: list[Decision] = []
    curves: list[list[float]] = []  # (each seat's chance before each move)
    for n, earlier, move, at in play_core.walk(RULES, game, record):
        before, seat, options = earlier.state, earlier.seat, earlier.options
        legal = () if options else earlier.legal()
        priced = values.of(earlier.game) if earlier.exact else values
        if earlier.exact:  # each seat's chance (after a roll offering a choice, at the mover's best)
            chances = max((priced.seat_chances(o) for o in options), key=lambda c: c[0]) if options else priced.seat_chances(before)
            curves.append([earlier.seat_chance(chances, seat) for seat in range(earlier.players)])
        try:
            decision = _decision(earlier.game, priced, n, seat, before, options, legal, move, at)
        except PycoreError:
            if earlier.exact:
                raise
            decision = None  # (a two-player position outside the tables)
        if decision is not None:
            decisions.append(decision)
    exact = at.exact
    if exact:  # the end: a winner's 1, a draw's share
        curves.append([1.0 / len(at.winners) if seat in at.winners else 0.0 for seat in range(at.players)])
    by_seat = tuple(zip(*curves, strict=True)) if exact else ()
    return Review(tuple(decisions), by_seat[0] if by_seat else (), at.result, at.scores, at.winners,
                  two_player_values=not exact, curves=by_seat)


def _decision(game: JeopardyGame, values: Values, n: int, seat: int, before: State, options: tuple[State, ...],
              legal: tuple[str, ...], move: dict, after: Position) -> Decision | None:
    """Move ``n`` valued, if it was a decision (two legal actions, or a choice of options);
    None if it was not, or (three or more players) a move the two-player rules do not value."""
    where = Notation(game).values(before)
    if len(options) > 1:
        worth = [values.value(o) for o in options]
        best = int(np.argmax(worth))
        taken = [turn_values(game, o) for o in options].index(turn_values(game, after.state))
        offered = {json.dumps(turn_values(game, o)): w for o, w in zip(options, worth, strict=True)}
        label = [option_label(game, before.turn, after.faces, o) for o in (options[taken], options[best])]
        return Decision(n, seat, where, turn_values(game, options[taken]), turn_values(game, options[best]),
                        worth[best] - worth[taken], offered, *label, game=game)
    if len(legal) == 2:
        valued = values.action_values(before)
        if valued.get(move["action"]) is None:
            return None  # the table allows it, the two-player position does not (holding wins there)
        best_action = best_of(valued)
        return Decision(n, seat, where, move["action"], best_action, valued[best_action] - valued[move["action"]], valued,
                        game=game)
    return None


def decision_choices(values: Values, at: Position) -> tuple[Choice, ...]:
    """The moves of a decision at ``at`` (a choice between a roll's options, or roll and hold)
    each valued in the mover's chance under optimal play from there, in the rules' order: a
    roll's options numbered from 1 in the order the rules list them, or ``roll`` and ``hold``.
    Nothing where there is no decision (one move, the game over) or where the table is not
    the game of its players (three or more advised by the two-player game)."""
    if at.result is not None or not at.exact:
        return ()
    priced = values.of(at.game)
    if len(at.options) > 1:
        return tuple(Choice(str(n), option_label(at.game, at.state.turn, at.faces, o), priced.value(o))
                     for n, o in enumerate(at.options, 1))
    if at.options or len(at.legal()) < 2:
        return ()
    valued = priced.action_values(at.state)
    return tuple(Choice(a, a.capitalize(), float(valued[a])) for a in at.legal() if valued.get(a) is not None)
