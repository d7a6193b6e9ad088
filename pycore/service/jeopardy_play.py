"""How the jeopardy games are played and reviewed (:data:`PLAY`, a
:class:`~pycore.service.play_actions.PlayKind`; the actions themselves are
:mod:`pycore.service.play_actions`, written once for every kind): a new game takes your seat, the
komi and the players (for a game of three, the computer in one or two seats); a record is played
and reviewed by the solved game of its players. A table of three plays three-player Pig exactly
(:func:`~pycore.jeopardy.analysis.for_players`): its positions, advice links and review are that
game's, the record stays the table game's (``pig`` with three players); a game of three against
the computer is a record of the game for three itself (``pig-3``, with its seed).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from pycore.jeopardy.analysis import for_players
from pycore.jeopardy.play.match import OPTIMAL, Player, Position, find_player, start_state
from pycore.jeopardy.play.match import RULES as MATCH_RULES
from pycore.jeopardy.play.match import Values as MatchValues
from pycore.jeopardy.play.match_review import decision_choices, review
from pycore.jeopardy.play.table_simulation import figure_words
from pycore.jeopardy.rules.moves import check_komi
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import best_of
from pycore.jeopardy.solving.turn import turn_outlook
from pycore.jeopardy.views.explain import reason

from ..core.errors import InvalidRequestError
from ..core.play import Record, walk
from ..core.play import play as play_game
from ..core.quiz import Choice
from .arguments import whole_number
from .jeopardy_links import fragment
from .jeopardy_requests import choices_after, head, solved
from .play_actions import PlayKind


def _new_game(game: JeopardyGame, args: dict, seed: int, progress) -> tuple[Record, MatchValues, dict]:
    """A whole game of the game's own players (two; three for a game for three) between
    ``policy`` (yours: optimal, a policy's name or a rule) in ``seat`` (1: first; for three, one
    seat or a list of one or two) and ``against`` in the others, the first player ``komi``
    points ahead (two players only)."""
    players = game.players
    yours = _your_seats(args, players)
    komi = whole_number(args, "komi", 0, -game.goal + 1, game.goal - 1)
    check_komi(game, komi)
    you, them = find_player(game, args.get("policy")), find_player(game, args.get("against"))
    seated = tuple(you if seat in yours else them for seat in range(players))
    values = _values(game, players, args, progress)
    record = play_game(MATCH_RULES, game, values, seated, seed, komi)
    return record, values, {"you": list(yours)}


def _your_seats(args: dict, players: int) -> tuple[int, ...]:
    """The ``seat`` argument as the seats (from 0) your player takes: a whole number from 1, or
    (more than two players) a list of them leaving the computer at least one seat."""
    raw = args.get("seat", 1)
    if isinstance(raw, list) and players > 2:
        if not 1 <= len(raw) < players or len(set(map(repr, raw))) != len(raw):
            raise InvalidRequestError(f"argument 'seat' must be one seat or a list of 1 to {players - 1} different "
                                      f"seats from 1 to {players} (the computer plays the others), got {raw!r}")
        return tuple(sorted(whole_number({"seat": s}, "seat", None, 1, players) - 1 for s in raw))
    return (whole_number(args, "seat", 1, 1, players) - 1,)


def _values(game: JeopardyGame, players: int, args: dict, progress) -> MatchValues:
    """The values a game of ``players`` is played and reviewed by: its solved game's (the game
    of that many players, where there is one)."""
    played = for_players(game, players)
    solution, _ = solved(played, args, progress)
    return MatchValues(played, solution.ending_value)


def _review(game: JeopardyGame, values: MatchValues, record: Record) -> dict:
    """A record's review, each decision with the link to its state in the advisor."""
    reviewed = review(game, values, record)
    out = reviewed.to_json()
    played = values.game  # (whose positions the decisions are: three-player Pig's at a table of three)
    for made, decision in zip(reviewed.decisions, out["decisions"], strict=True):
        where = made.game or played  # (a tie-break's decisions: the game the tied play on)
        boundary = next((v for v in ("slice", "thresholds") if v in where.page.views), None)
        state = Notation(where).from_values(**decision["state"])
        decision["link"] = "#" + fragment(where, state)
        decision["boundary_link"] = "#" + fragment(where, state, {"view": boundary}) if boundary else None
    return {"valued_in": played.name, **out}


def position_json(at: Position) -> dict:
    """A position's JSON; at a table advised by the two-player stand-in, with what it was
    measured to be worth (``measured``: the shipped simulated figure of that many players,
    :func:`~pycore.jeopardy.play.table_simulation.figure_words`; None where none ships)."""
    out = at.to_json()
    if not at.exact and at.players > 2 and at.result is None:
        out["measured"] = figure_words(at.game, at.players, at.seat)
    return out


def record_link(game: JeopardyGame, record: Record) -> str | None:
    """A link that opens this game where it stands (in Play, or at the table for a game entered
    there); None where the game is too long for a link."""
    view = "play" if record.seed is not None else "table"
    word = record.share_word()
    return None if word is None else f"#{fragment(game, start_state(game, record.komi), {'view': view})}&record={word}"


@dataclass(frozen=True)
class JeopardyQuiz:
    """Test yourself (:class:`pycore.core.quiz.QuizSource`) for a jeopardy game of two or three
    players: whole games between optimal play and the game's named policies, every decision
    valued in the mover's chance of winning."""

    game: JeopardyGame
    values: MatchValues
    unit: str = "win"

    @property
    def seats(self) -> int:
        return self.game.players

    def players(self) -> list[Player]:
        return [Player(OPTIMAL)] + [Player(p.name, p) for p in self.game.human_policies()]

    def play(self, players: tuple[Player, ...], seed: int) -> Iterator[tuple[Position, tuple[Choice, ...]]]:
        record = play_game(MATCH_RULES, self.game, self.values, players, seed)
        for _, at, _, _ in walk(MATCH_RULES, self.game, record):
            choices = decision_choices(self.values, at)
            if len(choices) > 1:
                yield at, choices

    def pick(self, player: Player, at: Position, choices: tuple[Choice, ...]) -> str:
        priced = self.values.of(at.game)
        if at.options:
            return str(player.option(at.game, priced, at.state, at.options) + 1)
        return player.action(at.game, priced, at.state, at.legal())

    def question(self, at: Position, choices: tuple[Choice, ...]) -> tuple[dict, str, str]:
        game, state = at.game, at.state
        turn = self.values.of(game).turn(state.anchor)
        if at.options:
            rows = choices_after(game, state, at.faces, turn)["choices"]
            said = [f"{row['label']}, then {row['then']} ({100 * row['value']:.2f}%)" for row in rows[:2]]
            why = f"Best: {said[0]}." + (f" Next best: {said[1]}." if len(said) > 1 else "")
        else:
            valued = turn.action_values(state.turn)
            why = reason(game, state, valued, best_of(valued), turn_outlook(game, turn, state.turn), "win")
        return at.to_json(), "#" + fragment(game, state), why

    def identity(self, at: Position) -> str:
        return json.dumps([at.game.name, Notation(at.game).values(at.state), at.faces, len(at.options)])


def quiz_source(game: JeopardyGame, args: dict, progress) -> JeopardyQuiz:
    """The game's Test yourself source, with the values of its players' game (two or three)."""
    return JeopardyQuiz(game, _values(game, game.players, args, progress))


#: how the jeopardy games are played and reviewed
PLAY = PlayKind(
    rules=MATCH_RULES,
    head=head,
    values=_values,
    new_game=_new_game,
    review=_review,
    record_link=record_link,
    find_player=find_player,
    position_json=lambda game, at: position_json(at),
    standing=lambda game: {"policies": [p.name for p in game.human_policies()]},
    quiz_source=quiz_source,
)
