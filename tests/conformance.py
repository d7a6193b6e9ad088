"""The conformance checks every jeopardy game must pass (OpenSpiel style), written once and
run by ``test_conformance.py`` over every registered game and by ``test_protocols.py`` over
the tests' own games. Each check explores the game with the scalar rules alone and holds the
solver, the turn recomputation and the concrete dice to them."""

from __future__ import annotations

import json
import random
from collections import deque
from fractions import Fraction

import numpy as np
import pytest

from pycore import HOLD, ROLL, api
from pycore.core.dice import roll
from pycore.jeopardy.model.compiler import compile_game
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.moves import legal_actions
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.vocabulary import Choice, options_of
from pycore.jeopardy.solving.dispatch import solve_turn_score, solver_of, win_turn_values
from pycore.jeopardy.solving.turn import turn_values
from pycore.jeopardy.solving.turn_graph import graph_of


def start_state(game):
    return Notation(game).from_values(**Notation(game).values(_start(game)))


def _start(game):
    from pycore.jeopardy.rules.vocabulary import State

    return State(game.name, tuple(game.start_anchor(0)), tuple(game.turn_start))


def explore(game, solution, limit: int | None = None) -> int:
    """Breadth-first over every state reachable from the start (the first ``limit`` of them
    for a game too large to walk whole): each has values from the solver, round-trips
    through JSON and text, has exact outcome probabilities summing to 1, and the solver's
    values satisfy the optimality equations written with the scalar rules (a choice after
    a roll is worth its best option), each seat's chance too (the mover's, maximised, and the
    others' under the actions taken: two players, the complement). Returns the number of
    states seen."""
    model = getattr(solution, "model", None)  # a factored solution has no (A, T) table
    players = int(game.players)
    # two players: exact (Newton's step); more: the stationary iteration stops once no chance
    # moves by 1e-12, so a backup may differ by a few times that
    tolerance = 1e-13 if players == 2 else 1e-10
    start = start_state(game)
    notation = Notation(game)
    # (a state is met from many: each seat's chance there, read once; within a turn, and where
    # a turn ends)
    known: tuple[dict, dict] = ({}, {})

    def seats_at(state, turn_ended: bool) -> np.ndarray:
        seats = known[turn_ended].get(state)
        if seats is None:
            seats = known[turn_ended][state] = (ending_seats(solution, state) if turn_ended
                                                else np.asarray(solution.seat_values(state)))
        return seats

    seen = {start}
    cells = set()
    queue = deque([start])
    checked = 0
    while queue and (limit is None or checked < limit):
        state = queue.popleft()
        checked += 1
        if model is not None:
            cells.add(model.cell(state))  # raises if the solver's table lacks it
        actions = legal_actions(game, state)
        assert actions, state
        assert notation.from_json(notation.to_json(state)) == state
        assert notation.from_text(notation.to_text(state)) == state
        backups = {}
        for action in actions:
            outcomes = game.transitions(state, action)
            assert sum(o.probability for o in outcomes) == Fraction(1)
            assert all(o.probability > 0 for o in outcomes)
            backup = np.zeros(players)  # each seat's chance, seat 0 the mover (two players: value, 1 - value)
            for o in outcomes:
                if o.state is None and not o.options:
                    assert 0.0 <= o.mover_value <= 1.0
                    backup += float(o.probability) * ended(o, players)
                    continue
                nexts = o.options or (o.state,)
                # a turn that ends reads what the solution's turns end in (with a turn limit:
                # one turn fewer left); within the turn, the state's own chances
                worth = [seats_at(n, o.turn_ended) for n in nexts]
                best = max(worth, key=lambda w: w[0])  # the next state's mover chooses
                # a turn that ends passes the dice: this mover is the next mover's last seat
                backup += float(o.probability) * (np.roll(best, 1) if o.turn_ended else best)
                for n in nexts:
                    if n not in seen:
                        seen.add(n)
                        queue.append(n)
            backups[action] = backup
        assert solution.value(state) == pytest.approx(max(b[0] for b in backups.values()), abs=tolerance)
        action_values = solution.action_values(state)
        for action, backup in backups.items():
            assert action_values[action] == pytest.approx(backup[0], abs=tolerance)
        # each seat's chance: the backup of the action taken (ties held)
        taken = backups[solution.best_action(state)]
        assert solution.seat_values(state) == pytest.approx(list(taken), abs=tolerance)
    # positions with identical futures may share a cell (gro: player 2's last turn)
    assert len(cells) <= solution.n_states
    return checked


def ending_seats(solution, state) -> np.ndarray:
    """Each seat's chance at the turn start ``state`` as a turn ending there reads it."""
    value = np.atleast_1d(np.asarray(solution.ending_value(state.anchor), float))
    return np.array([value[0], 1.0 - value[0]]) if len(value) == 1 else value


def ended(outcome, players: int) -> np.ndarray:
    """Each seat's chance when the game ends: the mover's result, and the others' where the
    game says them (three players of AYZD), else they share the rest."""
    if outcome.others is not None:
        assert len(outcome.others) == players - 1
        return np.array([outcome.mover_value, *outcome.others])
    out = np.full(players, (1.0 - outcome.mover_value) / (players - 1))
    out[0] = outcome.mover_value
    return out


def play_terminates(game, games=200, seed=7) -> None:
    """Random, always-roll and hold-as-soon-as-possible play (random options after a roll)
    ends every game, with a final result in [0, 1]."""
    rng = random.Random(seed)
    for policy in ("random", "always roll", "hold asap"):
        for _ in range(games):
            play_ends(game, start_state(game), rng, policy)


def play_ends(game, state, rng: random.Random, policy: str = "random") -> None:
    """Play from ``state`` by ``policy`` (random options after a roll) ends the game within
    100,000 steps, with a final result in [0, 1]."""
    for _step in range(100_000):
        actions = legal_actions(game, state)
        if policy == "random":
            action = rng.choice(actions)
        elif policy == "always roll":
            action = ROLL if ROLL in actions else HOLD
        else:
            action = HOLD if HOLD in actions else ROLL
        outcomes = game.transitions(state, action)
        o = rng.choices(outcomes, weights=[float(x.probability) for x in outcomes])[0]
        if o.state is None and not o.options:
            assert 0.0 <= o.mover_value <= 1.0
            return
        state = rng.choice(o.options) if o.options else o.state
    pytest.fail(f"{game.name}: {policy} play from {Notation(game).to_text(state)} did not end")


def model_arrays_are_consistent(game) -> None:
    """The solver's arrays: roll probabilities sum to 1, and every state has a move (a factored
    game: its turn graph's probabilities and order, :meth:`TurnGraph.check`)."""
    if not solver_of(game).keeps_every_state:
        graph, columns = graph_of(game)
        graph.check()
        assert all(len(c) == graph.n_configurations for c in columns.values())
        return
    model = compile_game(game)
    rollable = model.can_roll.any(axis=0)  # turn states somebody can roll from
    total = model.succ_prob.sum(1) + model.self_prob + model.bust_prob
    assert np.allclose(total[rollable], 1.0)
    assert not (model.can_roll & ~model.valid).any()
    assert (model.can_roll | model.can_hold)[model.valid].all()


def rollable_turns(game, sample: int = 400, seed: int = 3) -> list[tuple[int, ...]]:
    """The turn states someone can roll from (a seeded sample of them for a factored game,
    whose turn is too large to list: every configuration at gain 0, drawn at random; a turn
    of one configuration or a short list, Pig's or AYZD's for three players: its turn states)."""
    if not solver_of(game).keeps_every_state:
        graph, columns = graph_of(game)
        if not columns or layout(game).turn_state_count() <= sample:  # (AYZD for three: 81 turn states)
            return [tuple(t) for t in game.turn_states()[:sample]]
        picks = random.Random(seed).sample(range(graph.n_configurations), min(sample, graph.n_configurations))
        return [(0, *(int(c[n]) for c in columns.values())) for n in sorted(picks)]
    model = compile_game(game)
    return [tuple(int(x) for x in model.turns[t]) for t in np.flatnonzero(model.can_roll.any(axis=0))]


def concrete_dice_agree(game, seed=3) -> int:
    """What a roll shows, read back, gives exactly the grouped outcomes, for every turn
    state someone can roll from; and a seeded roll repeats. Returns the states checked."""
    checked = 0
    for turn in rollable_turns(game):
        shown = game.roll_faces(turn)
        assert sum(p for p, _ in shown) == 1
        grouped: dict = {}
        for probability, faces in shown:
            outcome = _key(game.read_roll(turn, faces))
            grouped[outcome] = grouped.get(outcome, Fraction(0)) + probability
        expected: dict = {}
        for probability, outcome in game.roll_outcomes(turn):
            if probability:
                expected[_key(outcome)] = expected.get(_key(outcome), Fraction(0)) + probability
        assert grouped == expected, turn
        first = [roll(shown, random.Random(seed)) for _ in range(5)]
        assert first == [roll(shown, random.Random(seed)) for _ in range(5)]
        checked += 1
    return checked


def _key(outcome):
    return ("choice", frozenset(outcome.options)) if isinstance(outcome, Choice) else outcome


def turns_recompute_from_anchor_values(game, solution, anchors=40, seed=5) -> None:
    """Each anchor's whole turn, recomputed from the turn-start values alone (what a page
    does with a prebuilt table), equals the full solve (a factored game, whose solve is
    that recomputation: gives back each anchor's own turn-start value, a fixed point)."""
    rng = random.Random(seed)
    x = solution.anchor_values
    all_anchors = game.anchors()
    for a in rng.sample(range(len(all_anchors)), min(anchors, len(all_anchors))):
        anchor = tuple(int(v) for v in all_anchors[a])
        # (what a turn ending reads: a turn start's value; each seat's, for more players)
        turn = win_turn_values(game, anchor, solution.ending_value)
        if not solver_of(game).keeps_every_state:
            assert turn.value_at(game.turn_start) == pytest.approx(x[a], abs=1e-12)
            continue
        model = solution.model
        a = model.anchor_index(anchor)
        for t in np.flatnonzero(model.valid[a]):
            key = tuple(int(v) for v in model.turns[t])
            state = model.state_at(a, t)
            assert turn.value[key] == pytest.approx(solution.value(state), abs=1e-12)
            for action, value in turn.action_values(key).items():
                exact = solution.action_values(state)[action]
                exact = np.nan if exact is None else exact
                assert (value is None) == bool(np.isnan(exact))
                if value is not None:
                    assert value == pytest.approx(exact, abs=1e-12)


def turn_score_is_a_fixed_point(game, sample: int = 300, seed: int = 4) -> float:
    """The one-turn objective satisfies its optimality equations with the scalar rules (in
    every reachable turn state; a seeded sample where the turn is too large to list)."""
    solution = solve_turn_score(game)
    anchor = tuple(game.start_anchor(0))
    listed = solver_of(game).keeps_every_state or len(game.turn_states()) <= 20_000  # (Zombie Dice's 292,140 are not)
    if not listed:
        # turn states met in random play, each read at the start anchor
        turns = sorted({s.turn for s in sample_states(game, None, sample, seed)})
        assert len(turns) > sample // 4
    else:
        turns = list(game.reachable_turns(anchor))
    for turn in turns:
        value = solution.turn.value_at(turn)
        state = Notation(game).from_values(**Notation(game).values(_at(game, anchor, turn)))
        backups = {}
        for action in legal_actions(game, state):
            total = 0.0
            for o in game.transitions(state, action):
                if o.turn_ended:
                    total += float(o.probability) * (game.gain(turn) if action == HOLD else 0.0)
                else:
                    total += float(o.probability) * max(solution.turn.value_at(n.turn) for n in (o.options or (o.state,)))
            backups[action] = total
        assert value == pytest.approx(max(backups.values()), abs=1e-12)
    if listed and hasattr(solution.turn, "value"):
        # and the turn-score advice is the same recursion (a game's own solver, e.g. Farkle's
        # pass up the turn total, agrees with the generic one to rounding)
        assert turn_values(game, anchor, float, 0.0).value == pytest.approx(solution.turn.value, abs=1e-9, rel=1e-12)
    return solution.expected_score


def _at(game, anchor, turn):
    from pycore.jeopardy.rules.vocabulary import State

    return State(game.name, tuple(anchor), tuple(turn))


def links_round_trip(game, states) -> None:
    """A state's link opens the same state (through the JSON API, as the page does)."""
    for state in states:
        values = Notation(game).values(state)
        link = api.call("link", {"game": game.name, **game.params, "state": values})["fragment"]
        opened = api.call("resolve", {"fragment": link})
        assert opened["problems"] == [], opened["problems"]
        assert opened["state"] == values and opened["game"] == game.name and opened["params"] == game.params
        assert json.loads(json.dumps(opened)) == opened


def sample_states(game, solution, count=30, seed=9):
    """A seeded sample of states: cells of the solver's table, or (a factored game) states
    met in random play."""
    rng = random.Random(seed)
    if not solver_of(game).keeps_every_state:
        states = []
        while len(states) < count:
            state = start_state(game)
            for _ in range(rng.randrange(1, 12)):
                outcomes = game.transitions(state, rng.choice(legal_actions(game, state)))
                o = rng.choices(outcomes, weights=[float(x.probability) for x in outcomes])[0]
                if o.state is None:
                    break
                state = o.state
            states.append(state)
        return states
    model = solution.model
    cells = np.argwhere(model.valid)
    picks = [cells[n] for n in rng.sample(range(len(cells)), min(count, len(cells)))]
    return [model.state_at(int(a), int(t)) for a, t in picks]


def options_are_states(game, state):
    """Every option a roll offers is a state of the game (used by the choice tests)."""
    for _, outcome in game.roll_outcomes(state.turn):
        for turn in options_of(outcome):
            Notation(game).from_values(**Notation(game).values(_at(game, state.anchor, turn)))
