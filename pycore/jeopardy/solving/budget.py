"""How large a live solve is, and whether it is made here: the memory budget (a phone's
browser tab unless the command line's ``--memory`` raised it), the estimate of a solve's time
and peak memory from the game's cost model (its ``cost``, a :class:`SolveCost` declared beside
its rules, measured by ``bench/bench_estimate.py``), and the refusal that names the largest rules that fit.

A solve, and work that is not one solve (a policy's exact evaluation, a designer's table of
solves), is estimated the same way and checked against a time budget as well as the memory
(:func:`check_work`): :data:`WORK_SECONDS` unless the caller allows more (the request's
``max_seconds``, the command line's ``--max-seconds``; the page sends the estimate it showed
the person who agreed to wait). The memory alone bounds nothing in time: Pig with a turn
limit to 150 fits in 220 MB and takes about an hour, three players' solves hours.
"""

from __future__ import annotations

from dataclasses import dataclass

from pycore.core.errors import InvalidParameterError
from pycore.jeopardy.rules.layout import layout, shared


@dataclass(frozen=True)
class SolveCost:
    """The cost model of a game's solve, its policy's evaluation and a designer's row: figures
    a game declares beside its rules (``cost = SolveCost(solve_microseconds_per_cell=0.27)``,
    or a ``cost`` property where they follow its parameters), measured by
    bench/bench_estimate.py and read by :func:`solve_estimate`, :func:`evaluation_estimate`
    and :func:`design_estimate`. Data, not rules: how long a machine takes to solve the game
    says nothing about how it is played."""

    #: CPython microseconds per (anchor, turn state) cell of a solve near a million cells, compile
    #: included (measured on the development machine: bench/bench_estimate.py; the page scales
    #: it by how fast the device proved); cells beyond a million cost more, as
    #: (cells / 1e6) ** solve_traffic_exponent (memory traffic)
    solve_microseconds_per_cell: float = 1.5
    #: the power of (cells / 1e6) that costs beyond a million cells: 0.1 (0.25 over-estimated
    #: Pig to 200 and 300, GRO to 100 2-2.3 times when measured again: docs/speed.md); 0 where
    #: the time is linear in the cells (a sweep made block by block: three players, Pig with
    #: a turn limit, Zombie Dice)
    solve_traffic_exponent: float = 0.1
    #: a designer's row (solve, expected length, a policy's evaluation) against a solve alone
    design_cost_factor: float = 2.4
    #: a policy's exact evaluation against optimal play against a solve of the same rules, in
    #: time: a tabulated game's is one linear solve over the table, a factored game's a sweep
    #: of every turn a pass (measured: bench/bench_estimate.py)
    evaluate_cost_factor: float = 1.0
    #: the same in peak memory, which a designer's row (its expected length) shares: a
    #: tabulated game pairs its table (both seats' cells, kept beside the solve's model:
    #: measured 2.2-4 times the solve's peak; a factored game's sweep adds little)
    evaluate_bytes_factor: float = 3.0
    #: peak memory of a solve, compile included, in bytes: a fixed part, a part per anchor and
    #: a part per (anchor, turn state) cell (measured as the growth of CPython's peak resident
    #: size: bench/bench_estimate.py --memory). A tabulated turn costs per cell; a factored
    #: sweep (``factored``) keeps its turn graph once, and the anchors' values
    solve_bytes_fixed: float = 0.0
    solve_bytes_per_anchor: float = 0.0
    solve_bytes_per_cell: float = 230.0
    #: the seats' general sweep (:mod:`pycore.jeopardy.seats.sweep`) makes its temporaries again
    #: for each batch of turn starts: bytes a cell of the largest batch, and the most cells a
    #: batch holds (the peak adds ``solve_batch_bytes_per_cell * min(cells, solve_batch_cells)``)
    solve_batch_bytes_per_cell: float = 0.0
    solve_batch_cells: int = 0


#: the most memory a live solve (or a policy's evaluation) may need: what a phone's browser
#: tab can give Python (wasm32 allows 2 GB at most; a phone's tab is killed well before that)
LIVE_MEMORY_BYTES = 1_000_000_000

#: the memory this process lets a solve use: a phone's tab unless the command line's
#: ``--memory`` gave more (a desktop's CPython); [bytes]
_memory_budget = [LIVE_MEMORY_BYTES]


def memory_budget() -> int:
    """The memory a solve may need here, in bytes (:data:`LIVE_MEMORY_BYTES` unless set)."""
    return _memory_budget[0]


def set_memory_budget(nbytes: int) -> None:
    """Let solves here use ``nbytes`` (the command line's ``--memory``; the page never sets it)."""
    if nbytes <= 0:
        raise InvalidParameterError(f"a memory budget must be positive, not {nbytes}")
    _memory_budget[0] = int(nbytes)


#: the CPython seconds on the development machine (a phone's Pyodide is a few times slower) of
#: work beyond one solve a request may ask for unless its caller allows more: about what the
#: page asks before starting (a rule evaluated over Zombie Dice took 126 s, over Farkle to
#: 10,000 minutes, which the page does not offer)
WORK_SECONDS = 60.0

#: the most a caller may allow (a day): a budget, not a way around one
MOST_WORK_SECONDS = 86_400.0


def seconds_allowed(value) -> float:
    """The time budget a request gives (``max_seconds``; None: :data:`WORK_SECONDS`), checked."""
    if value is None:
        return WORK_SECONDS
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MOST_WORK_SECONDS:
        raise InvalidParameterError(f"max_seconds must be a number of seconds above 0 and at most "
                                    f"{MOST_WORK_SECONDS:.0f}, not {value!r}")
    return float(value)


def _size(nbytes: float) -> str:
    """Memory in words: "2.2 GB", or "8 MB" below a tenth of a GB."""
    return f"{nbytes / 1e9:.1f} GB" if nbytes >= 1e8 else f"{nbytes / 1e6:.0f} MB"


def _in_text(param) -> str:
    """A parameter's label within a sentence ("Bound M" -> "bound M")."""
    label = param.label or param.name
    return label[0].lower() + label[1:]


def solve_estimate(game) -> dict:
    """How large the two-player solve of these parameters is, before solving: ``cells``
    (anchors x turn states), ``seconds`` it takes in CPython on the development machine
    (2 cores; a phone's Pyodide is a few times slower: the page measures that) and the
    peak memory it needs in ``bytes``."""
    cost = game.cost
    anchors = layout(game).anchor_count()
    cells = anchors * layout(game).turn_state_count()
    millions = cells / 1e6
    seconds = cost.solve_microseconds_per_cell * millions * max(1.0, millions) ** cost.solve_traffic_exponent
    needed = (cost.solve_bytes_fixed + cost.solve_batch_bytes_per_cell * min(cells, cost.solve_batch_cells)
              + anchors * cost.solve_bytes_per_anchor + cells * cost.solve_bytes_per_cell)
    return {"cells": cells, "seconds": seconds, "bytes": int(needed)}


def evaluation_estimate(game, policies: int = 1) -> dict:
    """How large evaluating ``policies`` policies exactly against optimal play is: the solve's
    estimate (:func:`solve_estimate`) times the game's ``cost.evaluate_cost_factor`` each, in
    time, and its ``cost.evaluate_bytes_factor`` in memory (one after the other: the pairing is
    kept)."""
    solve = solve_estimate(game)
    cost = game.cost
    return {**solve, "seconds": policies * cost.evaluate_cost_factor * solve["seconds"],
            "bytes": int(cost.evaluate_bytes_factor * solve["bytes"])}


def design_estimate(games) -> dict:
    """How large a designer's table is: for each of ``games`` (one per value) a solve, the
    expected length and a policy's evaluation (the game's ``cost.design_cost_factor`` times its
    solve); the memory of the largest row (they are made one after the other, none kept), an
    evaluation's (:func:`evaluation_estimate`)."""
    sizes = [evaluation_estimate(g) for g in games]
    return {
        "solves": len(sizes),
        "cells": sum(s["cells"] for s in sizes),
        "seconds": sum(g.cost.design_cost_factor * solve_estimate(g)["seconds"] for g in games),
        "bytes": max((s["bytes"] for s in sizes), default=0),
    }


def _duration(seconds: float) -> str:
    """A time in words: "0.5 s", "45 s", "3 min", "2.5 h" (three digits below 90 s: a budget
    of 0.5 s read as "0 s")."""
    if seconds < 90:
        return f"{seconds:.3g} s"
    return f"{seconds / 60:.0f} min" if seconds < 5400 else f"{seconds / 3600:.1f} h"


def check_work(game, what: str, estimate_of, allowed: float, vary: bool = True) -> None:
    """InvalidParameterError, saying why, if work on ``game`` (``estimate_of(game)``: its
    ``seconds`` and ``bytes``, as :func:`evaluation_estimate`) needs more than ``allowed``
    seconds (:func:`seconds_allowed`) or the memory budget (:func:`memory_budget`), checked
    before anything is computed; the message gives the largest value of a size parameter
    that fits (unless ``vary`` is False: a designer's table varies one already) and how to
    allow more. ``what`` names the work ("Evaluating a rule")."""
    budget = memory_budget()

    def fits(estimate: dict) -> bool:
        return estimate["seconds"] <= allowed and estimate["bytes"] <= budget

    estimate = estimate_of(game)
    if fits(estimate):
        return
    over = []
    if estimate["seconds"] > allowed:
        over.append(f"more than the {_duration(allowed)} allowed (max_seconds; --max-seconds on the command line)")
    if estimate["bytes"] > budget:
        over.append(f"more memory than the {_size(budget)} allowed" + ("" if budget == LIVE_MEMORY_BYTES else " (--memory)"))
    smaller = _what_fits(game, lambda variant: fits(estimate_of(variant))) if vary else "fewer values fit"
    raise InvalidParameterError(
        f"{what} in {game.title}{_with(game)} takes about {_duration(estimate['seconds'])} and "
        f"{_size(estimate['bytes'])} here (a phone takes a few times longer), {' and '.join(over)}; {smaller}")


def _with(game) -> str:
    """" with goal 200, bound 400": the parameters not as the default game has them (a
    derived default, AYZD's bound twice the goal, is not shown at its default), or nothing."""
    try:
        default = type(game)().params
    except InvalidParameterError:  # (a game with no default instance: every parameter shown)
        default = {}
    shown = ", ".join(f"{_in_text(p)} {game.params[p.name]}" for p in game.parameters
                      if game.params[p.name] not in ("", p.default, default.get(p.name)))
    return f" with {shown}" if shown else ""


def check_solvable(game) -> None:
    """InvalidParameterError, saying why, if the two-player game of these parameters is
    not solved here: a limit of the game's own (``game.live_limit()``: a rule its model
    lacks, a size it refuses), or too large for a phone's browser tab
    (:data:`LIVE_MEMORY_BYTES`, or the budget the command line's ``--memory`` set:
    :func:`memory_budget`; the message says which values of a parameter fit). Offline table
    builds skip it."""
    own = game.live_limit()
    if own:
        raise InvalidParameterError(own)
    # (asked once for these parameters and budget: a link's resolve asks, then the page's estimate)
    budget = memory_budget()
    too_large = shared(game, f"too_large {budget}", lambda: _too_large(game, budget))
    if too_large:
        raise InvalidParameterError(too_large)

def _too_large(game, budget: int) -> str | None:
    """Why a solve of these parameters does not fit ``budget`` bytes, or None."""
    needed = solve_estimate(game)["bytes"]
    if needed <= budget:
        return None
    where = (f"more than a phone's browser tab can give ({_size(budget)})" if budget == LIVE_MEMORY_BYTES
             else f"more than the {_size(budget)} allowed (--memory)")
    fits = _what_fits(game, lambda variant: solve_estimate(variant)["bytes"] <= budget)
    return f"{game.title}{_with(game)} needs about {_size(needed)} of memory to solve, {where}; {fits}"


def _what_fits(game, fits_variant) -> str:
    """The largest value of the first whole-number parameter for which ``fits_variant`` (of
    the game with that value) holds, the others as they are (a binary search on the estimate:
    the cells grow with every size parameter). A parameter its default derives from the
    others (AYZD's bound: twice the goal) follows them."""
    derived = {}
    for param in game.parameters:
        if game.params[param.name] != param.default:
            try:
                with_default = type(game)(**{**game.params, param.name: param.default})
            except InvalidParameterError:
                continue
            if with_default.params[param.name] == game.params[param.name]:
                derived[param.name] = param.default

    def fits(name: str, value: int) -> bool:
        try:
            variant = type(game)(**{**game.params, **derived, name: value})
        except InvalidParameterError:
            return False
        return fits_variant(variant)

    for param in game.parameters:
        current = game.params[param.name]
        if param.choices or param.text or not isinstance(current, int):
            continue
        # the smallest values may not go with the others (AYZD's goal 2 wants a bound of 5)
        low = next((v for v in range(param.minimum, min(current, param.minimum + 16)) if fits(param.name, v)), None)
        if low is None:
            continue
        high = current - 1  # fits(low); the answer is in [low, high]
        while low < high:
            middle = (low + high + 1) // 2
            low, high = (middle, high) if fits(param.name, middle) else (low, middle - 1)
        return f"{_in_text(param)} up to {low} fits, the other rules as they are"
    return "smaller rules fit"
