"""Pig with a turn limit (seed 003's last pages): the seed's equations solved literally, the
two turn models, the approach to unlimited Pig, the policies, the CLI forms and the errors."""

import json
from functools import lru_cache

import conformance
import numpy as np
import pytest
from commands import cli
from simulated_dice import pig_turn

from pycore import find_game
from pycore.core.errors import InvalidParameterError
from pycore.jeopardy.policies.strategy import policy_results
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.vocabulary import State
from pycore.jeopardy.solving.dispatch import solve
from pycore.jeopardy.solving.factored import solve_factored


@lru_cache(None)
def run(S):
    """P_S(total = k): roll until the turn total reaches S or a 1 comes up (k = 0)."""
    @lru_cache(None)
    def from_total(k):
        if k >= S:
            return {k: 1.0}
        out = {0: 1 / 6}
        for face in range(2, 7):
            for end, p in from_total(k + face).items():
                out[end] = out.get(end, 0.0) + p / 6
        return out

    return from_total(0)


def seed_values(goal, first=None, second=None):
    """E[x, y, n] exactly as the notes write it (absolute players: player 1 moves when n is
    even and maximises, player 2 minimises, over S <= max(2, T - score)). ``first`` /
    ``second``: a player's fixed target ``(x, y, n) -> S`` instead (a policy)."""

    @lru_cache(None)
    def E(x, y, n):
        if x >= goal:
            return 1.0
        if y >= goal:
            return 0.0
        if n == 0:
            return 0.5
        return min(worth(x, y, n, S) for S in targets(x, y, n)) if n % 2 else max(worth(x, y, n, S) for S in targets(x, y, n))

    def targets(x, y, n):
        fixed = second if n % 2 else first
        if fixed is not None:
            return [fixed(x, y, n)]
        return range(2, max(2, goal - (y if n % 2 else x)) + 1)

    def worth(x, y, n, S):
        if n % 2 == 0:
            return sum(p * (E(x, y, n - 1) if k == 0 else E(min(x + k, goal), y, n - 1)) for k, p in run(S).items())
        return sum(p * (E(x, y, n - 1) if k == 0 else E(x, min(y + k, goal), n - 1)) for k, p in run(S).items())

    E.worth = worth
    E.targets = targets
    return E


def mover_value(E, i, j, n):
    """The seed's E (player 1's) as the mover's value at the anchor (i, j, n)."""
    return E(i, j, n) if n % 2 == 0 else 1.0 - E(j, i, n)


GOAL, TURNS = 20, 8


@pytest.mark.parametrize("model", ["target", "free"])
def test_the_factored_solve_equals_the_generic_solver(model):
    game = find_game("pig-turns", goal=GOAL, turns=TURNS, turn_model=model)
    factored = solve_factored(game)
    game.solver = "tabulated"  # the same rules over the (A, T) table, die by die
    generic = solve(game)
    expected = [generic.value(State(game.name, tuple(int(x) for x in a), game.turn_start)) for a in game.anchors()]
    assert np.max(np.abs(factored.anchor_values - np.array(expected))) < 1e-13


def test_the_target_model_is_the_seeds_equations():
    """Every turn start equals the notes' recursion, max over S <= max(2, T - x), written out."""
    E = seed_values(GOAL)
    solution = solve_factored(find_game("pig-turns", goal=GOAL, turns=TURNS))
    worst = max(abs(solution.anchor_value((i, j, n)) - mover_value(E, i, j, n))
                for i in range(GOAL) for j in range(GOAL) for n in range(1, TURNS + 1))
    assert worst < 1e-14


def test_a_target_policy_is_evaluated_exactly():
    """"Target 20" (the target min(20, T - x)) against the optimal player equals the notes'
    recursion with player 1's max replaced by that target and player 2's min by the optimal
    strategy's target (a best reply to the policy would win more: 0.4307 against 0.4340)."""
    goal, turns = 30, 6
    game = find_game("pig-turns", goal=goal, turns=turns)
    [result] = policy_results(solve_factored(game))
    optimal = seed_values(goal)

    def optimal_target(x, y, n):  # player 2's optimal strategy (not a best reply to the policy)
        return min(optimal.targets(x, y, n), key=lambda S: optimal.worth(x, y, n, S))

    E = seed_values(goal, first=lambda x, y, n: min(20, max(2, goal - x)), second=optimal_target)
    assert result.matchup.win_rate_first == pytest.approx(E(0, 0, turns), abs=1e-13)


def test_free_play_passes_the_conformance_checks():
    game = find_game("pig-turns", goal=12, turns=6, turn_model="free")
    solution = solve_factored(game)
    assert conformance.explore(game, solution) > 100
    conformance.turns_recompute_from_anchor_values(game, solution)
    conformance.play_terminates(game)


def test_where_choosing_the_target_up_front_loses():
    """Goal 50, 10 turns: the same P(first) to 1e-15, but in 61 positions with 10 turns left the
    models differ, by up to 8.7e-5 (14 to 4 with 9 left: free play is worth 0.63983 to the mover,
    a target 0.63975), because the best free play there is not "roll to a total": it holds at
    some turn total and rolls at a higher one."""
    goal, turns = 50, 10
    free_game = find_game("pig-turns", goal=goal, turns=turns, turn_model="free")
    free = solve_factored(free_game)
    target = solve_factored(find_game("pig-turns", goal=goal, turns=turns))
    assert free.p_first_player_wins() == pytest.approx(target.p_first_player_wins(), abs=1e-15)
    differ = np.abs(free.anchor_values - target.anchor_values).reshape(goal, goal, turns)[:, :, turns - 1] > 1e-12
    assert differ.sum() == 61
    gap = free.anchor_value((14, 4, 9)) - target.anchor_value((14, 4, 9))
    assert gap == pytest.approx(8.2029e-5, abs=1e-9)
    turn = free.turn((14, 4, 9))
    acts = [turn.best_action((k, 0)) for k in range(2, goal - 14)]
    first_hold = acts.index("hold")
    assert "roll" in acts[first_hold:]  # rolls again above a total it holds at


def test_many_turns_approach_unlimited_pig():
    """Goal 100: with 80 turns left every position is within 1e-6 of unlimited Pig's value
    (4e-8 measured; 3.6e-4 with 40 left, 1e-9 with 100), so P(first) is Pig's 0.5306."""
    goal, turns = 100, 80
    limited = solve_factored(find_game("pig-turns", goal=goal, turns=turns, turn_model="free"))
    pig = solve(find_game("pig", goal=goal))
    values = limited.anchor_values.reshape(goal, goal, turns)
    unlimited = np.array([[pig.value(State("pig", (i, j), (0,))) for j in range(goal)] for i in range(goal)])
    assert np.max(np.abs(values[:, :, turns - 1] - unlimited)) < 1e-6
    assert limited.p_first_player_wins() == pytest.approx(0.5306, abs=5e-5)  # Neller & Presser's figure
    assert np.max(np.abs(values[:, :, 39] - unlimited)) > 1e-4  # 40 turns left: not yet


def test_a_link_without_the_turns_left_starts_where_the_game_does():
    """A missing n is the game's turns, also when the link needed fixing (s=5 in free play)."""
    from pycore import api

    resolved = api.call("resolve", {"fragment": "game=pig-turns&goal=20&turns=8&turn_model=free&s=5"})
    assert resolved["state"]["n"] == 8 and resolved["state"]["s"] == 0 and len(resolved["problems"]) == 1


def test_unsupported_parameters_are_named():
    with pytest.raises(InvalidParameterError, match="turns must be even"):
        find_game("pig", turns=7)
    with pytest.raises(InvalidParameterError, match="turn model 'fast' is not one of target, free"):
        find_game("pig", turns=8, turn_model="fast")
    with pytest.raises(InvalidParameterError, match="4,000,000 turn starts"):
        solve(find_game("pig-turns", goal=100, turns=400))



def test_cli_solve_and_advise_as_the_issue_writes_them():
    done = cli("solve", "pig", "--goal", "30", "--turns", "10", "--turn-model", "free", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["game"] == "pig-turns" and result["params"]["turn_model"] == "free"
    assert result["p_first_player_wins"] == pytest.approx(mover_value(seed_values(30), 0, 0, 10), abs=0.01)
    rows = result["by_turns"]["rows"]
    assert [r["turns"] for r in rows] == [2, 4, 6, 8, 10]
    assert rows[-1]["p_first_player_wins"] == pytest.approx(result["p_first_player_wins"], abs=1e-15)

    done = cli("advise", "pig", "--goal", "30", "--turns", "10", "--state", "i=5,j=8,k=0,n=5", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    advice = json.loads(done.stdout)
    targets = [o["target"] for o in advice["options"]]
    assert sorted(targets) == list(range(2, 26))  # S <= max(2, T - i): no target past the goal
    assert advice["best"]["target"] == targets[0] and advice["best"]["value"] == pytest.approx(advice["value"], abs=1e-15)
    assert advice["best"]["value"] == pytest.approx(mover_value(seed_values(30), 5, 8, 5), abs=1e-13)


# ---- the variant designer (pycore.jeopardy.views.design) -------------------------------------------


def test_the_expected_game_length_agrees_with_a_seeded_simulation():
    """Pig to 40, two optimal players: the exact expected number of turns (6.39995) against
    20,000 simulated games, within 4.5 standard errors."""
    import random

    from pycore.jeopardy.views.design import design_row

    game = find_game("pig", goal=40)
    exact = design_row(game, 40).expected_turns
    assert exact == pytest.approx(6.39995, abs=1e-5)
    solution = solve(game)
    rolls = np.zeros((40, 40, 46), bool)  # the optimal player's choice in every state
    for i in range(40):
        for j in range(40):
            for k in (0, *range(2, 40 - i)):  # (no turn total of 1)
                rolls[i, j, k] = solution.best_action(Notation(game).from_values(i=i, j=j, k=k)) == "roll"
    rng = random.Random(2026)
    lengths = []
    for _ in range(20_000):
        scores, mover, k, turns = [0, 0], 0, 0, 1
        while True:
            if rolls[scores[mover], scores[1 - mover], k]:
                face = rng.randint(1, 6)
                if face == 1:
                    k, mover, turns = 0, 1 - mover, turns + 1
                else:
                    k += face
                continue
            scores[mover] += k
            if scores[mover] >= 40:
                break
            k, mover, turns = 0, 1 - mover, turns + 1
        lengths.append(turns)
    mean, se = np.mean(lengths), np.std(lengths) / np.sqrt(len(lengths))
    assert abs(mean - exact) < 4.5 * se


def test_a_turn_limited_games_expected_length_agrees_with_the_seeds_recursion_and_a_simulation():
    """Goal 30, 10 turns, target model: the factored game's exact expected length (3.90935
    turns) equals the notes' recursion with a turn counted at every step, both players
    choosing the targets the recursion finds best (to 1e-12), and 20,000 seeded games,
    the die rolled face by face, within 4.5 standard errors."""
    import random

    from pycore.jeopardy.views.design import design_row

    goal, turns = 30, 10
    exact = design_row(find_game("pig-turns", goal=goal, turns=turns), turns).expected_turns
    E = seed_values(goal)

    @lru_cache(None)
    def best_target(x, y, n):  # player 1 maximises E, player 2 minimises it; the first of equals
        options = list(E.targets(x, y, n))
        worth = [E.worth(x, y, n, S) for S in options]
        return options[(np.argmin if n % 2 else np.argmax)(worth)]

    @lru_cache(None)
    def length(x, y, n):  # expected turns left, this one included (absolute scores, as E)
        if x >= goal or y >= goal or n == 0:
            return 0.0
        mover_is_first = n % 2 == 0
        total = 1.0
        for k, p in run(best_target(x, y, n)).items():
            if mover_is_first:
                total += p * length(min(x + k, goal), y, n - 1)
            else:
                total += p * length(x, min(y + k, goal), n - 1)
        return total

    assert exact == pytest.approx(length(0, 0, turns), abs=1e-12)
    assert exact == pytest.approx(3.90935, abs=1e-5)

    rng = random.Random(2026)
    lengths = []
    for _ in range(20_000):
        scores, n = [0, 0], turns
        while n and max(scores) < goal:
            mover = 0 if n % 2 == 0 else 1
            target = best_target(scores[0], scores[1], n)
            scores[mover] += pig_turn(rng, lambda total, target=target: total < target)
            n -= 1
        lengths.append(turns - n)
    mean, se = np.mean(lengths), np.std(lengths) / np.sqrt(len(lengths))
    assert abs(mean - exact) < 4.5 * se


def test_with_many_turns_the_expected_length_is_unlimited_pigs():
    """Goal 40, free play: 10 turns cut games short (5.49 turns expected); with 80 the
    expected length is Pig's 6.39995 (the unlimited solver's flow of probability) to 1e-9."""
    from pycore.jeopardy.views.design import design_row

    pig = design_row(find_game("pig", goal=40), 40).expected_turns
    limited = [design_row(find_game("pig-turns", goal=40, turns=t, turn_model="free"), t).expected_turns for t in (10, 80)]
    assert limited[0] < pig - 0.5  # 10 turns cut games short: 5.49
    assert limited[1] == pytest.approx(pig, abs=1e-9)
    # two turns: player 1 rolls for the goal (holding short only gives player 2 the same try),
    # so the second turn is played unless the first reaches 20
    two = design_row(find_game("pig-turns", goal=20, turns=2, turn_model="free"), 2).expected_turns
    assert two == pytest.approx(2.0 - (1.0 - run(20)[0]), abs=1e-12)


def test_design_over_the_goal_from_the_command_line():
    done = cli("design", "pig", "--goal", "20:60:20", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["rows"]
    assert [r["value"] for r in rows] == [20, 40, 60]
    assert rows[1]["p_first_player_wins"] == pytest.approx(0.5446944, abs=1e-7)
    assert rows[1]["expected_turns"] == pytest.approx(6.39995, abs=1e-5)
    assert rows[1]["fairest_komi"] == -4 and rows[1]["policy"] == "Hold at 20"
    assert rows[2]["skill"] == pytest.approx(0.5244574, abs=1e-7)
    # a bad range, two ranges, a value the game refuses: one line each, naming it
    for args, message in ((("--goal", "20:60:0"), "FROM:TO:STEP"), (("--goal", "1:3"), "goal must be between 2 and 400"),
                          (("--goal", "20"), "exactly one of pig's parameters"), (("--goal", "20,20"), "listed more than once")):
        done = cli("design", "pig", *args, "--quiet")
        assert done.returncode == 2 and message in done.stderr, done.stderr
