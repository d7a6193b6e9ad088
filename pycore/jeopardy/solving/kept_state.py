"""What an earlier run's kept state (a build checkpoint's arrays and numbers) must be for a
solve to go on from it: its checkpoint sees that the file is whole and its own (the sha256 it
carries); this sees that what it keeps is what the solve keeps, since a state written by
another version or by hand passes any checksum."""

from __future__ import annotations

import math

import numpy as np


def kept_problem(kept: dict, anchors: int, stages: int, max_passes: int) -> str | None:
    """What makes an earlier run's kept state (numbers only: the checkpoint sees to it) not
    one :func:`pycore.jeopardy.solving.factored.anchor_values` can go on from, or None: a chance
    for each of the ``anchors``, and whole counts of the ``stages`` done, sweeps and passes
    (at most ``max_passes``)."""
    missing = [name for name in ("values", "stages_done", "sweeps") if name not in kept]
    if missing:
        return f"lacks {', '.join(missing)}"
    for name in ("values", "slopes"):
        if name in kept and np.shape(kept[name]) != (anchors,):
            return f"keeps {np.size(kept[name]):,} {name} where these rules have {anchors:,} turn starts"
    if not np.all((kept["values"] >= 0.0) & (kept["values"] <= 1.0)):
        return "keeps values outside 0 to 1"
    for name, low, high in (("stages_done", 0, stages), ("sweeps", 0, math.inf), ("passes", 1, max_passes)):
        count = kept.get(name, low)
        if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
            return f"keeps {name} {count!r}, not a whole number from {low} to {high}"
    for name in ("pass_change", "residual"):
        if not isinstance(kept.get(name, 0.0), float) or not kept.get(name, 0.0) >= 0.0:
            return f"keeps {name} {kept[name]!r}, not a number of at least 0"
    if np.ndim(kept.get("pass_changes", ())) != 1:
        return "keeps pass_changes that are not a list of numbers"
    return None


def _whole(kept: dict, name: str, low: int, high: float) -> str | None:
    count = kept.get(name, low)
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        return f"keeps {name} {count!r}, not a whole number from {low} to {high}"
    return None


def _chances(kept: dict, name: str, shape: tuple[int, ...]) -> str | None:
    if np.shape(kept[name]) != shape:
        return f"keeps {name} of shape {np.shape(kept[name])} where these rules have {shape}"
    if not np.all((kept[name] >= 0.0) & (kept[name] <= 1.0)):
        return f"keeps {name} outside 0 to 1"
    return None


def seat_stages_problem(kept: dict, shape: tuple[int, int], stages: int) -> str | None:
    """What makes a kept state not one the seats' stationary iteration
    (:func:`pycore.jeopardy.seats.sweep.seat_values`) can go on from, or None: every turn
    start's chances ``shape`` (A, P), the stages done of ``stages``, the sweeps and the
    residual so far."""
    missing = [name for name in ("values", "stages_done", "sweeps", "stage_sweeps", "residual") if name not in kept]
    if missing:
        return f"lacks {', '.join(missing)}"
    for problem in (_chances(kept, "values", shape), _whole(kept, "stages_done", 0, stages),
                    _whole(kept, "sweeps", 0, math.inf), _whole(kept, "stage_sweeps", 0, math.inf)):
        if problem:
            return problem
    if not isinstance(kept["residual"], float) or not kept["residual"] >= 0.0:
        return f"keeps residual {kept['residual']!r}, not a number of at least 0"
    return None


def seat_turns_problem(kept: dict, shape: tuple[int, int], turns: int) -> str | None:
    """What makes a kept state not one the seats' backward induction
    (:func:`pycore.jeopardy.seats.sweep.collect_turns`) can go on from, or None: the turns
    done (1 to ``turns``), the last tables (at most P, each of ``shape`` (A, P)), and the
    start's chances and the changes for every number of turns left so far."""
    missing = [name for name in ("tables", "turns_done", "start", "changes", "cycle_changes") if name not in kept]
    if missing:
        return f"lacks {', '.join(missing)}"
    problem = _whole(kept, "turns_done", 1, turns)
    if problem:
        return problem
    done, players = kept["turns_done"], shape[1]
    tables = np.asarray(kept["tables"])
    if tables.ndim != 3 or not 1 <= len(tables) <= players or len(tables) != min(players, done + 1):
        return f"keeps {len(tables) if tables.ndim == 3 else 'no'} tables where {min(players, done + 1)} are kept"
    problem = _chances({"tables": tables}, "tables", (len(tables), *shape)) or _chances(kept, "start", (done + 1, players))
    if problem:
        return problem
    for name in ("changes", "cycle_changes"):
        if np.shape(kept[name]) != (done + 1,):
            return f"keeps {np.size(kept[name])} {name} where {done + 1} are kept"
    return None


def profile_turns_problem(kept: dict, shape: tuple[int, ...], turns: int) -> str | None:
    """What makes a kept state not one the profiles' backward induction
    (:func:`pycore.jeopardy.seats.profile.evaluate_profiles` with a turn limit) can go on
    from, or None: the turns left done (1 to ``turns``) and the tables at that many turns
    left, ``shape`` (the exact advice's and each profile's chances, in the solver's layout;
    the chain solver's last seat is 1 less the others', which rounding may put 1e-16 past 0
    or 1)."""
    missing = [name for name in ("tables", "turns_done") if name not in kept]
    if missing:
        return f"lacks {', '.join(missing)}"
    problem = _whole(kept, "turns_done", 1, turns)
    if problem:
        return problem
    if np.shape(kept["tables"]) != shape:
        return f"keeps tables of shape {np.shape(kept['tables'])} where these profiles have {shape}"
    if not np.all((kept["tables"] >= -1e-9) & (kept["tables"] <= 1.0 + 1e-9)):
        return "keeps tables outside 0 to 1"
    return None
