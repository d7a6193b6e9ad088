r"""Turn-limited backward induction for ``P`` players, fast, where a turn is a chain (issue 36).

:func:`~pycore.jeopardy.seats.sweep.turn_limited_seat_values` solves any game of ``P`` players by
the general sweep; this module solves the same equations for the games whose turn start is
the players' scores alone and whose turn is one chain of rolls, as Pig's is:

* the anchors are every ``(s_0, ..., s_{P-1})`` in ``[0, T)^P`` (``s_0`` the mover's score),
  row-major, ``T`` the goal;
* the turn graph has one configuration, no choices: a roll adds ``g_r`` points with chance
  ``p_r`` or busts with chance ``p_bust``;
* ending a turn with gain ``k`` wins if ``s_0 + k >= T``, else leads to the anchor
  ``(s_1, ..., s_{P-1}, s_0 + k)``; rolling is allowed while ``s_0 + k < T`` and holding from
  ``k > 0``.

:func:`chain_game` checks these against the game's own rules (on every anchor of a small
game, on a sample of a large one) and refuses a game that breaks one, naming it.

With ``n`` turns left the mover's seat-``c`` chance at turn total ``k`` is, for
``V_k = (V_k[0], ..., V_k[P-1])`` and ``H_k`` the vector of holding (the next anchor's
values with ``n - 1`` turns left, its seats turned so that seat ``c`` is this mover's ``c``)

.. math::

    R_k = p_\text{bust} H_0 + \sum_r p_r V_{k + g_r}, \qquad
    V_k = R_k \text{ if } k = 0 \text{ or } R_k[0] > H_k[0] \text{ else } H_k,

``V_{k} = (1, 0, ..., 0)`` once ``s_0 + k >= T``: for each row of the other players' scores
the turn totals are swept from the top down, the mover's score as the last (contiguous) axis
of numpy arrays, so a turn total's holding values are one slice of the next turn's table
(no gathers). Ties go to holding, as in the general sweep. The tables have ``T^P`` entries
per seat; :func:`turn_limited_chain` keeps two of them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import numpy as np

from pycore.core.errors import SolverError
from pycore.core.parallel import PartPool
from pycore.jeopardy.seats.sweep import TurnLimitedSeats, collect_turns
from pycore.jeopardy.solving.factored import _Endings
from pycore.jeopardy.solving.turn_graph import start_graph_of

#: anchors checked against the rules' own endings and legal actions in a large game
CHECKED_ANCHORS = 4096
#: cells of one block of rows swept together (measured: small enough to stay in cache)
BLOCK_CELLS = 50_000


class NotAChainGame(SolverError):
    """A game that the chain solver cannot solve (it breaks one of its assumptions)."""


def chain_game(game) -> tuple[int, float, tuple[tuple[int, float], ...]]:
    """(goal, p_bust, ((gain, p), ...)) of a game that fits the module's assumptions, checked
    against the game's rules; :class:`NotAChainGame` naming the first that fails."""
    players, name = int(game.players), game.name
    graph, columns, can_roll = start_graph_of(game)
    if graph.n_configurations != 1 or graph.choice is not None:
        raise NotAChainGame(f"{name}: its turn is not one chain of rolls ({graph.n_configurations} configurations)")
    step = int(getattr(game, "gain_step", 1))
    if step != 1:
        raise NotAChainGame(f"{name}: its points come in steps of {step}, not 1")
    bust = graph.dst < 0
    if np.any(~bust & (graph.gain <= 0)):
        raise NotAChainGame(f"{name}: a roll that neither busts nor adds points")
    outcomes = tuple((int(g), float(p)) for g, p in zip(graph.gain[~bust], graph.prob[~bust], strict=True))
    anchors = np.asarray(game.anchors())
    goal = int(anchors.max(initial=-1)) + 1
    grid = np.stack([c.ravel() for c in np.meshgrid(*[np.arange(goal)] * players, indexing="ij")], axis=1)
    if anchors.shape != grid.shape or not np.array_equal(anchors, grid):
        raise NotAChainGame(f"{name}: its turn starts are not every score of {players} players below {goal}")
    endings = _Endings.of(game)
    sample = np.arange(len(grid))
    if len(sample) > CHECKED_ANCHORS:
        sample = np.sort(np.random.default_rng(36).choice(len(grid), CHECKED_ANCHORS, replace=False))
    terminal, rows = endings.at(sample)
    _, roll_ok, hold_ok = endings.masks(sample, terminal, columns, can_roll)
    mover, gains = grid[sample, 0][:, None], endings.gains[None, :]
    banked = mover + gains
    won = banked >= goal
    if not np.array_equal(np.where(won, 1.0, np.nan), terminal, equal_nan=True):
        raise NotAChainGame(f"{name}: a turn ending does not win exactly when the mover reaches {goal}")
    following = (np.sum(grid[sample, 1:] * goal ** np.arange(players - 2, -1, -1), axis=1)[:, None] * goal
                 + banked)
    if not np.array_equal(rows[~won], following[~won]):
        raise NotAChainGame(f"{name}: a turn ending does not pass the dice to the next seat with the scores turned")
    if not (np.array_equal(roll_ok[:, :, 0], ~won) and np.array_equal(hold_ok[:, :, 0] | won, (gains > 0) | won)):
        raise NotAChainGame(f"{name}: its legal actions are not 'roll below the goal, hold from a gain of 1'")
    return goal, float(graph.prob[bust].sum()), outcomes


def turn_limited_chain(game, turns: int, progress=None, should_stop=None, checkpoint=None) -> TurnLimitedSeats:
    """What :func:`~pycore.jeopardy.seats.sweep.turn_limited_seat_values` gives, for a chain game
    (see the module; the same values to rounding). ``checkpoint``: see
    :func:`~pycore.jeopardy.seats.sweep.collect_turns`."""
    chain_game(game)  # (refused before any kept state is read: the general sweep then keeps its own)
    return collect_turns(game, lambda start: chain_tables(game, start), turns, progress, should_stop, checkpoint)


def chain_tables(game, start: np.ndarray | None = None) -> Iterator[np.ndarray]:
    """(A, P) every turn start's chances with 1, 2, 3, ... turns left, one table a turn left,
    in ``game.anchors()`` order (without end: the caller stops); ``start`` (A, P): the
    chances with 0 turns left (default: the win shared, 1/P each). The game is checked
    (:func:`chain_game`) before the first table is asked for."""
    players = int(game.players)
    goal, p_bust, outcomes = chain_game(game)
    return _chain_tables(players, goal, p_bust, outcomes, start)


def _chain_tables(players: int, goal: int, p_bust: float, outcomes, start) -> Iterator[np.ndarray]:
    X = mover_last(players, goal, start)

    def sweep_block(block, held, new):
        chain_block(block, held[0], new[0], goal, p_bust, outcomes)

    with chain_pool(players, goal, 1, sweep_block) as (step, blocks):
        while True:
            (X,) = step([X], blocks)
            yield anchor_order(X)


@contextlib.contextmanager
def chain_pool(players: int, goal: int, tables: int, sweep_block) -> Iterator[tuple]:
    """One more turn left of ``tables`` chain tables at once, their blocks of rows on every
    core (:mod:`pycore.core.parallel`). Yields ``(step, blocks)``: ``blocks`` the slices of
    rows (the first axis) a part covers; ``step(Xs, parts)`` takes one list of mover-last
    tables (:func:`mover_last`) a table, the turns ending in them, and returns the turn
    starts' tables. ``sweep_block(part, held, new)`` fills ``new[t][c][block]``, seats 0 to
    P - 2's chances at its block of rows, from ``held[t][c][s_1, ..., s_{P-1}, u]``: seat c's
    chance (of this mover's seats) at the next turn start when this mover banks to ``u``,
    i.e. the next mover's seat c - 1 at ``(s_1, ..., s_{P-1}, u)``. The last seat's chance
    is what the others leave (the chances sum to 1: a third less work at three players)."""
    shape = (goal,) * players
    rows = max(1, BLOCK_CELLS // goal ** (players - 1))
    blocks = [slice(first, first + rows) for first in range(0, goal, rows)]
    with PartPool(sweep_block, (tables, players, *shape), (tables, players - 1, *shape)) as pool:

        def step(Xs: list[list[np.ndarray]], parts) -> list[list[np.ndarray]]:
            for t, X in enumerate(Xs):  # (copied once: into the table the blocks read)
                for c in range(players):
                    np.copyto(pool.source[t, c], np.moveaxis(X[(c - 1) % players], -1, 0))
            new = pool.run(None, parts)
            turned = []
            for t in range(len(Xs)):
                X = [new[t, c].copy() for c in range(players - 1)]
                X.append(1.0 - sum(X))
                turned.append(X)
            return turned

        yield step, blocks


def mover_last(players: int, goal: int, start: np.ndarray | None) -> list[np.ndarray]:
    """X[c][s_1, ..., s_{P-1}, s_0]: seat c's chance, the mover's score last, from (A, P)
    chances in anchor order (None: the win shared, 1/P each)."""
    shape = (goal,) * players
    if start is None:
        return [np.full(shape, 1.0 / players) for _ in range(players)]
    return [np.ascontiguousarray(np.moveaxis(np.asarray(start[:, c], float).reshape(shape), 0, -1))
            for c in range(players)]


def anchor_order(X: list[np.ndarray]) -> np.ndarray:
    """(A, P) in ``game.anchors()`` order from the mover-last tables."""
    return np.stack([np.moveaxis(x, -1, 0).reshape(-1) for x in X], axis=1)


def chain_block(block: slice, held, new, goal: int, p_bust: float, outcomes, rolls_at=None, chosen=None) -> None:
    """Seats 0 to P - 2's chances (``new[c][block]``) at a block of rows' turn starts, the
    turns ending in ``held`` (see :func:`chain_pool`); ``rolls_at`` and ``chosen`` are the
    block's own (see :func:`_chain_turns`)."""
    start_values = _chain_turns([h[block] for h in held], goal, p_bust, outcomes, rolls_at, chosen)
    for c in range(len(held) - 1):
        new[c][block] = start_values[c]


def _chain_turns(held: list[np.ndarray], goal: int, p_bust: float, outcomes, rolls_at=None,
                 chosen: dict | None = None) -> list[np.ndarray]:
    """Seats 0 to P - 2's chances at turn total 0 for a block of rows (the last seat's is 1
    minus theirs): ``held[c]`` (..., T) seat c's chance when the mover banks to ``t`` (the
    last axis) and the turn passes. ``rolls_at(k)``: where the mover rolls at turn total
    ``k`` (the block's rows, (..., T)), or None for their best; ``chosen``: {k: (..., T)},
    filled with where the mover rolled. Outcomes of equal chance are summed before one product
    (Pig's six faces: five sums and one product a seat, where a product each was twice the
    work). Returns (..., T) arrays."""
    seats = len(held) - 1
    by_chance: dict[float, list[int | None]] = {}
    by_chance.setdefault(p_bust, []).append(None)  # a bust: banking 0, the mover's score as it was
    for g, p in outcomes:
        by_chance.setdefault(p, []).append(g)
    # the mover's score first, here: each slice below is then one run of memory (with it last,
    # every operation was a loop over rows as short as the scores left, most of a solve's time);
    # each element is summed as before, in the same order: the same values to the bit
    held = [np.ascontiguousarray(np.moveaxis(h, -1, 0)) for h in held]
    values: dict[int, list[np.ndarray]] = {}
    largest = max(g for g, _ in outcomes)
    for k in range(goal - 1, -1, -1):
        m = goal - k  # the mover's scores still below the goal at this turn total
        roll = None
        for p, gains in by_chance.items():
            if gains[0] is None:  # the bust first: its copy starts the sum
                total = [held[c][:m].copy() for c in range(seats)]
            else:
                total = [np.zeros((m,) + held[0].shape[1:]) for _ in range(seats)]
            for g in gains:
                if g is None:
                    continue
                live = m - g  # the scores at which this roll does not reach the goal
                if live > 0:
                    for c in range(seats):
                        total[c][:live] += values[k + g][c]
                total[0][max(live, 0):] += 1.0  # the roll reaches the goal: the mover wins
            if roll is None:
                roll = total
                for c in range(seats):
                    roll[c] *= p
            else:
                for c in range(seats):
                    roll[c] += p * total[c]
        if k:
            hold = [h[k:] for h in held]
            told = rolls_at(k) if rolls_at is not None else None
            # ties go to holding
            keep = ~(roll[0] > hold[0]) if told is None else ~np.moveaxis(told, -1, 0)[:m]
            if chosen is not None:
                np.moveaxis(chosen[k], -1, 0)[:m] = ~keep
            for c in range(seats):
                np.copyto(roll[c], hold[c], where=keep)
        values[k] = roll
        values.pop(k + largest, None)
    return [np.moveaxis(v, 0, -1) for v in values[0]]
