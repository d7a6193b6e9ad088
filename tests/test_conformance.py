"""One conformance test over every registered game (OpenSpiel style), on
small variants where the whole reachable game is explored, and by sampled
play on the default ones. The checks themselves are in ``conformance.py``;
``test_protocols.py`` runs the same checks on the tests' own games."""

import random

import conformance
import pytest

from pycore import find_game, game_classes
from pycore.jeopardy.model.compiler import compile_game
from pycore.jeopardy.rules.moves import legal_actions

SMALL = {
    "pig": {"goal": 16},
    "pig-turns": {"goal": 12, "turns": 6},  # the target model; test_pig_turns runs the free one
    "pig-3": {"goal": 8, "turns": 0},  # three players without a limit (the stationary iteration)
    "gro": {"goal": 12, "bound": 24},
    # three players: the last round for three, settled (three dice, two 1s bust: a walk of every state)
    "gro-3": {"goal": 5, "bound": 10, "n_dice": 3, "bust_ones": 2, "turns": 0},
    "ayzd": {"goal": 5, "bound": 10},
    "ayzd-3": {"goal": 4, "bound": 8},  # three players: a round's end may hand the win to another
    # four and five players: ties of two, three and four play on; the last round merged
    "ayzd-4": {"goal": 2, "bound": 5},  # (goal 3 in test_ayzd_four_five, by a brute force)
    "ayzd-5": {"goal": 2, "bound": 5, "turns": 7},  # (its turn limit, short: the solve a second)
    "zombie-dice": {"goal": 3, "bound": 6},
    "farkle": {"rules": "basic", "set": "target=300"},
    # (to 200: the third zilch's penalty reaches the lowest score, in half the states of 300)
    "farkle-penalty": {"rules": "basic", "set": "target=200,zilch_penalty=100", "lowest_score": -100},
}
#: the small games' other dice (issue 14): each runs every check below under its own id
VARIANTS = {
    "pig d8, 1-2 bust": ("pig", {"goal": 16, "die": 8, "bust": 2}),
    "pig d3": ("pig", {"goal": 10, "die": 3}),
    "pig-3 with 7 turns left": ("pig-3", {"goal": 8, "turns": 7}),
    "gro-3 with 7 turns left": ("gro-3", {"goal": 5, "bound": 10, "n_dice": 3, "bust_ones": 2, "turns": 7}),
    "gro 3 dice, 1 busts": ("gro", {"goal": 12, "bound": 24, "n_dice": 3, "bust_ones": 1}),
    "gro 7 dice, 5 bust": ("gro", {"goal": 12, "bound": 30, "n_dice": 7, "bust_ones": 5}),
    "ayzd 3/1/2 faces": ("ayzd", {"goal": 5, "bound": 10, "brains": 3, "shotguns": 1, "footprints": 2}),
    "ayzd no footprints": ("ayzd", {"goal": 5, "bound": 10, "brains": 1, "shotguns": 2, "footprints": 0}),
}
CASES = {**{name: (name, params) for name, params in SMALL.items()}, **VARIANTS}


def game_of(case):
    name, params = CASES[case]
    return find_game(name, **params)
#: states the breadth-first check walks in a game too large to walk whole (the rest: sampled play)
EXPLORE_LIMIT = {
    "zombie-dice": 1500,
    # (its 67,884 states are 100 s of a core walked whole; a brute force of every raw turn start
    # checks the five in test_ayzd_four_five, and four players' merged rounds are walked whole)
    "ayzd-5": 15_000,
}


def test_every_game_has_a_small_variant_here():
    assert set(SMALL) == {g.name for g in game_classes("jeopardy")}


@pytest.mark.parametrize("case", sorted(CASES))
def test_reachable_game_is_tabulated_and_probabilities_sum_to_one(case, solved):
    seen = conformance.explore(game_of(case), solved(CASES[case][0], **CASES[case][1]), EXPLORE_LIMIT.get(case))
    assert seen > 100


@pytest.mark.parametrize("case", sorted(CASES))
def test_play_terminates_under_any_policy(case):
    conformance.play_terminates(game_of(case))


@pytest.mark.parametrize("case", sorted(CASES))
def test_concrete_dice_give_the_grouped_outcomes(case):
    assert conformance.concrete_dice_agree(game_of(case)) > 5


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_turn_recomputed_from_turn_start_values_equals_the_solve(case, solved):
    conformance.turns_recompute_from_anchor_values(game_of(case), solved(CASES[case][0], **CASES[case][1]))


@pytest.mark.parametrize("case", sorted(CASES))
def test_one_turn_objective_is_a_fixed_point(case):
    assert conformance.turn_score_is_a_fixed_point(game_of(case)) > 0


@pytest.mark.parametrize("case", sorted(CASES))
def test_links_round_trip(case, solved):
    game = game_of(case)
    conformance.links_round_trip(game, conformance.sample_states(game, solved(CASES[case][0], **CASES[case][1])))


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
            assert solution.value(state) == pytest.approx(max(legal), abs=1e-12)
            states += 1
            action = rng.choice(legal_actions(game, state))
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
