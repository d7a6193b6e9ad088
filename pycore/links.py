"""Shareable links: a URL fragment names the game, its variant and a state.

Format (``to_fragment``/``resolve`` are a parse/format pair)::

    game=gro&p=2&i=30&j=55&k=20&o=1          (default goal and bound)
    game=pig&goal=50&i=10&j=20&k=5           (parameters only when not default)

Keys: ``game``, then the game's parameters that differ from their defaults,
then every state variable in the game's order, then the view when it is not
the advisor alone (``view=slice&axis=k``: the 2-D slice through the state
that fixes ``k``; ``view=solid``: the 3-D roll region of the state's panel;
``view=strategies``: the strategy lab), and a rule if one is being tried
(``rule=k%20%3C%2020``, percent-encoded; never evaluated by opening a link). ``resolve`` never fails on a
bad fragment: it returns the nearest valid game, variant and state together
with one message per problem, so a malformed link still opens something
sensible and says what was wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qsl, quote

import numpy as np

from .errors import PycoreError
from .model import compile_game
from .registry import find_game_class
from .rules import JeopardyGame, State

DEFAULT_GAME = "pig"


VIEWS = ("advice", "slice", "solid", "strategies")


def default_view(game: JeopardyGame) -> dict[str, str]:
    return {"view": "advice", "axis": game.turn_vars[0]}


def view_axes(game: JeopardyGame) -> tuple[str, ...]:
    return (game.score_var, game.opponent_var, game.turn_vars[0])


def to_fragment(game: JeopardyGame, state: State, view: dict | None = None) -> str:
    """The fragment (without ``#``) of a state of a game (and a view)."""
    parts = [f"game={game.name}"]
    parts += [f"{p.name}={game.params[p.name]}" for p in game.parameters if game.params[p.name] != _default(game, p)]
    parts += [f"{k}={v}" for k, v in game.state_values(state).items()]
    view = {**default_view(game), **(view or {})}
    if view["view"] != "advice":
        parts.append(f"view={view['view']}")
        if view["view"] == "slice":
            parts.append(f"axis={view['axis']}")
    if view.get("rule"):
        parts.append("rule=" + quote(view["rule"], safe=""))
    return "&".join(parts)


def _default(game: JeopardyGame, param) -> int:
    """A parameter's default in this game (a default may depend on others, e.g. the bound)."""
    others = {p.name: game.params[p.name] for p in game.parameters if p.name != param.name}
    try:
        return type(game)(**others).params[param.name]
    except PycoreError:
        return param.default


@dataclass
class Resolved:
    game: JeopardyGame
    state: State
    problems: list[str] = field(default_factory=list)
    view: dict[str, str] = field(default_factory=dict)

    @property
    def fragment(self) -> str:
        return to_fragment(self.game, self.state, self.view)


def resolve(fragment: str) -> Resolved:
    """Parse a fragment into the nearest valid game, variant and state."""
    problems: list[str] = []
    text = fragment.lstrip("#")
    pairs = parse_qsl(text, keep_blank_values=True)
    if text and not pairs:
        problems.append(f"the link {quote(text[:60])!r} is not of the form game=...&i=...")
    values: dict[str, str] = {}
    for key, value in pairs:
        if key in values:
            problems.append(f"{key} is given twice; the first is used")
            continue
        values[key] = value
    name = values.pop("game", DEFAULT_GAME)
    try:
        cls = find_game_class(name)
    except PycoreError as exc:
        problems.append(f"{exc}; opening {DEFAULT_GAME}")
        cls = find_game_class(DEFAULT_GAME)
    params: dict[str, int] = {}
    for param in cls.parameters:
        if param.name in values:
            raw = values.pop(param.name)
            number = _integer(raw)
            if number is None:
                problems.append(f"{param.name} must be a whole number, got {raw!r}; using the default")
            elif not param.minimum <= number <= param.maximum:
                problems.append(
                    f"{param.name} must be between {param.minimum} and {param.maximum}, got {number}; using the default"
                )
            else:
                params[param.name] = number
    try:
        game = cls(**params)
    except PycoreError as exc:
        problems.append(f"{exc}; using the default variant")
        game = cls()
    view = default_view(game)
    if "view" in values:
        raw = values.pop("view")
        if raw in VIEWS:
            view["view"] = raw
        else:
            problems.append(f"view must be one of {', '.join(VIEWS)}, got {raw!r}")
    if "axis" in values:
        raw = values.pop("axis")
        if raw in view_axes(game):
            view["axis"] = raw
        else:
            problems.append(f"axis must be one of {', '.join(view_axes(game))}, got {raw!r}")
    if "rule" in values:
        # kept as text: it is checked and evaluated only when the user asks
        rule = values.pop("rule")
        if len(rule) > 1000:
            problems.append("the rule in the link is longer than 1000 characters and was dropped")
        elif rule.strip():
            view["rule"] = rule
    wanted: dict[str, int] = {}
    for key, raw in values.items():
        if key not in game.state_vars:
            problems.append(f"{game.name} has no {key!r} (ignored); its state is {', '.join(game.state_vars)}")
            continue
        number = _integer(raw)
        if number is None:
            problems.append(f"{key} must be a whole number, got {raw!r}")
            continue
        wanted[key] = number
    state, state_problems = nearest_state(game, wanted)
    return Resolved(game, state, problems + state_problems, view)


def _integer(raw: str) -> int | None:
    try:
        return int(raw.strip())
    except ValueError:
        return None


def nearest_state(game: JeopardyGame, wanted: dict[str, int]) -> tuple[State, list[str]]:
    """The tabulated state closest to ``wanted`` (missing values: p = 1,
    others 0), and a message for every change made."""
    try:
        return game.state(**wanted), []
    except PycoreError as exc:
        problem = str(exc)
    model = compile_game(game)
    full = {v: wanted.get(v, 1 if v == "p" else 0) for v in game.state_vars}
    target_anchor = np.array([full[v] for v in game.anchor_vars])
    # nearest tabulated anchor (L1, keeping whose turn it is if at all possible),
    # then the nearest turn state valid for it
    weights = np.array([100 if v == "p" else 1 for v in game.anchor_vars])
    a = int(np.argmin((np.abs(model.anchors - target_anchor) * weights).sum(axis=1)))
    target_turn = np.array([full[v] for v in game.turn_vars])
    distance = np.abs(model.turns - target_turn).sum(axis=1).astype(float)
    distance[~model.valid[a]] = np.inf
    t = int(np.argmin(distance))
    state = model.state_at(a, t)
    changed = game.format_state(state)
    return state, [f"{problem}; showing the nearest possible state {changed}"]
