"""The two-player game by the factored sweep: every anchor's turn-start value, layer by layer
(:func:`anchor_values`), a policy evaluated exactly against optimal play
(:func:`evaluate_against_optimal`), the expected length of a game, a boundary picture's turns,
and the :class:`FactoredSolution` that answers the solution protocol from the turn-start values
alone (a turn is swept by :func:`pycore.jeopardy.solving.turn_graph.anchor_turn` when asked about).

A layer's anchors are swept together, in batches of :data:`BATCH_CELLS` cells; within a layer
the turn-start values are iterated until none moves by more than :data:`TOLERANCE`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pycore.core.errors import InvalidPolicyError, InvalidStateError, SolverError
from pycore.core.progress import Checkpoint
from pycore.jeopardy.model.compiled import RowIndex
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.vocabulary import Policy, probability
from pycore.jeopardy.solving.kept_state import kept_problem
from pycore.jeopardy.solving.solution import Matchup, TwoSeats
from pycore.jeopardy.solving.turn_graph import (
    FactoredTurnValues,
    anchor_turn,
    ending_values,
    graph_of,
    reachable_turn_states,
    start_graph_of,
    sweep,
)

#: when a layer's turn-start values stop: no value moved by more than this in the last sweep
TOLERANCE = 1e-14


#: the most passes over the layers a game whose endings can lower a layer may take (Farkle's
#: penalty: see :func:`anchor_values`)
MAX_PASSES = 400

#: where passes stop at the latest (a game whose endings fall): a thousandth of a table's scale
#: (2^-30, where the values are stored), one pass (of ten or so) short of TOLERANCE
PASS_TOLERANCE = 1e-12

#: a game whose endings fall keeps its slopes once a pass changes no value by this much
SLOPES_KEPT_BELOW = 1e-2

#: cells (anchors x gains x configurations) one batched sweep works on: sets how many anchors
#: are swept at once (16 Zombie Dice anchors; Pig's 10,000 with a turn limit)
BATCH_CELLS = 1_000_000


@dataclass(frozen=True)
class _Stage:
    """Anchors solved together (rows into ``anchors()``): one layer, or consecutive layers none
    of whose anchors leads to another of them. ``partner`` is where each one's zero-gain
    ending leads (an anchor row, -1 where it ends the game), ``inside`` which of those are in
    the stage and ``position`` their places in it."""

    members: np.ndarray
    partner: np.ndarray
    inside: np.ndarray
    position: np.ndarray


@dataclass(frozen=True)
class _Endings:
    """The anchors (A, V), their columns and layers, the gains (G + 1,), and what ending a
    turn with each gain leads to, computed for the anchors of one stage at a time (a table
    over every anchor and gain would be 700 MB for Pig with 40 turns)."""

    game: object
    anchors: np.ndarray
    columns: dict
    gains: np.ndarray
    layers: np.ndarray
    index: RowIndex  # anchor columns -> row, -1 where not tabulated

    @property
    def top(self) -> int:
        return len(self.gains) - 1

    @classmethod
    def of(cls, game) -> _Endings:
        anchors = np.asarray(game.anchors(), dtype=np.int64)
        cols = {v: anchors[:, n] for n, v in enumerate(game.anchor_vars)}
        gains = np.arange(layout(game).var_range(game.turn_vars[0])[1] // game.gain_step + 1) * game.gain_step
        return cls(game, anchors, cols, gains, np.asarray(game.layer(cols)), RowIndex(anchors))

    def at(self, rows: np.ndarray, players: int | None = None) -> tuple:
        """(terminal, next rows), each (R, G + 1): the mover's result where ending the turn at
        these anchors with each gain ends the game (``nan`` where it goes on), and the next
        anchor's row (-1: not tabulated); given ``players``, also (R, G + 1, P) every player's
        result there, the mover's first (:meth:`TurnEnd.results`: the game's ``others``, or
        the rest shared equally)."""
        game, names = self.game, self.game.anchor_vars
        end = game.end_turn({v: c[rows][:, None] for v, c in self.columns.items()}, self.gains[None, :])
        shape = (len(rows), len(self.gains))
        terminal = np.array(np.broadcast_to(np.asarray(end.mover_value, float), shape))
        following = game.canonical_anchor({v: np.broadcast_to(end.next_anchor[v], shape) for v in names})
        next_rows = self.index.rows(np.stack([np.ravel(following[v]) for v in names], axis=1)).reshape(shape)
        return (terminal, next_rows) if players is None else (terminal, next_rows, end.results(players, shape))

    def stages(self) -> tuple[list[_Stage], bool]:
        """The anchors in the order they are solved, highest layer first, and whether some
        ending leads to a lower layer (the Farkle penalty: then one pass over the stages is
        not exact, see :func:`passes`). A layer whose
        zero-gain endings stay in it is a stage of its own (solved to a fixed point); a run of
        layers whose endings all lead above the run is one stage (exact in one pass, swept in
        large batches: a turn counter's layer of one turn). (The endings are computed here and
        again stage by stage: keeping them would be the (A, G + 1) table this class avoids.)"""
        count = len(self.anchors)
        never = np.iinfo(np.int64).max
        lowest, partner = np.empty(count, np.int64), np.empty(count, np.int64)  # lowest layer led to
        for chunk in self.batches(np.arange(count), 1):
            terminal, rows = self.at(chunk)
            goes_on = np.isnan(terminal) & (rows >= 0)
            lowest[chunk] = np.where(goes_on, self.layers[np.maximum(rows, 0)], never).min(axis=1)
            partner[chunk] = np.where(np.isnan(terminal[:, 0]), rows[:, 0], -1)
        by_layer = np.argsort(-self.layers, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(self.layers[by_layer]) != 0])
        level_lowest = np.minimum.reduceat(lowest[by_layer], starts)
        bounds = np.r_[starts, count]
        runs: list[list] = []  # [first level's index, last's + 1, top layer, mergeable]
        for n, start in enumerate(starts):
            level = int(self.layers[by_layer[start]])
            if runs and runs[-1][3] and level_lowest[n] > runs[-1][2]:
                runs[-1][1] = n + 1
            else:
                runs.append([n, n + 1, level, level_lowest[n] > level])
        out = []
        for first, last, _, _ in runs:
            members = np.sort(by_layer[bounds[first] : bounds[last]])
            inside = np.isin(partner[members], members)
            out.append(_Stage(members, partner[members], inside, np.searchsorted(members, partner[members][inside])))
        return out, bool(np.any(lowest < self.layers))

    def batches(self, members: np.ndarray, configurations: int) -> list[np.ndarray]:
        """``members`` in batches of about :data:`BATCH_CELLS` cells a sweep."""
        size = max(1, BATCH_CELLS // (len(self.gains) * configurations))
        return [members[n : n + size] for n in range(0, len(members), size)]

    def state(self, anchor: np.ndarray, columns: dict) -> dict:
        """Every state column at these anchor rows, (B, 1, 1) the anchor's, (1, G + 1, 1) the
        gain and (1, 1, C) the configuration's (``columns``: the turn graph's), broadcast
        together as a policy's rule reads them."""
        state = {v: c[anchor][:, None, None] for v, c in self.columns.items()}
        state[self.game.turn_vars[0]] = self.gains[None, :, None]
        state.update({v: c[None, None, :] for v, c in columns.items()})
        return state

    def masks(self, anchor: np.ndarray, terminal: np.ndarray, columns: dict, can_roll) -> tuple[dict, np.ndarray, np.ndarray]:
        """(state columns, roll allowed, hold allowed) (B, G + 1, C) at these anchor rows
        (``terminal``: their :meth:`at`; ``can_roll``: the start graph's, see
        ``JeopardyGame.start_graph``); rolling is not offered where holding wins on the spot
        (as the rules' legal actions)."""
        game = self.game
        state = self.state(anchor, columns)
        hold_ok = np.asarray(game.can_hold(state), bool)
        wins = (terminal == 1.0)[:, :, None]
        return state, np.asarray(can_roll(state), bool) & ~(hold_ok & wins), hold_ok


def anchor_values(game, tolerance: float = TOLERANCE, max_sweeps: int = 100, progress=None,
                  stats: dict | None = None, checkpoint: Checkpoint | None = None) -> np.ndarray:
    """P(mover wins) at every turn start of ``game.anchors()`` (A,), under optimal play.

    Layer by layer from the highest (the game's ``layer``: a turn's gains never lower it), each
    anchor's turn is one :func:`sweep` with holding worth ``1 - X(next anchor)`` or the
    game's result. Anchors of one layer lead to each other only by zero-gain endings
    (worth ``u = 1 - X(partner)``); a sweep also gives each value's slope in ``u`` (the
    chance of a zero-gain ending under the actions taken), and Newton's step solves the
    layer's linearised equations ``x_a = X_a(u) + s_a (1 - x_partner - u_a)`` exactly.
    The value is convex and piecewise linear in ``u``, so once the actions stop changing
    the step is exact: two or three sweeps a layer, where plain iteration needs one for
    every factor of the chance of a zero-gain turn, squared. Stops when no value moves
    by ``tolerance``. Layers that do not lead to each other (a turn counter's) are swept
    together (:meth:`_Endings.stages`), in batches of :data:`BATCH_CELLS`;
    ``stats["sweeps"]`` counts the batched sweeps made and ``stats["residual"]`` is the
    largest last change.

    **Endings that fall** (Farkle's penalty for a third zilch lowers a score, and so the
    layer): no order of the anchors solves them in one pass. Passes are made over the
    stages, highest first, each stage reading the layers below from the pass before (the
    ones above are this pass's: Gauss-Seidel). In every pass a stage is swept once and its
    Newton step taken unchecked; the next pass's first sweep of it checks it. Values
    start at 1/2. A pass's change is the largest first-sweep change of its stages, how far
    the values it started from are from the optimality equations; the passes stop when one
    is below ``tolerance`` (at the latest :data:`PASS_TOLERANCE`), so the values are then
    a fixed point to within it (each value
    is a chance a turn ends one way or another, so a change below ``tolerance`` everywhere
    bounds the equations' residual). Measured: every pass divides the change by 3 to 100
    (Farkle to 1,000, scores down to -1,000: 11 passes from 1/2 to 1e-12). From the pass
    whose change is below :data:`SLOPES_KEPT_BELOW` the slopes are kept from the last pass
    that measured them (the actions no longer change, the next pass checks the step), and a
    sweep is half the work. ``stats["passes"]`` counts the passes and
    ``stats["pass_changes"]`` lists each one's change.

    ``checkpoint``: given the values, the pass and the stages done in it and the stats after
    every stage, and asked at the start for an earlier run's (a stage's values depend only
    on what was there when it started, so a resumed solve gives the same values as one run
    straight through)."""
    endings = _Endings.of(game)
    graph, columns, can_roll = start_graph_of(game)
    top = endings.top
    X = np.full(len(endings.anchors), 0.5)
    zero_gain_ending = (np.eye(top + 1)[0], 1.0)  # its expectation: the slope by u
    stats = {} if stats is None else stats
    stats.update(sweeps=0, resumed_at_stage=0, passes=1, pass_changes=[])
    stages, falls = endings.stages()
    pass_change = 0.0  # the largest change a stage's first sweep made in this pass
    slopes = np.zeros(len(X))  # each anchor's chance of a zero-gain ending, from its last sweep
    kept = checkpoint.load() if checkpoint is not None else None
    problem = None if kept is None else kept_problem(kept, len(X), len(stages), MAX_PASSES)
    if problem:  # (its checksum matched: written so by another version, or by hand)
        checkpoint.set_aside(problem)
        kept = None
    if kept is not None:
        X = np.array(kept["values"], dtype=float)
        slopes = np.array(kept.get("slopes", slopes), dtype=float)
        pass_change = float(kept.get("pass_change", 0.0))
        stats.update(sweeps=int(kept["sweeps"]), resumed_at_stage=int(kept["stages_done"]),
                     passes=int(kept.get("passes", 1)), pass_changes=[float(c) for c in kept.get("pass_changes", ())])
        if "residual" in kept:
            stats["residual"] = float(kept["residual"])
    skip = stats["resumed_at_stage"]
    # where endings fall a stage is swept once a pass and its Newton step taken unchecked: the
    # next pass's first sweep checks it (the step is exact once the actions stop changing)
    sweeps_a_stage = 1 if falls else max_sweeps
    while True:
        # once a pass has changed no value by SLOPES_KEPT_BELOW, the slopes are the last
        # measured (the actions hardly change any more, and the next pass checks the step): a
        # sweep without them is half the work
        settling = bool(stats["pass_changes"]) and stats["pass_changes"][-1] < SLOPES_KEPT_BELOW
        follow = () if settling else (zero_gain_ending,)
        for done, stage in enumerate(stages, 1):
            if done <= skip:
                continue
            members, partner, inside, position = stage.members, stage.partner, stage.inside, stage.position
            terminal, rows = endings.at(members)
            parts = endings.batches(np.arange(len(members)), graph.n_configurations)
            for attempt in range(1, max_sweeps + 1):
                u = np.where(np.isnan(terminal[:, 0]), 1.0 - X[np.maximum(partner, 0)], terminal[:, 0])
                value = np.empty(len(members))
                for part in parts:
                    _, roll_ok, hold_ok = endings.masks(members[part], terminal[part], columns, can_roll)
                    # an ending at an anchor not tabulated (row -1) is read as anchor 0's value: by the
                    # rules' contract (``anchors``) that only happens from turn states no turn reaches
                    hold = np.where(np.isnan(terminal[part]), 1.0 - X[np.maximum(rows[part], 0)], terminal[part])
                    turn = sweep(graph, hold, roll_ok, hold_ok, u[part], follow=follow)
                    stats["sweeps"] += 1
                    value[part] = turn.value[:, 0, graph.start]
                    if follow:
                        slopes[members[part]] = turn.followed[0][:, 0, graph.start]
                slope = slopes[members]
                # the fixed point's residual: how far each anchor's u is from what its partner's value says
                residual = np.abs(u[inside] - (1.0 - value[position])) if inside.any() else np.zeros(0)
                change = max(float(np.max(np.abs(value - X[members]))), float(residual.max(initial=0.0)))
                if attempt == 1:
                    pass_change = max(pass_change, change)
                X[members] = value
                if not inside.any():  # no zero-gain ending stays in the stage: exact at once
                    break
                if change < tolerance:
                    stats["residual"] = max(stats.get("residual", 0.0), change)
                    break
                # Newton: (I + S P) x = value + S (1 - u) on the anchors whose partner is in the layer
                system = np.eye(len(members))
                rows_in = np.flatnonzero(inside)
                system[rows_in, position] += slope[rows_in]
                rhs = value + np.where(inside, slope * (1.0 - u), 0.0)
                X[members] = np.linalg.solve(system, rhs)
                if attempt == sweeps_a_stage:
                    break
            else:
                raise SolverError(f"{game.name}: a layer did not settle within {max_sweeps} sweeps")
            if progress:
                label = f"pass {stats['passes']}, " if falls else ""
                progress(f"{label}stage {done} of {len(stages)}", done / len(stages))
            if checkpoint is not None:
                checkpoint.save({"values": X, "slopes": slopes, "pass_change": pass_change, "stages_done": done, "sweeps": stats["sweeps"],
                                 "passes": stats["passes"], "pass_changes": np.asarray(stats["pass_changes"]),
                                 **({"residual": stats["residual"]} if "residual" in stats else {})})
        if not falls:
            break
        # how far the values were from the optimality equations, by the largest first sweep of a
        # stage; the first pass's compares with the starting values
        stats["pass_changes"].append(pass_change)
        if pass_change < max(tolerance, PASS_TOLERANCE):
            stats["residual"] = max(stats.get("residual", 0.0), pass_change)
            break
        if stats["passes"] >= MAX_PASSES:
            raise SolverError(f"{game.name}: the passes did not settle within {MAX_PASSES} (last change {pass_change:.3g})")
        stats["passes"] += 1
        pass_change, skip = 0.0, 0
    if not np.all((X >= -1e-12) & (X <= 1 + 1e-12)):
        raise SolverError(f"{game.name}: turn-start values outside [0, 1]")
    return X


def passes(game, falls: bool, arrays: list[np.ndarray], tolerance: float = TOLERANCE):
    """Pass numbers for a pass over the stages, until one changes none of ``arrays`` (updated
    in place by the caller's pass) by ``tolerance``: one pass where no ending falls to a lower
    layer (exact at once), else as :func:`anchor_values` iterates."""
    for number in range(1, MAX_PASSES + 1):
        before = [a.copy() for a in arrays]
        yield number
        if not falls:
            return
        # relative to the values' size (a game's expected length is tens of turns)
        scale = max(1.0, *(float(np.max(np.abs(a), initial=0.0)) for a in arrays))
        if max(float(np.max(np.abs(a - b), initial=0.0)) for a, b in zip(arrays, before, strict=True)) < tolerance * scale:
            return
    raise SolverError(f"{game.name}: the passes did not settle within {MAX_PASSES}")


def expected_turns(game, optimal: np.ndarray, progress=None) -> float:
    """The exact expected number of turns (both players', this one included) in a game
    between two optimal players, from its start with no head start.

    ``L(a)``, the expected turns from turn start ``a`` on, is the expectation over ``a``'s
    turn, played by the optimal actions (those :func:`anchor_values` takes from
    ``optimal`` (A,), ties holding), of 1 + ``L(next anchor)``, or 1 where the ending ends
    the game: a payoff followed along each anchor's optimal sweep, stage by stage from the
    highest layer as the values are. A zero-gain ending to a partner in the same stage
    makes it linear in the partner's, ``L_a = F_a + s_a L_partner`` (``s_a`` the chance of
    that ending, followed too), solved exactly for the stage. One sweep per anchor: about
    the cost of the solve itself (Pig's table games count the same way, by the flow of
    probability: :func:`~pycore.jeopardy.solving.tabulated.occupancy`)."""
    endings = _Endings.of(game)
    graph, columns, can_roll = start_graph_of(game)
    L = np.zeros(len(endings.anchors))
    zero_gain_ending = (np.eye(endings.top + 1)[0], 1.0)
    stages, falls = endings.stages()
    for _ in passes(game, falls, [L]):
        for done, stage in enumerate(stages, 1):
            members, partner, inside, position = stage.members, stage.partner, stage.inside, stage.position
            terminal, rows = endings.at(members)
            ends_at_zero = ~np.isnan(terminal[:, 0])
            own, slope = np.empty(len(members)), np.empty(len(members))
            for part in endings.batches(np.arange(len(members)), graph.n_configurations):
                _, roll_ok, hold_ok = endings.masks(members[part], terminal[part], columns, can_roll)
                goes_on = np.isnan(terminal[part])
                after = np.maximum(rows[part], 0)  # (-1: a state no turn reaches, as in anchor_values)
                hold = np.where(goes_on, 1.0 - optimal[after], terminal[part])
                u = np.where(ends_at_zero[part], terminal[part, 0], 1.0 - optimal[np.maximum(partner[part], 0)])
                later = np.where(goes_on, L[after], 0.0)
                # a zero-gain ending within the stage counts this turn here and the partner's below
                zero_gain = np.where(ends_at_zero[part] | inside[part], 0.0, L[np.maximum(partner[part], 0)])
                turn = sweep(graph, hold, roll_ok, hold_ok, u, follow=((1.0 + later, 1.0 + zero_gain), zero_gain_ending))
                own[part] = turn.followed[0][:, 0, graph.start]
                slope[part] = turn.followed[1][:, 0, graph.start]
            if inside.any():
                system = np.eye(len(members))
                rows_in = np.flatnonzero(inside)
                system[rows_in, position] -= slope[rows_in]
                L[members] = np.linalg.solve(system, own)
            else:
                L[members] = own
            if progress:
                progress(f"game length: stage {done} of {len(stages)}", done / len(stages))
    return float(L[layout(game).anchor_row(game.start_anchor(0))])


# ---- one anchor's turn, and the solution of a game solved this way ---------------------------


def panel_turns(game, passed_values: np.ndarray, anchors: np.ndarray, progress=None,
                turn_fixed: dict | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The turns of many anchors at once, for a boundary picture: ``(roll, hold, reach)``, each
    (B, G + 1), the values of rolling and holding at each gain of these anchors' turns (B, V)
    (``nan`` where not allowed) and whether the state can occur, in the configuration
    ``game.panel_configuration`` picks at each anchor (by default the turn's start; Pig's
    target model: the target chosen). The rules' turn graph, swept in batches; ``progress``
    (stage, fraction) is told after each (Pig with a turn limit: seconds of work).
    ``passed_values`` (A,): the mover's chance when their turn passes to each anchor (two
    players: 1 minus its mover's; more: its last seat's); the mover's choices depend on
    their own chance alone. ``turn_fixed``: turn variables the picture fixes that are the
    configuration's (AYZD for three: the shotguns), which then picks it."""
    endings = _Endings.of(game)
    rows = endings.index.rows(anchors)
    graph, columns = graph_of(game)
    reach = reachable_turn_states(game)
    B, G = len(rows), endings.top + 1
    roll, hold, seen = np.full((B, G), np.nan), np.full((B, G), np.nan), np.zeros((B, G), bool)
    for part in endings.batches(np.arange(B), graph.n_configurations):
        terminal, following = endings.at(rows[part])
        ending = np.where(np.isnan(terminal), passed_values[np.maximum(following, 0)], terminal)
        _, roll_ok, hold_ok = endings.masks(rows[part], terminal, columns, game.can_roll)
        turn = sweep(graph, ending, roll_ok, hold_ok, ending[:, 0])
        if turn_fixed:
            config = np.full(len(part), _configuration(columns, turn_fixed))
        else:
            config = game.panel_configuration(turn.value[:, 0, :], np.asarray(anchors)[part], columns)
            config = np.full(len(part), graph.start) if config is None else config
        at = (np.arange(len(part))[:, None], np.arange(G)[None, :], config[:, None])
        roll[part], hold[part] = turn.roll[at], turn.hold[at]
        # one configuration (Pig's chain): the gains this anchor's own legal rolls reach (a
        # roll past the goal is not followed: those cells are not states); else every gain
        # a turn from 0 reaches
        seen[part] = _chain_reach(graph, roll_ok[:, :, 0]) if graph.n_configurations == 1 else reach[:, config].T
        if progress is not None:
            progress("the boundary's turns", float(part[-1] + 1) / B)
    return roll, hold, seen


def _configuration(columns: dict, values: dict) -> int:
    """The configuration whose columns have ``values``."""
    match = np.logical_and.reduce([np.asarray(columns[v]) == int(x) for v, x in values.items()])
    return int(np.flatnonzero(match)[0])


def _chain_reach(graph, roll_ok: np.ndarray) -> np.ndarray:
    """(B, G + 1) the gains a one-configuration turn reaches at each of B anchors, rolling
    where ``roll_ok`` (B, G + 1) allows."""
    steps = np.unique(graph.gain[(graph.dst >= 0) & (graph.gain > 0)])
    reach = np.zeros(roll_ok.shape, bool)
    reach[:, 0] = True
    for g in range(1, roll_ok.shape[1]):
        for d in steps[steps <= g]:
            reach[:, g] |= reach[:, g - d] & roll_ok[:, g - d]
    return reach


@dataclass(frozen=True)
class FactoredSolution(TwoSeats):
    """Optimal play of a game solved by :func:`anchor_values`: the turn-start values (A,),
    and any state's action values from its anchor's turn, swept when asked (the last few
    anchors' turns are kept)."""

    game: object
    anchor_values: np.ndarray
    iterations: int
    residual: float
    #: each pass's change, where the game's endings fall (:func:`anchor_values`); else empty
    pass_changes: tuple[float, ...] = ()
    _turns: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def n_states(self) -> int:
        graph, _ = graph_of(self.game)
        return len(self.anchor_values) * graph.n_configurations * (layout(self.game).var_range(self.game.turn_vars[0])[1] + 1)

    def anchor_value(self, anchor: tuple[int, ...]) -> float:
        return probability(self.anchor_values[layout(self.game).anchor_row(anchor)])

    def turn(self, anchor: tuple[int, ...]) -> FactoredTurnValues:
        key = layout(self.game).anchor_key(anchor)
        if key not in self._turns:
            if len(self._turns) >= 8:
                self._turns.pop(next(iter(self._turns)))
            self._turns[key] = anchor_turn(self.game, key, ending_values(self.game, key, self.anchor_value))
        return self._turns[key]

    def value(self, state) -> float:
        if tuple(state.turn) == tuple(self.game.turn_start):
            return self.anchor_value(state.anchor)  # no sweep needed for a turn start
        return probability(self.turn(state.anchor).value_at(state.turn))

    def action_values(self, state) -> dict[str, float | None]:
        return {a: probability(v) for a, v in self.turn(state.anchor).action_values(state.turn).items()}

    def best_action(self, state) -> str:
        return self.turn(state.anchor).best_action(state.turn)

    def p_first_player_wins(self, komi: int = 0) -> float:
        anchor = self.game.start_anchor(komi)
        try:
            return self.anchor_value(anchor)
        except InvalidStateError:
            raise InvalidStateError(f"{self.game.name}: a komi of {komi} is outside the table") from None

    # -- the rest of the solution protocol (pycore.jeopardy.solving.solution.GameSolution) ------------

    @property
    def optimal_policy(self) -> None:
        """Optimal play as :meth:`matchup` takes an opponent: None (no table of actions is
        kept; the optimal player's turns are swept from the turn-start values)."""
        return None

    def matchup(self, policy, against=None, label: str = "Your rule", against_label: str = "Optimal") -> Matchup:
        """A policy against optimal play, exactly (the only matchup this solution evaluates)."""
        if against is not None or not isinstance(policy, Policy):
            raise InvalidPolicyError(f"{self.game.name}: only a policy against optimal play can be evaluated")
        [(first, second)] = evaluate_against_optimal(self.game, self.anchor_values, [policy.rule],
                                                     choices=choices_of(self.game, [policy]))
        return Matchup(first, second, label, against_label)

    def against_optimal(self, policies, progress=None) -> list[Matchup]:
        """Each policy against optimal play, evaluated together (one sweep of the optimal actions)."""
        results = evaluate_against_optimal(self.game, self.anchor_values, [p.rule for p in policies], progress=progress,
                                           choices=choices_of(self.game, policies))
        return [Matchup(first, second, p.name, "Optimal") for p, (first, second) in zip(policies, results, strict=True)]

    def expected_turns(self) -> float:
        """The expected length, in turns, of a game between optimal players."""
        return expected_turns(self.game, self.anchor_values)

    def mistakes(self, policy, limit: int = 10) -> dict:
        raise InvalidPolicyError(f"{self.game.name}: where a policy goes wrong is not computed for this game yet")


def choices_of(game, policies) -> list:
    """Each policy's choices after a roll for the factored sweep (None: the first option)."""
    return [None if p.choose is None else p.choose(game) for p in policies]


def solve_factored(game, progress=None, tolerance: float = TOLERANCE, checkpoint: Checkpoint | None = None) -> FactoredSolution:
    """Optimal play of a game whose turn is solved by the factored sweep (``solver = "factored"``);
    ``checkpoint``: see :func:`anchor_values`."""
    stats: dict = {}
    values = anchor_values(game, tolerance=tolerance, progress=progress, stats=stats, checkpoint=checkpoint)
    return FactoredSolution(game, values, stats["sweeps"], stats.get("residual", 0.0), tuple(stats["pass_changes"]))


def evaluate_against_optimal(game, optimal: np.ndarray, rules: list, progress=None,
                             choices: list | None = None) -> list[tuple[float, float]]:
    """Exact win probabilities of each policy against optimal play, (moving first, moving second).

    ``optimal``: the game's optimal turn-start values (A,), whose turns give the optimal
    player's actions (swept once for all the policies); ``rules``: each ``rule(**columns)``
    where a policy rolls (a :class:`~pycore.jeopardy.rules.vocabulary.Policy` rule). Two unknowns per anchor: ``P`` (the policy
    moves there) and ``O`` (the optimal player moves). Layer by layer, ``P``'s turn is swept
    with holding worth ``1 - O(next anchor)`` and ``O``'s with ``1 - P(next)``; both are
    policy evaluations, linear in the zero-gain endings' values, so the layer's pairs
    (``P_a`` with ``O_partner``) are solved exactly by one linear system. Three sweeps an
    anchor and policy: the optimal actions (shared), then the two evaluations.

    A graph with choices: each policy's alternative at each (gain, outcome), ``choices[k]``
    ((G + 1, N) transitions; None: the first alternative, as a :class:`Policy` takes), and
    the optimal player's as its own sweep recorded them."""
    graph, columns, can_roll = start_graph_of(game)
    endings = _Endings.of(game)
    top = endings.top
    K = len(rules)
    by_policy = np.zeros((K, len(endings.anchors)))  # P: the policy moves at the anchor
    by_optimal = np.zeros((K, len(endings.anchors)))  # O: the optimal player moves
    zero_gain_ending = (np.eye(top + 1)[0], 1.0)
    has_choices = graph.choice is not None
    if has_choices:
        first_alternative = np.unique(graph.choice, return_index=True)[1]
        choices = [first_alternative if c is None else c for c in (choices or [None] * K)]
    else:
        choices = [None] * K
    stages, falls = endings.stages()
    for _ in passes(game, falls, [by_policy, by_optimal]):
        for done, stage in enumerate(stages, 1):
            members, inside, position = stage.members, stage.inside, stage.position
            n = len(members)
            terminal, rows = endings.at(members)
            found = {name: np.empty((K, n)) for name in ("P", "sP", "O", "sO", "uP", "uO")}
            for part in endings.batches(np.arange(n), graph.n_configurations):
                state, roll_ok, hold_ok = endings.masks(members[part], terminal[part], columns, can_roll)
                # a policy's choices: one for every anchor, or a function of the anchors' columns
                chosen_by = [c(state) if callable(c) else c for c in choices]
                ending = np.isnan(terminal[part])
                after = np.maximum(rows[part], 0)
                first = terminal[part, 0]
                # the optimal player's actions at these anchors, from the optimal values
                best = sweep(graph, np.where(ending, 1.0 - optimal[after], terminal[part]), roll_ok, hold_ok,
                             np.where(np.isnan(first), 1.0 - optimal[after[:, 0]], first), record_choices=has_choices)
                chooses_roll = ~np.isnan(best.roll) & (np.isnan(best.hold) | (best.roll > best.hold))
                for k, rule in enumerate(rules):
                    rule_rolls = np.broadcast_to(np.asarray(rule(**state), bool), (len(part), top + 1, graph.n_configurations))
                    for mover, other, policy, choose in (("P", by_optimal[k], rule_rolls, chosen_by[k]),
                                                         ("O", by_policy[k], chooses_roll, best.chosen)):
                        u = np.where(np.isnan(first), 1.0 - other[after[:, 0]], first)
                        turn = sweep(graph, np.where(ending, 1.0 - other[after], terminal[part]), roll_ok, hold_ok, u,
                                     policy=policy, follow=(zero_gain_ending,), choose=choose)
                        found[mover][k, part] = turn.value[:, 0, graph.start]
                        found["s" + mover][k, part] = turn.followed[0][:, 0, graph.start]
                        found["u" + mover][k, part] = u
            # exact for fixed policies: P_a = P(u) + sP (1 - O_partner - uP), and O likewise
            rows_in = np.flatnonzero(inside)
            for k in range(K):
                if not inside.any():  # nothing in the stage leads to another of it: the sweeps are exact
                    by_policy[k, members], by_optimal[k, members] = found["P"][k], found["O"][k]
                    continue
                system = np.eye(2 * n)
                system[rows_in, n + position] += found["sP"][k, rows_in]
                system[n + rows_in, position] += found["sO"][k, rows_in]
                rhs = np.concatenate([
                    found["P"][k] + np.where(inside, found["sP"][k] * (1.0 - found["uP"][k]), 0.0),
                    found["O"][k] + np.where(inside, found["sO"][k] * (1.0 - found["uO"][k]), 0.0),
                ])
                solved = np.linalg.solve(system, rhs)
                by_policy[k, members], by_optimal[k, members] = solved[:n], solved[n:]
            if progress:
                progress(f"stage {done} of {len(stages)}", done / len(stages))
    start = layout(game).anchor_row(game.start_anchor(0))
    return [(float(by_policy[k, start]), float(1.0 - by_optimal[k, start])) for k in range(K)]
