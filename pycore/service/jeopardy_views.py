"""The two-player actions of the views beyond the advice: the roll/hold boundary (``panels``,
``slice``, ``solid``, ``table_csv``), the strategy lab (``policies``, ``evaluate``,
``mistakes``), head starts (``komi``) and the variant designer (``design``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pycore.jeopardy.policies.rule_language import parse_rule
from pycore.jeopardy.policies.strategy import (
    choose_policy,
    default_komi_range,
    fairest_komi,
    komi_table,
    matchup,
    mistakes,
    policy_results,
)
from pycore.jeopardy.rules.notation import column_names
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.seats.for_three import seats_in_words
from pycore.jeopardy.seats.seat_solution import MISTAKES, fairest_head_start, not_for_players
from pycore.jeopardy.solving.budget import check_solvable, check_work, design_estimate, evaluation_estimate, seconds_allowed
from pycore.jeopardy.views.boundary import TELLING_SHARE, pick, slice_of, solid_of, table_csv, telling_at
from pycore.jeopardy.views.design import MAX_VALUES as MAX_DESIGN_VALUES
from pycore.jeopardy.views.design import design, parse_values
from pycore.jeopardy.views.panel import axes_of, panel_title, panels

from ..core.errors import InvalidRequestError
from ..jeopardy.analysis import analyse, shipped_table, ships_table
from .arguments import flag, text, whole_number
from .jeopardy_requests import head, model_of, solved
from .seat_policies import check_for_players, evaluate_for_players, policies_for_players, shipped_for_players


def on_policies_model(action: Callable[[JeopardyGame, dict, Any], dict]) -> Callable[[JeopardyGame, dict, Any], dict]:
    """An action that evaluates the printed policies or a user's rule, run on the game's
    :attr:`~pycore.jeopardy.rules.protocol.JeopardyGame.policies_game` where that is another model
    (Farkle's zilch counts: evaluated without them, in minutes rather than hours), and saying so."""

    def run(game: JeopardyGame, args: dict, progress) -> dict:
        evaluated_on = game.policies_game
        if evaluated_on is game:
            return action(game, args, progress)
        return {**action(evaluated_on, args, progress), **head(game),
                "model_note": f"Evaluated exactly on {evaluated_on.title}, with "
                              f"{evaluated_on.tables.notes.get('model', 'its own rules')}; "
                              f"against {game.title} an evaluation takes hours."}

    return run


@on_policies_model
def _policies(game: JeopardyGame, args: dict, progress) -> dict:
    shipped = None if flag(args, "fresh") else shipped_table(game)
    # (more players: the papers' policies read for them, shipped where the table holds them)
    known = None if shipped is None else shipped.entry.get("seat_policies" if game.players > 2 else "policies")
    if known is None:  # evaluated here: estimated first
        count = len(game.human_policies())
        _check_evaluation_work(game, args, f"Evaluating {count} policies", count)
    if game.players > 2:
        return policies_for_players(game, progress, known, known and shipped.entry.get("policies_seconds"))
    solution, _ = solved(game, args, progress)
    # a table's policy results are computed with it (minutes for a factored game) and shipped in
    # it: a solution read from the table as it is (no sweep) answers with them
    known = known if not solution.iterations else None  # (read above; None when fresh)
    return {
        **head(game),
        "definition": "policy's win rate minus the optimal player's, each seat equally likely",
        "policies": [r.to_json() for r in policy_results(solution, known, progress)],
    }


def _komi(game: JeopardyGame, args: dict, progress) -> dict:
    solution, _ = solved(game, args, progress)
    if game.players > 2:
        return _head_starts(game, solution, args)
    max_points = whole_number(args, "max_points")
    rows = komi_table(solution, max_points)
    fairest = fairest_komi(rows)
    return {
        **head(game),
        **model_of(game),
        "komi": [{"points": r.points, "p_first_player_wins": r.p_first_player_wins} for r in rows],
        "fairest": fairest.points,
        "fairest_p_first_player_wins": fairest.p_first_player_wins,
    }


def _head_starts(game: JeopardyGame, solution, args: dict) -> dict:
    """Three or more players: every player's chance for each head start of the players after
    the first, and the fairest."""
    max_points = whole_number(args, "max_points", None, 0, game.goal - 1)
    if max_points is None:
        max_points = default_komi_range(solution)
    rows = solution.head_starts(max_points)
    fairest = fairest_head_start(rows)
    return {
        **head(game),
        "definition": f"head starts of the {seats_in_words(game.head_start_seats)} players (in "
                      "that order); each player's chance, the first player's first; the fairest brings the chance "
                      "farthest from an even share nearest it",
        "seats": list(game.head_start_seats),
        "head_starts": [{"points": list(r.points), "chances": list(r.chances)} for r in rows],
        "fairest": list(fairest.points),
        "fairest_chances": list(fairest.chances),
    }


def design_games(game: JeopardyGame, args: dict) -> tuple[str, list, dict]:
    """(param, values, {value: game}) of a designer's request (``param``, ``values``:
    "20:100:10", "20,50" or a list); every value is checked before anything is solved, so a
    bad one costs nothing."""
    names = [p.name for p in game.parameters]
    param = args.get("param")
    if param not in names:
        raise InvalidRequestError(f"param must be one of {', '.join(names)} (a parameter of {game.name}), got {param!r}")
    raw = args.get("values")
    choices = game.parameter(param).choices
    if isinstance(raw, str):
        values = [v.strip() for v in raw.split(",")] if choices else parse_values(raw)
    elif isinstance(raw, list) and 0 < len(raw) <= MAX_DESIGN_VALUES:
        if None in raw:  # (a game given null takes the default: a row of the default headed null)
            raise InvalidRequestError(f"values must each be a value of {param}, not null")
        values = raw
    else:
        raise InvalidRequestError(f"values must be a range such as 20:100:10 or a list of 1 to {MAX_DESIGN_VALUES} values")
    twice = sorted({str(v) for v in values if values.count(v) > 1})
    if twice:
        raise InvalidRequestError(f"{param} {', '.join(twice)} is listed more than once")
    # the parameters as the request gave them, not as the game derived them (AYZD's bound from
    # its goal: each row derives its own)
    given = {p.name: args[p.name] for p in game.parameters if args.get(p.name) is not None}
    games = {}
    for value in values:
        variant = type(game)(**{**given, param: value})  # InvalidParameterError names a bad value
        check_solvable(variant)
        games[value] = variant
    return param, values, games


def _design(game: JeopardyGame, args: dict, progress) -> dict:
    """For each value of one parameter, the designer's numbers (:mod:`pycore.jeopardy.views.design`),
    refused past the request's budget before the first solve (the page passes the estimate
    it showed: ``estimate``)."""
    param, values, games = design_games(game, args)
    check_work(game, f"A table of {len(values)} values of {param}", lambda _: design_estimate(list(games.values())),
               seconds_allowed(args.get("max_seconds")), vary=False)
    rows = design(games.__getitem__, param, values, progress)
    return {**head(game), "param": param, "rows": [r.to_json() for r in rows]}


def _drawn(game: JeopardyGame) -> None:
    """Refuse, before any solve, the boundary pictures of a game that has none (Zombie Dice,
    Farkle: their roll/hold boundary is the hold-threshold chart)."""
    if not {"slice", "solid"} & set(game.page.views):
        raise InvalidRequestError(f"{game.title} has no roll/hold boundary pictures (its views: {', '.join(game.page.views)})")


def _panel_grid(game: JeopardyGame, args: dict, progress):
    _drawn(game)
    return analyse(game, "win").panel_grid(args.get("fixed"), progress, args.get("max_seconds"), flag(args, "fresh"))


def _panels(game: JeopardyGame, args: dict, progress) -> dict:
    _drawn(game)
    solution, _ = solved(game, args, progress)
    return {**head(game), "axes": list(axes_of(game)), "panels": panels(solution)}


def _slice(game: JeopardyGame, args: dict, progress) -> dict:
    if isinstance(args.get("rule"), str):
        analyse(game, "win").check_rule_on_boundary()  # (before any solve or sweep)
    _, grid = _panel_grid(game, args, progress)
    axis, at = args.get("axis"), args.get("at")
    if axis in grid.axes and isinstance(at, int) and not isinstance(at, bool):
        # a state beyond the drawn box (e.g. a turn total past every roll) sees the nearest slice
        at = max(0, min(at, grid.roll.shape[grid.axes.index(axis)] - 1))
    moved = None
    if flag(args, "informative") and axis in grid.axes and isinstance(at, int) and not isinstance(at, bool):
        # a view opened (not a value the slider chose) where the picture is one colour opens
        # where it shows the boundary, and says so
        moved = telling_at(grid, axis, at)
    answer = {**head(game), "title": panel_title(game, grid.fixed), **slice_of(grid, axis, moved["at"] if moved else at)}
    if moved:
        answer.update(note=_telling_note(axis, at, moved), opened_from=at)
    if isinstance(args.get("rule"), str):
        answer.update(_disagreements_on_slice(game, args, grid, answer))
    return answer


def _telling_note(axis: str, at: int, moved: dict) -> str:
    """Why a slice opened at another value of its axis than the position's, in one sentence."""
    doing = {"roll": "rolling", "hold": "holding"}
    here = "the picture has no state" if moved["only"] is None else f"{doing[moved['only']]} is best everywhere"
    other = {"roll": "holding", "hold": "rolling"}.get(moved["only"], "each action")
    where = "in a tenth of the states or more" if moved["share"] >= TELLING_SHARE else "somewhere"
    return (f"At {axis} = {at} {here}, so the picture opens at {axis} = {moved['at']}, the nearest where "
            f"{other} is best {where} (the slider shows any other).")


def _disagreements_on_slice(game: JeopardyGame, args: dict, grid, shown: dict) -> dict:
    """Where the rule disagrees with optimal play on this slice: the cost of
    each disagreement and how often the state is reached (against optimal)."""
    rule = args["rule"]
    tables = analyse(game, "win").mistake_tables(rule, None, args.get("max_seconds"), flag(args, "fresh"))
    cost = pick(grid, grid.take(tables["cost"], 0.0), shown["axis"], shown["at"])
    visits = pick(grid, grid.take(tables["visits"], 0.0), shown["axis"], shown["at"])
    marks = [
        {"x": int(x), "y": int(y), "cost": float(cost[y, x]), "visits": float(visits[y, x])}
        for y, x in np.argwhere(cost > 0)
    ]
    return {"rule": rule, "disagreements": marks}


def _solid(game: JeopardyGame, args: dict, progress) -> dict:
    _, grid = _panel_grid(game, args, progress)
    answer = {**head(game), "title": panel_title(game, grid.fixed), **solid_of(grid)}
    if isinstance(args.get("rule"), str):
        cost = grid.take(analyse(game, "win").mistake_tables(args["rule"], None, args.get("max_seconds"), flag(args, "fresh"))["cost"], 0.0)
        answer["rule"] = args["rule"]
        answer["disagreements"] = [[int(i), int(j), int(t)] for i, j, t in np.argwhere(cost > 0)]
    return answer


def _table_csv(game: JeopardyGame, args: dict, progress) -> dict:
    solution, grid = _panel_grid(game, args, progress)
    name = "-".join([game.name] + [f"{k}{v}" for k, v in grid.fixed.items()]) + ".csv"
    return {**head(game), "filename": name, "csv": table_csv(solution, grid)}


def _chosen(solution, args: dict, prefix: str = "") -> tuple[str, object]:
    return choose_policy(solution, args.get(prefix + "policy"), args.get(prefix + "rule"))


def _check_rules(game: JeopardyGame, args: dict) -> None:
    """Reject a bad rule (or a policy that is not text) before any solving."""
    for key in ("policy", "rule", "against_policy", "against_rule"):
        text(args, key)
    for key in ("rule", "against_rule"):
        if isinstance(args.get(key), str):
            parse_rule(args[key], column_names(game))


def _check_evaluations(game: JeopardyGame, args: dict, prefixes: tuple[str, ...]) -> None:
    """Refuse evaluating the policies and rules the request names (``policy``, ``rule``, with
    each of ``prefixes``; optimal play costs nothing) past its budget, before anything is
    solved or evaluated (:func:`check_work`). (Called after :func:`_check_rules`.)"""
    rules = [p for p in prefixes if args.get(p + "rule") is not None]
    named = [p for p in prefixes if args.get(p + "rule") is None
             and (args.get(p + "policy") or "optimal").strip().lower() != "optimal"]
    count = len(rules) + len(named)
    if count:
        _check_evaluation_work(game, args, "Evaluating a rule" if rules else "Evaluating a policy", count)


def _check_evaluation_work(game: JeopardyGame, args: dict, what: str, count: int) -> None:
    """Refuse ``count`` evaluations past the request's budget (a game solved live is first
    checked as its solve is: that refusal says more than an evaluation's estimate would)."""
    if not ships_table(game):
        check_solvable(game)
    check_work(game, what, lambda g: evaluation_estimate(g, count), seconds_allowed(args.get("max_seconds")))


@on_policies_model
def _evaluate(game: JeopardyGame, args: dict, progress) -> dict:
    _check_rules(game, args)
    if game.players > 2:
        check_for_players(game, args)
        # (a paper's policy whose table ships it answers at once: GRO for three's are half an hour each)
        shipped = None if flag(args, "fresh") else shipped_table(game)
        known = shipped_for_players(game, args, None if shipped is None else shipped.entry.get("seat_policies"))
        if known is None:
            _check_evaluation_work(game, args, "Evaluating a policy", 1)
        return evaluate_for_players(game, args, progress, known)
    _check_evaluations(game, args, ("", "against_"))
    solution, _ = solved(game, args, progress)
    label, policy = _chosen(solution, args)
    against_label, against = _chosen(solution, args, "against_")
    result = matchup(solution, policy, against, label, against_label)
    return {
        **head(game),
        "policy": label,
        "against": against_label,
        "difference": result.difference,
        "win_rate": result.win_rate,
        "win_rate_first": result.win_rate_first,
        "win_rate_second": result.win_rate_second,
    }


@on_policies_model
def _mistakes(game: JeopardyGame, args: dict, progress) -> dict:
    _check_rules(game, args)
    limit = whole_number(args, "limit", 10, 0, 1000)
    _check_evaluations(game, args, ("",))
    if game.players > 2:  # (refused before the solve: a turn limit of its own is a minute's sweep)
        raise not_for_players(game, MISTAKES)
    solution, _ = solved(game, args, progress)
    label, policy = _chosen(solution, args)
    found = mistakes(solution, policy, limit)
    found.pop("tables")
    return {**head(game), "policy": label, **found}
