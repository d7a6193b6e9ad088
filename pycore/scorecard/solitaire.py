r"""Maximum expected score of a solitaire scorecard game (Yahtzee and kin).

Notation: ``a`` an anchor (turn-start position), ``V(a)`` the expected score
of the remaining turns under optimal play, ``r`` the final roll of a turn,
``c`` a box, ``points(a, c, r)`` what filling it scores (bonuses included)
and ``next(a, c, r)`` the anchor after it:

.. math::

    E_0(a, r) = \max_{c \text{ allowed}} \; points(a, c, r) + V(next(a, c, r))

    V(a) = \text{turn-start value of } E_0(a, \cdot)
    \text{ (the keep/reroll recursion of } :mod:`pycore.scorecard.dice_turn`)

    V(a) = 0 \text{ when every box is filled.}

Every turn fills one box, so ``next`` is one layer further on (one more box
filled): one backward pass over the layers, each a batch of numpy operations
over all its anchors, solves the game exactly with no iteration (the seed's
recursion for non-final choice and random-event positions, evaluated for the
anchors only). The game supplies the :class:`ScorecardGame` protocol, chiefly
``layers(start)`` (anchor indices reachable from ``start``, last turn first) and
``outcomes(anchors, values)`` [boxes, rolls, B]: what filling each box with each
final roll scores now plus the value of the anchor it leads to.

:func:`solve_target` plays for a target instead (the chance of scoring at least
``d`` more points), with the deficit as an extra column dimension.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from pycore.core.table_spec import table_order

from ..core.cache import BoundedCache
from ..core.errors import InvalidParameterError
from ..core.progress import Progress
from ..store.prebuilt import TableContent
from .rules import ScorecardGame

CHUNK = 1024  # anchors per numpy batch: fastest of 256-2048 (bench/bench_yahtzee.py)


PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)


def distribution_stats(distribution: np.ndarray) -> dict:
    """Mean, standard deviation, median, percentiles and range of a score distribution."""
    scores = np.arange(distribution.size)
    mean = float(distribution @ scores)
    cumulative = np.cumsum(distribution)
    support = np.flatnonzero(distribution > 0)
    return {
        "mean": mean,
        "sd": float(np.sqrt(distribution @ (scores - mean) ** 2)),
        "median": int(np.searchsorted(cumulative, 0.5)),
        "percentiles": {str(p): int(np.searchsorted(cumulative, p / 100)) for p in PERCENTILES},
        "min": int(support[0]),
        "max": int(support[-1]),
        # two independent optimal players: P(the first scores more) = (1 - P(tie)) / 2
        "p_beats_optimal": float((1 - distribution @ distribution) / 2),
    }


@dataclass(frozen=True)
class SolitaireSolution:
    """Anchor values [n_anchors] (expected future score; 0 where unreachable)."""

    key: tuple
    values: np.ndarray
    anchors_solved: int
    seconds: float

    @property
    def expected_score(self) -> float:
        return float(self.values[0])


def solve_solitaire(game: ScorecardGame, progress: Progress | None = None, chunk: int = CHUNK) -> SolitaireSolution:
    """Optimal expected scores of every reachable anchor (one backward pass over the layers)."""
    started = time.perf_counter()
    values = np.zeros(game.n_anchors, dtype=np.float64)
    layers = game.layers()
    total = sum(layer.size for layer in layers)
    done = 0
    for layer in layers:
        for lo in range(0, layer.size, chunk):
            anchors = layer[lo : lo + chunk]
            final = game.best_outcome(anchors, values)
            values[anchors] = game.dice.start_value(final)
            done += anchors.size
            if progress:
                progress("anchors", done / total)
    return SolitaireSolution(game.key, values, total, time.perf_counter() - started)


@dataclass(frozen=True)
class TurnOption:
    """One choice within a turn: a keep (dice kept before rerolling) or a box to fill.

    ``value`` is the expected score still to come from this turn on (this turn's points
    included) if the choice is taken and play is optimal afterwards."""

    kind: str  # "keep" or "box"
    value: float
    keep: tuple[int, ...] = ()
    box: int = -1
    points: float = 0.0


#: the last few anchors' end-of-turn tables (a review, a game or the page's dice ask about one
#: anchor at each of a turn's three decisions: two tables each, most of an answer's time)
_TURN_TABLES: BoundedCache = BoundedCache("turn tables", 8)


def turn_table(game: ScorecardGame, anchor: int, values: np.ndarray | None = None) -> np.ndarray:
    """[boxes, rolls] the value of ending the turn from ``anchor`` in each box with each roll:
    points now plus ``values`` of the anchor it leads to (None: the points alone), -inf where
    not allowed; kept for the last few asked. ``values`` are told apart by identity (the cache
    holds them, so no other array takes theirs): a table must not change once asked about."""
    key = (game.key, int(anchor), None if values is None else id(values))
    def make():
        table = game.outcomes(np.array([anchor]), game.zero_values if values is None else values)[:, :, 0]
        table.flags.writeable = False  # (shared by every caller)
        return values, table

    return _TURN_TABLES.get(key, make)[1]


def turn_options(
    game: ScorecardGame, values: np.ndarray, anchor: int, roll: tuple[int, ...], rerolls_left: int
) -> tuple[list[TurnOption], list[TurnOption]]:
    """(keeps, boxes) from ``anchor`` showing ``roll`` with ``rerolls_left`` rerolls, best first.

    ``keeps`` is empty when no reroll is left; ``boxes`` lists filling each allowed box now.
    Recomputed from the anchor values alone (the seed's "redo the calculation for that
    component"): one end-of-turn table [boxes, rolls] (:func:`turn_table`) and the keep
    recursion for one anchor."""
    return options_from_table(game, anchor, turn_table(game, anchor, values), roll, rerolls_left)


def options_from_table(
    game: ScorecardGame, anchor: int, total: np.ndarray, roll: tuple[int, ...], rerolls_left: int
) -> tuple[list[TurnOption], list[TurnOption]]:
    """(keeps, boxes) best first, from ``total`` [boxes, rolls]: the value of ending the turn in
    each box with each roll (-inf where not allowed), under any objective."""
    dice = game.dice
    points = turn_table(game, anchor)
    r = dice.roll_index[tuple(sorted(roll))]
    boxes = [
        TurnOption("box", float(total[b, r]), box=b, points=float(points[b, r]))
        for b in range(total.shape[0])
        if np.isfinite(total[b, r])
    ]
    keeps: list[TurnOption] = []
    if rerolls_left > 0:
        after = dice.stage_values(total.max(axis=0)[:, None])[rerolls_left - 1]
        keep_values = dice.keep_values(after)[:, 0]
        keeps = [TurnOption("keep", float(keep_values[dice.keep_index[k]]), keep=k) for k in dice.sub_keeps(roll)]
    order = lambda o: (-o.value, -len(o.keep), o.box)  # noqa: E731 - ties: keep more dice, lower box
    return sorted(keeps, key=order), sorted(boxes, key=order)


def score_distribution(
    game: ScorecardGame,
    values: np.ndarray,
    progress: Progress | None = None,
    chunk: int = 512,
    start: int | None = None,
) -> np.ndarray:
    """[max_score + 1] the exact probability of each final score under optimal play
    (of the points still to come, from ``start`` if given).

    A forward pass over the layers keeps, for every reachable anchor, the distribution of
    the points banked so far (``D`` [anchors of the layer, scores]). Each anchor's turn is
    played forward (:meth:`DiceTurn.play_forward` with the optimal keeps, then the best box;
    ties go to the larger keep and the lower box), giving the probability of each outcome
    (box, what of the roll decides the next anchor, points), and the anchor's row is added,
    shifted by the points, into the next anchor's row. Mass moves only forward, so the
    result is exact up to float rounding; its mean equals the solved expected score."""
    dice = game.dice
    layers = [np.sort(layer) for layer in game.layers(start)[::-1]]  # the start first
    n_scores = game.max_score + 1
    turn_max = game.max_turn_points + 1
    rows = np.zeros((1, 1))
    rows[0, 0] = 1.0
    total_anchors = sum(layer.size for layer in layers)
    done = 0
    for depth, layer in enumerate(layers):
        last = depth + 1 == len(layers)
        targets = None if last else layers[depth + 1]
        width = min(n_scores, rows.shape[1] + turn_max)
        nxt = np.zeros((1 if last else targets.size, width))
        for lo in range(0, layer.size, chunk):
            anchors = layer[lo : lo + chunk]
            block = rows[lo : lo + chunk]
            done += anchors.size
            live = block.any(axis=1)
            anchors, block = anchors[live], block[live]
            if not anchors.size:
                continue
            total = game.outcomes(anchors, values)  # [boxes, rolls, B]
            best_box = total.argmax(axis=0)  # [rolls, B]
            mass = dice.play_forward(total.max(axis=0))
            points = np.take_along_axis(game.outcomes(anchors, game.zero_values), best_box[None], axis=0)[0]
            points = np.rint(points).astype(np.int64)
            width_b, prev = anchors.size, block.shape[1]
            for box in np.unique(best_box):
                box = int(box)
                chosen = best_box == box
                group = (game.roll_class(box)[:, None] * turn_max + points)[chosen]
                col = np.broadcast_to(np.arange(width_b)[None, :], chosen.shape)[chosen]
                prob = np.bincount(
                    (group * width_b + col).astype(np.intp),  # bincount wants intp (32 bits in WebAssembly)
                    weights=mass[chosen],
                    minlength=(int(group.max()) + 1) * width_b,
                ).reshape(-1, width_b)
                for g in np.flatnonzero(prob.any(axis=1)):
                    cls, x = divmod(int(g), turn_max)
                    cols = np.flatnonzero(prob[g])
                    if last:
                        at = np.zeros(cols.size, dtype=np.intp)
                    else:
                        at = np.searchsorted(targets, game.after(anchors[cols], box, cls))
                    fits = min(prev, width - x)  # scores above max_score have no mass
                    shifted = prob[g, cols][:, None] * block[cols, :fits]
                    if at.size > 1 and np.any(at[1:] <= at[:-1]):
                        # several anchors reach one (upper totals capped at the bonus): sum them first
                        order = np.argsort(at, kind="stable")
                        at, shifted = at[order], shifted[order]
                        first = np.flatnonzero(np.r_[True, at[1:] != at[:-1]])
                        at, shifted = at[first], np.add.reduceat(shifted, first, axis=0)
                    nxt[at, x : x + fits] += shifted
            if progress:
                progress("score distribution", done / total_anchors)
        rows = nxt
    result = np.zeros(n_scores)
    result[: rows.shape[1]] = rows[0]
    return result


@dataclass
class TargetSolution:
    """Filled in place, layer by layer, by :func:`solve_target_batch` (not frozen: its
    ``reach`` table is written while solving, possibly by several processes sharing it).
    ``reach[row, d]``: the highest probability of scoring at least ``d`` more points from an
    anchor (rows: ``anchors`` in order, then one row for the end of the game; d = 0 .. max)."""

    anchors: np.ndarray
    reach: np.ndarray
    seconds: float

    def rows_of(self, found: np.ndarray) -> np.ndarray:
        """Rows of anchors (anchors not in the table are the end of the game: the last row)."""
        at = np.minimum(np.searchsorted(self.anchors, found), self.anchors.size - 1)
        return np.where(self.anchors[at] == found, at, self.anchors.size)

    def chance(self, anchor: int, deficit: int) -> float:
        return float(self.reach[self.rows_of(np.array([anchor]))[0], deficit])


def _target_lookups(
    game: ScorecardGame, anchors: np.ndarray, solution: TargetSolution
) -> tuple[np.ndarray, np.ndarray]:
    """``looked_up`` [unique + 1, D] and ``index`` [boxes, rolls, B] into it: the probability of
    reaching each deficit ``d`` after filling each box with each final roll,
    ``reach[next, max(0, d - points)]``; the last row (-inf) stands for a box that may not be filled.

    Each distinct (box, anchor, next anchor, points) is looked up once (about 200 per anchor
    instead of 13 x 252 rolls), then spread over the rolls that share it."""
    reach = solution.reach
    points, nxt = game.transitions(anchors)
    n_boxes, _, width = points.shape
    legal = np.isfinite(points)
    next_rows = np.where(legal, solution.rows_of(np.where(legal, nxt, anchors[None, None, :])), 0)
    shift = np.where(legal, points, 0).astype(np.int64)
    column = np.broadcast_to(np.arange(width)[None, None, :], points.shape)
    box = np.broadcast_to(np.arange(n_boxes)[:, None, None], points.shape)
    key = ((box * width + column) * reach.shape[0] + next_rows) * 1024 + shift
    unique, inverse = np.unique(key[legal], return_inverse=True)
    rows, shifts = unique // 1024 % reach.shape[0], unique % 1024
    deficits = np.arange(reach.shape[1])
    looked_up = np.empty((unique.size + 1, reach.shape[1]), dtype=reach.dtype)
    looked_up[:-1] = reach[rows[:, None], np.maximum(deficits[None, :] - shifts[:, None], 0)]
    looked_up[-1] = -np.inf
    index = np.full(points.shape, unique.size, dtype=np.intp)
    index[legal] = inverse.reshape(-1)
    return looked_up, index


def target_end_values(game: ScorecardGame, anchors: np.ndarray, solution: TargetSolution) -> np.ndarray:
    """[boxes, rolls, B, D] the probability of reaching each deficit ``d`` after filling each box
    with each final roll (-inf where not allowed): ``reach[next, max(0, d - points)]``."""
    looked_up, index = _target_lookups(game, anchors, solution)
    return looked_up[index]


def target_best_box(game: ScorecardGame, anchors: np.ndarray, solution: TargetSolution) -> np.ndarray:
    """[rolls, B, D] the best box for each final roll: ``target_end_values(...).max(axis=0)``
    one box at a time, without the [boxes, rolls, B, D] array (the whole-game tables' inner loop)."""
    looked_up, index = _target_lookups(game, anchors, solution)
    best = looked_up[index[0]]
    for box_index in index[1:]:
        np.maximum(best, looked_up[box_index], out=best)
    return best


def solve_target_batch(game: ScorecardGame, batch: np.ndarray, solution: TargetSolution) -> None:
    """Fill the rows of ``batch`` (anchors whose successors are solved) in ``solution.reach``:
    the best box for each final roll, then the turn's start value, every deficit at once."""
    final = target_best_box(game, batch, solution)  # [rolls, B, D]
    start_values = game.dice.start_value(final.reshape(final.shape[0], -1))
    solution.reach[solution.rows_of(batch)] = start_values.reshape(batch.size, -1)


def _end_values(end_values: np.ndarray, max_deficit: int) -> np.ndarray:
    end_values = np.asarray(end_values, dtype=np.float64)
    if end_values.shape != (max_deficit + 1,):
        raise InvalidParameterError(
            f"end_values must have {max_deficit + 1} entries (deficits 0..{max_deficit}), got shape {end_values.shape}"
        )
    if np.any(np.diff(end_values) > 0) or end_values.min() < 0 or end_values.max() > 1:
        raise InvalidParameterError("end_values must be probabilities that do not grow with the deficit")
    return end_values


def solve_target(
    game: ScorecardGame,
    max_deficit: int,
    start: int | None = None,
    progress: Progress | None = None,
    chunk: int = 16,
    dtype: str = "float64",
    end_values: np.ndarray | None = None,
) -> TargetSolution:
    """Play to **reach a target** rather than to maximise the mean: for every anchor reachable
    from ``start`` and every deficit ``d <= max_deficit``,

    ``W(a, d) = max P(the remaining turns score at least d)``, with ``W(a, 0) = 1``,
    ``W(end, d) = [d = 0]`` and the end-of-turn choice ``max_c W(next, max(0, d - points))``
    (the seed's recursion with the banked deficit added to the position). One backward pass
    over the layers, the deficit carried as an extra column dimension through the same
    keep recursion. ``W(start, T)`` is the best chance of scoring ``T`` or more.

    ``end_values`` ([max_deficit + 1], non-increasing) replaces ``[d = 0]`` by any payoff of the
    deficit left at the end: with ``d = cap - score`` and ``end_values[d] = P(opponent < cap - d)``
    ``W(start, cap)`` is the best chance of beating an opponent whose final score has that
    distribution, exact up to ``P(opponent >= cap)`` (every score from ``cap`` up pays as ``cap``)."""
    started = time.perf_counter()
    layers = game.layers(start)
    anchors = np.sort(np.concatenate(layers))
    reach = np.zeros((anchors.size + 1, max_deficit + 1), dtype=dtype)  # the last row: every box filled
    if end_values is None:
        reach[:, 0] = 1.0
    else:
        reach[-1] = _end_values(end_values, max_deficit)
    solution = TargetSolution(anchors, reach, 0.0)
    total, done = anchors.size, 0
    for layer in layers:
        for lo in range(0, layer.size, chunk):
            batch = layer[lo : lo + chunk]
            solve_target_batch(game, batch, solution)
            done += batch.size
            if progress:
                progress("target table", done / total)
    return TargetSolution(anchors, reach, time.perf_counter() - started)


def table_content(game: ScorecardGame, progress: Progress | None = None, checkpoint=None) -> TableContent:
    """A rule set's prebuilt table: the expected final score from every anchor (offline), and
    the distribution of the final score under optimal play (a minute each: no checkpoint)."""
    solution = solve_solitaire(game, progress=progress)
    started = time.perf_counter()
    distribution = score_distribution(game, solution.values, progress=progress)
    distribution_seconds = time.perf_counter() - started
    order, _ = table_order(game)
    return TableContent(
        solution.values[order],
        {"distribution": distribution},
        facts={
            "expected_score": solution.expected_score,
            "anchors": solution.anchors_solved,
            "solve_seconds": round(solution.seconds, 2),
            "distribution_seconds": round(distribution_seconds, 2),
            "distribution": distribution_stats(distribution),
        },
    )


#: (rule set, anchor, deficit) -> its target table: one position's at a time (about a second to make)
TARGETS = BoundedCache("target tables", 1)


def position_target(game: ScorecardGame, deficit: int, anchor: int, progress: Progress | None = None) -> TargetSolution:
    """The target table of one position (:func:`solve_target` from ``anchor`` to ``deficit``),
    kept while the same position is asked about (its keeps, then its boxes)."""
    return TARGETS.get((game.key, anchor, deficit), lambda: solve_target(game, deficit, start=anchor, progress=progress))
