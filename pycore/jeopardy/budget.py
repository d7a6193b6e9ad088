"""How large a live solve is, and whether it is made here: the memory budget (a phone's
browser tab unless the command line's ``--memory`` raised it), the estimate of a solve's time
and peak memory from the game's cost model (its ``solve_*`` class attributes, measured by
``bench/bench_estimate.py``), and the refusal that names the largest rules that fit.
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError

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
    anchors = game.anchor_count()
    cells = anchors * game.turn_state_count()
    millions = cells / 1e6
    seconds = game.solve_microseconds_per_cell * millions * max(1.0, millions) ** 0.25
    needed = game.solve_bytes_fixed + anchors * game.solve_bytes_per_anchor + cells * game.solve_bytes_per_cell
    return {"cells": cells, "seconds": seconds, "bytes": int(needed)}


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
    too_large = game.shared(f"too_large {budget}", lambda: _too_large(game, budget))
    if too_large:
        raise InvalidParameterError(too_large)

def _too_large(game, budget: int) -> str | None:
    """Why a solve of these parameters does not fit ``budget`` bytes, or None."""
    needed = solve_estimate(game)["bytes"]
    if needed <= budget:
        return None
    shown = ", ".join(f"{_in_text(p)} {game.params[p.name]}" for p in game.parameters
                      if game.params[p.name] not in ("", p.default))
    where = (f"more than a phone's browser tab can give ({_size(budget)})" if budget == LIVE_MEMORY_BYTES
             else f"more than the {_size(budget)} allowed (--memory)")
    return f"{game.title} with {shown} needs about {_size(needed)} of memory to solve, {where}; {_what_fits(game, budget)}"

def _what_fits(game, budget: int) -> str:
    """The largest value of the first whole-number parameter that brings the solve within
    ``budget`` bytes, the others as they are (a binary search on the estimate:
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
        return solve_estimate(variant)["bytes"] <= budget

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
