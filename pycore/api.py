"""The JSON-in/JSON-out surface: the only thing the browser (and the CLI) calls.

``handle('{"action": "advise", "args": {"game": "pig", "state": "i=10,j=20,k=5"}}')``
returns a JSON object: the result, or ``{"error": {"type": ..., "message": ...}}``
for anything the caller got wrong. Solutions are cached per game and
parameters, so a second request on the same game is instant.

Actions and their arguments (``game`` is a name or alias; ``goal`` and
``bound`` are optional game parameters):

* ``games``: the registry (names, aliases, parameters, state variables).
* ``solve`` {game, goal?, bound?} -> p_first_player_wins, states, iterations, residual, seconds
* ``advise`` {game, state, ...} -> state, values {roll, hold}, best, margin
* ``policies`` {game, ...} -> policies [{name, difference, win_rate, ...}]
* ``komi`` {game, max_points?, ...} -> komi [{points, p_first_player_wins}], fairest
* ``link`` {game, state, ...} -> fragment (``#game=...``, see :mod:`pycore.links`)
* ``resolve`` {fragment} -> the nearest valid game, params, state, view, fragment, and problems
* ``panels`` {game} -> axes, panels [{fixed, title}] (see :mod:`pycore.boundary`)
* ``slice`` {game, fixed, axis, at} -> x, y, roll [[1/0/null]], p_roll, p_hold (indexed [y][x])
* ``solid`` {game, fixed} -> runs [[i, j, t_from, t_to]] of the roll region
* ``table_csv`` {game, fixed} -> filename, csv (the panel's roll/hold table)
* ``evaluate`` {game, rule | policy, against_rule | against_policy} -> difference,
  win_rate, win_rate_first, win_rate_second (see :mod:`pycore.strategy`)
* ``mistakes`` {game, rule | policy, limit?} -> loss, costliest disagreements

``solve`` also takes ``anchor_values`` (a cached solution's, to warm-start) and
``include_anchor_values`` (to return them for caching).
"""

from __future__ import annotations

import json
import time
from urllib.parse import parse_qsl

import numpy as np
from typing import Any, Callable

from .analysis import fairest_komi, komi_table, policy_results
from .errors import InvalidRequestError, PycoreError
from .boundary import axes as boundary_axes
from .boundary import panel_grid, panel_title, panels, pick, slice_of, solid_of, table_csv
from .links import resolve, to_fragment
from . import scorecard_api
from .games.yahtzee import BONUS_KEY, BOXES, JOKER_RULES, possible_points
from .registry import GAMES, SCORECARD_GAMES, find_game, find_game_class
from .rule_language import parse_rule
from .strategy import choose_policy, matchup, mistakes
from .rules import HOLD, ROLL, JeopardyGame
from .solver import Progress, Solution, solve

_SOLUTIONS: dict[tuple, tuple[Solution, float]] = {}
_CACHE_SIZE = 3


def game_from_args(args: dict) -> JeopardyGame:
    if "game" not in args:
        raise InvalidRequestError("missing argument 'game'")
    params = {k: args[k] for k in ("goal", "bound") if args.get(k) is not None}
    return find_game(args["game"], **params)


def solution_for(game: JeopardyGame, progress: Progress | None = None, anchor_values=None) -> tuple[Solution, float]:
    """The cached solution of a game and the seconds its solve took."""
    key = game.key
    if key not in _SOLUTIONS:
        started = time.perf_counter()
        solution = solve(game, progress=progress, anchor_values=anchor_values)
        if len(_SOLUTIONS) >= _CACHE_SIZE:
            _SOLUTIONS.pop(next(iter(_SOLUTIONS)))
        _SOLUTIONS[key] = (solution, time.perf_counter() - started)
    return _SOLUTIONS[key]


def _games(args: dict, progress) -> dict:
    return {
        "games": [
            {
                "name": g.name,
                "aliases": list(g.aliases),
                "title": g.title,
                "reference": g.reference,
                "parameters": [
                    {"name": p.name, "default": p.default, "minimum": p.minimum, "maximum": p.maximum, "help": p.help}
                    for p in g.parameters
                ],
                "state_vars": [{"name": v, "help": g.var_help[v]} for v in g.anchor_vars + g.turn_vars],
                "axes": [g.score_var, g.opponent_var, g.turn_vars[0]],
                "kind": "jeopardy",
            }
            for g in GAMES
        ]
        + [
            {
                "name": g.name,
                "aliases": [],
                "title": g.title,
                "reference": g.reference,
                "kind": "scorecard",
                "parameters": [{"name": "joker", "default": scorecard_api.DEFAULT_JOKER, "choices": list(JOKER_RULES)}],
                "boxes": [
                    {"key": key, "title": title, "values": sorted(possible_points(i))}
                    for i, (key, title, _) in enumerate(BOXES)
                ],
                "bonus_key": BONUS_KEY,
            }
            for g in SCORECARD_GAMES
        ]
    }


def _is_scorecard_game(name) -> bool:
    if not isinstance(name, str):
        return False
    try:
        return find_game_class(name) in SCORECARD_GAMES
    except PycoreError:
        return False


def _solved(args: dict, progress) -> tuple[JeopardyGame, Solution, float, dict]:
    """The game of a request, its solution, the solve's seconds, and the
    head every answer starts with."""
    game = game_from_args(args)
    solution, seconds = solution_for(game, progress, args.get("anchor_values"))
    return game, solution, seconds, {"game": game.name, "params": game.params}


def _solve(args: dict, progress) -> dict:
    game, solution, seconds, head = _solved(args, progress)
    extra = {"anchor_values": solution.anchor_values.tolist()} if args.get("include_anchor_values") else {}
    return {
        **head,
        **extra,
        "p_first_player_wins": solution.p_first_player_wins(),
        "states": solution.states,
        "iterations": solution.iterations,
        "residual": solution.residual,
        "seconds": seconds,
    }


def _state_from_args(game: JeopardyGame, args: dict):
    raw = args.get("state")
    if isinstance(raw, str):
        return game.parse_state(raw)
    if isinstance(raw, dict):
        return game.state(**raw)
    raise InvalidRequestError("argument 'state' must be a string like 'i=10,j=20,k=5' or an object")


def _advise(args: dict, progress) -> dict:
    state = _state_from_args(game_from_args(args), args)
    game, solution, _, head = _solved(args, progress)
    values = solution.action_values(state)
    best = solution.best_action(state)
    legal = [v for v in values.values() if v is not None]
    margin = abs(values[ROLL] - values[HOLD]) if len(legal) == 2 else None
    return {
        **head,
        "state": game.state_values(state),
        "values": values,
        "best": best,
        "margin": margin,
        "value": solution.value(state),
        "link": "#" + to_fragment(game, state, _view(args)),
    }


def _view(args: dict) -> dict | None:
    view = args.get("view")
    if view is not None and not isinstance(view, dict):
        raise InvalidRequestError("argument 'view' must be an object like {\"view\": \"slice\", \"axis\": \"k\"}")
    return view


def _policies(args: dict, progress) -> dict:
    _, solution, _, head = _solved(args, progress)
    return {
        **head,
        "definition": "policy's win rate minus the optimal player's, each seat equally likely",
        "policies": [
            {
                "name": r.name,
                "description": r.description,
                "source": r.source,
                "expression": r.expression,
                "difference": r.difference,
                "win_rate": r.win_rate,
                "win_rate_first": r.win_rate_first,
                "win_rate_second": r.win_rate_second,
            }
            for r in policy_results(solution)
        ],
    }


def _komi(args: dict, progress) -> dict:
    _, solution, _, head = _solved(args, progress)
    max_points = args.get("max_points")
    if max_points is not None and (isinstance(max_points, bool) or not isinstance(max_points, int)):
        raise InvalidRequestError(f"max_points must be a whole number, got {max_points!r}")
    rows = komi_table(solution, max_points)
    fairest = fairest_komi(rows)
    return {
        **head,
        "komi": [{"points": r.points, "p_first_player_wins": r.p_first_player_wins} for r in rows],
        "fairest": fairest.points,
        "fairest_p_first_player_wins": fairest.p_first_player_wins,
    }


def _link(args: dict, progress) -> dict:
    game = game_from_args(args)
    state = _state_from_args(game, args)
    return {"game": game.name, "params": game.params, "fragment": "#" + to_fragment(game, state)}


def _resolve(args: dict, progress) -> dict:
    fragment = args.get("fragment", "")
    if not isinstance(fragment, str):
        raise InvalidRequestError("argument 'fragment' must be a string")
    values = dict(parse_qsl(fragment.lstrip("#"), keep_blank_values=True))
    if _is_scorecard_game(values.get("game")):
        values.pop("game")
        return scorecard_api.resolve_position(values, []).as_json()
    resolved = resolve(fragment)
    return {
        "game": resolved.game.name,
        "params": resolved.game.params,
        "state": resolved.game.state_values(resolved.state),
        "fragment": "#" + resolved.fragment,
        "problems": resolved.problems,
        "view": resolved.view,
    }


def _panel_grid(args: dict, progress):
    game, solution, _, head = _solved(args, progress)
    cache_key = (game.key, json.dumps(args.get("fixed"), sort_keys=True))
    if _GRIDS.get("key") != cache_key:
        _GRIDS.update(key=cache_key, grid=panel_grid(solution, args.get("fixed")))
    return game, solution, _GRIDS["grid"], head


_GRIDS: dict = {}


def _panels(args: dict, progress) -> dict:
    game, solution, _, head = _solved(args, progress)
    return {**head, "axes": list(boundary_axes(solution)), "panels": panels(solution)}


def _slice(args: dict, progress) -> dict:
    game, solution, grid, head = _panel_grid(args, progress)
    axis, at = args.get("axis"), args.get("at")
    if axis in grid.axes and isinstance(at, int) and not isinstance(at, bool):
        # a state beyond the drawn box (e.g. a turn total past every roll) sees the nearest slice
        at = max(0, min(at, grid.roll.shape[grid.axes.index(axis)] - 1))
    answer = {**head, "title": panel_title(game, grid.fixed), **slice_of(grid, axis, at)}
    if isinstance(args.get("rule"), str):
        answer.update(_disagreements_on_slice(solution, grid, args["rule"], answer))
    return answer


_MISTAKE_TABLES: dict = {}


def _mistake_tables(solution, rule: str) -> dict:
    """(A, T) tables of expected visits and disagreement costs of a rule
    against optimal play, kept for the last rule asked about."""
    key = (solution.game.key, rule)
    if _MISTAKE_TABLES.get("key") != key:
        _, policy = choose_policy(solution, None, rule)
        visits, cost = mistakes(solution, policy, limit=0)["tables"]
        _MISTAKE_TABLES.update(key=key, visits=visits, cost=cost)
    return _MISTAKE_TABLES


def _disagreements_on_slice(solution, grid, rule: str, shown: dict) -> dict:
    """Where the rule disagrees with optimal play on this slice: the cost of
    each disagreement and how often the state is reached (against optimal)."""
    tables = _mistake_tables(solution, rule)
    cost = pick(grid, grid.take(tables["cost"], 0.0), shown["axis"], shown["at"])
    visits = pick(grid, grid.take(tables["visits"], 0.0), shown["axis"], shown["at"])
    marks = [
        {"x": int(x), "y": int(y), "cost": float(cost[y, x]), "visits": float(visits[y, x])}
        for y, x in np.argwhere(cost > 0)
    ]
    return {"rule": rule, "disagreements": marks}


def _solid(args: dict, progress) -> dict:
    game, solution, grid, head = _panel_grid(args, progress)
    answer = {**head, "title": panel_title(game, grid.fixed), **solid_of(grid)}
    if isinstance(args.get("rule"), str):
        cost = grid.take(_mistake_tables(solution, args["rule"])["cost"], 0.0)
        answer["rule"] = args["rule"]
        answer["disagreements"] = [[int(i), int(j), int(t)] for i, j, t in np.argwhere(cost > 0)]
    return answer


def _table_csv(args: dict, progress) -> dict:
    game, solution, grid, head = _panel_grid(args, progress)
    name = "-".join([game.name] + [f"{k}{v}" for k, v in grid.fixed.items()]) + ".csv"
    return {**head, "filename": name, "csv": table_csv(solution, grid)}


def _chosen(solution, args: dict, prefix: str = "") -> tuple[str, object]:
    name, rule = args.get(prefix + "policy"), args.get(prefix + "rule")
    for key, value in ((prefix + "policy", name), (prefix + "rule", rule)):
        if value is not None and not isinstance(value, str):
            raise InvalidRequestError(f"argument {key!r} must be text")
    return choose_policy(solution, name, rule)


def _check_rules(args: dict) -> None:
    """Reject a bad rule before any solving."""
    game = game_from_args(args)
    for key in ("rule", "against_rule"):
        if isinstance(args.get(key), str):
            parse_rule(args[key], game.state_vars)


def _evaluate(args: dict, progress) -> dict:
    _check_rules(args)
    _, solution, _, head = _solved(args, progress)
    label, policy = _chosen(solution, args)
    against_label, against = _chosen(solution, args, "against_")
    result = matchup(solution, policy, against, label, against_label)
    return {
        **head,
        "policy": label,
        "against": against_label,
        "difference": result.difference,
        "win_rate": result.win_rate,
        "win_rate_first": result.win_rate_first,
        "win_rate_second": result.win_rate_second,
    }


def _mistakes(args: dict, progress) -> dict:
    _check_rules(args)
    _, solution, _, head = _solved(args, progress)
    label, policy = _chosen(solution, args)
    limit = args.get("limit", 10)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 1000:
        raise InvalidRequestError(f"limit must be a whole number from 0 to 1000, got {limit!r}")
    found = mistakes(solution, policy, limit)
    found.pop("tables")
    return {**head, "policy": label, **found}


ACTIONS: dict[str, Callable[[dict, Any], dict]] = {
    "games": _games,
    "solve": _solve,
    "advise": _advise,
    "policies": _policies,
    "komi": _komi,
    "link": _link,
    "resolve": _resolve,
    "panels": _panels,
    "slice": _slice,
    "solid": _solid,
    "table_csv": _table_csv,
    "evaluate": _evaluate,
    "mistakes": _mistakes,
}


def call(action: str, args: dict | None = None, progress: Progress | None = None) -> dict:
    """Run one action; raises PycoreError subclasses for bad input."""
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise InvalidRequestError("'args' must be a JSON object")
    if action != "resolve" and _is_scorecard_game(args.get("game")):
        return scorecard_api.call(action, args, progress)
    if action not in ACTIONS:
        raise InvalidRequestError(f"unknown action {action!r}; actions: {', '.join(ACTIONS)}")
    return ACTIONS[action](args, progress)


def handle(request: str, progress: Progress | None = None) -> str:
    """JSON request text -> JSON response text (never raises for bad input)."""
    try:
        try:
            message = json.loads(request)
        except (json.JSONDecodeError, TypeError) as exc:
            raise InvalidRequestError(f"request is not valid JSON: {exc}") from None
        if not isinstance(message, dict) or "action" not in message:
            raise InvalidRequestError('a request is an object {"action": ..., "args": {...}}')
        result = call(message["action"], message.get("args"), progress)
    except PycoreError as exc:
        result = {"error": {"type": type(exc).__name__, "message": str(exc)}}
    return json.dumps(result, allow_nan=False)
