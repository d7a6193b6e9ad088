"""One conformance test over every registered game (OpenSpiel style), on
small variants where the whole reachable game is explored, and by sampled
play on the default ones."""

import random
from collections import deque
from fractions import Fraction

import numpy as np
import pytest

from pycore import HOLD, ROLL, find_game, game_classes
from pycore.jeopardy.model import compile_game

SMALL = {"pig": {"goal": 16}, "gro": {"goal": 12, "bound": 24}, "ayzd": {"goal": 5, "bound": 10}}


def test_every_game_has_a_small_variant_here():
    assert set(SMALL) == {g.name for g in game_classes("jeopardy")}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_reachable_game_is_tabulated_and_probabilities_sum_to_one(name, solved):
    game = find_game(name, **SMALL[name])
    solution = solved(name, **SMALL[name])
    model = solution.model
    start = game.state(**dict(zip(game.anchor_vars, game.start_anchor(0))))
    seen = {start}
    cells = set()
    queue = deque([start])
    while queue:
        state = queue.popleft()
        cells.add(model.cell(state))  # raises if the solver's table lacks it
        actions = game.legal_actions(state)
        assert actions, state
        assert game.state_from_json(game.state_to_json(state)) == state
        assert game.parse_state(game.format_state(state)) == state
        backups = {}
        for action in actions:
            outcomes = game.transitions(state, action)
            assert sum(o.probability for o in outcomes) == Fraction(1)
            assert all(o.probability > 0 for o in outcomes)
            value = 0.0
            for o in outcomes:
                if o.state is None:
                    value += float(o.probability) * o.mover_value
                    continue
                nxt = solution.value(o.state)
                value += float(o.probability) * ((1 - nxt) if o.turn_ended else nxt)
                if o.state not in seen:
                    seen.add(o.state)
                    queue.append(o.state)
            backups[action] = value
        # the solver's values satisfy the optimality equations written with the scalar rules
        assert solution.value(state) == pytest.approx(max(backups.values()), abs=1e-13)
        for action, value in backups.items():
            assert solution.action_values(state)[action] == pytest.approx(value, abs=1e-13)
    # positions with identical futures may share a cell (gro: player 2's last turn)
    assert len(cells) <= solution.n_states


@pytest.mark.parametrize("name", sorted(SMALL))
def test_play_terminates_under_any_policy(name):
    game = find_game(name, **SMALL[name])
    rng = random.Random(7)
    for policy in ("random", "always roll", "hold asap"):
        for _ in range(200):
            state = game.state(**dict(zip(game.anchor_vars, game.start_anchor(0))))
            for step in range(100_000):
                actions = game.legal_actions(state)
                if policy == "random":
                    action = rng.choice(actions)
                elif policy == "always roll":
                    action = ROLL if ROLL in actions else HOLD
                else:
                    action = HOLD if HOLD in actions else ROLL
                outcomes = game.transitions(state, action)
                pick = rng.random()
                for o in outcomes:
                    pick -= float(o.probability)
                    if pick < 0:
                        break
                if o.state is None:
                    break
                state = o.state
            else:
                pytest.fail(f"{name}: {policy} play did not end")


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_default_game_play_stays_in_the_table(name, solved):
    game = find_game(name)
    model = compile_game(game)
    rng = random.Random(11)
    for _ in range(100):
        state = game.state(**dict(zip(game.anchor_vars, game.start_anchor(0))))
        while True:
            model.cell(state)
            action = rng.choice(game.legal_actions(state))
            outcomes = game.transitions(state, action)
            o = rng.choices(outcomes, weights=[float(x.probability) for x in outcomes])[0]
            if o.state is None:
                break
            state = o.state


@pytest.mark.parametrize("name", sorted(SMALL))
def test_registry_finds_names_and_aliases(name):
    cls = type(find_game(name))
    for alias in cls.aliases:
        assert type(find_game(alias.upper())) is cls


def test_model_arrays_are_consistent():
    for cls in game_classes("jeopardy"):
        model = compile_game(find_game(cls.name, **SMALL[cls.name]))
        rollable = model.can_roll.any(axis=0)  # turn states somebody can roll from
        total = model.succ_prob.sum(1) + model.self_prob + model.bust_prob
        assert np.allclose(total[rollable], 1.0)
        assert not (model.can_roll & ~model.valid).any()
        assert (model.can_roll | model.can_hold)[model.valid].all()
