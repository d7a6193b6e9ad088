"""Shareable links: a URL fragment names the game, its variant and a position.

Format (``to_fragment``/``from_fragment`` are a format/parse pair)::

    game=gro&p=2&i=30&j=55&k=20&o=1          (default goal and bound)
    game=pig&goal=50&i=10&j=20&k=5           (numeric parameters only when not default)
    game=yahtzee&joker=forced&card=fh:25&dice=22456&rolls=1   (a rule set is always named)

Keys: ``game``, then the game's parameters (a choice of rule set always; a
number only when it differs from its default), then the position's keys,
which the game's kind defines (:data:`pycore.service.api.KINDS`): a jeopardy
game's state variables and view (``view=slice&axis=k``, ``view=solid``,
``view=strategies``, ``rule=...``), a scorecard game's ``card``, ``dice``,
``rolls`` and ``target``. ``from_fragment`` never fails on a bad fragment: it
returns the nearest valid game, variant and position together with one
message per problem, so a malformed link still opens something sensible and
says what was wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qsl, quote, urlencode

from ..core.errors import InvalidRequestError, PycoreError
from ..core.game import Game
from ..core.params import not_a_number, whole_number_of
from ..core.quiz import DEFAULT_COUNT, MAX_COUNT, MIXES
from ..core.records import MAX_SEED
from ..core.registry import (
    find_game_class,
    game_classes,
    game_names,
    names_game,
    parameter_names,
    untaken_params,
    variant_class,
)

DEFAULT_GAME_INDEX = 0  # the first registered game opens when a link names none (or a wrong one)


@dataclass
class LinkValues:
    """A fragment's key/value pairs (first of each key) and the problems found so far."""

    values: dict[str, str]
    problems: list[str] = field(default_factory=list)

    def pop(self, key: str, default: str | None = None) -> str | None:
        return self.values.pop(key, default)


def to_fragment(game: Game, position_pairs: list[tuple[str, str]]) -> str:
    """The fragment (without ``#``) of a game and a position's key/value pairs (already escaped)."""
    given = {p.name: game.params[p.name] for p in game.parameters if p.choices or game.params[p.name] != _default(game, p)}
    # a variant its base game's rules mean is linked by the base game's name (game=farkle: the
    # zilch counts follow from the rules)
    name = game.variant_of if game.page.shown_as_base and names_game(game.variant_of, given, game) else game.name
    parts = [("game", name), *((k, quote(str(v), safe="")) for k, v in given.items())]
    return "&".join(f"{k}={v}" for k, v in parts + position_pairs)


#: Test yourself's keys: the set a link fixes (:mod:`pycore.core.quiz`)
QUIZ_KEYS = ("seed", "count", "mix")
#: the keys of a view the page holds (each a name, as a link writes it)
VIEW_KEYS = ("view", "axis", "rule", "objective", *QUIZ_KEYS)


def quiz_pairs(view: dict) -> list[tuple[str, str]]:
    """A Test yourself view (``view=quiz``) as a link's pairs: the set's seed, count and mix
    where the view has them (no seed: a new set each time it is opened)."""
    return [("view", "quiz")] + [(k, quote(str(view[k]), safe="")) for k in QUIZ_KEYS if view.get(k) not in (None, "")]


def read_quiz_view(link: LinkValues) -> dict:
    """The nearest valid Test yourself view of a link's ``seed``, ``count`` and ``mix`` (each
    a name, as the page holds it): a seed that is not one is dropped (a new set is drawn), a
    count out of range or a mix there is not is replaced by the default, each said."""
    view = {"view": "quiz"}
    raw = link.pop("seed")
    if raw is not None:
        seed = whole_number_of(raw, sign=False)
        if seed is None or seed > MAX_SEED:
            link.problems.append(f"the set's seed must be a whole number from 0 to {MAX_SEED}, got {raw[:30]!r}; "
                                 "drawing a new set")
        else:
            view["seed"] = str(seed)
    raw = link.pop("count")
    if raw is not None:
        count = whole_number_of(raw, sign=False)
        if count is None or not 1 <= count <= MAX_COUNT:
            link.problems.append(f"a set has 1 to {MAX_COUNT} positions, got {raw[:30]!r}; asking {DEFAULT_COUNT}")
        else:
            view["count"] = str(count)
    raw = link.pop("mix")
    if raw is not None:
        if raw in MIXES:
            view["mix"] = raw
        else:
            link.problems.append(f"mix must be one of {', '.join(MIXES)}, got {raw[:30]!r}; using {MIXES[0]}")
    return view


def fragment_of_request(args: dict) -> str:
    """The fragment of a position as the page holds it: ``game``, its parameters (the
    request's arguments named as parameters), ``keys`` (the position's own: a state's
    variables, a scorecard's card and dice) and ``view``. It is read back as any link is
    (:func:`from_fragment`): what cannot be is said, never raised."""
    if not isinstance(args.get("game"), str):
        raise InvalidRequestError("argument 'game' must be a game's name (or give 'fragment')")
    keys, view = args.get("keys", {}), args.get("view", {})
    # (a null is the value left out, there as in every argument)
    keys, view = ({k: v for k, v in given.items() if v is not None} if isinstance(given, dict) else given
                  for given in (keys, view))
    for name, value in (("keys", keys), ("view", view)):
        if not isinstance(value, dict) or not all(isinstance(v, (str, int, float)) and not isinstance(v, bool)
                                                  for v in value.values()):
            raise InvalidRequestError(f"argument {name!r} must be an object of names and values (numbers or text)")
    params = {name: args[name] for name in parameter_names() if name in args}
    if any(isinstance(v, (dict, list, bool)) for v in params.values()):
        raise InvalidRequestError("a parameter must be a number or a name")
    pairs = {"game": args["game"], **params, **keys, **{k: view[k] for k in VIEW_KEYS if k in view}}
    return urlencode({k: str(v) for k, v in pairs.items()}, quote_via=quote)


def _default(game: Game, param) -> object:
    """A parameter's default in this game (a default may depend on others, e.g. AYZD's bound)."""
    others = {p.name: game.params[p.name] for p in game.parameters if p.name != param.name}
    try:
        return type(game)(**others).params[param.name]
    except PycoreError:
        return param.default


def from_fragment(fragment: str) -> tuple[Game, LinkValues]:
    """The nearest valid game and variant of a fragment, and what is left of it (the
    position's keys) with the problems found."""
    text = fragment.lstrip("#")
    pairs = parse_qsl(text, keep_blank_values=True)
    link = LinkValues({})
    if text and not pairs:
        link.problems.append(f"the link {quote(text[:60])!r} is not of the form game=...&i=...")
    for key, value in pairs:
        if key in link.values:
            link.problems.append(f"{key} is given twice; the first is used")
            continue
        link.values[key] = value
    default_name = game_names()[DEFAULT_GAME_INDEX]
    name = link.pop("game", default_name)
    try:
        cls = find_game_class(name)
    except PycoreError:
        # (the command line lists the names and aliases; a player reads the games' titles)
        titles = ", ".join(c.title for c in game_classes())
        link.problems.append(f"there is no game {name!r} here (the games: {titles}); opening {find_game_class(default_name).title}")
        cls = find_game_class(default_name)
    base, cls = cls, variant_class(cls, link.values, strict=False)  # game=pig&turns=40: Pig with a turn limit
    # another game's parameter of the name (players=4) is said and dropped, the game's own fixed
    # value (players=2) without a word; one no game of the name has is said with the position's keys
    own, said = {p.name for p in cls.parameters}, untaken_params(base, cls, link.values, parameter_names())
    for name in parameter_names():
        if name in link.values and name not in own and said.get(name, "") is not None:
            link.pop(name)
            if said.get(name):
                link.problems.append(f"{said[name]}; ignored")
    params: dict = {}
    for param in cls.parameters:
        raw = link.pop(param.name)
        if raw is None:
            continue
        try:
            params[param.name] = param.from_text(cls.name, raw)
        except PycoreError:
            if param.choices:
                link.problems.append(
                    f"{param.name} must be one of {', '.join(param.choices)}, got {raw!r}; using {param.default}"
                )
            elif param.text:
                link.problems.append(f"{param.name} is longer than {param.maximum} characters; using none")
            elif whole_number_of(raw) is None:
                link.problems.append(f"{not_a_number(param.name, raw)}; using the default")
            else:
                link.problems.append(
                    f"{param.name} must be between {param.minimum} and {param.maximum}, got {whole_number_of(raw)}; "
                    "using the default"
                )
    try:
        game = cls(**params)
    except PycoreError as exc:
        game = _nearest_variant(cls, params, link, exc)
    # a value dropped can change the model the name means (farkle&set=target%3D50: the Facebook
    # rules left have the zilch penalty, so the counts): the one the position's own link opens
    meant = variant_class(base, game.params, strict=False)
    if meant is not type(game):
        game = meant(**{p.name: game.params[p.name] for p in meant.parameters if p.name in game.params})
    return game, link


def _nearest_variant(cls, params: dict, link: LinkValues, exc: PycoreError):
    """Parameters that do not go together (die 8 with 8 bust faces): keep all but one, the
    game's later parameters tried first (Pig's bust faces before its die: the detail before
    the dice), else the default variant; the problem names what was reset."""
    for name in reversed(list(params)):
        trial = {k: v for k, v in params.items() if k != name}
        try:
            game = cls(**trial)
        except PycoreError:
            continue
        default = next(p.default for p in cls.parameters if p.name == name)
        # an empty default said in words (it read as a sentence cut off: "...; using set ")
        link.problems.append(f"{exc}; using {name} {default}" if default != "" else f"{exc}; using no {name} (the default)")
        return game
    link.problems.append(f"{exc}; using the default variant")
    return cls()
