"""The solvers of a two-player jeopardy game, and :func:`solve`.

A game names the solver its turns need (``JeopardyGame.solver``, a name listed in
:data:`SOLVERS`):

* ``"tabulated"`` (Pig, GRO, AYZD): every (anchor, turn state) cell in one (A, T) table,
  solved by level sweeps (:mod:`pycore.jeopardy.solving.tabulated`); one anchor's turn is the finite
  recursion over its reachable turn states (:func:`pycore.jeopardy.solving.turn.turn_values`).
* ``"factored"`` (Zombie Dice, Farkle, Pig with a turn limit): the turn's graph over its
  configurations, swept for many anchors at once (:mod:`pycore.jeopardy.solving.turn_graph`); only the
  turn-start values are kept, and a turn is swept when one is asked about.

Everything that depends on how a game is solved is a method of its :class:`Solver`: the solve,
a shipped table read back, one anchor's turn (for the win, or for the most points), a boundary
panel, the nearest position the turn can reach, the When-to-hold chart and what a table ships
with its values. Callers ask ``solver_of(game)`` and never which solver it is, so the next
solver (Farkle's three-zilch penalty, three players) is one more class registered here.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any, Protocol

import numpy as np

from pycore.core.errors import InvalidRequestError, PycoreError, RulesError
from pycore.core.progress import Checkpoint, Progress
from pycore.jeopardy.model.compiler import compile_game
from pycore.jeopardy.policies.strategy import fairest_komi, komi_table, policy_results
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.moves import turn_end
from pycore.jeopardy.rules.vocabulary import State
from pycore.jeopardy.seats.seat_solution import SeatSolution, seat_turn, solve_seats
from pycore.jeopardy.solving import banked, factored, turn_graph
from pycore.jeopardy.solving.budget import check_solvable
from pycore.jeopardy.solving.solution import GameSolution
from pycore.jeopardy.solving.tabulated import solve_tabulated
from pycore.jeopardy.solving.turn import TurnScoreSolution, turn_values
from pycore.jeopardy.views.panel import PanelGrid, factored_panel_grid, tabulated_panel_grid
from pycore.jeopardy.views.thresholds import dice_chart, tabulated_chart


class Solver(Protocol):
    """What a solver does for the callers: each method takes the game (or a solution it made)."""

    name: str
    #: a shipped table read back is the solution at once (True: its turns are swept when asked),
    #: or (False) it warm-starts a solve whose first sweep confirms it
    table_is_the_solution: bool
    #: the solution keeps every state's value: a rule's disagreements can be drawn on a panel
    keeps_every_state: bool
    #: bits of a stored win chance: the double's 52 where the solve is exact, else 30 (5e-10,
    #: below the solve's own tolerance)
    table_scale_bits: int

    def solve(self, game, progress: Progress | None = None, anchor_values=None,
              checkpoint: Checkpoint | None = None) -> GameSolution:
        """Optimal play (``anchor_values``: a warm start, where the solver takes one;
        ``checkpoint``: where a long solve keeps its state, where the solver can resume)."""

    def from_table(self, game, anchor_values: np.ndarray, check: bool = True, progress: Progress | None = None) -> GameSolution:
        """The solution a shipped table's turn-start values stand for (``check``: the live-size
        check first, where a solve follows)."""

    def win_turn(self, game, anchor: tuple[int, ...], anchor_value, from_gain: int = 0) -> Any:
        """One anchor's turn under optimal play, from the turn-start values ``anchor_value(a)``."""

    def turn_score(self, game, anchor: tuple[int, ...]) -> Any:
        """One anchor's turn played for the most points (holding worth the gain, a bust 0)."""

    def panel_grid(self, solution: GameSolution, fixed: dict, progress=None) -> PanelGrid:
        """A boundary panel of ``solution`` (``fixed``: every variable but the three axes)."""

    def nearest_state(self, game, target_anchor: np.ndarray, target_turn: np.ndarray, weights: np.ndarray) -> State:
        """The position of the game nearest to the wanted columns (L1, anchors ``weights``-ed)."""

    def charts_hold(self, game) -> bool:
        """Whether a When-to-hold chart of the turn can be drawn (asked before any sweep)."""

    def hold_chart(self, game, turn, state: State) -> dict:
        """When to hold in ``turn`` (its values, as :meth:`win_turn` or :meth:`turn_score` give)."""

    def table_facts(self, solution: GameSolution, progress=None) -> dict:
        """What a table ships beside the turn-start values (the solve's tolerance; where a
        strategy is a solve of its own, the komi and the human policies' results)."""

    def table_values(self, solution: GameSolution) -> np.ndarray:
        """What a table stores: the turn-start values a turn's endings read (in
        ``table_order(game)``'s order)."""

    def table_ending(self, game, values: np.ndarray) -> Any:
        """What a turn ending at an anchor reads from a table's ``values`` (``win_turn``'s
        ``anchor_value``)."""

    def banked_turns(self, solution: GameSolution, rows: np.ndarray, policy=None) -> np.ndarray | None:
        """(B, G + 1) what the turns of the anchor ``rows`` bank, each gain's chance, played
        by ``solution`` or by ``policy`` (:func:`pycore.jeopardy.solving.banked.banked_turns`);
        None where this solver does not work turns out in batches (they are then followed
        state by state)."""


class Tabulated:
    """The (A, T) table: every cell's value kept (:mod:`pycore.jeopardy.solving.tabulated`)."""

    name = "tabulated"
    table_is_the_solution = False
    keeps_every_state = True
    table_scale_bits = 52

    def solve(self, game, progress=None, anchor_values=None, checkpoint=None) -> GameSolution:
        return solve_tabulated(game, progress, anchor_values)  # (seconds to minutes: no checkpoint)

    def from_table(self, game, anchor_values, check: bool = True, progress=None) -> GameSolution:
        if check:
            check_solvable(game)
        return solve_tabulated(game, progress, anchor_values)  # (one sweep confirms the values)

    def win_turn(self, game, anchor, anchor_value, from_gain: int = 0):
        def ending(gain: int) -> float:
            end = turn_end(game, anchor, gain, Fraction(1))
            if end.mover_value is not None:
                return end.mover_value
            return 1.0 - anchor_value(end.state.anchor)

        return turn_values(game, tuple(anchor), ending, ending(0))

    def turn_score(self, game, anchor):
        return turn_values(game, tuple(anchor), float, 0.0)

    def panel_grid(self, solution, fixed, progress=None) -> PanelGrid:
        return tabulated_panel_grid(solution, fixed, progress)

    def nearest_state(self, game, target_anchor, target_turn, weights) -> State:
        model = compile_game(game)
        a = int(np.argmin((np.abs(model.anchors - target_anchor) * weights).sum(axis=1)))
        distance = np.abs(model.turns - target_turn).sum(axis=1).astype(float)
        distance[~model.valid[a]] = np.inf
        return model.state_at(a, int(np.argmin(distance)))

    def charts_hold(self, game) -> bool:
        return True

    def hold_chart(self, game, turn, state: State) -> dict:
        return tabulated_chart(game, turn, state)

    def table_facts(self, solution, progress=None) -> dict:
        return {}

    def table_values(self, solution) -> np.ndarray:
        return solution.anchor_values

    def table_ending(self, game, values):
        return _stored_value(game, values)

    def banked_turns(self, solution, rows, policy=None):
        return None  # (each state's value is kept: a turn is followed state by state)


class Factored:
    """The turn's graph swept for many anchors at once; the turn-start values kept
    (:mod:`pycore.jeopardy.solving.turn_graph`)."""

    name = "factored"
    table_is_the_solution = True
    keeps_every_state = False
    table_scale_bits = 30

    def solve(self, game, progress=None, anchor_values=None, checkpoint=None) -> GameSolution:
        return factored.solve_factored(game, progress, checkpoint=checkpoint)

    def from_table(self, game, anchor_values, check: bool = True, progress=None) -> GameSolution:
        # (the residual: the table's rounding of each value to 2^-30)
        return factored.FactoredSolution(game, np.asarray(anchor_values, float), 0, 2.0**-30)

    def win_turn(self, game, anchor, anchor_value, from_gain: int = 0):
        anchor = tuple(anchor)
        return turn_graph.anchor_turn(game, anchor, turn_graph.ending_values(game, anchor, anchor_value), lowest_gain=from_gain)

    def turn_score(self, game, anchor):
        step = game.gain_step
        points = np.arange(layout(game).var_range(game.turn_vars[0])[1] // step + 1, dtype=float) * step
        return turn_graph.anchor_turn(game, tuple(anchor), points)

    def panel_grid(self, solution, fixed, progress=None) -> PanelGrid:
        return factored_panel_grid(solution, fixed, progress)

    def nearest_state(self, game, target_anchor, target_turn, weights) -> State:
        if layout(game).anchor_count() > LISTED_ANCHORS:
            return _nearest_reachable_turn(game, _nearest_anchor_by_column(game, target_anchor, weights), target_turn)
        anchors = game.anchors()  # ((A, T) is far too large to compile: the anchors, and the turn's graph)
        a = int(np.argmin((np.abs(anchors - target_anchor) * weights).sum(axis=1)))
        return _nearest_reachable_turn(game, tuple(int(x) for x in anchors[a]), target_turn)

    def charts_hold(self, game) -> bool:
        return bool(game.page.threshold_axes or game.page.threshold_anchor)

    def hold_chart(self, game, turn, state: State) -> dict:
        if not isinstance(turn, turn_graph.FactoredTurnValues):  # (Farkle's one turn for points: its own solver's values)
            return tabulated_chart(game, turn, state)
        return dice_chart(game, turn, state)

    def table_facts(self, solution, progress=None) -> dict:
        # a factored game's komi and policies are solves of their own (minutes): shipped with it
        rows = komi_table(solution, solution.game.tables.komi_range)
        step = (lambda stage, fraction: progress(f"policies: {stage}", fraction)) if progress else None
        started = time.perf_counter()
        results = [r.to_json() for r in policy_results(solution, progress=step)]
        passes = {"passes": len(solution.pass_changes), "pass_changes": list(solution.pass_changes)} if solution.pass_changes else {}
        return {
            "tolerance": factored.TOLERANCE,
            **passes,
            "komi": [{"points": r.points, "p_first_player_wins": r.p_first_player_wins} for r in rows],
            "fairest_head_start": -fairest_komi(rows).points,
            "policies": results,
            "policies_seconds": round(time.perf_counter() - started, 1),
        }

    def table_values(self, solution) -> np.ndarray:
        return solution.anchor_values

    def table_ending(self, game, values):
        return _stored_value(game, values)

    def banked_turns(self, solution, rows, policy=None):
        # the mover's chance when the turn passes to each anchor: 1 minus its mover's
        passed = 1.0 - np.clip(np.asarray(solution.anchor_values, float), 0.0, 1.0)
        return banked.banked_turns(solution.game, passed, rows, policy)


class Seats(Factored):
    """Three or more players: each seat's chance at every turn start, the turns swept when
    asked as the factored solver's (:mod:`pycore.jeopardy.seats.seat_solution`); the views that
    compare strategies are not offered for them yet."""

    name = "seats"
    table_is_the_solution = True

    def solve(self, game, progress=None, anchor_values=None, checkpoint=None) -> GameSolution:
        return solve_seats(game, progress, checkpoint=checkpoint)  # (a table build resumes after a stop)

    def from_table(self, game, anchor_values, check: bool = True, progress=None) -> GameSolution:
        # (the residual: the table's rounding of each chance to 2^-30; without a turn limit the
        # table is the turn starts' values too: a fixed point, not one more turn from it, which
        # for five players of AYZD would be a sweep of 2.8 million turn starts)
        seats = game.table_seats(anchor_values)
        return SeatSolution(game, None if int(game.params.get("turns", 0)) else seats, seats, 0, 2.0**-30)

    def win_turn(self, game, anchor, anchor_value, from_gain: int = 0):
        # ``anchor_value``: each seat's chance at a turn start, (P,)
        return seat_turn(game, tuple(anchor), anchor_value, from_gain)

    def panel_grid(self, solution, fixed, progress=None) -> PanelGrid:
        # the mover's choices follow their own chance: when the turn passes, the next
        # anchor's last seat (the turns advised end in one turn fewer left)
        return factored_panel_grid(solution, fixed, progress, solution.ending_values[:, -1])

    def charts_hold(self, game) -> bool:
        return False

    def table_facts(self, solution, progress=None) -> dict:
        return {"seat_chances": solution.start_chances(), "turns_left": int(solution.game.params.get("turns", 0)),
                "last_turn_change": solution.last_change}

    def table_values(self, solution) -> np.ndarray:
        # the table the advised turns end in, each seat's chance but the last's (they sum to
        # 1), seat by seat (neighbouring anchors' chances are close: 4.7 MB, where anchor by
        # anchor it was 6.1)
        return solution.ending_values[:, :-1].T.ravel()

    def table_ending(self, game, values):
        seats = game.table_seats(values)
        return lambda anchor: seats[layout(game).anchor_row(anchor)]

    def banked_turns(self, solution, rows, policy=None):
        return None  # (a table of more players is its own game: no stand-in's turns)


def _stored_value(game, values: np.ndarray):
    """A two-player table's turn-start value at an anchor, as a turn ending reads it."""
    return lambda anchor: float(values[layout(game).anchor_row(anchor)])


#: the most turn starts a link's nearest state is looked for among by listing them (three-player
#: Pig to 100: 24 MB); beyond, one column is moved at a time (to 400: the list is 1.5 GB)
LISTED_ANCHORS = 1_000_000


def _nearest_anchor_by_column(game, target: np.ndarray, weights: np.ndarray) -> tuple[int, ...]:
    """A tabulated anchor near ``target`` found without listing the anchors: ``target`` with
    each column within its range if that is one, else the nearest (``weights``-ed) that moves
    one column of it, else the game's start."""
    ranges = [layout(game).var_range(v) for v in game.anchor_vars]
    clipped = [min(max(int(x), low), high) for x, (low, high) in zip(target, ranges, strict=True)]

    def tabulated(anchor: list[int]) -> bool:
        try:
            layout(game).anchor_key(tuple(anchor))
            return True
        except PycoreError:
            return False

    if tabulated(clipped):
        return tuple(clipped)
    found = []
    for n, (low, high) in enumerate(ranges):
        origin = clipped[n]
        for value in sorted(range(low, high + 1), key=lambda v, origin=origin: (abs(v - origin), v)):
            moved = [*clipped[:n], value, *clipped[n + 1:]]
            if tabulated(moved):
                found.append((weights[n] * abs(value - origin), n, tuple(moved)))
                break
    return min(found)[2] if found else tuple(game.start_anchor())


def _nearest_reachable_turn(game, anchor: tuple[int, ...], target_turn: np.ndarray) -> State:
    """The reachable turn state of a factored game nearest to ``target_turn`` (L1 over the turn
    columns) that is valid at ``anchor``; the turn's start if none is closer."""
    graph, columns = turn_graph.graph_of(game)
    reach = turn_graph.reachable_turn_states(game)
    # (C, columns); none for a turn of one configuration (Pig's for three players: the total alone)
    config = np.stack(list(columns.values()), axis=1) if columns else np.zeros((graph.n_configurations, 0), np.int64)
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


#: every solver a game can name, by name
SOLVERS: dict[str, Solver] = {solver.name: solver for solver in (Tabulated(), Factored(), Seats())}


def solver_of(game) -> Solver:
    """The solver ``game`` names (``game.solver``); RulesError listing the solvers there are."""
    try:
        return SOLVERS[game.solver]
    except (KeyError, TypeError):
        raise RulesError(f"{game.name}: no solver named {game.solver!r} (solvers: {', '.join(SOLVERS)})") from None


def solve(game, progress: Progress | None = None, anchor_values=None, check: bool = True,
          shipped: bool = False, checkpoint: Checkpoint | None = None) -> GameSolution:
    """Optimal play for ``game``, by the solver it names (:func:`solver_of`).

    ``anchor_values`` ((A,), e.g. a cached solution's ``anchor_values``) only warm-start a
    solve: with the right values one sweep suffices, and wrong ones cost sweeps, never
    exactness; ones that cannot be values of this game (wrong length, outside [0, 1]) raise
    InvalidRequestError. ``check`` False skips the live-size check (``check_solvable``: a
    table built offline). ``shipped``: ``anchor_values`` are a shipped table's (checked
    against its sha256 when read): a solver whose table is the solution takes them as they
    are (no sweep: ``iterations`` is 0), the others are warm-started by them. ``checkpoint``:
    a long solve's state kept after each step and resumed from (a table built offline)."""
    solver = solver_of(game)
    if shipped:
        return solver.from_table(game, anchor_values, check, progress)
    if check:
        check_solvable(game)
    return solver.solve(game, progress, anchor_values, checkpoint)


def win_turn_values(game, anchor: tuple[int, ...], anchor_value, from_gain: int = 0):
    """The turn of one anchor under optimal play, from the turn-start values
    ``anchor_value(next_anchor)`` (P(that anchor's mover wins)). A factored game's turn is
    one sweep, from gain ``from_gain`` up (all a state with that gain needs)."""
    return solver_of(game).win_turn(game, tuple(anchor), anchor_value, from_gain)


def solve_turn_score(game, anchor: tuple[int, ...] | None = None) -> TurnScoreSolution:
    """Maximum expected points of one turn, from ``anchor`` (default: the game's start)."""
    anchor = tuple(game.start_anchor(0) if anchor is None else anchor)
    own = game.turn_score_values(anchor)  # a game's own exact one-turn solver (Farkle: no cap)
    if own is not None:
        return TurnScoreSolution(game, own)
    return TurnScoreSolution(game, solver_of(game).turn_score(game, anchor))


def check_rule_on_boundary(game) -> None:
    """InvalidRequestError where a rule's disagreements cannot be drawn on the boundary (a
    solver that keeps only the turn starts); said before any solve or sweep."""
    if not solver_of(game).keeps_every_state:
        raise InvalidRequestError(f"{game.title} is solved turn by turn (no table of every state): a rule's "
                                  "disagreements cannot be drawn on its boundary; the strategy lab evaluates the rule")
