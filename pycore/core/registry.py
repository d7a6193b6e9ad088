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
from .params import shown, whole_number_of

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


def parameter_names() -> list[str]:
    """Every registered game's parameter names, each once, in registration order."""
    return list(dict.fromkeys(p.name for g in game_classes() for p in g.parameters))


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
    chosen = (fitting[:1] or candidates[:1] or [cls])[0]
    theirs = {p.name for p in chosen.parameters}
    changed = [
        f"{p.name}={params[p.name]}"
        for p in cls.parameters
        if p.name not in theirs and params.get(p.name) is not None and str(params[p.name]) != str(p.default)
    ]
    if strict and changed:
        named = ", ".join(f"{n}={params[n]}" for n in chosen.variant_params if params.get(n) is not None)
        raise InvalidParameterError(
            f"{cls.name}: {chosen.title} ({named}) is solved with the standard "
            + ", ".join(f"{p.name} {p.default}" for p in cls.parameters if p.name not in theirs)
            + f" only; {', '.join(changed)} is not supported with it"
        )
    # a variant's value none takes (pig players=4): said, not dropped
    untaken = untaken_params(cls, chosen, params, sorted(given))
    if strict and untaken:
        raise InvalidParameterError(f"{cls.name}: {next(iter(untaken.values()))}")
    return chosen


def untaken_params(base: type[Game], chosen: type[Game], params: dict, names) -> dict[str, str | None]:
    """Of ``names`` given in ``params`` (not None), those the game ``chosen`` (``base`` or its
    variant) does not take, each with what says so where another game of the name takes it:
    the values that are games (``pig`` with ``players=4``: "players 4 is not a game here:
    players 2 is Pig, players 3 is Pig for three players"); None where no game of the name
    has it (the caller names the game's own parameters). A game's fixed value of the name (a
    two-player game's ``players``, 2) is taken."""
    own = {p.name for p in chosen.parameters}
    said: dict[str, str | None] = {}
    for name in names:
        value = params.get(name)
        if name in own or value is None or str(getattr(chosen, name, None)) == str(value).strip():
            continue
        fixed = getattr(chosen, name, None)
        games = [f"{name} {fixed} is {chosen.title}"] if isinstance(fixed, int) and not isinstance(fixed, bool) else []
        for other in (o for o in _GAMES.values() if o.variant_of == base.name and o is not chosen):
            param = next((p for p in other.parameters if p.name == name), None)
            if param is None:
                continue
            values = (" or ".join(param.choices) if param.choices else str(param.minimum)
                      if param.minimum == param.maximum else f"{param.minimum} to {param.maximum}")
            # the variant's fixed values it is named by (three-player GRO's turns: with players 3)
            needs = [f"{p.name} {p.default}" for p in other.parameters
                     if p.name in other.variant_params and p.name != name and p.minimum == p.maximum and not p.choices]
            games.append(f"{name} {values}{' with ' + ', '.join(needs) if needs else ''} is {other.title}")
        said_value = value if isinstance(value, int) or whole_number_of(str(value)) is not None else shown(value)
        head = f"{name} {said_value} is not a game here" if chosen is base else f"{chosen.title} takes no {name} ({said_value})"
        said[name] = f"{head}: {', '.join(games)}" if games else None
    return said


def other_models(game: Game) -> list[type[Game]]:
    """The other games the name on the page means under other rules (Farkle with the zilch
    counts and without them): a base game and the variants its rules can mean."""
    base = game.variant_of if game.page.shown_as_base else game.name
    return [other for other in _GAMES.values() if other is not type(game)
            and (other.name == base or (other.variant_of == base and other.page.shown_as_base))]


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


def variant_for_players(game: Game, players: int) -> Game | None:
    """The registered variant of ``game`` for ``players`` that takes all of its parameters
    (three-player Pig, its other parameters at their defaults), with them; ``game`` itself
    for its own number (``game.players``); None where no variant is registered. Whether a
    table plays it exactly is the analysis's to say (its values must be had here:
    :func:`pycore.jeopardy.analysis.for_players`). A jeopardy variant for more players lists
    the scores in seat order from the mover as its anchor."""
    if players == getattr(game, "players", 2):
        return game
    for other in game_classes(game.kind):
        if (other.variant_of == game.name and getattr(other, "players", 2) == players
                and set(game.params) <= {p.name for p in other.parameters}):
            return other(**_chosen_params(game))
    return None


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
