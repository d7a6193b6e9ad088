"""The moves of a single position, derived from a game's rules: which actions are legal
(:func:`actions_at`, :func:`legal_actions`), what ending a turn leads to (:func:`turn_end`),
what a roll a player enters leads to (:func:`apply_roll`, :func:`read_faces`,
:func:`parse_faces`), whether rolling only offers a choice (:func:`chooses_before_rolling`),
and which head starts a game can give (:func:`check_komi`).

Every one of them only combines what a game module defines (``can_roll``, ``can_hold``,
``gain``, ``end_turn``, ``roll_faces``, ``read_roll``), and no game has its own: they are
functions over the game, not members of the rules protocol
(:class:`~pycore.jeopardy.rules.protocol.JeopardyGame`), so a game's module reads as its rules.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pycore.core.cache import BoundedCache
from pycore.core.dice import face_count, is_face
from pycore.core.errors import InvalidParameterError, InvalidStateError
from pycore.jeopardy.rules.layout import shared
from pycore.jeopardy.rules.notation import column_names
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, Choice, State, Transition


def actions_at(game, anchor: tuple[int, ...], turn: tuple[int, ...],
               hold_wins: bool | None = None) -> tuple[str, ...]:
    """The legal moves at an anchor and turn state (see :func:`legal_actions`); ``hold_wins``
    says whether holding here wins the game on the spot (None: as the two-player rules say;
    a table of more players says for itself)."""
    cols = {k: np.asarray(v) for k, v in zip(column_names(game), tuple(anchor) + tuple(turn), strict=True)}
    can_hold = bool(game.can_hold(cols))
    if hold_wins is None:
        hold_wins = can_hold and turn_end(game, anchor, game.gain(turn), Fraction(1)).mover_value == 1.0
    if can_hold and hold_wins:
        return (HOLD,)
    actions = []
    if bool(game.can_roll(cols)):
        actions.append(ROLL)
    if can_hold:
        actions.append(HOLD)
    return tuple(actions)


def rolls_allowed(game, anchor: tuple[int, ...], turns: list[tuple[int, ...]]) -> np.ndarray:
    """(len(turns),) bool: whether rolling is among :func:`actions_at` at ``anchor`` in each
    turn state, the rules asked once for all of them (they are numpy on whole arrays) and
    whether holding wins read only where both moves are allowed."""
    n = len(turns)
    columns = dict(zip(game.anchor_vars, (np.asarray(int(x)) for x in anchor), strict=True))
    columns.update(zip(game.turn_vars, (np.array(c) for c in zip(*turns, strict=True)), strict=True))
    can_roll = np.broadcast_to(np.asarray(game.can_roll(columns), bool), (n,))
    can_hold = np.broadcast_to(np.asarray(game.can_hold(columns), bool), (n,))
    rolls = can_roll.copy()
    for at in np.flatnonzero(can_roll & can_hold):  # (holding would win on the spot: it is taken)
        rolls[at] = turn_end(game, anchor, game.gain(turns[at]), Fraction(1)).mover_value != 1.0
    return rolls


def legal_actions(game, state: State) -> tuple[str, ...]:
    """The moves in a state. Where holding wins the game on the spot the
    win is taken: holding is the only move (as the papers count it)."""
    return actions_at(game, state.anchor, state.turn)


def turn_end(game, anchor: tuple[int, ...], gain: int, probability: Fraction) -> Transition:
    """Ending a turn from ``anchor`` having banked ``gain``: the game's result or the next turn start."""
    anchor, gain = tuple(int(x) for x in anchor), int(gain)
    # (kept for the game's parameters: every state of a turn asks whether holding ends the
    # game, and a game's end_turn is numpy on whole arrays, 0.2 ms for one anchor with more
    # players; 4,096 a game keep a phone's worker small and took a walk as fast as 65,536)
    ends = shared(game, ("turn ends", type(game)), lambda: BoundedCache(None, 1 << 12))
    value, others, nxt = ends.get((anchor, gain), lambda: _end_of_turn(game, anchor, gain))
    if nxt is None:
        return Transition(probability, None, value, True, others=others)
    return Transition(probability, State(game.name, nxt, game.turn_start), None, True)


def _end_of_turn(game, anchor: tuple[int, ...], gain: int) -> tuple:
    """(the mover's result or None, the other seats' results or None, the next turn start or None)."""
    columns = {k: np.asarray(v) for k, v in zip(game.anchor_vars, anchor, strict=True)}
    end = game.end_turn(columns, np.asarray(gain))
    value = float(end.mover_value)
    if not np.isnan(value):
        return value, None if end.others is None else tuple(float(x) for x in np.ravel(end.others)), None
    return None, None, tuple(int(end.next_anchor[v]) for v in game.anchor_vars)


def parse_faces(game, text: str) -> list:
    """A roll written as text, one face per character (``"155234"``); InvalidStateError
    naming what is not a face."""
    if not isinstance(text, str) or not text.strip() or not all(c in "0123456789 ," for c in text):
        raise InvalidStateError(f"{game.name}: a roll is written as its faces, e.g. 155234, got {text!r}")
    return [int(c) for c in text if c in "0123456789"]


def chooses_before_rolling(game, turn: tuple[int, ...]) -> bool:
    """Whether rolling from this turn state rolls no dice and only offers a choice (Pig's
    target, chosen at the start of the turn): the advice lists the choices at once."""
    shown = game.roll_faces(turn)
    return len(shown) == 1 and shown[0][1] == ()


def apply_roll(game, state: State, faces) -> Transition:
    """What a roll showing ``faces`` (in any order; lists for tuple faces, as JSON gives
    them) leads to from ``state``, with the chance of seeing those faces: what a player
    at the table enters. InvalidStateError if rolling is not allowed there or no roll
    from there shows these faces (the game's ``page.roll_hint`` says what a roll can show)."""
    if ROLL not in legal_actions(game, state):
        raise InvalidStateError("rolling is not allowed here: the turn is over or the game has ended")
    return read_faces(game, state, faces)


def read_faces(game, state: State, faces) -> Transition:
    """:func:`apply_roll` where rolling is known to be allowed (a table of more players
    decides that for itself): a bust is the turn's end having banked nothing."""
    if not isinstance(faces, (list, tuple)) or not all(is_face(face) for face in faces):
        raise InvalidStateError(f"{game.name}: a roll is a list of the faces shown (numbers or names), got {faces!r}")
    wanted = face_count(faces)
    for probability, shown in game.roll_faces(state.turn):
        if face_count(shown) == wanted:
            outcome = game.read_roll(state.turn, shown)
            if outcome is None:
                return turn_end(game, state.anchor, 0, probability)
            if isinstance(outcome, Choice):
                options = tuple(State(game.name, state.anchor, tuple(t)) for t in outcome.options)
                return Transition(probability, None, None, False, options)
            return Transition(probability, State(game.name, state.anchor, tuple(outcome)), None, False)
    raise InvalidStateError(f"no roll from this position shows that: {game.page.roll_hint}")


def check_komi(game, komi: int) -> None:
    """InvalidParameterError unless ``komi`` is a head start this game can give: less than
    the goal either way, on the game's grid of points (Farkle: a multiple of 50)."""
    step = game.gain_step
    if isinstance(komi, bool) or not isinstance(komi, int) or not -game.goal < komi < game.goal or komi % step:
        on_grid = f", a multiple of {step}" if step > 1 else ""
        raise InvalidParameterError(
            f"{game.name}: a head start (komi) is a whole number between {-game.goal + step} and "
            f"{game.goal - step}{on_grid}, got {komi!r}")
