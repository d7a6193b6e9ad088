"""A played game's record as one word of a link, and as JSON text (every kind of game).

A record is a JSON object (each kind of game says what is in it). In a link it travels as
base64url of its compact JSON, deflated; reading one back stops at a size limit (a bomb is
refused, not inflated) and names what is wrong with it.
"""

from __future__ import annotations

import base64
import json
import zlib

from .errors import InvalidRecordError, PycoreError
from .params import read_whole_number
from .registry import find_game_class, names_game, variant_class

#: the longest record a link carries (a long Farkle game is about 1,500 characters)
MAX_LINK = 20_000


def to_link_word(record: dict) -> str:
    """``record`` (JSON-able) as one word of a link; InvalidRecordError if it is longer than a
    link may carry (:data:`MAX_LINK`: a long game of random rolls, thousands of moves)."""
    text = json.dumps(record, separators=(",", ":"))
    word = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    if len(word) > MAX_LINK:
        raise InvalidRecordError(f"the game is too long for a link ({len(word):,} characters, at most {MAX_LINK:,}): "
                                 "save it as a file")
    return word


def from_link_word(word: str) -> str:
    """The record's JSON text from :func:`to_link_word`'s word; InvalidRecordError if it is not one."""
    if not isinstance(word, str) or len(word) > MAX_LINK:
        raise InvalidRecordError(f"a game in a link is at most {MAX_LINK:,} characters of base64url")
    try:
        packed = base64.urlsafe_b64decode(word + "=" * (-len(word) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, MAX_LINK * 20)  # (a bomb stops at this size)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("too long or cut short")
        return text.decode()
    except (ValueError, UnicodeDecodeError, zlib.error):
        raise InvalidRecordError("it is damaged (not a game record this app made)") from None


def _whole_number_of_json(text: str) -> int:
    """A record's JSON integer, at most 18 digits (past 4,300 int() raises a ValueError of its own)."""
    return read_whole_number(text, "a number in the record", InvalidRecordError)


def _no_constant(name: str):
    raise InvalidRecordError(f"it holds {name}, which is not a JSON number")


def read_json(data, fields: str) -> dict:
    """A record's JSON object from its text or parsed form; InvalidRecordError if it is not an
    object (``fields`` says what one holds)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data, parse_constant=_no_constant, parse_int=_whole_number_of_json)
        except (ValueError, RecursionError) as exc:  # (InvalidRecordError is a ValueError too)
            raise InvalidRecordError(f"a game record is JSON; this is not: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidRecordError(f"a game record is a JSON object with {fields}")
    return data


#: the largest seed: a whole number a browser's JavaScript holds exactly (2^53 - 1), so a record
#: read into the page and sent back keeps its dice (a seed of 2^63 - 1 came back changed, and
#: its 19 digits were past the API's reader: play made records nothing could continue)
MAX_SEED = 2**53 - 1


def whole_number(value, what: str, low: int = 0, high: int = MAX_SEED):
    """A record's whole number field (None stays None); InvalidRecordError naming it otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidRecordError(f"the record's {what} is a whole number from {low} to {high}, got {value!r}")
    return value


def game_record(data, game, fields: str) -> dict:
    """A record's JSON object (text or parsed) for ``game``: InvalidRecordError if it is not
    one, or is a game of another kind (before its moves are read in another game's terms)."""
    data = read_json(data, fields)
    name = data.get("game")
    if name is None:
        return data  # (the record's own reading names what is missing)
    check_game_named(name, data.get("params"), game)
    return data


def check_game_named(name, params, game) -> None:
    """InvalidRecordError unless a record's game name with its params means ``game``; where
    the params make the name another game (``pig`` with ``players: 3``: three-player Pig), the
    message names it and them (it read "the record is a game of pig, not pig")."""
    if names_game(name, params, game):
        return
    try:
        named = find_game_class(name)
        meant = variant_class(named, params, strict=False) if isinstance(params, dict) else named
    except PycoreError:  # (not a game's name: said as it is below)
        meant = named = None
    if meant is not named:
        given = {k: v for k, v in params.items() if k in meant.variant_params} or params
        raise InvalidRecordError(f"the record's params ({', '.join(f'{k} {v}' for k, v in given.items())}) make it a "
                                 f"game of {meant.name} ({meant.title}), not {game.name}")
    shown = name if isinstance(name, str) else repr(name)
    raise InvalidRecordError(f"the record is a game of {shown}, not {game.name}")


def record_game(game, params: dict):
    """``game`` with a record's parameters; InvalidRecordError naming what does not fit."""
    try:
        return type(game)(**params)
    except PycoreError as exc:
        raise InvalidRecordError(f"the record's params are not a rule set of {game.name}: {exc}") from None
