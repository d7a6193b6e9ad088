"""What every jeopardy action reads from its request: the position, the objective and the
view, and the game's solution as the request asks for it (where the values come from is the
game's analysis': :mod:`pycore.jeopardy.analysis`).
"""

from __future__ import annotations

from pycore.jeopardy.play.match import option_label
from pycore.jeopardy.rules.moves import apply_roll, parse_faces
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import ROLL, State, best_of
from pycore.jeopardy.solving.solution import GameSolution
from pycore.jeopardy.solving.turn import check_objective, turn_outlook

from ..core.errors import InvalidRequestError
from ..jeopardy.analysis import analyse, default_objective
from .arguments import flag

VIEWS = ("advice", "slice", "solid", "thresholds", "strategies", "design", "play", "table", "quiz")


def head(game: JeopardyGame) -> dict:
    return {"game": game.name, "params": game.params}


def model_of(game: JeopardyGame) -> dict:
    """``model_note``: which model a game's win chances are from, where the rules say more
    than the model sees or the model has a bound (Farkle's zilch penalty); else nothing."""
    note = getattr(game, "model_note", None)
    return {"model_note": note} if note else {}


def solved(game: JeopardyGame, args: dict, progress) -> tuple[GameSolution, float]:
    """The game's solution as the request asks for it (``max_seconds``, ``fresh``): see
    :meth:`~pycore.jeopardy.analysis.Analysis.solution`."""
    return analyse(game, "win").solution(progress, args.get("max_seconds"), flag(args, "fresh"))


def state_from_args(game: JeopardyGame, args: dict) -> State:
    raw = args.get("state")
    if isinstance(raw, str):
        return Notation(game).from_text(raw)
    if isinstance(raw, dict):
        return Notation(game).from_values(**raw)
    raise InvalidRequestError("argument 'state' must be a string like 'i=10,j=20,k=5' or an object")


def objective_of(game: JeopardyGame, args: dict) -> str:
    """The objective as asked, else as the link's view says (the page passes its view), else
    the game's default (the one-turn objective where the win chances of these parameters
    cannot be had: Farkle to 10,000 with rules no table ships for)."""
    return check_objective(args.get("objective") or (view_of(args) or {}).get("objective") or default_objective(game))


def view_of(args: dict) -> dict | None:
    """The view a request is asked from ({"view": "slice", "axis": "k", ...}: each value a
    name, as a link writes it; a record is an object of its own)."""
    view = args.get("view")
    if view is not None and not isinstance(view, dict):
        raise InvalidRequestError("argument 'view' must be an object like {\"view\": \"slice\", \"axis\": \"k\"}")
    for key, value in (view or {}).items():
        if key != "record" and not isinstance(value, str):
            raise InvalidRequestError(f"the view's {key!r} must be a name (text), got {value!r}")
    return view


def choice_reason(options: list[dict], objective: str) -> str:
    """Why the best of the choices made before rolling is best, against the runner-up."""
    what = "points" if objective == "turn-score" else "P(win)"
    best = options[0]
    text = f"Choose before you roll: {best.get('label', 'the first')} is best ({what} {best['value']:.4f})"
    if len(options) > 1:
        second = options[1]
        text += f"; next is {second.get('label', 'the second')} ({second['value']:.4f})"
    return text + "."


def choices_after(game: JeopardyGame, state: State, faces, turn) -> dict:
    """What a roll showing ``faces`` from ``state`` allows (Farkle: which scoring dice to set
    aside), each choice with what to do next and its value, best first; ``turn_over`` if it
    busts. The same turn's values: every choice stays in the turn being advised."""
    if isinstance(faces, str):
        faces = parse_faces(game, faces)
    outcome = apply_roll(game, state, faces)
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
            "state": Notation(game).values(option),
            "gain": game.gain(option.turn) - game.gain(state.turn),
            "then": then,
            "value": values[then],
            "bust": after.bust if after else 0.0,  # the chance that the next roll busts, if it is made
            **game.describe_choice(state.turn, faces, option.turn),
            "label": option_label(game, state.turn, faces, option),  # as a game's record names it
        })
    rows.sort(key=lambda row: -row["value"])
    return {"faces": list(faces), "turn_over": False, "choices": rows}
