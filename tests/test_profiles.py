"""Profiles of play for three players (issue 54): one player follows a fixed policy, the others
keep the exact advice. Checked against brute forces written from the rules alone (a plain
recursion for Pig, plain iterations over every raw state for GRO and AYZD: tests/seat_checks.py),
to 1e-10, and the readings of the papers' policies for three against their expressions."""

import numpy as np
import pytest
from test_ayzd_three import brute_force as ayzd_brute_force
from test_gro_three import BUST, DICE
from test_gro_three import brute_force as gro_brute_force
from test_seats import profile_brute_force

from pycore import find_game
from pycore.core.errors import InvalidPolicyError
from pycore.jeopardy.policies.rule_language import RuleError
from pycore.jeopardy.policies.strategy import rule_policy
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.vocabulary import ROLL, State
from pycore.jeopardy.seats import profile
from pycore.jeopardy.seats.profile import ProfileNotEvaluated, evaluate_profiles, follower_chances
from pycore.jeopardy.seats.reading import read_policies, two_player_game
from pycore.jeopardy.seats.stand_in import stand_in_cost
from pycore.jeopardy.solving.dispatch import solve
from pycore.jeopardy.solving.factored import _Endings
from pycore.jeopardy.solving.turn_graph import start_graph_of

#: the small GRO of tests/test_gro_three.py, without a turn limit (it settles at goal 5)
GRO = {"goal": 5, "bound": 10, "n_dice": DICE, "bust_ones": BUST, "turns": 0}


def _row(game, p, scores) -> int:
    """The row of the turn start ``(p, scores)`` (a merged last round's under its own key)."""
    anchor = game.canonical_anchor(dict(zip(game.anchor_vars, (np.asarray(p), *map(np.asarray, scores)), strict=True)))
    return int(layout(game).anchor_row(tuple(int(anchor[v]) for v in game.anchor_vars)))


def _against_brute_force(game, table, expected: dict) -> None:
    for (p, scores), chances in expected.items():
        assert table[_row(game, p, scores)] == pytest.approx(list(chances), abs=1e-10), (p, scores)


def test_pig_profiles_equal_the_plain_recursion_by_the_chain_and_the_general_sweep():
    """Pig to 8 with 10 turns left, a rule that looks at the third score: each player
    following it alone, by the chain solver and by the general sweep (Pig's turn start does
    not say who moves: the turns played do), equals the plain recursion at the start to
    1e-12; without followers the tables are the optimal solve's."""
    game = find_game("pig-3", goal=8, turns=10)
    rule = "k < 2 + max(j, l) // 3 and i + k < 8"
    policy = rule_policy(game, rule)
    profiles = [{}] + [{s: policy} for s in range(3)]
    chained = evaluate_profiles(game, profiles)
    swept = profile._swept(game, profiles, 10, None, None)

    def rolls(i, j, l, k):  # noqa: E741 (the rule, written again)
        return k < 2 + max(j, l) // 3 and i + k < 8

    for values in (chained, swept):
        assert np.max(np.abs(values.tables[0] - solve(game).values)) < 1e-12
        for s in range(3):
            expected = profile_brute_force(8, 10, {s}, rolls)
            assert np.max(np.abs(np.array(values.start(values.tables[s + 1])) - expected)) < 1e-12
    assert np.max(np.abs(chained.tables[2] - swept.tables[2])) < 1e-12


@pytest.fixture(scope="module")
def gro():
    game = find_game("gro-3", **GRO)
    return game, solve(game)


def test_gro_profiles_equal_a_plain_iteration_over_every_state(gro):
    """GRO for three (goal 5, three dice, two 1s bust, no limit): a rule with every score,
    followed by each player alone, equals the brute force at every turn start (the merged last
    rounds under their own scores) to 1e-10; the others play the exact advice."""
    game, solution = gro
    rule = "k < 4 + (max(j, l) - i) // 2 and o == 0 or (p == 3 and i + k <= max(j, l))"
    policy = rule_policy(game, rule)
    values = evaluate_profiles(game, [{}] + [{s: policy} for s in range(3)])
    assert np.max(np.abs(values.tables[0] - solution.values)) < 1e-12

    def written(p, sc, k, o):  # the rule, written again
        i, j, l = sc  # noqa: E741
        return (k < 4 + (max(j, l) - i) // 2 and o == 0) or (p == 3 and i + k <= max(j, l))

    for seat in range(3):
        expected = gro_brute_force(5, 10, follower=lambda state, seat=seat: written(*state) if state[0] - 1 == seat else None)
        _against_brute_force(game, values.tables[seat + 1], expected)


def _two_player_advice(two, solution):
    """The stand-in at a raw state of three or more players, from the two-player solve: the
    mover against the most points among the others, as player 2 where that player has played
    this round (the earlier seat of equals), written again from the reading's words."""

    def rolls(p, sc, turn):
        players, top = len(sc), max(sc[1:])
        # (the n-th player after the mover, sc[n], has played this round when their place,
        # p + n, is past the last: the earliest of the equals on top is one who has, if any)
        played = any(p + n > players for n in range(1, players) if sc[n] == top)
        anchor = two.canonical_anchor({"p": np.asarray(2 if played else 1), "i": np.asarray(sc[0]), "j": np.asarray(top)})
        key = tuple(int(anchor[v]) for v in two.anchor_vars)
        try:
            return solution.best_action(State(two.name, key, turn)) == ROLL
        except Exception:  # (a turn state no turn reaches: nothing reads it)
            return None

    return rolls


def test_the_stand_ins_cost_in_gro_for_three_equals_the_brute_force(gro):
    """The stand-in (two-player GRO's advice against the strongest opponent) followed by each
    player alone: the brute force with the two-player solve's moves at the standing position
    gives every turn start's chances to 1e-10; its costs are what the docs print."""
    game, _ = gro
    two = two_player_game(game)
    advice = _two_player_advice(two, solve(two))
    cost = stand_in_cost(game)
    for seat in range(3):
        expected = gro_brute_force(
            5, 10, follower=lambda state, seat=seat: advice(state[0], state[1], state[2:]) if state[0] - 1 == seat else None)
        assert cost.alone[seat] == pytest.approx(list(expected[(1, (0, 0, 0))]), abs=1e-10)
    assert np.round(cost.costs, 4).tolist() == [0.0, 0.079, 0.0]


@pytest.mark.parametrize("goal, bound", [(3, 6), (4, 8)])
def test_ayzd_profiles_and_the_stand_in_equal_a_plain_iteration(goal, bound):
    """AYZD for three (no limit: the mover's seat is its place in the round, a fixed profile
    a Markov chain): a paper's policy read for three and the stand-in, each followed by each
    player alone, equal the brute force at every turn start to 1e-10 (two-way ties played on
    by the exact advice in both)."""
    game = find_game("ayzd-3", goal=goal, bound=bound)
    paper = next(p for p in read_policies(game) if p.name == "Minh Cases")
    two = two_player_game(game)
    advice = _two_player_advice(two, solve(two))
    values = evaluate_profiles(game, [{s: paper} for s in range(3)])
    stand_in = stand_in_cost(game)
    for seat in range(3):
        def minh(state, seat=seat):
            p, (i, j, l), b, s = state  # noqa: E741
            if p - 1 != seat:
                return None
            top = max(j, l)
            second = p == 3 or (p == 2 and l >= j)
            if second and top >= goal and i + b < top:
                return True
            if s == 0:
                return True
            if s == 1:
                return i + b < max(goal, top + 3) if top >= 8 else b < 4
            return b < 1

        _against_brute_force(game, values.tables[seat], ayzd_brute_force(goal, bound, 3, follower=minh))
        expected = ayzd_brute_force(goal, bound, 3, follower=lambda state, seat=seat: advice(
            state[0], state[1], state[2:]) if state[0] - 1 == seat else None)
        assert stand_in.alone[seat] == pytest.approx(list(expected[(1, (0, 0, 0))]), abs=1e-10)


def test_ayzd_profiles_of_four_equal_a_plain_iteration():
    """AYZD for four (goal 3, bound 6): a typed rule that sees every score, followed by the
    last of four alone, and the stand-in followed by the third (who has two players of the
    round behind and one ahead: the reading's two cases), the others the exact advice, equal
    the brute force at every turn start to 1e-10 (30 s a brute force; at goal 2 a reading
    that counts the next player as having played gives the same moves, at 3 it does not)."""
    game = find_game("ayzd-4", goal=3, bound=6)
    rule = rule_policy(game, "s == 0 or b < 1 + max(j, l, m) - i")
    values = evaluate_profiles(game, [{3: rule}])

    def written(state):  # the rule, written again
        p, (i, j, l, m), b, s = state  # noqa: E741
        return (s == 0 or b < 1 + max(j, l, m) - i) if p == 4 else None

    _against_brute_force(game, values.tables[0], ayzd_brute_force(3, 6, 4, follower=written))
    assert values.start(values.tables[0])[3] < values.start()[3]  # (the rule costs its follower)
    two = two_player_game(game)
    advice = _two_player_advice(two, solve(two))
    expected = ayzd_brute_force(3, 6, 4, follower=lambda state: advice(state[0], state[1], state[2:]) if state[0] == 3 else None)
    stand_in = stand_in_cost(game)
    assert stand_in.alone[2] == pytest.approx(list(expected[(1, (0,) * 4)]), abs=1e-10)
    assert stand_in.costs[2] > 1e-4


@pytest.mark.parametrize("name, params", [("pig-3", {"goal": 12, "turns": 9}), ("gro-3", GRO),
                                          ("ayzd-3", {"goal": 4})])
def test_the_papers_policies_read_for_three_decide_as_their_expressions(name, params):
    """Every paper's policy read for three rolls exactly where its expression (the two-player
    expression with the opponent the strongest of the others) does, at every turn state."""
    game = find_game(name, **params)
    endings = _Endings.of(game)
    _, columns, _ = start_graph_of(game)
    state = endings.state(np.arange(len(endings.anchors)), columns)
    policies = read_policies(game)
    assert policies and all("max(j, l)" in p.expression or "j" not in p.expression for p in policies)
    for policy in policies:
        written = rule_policy(game, policy.expression)
        assert np.array_equal(np.broadcast_to(policy.rule(**state), written.rule(**state).shape), written.rule(**state))
        assert "Read for 3 players" in policy.description
        # ("player 2" is read only in a game of rounds: Pig's turn start has no place in the round)
        assert ('"Player 2" is a mover' in policy.description) == ("p" in game.anchor_vars) == (name != "pig-3")


def test_follower_chances_and_the_bad_requests():
    """Without a turn limit Pig's turn start does not say who moves, a seat out of range and
    a rule naming an unknown variable are refused by name."""
    game = find_game("pig-3", goal=8, turns=6)
    policy = rule_policy(game, "k < 3")
    chances = follower_chances(game, [policy])[0]
    assert sum(chances.alone[1]) == pytest.approx(1.0, abs=1e-12)
    assert chances.costs[1] == pytest.approx(chances.optimal[1] - chances.alone[1][1])
    with pytest.raises(ProfileNotEvaluated, match="a seat is 0 to 2"):
        evaluate_profiles(game, [{3: policy}])
    with pytest.raises(ProfileNotEvaluated, match="does not say who moves"):
        evaluate_profiles(find_game("pig-3", goal=8, turns=0), [{0: policy}])
    with pytest.raises(RuleError, match="unknown name 'm'"):
        rule_policy(game, "k < m")
    assert issubclass(ProfileNotEvaluated, ValueError) and issubclass(RuleError, InvalidPolicyError)
