"""The kinds of game, each one object: what the API, the command line and the table builder
ask of a kind, so that none of them names one (no ``kind ==`` anywhere in the service).

A kind gives its actions by name (the JSON API's, beyond the ones every game has), how a
link's keys are read back to a position (``resolve_position``), how a resolved position is
answered (``answer_position``: the one request the page makes), what its prebuilt tables
hold (``table_content``), the command line's words for each answer (``words``) and what the
command line does differently for it (``position_by_scores``: a position may be given as
``--scores``, ``--turn-total`` and ``--dice``; ``solved_fresh``: ``solve`` solves the rules
afresh rather than reading the table the app ships; ``offline_results``: ``target-curve``
and ``beat-optimal`` build its rule sets' offline results). A new kind of game is one more
entry in :data:`KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pycore.jeopardy.solving import table_content as jeopardy_tables

from ..core.errors import InvalidRequestError
from ..core.game import Game
from ..core.progress import Checkpoint, Progress
from ..scorecard import solitaire
from ..store.prebuilt import TableContent
from . import cli_format, jeopardy_actions, jeopardy_links, scorecard_actions
from .links import LinkValues


@dataclass(frozen=True)
class Kind:
    """What the service asks of one kind of game."""

    name: str
    actions: dict[str, Callable[[Game, dict, object], dict]]
    resolve_position: Callable[[Game, LinkValues], dict]
    answer_position: Callable[[Game, dict, dict, object], dict]
    table_content: Callable[[Game, Progress | None, Checkpoint | None], TableContent]
    #: the command line's words for each command's answer: (head, result) -> text
    words: dict[str, Callable[[str, dict], str]]
    position_by_scores: bool = False
    solved_fresh: bool = False
    offline_results: bool = False


#: every kind of game, by ``Game.kind``
KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("jeopardy", jeopardy_actions.ACTIONS, jeopardy_links.resolve_position, jeopardy_actions.answer_position,
         jeopardy_tables.table_content, cli_format.JEOPARDY_WORDS, position_by_scores=True),
    Kind("scorecard", scorecard_actions.ACTIONS, scorecard_actions.resolve_position, scorecard_actions.answer_position,
         solitaire.table_content, cli_format.SCORECARD_WORDS, solved_fresh=True, offline_results=True),
)}


def kind_of(game) -> Kind:
    """The kind of ``game`` (a game or its class); InvalidRequestError naming the kinds there are."""
    try:
        return KINDS[game.kind]
    except KeyError:
        raise InvalidRequestError(f"{game.name} is of no kind served here ({game.kind!r}; kinds: {', '.join(KINDS)})") from None
