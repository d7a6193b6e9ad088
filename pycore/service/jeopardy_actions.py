"""The JSON actions of jeopardy (two-player roll-or-hold) games, called through :mod:`pycore.service.api`.

Every action takes the game (with its parameters) and the request's arguments:

* ``solve`` {objective?, fresh?} -> p_first_player_wins, seat_chances (each player's chance, the
  first player first), states, iterations, residual, seconds, source
  (a factored game that ships a table answers from it unless ``fresh: true``)
  (``objective: "turn-score"``: expected_score, the maximum expected points of one turn)
* ``advise`` {state, objective?, view?, faces?} -> state, values {roll, hold} (the mover's chance),
  seat_values {roll, hold} (each seat's chance, the mover's first; for the win), best, margin, value, link
  (the objective defaults to the view's, then the game's); with ``faces`` (what a roll from
  ``state`` showed, e.g. ``"155234"`` or ``[1, 5, 5, 2, 3, 4]``) also ``roll``: {choices
  [{state, gain, then, value, bust, ...}] best first, turn_over}, the same choices as
  ``options``, the best of them as ``best`` (null after a bust; the roll/hold answer for
  ``state`` is then ``best_before_roll``); ``model_note`` where the
  win chances leave out a rule in force (Farkle's three-zilch penalty)
  (answered from a prebuilt table of turn-start values when the game ships one)
* ``policies`` -> policies [{name, difference, win_rate, ...}]; three or more players:
  players, seat_words, optimal (each player's chance), policies [{name, description, source,
  expression, optimal, seats [{seat, chances, cost}]}], each policy followed by one player at
  a time while the others keep the exact advice (:mod:`pycore.service.seat_policies`)
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
  dice variables (:func:`pycore.jeopardy.views.thresholds.dice_chart`)
* ``panels`` -> axes, panels [{fixed, title}] (see :mod:`pycore.jeopardy.views.boundary`)
* ``slice`` {fixed, axis, at} -> x, y, roll [[1/0/null]], p_roll, p_hold (indexed [y][x])
* ``solid`` {fixed} -> runs [[i, j, t_from, t_to]] of the roll region
* ``table_csv`` {fixed} -> filename, csv (the panel's roll/hold table)
* ``evaluate`` {rule | policy, against_rule | against_policy, max_seconds?} -> difference,
  win_rate, win_rate_first, win_rate_second (see :mod:`pycore.jeopardy.policies.strategy`);
  three or more players {rule | policy (a paper's, or ``stand-in``), everyone?} -> optimal,
  seats [{seat, chances, cost}], everyone? (against the exact advice only)
* ``mistakes`` {rule | policy, limit?, max_seconds?} -> loss, costliest disagreements
  (``evaluate``, ``mistakes``, ``policies`` and ``design`` estimate their work first and refuse
  it past ``max_seconds``, 60 CPython seconds unless given: see ``estimate``; so does every
  action that solves, ``solve`` and ``advise`` among them)
* ``play`` {seed, policy?, against?, seat?, komi?} -> record, you (your seat, 0 first), and the
  review below: a whole game with seeded dice between your player (``policy``: optimal, a
  policy's name or a rule) and ``against``, you in seat ``seat`` (1 or 2)
* ``review`` {record} -> result, winner, winners, scores, decisions [{move, player, state,
  action, best, cost, values, played_label, best_label, link, boundary_link}], total_cost,
  mistakes, curve, valued_in (the game whose values price the decisions: ``pig-3`` for
  three players of Pig), two_player_values (three or more players of a game with no game of
  that many: valued against the strongest opponent, no curve), share (see :mod:`pycore.jeopardy.play.match`)
* ``quiz`` {seed, count?, mix?, answers?} -> questions [{position, choices [{key, label, value, cost}],
  best, gap, link, reason, picks}], policies, unit, scale, games, pool, close_share, link, and
  with ``answers`` the ``grade``; ``grade`` {questions, answers, policies?} -> decisions,
  mistakes, total, mean, worst, costs, policies: Test yourself (:mod:`pycore.core.quiz`; the
  same two actions serve the scorecard games)
* ``move`` {record, move? | player?, check_players?} -> record, share (a link opening the game
  where it stands), position {state, seat, scores, turn_points, legal, options, option_labels,
  roll (how the next roll is entered), game and params (the game whose position ``state`` is:
  ``pig-3`` for three players of Pig, every score in it), against (three or more players of a
  game with no game of that many: the strongest opponent's seat, whose two-player position
  the advice is), measured (there: the shipped simulated figure of that many players for the
  mover's seat, ``{text, chance, standard_error, games}``, ``{text, error}`` where its file
  is damaged, null where none ships), faces, moves, result, winners}:
  one more move of a game in progress, the person's (``{"action": "roll"}`` draws the faces
  from the record's seed; at the table the faces are given) or ``player``'s (neither: the position the record has reached,
  and the game's policies); ``check_players``: labels of the record's players that must be
  players (optimal, a policy, a rule), refused with InvalidPolicyError before a game starts

No request ships a table's values to the page: where they come from is the game's analysis
(:mod:`pycore.jeopardy.analysis`), and a solve made in the page is kept by Python
(:mod:`pycore.store.kept_solves`). The page asks for a position with ``answer``
(:func:`answer_position`).

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

import time
from collections.abc import Callable
from typing import Any

from pycore.jeopardy.rules.editing import enter_together, nearest_value, step
from pycore.jeopardy.rules.hints import turn_unit
from pycore.jeopardy.rules.moves import apply_roll, chooses_before_rolling
from pycore.jeopardy.rules.notation import Notation, variable_names, variable_of
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, State, best_of
from pycore.jeopardy.solving.budget import design_estimate, evaluation_estimate, seconds_allowed
from pycore.jeopardy.solving.turn import check_objective, turn_outlook
from pycore.jeopardy.views.explain import reason, roll_said
from pycore.jeopardy.views.thresholds import anchor_chart

from ..core.errors import InvalidRequestError, PycoreError, TableNotLoaded
from ..jeopardy.analysis import analyse, win_unavailable
from . import jeopardy_play, jeopardy_views, play_actions
from .arguments import flag
from .jeopardy_links import fragment, person_words
from .jeopardy_requests import (
    choice_reason,
    choices_after,
    head,
    model_of,
    objective_of,
    state_from_args,
    view_of,
)
from .jeopardy_views import design_games


def _solve(game: JeopardyGame, args: dict, progress) -> dict:
    objective = check_objective(args.get("objective"))
    every_state = (view_of(args) or {}).get("view", "advice") != "advice"  # (the other views need every state)
    start = analyse(game, objective).start(progress, args.get("max_seconds"), every_state, flag(args, "fresh"))
    return {**head(game), **(model_of(game) if objective == "win" else {}), **start}


def _advise(game: JeopardyGame, args: dict, progress) -> dict:
    seconds_allowed(args.get("max_seconds"))  # (checked whether or not a solve follows)
    state = state_from_args(game, args)
    view = view_of(args)
    objective = objective_of(game, args)
    turn, source = analyse(game, objective).turn(state.anchor, game.gain(state.turn), progress, args.get("max_seconds"))
    values = turn.action_values(state.turn)
    legal = [v for v in values.values() if v is not None]
    best = best_of(values)
    outlook = turn_outlook(game, turn, state.turn)
    rolled = {}
    faces = args.get("faces")
    choosing = faces is None and values[ROLL] is not None and chooses_before_rolling(game, state.turn)
    if choosing:
        faces = ()  # a choice before any die is rolled (Pig's target): list it at once
    if faces is not None:
        roll = choices_after(game, state, faces, turn)
        # what the roll allows, flat, and the best of it (none after a bust)
        rolled = {"roll": roll, "options": roll["choices"]}
    # the one turn's points because the win chances cannot be had: why, with the answer
    why_not_win = win_unavailable(game) if objective == "turn-score" and game.page.default_objective == "win" else None
    return {
        **({"objective_note": f"Most {turn_unit(game)} this turn, not the win: {person_words(why_not_win)}."}
           if why_not_win else {}),
        **head(game),
        **rolled,
        **(model_of(game) if objective == "win" else {}),
        "objective": objective,
        "state": Notation(game).values(state),
        "values": values,
        **({"seat_values": turn.seat_action_values(state.turn)} if objective == "win" else {}),
        "best": best,
        "margin": abs(values[ROLL] - values[HOLD]) if len(legal) == 2 else None,
        # once the roll is made, the question is what to take from it: the best option
        **({"best_before_roll": best, "best": rolled["options"][0] if rolled["options"] else None} if rolled else {}),
        "value": max(legal),
        "outlook": {action: o.to_json() for action, o in outlook.items()},
        "unit": turn_unit(game),  # what the outlook's points count
        "reason": choice_reason(rolled["options"], objective) if choosing else reason(game, state, values, best, outlook, objective),
        "source": source,
        "link": "#" + fragment(game, state, {**(view or {}), "objective": objective}),
        # how a roll from here is entered at the table (the dice the cup can still give, for one)
        **({"roll_entry": game.roll_entry_at(state.turn)} if game.page.roll_entry and values[ROLL] is not None else {}),
    }


def _thresholds(game: JeopardyGame, args: dict, progress) -> dict:
    """When to hold, at a position's scores: the points this turn from which holding is best,
    by the turn's counters that matter. A factored game by its two ``threshold_axes`` (Zombie
    Dice: the footprint dice in hand, the shotgun dice), whatever the other dice; a game whose
    turn is tabulated by each value of its other turn variable (GRO: the 1s set aside; AYZD:
    the shotguns; Pig: one number)."""
    state = state_from_args(game, args)
    objective = objective_of(game, args)
    analysis = analyse(game, objective)
    if not analysis.charts_hold:
        raise InvalidRequestError(f"{game.title} has no hold-threshold chart (its views: {', '.join(game.page.views)})")
    header = {
        **head(game),
        "objective": objective,
        "anchor": dict(zip(game.anchor_vars, (int(x) for x in state.anchor), strict=True)),
        "gain_var": game.turn_vars[0],
        "unit": turn_unit(game),
        "link": "#" + fragment(game, state, {"view": "thresholds", "objective": objective}),
    }
    if game.page.threshold_anchor:
        return {**header, **_thresholds_by_anchor(game, state, objective, args, progress)}
    return {**header, **analysis.hold_chart(state, progress, args.get("max_seconds"))}


def _thresholds_by_anchor(game: JeopardyGame, state: State, objective: str, args: dict, progress) -> dict:
    """When to hold by a counter of the turn starts (:func:`~pycore.jeopardy.views.thresholds.anchor_chart`),
    each row's turn as advised (kept while the same turns are asked about)."""
    start = tuple(game.turn_start)

    def turn_at(anchor: tuple):
        return analyse(game, objective).turn(anchor, 0, progress, args.get("max_seconds"))[0]

    def chosen(anchor: tuple, turn) -> tuple | None:
        choices = choices_after(game, State(game.name, anchor, start), (), turn)["choices"]
        return tuple(choices[0]["state"][v] for v in game.turn_vars[1:]) if choices else None

    return anchor_chart(game, state, turn_at, chosen)


def _estimate(game: JeopardyGame, args: dict, progress) -> dict:
    """How long the win chances of these parameters take, before asking for them: nothing
    if a table ships for them, else the solve's ``cells`` and CPython ``seconds``
    (:func:`~pycore.jeopardy.solving.budget.solve_estimate`). With ``param`` and
    ``values``: the designer's whole table (one solve and a policy's evaluation a value; its
    ``bytes`` the largest solve's). With ``evaluate: true``: a policy's exact evaluation
    (``seconds``, ``bytes``). These are what ``max_seconds`` is checked against: ``design``,
    ``evaluate``, ``mistakes`` and ``policies`` refuse work estimated past it (60 s unless
    given; :func:`~pycore.jeopardy.solving.budget.check_work`), as is every solve (the page asks the
    person before a long one and then sends the ``seconds`` it showed as ``max_seconds``); a
    game too large for the memory is refused here. ``solved: true``: the solution is in
    memory already (nothing to ask before answering)."""
    if args.get("param") is not None:
        _, _, games = design_games(game, args)
        return {**head(game), "table": False, **design_estimate(list(games.values()))}
    if flag(args, "evaluate"):  # a policy's exact evaluation (the page's note where it is not made live),
        # on the model it is made on (Farkle's zilch counts left out: 2 min, not hours)
        return {**head(game), "table": False, "solves": 0, **evaluation_estimate(game.policies_game)}
    return {**head(game), **analyse(game, "win").estimate()}


def _link(game: JeopardyGame, args: dict, progress) -> dict:
    state = state_from_args(game, args)
    return {**head(game), "fragment": "#" + fragment(game, state)}


def _step(game: JeopardyGame, args: dict, progress) -> dict:
    """A stepper's + or -, a typed value or a slider: the state it leads to. A typed value
    (``to``) is entered together with the values ``with`` already entered for the rest of its
    group (the ``entered_together`` of its ``page``) and not yet taken: all taken when they can occur
    together, else ``pending`` (nothing changes; ``note`` says why) when another of the group
    may still change, else the nearest value that can be (number) or refused (dice)."""
    state = state_from_args(game, args)
    var, direction, to = args.get("var"), args.get("direction"), args.get("to")
    if var not in variable_names(game):
        raise InvalidRequestError(f"argument 'var' must be one of {', '.join(variable_names(game))}, got {var!r}")
    others = args.get("with", {})
    if not isinstance(others, dict) or (others and to is None):
        raise InvalidRequestError("argument 'with' must be an object of values entered with 'to' (e.g. {\"d\": 2})")
    if to is not None and variable_of(game, var).letters:
        if not isinstance(to, str):
            raise InvalidRequestError(f"argument 'to' for {var} must be a string of the letters {variable_of(game, var).letters}")
    elif to is not None:
        if isinstance(to, bool) or not isinstance(to, int):
            raise InvalidRequestError(f"argument 'to' must be a whole number, got {to!r}")
        if direction not in (None, 1, -1) or isinstance(direction, bool):
            raise InvalidRequestError(f"argument 'direction' with 'to' must be 1 or -1 (a slider's way), got {direction!r}")
        if direction:  # a slider: only its own variable moves, never back
            moved, note = nearest_value(game, state, var, to, direction)
            return {**head(game), "state": Notation(game).values(moved), "note": note, "pending": False}
    if to is not None:
        moved, note = enter_together(game, state, var, to, others)
        if moved is None:
            return {**head(game), "state": Notation(game).values(state), "note": note, "pending": True}
        return {**head(game), "state": Notation(game).values(moved), "note": note, "pending": False}
    if direction not in (1, -1) or isinstance(direction, bool):
        raise InvalidRequestError(f"argument 'direction' must be 1 or -1 (or give 'to'), got {direction!r}")
    return {**head(game), "state": Notation(game).values(step(game, state, var, direction)), "note": "", "pending": False}


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
    state = state_from_args(game, args)
    objective = objective_of(game, args)
    if not analyse(game, objective).ready:
        return {**head(game), "neighbours": []}
    started = time.perf_counter()
    taps = []
    for variable in game.variables:
        if variable.letters:
            continue
        now = Notation(game).values(state)[variable.name]
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
                moved, note = step(game, state, name, how["direction"]), ""
            else:
                moved, note = enter_together(game, state, name, how["to"], {})
        except PycoreError:
            continue  # (nowhere to go: the tap is answered by Python, with its reason)
        if moved is None or note:
            continue
        answer = _advise(game, {**args, "state": Notation(game).values(moved)}, progress)
        out.append({"var": name, **how, "state": answer["state"], "answer": answer})
    return {**head(game), "neighbours": out}


def _roll(game: JeopardyGame, args: dict, progress) -> dict:
    """A roll entered at the table: the position it leads to, or the end of the turn."""
    state = state_from_args(game, args)
    faces = args.get("faces")
    if not isinstance(faces, list):
        raise InvalidRequestError("argument 'faces' must be a list of the faces shown, e.g. [[\"G\", \"brain\"], ...]")
    outcome = apply_roll(game, state, faces)
    result = {**head(game), "probability": float(outcome.probability), "turn_over": outcome.turn_ended}
    if outcome.state is not None:
        result["state"] = Notation(game).values(outcome.state)
    if outcome.options:
        result["options"] = [Notation(game).values(o) for o in outcome.options]
    if outcome.mover_value is not None:
        result["mover_value"] = outcome.mover_value
    result["said"] = roll_said(game, result)
    return result


def answer_position(game: JeopardyGame, position: dict, args: dict, progress) -> dict:
    """One tap's answer (:func:`pycore.service.api.answer`): the ``edit`` the request makes
    to the resolved ``position`` first (a stepper's {var, direction}, a typed {var, to,
    with}: as ``step``), then the advice for where it leads, with its link. Where the win
    chances need a solve that is not made yet and the request does not say ``solve: true``,
    no answer but ``needs_solve`` (the estimate, for the page to ask the person before a
    long one); ``start: true`` adds the game's start (``start``: as ``solve`` answers). A
    position whose answer is refused (a solve too large, past ``max_seconds``) comes back
    with the refusal as ``refused``, so that the controls still show where the player is."""
    out: dict = {}
    edit = args.get("edit")
    if edit is not None:
        if not isinstance(edit, dict) or "state" in edit:
            raise InvalidRequestError("argument 'edit' must be an object like {\"var\": \"i\", \"direction\": 1}")
        try:
            stepped = _step(game, {**edit, "state": position["state"]}, progress)
        except PycoreError as exc:  # (the edit is refused where it was made: nothing moves)
            return {"position": position, "edit": {"error": str(exc)}}
        out["edit"] = {"note": stepped["note"], "pending": stepped["pending"]}
        if stepped["pending"]:
            return {"position": position, **out}
        position = {**position, "state": stepped["state"], "problems": []}
    view = position["view"]
    analysis = analyse(game, view["objective"])
    try:
        if not analysis.ready and not flag(args, "solve"):
            return {"position": position, **out, "needs_solve": {**head(game), **analysis.estimate()}}
        if flag(args, "start") and view["objective"] == "win":
            out["start"] = {**head(game), **(model_of(game) if view["objective"] == "win" else {}),
                            **analysis.start(progress, args.get("max_seconds"))}
        advice = _advise(game, {"state": position["state"], "view": view, "max_seconds": args.get("max_seconds")}, progress)
    except TableNotLoaded:
        raise  # (the worker fetches the table and asks again)
    except PycoreError as exc:
        return {"position": position, **out, "refused": {"type": type(exc).__name__, "message": str(exc)}}
    return {"position": {**position, "fragment": advice["link"]}, **out, "answer": advice, "link": advice["link"]}


ACTIONS: dict[str, Callable[[JeopardyGame, dict, Any], dict]] = {
    "solve": _solve,
    "advise": _advise,
    "policies": jeopardy_views._policies,
    "komi": jeopardy_views._komi,
    "design": jeopardy_views._design,
    "estimate": _estimate,
    "link": _link,
    "step": _step,
    "neighbours": _neighbours,
    "roll": _roll,
    "thresholds": _thresholds,
    "panels": jeopardy_views._panels,
    "slice": jeopardy_views._slice,
    "solid": jeopardy_views._solid,
    "table_csv": jeopardy_views._table_csv,
    "evaluate": jeopardy_views._evaluate,
    "mistakes": jeopardy_views._mistakes,
    **play_actions.actions(jeopardy_play.PLAY),
}
