"""The rules protocol's extensions, each exercised by a small game defined in
``protocol_games.py`` and registered only here: a choice after the roll (with hot
dice), a turn counter with draws, a turn state of dice by colour, the one-turn
objective, concrete dice and a prebuilt table for a two-player game. Registering
such a game is all it takes for the conformance suite, the API and links to serve it."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache

import conformance
import numpy as np
import pytest
from protocol_games import TEST_GAMES, MiniFarkle, ShortPig, TrafficLight

from pycore import api, find_game, register, solve, unregister
from pycore.core.cache import CACHES
from pycore.core.errors import InvalidStateError
from pycore.jeopardy.model.level_sweep import value_iteration
from pycore.jeopardy.policies.evaluation import evaluate
from pycore.jeopardy.rules.layout import JeopardyTables
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.solving.dispatch import solve_turn_score
from pycore.service import tables

SMALL = {MiniFarkle: {"goal": 12}, ShortPig: {"goal": 10, "turns": 6}, TrafficLight: {"goal": 5}}


@pytest.fixture(autouse=True, scope="module")
def registered():
    for cls in TEST_GAMES:
        register(cls)
    yield
    for cls in TEST_GAMES:
        unregister(cls)


@cache
def solved(cls):
    return solve(cls(**SMALL[cls]))


@pytest.mark.parametrize("cls", TEST_GAMES, ids=lambda c: c.name)
def test_conformance_suite_passes(cls):
    game, solution = cls(**SMALL[cls]), solved(cls)
    assert conformance.explore(game, solution) > 20
    conformance.play_terminates(game, games=100)
    conformance.model_arrays_are_consistent(game)
    assert conformance.concrete_dice_agree(game) > 3
    conformance.turns_recompute_from_anchor_values(game, solution)
    assert conformance.turn_score_is_a_fixed_point(game) > 0
    conformance.links_round_trip(game, conformance.sample_states(game, solution, count=15))
    assert solution.residual < 1e-12


@pytest.mark.parametrize("cls", TEST_GAMES, ids=lambda c: c.name)
def test_level_sweep_agrees_with_plain_value_iteration(cls):
    solution = solved(cls)
    baseline = value_iteration(solution.game)
    order = solution.model.order_anchor, solution.model.order_turn
    assert np.max(np.abs(baseline.values - solution.values[order])) < 1e-12


# ---- 1. a choice after the roll ---------------------------------------------------------------


class FirstOptionFarkle(MiniFarkle):
    """Mini Farkle where every scoring die must be set aside (the first option only)."""

    name = "test-first-option-farkle"

    def read_roll(self, turn, faces):
        outcome = super().read_roll(turn, faces)
        return outcome if outcome is None else outcome.options[0]


def test_the_best_choice_is_not_always_the_first_option():
    """Mini Farkle: setting every scoring die aside (the first option) is not always best;
    the solver takes the best option, and being made to take the first costs points and wins."""
    game, solution = MiniFarkle(**SMALL[MiniFarkle]), solved(MiniFarkle)
    model = solution.model
    better_later = 0
    for a, t in np.argwhere(model.valid & model.can_roll)[:4000]:
        state = model.state_at(int(a), int(t))
        for o in game.transitions(state, "roll"):
            if len(o.options) > 1:
                worth = [solution.value(s) for s in o.options]
                better_later += worth[0] < max(worth) - 1e-12
    assert better_later > 10
    forced = FirstOptionFarkle(**SMALL[MiniFarkle])
    assert solve_turn_score(forced).expected_score < solve_turn_score(game).expected_score - 0.01
    # a fixed policy takes the first option: the same policy in both games plays the same game
    first = evaluate(game, solution.policy, solution.policy)
    same = evaluate(forced, solution.policy, solution.policy)
    assert first.win_rate_first == pytest.approx(same.win_rate_first, abs=1e-12)


def test_mini_farkle_turn_score_matches_a_direct_recursion():
    """The one-turn objective against a recursion written from the rules in the test."""
    game = MiniFarkle(goal=40)
    points = {1: 2, 2: 1, 3: 0}

    @cache
    def best(k, d):
        hold = k if k > 0 else 0.0
        if k >= game.goal:  # holding wins: no more rolling
            return hold
        rolled = 0.0
        for probability, faces in game.roll_faces((k, d)):
            scoring = [f for f in faces if points[f]]
            if not scoring:
                continue
            options = set()
            for a in range(scoring.count(1) + 1):
                for b in range(scoring.count(2) + 1):
                    if a + b:
                        left = d - a - b
                        options.add((k + 2 * a + b, left if left else 3))
            rolled += float(probability) * max(best(*o) for o in options)
        return max(hold, rolled) if k > 0 else rolled

    assert solve_turn_score(game).expected_score == pytest.approx(best(0, 3), abs=1e-12)


# ---- 2. a turn counter and draws --------------------------------------------------------------


def test_short_pig_matches_a_direct_recursion():
    game, solution = ShortPig(**SMALL[ShortPig]), solved(ShortPig)
    goal = game.goal

    @cache
    def win(i, j, n, k):  # P(mover wins) + 1/2 P(draw) with n turns left, this one included
        hold = 1.0 if i + k >= goal else (0.5 if n == 1 else 1.0 - win(j, i + k, n - 1, 0))
        if i + k >= goal:
            return hold
        bust = 0.5 if n == 1 else 1.0 - win(j, i, n - 1, 0)
        rolled = (bust + sum(win(i, j, n, k + f) for f in range(2, 7))) / 6
        return max(hold, rolled) if k > 0 else rolled

    for state in conformance.sample_states(game, solution, count=200):
        i, j, n = state.anchor
        assert solution.value(state) == pytest.approx(win(i, j, n, state.turn[0]), abs=1e-12)
    assert solution.p_first_player_wins() == pytest.approx(win(0, 0, SMALL[ShortPig]["turns"], 0), abs=1e-12)


def test_many_turns_converge_to_unlimited_pig():
    limited = solve(ShortPig(goal=10, turns=120)).p_first_player_wins()
    assert limited == pytest.approx(solve(find_game("pig", goal=10)).p_first_player_wins(), abs=1e-6)


def test_the_last_turn_draws():
    game, solution = ShortPig(**SMALL[ShortPig]), solved(ShortPig)
    last = Notation(game).from_values(i=3, j=8, n=1)  # one turn left, behind by 5: reach 10 or draw
    reach = solution.value(last)
    assert 0.5 < reach < 1.0


# ---- 3. a turn state of dice by colour -------------------------------------------------------


def test_dice_by_colour_are_written_as_letters():
    game = TrafficLight(**SMALL[TrafficLight])
    state = Notation(game).from_text("i=1,br=RG,sg=G")
    assert Notation(game).columns(state) == {"i": 1, "j": 0, "br_G": 1, "br_R": 1, "sg_G": 1, "sg_R": 0}
    assert Notation(game).to_text(state) == "i=1,j=0,br=GR,sg=G"
    assert Notation(game).from_json(Notation(game).to_json(state)) == state
    with pytest.raises(InvalidStateError, match=r"Brains \(br_R\) must be between 0 and 1"):
        Notation(game).from_text("br=RR")
    with pytest.raises(InvalidStateError, match="cannot occur"):
        Notation(game).from_text("br=G,sg=GR")  # a second shotgun ends the turn
    with pytest.raises(InvalidStateError, match="letters G, R"):
        Notation(game).from_text("sg=Y")


def test_the_api_serves_a_game_registered_from_a_test():
    games = {g["name"]: g for g in api.call("games")["games"]}
    described = games["test-traffic-light"]
    assert described["kind"] == "jeopardy"
    assert [(v["name"], v["control"]) for v in described["state_vars"]] == [
        ("i", "stepper"), ("j", "stepper"), ("br", "dice"), ("sg", "dice")
    ]
    assert games["test-mini-farkle"]["state_vars"][3]["choices"] == [1, 2, 3]
    advice = api.call("advise", {"game": "test-traffic-light", "state": "i=3,j=4,br=G,sg=R"})
    assert advice["state"] == {"i": 3, "j": 4, "br": "G", "sg": "R"}
    assert advice["link"] == "#game=test-traffic-light&i=3&j=4&br=G&sg=R"
    opened = api.call("resolve", {"fragment": advice["link"]})
    assert opened["state"] == advice["state"] and opened["problems"] == []
    broken = api.call("resolve", {"fragment": "#game=test-traffic-light&i=3&br=Q&sg=GR"})
    assert broken["problems"] and broken["game"] == "test-traffic-light"
    turn = api.call("solve", {"game": "mini-farkle", "objective": "turn-score"})
    assert turn["expected_score"] == pytest.approx(solve_turn_score(MiniFarkle()).expected_score)
    error = json.loads(api.handle(json.dumps({"action": "solve", "args": {"game": "pig", "objective": "fun"}})))
    assert error["error"]["type"] == "InvalidRequestError" and "turn-score" in error["error"]["message"]


# ---- 4. the one-turn objective -----------------------------------------------------------------


def test_pig_turn_score_is_the_hold_at_20_expectation():
    """Pig's best one-turn policy holds at 20 (rolling at 20 gains exactly nothing), worth
    E = 8.1418...; computed here from the exact hold-at-20 recursion with fractions."""
    exact = {}
    for k in range(119, -1, -1):
        exact[k] = Fraction(k) if k >= 20 else sum((exact[k + f] for f in range(2, 7)), Fraction(0)) / 6
    result = solve_turn_score(find_game("pig"))
    assert result.expected_score == pytest.approx(float(exact[0]), abs=1e-12)
    assert round(result.expected_score, 4) == 8.1418


# ---- 5. a prebuilt table for a two-player game --------------------------------------------------


def test_a_two_player_game_answers_from_its_prebuilt_table(tmp_path, monkeypatch):
    game = MiniFarkle(goal=12)
    monkeypatch.setattr(MiniFarkle, "tables", JeopardyTables(variants=({"goal": 12},)))
    monkeypatch.setenv("ROLL_OR_HOLD_TABLES", str(tmp_path))
    CACHES["loaded tables"].clear()
    manifest = tables.build_tables(tmp_path, games=[game])
    entry = manifest["tables"][0]
    assert entry["file"] == "test-mini-farkle-goal12.roht" and entry["anchors"] == 144
    assert entry["p_first_player_wins"] == pytest.approx(solved(MiniFarkle).p_first_player_wins(), abs=1e-15)
    CACHES["solutions"].clear()  # nothing solved: the table must answer
    solution = solved(MiniFarkle)
    for state in conformance.sample_states(game, solution, count=25):
        advice = api.call("advise", {"game": game.name, "state": Notation(game).values(state)})
        assert advice["source"] == "table test-mini-farkle-goal12.roht"
        for action, value in solution.action_values(state).items():
            assert (advice["values"][action] is None) == (value is None)
            if value is not None:
                assert advice["values"][action] == pytest.approx(value, abs=2e-9)
    assert len(CACHES["solutions"]) == 0
    # a corrupted table is refused by name, as an error object
    path = tmp_path / entry["file"]
    path.write_bytes(path.read_bytes()[:-10] + b"0123456789")
    CACHES["loaded tables"].clear()
    answer = json.loads(api.handle(json.dumps({"action": "advise", "args": {"game": game.name, "state": "k=2,d=2"}})))
    assert answer["error"]["type"] == "TableError" and entry["file"] in answer["error"]["message"]


@pytest.mark.parametrize("cls", TEST_GAMES, ids=lambda c: c.name)
def test_expected_visits_flow_into_the_exact_result(cls):
    """The forward pass (expected visits, used for a rule's mistakes) on the test games, a turn
    counter's later turns included: all of the mass ends, and P(X wins) from the flow equals
    the evaluation sweep's."""
    from pycore.jeopardy.policies.evaluation import occupancy

    game, solution = cls(**SMALL[cls]), solved(cls)
    exact = evaluate(game, solution.policy, solution.policy)
    for first, expected in ((True, exact.win_rate_first), (False, exact.win_rate_second)):
        flow = occupancy(game, solution.policy, solution.policy, x_first=first)
        assert flow.ended == pytest.approx(1.0, abs=1e-12)
        assert flow.x_wins == pytest.approx(expected, abs=1e-12)
