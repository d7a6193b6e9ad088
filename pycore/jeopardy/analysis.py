"""Where a jeopardy game's values come from, and the questions asked of them: :func:`analyse`.

An :class:`Analysis` is one game (with its parameters) and one objective. It alone chooses
the source of the values, and says which answered (``source``):

* the objective ``"turn-score"`` (the most points of one turn) is one **turn**, swept alone
  for the anchor asked about: no solve, no table;
* the objective ``"win"`` (each player's chance of winning) is answered from a **solution in
  memory** where there is one (made for a view that needs every state, or a game of rules
  no table ships for), else from the game's **shipped table** of turn-start values (the
  file of these parameters, read at the first question that needs it; one turn is swept
  from it when a position is asked about: no solve), else by a **solve**, made once and
  kept in :data:`SOLUTIONS`: warm-started by the values an earlier solve of the same rules
  kept on this device (:mod:`pycore.store.kept_solves`; a game whose table is its solution
  answers from them at once), refused before anything is made where it does not fit the
  memory or the request's time (:mod:`pycore.jeopardy.solving.budget`).

The turns advised on are kept in :data:`TURNS` while the same turn is asked about (a player
entering roll after roll asks about one anchor many times). Both caches are the process's
(:mod:`pycore.core.cache`): the service above holds none.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from pycore.core.registry import variant_for_players
from pycore.core.table_spec import shipped_variants, table_order, table_rules, table_stem
from pycore.jeopardy.policies.strategy import choose_policy, mistakes
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.vocabulary import probability
from pycore.jeopardy.solving.budget import check_solvable, check_work, seconds_allowed, solve_estimate
from pycore.jeopardy.solving.dispatch import check_rule_on_boundary, solve, solve_turn_score, solver_of, win_turn_values
from pycore.jeopardy.solving.solution import GameSolution
from pycore.jeopardy.solving.turn import check_objective
from pycore.jeopardy.views.boundary import panel_grid

from ..core.cache import BoundedCache
from ..core.errors import PycoreError, TableError
from ..core.progress import Progress
from ..store.kept_solves import keep_values, kept_values
from ..store.prebuilt import LoadedTable, at_anchors, load_table, read_manifest, table_file

#: (game key, fresh) -> the game's :class:`Solved` solution: the last three games solved
SOLUTIONS = BoundedCache("solutions", 3)
#: (game key, anchor, source) -> the turn of that anchor: the last few turns advised on
TURNS = BoundedCache("advised turns", 4)
#: (game key, the panel fixed) -> the last boundary panel drawn (a slice after a slice is a lookup)
GRIDS = BoundedCache("boundary panels", 1)
#: (game key, rule) -> (A, T) tables of a rule's visits and disagreement costs: the last rule
MISTAKE_TABLES = BoundedCache("a rule's mistakes", 1)
#: (game key, objective, source) -> the game's start (:meth:`Analysis.start`): asked once for
#: each game and rules the page opens (a turn limit's chart sweeps a turn for each limit)
STARTS = BoundedCache("game starts", 8)


def analyse(game, objective: str | None = None) -> Analysis:
    """The analysis of ``game`` for ``objective`` (its name: "win" or "turn-score"; None:
    the game's default, unless its win chances cannot be had for these parameters, then
    the one turn's); InvalidRequestError naming the objectives for another."""
    if objective is None:
        objective = default_objective(game)
    return Analysis(game, check_objective(objective))


def default_objective(game) -> str:
    """The game's default objective, unless its win chances cannot be had for these
    parameters (Farkle to 10,000 with rules no table ships for): then the one turn's."""
    objective = game.page.default_objective
    return "turn-score" if objective == "win" and win_unavailable(game) else objective


def ships_table(game) -> bool:
    """Whether a table of turn-start values ships for these parameters, here. A game off the
    page's menu ships its table for the command line only (build.py leaves it out of dist/,
    as AYZD for five's 23 MB): where the manifest does not list it (the page's worker), the
    game is answered as one without a table (its solve, or the refusal of it)."""
    if table_stem(game) not in {table_stem(g) for g in shipped_variants(type(game))}:
        return False
    if game.page.on_the_page:
        return True
    try:
        return table_file(game) in {entry["file"] for entry in read_manifest()["tables"]}
    except TableError:
        return False


def for_players(game, players: int):
    """The game a table of ``players`` plays exactly: ``game`` itself for its own number, or
    the variant for that many (:func:`~pycore.core.registry.variant_for_players`) where its
    values can be had here: one the page offers (solved live, or from its table), or one whose
    table ships here (AYZD for five to 13 on the command line, whose table the page leaves
    out). Else ``game``: the table is advised by the two-player game against the strongest
    opponent (:class:`pycore.jeopardy.play.match.Position`), with what simulated games
    measured it to be worth."""
    variant = variant_for_players(game, players)
    if variant is None or not (variant is game or variant.page.offered or ships_table(variant)):
        return game
    return variant


def shipped_table(game) -> LoadedTable | None:
    """The game's shipped table of these parameters (read once; a damaged one is refused by
    name: TableError), or None where none ships."""
    return load_table(game) if ships_table(game) else None


def win_unavailable(game) -> str | None:
    """Why the win chances of these parameters cannot be had here (no table ships and the
    solve is refused as too large), or None."""
    if ships_table(game):
        return None
    try:
        check_solvable(game)
    except PycoreError as exc:
        return str(exc)
    return None


@dataclass(frozen=True)
class Solved:
    """A solution kept in :data:`SOLUTIONS`: the seconds it took and where it came from."""

    solution: GameSolution
    seconds: float
    source: str


@dataclass(frozen=True)
class Analysis:
    """One game and one objective: where its values come from and what they answer."""

    game: Any
    objective: str

    # ---- where the values come from --------------------------------------------------------

    @property
    def is_solved(self) -> bool:
        """Whether the game's solution is in memory (then it answers, not a table)."""
        return (self.game.key, False) in SOLUTIONS

    @property
    def ready(self) -> bool:
        """Whether a position is answered without a solve: one turn, a table, a solution in
        memory, or values an earlier solve kept on this device (one sweep at most)."""
        return self.objective == "turn-score" or ships_table(self.game) or self.is_solved or self._kept() is not None

    def _kept(self) -> np.ndarray | None:
        return kept_values(table_rules(self.game), table_order(self.game)[0].size)

    def table(self) -> LoadedTable | None:
        """The shipped turn-start values of the game (read at the first question; a damaged
        table is refused by name: TableError), unless its solution is in memory (then that
        answers) or none ships."""
        return None if self.is_solved else shipped_table(self.game)

    def estimate(self) -> dict:
        """What answering costs before it is asked for: nothing where a table ships or the
        solution is in memory (``table``, ``solved``), else the solve's ``cells`` and CPython
        ``seconds``; a game too large for the memory is refused here (its time: by the solve's
        request)."""
        if ships_table(self.game):
            return {"table": True, "solves": 0, "cells": 0, "seconds": 0.0}
        if self.is_solved:  # (in memory already: the table's game of three solved it for its moves)
            return {"table": False, "solved": True, "solves": 0, "cells": 0, "seconds": 0.0}
        check_solvable(self.game)
        return {"table": False, "solves": 1, **solve_estimate(self.game)}

    def solution(self, progress: Progress | None = None, max_seconds=None, fresh: bool = False,
                 timed: bool = True) -> tuple[GameSolution, float]:
        """The game's solution and the seconds it took: from memory, else read from its
        shipped table (a solver whose table is the solution takes it as it is; another is
        warm-started by it: one sweep), else solved (warm-started by values kept on this
        device). ``fresh``: solved anew whatever ships or is kept (the designer's rows, the
        benchmarks). A solve is refused before anything of it is made where it does not fit
        the memory or ``max_seconds`` (60 unless given; ``timed`` False: the memory only, as
        the tests and benchmarks solve)."""
        game = self.game
        allowed = seconds_allowed(max_seconds)
        key = (game.key, fresh)
        if key not in SOLUTIONS and (fresh or not ships_table(game)):
            check_solvable(game)
            if fresh and timed:
                check_work(game, "A solve", solve_estimate, allowed)
        kept = None
        if key not in SOLUTIONS and not fresh and not ships_table(game):
            kept = self._kept()
            if kept is None and timed:  # (kept values take one sweep, not the solve: only the memory is asked)
                check_work(game, "A solve", solve_estimate, allowed)

        return self.solved(progress, fresh, kept)

    def solved(self, progress: Progress | None = None, fresh: bool = False, kept: np.ndarray | None = None) -> tuple[GameSolution, float]:
        """The solution and its seconds, made (or found in memory) with no check first: what
        :meth:`solution` does once it has checked the work (``kept``: values kept on this
        device, as a table stores them)."""
        game = self.game

        def make() -> Solved:
            started = time.perf_counter()
            if fresh:
                solution, source = solve(game, progress=progress), "solve"
            elif ships_table(game):  # (the shipped values, exact: better than any kept)
                solution = solve(game, progress=progress, anchor_values=load_table(game).values, shipped=True)
                source = f"table {table_file(game)}" if not solution.iterations else "solve"
            elif kept is not None:
                solution = solve(game, progress=progress, anchor_values=at_anchors(game, kept), shipped=True)
                source = "kept" if not solution.iterations else "solve"
            else:
                solution, source = solve(game, progress=progress), "solve"
                keep_values(table_rules(game), solver_of(game).table_values(solution))
            return Solved(solution, time.perf_counter() - started, source)

        solved = SOLUTIONS.get((game.key, fresh), make)
        return solved.solution, solved.seconds

    def solution_source(self) -> str:
        """Where the solution in memory came from: ``solve``, ``kept`` (values an earlier solve
        kept on this device, taken as they are) or ``table <file>`` (taken as shipped)."""
        return SOLUTIONS.peek((self.game.key, False)).source

    # ---- the questions ---------------------------------------------------------------------

    def turn(self, anchor: tuple, gain: int = 0, progress: Progress | None = None, max_seconds=None) -> tuple[Any, str]:
        """(the turn of ``anchor`` for the objective, swept from ``gain`` up, and its
        ``source``), kept while the same turn is asked about. A factored turn swept from a
        higher gain than asked is swept again."""
        game = self.game
        anchor = tuple(int(x) for x in anchor)
        if self.objective == "turn-score":
            return self._kept_turn(anchor, "turn", 0, lambda: solve_turn_score(game, anchor).turn), "turn"
        table = self.table()
        if table is not None:
            source = f"table {table_file(game)}"
            ending = solver_of(game).table_ending(game, table.values)
        else:
            solution, _ = self.solution(progress, max_seconds)
            source, ending = self.solution_source(), solution.ending_value
        return self._kept_turn(anchor, source, gain, lambda: win_turn_values(game, anchor, ending, gain)), source

    def check_rule_on_boundary(self) -> None:
        """InvalidRequestError where a rule's disagreements cannot be drawn on the boundary (the
        values kept are the turn starts only); said before any solve or sweep."""
        check_rule_on_boundary(self.game)

    @property
    def charts_hold(self) -> bool:
        """Whether a When-to-hold chart of the turn can be drawn (asked before any sweep)."""
        return solver_of(self.game).charts_hold(self.game)

    def hold_chart(self, state, progress: Progress | None = None, max_seconds=None) -> dict:
        """When to hold in the turn of ``state``'s anchor (its whole turn, from gain 0)."""
        turn, _ = self.turn(state.anchor, 0, progress, max_seconds)
        return solver_of(self.game).hold_chart(self.game, turn, state)

    def panel_grid(self, fixed, progress: Progress | None = None, max_seconds=None, fresh: bool = False):
        """(the solution, a boundary panel of it: every variable but the three axes ``fixed``),
        the last panel kept."""
        solution, _ = self.solution(progress, max_seconds, fresh)
        key = (self.game.key, fresh, json.dumps(fixed, sort_keys=True))
        return solution, GRIDS.get(key, lambda: panel_grid(solution, fixed, progress))

    def mistake_tables(self, rule: str, progress: Progress | None = None, max_seconds=None, fresh: bool = False) -> dict:
        """(A, T) tables of a rule's expected visits and disagreement costs against optimal
        play (``visits``, ``cost``), kept for the last rule asked about."""
        solution, _ = self.solution(progress, max_seconds, fresh)

        def make() -> dict:
            _, policy = choose_policy(solution, None, rule)
            visits, cost = mistakes(solution, policy, limit=0)["tables"]
            return {"visits": visits, "cost": cost}

        return MISTAKE_TABLES.get((self.game.key, fresh, rule), make)

    def _kept_turn(self, anchor: tuple, source: str, gain: int, compute):
        key = (self.game.key, anchor, source)
        kept = TURNS.peek(key)
        if kept is None or kept.lowest_gain > gain:
            kept = TURNS.put(key, compute())
        return kept

    def start(self, progress: Progress | None = None, max_seconds=None, every_state: bool = False,
              fresh: bool = False) -> dict:
        """The game's start: the first player's chance and each seat's (the win), or the
        expected points of one turn (``turn-score``), with where they come from and what it
        cost: where a table ships, what its build found (its manifest entry: no solve). ``every_state``:
        the views that need every state's value solve the game (warm-started by its table)."""
        game = self.game
        seconds_allowed(max_seconds)  # (checked whether or not a solve follows)
        if self.objective == "turn-score":
            started = time.perf_counter()
            turn = solve_turn_score(game)
            return {"objective": "turn-score", "expected_score": turn.expected_score, **turn.facts(),
                    "states": turn.turn.states, "seconds": time.perf_counter() - started}
        if not every_state and not fresh:
            table = self.table()
            if table is not None:  # the shipped values and what their build found: no solve, no sweep
                entry = table.entry
                chances = entry.get("seat_chances")
                if chances is None:  # (two players: the first player's value at the start)
                    first = probability(float(table.values[layout(game).anchor_row(game.start_anchor(0))]))
                    chances = [first, 1.0 - first]
                return {**({"by_turns": entry["by_turns"]} if "by_turns" in entry else {}),
                        "objective": "win", "p_first_player_wins": chances[0], "seat_chances": chances,
                        "states": entry["states"], "iterations": 0, "residual": entry["residual"],
                        "seconds": 0.0, "source": f"table {table_file(game)}"}
        solution, seconds = self.solution(progress, max_seconds, fresh)
        if fresh:
            return self._solved_start(solution, seconds, "solve")
        return STARTS.get((game.key, self.objective, self.solution_source()),
                          lambda: self._solved_start(solution, seconds, self.solution_source()))

    def _solved_start(self, solution: GameSolution, seconds: float, source: str) -> dict:
        by_turns = self.game.by_turns(solution)  # a game with a turn limit: how it approaches the unlimited game
        return {
            **({"by_turns": by_turns} if by_turns is not None else {}),
            "objective": "win",
            "p_first_player_wins": solution.p_first_player_wins(),
            "seat_chances": solution.start_chances(),
            "states": solution.n_states,
            "iterations": solution.iterations,
            "residual": solution.residual,
            "seconds": seconds,
            "source": source,
        }
