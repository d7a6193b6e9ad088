"""The registry of games: ``find_game(name, **params)``.

Games register themselves with the :func:`register` class decorator in their
own module; :mod:`pycore.games` imports the built-in modules and the package's
``__init__`` imports :mod:`pycore.games` last (the registry imports no game),
which is all a new game needs besides its module. Lookups accept the name or any alias,
case-insensitively, and an unknown name lists the valid ones.
"""

from __future__ import annotations

from typing import TypeVar

from .errors import InvalidParameterError, PycoreError, RulesError, UnknownGameError
from .game import Game

_GAMES: dict[str, type[Game]] = {}
G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Class decorator: add a game to the registry (its name and aliases must be new)."""
    names = [cls.name, *cls.aliases]
    for other in _GAMES.values():
        if other is not cls and set(names) & {other.name, *other.aliases}:
            raise RulesError(f"game name or alias {sorted(set(names) & {other.name, *other.aliases})} is taken")
    _GAMES[cls.name] = cls
    return cls


def unregister(cls: type[Game]) -> None:
    """Remove a game (tests register throwaway games)."""
    _GAMES.pop(cls.name, None)


def game_classes(kind: str | None = None) -> list[type[Game]]:
    """Every registered game class (of one kind), in registration order."""
    return [g for g in _GAMES.values() if kind is None or g.kind == kind]


def game_names() -> list[str]:
    return [g.name for g in game_classes()]


def find_game_class(name: str) -> type[Game]:
    """The game class for a name or alias (case-insensitive)."""
    wanted = str(name).strip().lower()
    for game in game_classes():
        if wanted == game.name or wanted in game.aliases:
            return game
    valid = ", ".join(f"{g.name} ({', '.join(g.aliases)})" if g.aliases else g.name for g in game_classes())
    raise UnknownGameError(f"unknown game {name!r}; valid games: {valid}")


def _takes(cls: type[Game], params: dict) -> bool:
    """Whether the variant takes one of the values given of its ``variant_params`` (a link's
    text or a number): ``players=2`` or ``players=abc`` alone is not three-player Pig, while
    ``turns=8&turn_model=fast`` is Pig with a turn limit (the bad model then named by it); a
    designer's range (``4:20:4``) counts as taken."""
    for param in cls.parameters:
        value = params.get(param.name)
        if param.name not in cls.variant_params or value is None:
            continue
        if isinstance(value, str) and any(mark in value for mark in ":,"):
            return True
        try:
            param.from_text(cls.name, value) if isinstance(value, str) else param.check(cls.name, value)
        except InvalidParameterError:
            continue
        return True
    return False


def variant_class(cls: type[Game], params: dict, strict: bool = True) -> type[Game]:
    """The game a base game's name means with these parameters: a registered variant whose
    ``variant_of`` is the base game's name, if one of its ``variant_params`` is given (not
    None), the base game has no such parameter (``pig`` with ``turns=40`` is Pig with a
    turn limit) and the variant takes the value given; else the variant whose
    :meth:`~pycore.core.game.Game.meant_by_rules` says the rules are its (``farkle``, whose
    Facebook rules take 500 points for three zilches in a row, is ``farkle-penalty``); else
    the base game.

    ``strict``: InvalidParameterError if the variant lacks a parameter of the base game given
    another value than its default (``pig --turns 40 --die 8``: the turn limit is solved for
    the standard die only), rather than answering for a game that was not asked for. A link
    (``strict=False``) reports the parameter it drops instead."""
    own = {p.name for p in cls.parameters}
    variants = [other for other in _GAMES.values() if other.variant_of == cls.name]
    # the variants' parameters given (not None), that the base game has not
    given = {p.name for other in variants for p in other.parameters if p.name not in own and params.get(p.name) is not None}
    candidates = [other for other in variants if given & set(other.variant_params) and _takes(other, params)]
    # none named by its parameters: the variant the base game's rules mean (Farkle's zilch penalty)
    candidates = candidates or [other for other in variants if other.meant_by_rules(params)]
    # the variant that takes every such parameter given (pig --players 3 --turns 60: three-player
    # Pig with its turns left, not Pig with a turn limit), else the first
    fitting = [other for other in candidates if given <= {p.name for p in other.parameters}]
    for other in fitting[:1] or candidates[:1]:
        theirs = {p.name for p in other.parameters}
        changed = [
            f"{p.name}={params[p.name]}"
            for p in cls.parameters
            if p.name not in theirs and params.get(p.name) is not None and str(params[p.name]) != str(p.default)
        ]
        if strict and changed:
            named = ", ".join(f"{n}={params[n]}" for n in other.variant_params if params.get(n) is not None)
            raise InvalidParameterError(
                f"{cls.name}: {other.title} ({named}) is solved with the standard "
                + ", ".join(f"{p.name} {p.default}" for p in cls.parameters if p.name not in theirs)
                + f" only; {', '.join(changed)} is not supported with it"
            )
        return other
    return cls


def other_models(game: Game) -> list[type[Game]]:
    """The other games the name on the page means under other rules (Farkle with the zilch
    counts and without them): a base game and the variants its rules can mean."""
    base = game.variant_of if type(game).shown_as_base else game.name
    return [other for other in _GAMES.values() if other is not type(game)
            and (other.name == base or (other.variant_of == base and other.shown_as_base))]


def names_game(name, params, game: Game) -> bool:
    """Whether a record's or a link's game name with its parameters means ``game``'s class (a
    base game's name means the variant its parameters say: ``farkle`` with the zilch penalty
    is ``farkle-penalty``)."""
    try:
        named = find_game_class(name) if isinstance(name, str) else None
        if named is not None:  # (parameters that are not an object: the record's reading names them)
            named = variant_class(named, params if isinstance(params, dict) else {}, strict=False)
    except PycoreError:
        return False
    return named is type(game)


def for_players(game: Game, players: int) -> Game:
    """The game a table of ``players`` plays exactly: ``game`` itself for its own number
    (``game.players``), or the registered variant of it for that many that takes all of its
    parameters (three-player Pig, its other parameters at their defaults), with them; else
    ``game`` (a jeopardy table then advises by the two-player game:
    :class:`pycore.jeopardy.match.Position`). A jeopardy variant for more players lists the
    scores in seat order from the mover as its anchor."""
    if players == getattr(game, "players", 2):
        return game
    for other in game_classes(game.kind):
        if (other.variant_of == game.name and getattr(other, "players", 2) == players
                and set(game.params) <= {p.name for p in other.parameters}):
            return other(**_chosen_params(game))
    return game


def _chosen_params(game: Game) -> dict:
    """``game``'s parameters less those at the value the game gives them by default given
    the rest (a derived default, such as AYZD's bound, twice the goal): a variant derives its
    own (AYZD for three: three times the goal)."""
    chosen = dict(game.params)
    for name in list(chosen):
        rest = {k: v for k, v in chosen.items() if k != name}
        try:
            derived = type(game)(**rest).params[name]
        except InvalidParameterError:  # (the rest alone are not a game: the parameter stays)
            continue
        if derived == chosen[name]:
            chosen = rest
    return chosen


def find_game(name: str, **params) -> Game:
    """A game instance by name or alias, with parameters (e.g. ``goal=50``, ``joker="forced"``);
    parameters given as None take their defaults. A base game's name with a variant's
    parameter, or with the rules a variant models (:meth:`Game.meant_by_rules`), names the
    variant (:func:`variant_class`)."""
    cls = variant_class(find_game_class(name), params)
    return cls(**{k: v for k, v in params.items() if v is not None})
