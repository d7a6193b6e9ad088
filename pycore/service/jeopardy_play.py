"""The actions of a game played or reviewed: ``play`` (a new game of two), ``move`` (one move
on, at the table up to eight players), ``review``, and a record's share link
(:func:`record_link`). A table of three plays three-player Pig exactly
(:func:`~pycore.core.registry.for_players`): its positions, advice links and
review are that game's, the record stays the table game's (``pig`` with three players).
"""

from __future__ import annotations

from pycore.jeopardy.play.match import RULES as MATCH_RULES
from pycore.jeopardy.play.match import Values as MatchValues
from pycore.jeopardy.play.match import extend, find_player, play, replay, start_state
from pycore.jeopardy.play.match_review import review
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.seats.seat_solution import NotForPlayers

from ..core.errors import InvalidRequestError
from ..core.play import Record
from ..core.records import MAX_SEED, game_record, record_game
from ..core.registry import for_players
from .arguments import whole_number
from .jeopardy_links import fragment
from .jeopardy_requests import head, solved


def _play(game: JeopardyGame, args: dict, progress) -> dict:
    """A whole game with seeded dice between ``policy`` (yours: optimal, a policy's name or a
    rule) in seat ``seat`` (1: first) and ``against``; its record and review
    (:mod:`pycore.jeopardy.play.match`)."""
    _two_players(game)
    seed = whole_number(args, "seed", None, 0, MAX_SEED, required=True)
    seat = whole_number(args, "seat", 1, 1, 2) - 1
    komi = whole_number(args, "komi", 0, -game.goal + 1, game.goal - 1)
    game.check_komi(komi)
    yours, theirs = find_player(game, args.get("policy")), find_player(game, args.get("against"))
    players = (yours, theirs) if seat == 0 else (theirs, yours)
    solution, _ = solved(game, args, progress)
    values = MatchValues(game, solution.ending_value)
    return {"you": seat, **_reviewed(game, values, play(game, values, players, seed, komi))}


def _two_players(game: JeopardyGame) -> None:
    """NotForPlayers for a game whose rules seat more than two: a record names the table's
    game (``pig`` with three players, which plays ``pig-3``); games against the computer
    for more than two come later."""
    if game.players > 2:
        raise NotForPlayers(f"{game.name}: whole games are not played against the computer for {game.players} players "
                            f"yet; at the table, {game.variant_of or game.name} with {game.players} players is entered, "
                            "advised and reviewed exactly")


def _recorded(game: JeopardyGame, args: dict, progress) -> tuple[JeopardyGame, Record, MatchValues]:
    """The ``record`` argument, its game (with the record's own parameters, which must be of
    this game) and the values to play and review it by."""
    _two_players(game)
    record = Record.from_json(game_record(args.get("record"), game, MATCH_RULES.fields), MATCH_RULES)
    game = record_game(game, record.params)
    played = for_players(game, len(record.players))  # (the game of that many players, where there is one)
    solution, _ = solved(played, args, progress)
    return game, record, MatchValues(played, solution.ending_value)


def _reviewed(game: JeopardyGame, values: MatchValues, record: Record) -> dict:
    """A record's review, each decision with the link to its state in the advisor."""
    reviewed = review(game, values, record)
    out = reviewed.to_json()
    played = values.game  # (whose positions the decisions are: three-player Pig's at a table of three)
    for made, decision in zip(reviewed.decisions, out["decisions"], strict=True):
        where = made.game or played  # (a tie-break's decisions: the game the tied play on)
        boundary = next((v for v in ("slice", "thresholds") if v in where.views), None)
        state = where.state(**decision["state"])
        decision["link"] = "#" + fragment(where, state)
        decision["boundary_link"] = "#" + fragment(where, state, {"view": boundary}) if boundary else None
    return {**head(game), "record": record.to_json(), "share": record_link(game, record), "valued_in": played.name, **out}


def record_link(game: JeopardyGame, record: Record) -> str | None:
    """A link that opens this game where it stands (in Play, or at the table for a game entered
    there); None where the game is too long for a link."""
    view = "play" if record.seed is not None else "table"
    word = record.share_word()
    return None if word is None else f"#{fragment(game, start_state(game, record.komi), {'view': view})}&record={word}"


def _review(game: JeopardyGame, args: dict, progress) -> dict:
    """A saved record's review (the record's own game and parameters, which must be this game)."""
    game, record, values = _recorded(game, args, progress)
    return _reviewed(game, values, record)


def _move(game: JeopardyGame, args: dict, progress) -> dict:
    """One move of a game in progress: the person's ``move`` (``{"action": "roll"}`` draws the
    faces from the record's seed; ``hold``; ``{"action": "choose", "option": {...}}``) or, with
    ``player`` (optimal, a policy's name or a rule), the computer's; the record with it and the
    position after it."""
    game, record, values = _recorded(game, args, progress)
    checked = args.get("check_players", [])  # a new game's computer players, checked before it starts
    if not (isinstance(checked, list) and all(isinstance(label, str) for label in checked)):
        raise InvalidRequestError(f"argument 'check_players' must be a list of players' labels, got {checked!r}")
    for label in checked:
        find_player(game, label)
    if "move" not in args and "player" not in args:  # where a saved game stands
        return {**head(game), "record": record.to_json(), "position": replay(game, record).to_json(),
                "share": record_link(game, record), "policies": [p.name for p in game.human_policies()]}
    player = find_player(game, args["player"]) if "player" in args else None
    record, at = extend(game, values, record, args.get("move"), player)
    return {**head(game), "record": record.to_json(), "position": at.to_json(), "share": record_link(game, record)}
