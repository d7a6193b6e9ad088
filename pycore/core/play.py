"""A played game, for every kind of game: one :class:`Record`, and replay, extend, play and
the review's walk written once over a kind's :class:`PlayRules`.

A record replays a game exactly: the game and its parameters, the players' labels in seat
order (one for a solitaire game), the seed of the computer's dice (none for dice entered by
hand), a two-player game's head start (komi) and the moves in order, each a JSON object in
the kind's terms (a two-player game: roll, hold, choose; a scorecard game: roll, box). The
k-th roll of a seeded game draws the seed's k-th number, so a saved game goes on rolling
where it stopped (:func:`extend`).

A kind says what its records and positions are (:class:`PlayRules`); its positions are
values: ``apply`` gives the position after a move and leaves the one it was given as it was.
So the position a move leaves is kept (:data:`POSITIONS`) for the next move of the same
game: the page sends the whole record with every move, and replaying it grew with the game
(about 160 moves of Farkle: 55 ms in CPython, against under a millisecond kept).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from .cache import BoundedCache
from .errors import InvalidPolicyError, InvalidRecordError, PycoreError
from .records import check_game_named, from_link_word, read_json, record_game, to_link_word
from .registry import find_game_class


class PlayRules(Protocol):
    """What a kind of game tells the play core (positions are the kind's own values)."""

    #: what a record of the kind holds, as an error message names it
    fields: str
    #: moves one record may hold
    max_moves: int
    #: how a game without a seed was entered, as a message says it ("entered at the table")
    entered: str

    def read_header(self, data: dict) -> tuple[tuple[str, ...], int | None, int]:
        """A record's (players, seed, komi) from its JSON; InvalidRecordError naming the field."""

    def check_move(self, move: Any, n: int, faces_needed: bool) -> None:
        """InvalidRecordError if move ``n`` is not of the kind's form (``faces_needed``: a roll
        must say what it showed; a person's new roll may leave that to the seed)."""

    def start(self, game, record: Record) -> Any:
        """The position before the first move."""

    def apply(self, game, at: Any, move: dict) -> Any:
        """The position after ``move``; InvalidRecordError (or the rules' error) if it does not fit."""

    def over(self, at: Any) -> bool: ...

    def rolls(self, at: Any) -> int:
        """The rolls made so far (how many of the seed's numbers they used)."""

    def skip(self, rng: random.Random) -> None:
        """Use up the number one roll draws."""

    def next_move(self, game, values: Any, player: Any, at: Any, rng: random.Random) -> dict:
        """The move ``player`` makes at ``at`` (a roll's faces drawn from ``rng``)."""

    def completed(self, game, at: Any, move: dict, rng: random.Random) -> dict:
        """A person's roll without faces, with its faces drawn from ``rng`` (the move as it is
        if it needs none); InvalidRecordError if it cannot be made here."""

    def mover(self, at: Any) -> int:
        """The seat whose move it is."""


@dataclass(frozen=True)
class Record:
    """A played game (see the module): JSON with :meth:`to_json` / :meth:`from_json`, a link's
    word with ``to_link`` / :meth:`from_link`."""

    game: str
    params: dict
    moves: tuple[dict, ...]
    seed: int | None = None
    players: tuple[str, ...] = ("You",)
    komi: int = 0

    @property
    def player(self) -> str:
        """A solitaire game's one player (the first seat's label)."""
        return self.players[0]

    def to_json(self) -> dict:
        if len(self.players) == 1:  # a solitaire game names its one player
            return {"game": self.game, "params": dict(self.params), "seed": self.seed, "player": self.players[0],
                    "moves": [dict(m) for m in self.moves]}
        return {"game": self.game, "params": dict(self.params), "komi": self.komi, "seed": self.seed,
                "players": list(self.players), "moves": [dict(m) for m in self.moves]}

    @classmethod
    def from_json(cls, data, rules: PlayRules) -> Record:
        """A record of ``rules``' kind from its JSON (text or parsed); InvalidRecordError
        naming the field at fault (the moves' form only: :func:`replay` says whether they fit
        the game)."""
        data = read_json(data, rules.fields)
        missing = [k for k in ("game", "moves") if k not in data]
        if missing:
            raise InvalidRecordError(f"the game record has no {' or '.join(missing)}")
        game, params, moves = data["game"], data.get("params", {}), data["moves"]
        if not isinstance(game, str):
            raise InvalidRecordError(f"the record's game is a name, got {game!r}")
        try:  # an alias names its game (as a link's does)
            game = find_game_class(game).name
        except PycoreError as exc:
            raise InvalidRecordError(f"the record's game: {exc}") from None
        if not isinstance(params, dict):
            raise InvalidRecordError("the record's params are an object of the game's parameters")
        players, seed, komi = rules.read_header(data)
        if not isinstance(moves, list) or len(moves) > rules.max_moves:
            raise InvalidRecordError(f"the record's moves are a list of at most {rules.max_moves:,}")
        for n, move in enumerate(moves, 1):
            rules.check_move(move, n, faces_needed=True)
        return cls(game, params, tuple(moves), seed, tuple(players), komi)

    def to_link(self) -> str:
        """The record as one word of a link (:func:`~pycore.core.records.to_link_word`);
        InvalidRecordError if it is too long for one."""
        return to_link_word(self.to_json())

    def share_word(self) -> str | None:
        """:meth:`to_link`, or None where the game is too long for a link (it is saved as a file)."""
        try:
            return self.to_link()
        except InvalidRecordError:
            return None

    @classmethod
    def from_link(cls, word: str, rules: PlayRules) -> Record:
        """A record from :meth:`to_link`'s word; InvalidRecordError if it is not one."""
        return cls.from_json(from_link_word(word), rules)


def _check_game(game, record: Record) -> None:
    check_game_named(record.game, record.params, game)


def apply_numbered(rules: PlayRules, game, at, move: dict, n: int):
    """The position after move ``n``; InvalidRecordError naming the move if it does not fit."""
    try:
        return rules.apply(game, at, move)
    except InvalidRecordError as exc:
        raise InvalidRecordError(f"move {n} of the record does not fit: {exc}") from None
    except PycoreError as exc:
        raise InvalidRecordError(f"move {n} of the record does not fit the game: {exc}") from None


#: (the kind, the game, a record) -> the position after its moves: the last few games moved in
POSITIONS = BoundedCache("positions played", 4)


def _position_key(rules: PlayRules, game, record: Record) -> tuple:
    return type(rules).__qualname__, game.key, json.dumps(record.to_json(), sort_keys=True)


def replay(rules: PlayRules, game, record: Record):
    """The position after the record's moves (a game in progress, or over)."""
    return POSITIONS.get(_position_key(rules, game, record), lambda: _replayed(rules, game, record))


def _replayed(rules: PlayRules, game, record: Record):
    _check_game(game, record)
    at = rules.start(game, record)
    for n, move in enumerate(record.moves, 1):
        at = apply_numbered(rules, game, at, move, n)
    return at


def walk(rules: PlayRules, game, record: Record) -> Iterator[tuple[int, Any, dict, Any]]:
    """Each move of a whole game as ``(n, the position before, the move, the position after)``:
    what a review values. InvalidRecordError naming the first move that does not fit, one
    after the end, or a record that stops before the game ends."""
    _check_game(game, record)
    at = rules.start(game, record)
    for n, move in enumerate(record.moves, 1):
        if rules.over(at):
            raise InvalidRecordError(f"move {n} of the record comes after the end of the game")
        before, at = at, apply_numbered(rules, game, at, move, n)
        yield n, before, move, at
    if not rules.over(at):
        raise InvalidRecordError(f"the record stops after {len(record.moves)} moves, before the game ends")


def _rng_after(rules: PlayRules, record: Record, at) -> random.Random:
    """The record's dice where its rolls left off: the seed's numbers after those used."""
    rng = random.Random(record.seed)
    for _ in range(rules.rolls(at)):
        rules.skip(rng)
    return rng


def extend(rules: PlayRules, game, values, record: Record, move: dict | None = None,
           player=None) -> tuple[Record, Any]:
    """One more move for a game in progress: ``move`` (a person's; a roll without faces draws
    them from the record's seed where its rolls left off) or ``player``'s."""
    at = replay(rules, game, record)
    if rules.over(at):
        raise InvalidRecordError("the game is over: no move comes after its end")
    if len(record.moves) >= rules.max_moves:  # (one more could be neither read back nor reviewed)
        raise InvalidRecordError(f"the record has {rules.max_moves:,} moves, the most a record may have")
    n = len(record.moves) + 1
    if player is not None:
        move = rules.next_move(game, values, player, at, _rng_after(rules, record, at))
    else:
        rules.check_move(move, n, faces_needed=False)
        if move.get("action") == "roll" and "faces" not in move:
            if record.seed is None:
                raise InvalidRecordError(f"a game without a seed ({rules.entered}) needs the faces of each roll")
            try:
                move = rules.completed(game, at, move, _rng_after(rules, record, at))
            except InvalidRecordError as exc:
                raise InvalidRecordError(f"move {n} of the record does not fit: {exc}") from None
        rules.check_move(move, n, faces_needed=True)
    at = apply_numbered(rules, game, at, move, n)
    record = Record(record.game, record.params, (*record.moves, move), record.seed, record.players, record.komi)
    return record, POSITIONS.put(_position_key(rules, game, record), at)  # (the next move starts here)


def play(rules: PlayRules, game, values, players: tuple, seed: int, komi: int = 0) -> Record:
    """A whole game between ``players`` (seat 0 first; the record names each by its ``label``)
    with the seed's dice; its record. InvalidPolicyError if it does not end within the
    kind's moves (a rule that never banks)."""
    record = Record(game.name, dict(game.params), (), seed, tuple(p.label for p in players), komi)
    rng = random.Random(seed)
    at = rules.start(game, record)
    moves: list[dict] = []
    while not rules.over(at):
        if len(moves) >= rules.max_moves:
            raise InvalidPolicyError(f"{game.name}: the game did not end within {rules.max_moves:,} moves "
                                     "(a rule that never banks points?)")
        move = rules.next_move(game, values, players[rules.mover(at)], at, rng)
        at = rules.apply(game, at, move)
        moves.append(move)
    return Record(record.game, record.params, tuple(moves), seed, record.players, komi)


def linked_record(game, word: str, rules: PlayRules, problems: list[str]) -> Record | None:
    """The record in a link's word if it is a game of the link's game and rules that replays;
    else None, with one problem said."""
    try:
        record = Record.from_link(word, rules)
        if record.game != game.name or record_game(game, record.params).params != game.params:
            raise InvalidRecordError(f"it is a game of {record.game} with {record.params}, not of this link's game")
        replay(rules, game, record)
        return record
    except PycoreError as exc:
        problems.append(f"the game in the link could not be opened: {exc}; the game in progress is kept")
        return None
