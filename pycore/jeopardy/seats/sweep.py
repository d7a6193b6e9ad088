r"""More than two players (issue 36): each player's chance to win at every turn start.

With ``P`` players (``game.players``) a turn start's anchor lists the scores in seat order
from the player to move (Pig: ``i`` the mover's, ``j`` the next player's, ``l`` the one
after), and ending a turn passes the dice on: the next anchor starts from the next player.
The game is not zero-sum between two sides any more, so a turn start's value is a vector
``W[a] = (W_0, ..., W_{P-1})``, ``W_s`` the chance that the player ``s`` seats after the
mover wins (they sum to 1). Each player maximises their own chance (max-n):

.. math::

    W_0[a] = \max_{\text{play of the turn}} E[\,\text{end}_0\,], \qquad
    W_s[a] = E[\,\text{end}_s\,] \text{ along that play},

where ending the turn with gain ``g`` either ends the game (the mover's result ``v``:
1 a win; the others share ``1 - v`` equally, so a draw when the turns run out is ``1/P``
each) or leads to the next anchor ``a'``, whose seat ``P - 1`` is this mover:
``end_0 = W_{P-1}[a']`` and ``end_s = W_{s-1}[a']``. The turn is one
:func:`~pycore.jeopardy.solving.turn_graph.sweep` over the mover's component, the other players'
components riding along as followed payoffs (``follow``); ties between rolling and holding
go to holding (the sweep rolls only where rolling is strictly better).

**Which fixed point.** Two players make a zero-sum game with one value; with three, a
stochastic game need not have a unique stationary equilibrium, and iterating from a start
need not settle (three-player Pig from goal 70 up keeps switching; issue 36). So:

* **With a turn limit** (:func:`turn_limited_seat_values`: ``n`` turns left in all, the
  win shared 1/P each when they run out) backward induction over ``n`` gives one answer
  (with the tie rule): one sweep of every turn start a turn left, its endings read in the
  table with one turn fewer. The chain solver (:mod:`pycore.jeopardy.seats.chain`) does the
  same for Pig's kind of turn, fast. At goal 100 the start's chances settle to seven digits
  from 120 turns left while some turn starts keep moving by up to 0.009 a turn
  (docs/three-players.md).
* **Without one**, a stage whose zero-gain endings stay in it (a 1 in Pig leaves the
  scores where they were) is swept again and again from the values ``1/P`` until no value
  moves by ``tolerance`` (the change measured before damping: how far the values are from
  their own equations). Each sweep moves the values only ``damping`` of the way to what it
  found: the fixed points are the same, but three-player Pig to 50 settles with 1/2
  (measured: at most 351 sweeps a layer) where the full step kept switching policies (a
  layer still moving by 0.0014 after 2,000 sweeps); to 20 it costs 109 sweeps a layer
  instead of 57. If no fixed point is reached after ``max_sweeps`` sweeps the solve is
  refused (:class:`SeatsDidNotSettle`, naming the stage and the last change): there is then
  no stationary answer this iteration finds, and the turn-limited game is the one to ask.

Arrays: the result is (A, P), rows in ``game.anchors()`` order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pycore.core.errors import SolverError
from pycore.core.parallel import PartPool, worker_count
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.solving.factored import _Endings
from pycore.jeopardy.solving.kept_state import seat_stages_problem, seat_turns_problem
from pycore.jeopardy.solving.turn_graph import start_graph_of, sweep

#: the sweeps of a stage that take a policy-iteration step before plain (damped) steps
POLICY_STEPS = 20


class SeatsDidNotSettle(SolverError):
    """The stationary iteration of a game of more than two players did not settle."""


@dataclass(frozen=True)
class _PartEndings:
    """What ending a turn leads to, for a batch of B anchors and each gain (G + 1): the
    next anchor's row (int32, 0 where the game ends or the anchor is not tabulated: by the
    rules' contract no turn reaches one), every player's result where the game ends as a
    code into ``results`` ((K + 1, P), the mover's first; code 0: the game goes on; a byte, two
    where there are more than 255 results), and the
    legal actions (B, G + 1, C). Compact (about 7 bytes a cell with one configuration) so
    that a turn-limited solve keeps them for every turn left: Pig for three players to 100
    has 10^8 cells."""

    rows: np.ndarray
    codes: np.ndarray
    results: np.ndarray
    roll_ok: np.ndarray
    hold_ok: np.ndarray

    @classmethod
    def of(cls, endings: _Endings, anchors: np.ndarray, columns, can_roll, players: int) -> _PartEndings:
        terminal, rows, everyone = endings.at(anchors, players)
        _, roll_ok, hold_ok = endings.masks(anchors, terminal, columns, can_roll)
        ended = ~np.isnan(terminal)
        results, codes = _distinct_rows(everyone[ended])
        if len(results) >= 2**16:
            raise SolverError(f"{endings.game.name}: over 65,535 different results of a game's end")
        # (a byte a cell where it does; AYZD for four and five has more: a tie of two, three or
        # four at each top, in every placement among the seats)
        code = np.zeros(terminal.shape, np.uint8 if len(results) < 2**8 else np.uint16)
        code[ended] = codes + 1
        rows = np.where(ended | (rows < 0), 0, rows)
        small = np.int32 if len(endings.anchors) < 2**31 else np.int64
        return cls(rows.astype(small), code, np.vstack([np.full(players, np.nan), results]), roll_ok, hold_ok)


def _distinct_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(K, P) the distinct rows of ``rows`` (R, P), the first column's order first, and (R,)
    each row's place among them: ``np.unique(rows, axis=0, return_inverse=True)``'s answer,
    by a lexsort (``np.unique`` sorts the rows as records: 2.9 s against 0.1 s for a million
    ends of AYZD for three, a fifth of its solve)."""
    order = np.lexsort(rows.T[::-1])
    ranked = rows[order]
    new = np.empty(len(rows), bool)
    new[:1] = True
    np.any(ranked[1:] != ranked[:-1], axis=1, out=new[1:])
    places = np.empty(len(rows), np.intp)
    places[order] = np.cumsum(new) - 1
    return ranked[new], places


def _turn(graph, W: np.ndarray, end: _PartEndings, players: int, zero_gain_chance: bool = False,
          policy: np.ndarray | None = None, rolled: bool = False):
    """(B, P) each seat's chance at the batch's turn starts, the mover playing the turn to
    maximise their own, the endings read in ``W`` (A, P) (see the module); with
    ``zero_gain_chance`` (B, P + 1), the last column the chance that the turn so played ends
    with nothing banked. ``policy`` (B, G + 1, C) bool: the mover rolls where it says instead
    (where that is legal; :mod:`pycore.jeopardy.seats.profile`); ``rolled``: also return
    (B, G + 1, C) where the mover rolled (the optimal play's moves, for the profiles)."""
    ended = end.codes > 0
    terminal = end.results[end.codes]  # (B, G + 1, P)
    after = W[end.rows]  # (B, G + 1, P): the next mover's seats
    hold = np.where(ended, terminal[:, :, 0], after[:, :, players - 1])
    follow = tuple((h, h[:, 0]) for h in (np.where(ended, terminal[:, :, s], after[:, :, s - 1]) for s in range(1, players)))
    if zero_gain_chance:  # the chance that the turn ends with nothing banked: holding 0 or a bust
        follow += ((np.zeros_like(hold), 1.0),)
    turn = sweep(graph, hold, end.roll_ok, end.hold_ok, hold[:, 0], policy=policy, follow=follow)
    out = np.empty((len(hold), players + zero_gain_chance))
    out[:, 0] = turn.value[:, 0, graph.start]
    for s in range(1, players + zero_gain_chance):
        out[:, s] = turn.followed[s - 1][:, 0, graph.start]
    if rolled:  # (as the sweep chose: rolling strictly better, or holding not allowed)
        return out, ~np.isnan(turn.roll) & (np.isnan(turn.hold) | (turn.roll > turn.hold))
    return out


def seat_policy(game, W: np.ndarray) -> np.ndarray:
    """(A, G + 1, C) where the mover rolls at every turn state of every turn start of
    ``game.anchors()`` (gain by gain, configuration by the turn graph's columns), each turn
    played to maximise the mover's chance with its endings read in ``W`` (A, P), ties held:
    the policy every seat plays (a simulation's, without a turn's sweep a decision)."""
    players = int(game.players)
    endings = _Endings.of(game)
    graph, columns, can_roll = start_graph_of(game)
    rolls = np.zeros((len(endings.anchors), len(endings.gains), graph.n_configurations), bool)
    for part in endings.batches(np.arange(len(endings.anchors)), graph.n_configurations):
        end = _PartEndings.of(endings, part, columns, can_roll, players)
        rolls[part] = _turn(graph, W, end, players, rolled=True)[1]
    return rolls


def _cycle_step(W: np.ndarray, new: np.ndarray, zero: np.ndarray, stage) -> np.ndarray:
    """(M, P) the values of a stage's members were each turn played as in this sweep (a
    policy-iteration step; see the module): each member's values are ``c + d * roll(W[n])``,
    ``n`` its zero-gain partner in the stage and ``d`` = ``zero`` the chance of that ending,
    so ``P`` steps along the partners compose to ``C + D * W`` (the seats turned ``P``
    times are back in place) wherever the partners come back in ``P`` steps, and there
    ``W = C / (1 - D)``. Members whose partners do not come back (none in Pig or AYZD) keep
    the sweep's values."""
    players = W.shape[1]
    members = stage.members
    step = np.arange(len(members))
    step[stage.inside] = stage.position  # each member's partner in the stage (itself where it leaves)
    d = np.where(stage.inside, zero, 0.0)
    c = new - d[:, None] * np.roll(W[members][step], 1, axis=1)
    C, D, at = c.copy(), d.copy(), step.copy()
    for turned in range(1, players):
        C += D[:, None] * np.roll(c[at], turned, axis=1)
        D *= d[at]
        at = step[at]
    back = (at == np.arange(len(members))) | (D == 0.0)
    return np.where(back[:, None], C / (1.0 - D)[:, None], new)


def seat_values(game, tolerance: float = 1e-12, max_sweeps: int = 2000, progress=None,
                stats: dict | None = None, damping: float = 0.5, checkpoint=None) -> np.ndarray:
    """(A, P) each seat's chance to win at every turn start of ``game.anchors()``, seat 0
    the player to move (see the module). ``stats``: ``sweeps`` (batched sweeps made),
    ``stage_sweeps`` (the most one stage needed) and ``residual`` (the largest last change
    of a stage swept to a fixed point). ``damping``: the share of each sweep's step taken
    (0 < damping <= 1; see the module). ``checkpoint``
    (:class:`~pycore.core.progress.Checkpoint`): after each stage the values and the stages
    done are kept, and a later run of the same build goes on from the stage after them (a
    stage's values depend only on the stages before it)."""
    players = int(game.players)
    if players < 2:
        raise SolverError(f"{game.name}: a game of {players} player has no opponent")
    if not 0 < damping <= 1:
        raise SolverError(f"damping is the share of a sweep's step taken, above 0 and at most 1; got {damping}")
    endings = _Endings.of(game)
    graph, columns, can_roll = start_graph_of(game)
    stats = {} if stats is None else stats
    stats.update(sweeps=0, stage_sweeps=0, residual=0.0)
    stages, falls = endings.stages()
    if falls:
        raise SolverError(f"{game.name}: endings that lower a layer are not solved for {players} players")
    # each stage's batches; what a batch's turns end in is worked out where it is swept (in
    # this process or a worker) at the stage's first sweep and kept for the stage's others; on
    # several workers a stage is split among them (a stage is one batch in AYZD: 77,000 cells
    # at most for three players), each turn start's sweep the same in any batch
    workers = worker_count()
    parts, batch_counts = [], []  # (the sweeps counted in the serial run's batches: the same stats)
    for stage in stages:
        batches = endings.batches(np.arange(len(stage.members)), graph.n_configurations)
        batch_counts.append(len(batches))
        if workers > 1 and len(batches) < workers:
            batches = [p for p in np.array_split(np.arange(len(stage.members)), workers) if len(p)]
        parts.append(batches)
    kept_ends: dict = {}

    def sweep_part(at, W, new):
        stage, n = at
        if kept_ends.get("stage") != stage:
            kept_ends.clear()
            kept_ends["stage"] = stage
        members = stages[stage].members[parts[stage][n]]
        if n not in kept_ends:
            kept_ends[n] = _PartEndings.of(endings, members, columns, can_roll, players)
        new[members] = _turn(graph, W, kept_ends[n], players, zero_gain_chance=True)

    anchors = len(endings.anchors)
    with PartPool(sweep_part, (anchors, players), (anchors, players + 1)) as pool:
        W = pool.source  # (the values, updated in place: the workers read them there)
        W[:] = 1.0 / players
        kept = checkpoint.load() if checkpoint is not None else None
        problem = None if kept is None else seat_stages_problem(kept, W.shape, len(stages))
        if problem:  # (its checksum matched: written so by another version, or by hand)
            checkpoint.set_aside(problem)
            kept = None
        if kept is not None:
            W[:] = np.array(kept["values"], dtype=float)
            stats.update(sweeps=int(kept["sweeps"]), stage_sweeps=int(kept["stage_sweeps"]),
                         residual=float(kept["residual"]))
        skip = int(kept["stages_done"]) if kept is not None else 0
        for done, stage in enumerate(stages, 1):
            if done <= skip:  # (kept by an earlier run of this build)
                continue
            members = stage.members
            batches = [(done - 1, n) for n in range(len(parts[done - 1]))]
            for count in range(1, max_sweeps + 1):
                new = pool.run(None, batches)[members]
                stats["sweeps"] += batch_counts[done - 1]
                new, zero = new[:, :players], new[:, players]
                change = float(np.max(np.abs(new - W[members]), initial=0.0))
                if count <= POLICY_STEPS and stage.inside.any():
                    W[members] = _cycle_step(W, new, zero, stage)
                else:  # (a stage every ending leaves is exact at once: no damping)
                    W[members] = W[members] + damping * (new - W[members]) if stage.inside.any() else new
                stats["stage_sweeps"] = max(stats["stage_sweeps"], count)
                if not stage.inside.any():  # every ending leaves the stage: exact in one sweep
                    break
                if change < tolerance:
                    stats["residual"] = max(stats["residual"], change)
                    break
            else:
                layer = int(endings.layers[members[0]])
                raise SeatsDidNotSettle(
                    f"{game.name}: the {players}-player values of layer {layer} did not settle in {max_sweeps} "
                    f"sweeps (the last changed a chance by {change:.2g}): no stationary answer was found this "
                    "way; solve it with a turn limit")
            if progress:
                progress(f"stage {done} of {len(stages)}", done / len(stages))
            if checkpoint is not None:
                checkpoint.save({"values": W, "stages_done": done, "sweeps": stats["sweeps"],
                                 "stage_sweeps": stats["stage_sweeps"], "residual": float(stats["residual"])})
        return W.copy()


@dataclass(frozen=True)
class TurnLimitedSeats:
    """A game of ``P`` players played with at most ``turns`` more turns, all players' together
    (:func:`turn_limited_seat_values`). ``values`` (A, P): each seat's chance at every turn
    start of ``game.anchors()`` with ``turns`` turns left, this one included; ``start``
    (turns + 1, P): the chances at the game's start with 0, 1, ..., ``turns`` turns left (0:
    the win shared, 1/P each); ``changes`` (turns + 1,): the largest change of any chance
    from ``n - 1`` turns left to ``n`` (0 at ``n = 0``), the stationary iteration's residual
    if the turns left are read as its sweeps; ``cycle_changes`` (turns + 1,): the same from
    ``n - P`` (0 below ``P``): with ``n`` and ``n - P`` turns left the same seat has the
    last turn; ``ending_values`` (A, P): the chances with ``turns - 1`` left, what the turns
    with ``turns`` left end in (the advice's sweep reads them)."""

    turns: int
    values: np.ndarray
    start: np.ndarray
    changes: np.ndarray
    cycle_changes: np.ndarray
    ending_values: np.ndarray


def turn_limited_seat_values(game, turns: int, progress=None, should_stop=None, checkpoint=None) -> TurnLimitedSeats:
    """Backward induction over the turns left (see the module): ``W_0 = 1/P`` for every seat
    (the turns ran out with nobody at the goal: the win shared), and ``W_n`` is one turn at
    every anchor of ``game`` (a game without a turn limit) whose endings read ``W_{n-1}``.
    Exact, with one answer. What ending each turn leads to is computed once and kept in
    compact form (:class:`_PartEndings`). ``should_stop``: asked after every turn left; a
    true answer stops the solve with :class:`~pycore.core.errors.SolverError`. ``checkpoint``:
    see :func:`collect_turns`."""
    players = int(game.players)
    if players < 2:
        raise SolverError(f"{game.name}: a game of {players} player has no opponent")
    return collect_turns(game, lambda start: swept_tables(game, start), turns, progress, should_stop, checkpoint)


def swept_tables(game, start: np.ndarray | None = None):
    """(A, P) the chances with 1, 2, 3, ... turns left, by the general sweep (without end);
    ``start`` (A, P): the chances with 0 turns left (default: the win shared, 1/P each)."""
    players = int(game.players)
    endings = _Endings.of(game)
    graph, columns, can_roll = start_graph_of(game)
    parts = endings.batches(np.arange(len(endings.anchors)), graph.n_configurations)
    ends = [_PartEndings.of(endings, part, columns, can_roll, players) for part in parts]

    def sweep_part(n, W, new):
        new[parts[n]] = _turn(graph, W, ends[n], players)

    W = np.full((len(endings.anchors), players), 1.0 / players) if start is None else np.asarray(start, float)
    with PartPool(sweep_part, W.shape, W.shape) as pool:  # (forked once the endings are known)
        while True:
            W = pool.run(W, range(len(parts))).copy()
            yield W


def turns_at(game, ending_values: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(R, P) each seat's chance at the turn starts ``rows`` (of ``game.anchors()``), one turn
    each whose endings read ``ending_values`` (A, P): the general sweep of those rows alone
    (a few hundred head starts of a shipped table in a second, where the whole table is a
    minute of GRO for three)."""
    players = int(game.players)
    endings = _Endings.of(game)
    graph, columns, can_roll = start_graph_of(game)
    wanted = np.unique(np.asarray(rows, np.int64))  # (sorted: the batches are runs of it)
    found = np.empty((len(wanted), players))
    first = 0
    for part in endings.batches(wanted, graph.n_configurations):
        end = _PartEndings.of(endings, part, columns, can_roll, players)
        found[first : first + len(part)] = _turn(graph, ending_values, end, players)
        first += len(part)
    return found[np.searchsorted(wanted, rows)]


def collect_turns(game, tables_from, turns: int, progress=None, should_stop=None, checkpoint=None) -> TurnLimitedSeats:
    """The :class:`TurnLimitedSeats` of ``turns`` turns left from ``tables_from(start)`` (an
    iterator of the (A, P) tables with 1, 2, ... more turns left than ``start``, the table of
    some number of turns left; None: of none, the win shared), with the start's chances and
    the changes at every number of turns left. ``should_stop``: asked after every turn left;
    a true answer stops with :class:`~pycore.core.errors.SolverError`. ``checkpoint``
    (:class:`~pycore.core.progress.Checkpoint`): after each turn left the last ``P`` tables,
    the turns done and the start's chances so far are kept, and a later run of the same build
    goes on from them (a table depends only on the one with a turn fewer)."""
    players, turns = int(game.players), int(turns)
    if turns < 0:
        raise SolverError(f"turns left must be 0 or more; got {turns}")
    first = int(layout(game).anchor_row(game.start_anchor()))
    W = np.full((layout(game).anchor_count(), players), 1.0 / players)
    earlier = [W]  # the last P tables, oldest first
    start, changes, cycle = [W[first].copy()], [0.0], [0.0]
    kept = checkpoint.load() if checkpoint is not None else None
    problem = None if kept is None else seat_turns_problem(kept, W.shape, turns)
    if problem:  # (its checksum matched: written so by another version, or by hand)
        checkpoint.set_aside(problem)
        kept = None
    done = 0
    if kept is not None:
        done = int(kept["turns_done"])
        earlier = list(np.array(kept["tables"], dtype=float))
        start, changes, cycle = list(np.array(kept["start"], float)), list(kept["changes"]), list(kept["cycle_changes"])
        W = earlier[-1]
    tables = tables_from(W if done else None)
    try:
        for n in range(done + 1, turns + 1):
            W = next(tables)
            changes.append(float(np.max(np.abs(W - earlier[-1]))))
            cycle.append(float(np.max(np.abs(W - earlier[0]))) if len(earlier) == players else 0.0)
            earlier = [*earlier[-(players - 1):], W]
            start.append(W[first].copy())
            if progress:
                progress(f"{n} of {turns} turns left", n / turns)
            if checkpoint is not None:
                checkpoint.save({"tables": np.array(earlier), "turns_done": n, "start": np.array(start),
                                 "changes": np.array(changes), "cycle_changes": np.array(cycle)})
            if should_stop and should_stop():
                raise SolverError(f"stopped at {n} of {turns} turns left")
    finally:
        tables.close()  # (a generator: its workers stop now, not when it is collected)
    return TurnLimitedSeats(turns, W, np.array(start), np.array(changes), np.array(cycle), earlier[-2] if turns else W)
