"""A jeopardy game's prebuilt table: its turn-start values, solved offline (any size), with
the facts the page and the command line read back (P(first player wins), the states, the
solve's time and residual, and what the game's solver ships beside: :meth:`Solver.table_facts`).
"""

from __future__ import annotations

import time

from pycore.jeopardy.seats.profile import shipped_policy_facts
from pycore.jeopardy.solving.dispatch import solve, solver_of
from pycore.store.prebuilt import TableContent


def table_content(game, progress=None, checkpoint=None) -> TableContent:
    """Solve ``game`` (no live-size check: offline; ``checkpoint``: where the solve keeps its
    state and resumes from) and what its table holds."""
    solver = solver_of(game)
    started = time.perf_counter()
    solution = solve(game, progress=progress, check=False, checkpoint=checkpoint)
    seconds = time.perf_counter() - started
    facts = {
        "p_first_player_wins": solution.p_first_player_wins(),
        "anchors": len(solution.anchor_values),
        "states": solution.n_states,
        "solve_seconds": round(seconds, 2),
        "sweeps": solution.iterations,
        "bound": game.params.get("bound"),
        # how far from the optimality equations the values are (before rounding to the
        # table's scale): an exact solve's last backup, or a solve to a tolerance's last change
        "residual": solution.residual,
        **solver.table_facts(solution, progress),
        **game.tables.notes,
    }
    if int(game.players) > 2:  # the papers' policies read for the players (hours at Pig's and GRO's sizes)
        facts.update(shipped_policy_facts(game, progress, checkpoint, most=game.tables.policies_built))
    by_turns = game.by_turns(solution)  # (a turn limit's approach to the game without: 5 s of sweeps, shipped)
    if by_turns is not None:
        facts["by_turns"] = by_turns
    # win probabilities to the solver's scale: the double's last bit where the solve is exact,
    # 5e-10 where it is itself to a tolerance: advice from the table is the solve's
    return TableContent(solver.table_values(solution), scale_bits=solver.table_scale_bits, facts=facts)
