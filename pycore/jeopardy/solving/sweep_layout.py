"""How a :class:`~pycore.jeopardy.solving.turn_graph.TurnGraph` is laid out for a sweep, and the sweep's
gathers: the configurations in levels of decreasing order, each level's transitions as flat
offsets into the sweep's working table (:func:`gather_table`, rows last), the expectation over
a level's roll outcomes (:func:`expected`) and the best of each outcome's alternatives
(:func:`best_alternatives`, in blocks of outcomes with as many alternatives each)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pycore.core.cache import BoundedCache


def best_alternatives(flat: np.ndarray, level: Level, offset: int, want_taken: bool):
    """(outcomes, n) each outcome's best alternative's value in ``flat`` ((cells, n): a sweep
    table's rows, rows last; the alternatives at ``offset + level.at``), nan where none has a
    value (a state no play reaches is never the best); and, if ``want_taken``, (outcomes, n)
    the first best's position in ``at`` (else None). The alternatives are gathered in
    ``level.blocked`` order: outcomes with k alternatives side by side, alternative-major, so
    each block's max is k - 1 elementwise passes over whole rows (numpy's ``reduceat`` over
    short runs was over half of a Farkle penalty build); one last gather puts the outcomes
    back in order."""
    outcomes, n = len(level.alt_starts), flat.shape[1]
    gathered = flat[offset + level.blocked.at]  # (T, n)
    best = np.empty((outcomes, n))
    taken = np.empty((outcomes, n), np.int16) if want_taken else None
    for k, cells, columns in level.blocked.blocks:
        alternatives = gathered[cells].reshape(k, -1, n)
        top = np.fmax.reduce(alternatives, axis=0)  # fmax passes over nan
        best[columns] = top
        if want_taken:
            taken[columns] = _first_of_the_best(alternatives, top)
    best = best[level.blocked.inverse]
    if want_taken:
        taken = taken[level.blocked.inverse] + level.alt_starts[:, None]
    return best, taken


#: the most elements an alternative of a block may have for :func:`_first_of_the_best` to take
#: numpy's argmax (an alternative's row of one anchor's turn, or a few; numpy's argmax over the
#: first axis copies the block and was 15-30 times slower on a batch's rows)
ARGMAX_ELEMENTS = 512


def _first_of_the_best(alternatives: np.ndarray, top: np.ndarray) -> np.ndarray:
    """(m, n) int16: the position of the first alternative of ``alternatives`` ((k, m, n))
    reaching ``top`` (their ``fmax``), 0 where none has a value (a state no play reaches)."""
    k = len(alternatives)
    if top.size <= ARGMAX_ELEMENTS:
        # small (a single anchor's turn): the first maximum, nan below any value; 4 calls where
        # the arithmetic below makes 4 for each alternative (a Farkle turn: 82 of them a gain)
        return np.where(np.isnan(alternatives), -np.inf, alternatives).argmax(axis=0).astype(np.int16)
    # the least of j where alternative j reaches it, else k + j (arithmetic: a masked copy per
    # alternative was five times slower)
    first = np.full(top.shape, k - 1, np.int16)
    for j in range(k - 2, -1, -1):
        short = ~(alternatives[j] >= top)  # nan never reaches it
        np.minimum(first, short.view(np.int8) * np.int16(k) + np.int16(j), out=first)
    first[np.isnan(top)] = 0  # no alternative has a value: the first, as any
    return first


def expected(cells: np.ndarray, n: int, level: Level, at: np.ndarray, taken, best) -> np.ndarray:
    """(members, K, n) the sum over each member's roll outcomes (not staying put) of P * the
    sweep's table ``cells`` ((cells, K, B), K payoffs, rows last; its first ``n`` rows) at the
    outcome: at the alternative ``taken`` ((outcomes, n) positions in ``at``) where there is a
    choice, or, with a single payoff (K = 1), at the best one whose value ``best``
    ((outcomes, n)) the sweep has already found; a graph without choices gives both None."""
    if taken is None and best is None:
        per_outcome = cells[:, :, :n][at]  # (outcomes, K, n)
    elif taken is None:
        per_outcome = best[:, None, :]
    else:
        # flat offsets into the table, taken once for every payoff (the value there is the
        # best alternative's: the first of the best is taken); an index array for each of the
        # three axes was up to three times slower on a Farkle batch
        K, B = cells.shape[1:]
        offsets = (at[taken] * (K * B) + np.arange(n))[:, None, :] + (np.arange(K) * B)[:, None]
        per_outcome = np.take(cells.reshape(-1), offsets)
    return np.add.reduceat(per_outcome * level.weights[:, None, None], level.starts, axis=0)


def gather_table(B: int, top: int, C: int, max_gain: np.ndarray, bust: np.ndarray) -> np.ndarray:
    """A sweep's working table (G + 1 + the largest gain, C + 2, K, B) for K payoffs, rows
    last: gains past the top read 0 (only rolls that are not allowed land there), column C
    holds what a bust pays (``bust``: (K, B)) and column C + 1 is 0 (what rolling back into
    the same state reads: divided out), so that each outcome is one flat index (gain *
    (C + 2) + cell) and a gather needs no masks."""
    bust = np.asarray(bust, float)
    table = np.full((top + 1 + int(max_gain.max(initial=0)), C + 2) + bust.shape, np.nan)
    table[top + 1 :] = 0.0
    table[:, C] = bust[None]
    table[:, C + 1] = 0.0
    return table


@dataclass(frozen=True)
class Level:
    """One order of configurations and their transitions, laid out for a sweep (see
    :func:`groups`). ``at``/``transitions`` per transition (sorted by source and
    outcome); ``alt_starts``/``outcomes``/``weights`` per outcome; ``starts``
    per member: where its run of outcomes starts; ``position`` (T,) each graph transition's
    place in ``at`` (for a ``choose`` given as graph transitions)."""

    members: np.ndarray
    starts: np.ndarray
    at: np.ndarray
    weights: np.ndarray
    stay_p: np.ndarray
    transitions: np.ndarray
    alt_starts: np.ndarray
    outcomes: np.ndarray
    position: np.ndarray
    blocked: Blocked


@dataclass(frozen=True)
class Blocked:
    """A level's alternatives laid out for :func:`best_alternatives`: ``at`` (T,) their cells,
    the outcomes with one alternative first, then those with two, ..., each block
    alternative-major (the j-th alternative of every outcome in it, then the next);
    ``blocks``: (k, its cells in ``at`` as a slice, its outcomes' columns as a slice) for
    each k; ``inverse`` (outcomes,) each outcome's column."""

    at: np.ndarray
    blocks: tuple[tuple[int, slice, slice], ...]
    inverse: np.ndarray

    @classmethod
    def of(cls, at: np.ndarray, alt_starts: np.ndarray, alt_counts: np.ndarray) -> Blocked:
        cells, blocks, order, done = [], [], [], 0
        for k in np.unique(alt_counts):
            outcomes = np.flatnonzero(alt_counts == k)
            cells.append(at[(alt_starts[outcomes][None, :] + np.arange(k)[:, None]).ravel()])
            blocks.append((int(k), slice(done, done + k * len(outcomes)), slice(len(order), len(order) + len(outcomes))))
            order.extend(outcomes)
            done += k * len(outcomes)
        return cls(np.concatenate(cells) if cells else at[:0], tuple(blocks), np.argsort(np.array(order, np.intp)))


#: the last graph's groups (by id; the graph is kept with them, so its id stays its own): one
#: graph at a time is all any caller needs
_GROUPS = BoundedCache("turn graph groups", 1)


def groups(graph) -> tuple[list[Level], np.ndarray]:
    """Configurations by decreasing order, each level with its transitions sorted by source
    and outcome: each transition's flat offset in a :func:`gather_table` row block (gain *
    (C + 2) + configuration, or the bust / zero column), each outcome's weight (0 for
    rolling back into the same state), and each member's chance of that; and (C,) the
    largest gain a roll from each configuration adds. Built once per graph."""
    return _GROUPS.get(id(graph), lambda: (graph, _make_groups(graph)))[1]


def _make_groups(graph) -> tuple[list[Level], np.ndarray]:
    C = graph.n_configurations
    outcome_of = graph.outcome
    by_src = np.lexsort((outcome_of, graph.src))
    src = graph.src[by_src]
    groups = []
    for level in np.unique(graph.order)[::-1]:
        members = np.flatnonzero(graph.order == level)
        index = by_src[np.isin(src, members)]
        dst, gain, prob, outcome = graph.dst[index], graph.gain[index], graph.prob[index], outcome_of[index]
        stay, bust = (dst == graph.src[index]) & (gain == 0), dst < 0
        at = np.where(bust, C, np.where(stay, C + 1, gain * (C + 2) + dst))
        alt_starts = np.flatnonzero(np.r_[True, outcome[1:] != outcome[:-1]])
        alt_counts = np.diff(np.r_[alt_starts, len(index)])
        out_src = graph.src[index][alt_starts]
        starts = np.searchsorted(out_src, members)
        stay_p = np.add.reduceat(np.where(stay, prob, 0.0)[alt_starts], starts)
        position = np.zeros(len(graph.src), np.intp)
        position[index] = np.arange(len(index))
        groups.append(Level(members, starts, at, np.where(stay, 0.0, prob)[alt_starts], stay_p,
                             index, alt_starts, outcome[alt_starts], position,
                             Blocked.of(at, alt_starts, alt_counts)))
    max_gain = np.zeros(C, dtype=np.intp)
    np.maximum.at(max_gain, graph.src, graph.gain)
    return groups, max_gain
