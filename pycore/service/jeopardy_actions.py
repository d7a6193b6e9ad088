"""The JSON actions of jeopardy (two-player roll-or-hold) games, called through :mod:`pycore.service.api`.

Every action takes the game (with its parameters) and the request's arguments:

* ``solve`` {objective?, fresh?} -> p_first_player_wins, states, iterations, residual, seconds, source
  (a factored game that ships a table answers from it unless ``fresh: true``)
  (``objective: "turn-score"``: expected_score, the maximum expected points of one turn)
* ``advise`` {state, objective?, view?, faces?} -> state, values {roll, hold}, best, margin, value, link
  (the objective defaults to the view's, then the game's); with ``faces`` (what a roll from
  ``state`` showed, e.g. ``"155234"`` or ``[1, 5, 5, 2, 3, 4]``) also ``roll``: {choices
  [{state, gain, then, value, bust, ...}] best first, turn_over}, the same choices as
  ``options``, the best of them as ``best`` (null after a bust; the roll/hold answer for
  ``state`` is then ``best_before_roll``); ``model_note`` where the
  win chances leave out a rule in force (Farkle's three-zilch penalty)
  (answered from a prebuilt table of turn-start values when the game ships one)
* ``policies`` -> policies [{name, difference, win_rate, ...}]
* ``komi`` {max_points?} -> komi [{points, p_first_player_wins}], fairest
* ``link`` {state} -> fragment
* ``step`` {state, var, direction} -> state: ``var`` moved to the next value (1 up, -1 down)
  that can occur with the rest unchanged (an error naming why when there is none); with
  ``to`` instead: the nearest value to it, and a ``note`` if it moved; dice letters
  (``to: "GGY"``) are taken as typed or refused naming the problem
* ``roll`` {state, faces} -> state (the next position; after a bust or the turn's end, the
  next turn's start, ``turn_over`` true), or ``mover_value`` if that ended the game;
  ``probability`` of seeing those faces. Faces as the game shows them (Zombie Dice:
  ``[["G", "brain"], ["Y", "footprint"], ["R", "shotgun"]]``)
* ``thresholds`` {state, objective?} -> rows, columns, cells [[{hold_from, depends_from, gains} |
  null]], at: a factored game's roll/hold boundary at the state's scores, by the values of two
  dice variables (:func:`pycore.jeopardy.factored.hold_thresholds`)
* ``panels`` -> axes, panels [{fixed, title}] (see :mod:`pycore.jeopardy.boundary`)
* ``slice`` {fixed, axis, at} -> x, y, roll [[1/0/null]], p_roll, p_hold (indexed [y][x])
* ``solid`` {fixed} -> runs [[i, j, t_from, t_to]] of the roll region
* ``table_csv`` {fixed} -> filename, csv (the panel's roll/hold table)
* ``evaluate`` {rule | policy, against_rule | against_policy} -> difference,
  win_rate, win_rate_first, win_rate_second (see :mod:`pycore.jeopardy.strategy`)
* ``mistakes`` {rule | policy, limit?} -> loss, costliest disagreements
* ``play`` {seed, policy?, against?, seat?, komi?} -> record, you (your seat, 0 first), and the
  review below: a whole game with seeded dice between your player (``policy``: optimal, a
  policy's name or a rule) and ``against``, you in seat ``seat`` (1 or 2)
* ``review`` {record} -> result, winner, winners, scores, decisions [{move, player, state,
  action, best, cost, values, played_label, best_label, link, boundary_link}], total_cost,
  mistakes, curve, two_player_values (three or more players: valued against the strongest
  opponent, no curve), share (see :mod:`pycore.jeopardy.match`)
* ``move`` {record, move? | player?, check_players?} -> record, share (a link opening the game
  where it stands), position {state, seat, scores, turn_points, legal, options, option_labels,
  roll (how the next roll is entered), against (three or more players: the strongest
  opponent's seat, whose two-player position the advice is), faces, moves, result, winners}:
  one more move of a game in progress, the person's (``{"action": "roll"}`` draws the faces
  from the record's seed; at the table the faces are given) or ``player``'s (neither: the position the record has reached,
  and the game's policies); ``check_players``: labels of the record's players that must be
  players (optimal, a policy, a rule), refused with InvalidPolicyError before a game starts

``solve`` also takes ``anchor_values`` (a cached solution's, to warm-start) and
``include_anchor_values`` (to return them for caching).

Links (:mod:`pycore.service.links`): the state's variables, then the view
when it is not the advisor alone (``view=slice&axis=k``: the 2-D slice through
the state that fixes ``k``; ``view=solid``: the 3-D roll region of the
state's panel; ``view=strategies``: the strategy lab; ``view=play`` and
``view=table``: a whole game, with ``record=`` a game's record, deflated and
base64url: :meth:`Record.to_link`), a rule if one is
being tried (``rule=k%20%3C%2020``, percent-encoded; never evaluated by
opening a link), and ``objective=turn-score`` when the advice is for the most
points of this turn rather than the win.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import numpy as np

from ..core.errors import InvalidRequestError, PycoreError
from ..core.params import not_a_number
from ..core.records import game_record, linked_record, record_game
from ..jeopardy.boundary import axes as boundary_axes
from ..jeopardy.boundary import panel_grid, panel_title, panels, pick, slice_of, solid_of, table_csv
from ..jeopardy.design import MAX_VALUES as MAX_DESIGN_VALUES
from ..jeopardy.design import design, parse_values
from ..jeopardy.explain import reason, roll_said
from ..jeopardy.factored import HoldThreshold, hold_thresholds, reachable_turn_states
from ..jeopardy.match import Record, extend, find_player, option_label, play, replay, review, start_state
from ..jeopardy.match import Values as MatchValues
from ..jeopardy.model import compile_game
from ..jeopardy.rule_language import parse_rule
from ..jeopardy.rules import (
    HOLD,
    OBJECTIVES,
    ROLL,
    VIEW_TITLES,
    JeopardyGame,
    State,
    best_of,
    person_reason,
    probability,
)
from ..jeopardy.solution import GameSolution
from ..jeopardy.solver import Progress, solve
from ..jeopardy.strategy import choose_policy, fairest_komi, komi_table, matchup, mistakes, policy_results
from ..jeopardy.turn import check_objective, solve_turn_score, turn_outlook, win_turn_values
from ..store.prebuilt import load_table, table_file
from .links import LinkValues, to_fragment

_SOLUTIONS: dict[tuple, tuple[GameSolution, float]] = {}
_CACHE_SIZE = 3
VIEWS = ("advice", "slice", "solid", "thresholds", "strategies", "design", "play", "table")
#: each view as the page's buttons name it (messages name views so, never by their link key)


def solution_for(game: JeopardyGame, progress: Progress | None = None, anchor_values=None,
                 fresh: bool = False) -> tuple[GameSolution, float]:
    """The cached solution of a game and the seconds its solve took. A factored game that
    ships a table is read from it (its turns are swept when asked) unless ``fresh``; another
    game's table warm-starts its solve (one sweep checks the shipped values)."""
    key = (game.key, fresh)
    if key not in _SOLUTIONS:
        started = time.perf_counter()
        table = None if fresh else _prebuilt(game)
        if table is not None:  # (the shipped values, exact: better than any kept in the page)
            solution = solve(game, progress=progress, anchor_values=table.values, shipped=True)
        else:
            solution = solve(game, progress=progress, anchor_values=anchor_values)
        if len(_SOLUTIONS) >= _CACHE_SIZE:
            _SOLUTIONS.pop(next(iter(_SOLUTIONS)))
        _SOLUTIONS[key] = (solution, time.perf_counter() - started)
    return _SOLUTIONS[key]


def _head(game: JeopardyGame) -> dict:
    return {"game": game.name, "params": game.params}


def _solved(game: JeopardyGame, args: dict, progress) -> tuple[GameSolution, float]:
    stored = args.get("anchor_values")
    if stored is not None and not (
        isinstance(stored, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in stored)
    ):
        raise InvalidRequestError("argument 'anchor_values' must be a list of probabilities (a solve the page stored)")
    return solution_for(game, progress, stored, bool(args.get("fresh")))


def _solve(game: JeopardyGame, args: dict, progress) -> dict:
    if check_objective(args.get("objective")) == "turn-score":
        started = time.perf_counter()
        turn = solve_turn_score(game)
        return {
            **_head(game),
            "objective": "turn-score",
            "expected_score": turn.expected_score,
            **turn.facts(),
            "states": turn.turn.states,
            "seconds": time.perf_counter() - started,
        }
    advice_only = (_view(args) or {}).get("view", "advice") == "advice"  # (the other views need every state)
    if advice_only and not game.factored and not args.get("fresh"):
        table = _table_unless_solved(game)
        if table is not None:  # the default Pig, GRO, AYZD: answered from the shipped values, no solve
            return _solve_from_table(game, table)
    solution, seconds = _solved(game, args, progress)
    extra = {"anchor_values": solution.anchor_values.tolist()} if args.get("include_anchor_values") else {}
    by_turns = game.by_turns(solution)  # a game with a turn limit: how it approaches the unlimited game
    if by_turns is not None:
        extra["by_turns"] = by_turns
    note = getattr(game, "model_note", None)
    return {
        **_head(game),
        **extra,
        **({"model_note": note} if note else {}),
        "objective": "win",
        "p_first_player_wins": solution.p_first_player_wins(),
        "states": solution.n_states,
        "iterations": solution.iterations,
        "residual": solution.residual,
        "seconds": seconds,
        "source": "solve" if solution.iterations else f"table {table_file(game)}",
    }


def _solve_from_table(game: JeopardyGame, table) -> dict:
    """``solve``'s answer from a game's shipped turn-start values (what its table's build
    found), without solving: the views that need every state's value solve when asked,
    warm-started from the table."""
    entry = table.entry
    return {
        **_head(game),
        "objective": "win",
        "p_first_player_wins": probability(float(table.values[game.anchor_row(game.start_anchor(0))])),
        "states": entry["states"],
        "iterations": 0,
        "residual": entry["residual"],
        "seconds": 0.0,
        "source": f"table {table_file(game)}",
    }


def _state_from_args(game: JeopardyGame, args: dict) -> State:
    raw = args.get("state")
    if isinstance(raw, str):
        return game.parse_state(raw)
    if isinstance(raw, dict):
        return game.state(**raw)
    raise InvalidRequestError("argument 'state' must be a string like 'i=10,j=20,k=5' or an object")


def _prebuilt(game: JeopardyGame):
    """The game's prebuilt table of turn-start values, if it ships one for these parameters
    (a damaged one is refused by name: TableError)."""
    if not _prebuilt_stem(game):
        return None
    return load_table(game)


def _table_unless_solved(game: JeopardyGame):
    """The game's shipped turn-start values, unless its solution is in memory already (then
    that answers)."""
    return None if (game.key, False) in _SOLUTIONS else _prebuilt(game)


def _objective(game: JeopardyGame, args: dict) -> str:
    """The objective as asked, else as the link's view says (the page passes its view), else
    the game's default (the one-turn objective where the win chances of these parameters
    cannot be had: Farkle to 10,000 with rules no table ships for)."""
    return check_objective(args.get("objective") or (_view(args) or {}).get("objective") or default_objective(game))


def default_objective(game: JeopardyGame) -> str:
    """The game's default objective, unless its win chances cannot be had for these
    parameters (Farkle to 10,000 with rules no table ships for): then the one turn's."""
    return "turn-score" if game.default_objective == "win" and win_unavailable(game) else game.default_objective


def _advised_turn(game: JeopardyGame, anchor: tuple, objective: str, gain: int, args: dict, progress):
    """(the turn of ``anchor`` for ``objective``, swept from ``gain`` up, and where its values
    come from): from the shipped turn-start values when the game has them (no solve, no
    compile), else from the solution."""
    table = _table_unless_solved(game) if objective == "win" else None
    if objective == "turn-score":
        source = "turn"
        return _turn_of(game, anchor, source, 0, lambda: solve_turn_score(game, anchor).turn), source
    if table is not None:
        source = f"table {table_file(game)}"
        return _turn_of(game, anchor, source, gain, lambda: win_turn_values(
            game, anchor, lambda other: float(table.values[game.anchor_row(other)]), gain)), source
    solution, _ = _solved(game, args, progress)
    source = "solve" if solution.iterations else f"table {table_file(game)}"
    return _turn_of(game, anchor, source, gain, lambda: win_turn_values(game, anchor, solution.anchor_value, gain)), source


def _advise(game: JeopardyGame, args: dict, progress) -> dict:
    state = _state_from_args(game, args)
    view = _view(args)
    objective = _objective(game, args)
    turn, source = _advised_turn(game, state.anchor, objective, game.gain(state.turn), args, progress)
    values = turn.action_values(state.turn)
    legal = [v for v in values.values() if v is not None]
    best = best_of(values)
    outlook = turn_outlook(game, turn, state.turn)
    rolled = {}
    faces = args.get("faces")
    choosing = faces is None and values[ROLL] is not None and game.chooses_before_rolling(state.turn)
    if choosing:
        faces = ()  # a choice before any die is rolled (Pig's target): list it at once
    if faces is not None:
        roll = _choices_after(game, state, faces, turn)
        # what the roll allows, flat, and the best of it (none after a bust)
        rolled = {"roll": roll, "options": roll["choices"]}
    note = getattr(game, "model_note", None) if objective == "win" else None
    # the one turn's points because the win chances cannot be had: why, with the answer
    why_not_win = win_unavailable(game) if objective == "turn-score" and game.default_objective == "win" else None
    return {
        **({"objective_note": f"Most {game.turn_unit()} this turn, not the win: {_person_words(why_not_win)}."}
           if why_not_win else {}),
        **_head(game),
        **rolled,
        **({"model_note": note} if note else {}),
        "objective": objective,
        "state": game.state_values(state),
        "values": values,
        "best": best,
        "margin": abs(values[ROLL] - values[HOLD]) if len(legal) == 2 else None,
        # once the roll is made, the question is what to take from it: the best option
        **({"best_before_roll": best, "best": rolled["options"][0] if rolled["options"] else None} if rolled else {}),
        "value": max(legal),
        "outlook": {action: o.to_json() for action, o in outlook.items()},
        "unit": game.turn_unit(),  # what the outlook's points count
        "reason": _choice_reason(rolled["options"], objective) if choosing else reason(game, state, values, best, outlook, objective),
        "source": source,
        "link": "#" + fragment(game, state, {**(view or {}), "objective": objective}),
        # how a roll from here is entered at the table (the dice the cup can still give, for one)
        **({"roll_entry": game.roll_entry_at(state.turn)} if type(game).roll_entry and values[ROLL] is not None else {}),
    }


def _choice_reason(options: list[dict], objective: str) -> str:
    """Why the best of the choices made before rolling is best, against the runner-up."""
    what = "points" if objective == "turn-score" else "P(win)"
    best = options[0]
    text = f"Choose before you roll: {best.get('label', 'the first')} is best ({what} {best['value']:.4f})"
    if len(options) > 1:
        second = options[1]
        text += f"; next is {second.get('label', 'the second')} ({second['value']:.4f})"
    return text + "."


def _choices_after(game: JeopardyGame, state: State, faces, turn) -> dict:
    """What a roll showing ``faces`` from ``state`` allows (Farkle: which scoring dice to set
    aside), each choice with what to do next and its value, best first; ``turn_over`` if it
    busts. The same turn's values: every choice stays in the turn being advised."""
    if isinstance(faces, str):
        faces = game.parse_faces(faces)
    outcome = game.apply_roll(state, faces)
    if outcome.turn_ended or (outcome.state is None and not outcome.options):  # a bust (or, never here, the game's end)
        return {"faces": list(faces), "turn_over": True, "choices": []}
    rows = []
    for option in outcome.options or (outcome.state,):
        if not game.choice_offered(state.anchor, option.turn):
            continue
        values = turn.action_values(option.turn)
        then = best_of(values)
        after = turn_outlook(game, turn, option.turn).get(ROLL) if then == ROLL else None
        rows.append({
            "state": game.state_values(option),
            "gain": game.gain(option.turn) - game.gain(state.turn),
            "then": then,
            "value": values[then],
            "bust": after.bust if after else 0.0,  # the chance that the next roll busts, if it is made
            **game.describe_choice(state.turn, faces, option.turn),
            "label": option_label(game, state.turn, faces, option),  # as a game's record names it
        })
    rows.sort(key=lambda row: -row["value"])
    return {"faces": list(faces), "turn_over": False, "choices": rows}


_TURNS: dict = {}  # the last few turns advised on: the next roll of the same turn is a lookup


def _turn_of(game: JeopardyGame, anchor: tuple, source: str, gain: int, compute):
    """The turn of ``anchor`` (for ``source``'s values), kept while the same turn is advised on:
    a player entering roll after roll asks about one anchor many times. A factored turn swept
    from a higher gain than asked is swept again."""
    key = (game.key, tuple(anchor), source)
    kept = _TURNS.get(key)
    if kept is None or getattr(kept, "lowest_gain", 0) > gain:
        if len(_TURNS) >= 4:
            _TURNS.pop(next(iter(_TURNS)))
        _TURNS[key] = kept = compute()
    return kept


def _thresholds(game: JeopardyGame, args: dict, progress) -> dict:
    """When to hold, at a position's scores: the points this turn from which holding is best,
    by the turn's counters that matter. A factored game by its two ``threshold_axes`` (Zombie
    Dice: the footprint dice in hand, the shotgun dice), whatever the other dice; a game whose
    turn is tabulated by each value of its other turn variable (GRO: the 1s set aside; AYZD:
    the shotguns; Pig: one number)."""
    state = _state_from_args(game, args)
    objective = _objective(game, args)
    if game.factored and not (game.threshold_axes or game.threshold_anchor):
        raise InvalidRequestError(f"{game.title} has no hold-threshold chart (its views: {', '.join(game.views)})")
    turn, _ = _advised_turn(game, state.anchor, objective, 0, args, progress)
    head = {
        **_head(game),
        "objective": objective,
        "anchor": dict(zip(game.anchor_vars, (int(x) for x in state.anchor), strict=True)),
        "gain_var": game.turn_vars[0],
        "unit": game.turn_unit(),
        "link": "#" + fragment(game, state, {"view": "thresholds", "objective": objective}),
    }
    if game.threshold_anchor:
        return {**head, **_thresholds_by_anchor(game, state, objective, args, progress)}
    if not game.factored or not hasattr(turn, "turn"):  # (Farkle's one turn for points: its own values)
        return {**head, **_tabulated_thresholds(game, turn, state)}
    axes = [game.variable(v) for v in game.threshold_axes]
    (rows, row_of, row_now), *columns = (_dice_values(game, var, state) for var in axes)
    # one axis (Farkle: the dice left to roll): one column
    cols, column_of, column_now = columns[0] if columns else ([()], np.zeros_like(row_of), 0)
    cells = hold_thresholds(game, turn, row_of * len(cols) + column_of, len(rows) * len(cols))

    def label(var, value):
        return game.count_letters(var, value) if var.letters else ", ".join(map(str, value))

    return {
        **head,
        "row_var": axes[0].name,
        "column_var": axes[1].name if columns else None,
        "rows": [label(axes[0], r) for r in rows],
        "columns": [label(axes[1], k) for k in cols] if columns else [""],
        "dice": bool(axes[0].letters),
        "cells": [[None if t is None else t.to_json() for t in cells[n * len(cols):(n + 1) * len(cols)]]
                  for n in range(len(rows))],
        "at": {"row": row_now, "column": column_now, "gain": game.gain(state.turn)},
    }


def _thresholds_by_anchor(game: JeopardyGame, state: State, objective: str, args: dict, progress) -> dict:
    """When to hold by a counter of the turn starts (Pig with a turn limit: the turns left, the
    mover's own turns from this one down), at the position's other anchor values: one row each,
    the turn played as the optimal player plays it (a turn that starts with a choice, the target
    model's total to roll to: the best choice's turn, whose threshold is that total)."""
    var, step = game.threshold_anchor
    column = game.anchor_vars.index(var)
    start = tuple(game.turn_start)
    rows, cells = [], []
    chooses = game.chooses_before_rolling(start)  # (the target model: each row is the total rolled to)
    for value in range(int(state.anchor[column]), 0, -step):
        anchor = tuple(value if n == column else int(x) for n, x in enumerate(state.anchor))
        turn, _ = _advised_turn(game, anchor, objective, 0, args, progress)
        config = start[1:]
        if chooses and turn.action_values(start)[ROLL] is not None:
            choices = _choices_after(game, State(game.name, anchor, start), (), turn)["choices"]
            config = tuple(choices[0]["state"][v] for v in game.turn_vars[1:]) if choices else config
        rows.append(str(value))
        threshold = _threshold_of(_best_actions(game, turn, anchor).get(config, []))
        cells.append([threshold.to_json() if threshold else None])
    return {
        "row_var": var,
        "column_var": None,
        "rows": rows,
        "columns": [""],
        "dice": False,
        "cells": cells,
        "at": {"row": 0, "column": 0, "gain": game.gain(state.turn)},
        "column_title": "roll to" if chooses else "hold from",
        # what a cell means here: one number a row (no range of the other dice)
        "note": (f"Each row: the {game.turn_unit()} to roll to (the target to choose as the turn starts) in each of "
                 "your turns left at these scores; this turn's row is outlined."
                 if chooses else
                 f"Each row: the {game.turn_unit()} this turn from which holding is best, in each of your turns "
                 "left at these scores (roll: keep rolling); this turn's row is outlined."),
    }


def _best_actions(game: JeopardyGame, turn, anchor: tuple) -> dict[tuple, list[tuple[int, bool]]]:
    """Every reachable turn state of the anchor with a move, by its other turn variables:
    [(gain, whether rolling is best)]."""
    found: dict[tuple, list] = {}
    for t in game.reachable_turns(anchor):
        values = turn.action_values(t)
        if values[ROLL] is None and values[HOLD] is None:
            continue
        found.setdefault(tuple(t[1:]), []).append((game.gain(t), best_of(values) == ROLL))
    return found


def _threshold_of(points: list[tuple[int, bool]]) -> HoldThreshold | None:
    points = sorted(points)
    return HoldThreshold.of([g for g, _ in points], [g for g, r in points if r], [g for g, r in points if not r])


def _tabulated_thresholds(game: JeopardyGame, turn, state: State) -> dict:
    """When to hold in a game whose turn states are listed at each anchor: one row for each
    value of the turn's other variables (none: one row), one column."""
    counters = game.turn_vars[1:]
    found = _best_actions(game, turn, state.anchor)
    rows = sorted(found)
    cells = [[_threshold_of(found[row])] for row in rows]
    row_now = rows.index(tuple(state.turn[1:])) if tuple(state.turn[1:]) in found else None
    label = (lambda row: ", ".join(map(str, row))) if counters else (lambda row: "")
    return {
        "row_var": ", ".join(counters) or None,
        "column_var": None,
        "rows": [label(r) for r in rows],
        "columns": [""],
        "dice": False,
        "cells": [[c.to_json() if c else None for c in row] for row in cells],
        "at": {"row": row_now, "column": 0, "gain": game.gain(state.turn)},
    }


def _dice_values(game: JeopardyGame, var, state: State) -> tuple[list[tuple[int, ...]], np.ndarray, int]:
    """A dice variable's values among the turn's configurations, fewest dice first (as count
    tuples), each configuration's value (C,) as a position in that list, and ``state``'s."""
    _, columns = game.factored_turn()
    names = [c for c in columns if game.variable(c).name == var.name]
    counts = np.stack([columns[c] for c in names], axis=1)
    values = sorted({tuple(int(x) for x in row) for row in counts}, key=lambda n: (sum(n), [-x for x in n]))
    position = {value: k for k, value in enumerate(values)}
    now = game.column_values(state)
    return values, np.array([position[tuple(int(x) for x in row)] for row in counts]), position[tuple(now[c] for c in names)]


def _view(args: dict) -> dict | None:
    view = args.get("view")
    if view is not None and not isinstance(view, dict):
        raise InvalidRequestError("argument 'view' must be an object like {\"view\": \"slice\", \"axis\": \"k\"}")
    return view


def _policies(game: JeopardyGame, args: dict, progress) -> dict:
    solution, _ = _solved(game, args, progress)
    # a table's policy results are computed with it (minutes for a factored game) and shipped in
    # it: a solution read from the table as it is (no sweep) answers with them
    table = _prebuilt(game) if not solution.iterations else None
    known = table.entry.get("policies") if table is not None else None
    return {
        **_head(game),
        "definition": "policy's win rate minus the optimal player's, each seat equally likely",
        "policies": [r.to_json() for r in policy_results(solution, known, progress)],
    }


def _komi(game: JeopardyGame, args: dict, progress) -> dict:
    solution, _ = _solved(game, args, progress)
    max_points = args.get("max_points")
    if max_points is not None and (isinstance(max_points, bool) or not isinstance(max_points, int)):
        raise InvalidRequestError(f"max_points must be a whole number, got {max_points!r}")
    rows = komi_table(solution, max_points)
    fairest = fairest_komi(rows)
    return {
        **_head(game),
        "komi": [{"points": r.points, "p_first_player_wins": r.p_first_player_wins} for r in rows],
        "fairest": fairest.points,
        "fairest_p_first_player_wins": fairest.p_first_player_wins,
    }


def _design_games(game: JeopardyGame, args: dict) -> tuple[str, list, dict]:
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
        values = raw
    else:
        raise InvalidRequestError(f"values must be a range such as 20:100:10 or a list of 1 to {MAX_DESIGN_VALUES} values")
    twice = sorted({str(v) for v in values if values.count(v) > 1})
    if twice:
        raise InvalidRequestError(f"{param} {', '.join(twice)} is listed more than once")
    games = {}
    for value in values:
        variant = type(game)(**{**game.params, param: value})  # InvalidParameterError names a bad value
        variant.check_solvable()
        games[value] = variant
    return param, values, games


def _design(game: JeopardyGame, args: dict, progress) -> dict:
    """For each value of one parameter, the designer's numbers (:mod:`pycore.jeopardy.design`)."""
    param, values, games = _design_games(game, args)
    rows = design(games.__getitem__, param, values, progress)
    return {**_head(game), "param": param, "rows": [r.to_json() for r in rows]}


def _estimate(game: JeopardyGame, args: dict, progress) -> dict:
    """How long the win chances of these parameters take, before asking for them: nothing
    if a table ships for them, else the solve's ``cells`` and CPython ``seconds``
    (:meth:`~pycore.jeopardy.rules.JeopardyGame.solve_estimate`). With ``param`` and
    ``values``: the designer's whole table (one solve and a policy's evaluation a value)."""
    if args.get("param") is not None:
        _, values, games = _design_games(game, args)
        sizes = [g.solve_estimate() for g in games.values()]
        return {
            **_head(game),
            "table": False,
            "solves": len(values),
            "cells": sum(s["cells"] for s in sizes),
            "seconds": type(game).design_cost_factor * sum(s["seconds"] for s in sizes),
        }
    if _prebuilt_stem(game):
        return {**_head(game), "table": True, "solves": 0, "cells": 0, "seconds": 0.0}
    game.check_solvable()  # a game too large to solve here is refused by name
    return {**_head(game), "table": False, "solves": 1, **game.solve_estimate()}


def _link(game: JeopardyGame, args: dict, progress) -> dict:
    state = _state_from_args(game, args)
    return {**_head(game), "fragment": "#" + fragment(game, state)}


def _step(game: JeopardyGame, args: dict, progress) -> dict:
    """A stepper's + or -, a typed value or a slider: the state it leads to. A typed value
    (``to``) is entered together with the values ``with`` already entered for the rest of its
    group (``JeopardyGame.entered_together``) and not yet taken: all taken when they can occur
    together, else ``pending`` (nothing changes; ``note`` says why) when another of the group
    may still change, else the nearest value that can be (number) or refused (dice)."""
    state = _state_from_args(game, args)
    var, direction, to = args.get("var"), args.get("direction"), args.get("to")
    if var not in game.state_vars:
        raise InvalidRequestError(f"argument 'var' must be one of {', '.join(game.state_vars)}, got {var!r}")
    others = args.get("with", {})
    if not isinstance(others, dict) or (others and to is None):
        raise InvalidRequestError("argument 'with' must be an object of values entered with 'to' (e.g. {\"d\": 2})")
    if to is not None and game.variable(var).letters:
        if not isinstance(to, str):
            raise InvalidRequestError(f"argument 'to' for {var} must be a string of the letters {game.variable(var).letters}")
    elif to is not None:
        if isinstance(to, bool) or not isinstance(to, int):
            raise InvalidRequestError(f"argument 'to' must be a whole number, got {to!r}")
        if direction not in (None, 1, -1) or isinstance(direction, bool):
            raise InvalidRequestError(f"argument 'direction' with 'to' must be 1 or -1 (a slider's way), got {direction!r}")
        if direction:  # a slider: only its own variable moves, never back
            moved, note = game.nearest_value(state, var, to, direction)
            return {**_head(game), "state": game.state_values(moved), "note": note, "pending": False}
    if to is not None:
        moved, note = game.enter_together(state, var, to, others)
        if moved is None:
            return {**_head(game), "state": game.state_values(state), "note": note, "pending": True}
        return {**_head(game), "state": game.state_values(moved), "note": note, "pending": False}
    if direction not in (1, -1) or isinstance(direction, bool):
        raise InvalidRequestError(f"argument 'direction' must be 1 or -1 (or give 'to'), got {direction!r}")
    return {**_head(game), "state": game.state_values(game.step(state, var, direction)), "note": "", "pending": False}


#: how long the answers one tap away may take to work out (seconds): they are asked for while
#: the player looks at an answer, and a tap waits behind them in the worker
NEIGHBOUR_SECONDS = 0.25


def _neighbours(game: JeopardyGame, args: dict, progress) -> dict:
    """The answers one tap away from a position, as ``advise`` gives them: each stepper's +
    and - (the next value that can occur) and each other choice of a segmented control. The
    page keeps them with the position's answer, so that after a reload a tap made while
    Python starts is answered at once (and confirmed when it is up). Only where an answer
    costs no solve (a shipped table, a solution in memory, or one turn's points), and no
    more than :data:`NEIGHBOUR_SECONDS` of work: the rest is left out."""
    state = _state_from_args(game, args)
    objective = _objective(game, args)
    if objective == "win" and not (_prebuilt_stem(game) or (game.key, False) in _SOLUTIONS):
        return {**_head(game), "neighbours": []}
    started = time.perf_counter()
    taps = []
    for variable in game.variables:
        if variable.letters:
            continue
        now = game.state_values(state)[variable.name]
        if variable.choices:
            taps += [(variable.name, {"to": c}) for c in variable.choices if c != now]
        else:
            taps += [(variable.name, {"direction": d}) for d in (1, -1)]
    out = []
    for name, how in taps:
        if time.perf_counter() - started > NEIGHBOUR_SECONDS:
            break
        try:
            if "direction" in how:
                moved, note = game.step(state, name, how["direction"]), ""
            else:
                moved, note = game.enter_together(state, name, how["to"], {})
        except PycoreError:
            continue  # (nowhere to go: the tap is answered by Python, with its reason)
        if moved is None or note:
            continue
        answer = _advise(game, {**args, "state": game.state_values(moved)}, progress)
        out.append({"var": name, **how, "state": answer["state"], "answer": answer})
    return {**_head(game), "neighbours": out}


def _roll(game: JeopardyGame, args: dict, progress) -> dict:
    """A roll entered at the table: the position it leads to, or the end of the turn."""
    state = _state_from_args(game, args)
    faces = args.get("faces")
    if not isinstance(faces, list):
        raise InvalidRequestError("argument 'faces' must be a list of the faces shown, e.g. [[\"G\", \"brain\"], ...]")
    outcome = game.apply_roll(state, faces)
    result = {**_head(game), "probability": float(outcome.probability), "turn_over": outcome.turn_ended}
    if outcome.state is not None:
        result["state"] = game.state_values(outcome.state)
    if outcome.options:
        result["options"] = [game.state_values(o) for o in outcome.options]
    if outcome.mover_value is not None:
        result["mover_value"] = outcome.mover_value
    result["said"] = roll_said(game, result)
    return result


_GRIDS: dict = {}


def _panel_grid(game: JeopardyGame, args: dict, progress):
    solution, _ = _solved(game, args, progress)
    cache_key = (game.key, json.dumps(args.get("fixed"), sort_keys=True))
    if _GRIDS.get("key") != cache_key:
        _GRIDS.update(key=cache_key, grid=panel_grid(solution, args.get("fixed"), progress))
    return solution, _GRIDS["grid"]


def _panels(game: JeopardyGame, args: dict, progress) -> dict:
    solution, _ = _solved(game, args, progress)
    return {**_head(game), "axes": list(boundary_axes(solution)), "panels": panels(solution)}


def _slice(game: JeopardyGame, args: dict, progress) -> dict:
    if isinstance(args.get("rule"), str) and game.factored:  # (before any solve or sweep)
        raise InvalidRequestError(f"{game.title} is solved turn by turn (no table of every state): a rule's "
                                  "disagreements cannot be drawn on its boundary; the strategy lab evaluates the rule")
    solution, grid = _panel_grid(game, args, progress)
    axis, at = args.get("axis"), args.get("at")
    if axis in grid.axes and isinstance(at, int) and not isinstance(at, bool):
        # a state beyond the drawn box (e.g. a turn total past every roll) sees the nearest slice
        at = max(0, min(at, grid.roll.shape[grid.axes.index(axis)] - 1))
    answer = {**_head(game), "title": panel_title(game, grid.fixed), **slice_of(grid, axis, at)}
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


def _solid(game: JeopardyGame, args: dict, progress) -> dict:
    solution, grid = _panel_grid(game, args, progress)
    answer = {**_head(game), "title": panel_title(game, grid.fixed), **solid_of(grid)}
    if isinstance(args.get("rule"), str):
        cost = grid.take(_mistake_tables(solution, args["rule"])["cost"], 0.0)
        answer["rule"] = args["rule"]
        answer["disagreements"] = [[int(i), int(j), int(t)] for i, j, t in np.argwhere(cost > 0)]
    return answer


def _table_csv(game: JeopardyGame, args: dict, progress) -> dict:
    solution, grid = _panel_grid(game, args, progress)
    name = "-".join([game.name] + [f"{k}{v}" for k, v in grid.fixed.items()]) + ".csv"
    return {**_head(game), "filename": name, "csv": table_csv(solution, grid)}


def _chosen(solution, args: dict, prefix: str = "") -> tuple[str, object]:
    return choose_policy(solution, args.get(prefix + "policy"), args.get(prefix + "rule"))


def _check_rules(game: JeopardyGame, args: dict) -> None:
    """Reject a bad rule (or a policy that is not text) before any solving."""
    for key in ("policy", "rule", "against_policy", "against_rule"):
        if args.get(key) is not None and not isinstance(args[key], str):
            raise InvalidRequestError(f"argument {key!r} must be text")
    for key in ("rule", "against_rule"):
        if isinstance(args.get(key), str):
            parse_rule(args[key], game.columns)


def _evaluate(game: JeopardyGame, args: dict, progress) -> dict:
    _check_rules(game, args)
    solution, _ = _solved(game, args, progress)
    label, policy = _chosen(solution, args)
    against_label, against = _chosen(solution, args, "against_")
    result = matchup(solution, policy, against, label, against_label)
    return {
        **_head(game),
        "policy": label,
        "against": against_label,
        "difference": result.difference,
        "win_rate": result.win_rate,
        "win_rate_first": result.win_rate_first,
        "win_rate_second": result.win_rate_second,
    }


def _mistakes(game: JeopardyGame, args: dict, progress) -> dict:
    _check_rules(game, args)
    solution, _ = _solved(game, args, progress)
    label, policy = _chosen(solution, args)
    limit = args.get("limit", 10)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 1000:
        raise InvalidRequestError(f"limit must be a whole number from 0 to 1000, got {limit!r}")
    found = mistakes(solution, policy, limit)
    found.pop("tables")
    return {**_head(game), "policy": label, **found}


def _whole_number(args: dict, key: str, default: int | None, low: int, high: int) -> int:
    value = args.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidRequestError(f"argument {key!r} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _play(game: JeopardyGame, args: dict, progress) -> dict:
    """A whole game with seeded dice between ``policy`` (yours: optimal, a policy's name or a
    rule) in seat ``seat`` (1: first) and ``against``; its record and review
    (:mod:`pycore.jeopardy.match`)."""
    seed = _whole_number(args, "seed", None, 0, 2**63 - 1)
    seat = _whole_number(args, "seat", 1, 1, 2) - 1
    komi = _whole_number(args, "komi", 0, -game.goal + 1, game.goal - 1)
    yours, theirs = find_player(game, args.get("policy")), find_player(game, args.get("against"))
    players = (yours, theirs) if seat == 0 else (theirs, yours)
    solution, _ = _solved(game, args, progress)
    values = MatchValues(game, solution.anchor_value)
    return {"you": seat, **_reviewed(game, values, play(game, values, players, seed, komi))}


def _recorded(game: JeopardyGame, args: dict, progress) -> tuple[JeopardyGame, Record, MatchValues]:
    """The ``record`` argument, its game (with the record's own parameters, which must be of
    this game) and the values to play and review it by."""
    record = Record.from_json(game_record(args.get("record"), game, "game, params, komi, players and moves"))
    game = record_game(game, record.params)
    solution, _ = _solved(game, args, progress)
    return game, record, MatchValues(game, solution.anchor_value)


def _reviewed(game: JeopardyGame, values: MatchValues, record: Record) -> dict:
    """A record's review, each decision with the link to its state in the advisor."""
    out = review(game, values, record).to_json()
    boundary = next((v for v in ("slice", "thresholds") if v in game.views), None)
    for decision in out["decisions"]:
        state = game.state(**decision["state"])
        decision["link"] = "#" + fragment(game, state)
        decision["boundary_link"] = "#" + fragment(game, state, {"view": boundary}) if boundary else None
    return {**_head(game), "record": record.to_json(), "share": record_link(game, record), **out}


def record_link(game: JeopardyGame, record: Record) -> str:
    """A link that opens this game where it stands (in Play, or at the table for a game entered there)."""
    view = "play" if record.seed is not None else "table"
    return f"#{fragment(game, start_state(game, record.komi), {'view': view})}&record={record.to_link()}"


def _review(game: JeopardyGame, args: dict, progress) -> dict:
    """A saved record's review (the record's own game and parameters, which must be this game)."""
    game, record, values = _recorded(game, args, progress)
    return _reviewed(game, values, record)


def _move(game: JeopardyGame, args: dict, progress) -> dict:
    """One move of a game in progress: the person's ``move`` (``{"action": "roll"}`` draws the
    faces from the record's seed; ``hold``; ``{"action": "choose", "option": {...}}``) or, with
    ``player`` (optimal, a policy's name or a rule), the computer's; the record with it and the
    position after it."""
    game, record, values = _recorded(game, args, progress)
    checked = args.get("check_players", [])  # a new game's computer players, checked before it starts
    if not (isinstance(checked, list) and all(isinstance(label, str) for label in checked)):
        raise InvalidRequestError(f"argument 'check_players' must be a list of players' labels, got {checked!r}")
    for label in checked:
        find_player(game, label)
    if "move" not in args and "player" not in args:  # where a saved game stands
        return {**_head(game), "record": record.to_json(), "position": replay(game, record).to_json(),
                "share": record_link(game, record), "policies": [p.name for p in game.human_policies()]}
    player = find_player(game, args["player"]) if "player" in args else None
    record, at = extend(game, values, record, args.get("move"), player)
    return {**_head(game), "record": record.to_json(), "position": at.to_json(), "share": record_link(game, record)}


ACTIONS: dict[str, Callable[[JeopardyGame, dict, Any], dict]] = {
    "solve": _solve,
    "advise": _advise,
    "policies": _policies,
    "komi": _komi,
    "design": _design,
    "estimate": _estimate,
    "link": _link,
    "step": _step,
    "neighbours": _neighbours,
    "roll": _roll,
    "thresholds": _thresholds,
    "panels": _panels,
    "slice": _slice,
    "solid": _solid,
    "table_csv": _table_csv,
    "evaluate": _evaluate,
    "mistakes": _mistakes,
    "play": _play,
    "review": _review,
    "move": _move,
}


# ---- links ------------------------------------------------------------------------------


def win_unavailable(game: JeopardyGame) -> str | None:
    """Why the win chances of these parameters cannot be had here (no table ships and the
    solve is refused as too large), or None."""
    if _prebuilt_stem(game):
        return None
    try:
        game.check_solvable()
    except PycoreError as exc:
        return str(exc)
    return None


def _person_words(text: str) -> str:
    """A message as a player reads it: no leading game name ("farkle: ..."), no closing stop."""
    head = text.split(": ", 1)
    if len(head) == 2 and " " not in head[0]:
        text = head[1]
    return text.rstrip(".")


def _prebuilt_stem(game: JeopardyGame) -> bool:
    """Whether a table of turn-start values ships for these parameters."""
    return game.table_stem in {g.table_stem for g in type(game).prebuilt_variants()}


def default_view(game: JeopardyGame) -> dict[str, str]:
    return {"view": "advice", "axis": game.turn_vars[0], "objective": default_objective(game)}


def view_axes(game: JeopardyGame) -> tuple[str, ...]:
    return (game.score_var, game.opponent_var, game.turn_vars[0])


def fragment(game: JeopardyGame, state: State, view: dict | None = None) -> str:
    """The fragment (without ``#``) of a state of a game (and a view)."""
    pairs = [(k, quote(str(v), safe="")) for k, v in game.state_values(state).items()]
    view = {**default_view(game), **(view or {})}
    if view["view"] != "advice":
        pairs.append(("view", quote(str(view["view"]), safe="")))
        if view["view"] == "slice":
            pairs.append(("axis", quote(str(view["axis"]), safe="")))
    if view.get("rule"):
        pairs.append(("rule", quote(view["rule"], safe="")))
    if view["objective"] != default_objective(game):  # the advice's objective, unless the one a bare link means
        pairs.append(("objective", quote(str(view["objective"]), safe="")))
    return to_fragment(game, pairs)


def resolve_position(game: JeopardyGame, link: LinkValues) -> dict:
    """The nearest valid state and view of a link's remaining keys (never fails)."""
    problems = link.problems
    view = default_view(game)
    raw = link.pop("view")
    if raw is not None:
        if raw in game.views:
            view["view"] = raw
        elif raw in VIEWS:
            problems.append(f"{game.title} has no {VIEW_TITLES[raw]} view yet (its views: "
                            f"{', '.join(VIEW_TITLES[v] for v in game.views)}); showing the advice")
        else:
            problems.append(f"there is no view {raw!r} (the views of {game.title}: "
                            f"{', '.join(VIEW_TITLES[v] for v in game.views)}); showing the advice")
    raw = link.pop("axis")
    if raw is not None:
        if raw in view_axes(game):
            view["axis"] = raw
        else:
            problems.append(f"axis must be one of {', '.join(view_axes(game))}, got {raw!r}")
    raw = link.pop("objective")
    if raw is not None:
        if raw in OBJECTIVES:
            view["objective"] = raw
        else:
            problems.append(f"objective must be one of {', '.join(OBJECTIVES)}, got {raw!r}; using {game.default_objective}")
    rule = link.pop("rule")
    if rule is not None:
        # kept as text: it is checked and evaluated only when the user asks
        if len(rule) > 1000:
            problems.append("the rule in the link is longer than 1000 characters and was dropped")
        elif rule.strip():
            view["rule"] = rule
    raw = link.pop("record")
    record = None if raw is None else linked_record(game, raw, Record, replay, problems)
    if record is not None:
        # a game with the computer's dice goes on in Play; one entered at the table, at the table
        view = {**view, "view": "play" if record.seed is not None else "table", "record": record.to_json()}
    wanted: dict[str, object] = {}
    for key, raw in link.values.items():
        if key not in game.state_vars:
            problems.append(f"{game.name} has no {key!r} (ignored); its state is {', '.join(game.state_vars)}")
            continue
        try:
            wanted[key] = game.parse_value(key, raw)
        except PycoreError:
            problems.append(f"{not_a_number(key, raw)} (ignored)")
    state, state_problems = nearest_state(game, wanted)
    problems += state_problems
    return {
        "game": game.name,
        "params": game.params,
        "state": game.state_values(state),
        "fragment": "#" + fragment(game, state, view),
        "problems": problems,
        "view": view,
        # what the link means without an objective (the one turn where no win chances can be had)
        "default_objective": default_objective(game),
    }


def nearest_state(game: JeopardyGame, wanted: dict[str, object]) -> tuple[State, list[str]]:
    """The tabulated state closest to ``wanted`` (missing values as ``game.missing_values``),
    and a message for every change made."""
    try:
        return game.state(**wanted), []
    except PycoreError as exc:
        problem = str(exc)
    try:
        target = game.column_values(State(game.name, *_split(game, wanted)))
    except PycoreError:
        target = {}
    missing = game.missing_values()
    full = {v: target.get(v, missing[v]) for v in game.columns}
    target_anchor = np.array([full[v] for v in game.anchor_vars])
    target_turn = np.array([full[v] for v in game.turn_vars])
    # nearest tabulated anchor (L1, keeping whose turn it is if at all possible),
    # then the nearest turn state valid for it
    weights = np.array([100 if v == "p" else 1 for v in game.anchor_vars])
    if game.factored:  # (A, T) is far too large to compile: the anchors, and the turn's graph
        anchors = game.anchors()
        a = int(np.argmin((np.abs(anchors - target_anchor) * weights).sum(axis=1)))
        state = _nearest_factored_turn(game, tuple(int(x) for x in anchors[a]), target_turn)
    else:
        model = compile_game(game)
        a = int(np.argmin((np.abs(model.anchors - target_anchor) * weights).sum(axis=1)))
        distance = np.abs(model.turns - target_turn).sum(axis=1).astype(float)
        distance[~model.valid[a]] = np.inf
        state = model.state_at(a, int(np.argmin(distance)))
    # in the player's words: what was wrong, and each value moved (by its label)
    values = game.state_values(state)
    moved = [
        f"{game.variable(v).label.lower()} {values[v] if values[v] != '' else 'none'}"
        for v in game.state_vars
        if str(values[v]) != str(wanted.get(v, values[v])).strip().upper()
    ] or [f"{game.variable(v).label.lower()} {values[v]}" for v in game.state_vars if v not in wanted][:2]
    why = person_reason(problem, game.name)
    return state, [f"{why}; showing the nearest possible state: {', '.join(moved) or 'the start'}"]


def _nearest_factored_turn(game: JeopardyGame, anchor: tuple[int, ...], target_turn: np.ndarray) -> State:
    """The reachable turn state of a factored game nearest to ``target_turn`` (L1 over the turn
    columns) that is valid at ``anchor``; the turn's start if none is closer."""
    graph, columns = game.factored_turn()
    reach = reachable_turn_states(game)
    config = np.stack(list(columns.values()), axis=1)  # (C, columns)
    distance = (np.abs(np.arange(reach.shape[0]) - target_turn[0])[:, None]
                + np.abs(config - target_turn[1:]).sum(axis=1)[None, :]).astype(float)
    distance[~reach] = np.inf
    # the nearest few (ties in order of gain, then configuration: stable, the same on every machine)
    for flat in np.argsort(distance, axis=None, kind="stable")[:50]:
        gain, c = divmod(int(flat), reach.shape[1])
        if not np.isfinite(distance[gain, c]):
            break
        candidate = State(game.name, anchor, (gain, *(int(x) for x in config[c])))
        try:
            game.check_state(candidate)
            return candidate
        except PycoreError:
            continue
    return State(game.name, anchor, tuple(game.turn_start))


def _split(game: JeopardyGame, wanted: dict[str, object]) -> tuple[tuple, tuple]:
    """Anchor and turn columns of wanted values, unchecked (defaults as in ``game.state``)."""
    columns: dict[str, int] = {}
    for var in game.variables:
        if var.name in wanted and var.letters:
            columns.update(game.letter_columns(var, wanted[var.name]))
        elif var.name in wanted and isinstance(wanted[var.name], int):
            columns[var.name] = int(wanted[var.name])
    missing = game.missing_values()
    values = {c: columns.get(c, missing[c]) for c in game.columns}
    return tuple(values[c] for c in game.anchor_vars), tuple(values[c] for c in game.turn_vars)
