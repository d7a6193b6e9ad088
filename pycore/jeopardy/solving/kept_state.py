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
