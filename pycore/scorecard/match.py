"""A whole game of a solitaire scorecard game (Yahtzee), its record and its review.

A *record* replays a game exactly: the game's parameters, who played it (``"You"`` in the
page; a player's label from :func:`find_player` at the command line), the seed of the
computer's dice (none for dice entered by hand) and the moves, in order::

    {"action": "roll", "keep": [...], "faces": [...]}   a roll: ``keep`` the dice kept from
                       those showing (none at a turn's start, when every die is rolled),
                       ``faces`` what the rolled dice showed
    {"action": "box", "box": "fh"}                       the box filled with the dice showing
                                                         (the game's box key); the turn ends

The dice showing after a roll are the kept ones, then the faces (in that order).

:func:`play` plays a whole game with seeded dice: ``random.Random(seed)`` and one draw a roll
from the exact distribution of what the rolled dice show (:func:`pycore.core.dice.roll`, the
same sequence in CPython and Pyodide), so the record's k-th roll uses the seed's k-th draw and
:func:`extend` can go on rolling where a saved game stopped.

:func:`review` replays a record and prices every decision (the dice kept before a reroll, or
a box) as the advisor does (:func:`~pycore.scorecard.solitaire.turn_options`: the expected
final score of each keep and box under optimal play afterwards): the best one and the
*cost*, the best value minus the chosen one's, in expected points. Its curve is the expected
final score under optimal play before each move, and at the end the score made.

Values are the game's turn-start values ``values[anchor]`` (the shipped table, loaded by the
caller: nothing here reads a file).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core import play as play_core
from ..core.dice import roll
from ..core.errors import InvalidPolicyError, InvalidRecordError
from ..core.play import Record
from ..core.quiz import Choice
from ..core.records import whole_number
from .rules import ScorecardGame
from .solitaire import TurnOption, turn_options, turn_table

ROLL, BOX = "roll", "box"
OPTIMAL = "Optimal"
#: a simple player to measure against perfect play (and to see a review with mistakes in it)
GREEDY = "Greedy"
GREEDY_TEXT = ("keeps the dice of its most common face (the higher of equals) and rerolls the rest; "
               "fills the box that scores the most now (the first of equals)")
#: moves a record may hold (Yahtzee takes at most 13 turns x 4 moves)
MAX_MOVES = 1_000
#: two options closer than this in expected points are equally good
TIE = 1e-9


# ---- records ---------------------------------------------------------------------------------


def _check_form(move, n: int, faces_needed: bool) -> None:
    action = move.get("action") if isinstance(move, dict) else None
    if action not in (ROLL, BOX):
        raise InvalidRecordError(f"move {n} of the record is not a roll or a box: {move!r}")
    if action == BOX and not isinstance(move.get("box"), str):
        raise InvalidRecordError(f"move {n} of the record (a box) does not name its box: {move!r}")
    if action == ROLL:
        # a person's roll may leave its faces to the seed
        lists = {"keep": move.get("keep", [])}
        if faces_needed or "faces" in move:
            lists["faces"] = move.get("faces")
        for key, dice in lists.items():
            if not (isinstance(dice, list) and all(isinstance(d, int) and not isinstance(d, bool) for d in dice)):
                raise InvalidRecordError(f"move {n} of the record (a roll) has no list of dice as its {key}: {move!r}")


# ---- where a game stands --------------------------------------------------------------------


@dataclass(frozen=True)
class CardPosition:
    """Where a game is after some moves: the scorecard, the dice showing (None before a turn's
    first roll), the rerolls left, the last roll's faces, the rolls made (how far the seed's
    draws are used) and the moves made."""

    card: object  # the game's scorecard
    dice: tuple[int, ...] | None
    rolls_left: int
    faces: tuple[int, ...] = ()
    rolls: int = 0
    moves: int = 0

    @classmethod
    def start(cls, game: ScorecardGame) -> CardPosition:
        return cls(game.card_from_text(""), None, game.dice.rolls)

    @property
    def over(self) -> bool:
        return bool(self.card.complete)

    def turn(self, game: ScorecardGame) -> int:
        """The turn being played (1 first; ``game.turns + 1`` once the card is full)."""
        return len(self.card.filled) + 1

    def apply(self, game: ScorecardGame, move: dict) -> CardPosition:
        """The position after ``move`` (the record's form); InvalidRecordError if it does not fit."""
        if self.over:
            raise InvalidRecordError("the scorecard is full: no move comes after the end of the game")
        n_dice, sides = game.dice.n_dice, game.dice.faces
        if move["action"] == ROLL:
            keep = self.check_keep(move.get("keep", []))
            faces = tuple(move["faces"])
            if len(keep) + len(faces) != n_dice or not all(1 <= f <= sides for f in faces):
                shown = list(faces) if len(faces) <= n_dice else f"{len(faces)} faces"
                raise InvalidRecordError(f"a roll keeping {len(keep)} dice shows {n_dice - len(keep)} faces "
                                         f"from 1 to {sides}, not {shown}")
            rolls_left = game.dice.rolls - 1 if self.dice is None else self.rolls_left - 1
            return CardPosition(self.card, keep + faces, rolls_left, faces, self.rolls + 1, self.moves + 1)
        if self.dice is None:
            raise InvalidRecordError("a box is filled with the dice of a roll: the turn has not been rolled yet")
        keys = game.box_keys()
        if move["box"] not in keys:
            raise InvalidRecordError(f"{game.name} has no box {move['box']!r}; its boxes: {', '.join(keys)}")
        box = keys.index(move["box"])
        points = _points_now(game, self.card, self.dice)[box]
        if not np.isfinite(points):
            raise InvalidRecordError(f"{game.box_titles()[box]} cannot be filled now (it is filled, or the rules "
                                     f"say where {_dice_text(self.dice)} must go)")
        filled = game.fill(self.card, box, self.dice, int(round(points)))
        card = game.card_from_text(filled["scorecard_after"])
        return CardPosition(card, None, game.dice.rolls, (), self.rolls, self.moves + 1)

    def check_keep(self, keep: list[int]) -> tuple[int, ...]:
        """The dice a roll from here keeps; InvalidRecordError if they cannot be kept."""
        if self.dice is None:
            if keep:
                raise InvalidRecordError("a turn's first roll rolls every die: there is nothing to keep yet")
            return ()
        if self.rolls_left == 0:
            raise InvalidRecordError("no rerolls are left: the next move fills a box")
        if Counter(keep) - Counter(self.dice):
            shown = _dice_text(keep) if len(keep) <= len(self.dice) else f"({len(keep)} dice)"
            raise InvalidRecordError(f"the dice kept {shown} are not among those showing, {_dice_text(self.dice)}")
        return tuple(keep)

    def advise_state(self) -> dict:
        """The position in the advisor's keys (``advise``)."""
        dice = None if self.dice is None else sorted(self.dice)
        return {"scorecard": self.card.to_text(), "dice": dice, "rolls_left": self.rolls_left}

    def to_json(self, game: ScorecardGame) -> dict:
        return {
            **self.advise_state(),
            "dice_shown": None if self.dice is None else list(self.dice),
            "faces": list(self.faces),
            "turn": self.turn(game),
            "score": int(self.card.score),
            "moves": self.moves,
            "over": self.over,
        }


def _points_now(game: ScorecardGame, card, dice: tuple[int, ...]) -> np.ndarray:
    """[boxes] the points each box scores now with ``dice`` (bonuses included; -inf: not allowed)."""
    return turn_table(game, game.anchor_of(card))[:, game.dice.roll_index[tuple(sorted(dice))]]


def _dice_text(dice) -> str:
    return "".join(str(d) for d in dice) or "none"


# ---- players and play --------------------------------------------------------------------------

#: a player's next decision: (game, values, position with dice) -> a roll's keep or a box
Chooser = Callable[[ScorecardGame, np.ndarray, CardPosition], dict]


@dataclass(frozen=True)
class CardPlayer:
    """Optimal play or :data:`GREEDY`."""

    label: str
    choose: Chooser


def find_player(text: str | None) -> CardPlayer:
    """``optimal`` (or nothing) or ``greedy``; InvalidPolicyError naming both otherwise."""
    if text is None or (isinstance(text, str) and text.strip().lower() in ("", "optimal")):
        return CardPlayer(OPTIMAL, _optimal)
    if isinstance(text, str) and text.strip().lower() == GREEDY.lower():
        return CardPlayer(GREEDY, _greedy)
    shown = repr(text) if not isinstance(text, str) or len(text) <= 80 else repr(text[:80] + "…")
    raise InvalidPolicyError(f"a scorecard game's player is 'optimal' or 'greedy' ({GREEDY_TEXT}), not {shown}")


def _options(game: ScorecardGame, values: np.ndarray, at: CardPosition) -> tuple[list[TurnOption], list[TurnOption]]:
    return turn_options(game, values, game.anchor_of(at.card), at.dice, at.rolls_left)


def best_option(keeps: list[TurnOption], boxes: list[TurnOption]) -> TurnOption:
    """The best keep or box; a box where one is as good (keeping every die and rerolling none
    is always worth the best box: the turn ends now instead)."""
    top = max(o.value for o in keeps + boxes)
    good_boxes = [o for o in boxes if o.value >= top - TIE]
    return good_boxes[0] if good_boxes else max(keeps, key=lambda o: o.value)


def _choice(game: ScorecardGame, option: TurnOption) -> dict:
    """An option as a review names it: ``{"keep": [...]}`` or ``{"box": key}``."""
    return {"box": game.box_keys()[option.box]} if option.kind == BOX else {"keep": list(option.keep)}


def _move_of(game: ScorecardGame, option: TurnOption) -> dict:
    if option.kind == BOX:
        return {"action": BOX, "box": game.box_keys()[option.box]}
    return {"action": ROLL, "keep": list(option.keep)}


def _optimal(game: ScorecardGame, values: np.ndarray, at: CardPosition) -> dict:
    return _move_of(game, best_option(*_options(game, values, at)))


def _greedy(game: ScorecardGame, values: np.ndarray, at: CardPosition) -> dict:
    counts = Counter(at.dice)
    face, count = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    if at.rolls_left > 0 and count < len(at.dice):
        return {"action": ROLL, "keep": [face] * count}
    points = _points_now(game, at.card, at.dice)
    return {"action": BOX, "box": game.box_keys()[int(np.argmax(points))]}


def _roll_faces(game: ScorecardGame, keep: tuple[int, ...], rng: random.Random) -> dict:
    """A roll keeping ``keep``, its faces drawn with ``rng`` (one draw a roll: core.dice.roll)."""
    faces = roll(game.roll_faces(game.dice.n_dice - len(keep)), rng)
    return {"action": ROLL, "keep": list(keep), "faces": [int(f) for f in faces]}


class ScorecardPlay:
    """The play core's questions (:class:`pycore.core.play.PlayRules`) for a solitaire
    scorecard game: a record's one player and seed, its rolls and boxes, and
    :class:`CardPosition` the position."""

    fields = "game, params, seed and moves"
    max_moves = MAX_MOVES
    entered = "dice entered by hand"

    def read_header(self, data: dict) -> tuple[tuple[str, ...], int | None, int]:
        player = data.get("player", "You")
        if not isinstance(player, str) or len(player) > 200:
            raise InvalidRecordError("the record's player is a label of at most 200 characters")
        return (player,), whole_number(data.get("seed"), "seed"), 0

    def check_move(self, move, n: int, faces_needed: bool) -> None:
        _check_form(move, n, faces_needed)

    def start(self, game: ScorecardGame, record: Record) -> CardPosition:
        return CardPosition.start(game)

    def apply(self, game: ScorecardGame, at: CardPosition, move: dict) -> CardPosition:
        return at.apply(game, move)

    def over(self, at: CardPosition) -> bool:
        return at.over

    def rolls(self, at: CardPosition) -> int:
        return at.rolls

    def skip(self, rng: random.Random) -> None:
        rng.getrandbits(53)  # one draw a roll (core.dice.roll)

    def mover(self, at: CardPosition) -> int:
        return 0

    def next_move(self, game: ScorecardGame, values: np.ndarray, player: CardPlayer, at: CardPosition,
                  rng: random.Random) -> dict:
        move = {"action": ROLL, "keep": []} if at.dice is None else player.choose(game, values, at)
        return self.completed(game, at, move, rng) if move["action"] == ROLL else move

    def completed(self, game: ScorecardGame, at: CardPosition, move: dict, rng: random.Random) -> dict:
        # the dice kept are checked before the dice for the others are drawn
        return _roll_faces(game, at.check_keep(move.get("keep", [])), rng)


#: a scorecard game's answers to the play core
RULES = ScorecardPlay()


# ---- the review ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardDecision:
    """One decision: its move and turn, where (the advisor's keys), what was taken and what was best
    (``{"keep": [...]}`` or ``{"box": key}``), in words, the cost in expected points and the
    expected final score before it (optimal play from there)."""

    move: int
    turn: int
    state: dict
    action: dict
    best: dict
    cost: float
    expected_final: float
    played_label: str
    best_label: str

    def to_json(self) -> dict:
        return {"move": self.move, "turn": self.turn, "player": 0, "state": self.state, "action": self.action,
                "best": self.best,
                "cost": self.cost, "expected_final": self.expected_final,
                "played_label": self.played_label, "best_label": self.best_label}


@dataclass(frozen=True)
class CardReview:
    decisions: tuple[CardDecision, ...]
    #: the expected final score under optimal play before each move, then the score made:
    #: len(moves) + 1
    curve: tuple[float, ...]
    score: int

    @property
    def total_cost(self) -> float:
        return sum((d.cost for d in self.decisions), 0.0)

    def to_json(self) -> dict:
        return {
            "score": self.score,
            "decisions": [d.to_json() for d in self.decisions],
            "total_cost": self.total_cost,
            "mistakes": sum(1 for d in self.decisions if d.cost > TIE),
            "curve": list(self.curve),
        }


def option_label(game: ScorecardGame, card, dice: tuple[int, ...], option: TurnOption) -> str:
    """A keep or a box in words: "keep 335", "keep nothing", "Full House for 25", "Fives for 15 +35"."""
    if option.kind != BOX:
        return f"keep {_dice_text(option.keep)}" if option.keep else "keep nothing"
    filled = game.fill(card, option.box, dice, int(round(option.points)))
    bonus = f" +{filled['bonus']}" if filled["bonus"] else ""
    return f"{game.box_titles()[option.box]} for {filled['points']}{bonus}"


def review(game: ScorecardGame, values: np.ndarray, record: Record) -> CardReview:
    """Replay ``record`` with every decision priced; InvalidRecordError naming the first move
    that does not fit, or a record that stops before the game ends."""
    at = None  # (the last position: a record of no moves stops before the end, and is refused)
    decisions: list[CardDecision] = []
    curve: list[float] = []
    for n, before, move, after in play_core.walk(RULES, game, record):
        at = after
        score = float(before.card.score)
        if before.dice is None:  # a turn's first roll: chance, no choice
            curve.append(score + float(values[game.anchor_of(before.card)]))
            continue
        keeps, boxes = _options(game, values, before)
        best = best_option(keeps, boxes)
        if move["action"] == BOX:
            taken = next(o for o in boxes if game.box_keys()[o.box] == move["box"])
        else:
            kept = tuple(sorted(move.get("keep", [])))
            taken = next(o for o in keeps if o.keep == kept)
        curve.append(score + best.value)
        decisions.append(CardDecision(
            n, before.turn(game), before.advise_state(), _choice(game, taken), _choice(game, best),
            max(0.0, best.value - taken.value), score + best.value,
            option_label(game, before.card, before.dice, taken), option_label(game, before.card, before.dice, best)))
    curve.append(float(at.card.score))
    return CardReview(tuple(decisions), tuple(curve), int(at.card.score))


# ---- Test yourself ------------------------------------------------------------------------------


def choice_key(game: ScorecardGame, move: dict) -> str:
    """How Test yourself names a keep or a box (:mod:`pycore.core.quiz`): ``keep 335``, ``keep
    none``, ``box fh``."""
    if move["action"] == BOX:
        return f"box {move['box']}"
    return f"keep {_dice_text(sorted(move.get('keep', [])))}"


def decision_choices(game: ScorecardGame, values: np.ndarray, at: CardPosition) -> tuple[Choice, ...]:
    """Every keep (while rerolls are left) and every box open at ``at``, valued in the expected
    final score under optimal play from there; nothing before a turn's first roll. Keeping
    every die is left out: it is worth the best box, and filling one is the same move."""
    if at.dice is None or at.over:
        return ()
    keeps, boxes = _options(game, values, at)
    keeps = [o for o in keeps if len(o.keep) < len(at.dice)]  # (keeping every die is filling the best box)
    score = float(at.card.score)
    return tuple(Choice(choice_key(game, _move_of(game, o)), option_label(game, at.card, at.dice, o), score + o.value)
                 for o in keeps + boxes)
