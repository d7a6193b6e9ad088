"""The JSON-in/JSON-out surface: the only thing the browser (and the CLI) calls.

``handle('{"action": "advise", "args": {"game": "pig", "state": "i=10,j=20,k=5"}}')``
returns a JSON object: the result, or ``{"error": {"type": ..., "message": ...}}`` for
anything the caller got wrong (a ``TableNotLoaded`` error also names its ``file``: the page's
worker fetches it and asks again). An argument given as ``null`` is one left out: its default,
or refused by name where the action needs it.

Four actions serve every game: ``games`` (each game's description, from which
the page builds its controls), ``rules`` {game, parameters} (how to play, and a
game's rule sets as data with the one in force), ``resolve`` {fragment} (a
link's nearest valid game, parameters and position, with one message per problem)
and ``answer`` (a position, or an edit of one, resolved and answered, with its link:
the one request the page makes for a link opened or a tap). Every
other action names a ``game`` (a name or alias) and its parameters (e.g.
``goal``, ``joker``) and is dispatched by the game's kind (:mod:`pycore.service.kinds`) to that kind's
table of actions: :mod:`pycore.service.jeopardy_actions` (two-player
roll-or-hold games) or :mod:`pycore.service.scorecard_actions` (solitaire
scorecard games), and a link to its kind's resolver. A new kind of game is one
more entry in :data:`pycore.service.kinds.KINDS`.
"""

from __future__ import annotations

import json

from ..core.errors import InvalidRequestError, PycoreError
from ..core.game import Game
from ..core.params import read_whole_number
from ..core.registry import find_game_class, game_classes, parameter_names, untaken_params, variant_class
from .kinds import KINDS, kind_of
from .links import fragment_of_request, from_fragment


def game_from_args(args: dict) -> Game:
    """The game a request names, with its parameters (missing ones take their defaults)."""
    if "game" not in args:
        raise InvalidRequestError("missing argument 'game'")
    base = find_game_class(args["game"])
    cls = variant_class(base, args)
    # another game's parameter is refused, not dropped (farkle with players 3 is no game here)
    untaken = untaken_params(base, cls, args, parameter_names())
    if untaken:
        name, said = next(iter(untaken.items()))
        own = ", ".join(p.name for p in cls.parameters) or "none"
        raise InvalidRequestError(f"{base.name}: {said}" if said else f"{cls.name} has no {name} (its parameters: {own})")
    return cls(**{p.name: args[p.name] for p in cls.parameters if args.get(p.name) is not None})


def _games(args: dict, progress) -> dict:
    return {"games": [cls.describe().to_json() for cls in game_classes()]}


def _resolve(args: dict, progress) -> dict:
    """A link's position (``fragment``), or a position as the page holds it (``game``, its
    parameters, ``keys``, ``view``: see :func:`~pycore.service.links.fragment_of_request`)."""
    game, link = from_fragment(_fragment_of(args))
    return kind_of(game).resolve_position(game, link)


def _fragment_of(args: dict) -> str:
    if "fragment" not in args and "game" in args:
        return fragment_of_request(args)
    fragment = args.get("fragment", "")
    if not isinstance(fragment, str):
        raise InvalidRequestError("argument 'fragment' must be a string")
    return fragment


def answer(args: dict, progress=None) -> dict:
    """One question, one answer: what the page asks for every link opened and every tap.

    The position is a link's ``fragment``, or the page's own values of it: ``game``, its
    parameters, ``keys`` (the position's: a jeopardy game's state variables, a scorecard
    game's card, dice, rolls and target) and ``view`` ({view, axis, rule, objective}); Python
    writes the link from them. Returns ``position`` (the nearest valid one, as ``resolve``
    gives it, its ``problems`` said), the kind's ``answer`` (as ``advise`` gives it) and
    the ``link`` that opens it; see each kind's ``answer_position`` for ``edit``, ``solve``,
    ``start``, ``needs_solve`` and ``refused``."""
    game, link = from_fragment(_fragment_of(args))
    kind = kind_of(game)
    return kind.answer_position(game, kind.resolve_position(game, link), args, progress)


def _rules(args: dict, progress) -> dict:
    """A game's rules: how to play, and (where the game has them) its rule sets as data and
    the one in force with the request's parameters."""
    game = game_from_args(args)
    return {"game": game.name, "params": game.params, "how_to_play": game.rules_text, **game.rules_data()}


COMMON = {"games": _games, "resolve": _resolve, "rules": _rules, "answer": answer}


def action_names() -> list[str]:
    names = ["games", "rules"]
    for kind in KINDS.values():
        names += [a for a in kind.actions if a not in names]
    return names + ["resolve", "answer"]


def call(action: str, args: dict | None = None, progress=None) -> dict:
    """Run one action; raises PycoreError subclasses for bad input."""
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise InvalidRequestError("'args' must be a JSON object")
    # a null is the argument left out, for every argument of every action (its default, or
    # "missing argument" where it is needed): read here once, no action sees one
    args = {key: value for key, value in args.items() if value is not None}
    if isinstance(action, str) and action in COMMON:
        return COMMON[action](args, progress)
    if not isinstance(action, str) or action not in action_names():
        raise InvalidRequestError(f"unknown action {action!r}; actions: {', '.join(action_names())}")
    game = game_from_args(args)
    actions = kind_of(game).actions
    if action not in actions:
        raise InvalidRequestError(
            f"action {action!r} is not available for {game.name} (a {game.kind} game); use one of {', '.join(actions)}"
        )
    return actions[action](game, args, progress)


def _whole_number_of_json(text: str) -> int:
    """A JSON integer, at most 18 digits (Python's own limit, 4,300 digits, would raise a
    ValueError of its own; no parameter or count needs more)."""
    return read_whole_number(text, "a number in the request", InvalidRequestError)


def _no_constant(name: str):
    """JSON has no NaN or Infinity (Python's reader takes them): a request holding one is refused."""
    raise InvalidRequestError(f"the request holds {name}, which is not a JSON number")


def read_request(request: str) -> dict:
    """The request object of JSON text: InvalidRequestError for text that is not JSON, nests
    deeper than Python's decoder goes (RecursionError), or has a number of too many digits."""
    if not isinstance(request, str):
        raise InvalidRequestError(f"a request is JSON text, not {type(request).__name__}")
    try:
        message = json.loads(request, parse_int=_whole_number_of_json, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InvalidRequestError(f"request is not valid JSON: {exc}") from None
    except RecursionError:
        raise InvalidRequestError("request nests its arrays or objects too deeply") from None
    if not isinstance(message, dict) or "action" not in message:
        raise InvalidRequestError('a request is an object {"action": ..., "args": {...}}')
    return message


def handle(request: str, progress=None) -> str:
    """JSON request text -> JSON response text (never raises: bad input is named by its
    PycoreError, anything else reported in one line as an InternalError)."""
    try:
        message = read_request(request)
        # (encoded inside the guard: an answer that is not JSON is a bug reported as one)
        return json.dumps(call(message["action"], message.get("args"), progress), allow_nan=False)
    except PycoreError as exc:  # (with what the caller acts on, where the error has it: a table's file)
        result = {"error": {"type": type(exc).__name__, "message": str(exc), **getattr(exc, "details", {})}}
    except Exception as exc:  # a bug, or the browser out of memory: one line, not a traceback
        message = f"internal error ({type(exc).__name__}: {exc}); please report it with the link"
        result = {"error": {"type": "InternalError", "message": message}}
    return json.dumps(result)
