"""The actions of a game played or reviewed, written once for every kind of game: ``play`` (a
whole new game against the computer, with its record and review), ``move`` (one move on, by
the person or the computer, or where a saved game stands), ``review`` (a saved record's), each
reply with the record's share link.

What differs between kinds is declared in a :class:`PlayKind` (the kind's play rules of
:mod:`pycore.core.play`, the values a record is played and reviewed by, the arguments a new
game takes, the review's links): the jeopardy games' in
:mod:`pycore.service.jeopardy_play`, the scorecard games' in
:mod:`pycore.service.scorecard_actions`. A kind's actions are :func:`actions` of its
``PlayKind``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..core.errors import InvalidRequestError
from ..core.game import Game
from ..core.play import PlayRules, Record, extend, replay
from ..core.quiz import DEFAULT_COUNT, MAX_COUNT, Question, QuizSet, QuizSource, build, grade, kept_set, read_mix
from ..core.records import MAX_SEED, game_record, record_game
from .arguments import whole_number
from .links import quiz_pairs, to_fragment


def _nothing_more(game: Game) -> dict:
    return {}


@dataclass(frozen=True)
class PlayKind:
    """What one kind of game says about playing it (each a function of the game)."""

    #: the kind's play rules: a record's moves and header, a position after each move
    rules: PlayRules
    #: the reply's head: the game's name, title and parameters
    head: Callable[[Game], dict]
    #: (game, players, args, progress) -> the values a record of that many players is played
    #: and reviewed by (a solve, a shipped table)
    values: Callable[[Game, int, dict, Any], Any]
    #: (game, args, seed, progress) -> (the record of a whole new game, its values, what the
    #: reply adds): reads the kind's own arguments of a new game (seat, komi, the players)
    new_game: Callable[[Game, dict, int, Any], tuple[Record, Any, dict]]
    #: (game, values, record) -> the review's JSON, each decision with its advisor link
    review: Callable[[Game, Any, Record], dict]
    #: (game, record) -> a link that opens the game where it stands (None: too long for one)
    record_link: Callable[[Game, Record], str | None]
    #: (game, label) -> the computer player a label names (optimal, a policy, a rule)
    find_player: Callable[[Game, str | None], Any]
    #: (game, position) -> a position's JSON
    position_json: Callable[[Game, Any], dict]
    #: what a saved game's standing adds (the players one may play against)
    standing: Callable[[Game], dict] = field(default=_nothing_more)
    #: (game, args, progress) -> Test yourself's source of positions (:class:`pycore.core.quiz.QuizSource`)
    quiz_source: Callable[[Game, dict, Any], QuizSource] | None = None


def play(kind: PlayKind, game: Game, args: dict, progress) -> dict:
    """A whole game with seeded dice (``seed``) against the computer; its record and review."""
    seed = whole_number(args, "seed", None, 0, MAX_SEED, required=True)
    record, values, extra = kind.new_game(game, args, seed, progress)
    return {**extra, **_reviewed(kind, game, values, record)}


def review(kind: PlayKind, game: Game, args: dict, progress) -> dict:
    """A saved record's review (the record's own game and parameters, which must be this game's)."""
    game, record, values = _recorded(kind, game, args, progress)
    return _reviewed(kind, game, values, record)


def move(kind: PlayKind, game: Game, args: dict, progress) -> dict:
    """One move of a game in progress: the person's ``move`` (a roll without faces draws them
    from the record's seed) or, with ``player`` (optimal, a policy's name or a rule), the
    computer's; the record with it and the position after it. With neither, where the saved
    game stands. ``check_players``: a new game's computer players, checked before it starts."""
    game, record, values = _recorded(kind, game, args, progress)
    checked = args.get("check_players", [])
    if not (isinstance(checked, list) and all(isinstance(label, str) for label in checked)):
        raise InvalidRequestError(f"argument 'check_players' must be a list of players' labels, got {checked!r}")
    for label in checked:
        kind.find_player(game, label)
    if "move" not in args and "player" not in args:
        at = replay(kind.rules, game, record)
        return {**kind.head(game), "record": record.to_json(), "position": kind.position_json(game, at),
                "share": kind.record_link(game, record), **kind.standing(game)}
    player = kind.find_player(game, args["player"]) if "player" in args else None
    record, at = extend(kind.rules, game, values, record, args.get("move"), player)
    return {**kind.head(game), "record": record.to_json(), "position": kind.position_json(game, at),
            "share": kind.record_link(game, record)}


def quiz_set(kind: PlayKind, game: Game, args: dict, progress) -> QuizSet:
    """The set ``seed``, ``count`` and ``mix`` fix for this game and rules (:mod:`pycore.core.quiz`)."""
    seed = whole_number(args, "seed", None, 0, MAX_SEED, required=True)
    count = whole_number(args, "count", DEFAULT_COUNT, 1, MAX_COUNT)
    mix = read_mix(args.get("mix"))
    return kept_set(game.name, game.params, seed, count, mix,
                    lambda: build(kind.quiz_source(game, args, progress), game.name, game.params, seed, count, mix, progress))


def quiz(kind: PlayKind, game: Game, args: dict, progress) -> dict:
    """Test yourself: the set of positions ``seed``, ``count`` and ``mix`` fix (each move's
    value and cost, the best, the advisor's reason and link, each named policy's move), its
    ``link``, and with ``answers`` (a list of moves, one a position) the ``grade``."""
    made = quiz_set(kind, game, args, progress)
    view = {"seed": made.seed, "count": made.count, "mix": made.mix}
    out = {**kind.head(game), **made.to_json(), "link": "#" + to_fragment(game, quiz_pairs(view))}
    if "answers" in args:
        out["grade"] = grade(made.questions, args["answers"], made.policies).to_json()
    return out


def grade_questions(kind: PlayKind, game: Game, args: dict, progress) -> dict:
    """The grade of ``answers`` to ``questions`` (Test yourself's positions as the set gave
    them: a set's, or the mistakes kept to drill again) and of ``policies`` on them."""
    raw, policies = args.get("questions"), args.get("policies", [])
    if not isinstance(raw, list) or len(raw) > 500:
        raise InvalidRequestError("argument 'questions' must be a list of at most 500 positions of a set")
    if not isinstance(policies, list) or not all(isinstance(p, str) for p in policies):
        raise InvalidRequestError("argument 'policies' must be a list of the policies' names")
    questions = tuple(Question.from_json(q, n) for n, q in enumerate(raw, 1))
    return {**kind.head(game), **grade(questions, args.get("answers", []), tuple(policies)).to_json()}


def actions(kind: PlayKind) -> dict[str, Callable[[Game, dict, Any], dict]]:
    """The kind's play actions, by the API's names."""
    return {"play": partial(play, kind), "review": partial(review, kind), "move": partial(move, kind),
            "quiz": partial(quiz, kind), "grade": partial(grade_questions, kind)}


def _recorded(kind: PlayKind, game: Game, args: dict, progress) -> tuple[Game, Record, Any]:
    """The ``record`` argument, its game (with the record's own parameters, which must be of
    this game) and the values to play and review it by."""
    record = Record.from_json(game_record(args.get("record"), game, kind.rules.fields), kind.rules)
    game = record_game(game, record.params)
    return game, record, kind.values(game, len(record.players), args, progress)


def _reviewed(kind: PlayKind, game: Game, values: Any, record: Record) -> dict:
    """A record's review, with the record and its share link."""
    return {**kind.head(game), "record": record.to_json(), "share": kind.record_link(game, record),
            **kind.review(game, values, record)}
