"""What every two-player action reads from its request: the game's solution (solved once and
kept: :func:`solution_for`), a shipped table, the position, the objective and the view, and
one anchor's turn as advised (kept while the same turn is asked about).
"""

from __future__ import annotations

import time

from ..core.cache import BoundedCache
from ..core.errors import InvalidRequestError, PycoreError
from ..core.progress import Progress
from ..jeopardy.budget import check_solvable, check_work, seconds_allowed, solve_estimate
from ..jeopardy.match import option_label
from ..jeopardy.rules import (
    JeopardyGame,
)
from ..jeopardy.solution import GameSolution
from ..jeopardy.solvers import solve, solve_turn_score, solver_of, win_turn_values
from ..jeopardy.turn import check_objective, turn_outlook
from ..jeopardy.vocabulary import ROLL, State, best_of
from ..store.prebuilt import load_table, table_file
from .arguments import flag

#: (game key, fresh) -> (its solution, the seconds its solve took): the last three games solved
SOLUTIONS = BoundedCache("solutions", 3)
VIEWS = ("advice", "slice", "solid", "thresholds", "strategies", "design", "play", "table")


def solution_for(game: JeopardyGame, progress: Progress | None = None, anchor_values=None,
                 fresh: bool = False) -> tuple[GameSolution, float]:
    """The cached solution of a game and the seconds its solve took. A factored game that
    ships a table is read from it (its turns are swept when asked) unless ``fresh``; another
    game's table warm-starts its solve (one sweep checks the shipped values)."""

    def make() -> tuple[GameSolution, float]:
        started = time.perf_counter()
        table = None if fresh else prebuilt(game)
        if table is not None:  # (the shipped values, exact: better than any kept in the page)
            solution = solve(game, progress=progress, anchor_values=table.values, shipped=True)
        else:
            solution = solve(game, progress=progress, anchor_values=anchor_values)
        return solution, time.perf_counter() - started

    return SOLUTIONS.get((game.key, fresh), make)


def is_solved(game: JeopardyGame) -> bool:
    """Whether the game's solution is in memory already (then it answers, not a table)."""
    return (game.key, False) in SOLUTIONS


def head(game: JeopardyGame) -> dict:
    return {"game": game.name, "params": game.params}


def model_of(game: JeopardyGame) -> dict:
    """``model_note``: which model a game's win chances are from, where the rules say more
    than the model sees or the model has a bound (Farkle's zilch penalty); else nothing."""
    note = getattr(game, "model_note", None)
    return {"model_note": note} if note else {}


def solved(game: JeopardyGame, args: dict, progress) -> tuple[GameSolution, float]:
    stored = args.get("anchor_values")
    if stored is not None and not (
        isinstance(stored, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in stored)
    ):
        raise InvalidRequestError("argument 'anchor_values' must be a list of probabilities (a solve the page stored)")
    fresh = flag(args, "fresh")
    if (game.key, fresh) not in SOLUTIONS and (fresh or not prebuilt_stem(game)):
        # (before anything of the solve is made; values the page stored take one sweep, not
        # the solve, so only the memory is asked then)
        check_solvable(game)
        if stored is None:
            check_work(game, "A solve", solve_estimate, seconds_allowed(args.get("max_seconds")))
    return solution_for(game, progress, stored, fresh)


def state_from_args(game: JeopardyGame, args: dict) -> State:
    raw = args.get("state")
    if isinstance(raw, str):
        return game.state_from_text(raw)
    if isinstance(raw, dict):
        return game.state(**raw)
    raise InvalidRequestError("argument 'state' must be a string like 'i=10,j=20,k=5' or an object")


def prebuilt(game: JeopardyGame):
    """The game's prebuilt table of turn-start values, if it ships one for these parameters
    (a damaged one is refused by name: TableError)."""
    if not prebuilt_stem(game):
        return None
    return load_table(game)


def table_unless_solved(game: JeopardyGame):
    """The game's shipped turn-start values, unless its solution is in memory already (then
    that answers)."""
    return None if is_solved(game) else prebuilt(game)


def objective_of(game: JeopardyGame, args: dict) -> str:
    """The objective as asked, else as the link's view says (the page passes its view), else
    the game's default (the one-turn objective where the win chances of these parameters
    cannot be had: Farkle to 10,000 with rules no table ships for)."""
    return check_objective(args.get("objective") or (view_of(args) or {}).get("objective") or default_objective(game))


def default_objective(game: JeopardyGame) -> str:
    """The game's default objective, unless its win chances cannot be had for these
    parameters (Farkle to 10,000 with rules no table ships for): then the one turn's."""
    return "turn-score" if game.default_objective == "win" and win_unavailable(game) else game.default_objective


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


def win_unavailable(game: JeopardyGame) -> str | None:
    """Why the win chances of these parameters cannot be had here (no table ships and the
    solve is refused as too large), or None."""
    if prebuilt_stem(game):
        return None
    try:
        check_solvable(game)
    except PycoreError as exc:
        return str(exc)
    return None


def prebuilt_stem(game: JeopardyGame) -> bool:
    """Whether a table of turn-start values ships for these parameters."""
    return game.table_stem in {g.table_stem for g in type(game).prebuilt_variants()}


#: the last few turns advised on: the next roll of the same turn is a lookup
TURNS = BoundedCache("advised turns", 4)


def _turn_of(game: JeopardyGame, anchor: tuple, source: str, gain: int, compute):
    """The turn of ``anchor`` (for ``source``'s values), kept while the same turn is advised on:
    a player entering roll after roll asks about one anchor many times. A factored turn swept
    from a higher gain than asked is swept again."""
    key = (game.key, tuple(anchor), source)
    kept = TURNS.peek(key)
    if kept is None or getattr(kept, "lowest_gain", 0) > gain:
        kept = TURNS.put(key, compute())
    return kept


def advised_turn(game: JeopardyGame, anchor: tuple, objective: str, gain: int, args: dict, progress):
    """(the turn of ``anchor`` for ``objective``, swept from ``gain`` up, and where its values
    come from): from the shipped turn-start values when the game has them (no solve, no
    compile), else from the solution."""
    table = table_unless_solved(game) if objective == "win" else None
    if objective == "turn-score":
        source = "turn"
        return _turn_of(game, anchor, source, 0, lambda: solve_turn_score(game, anchor).turn), source
    if table is not None:
        source = f"table {table_file(game)}"
        ending = solver_of(game).table_ending(game, table.values)
        return _turn_of(game, anchor, source, gain, lambda: win_turn_values(game, anchor, ending, gain)), source
    solution, _ = solved(game, args, progress)
    source = "solve" if solution.iterations else f"table {table_file(game)}"
    return _turn_of(game, anchor, source, gain, lambda: win_turn_values(game, anchor, solution.ending_value, gain)), source


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
