"""One conformance test over every registered game (OpenSpiel style), on
small variants where the whole reachable game is explored, and by sampled
play on the default ones. The checks themselves are in ``conformance.py``;
``test_protocols.py`` runs the same checks on the tests' own games."""

import random

import pytest

import conformance
from pycore import find_game, game_classes
from pycore.jeopardy.model import compile_game

SMALL = {
    "pig": {"goal": 16},
    "pig-turns": {"goal": 12, "turns": 6},  # the target model; test_pig_turns runs the free one
    "gro": {"goal": 12, "bound": 24},
    "ayzd": {"goal": 5, "bound": 10},
    "zombie-dice": {"goal": 3, "bound": 6},
    "farkle": {"rules": "basic", "set": "target=300"},
}
#: states the breadth-first check walks in a game too large to walk whole (the rest: sampled play)
EXPLORE_LIMIT = {"zombie-dice": 1500}


def test_every_game_has_a_small_variant_here():
    assert set(SMALL) == {g.name for g in game_classes("jeopardy")}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_reachable_game_is_tabulated_and_probabilities_sum_to_one(name, solved):
    seen = conformance.explore(find_game(name, **SMALL[name]), solved(name, **SMALL[name]), EXPLORE_LIMIT.get(name))
    assert seen > 100


@pytest.mark.parametrize("name", sorted(SMALL))
def test_play_terminates_under_any_policy(name):
    conformance.play_terminates(find_game(name, **SMALL[name]))


@pytest.mark.parametrize("name", sorted(SMALL))
def test_concrete_dice_give_the_grouped_outcomes(name):
    assert conformance.concrete_dice_agree(find_game(name, **SMALL[name])) > 5


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_turn_recomputed_from_turn_start_values_equals_the_solve(name, solved):
    conformance.turns_recompute_from_anchor_values(find_game(name, **SMALL[name]), solved(name, **SMALL[name]))


@pytest.mark.parametrize("name", sorted(SMALL))
def test_one_turn_objective_is_a_fixed_point(name):
    assert conformance.turn_score_is_a_fixed_point(find_game(name, **SMALL[name])) > 0


@pytest.mark.parametrize("name", sorted(SMALL))
def test_links_round_trip(name, solved):
    game = find_game(name, **SMALL[name])
    conformance.links_round_trip(game, conformance.sample_states(game, solved(name, **SMALL[name])))


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_default_game_play_stays_in_the_table(name, solved):
    """Sampled play of the default variant: every state met is a valid cell whose value
    is its best action's, and every game ends with a result in [0, 1]."""
    game = find_game(name)
    solution = solved(name)
    model = compile_game(game)
    rng = random.Random(11)
    states = 0
    for _ in range(100):
        state = conformance.start_state(game)
        while True:
            a, t = model.cell(state)
            assert model.valid[a, t]
            legal = [v for v in solution.action_values(state).values() if v is not None]
            assert solution.values[a, t] == pytest.approx(max(legal), abs=1e-12)
            states += 1
            action = rng.choice(game.legal_actions(state))
            outcomes = game.transitions(state, action)
            o = rng.choices(outcomes, weights=[float(x.probability) for x in outcomes])[0]
            if o.state is None:
                assert o.mover_value in (0.0, 0.5, 1.0)
                break
            state = o.state
    assert states > 1000


@pytest.mark.parametrize("name", sorted(SMALL))
def test_registry_finds_names_and_aliases(name):
    cls = type(find_game(name))
    for alias in cls.aliases:
        assert type(find_game(alias.upper())) is cls


def test_model_arrays_are_consistent():
    for cls in game_classes("jeopardy"):
        conformance.model_arrays_are_consistent(find_game(cls.name, **SMALL[cls.name]))
