r"""Profiles of play for ``P`` players (issue 54): every seat's chance when some players follow
fixed policies and the others keep the exact advice.

A *profile* gives some players (absolute seats, 0 the first to move) a fixed policy
(a :class:`~pycore.jeopardy.rules.vocabulary.Policy`: its rule, over the game's state columns,
is true where it rolls; where it asks for a move that is not legal the legal one is played).
Every other player keeps the **exact advice**: the moves of the optimal max-n play
(:mod:`pycore.jeopardy.seats.sweep`), rolling where rolling is strictly better for them in the
optimal game's values. They do not answer the followers (no best response): a follower's loss
is the policy's alone, as a player at a table who follows it meets.

With ``W^\pi`` the profile's values (A, P), seat 0 the mover, ``W^*`` the optimal ones, and
``m(a)`` the absolute seat of the mover at turn start ``a``, each turn start's values are one
turn played by fixed moves (:func:`~pycore.jeopardy.solving.turn_graph.sweep` with a
``policy``), its endings read in the profile's own values:

.. math::

    W^\pi[a] = \text{turn}_a\bigl(W^\pi;\ \text{rolls}_a\bigr), \qquad
    \text{rolls}_a = \begin{cases} \pi_{m(a)} & \text{the player } m(a) \text{ follows } \pi_{m(a)} \\
    \{\,Q^*_{\text{roll}} > Q^*_{\text{hold}}\,\} \text{ of } \text{turn}_a(W^*) & \text{else.} \end{cases}

* **With a turn limit** (``turns`` ``N``): backward over the turns left, in step with the
  optimal solve, ``W_0 = 1/P``; at ``n`` turns left the optimal moves are those of the turn
  whose endings read ``W^*_{n-1}``, and the mover is ``m = (N - n) mod P`` (``N`` turns left
  at the start), or ``p - 1`` where the game has a place in the round. Pig's kind of turn (one
  chain of rolls) takes the chain solver (:func:`~pycore.jeopardy.seats.chain.chain_pool`
  with the policies' moves), every other game the general sweep. Exact.
* **Without a limit** (a game of rounds: the mover is ``m = p - 1`` at every turn start, so a
  fixed profile is a Markov chain): stage by stage as the stationary solve, each turn's values
  along the fixed moves are ``c + d W^\pi(\text{partner})`` (``d`` the chance that it banks
  nothing), which the policy step of the stationary solve
  (:func:`~pycore.jeopardy.seats.sweep._cycle_step`) solves exactly where the partners come
  back; it is repeated until no chance moves by 1e-12 (two sweeps a stage in AYZD). The
  optimal moves come from the optimal stationary values (``solve``). Pig has no place in the
  round, so its turn start does not say who moves: it is refused without a limit.

A player's **cost** of following a policy alone: their chance at the start under the exact
advice, less their chance following it.

Arrays: every table is (A, P) in ``game.anchors()`` order, seat 0 the mover there.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from pycore.core.errors import InvalidRequestError, SolverError, TableError
from pycore.core.parallel import PartPool
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.vocabulary import Policy, probability
from pycore.jeopardy.seats.chain import NotAChainGame, anchor_order, chain_block, chain_game, chain_pool, mover_last
from pycore.jeopardy.seats.sweep import SeatsDidNotSettle, _cycle_step, _PartEndings, _turn
from pycore.jeopardy.solving.dispatch import solve
from pycore.jeopardy.solving.factored import _Endings
from pycore.jeopardy.solving.kept_state import profile_turns_problem
from pycore.jeopardy.solving.turn_graph import start_graph_of

#: a profile: {absolute seat (0 the first player): the policy that player follows}
Profile = Mapping[int, Policy]
#: the change below which a stage of a stationary profile is settled
TOLERANCE = 1e-12
#: sweeps of a stage before a stationary profile is refused (AYZD needs two)
MAX_SWEEPS = 200


class ProfileNotEvaluated(InvalidRequestError):
    """A profile of play this module does not evaluate (a seat out of range, a game whose
    turn start does not say who moves, a turn with choices)."""


@dataclass(frozen=True)
class ProfileValues:
    """``optimal`` (A, P) every turn start's chances under the exact advice, ``tables`` one
    (A, P) a profile, in the order given; ``turns``: the turns left at the start (0: none)."""

    game: object
    turns: int
    optimal: np.ndarray
    tables: tuple[np.ndarray, ...]

    def start(self, table: np.ndarray | None = None) -> tuple[float, ...]:
        """Every player's chance at the game's start (the first player's first) in ``table``
        (default: the exact advice's)."""
        row = int(layout(self.game).anchor_row(self.game.start_anchor()))
        return tuple(probability(v) for v in (self.optimal if table is None else table)[row])


def evaluate_profiles(game, profiles: Sequence[Profile], progress=None, should_stop=None,
                      checkpoint=None) -> ProfileValues:
    """Every turn start's chances under each profile and under the exact advice (see the
    module), with ``game.params["turns"]`` turns left at the start. ``should_stop``: asked
    after every turn left; a true answer stops with :class:`SolverError`. ``checkpoint``
    (:class:`~pycore.core.progress.Checkpoint`, a turn limit's only: without one a profile
    takes minutes): after each turn left every table is kept, and a later run goes on from
    them (a turn's tables depend only on the turn before's)."""
    players, turns = int(game.players), int(game.params.get("turns", 0))
    for profile in profiles:
        wrong = sorted(s for s in profile if not (isinstance(s, int) and 0 <= s < players))
        if wrong:
            raise ProfileNotEvaluated(f"{game.name}: a seat is 0 to {players - 1} (the first player 0), not {wrong[0]!r}")
    graph = start_graph_of(game)[0]
    if graph.choice is not None:
        raise ProfileNotEvaluated(f"{game.name}: a profile of fixed policies is evaluated for turns without choices")
    if not turns:
        return _stationary(game, list(profiles), progress)
    try:
        return _chained(game, list(profiles), turns, progress, should_stop, checkpoint)
    except NotAChainGame:
        return _swept(game, list(profiles), turns, progress, should_stop, checkpoint)


def _kept_turns(checkpoint, shape: tuple[int, ...], turns: int) -> tuple[int, np.ndarray | None]:
    """The turns left an earlier run did and its tables of ``shape`` (0, None: none kept;
    a state not of these profiles is set aside)."""
    kept = checkpoint.load() if checkpoint is not None else None
    problem = None if kept is None else profile_turns_problem(kept, shape, turns)
    if problem:  # (its checksum matched: written so by another version, or by hand)
        checkpoint.set_aside(problem)
        kept = None
    return (0, None) if kept is None else (int(kept["turns_done"]), np.array(kept["tables"], dtype=float))


def _step_done(n: int, turns: int, progress, should_stop, checkpoint, tables) -> None:
    if progress:
        progress(f"{n} of {turns} turns left", n / turns)
    if checkpoint is not None:
        checkpoint.save({"tables": np.asarray(tables), "turns_done": n})
    if should_stop and should_stop():
        raise SolverError(f"stopped at {n} of {turns} turns left")


def _chained(game, profiles: list[Profile], turns: int, progress, should_stop, checkpoint=None) -> ProfileValues:
    """The chain solver's way, its blocks on every core: the tables mover-last, the optimal
    play's first (its moves, block by block, are those of the profiles' players who keep
    the exact advice), a policy's moves as masks (T,) * P."""
    players = int(game.players)
    goal, p_bust, outcomes = chain_game(game)
    masks = {id(policy): chain_rolls(game, policy, goal) for profile in profiles for policy in profile.values()}

    def sweep_block(at, held, new):
        block, mover = at
        best = {k: np.zeros(held[0, 0, block].shape, bool) for k in range(1, goal)}
        chain_block(block, held[0], new[0], goal, p_bust, outcomes, chosen=best)
        for q, profile in enumerate(profiles, 1):
            mask = masks[id(profile[mover])] if mover in profile else None
            rolls_at = best.__getitem__ if mask is None else (lambda k, mask=mask: mask[k][block])
            chain_block(block, held[q], new[q], goal, p_bust, outcomes, rolls_at=rolls_at)

    done, kept = _kept_turns(checkpoint, (1 + len(profiles), players, *(goal,) * players), turns)
    tables = ([mover_last(players, goal, None) for _ in range(1 + len(profiles))] if kept is None
              else [list(table) for table in kept])
    with chain_pool(players, goal, len(tables), sweep_block) as (step, blocks):
        for n in range(done + 1, turns + 1):
            mover = (turns - n) % players
            tables = step(tables, [(block, mover) for block in blocks])
            _step_done(n, turns, progress, should_stop, checkpoint, tables)
    return ProfileValues(game, turns, anchor_order(tables[0]), tuple(anchor_order(t) for t in tables[1:]))


def chain_rolls(game, policy: Policy, goal: int) -> list[np.ndarray | None]:
    """[k] bool (T,) * P mover-last (:func:`~pycore.jeopardy.seats.chain.mover_last`): where
    ``policy`` rolls at turn total ``k`` (index 0 unused: a turn starts with a roll)."""
    players = int(game.players)
    axes = np.meshgrid(*[np.arange(goal)] * players, indexing="ij", sparse=True)  # (s_1, ..., s_{P-1}, s_0)
    scores = {v: axes[(n - 1) % players] for n, v in enumerate(game.anchor_vars)}
    shape = (goal,) * players
    turn_var = game.turn_vars[0]
    return [None] + [np.broadcast_to(np.asarray(policy.rule(**scores, **{turn_var: np.asarray(k)}), bool), shape)
                     for k in range(1, goal)]


@dataclass(frozen=True)
class _Batch:
    """One batch of turn starts: its rows, what its endings lead to and its state columns."""

    rows: np.ndarray
    end: _PartEndings
    state: dict

    @classmethod
    def of(cls, endings: _Endings, rows: np.ndarray, graph_columns: dict, can_roll, players: int) -> _Batch:
        return cls(rows, _PartEndings.of(endings, rows, graph_columns, can_roll, players),
                   endings.state(rows, graph_columns))


def _batches(endings: _Endings, rows: np.ndarray, game) -> tuple[object, list[_Batch]]:
    """The turn graph and the batches of the anchor ``rows``."""
    graph, columns, can_roll = start_graph_of(game)
    parts = endings.batches(rows, graph.n_configurations)
    return graph, [_Batch.of(endings, part, columns, can_roll, int(game.players)) for part in parts]


def _movers(game, batch: _Batch, played: int | None) -> np.ndarray:
    """(B,) the absolute seat of each turn start's mover: ``p - 1`` in a game of rounds, else
    ``played`` (the turns played since the start) mod P."""
    if "p" in game.anchor_vars:
        return batch.state["p"][:, 0, 0] - 1
    return np.full(len(batch.rows), played % int(game.players))


def _moves(game, profile: Profile, batch: _Batch, best: np.ndarray, played: int | None) -> np.ndarray:
    """(B, G + 1, C) where each mover of the batch rolls: their policy's rule, else ``best``."""
    if not profile:
        return best
    movers = _movers(game, batch, played)
    moves = best.copy()
    for seat, policy in profile.items():
        here = movers == seat
        if here.any():
            moves[here] = np.broadcast_to(np.asarray(policy.rule(**batch.state), bool), best.shape)[here]
    return moves


def _swept(game, profiles: list[Profile], turns: int, progress, should_stop, checkpoint=None) -> ProfileValues:
    """The general sweep's way, a turn left at a time (see the module); the batches on every
    core (:mod:`pycore.core.parallel`: the serial values bit for bit)."""
    players = int(game.players)
    endings = _Endings.of(game)
    graph, batches = _batches(endings, np.arange(len(endings.anchors)), game)

    def sweep_batch(at, tables, new):
        """tables, new (1 + Q, A, P): the optimal play's values, then each profile's."""
        b, played = at
        batch = batches[b]
        new[0][batch.rows], best = _turn(graph, tables[0], batch.end, players, rolled=True)
        for q, profile in enumerate(profiles, 1):
            moves = _moves(game, profile, batch, best, played)
            new[q][batch.rows] = _turn(graph, tables[q], batch.end, players, policy=moves)

    shape = (1 + len(profiles), len(endings.anchors), players)
    done, kept = _kept_turns(checkpoint, shape, turns)
    with PartPool(sweep_batch, shape, shape) as pool:
        tables = np.full(shape, 1.0 / players) if kept is None else kept
        for n in range(done + 1, turns + 1):
            tables = pool.run(tables, [(b, turns - n) for b in range(len(batches))]).copy()
            _step_done(n, turns, progress, should_stop, checkpoint, tables)
    return ProfileValues(game, turns, tables[0], tuple(tables[1:]))


def _stationary(game, profiles: list[Profile], progress) -> ProfileValues:
    """Without a turn limit: stage by stage, each profile's fixed moves solved exactly (see
    the module)."""
    players = int(game.players)
    if "p" not in game.anchor_vars:
        raise ProfileNotEvaluated(f"{game.name}: its turn start does not say who moves; a profile is evaluated with "
                                  "a turn limit (turns)")
    optimal = np.asarray(solve(game).values, float)
    endings = _Endings.of(game)
    stages, _ = endings.stages()
    tables = [np.full_like(optimal, 1.0 / players) for _ in profiles]
    place = np.zeros(len(endings.anchors), np.int64)  # each anchor's place among its stage's members
    for done, stage in enumerate(stages, 1):
        members = stage.members
        place[members] = np.arange(len(members))
        graph, batches = _batches(endings, members, game)
        at = {id(b): place[b.rows] for b in batches}
        best = {id(b): _turn(graph, optimal, b.end, players, rolled=True)[1] for b in batches}
        for q, profile in enumerate(profiles):
            T = tables[q]
            moves = {id(b): _moves(game, profile, b, best[id(b)], None) for b in batches}
            for _count in range(MAX_SWEEPS):
                new = np.empty((len(members), players + 1))
                for b in batches:
                    new[at[id(b)]] = _turn(graph, T, b.end, players, zero_gain_chance=True, policy=moves[id(b)])
                new, zero = new[:, :players], new[:, players]
                change = float(np.max(np.abs(new - T[members]), initial=0.0))
                T[members] = _cycle_step(T, new, zero, stage) if stage.inside.any() else new
                if not stage.inside.any() or change < TOLERANCE:
                    break
            else:
                raise SeatsDidNotSettle(f"{game.name}: a profile's values of layer {int(endings.layers[members[0]])} did "
                                        f"not settle in {MAX_SWEEPS} sweeps (the last changed a chance by {change:.2g})")
        if progress:
            progress(f"stage {done} of {len(stages)}", done / len(stages))
    return ProfileValues(game, 0, optimal, tuple(tables))


@dataclass(frozen=True)
class FollowerChances:
    """One policy followed by one player at a time, the others keeping the exact advice:
    every player's chance at the start (the first player's first) under the exact advice
    (``optimal``), with player ``s`` alone following it (``alone[s]``) and, where asked, with
    everyone following it (``everyone``)."""

    name: str
    optimal: tuple[float, ...]
    alone: tuple[tuple[float, ...], ...]
    everyone: tuple[float, ...] | None = None

    @property
    def costs(self) -> tuple[float, ...]:
        """What following it alone costs each player: their optimal chance less theirs following it."""
        return tuple(self.optimal[s] - self.alone[s][s] for s in range(len(self.optimal)))

    def to_json(self) -> dict:
        return {"optimal": list(self.optimal),
                "seats": [{"seat": s, "chances": list(c), "cost": self.costs[s]} for s, c in enumerate(self.alone)],
                **({"everyone": list(self.everyone)} if self.everyone is not None else {})}


def follower_chances(game, policies: Sequence[Policy], everyone: bool = False, progress=None,
                     should_stop=None, checkpoint=None) -> list[FollowerChances]:
    """Each of ``policies`` followed by each player alone (and, with ``everyone``, by all),
    the others keeping the exact advice: one evaluation of every profile together
    (``checkpoint``: see :func:`evaluate_profiles`)."""
    players = int(game.players)
    profiles: list[Profile] = []
    for policy in policies:
        profiles += [{s: policy} for s in range(players)] + ([dict.fromkeys(range(players), policy)] if everyone else [])
    values = evaluate_profiles(game, profiles, progress, should_stop, checkpoint)
    per = players + everyone
    out = []
    for k, policy in enumerate(policies):
        starts = [values.start(t) for t in values.tables[k * per:(k + 1) * per]]
        out.append(FollowerChances(policy.name, values.start(), tuple(starts[:players]),
                                   starts[players] if everyone else None))
    return out


def shipped_policies(game, shipped: Sequence[Mapping]) -> list[dict]:
    """A table's ``seat_policies`` (:func:`shipped_policy_facts`), checked to be the game's
    first policies in its order (a table ships them a part at a time): a manifest listing
    others, or another order, is refused by name, not read as the wrong policy's figures."""
    names = [str(r.get("name")) for r in shipped]
    policies = [p.name for p in game.human_policies()]
    if names != policies[:len(names)]:
        raise TableError(f"{game.name}: the table's policies ({', '.join(names)}) are not the game's first "
                         f"({', '.join(policies)}); build its table again (python -m pycore tables --game {game.name})")
    return [dict(r) for r in shipped]


def shipped_policy_facts(game, progress=None, checkpoint=None, earlier: Mapping | None = None,
                         most: int | None = None) -> dict:
    """What a table of more players ships of its game's papers' policies (read for them: each
    followed by each player alone, the others the exact advice; an hour and more at the
    shipped sizes of Pig and GRO, so it is computed with the table, as a two-player factored
    game's policies are): ``seat_policies``, one :meth:`FollowerChances.to_json` a policy
    with its ``name``, in the game's order, and ``policies_seconds`` (every run's, where the
    build was stopped and resumed).

    ``earlier``: the facts an earlier run shipped with the same table (its ``seat_policies``,
    the game's first policies, and their ``policies_seconds``); the policies after them are
    evaluated, at most ``most`` of them (None: all), so that GRO for three's four hours of
    policies ship a part at a time. ``checkpoint``: the build's
    (:class:`~pycore.core.progress.Checkpoint`); this stage keeps its own state beside the
    solve's, so a build stopped here goes on here."""
    policies = game.human_policies()
    done = shipped_policies(game, (earlier or {}).get("seat_policies") or [])
    todo = policies[len(done):] if most is None else policies[len(done):len(done) + most]
    step = (lambda stage, fraction: progress(f"policies: {stage}", fraction)) if progress else None
    kept = checkpoint.stage("policies", [p.name for p in todo]) if checkpoint is not None and todo else None
    started = time.perf_counter()
    results = follower_chances(game, todo, progress=step, checkpoint=kept) if todo else []
    earlier_seconds = (kept.earlier_seconds if kept is not None else 0.0) + float((earlier or {}).get("policies_seconds", 0.0))
    return {"seat_policies": done + [{"name": p.name, **r.to_json()} for p, r in zip(todo, results, strict=True)],
            "policies_seconds": round(time.perf_counter() - started + earlier_seconds, 1)}
