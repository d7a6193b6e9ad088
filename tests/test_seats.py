"""Three players (issue 36): each seat's chance to win, by the factored sweep with the other
players' chances riding along (``pycore.jeopardy.seats.sweep``), checked against a brute force over
every state, against today's two-player solutions from the same code, between the
turn-limited game and the game without a limit, and by simulated games."""

import importlib.util
import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from simulated_dice import pig_turn

from pycore import api, find_game
from pycore.core.cache import CACHES
from pycore.core.errors import InvalidRequestError, SolverError
from pycore.games.pig_seats import ThreePlayerPig
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.seats.chain import NotAChainGame, turn_limited_chain
from pycore.jeopardy.seats.seat_solution import NotForPlayers
from pycore.jeopardy.seats.sweep import SeatsDidNotSettle, seat_values, turn_limited_seat_values
from pycore.jeopardy.solving import factored
from pycore.jeopardy.solving.dispatch import solve, solver_of, win_turn_values
from pycore.jeopardy.solving.table_content import table_content
from pycore.store.prebuilt import load_table, table_file, write_tables


def brute_force(goal: int, tolerance: float = 1e-14) -> dict:
    """(i, j, l, k) -> (W_0, W_1, W_2) for three-player Pig by plain value iteration over every
    state (i, j, l below the goal, k the turn total), each player maximising their own chance,
    ties held; no anchors, no turn graph, no layers."""
    states = [(i, j, l, k) for i in range(goal) for j in range(goal) for l in range(goal)  # noqa: E741
              for k in range(goal - i + 1)]
    V = {s: np.full(3, 1 / 3) for s in states}

    def after_turn(i, j, l, banked):  # noqa: E741
        if banked >= goal:
            return np.array([1.0, 0.0, 0.0])
        w = V[(j, l, banked, 0)]  # the next mover's seats: this mover is their seat 2
        return np.array([w[2], w[0], w[1]])

    for _ in range(10_000):
        change = 0.0
        for s in sorted(states, key=lambda s: -s[3]):
            i, j, l, k = s  # noqa: E741
            hold = after_turn(i, j, l, i + k) if k else None
            roll = None
            if i + k < goal:
                roll = after_turn(i, j, l, i) / 6 + sum(V[(i, j, l, min(k + r, goal - i))] for r in range(2, 7)) / 6
            best = hold if roll is None or (hold is not None and not roll[0] > hold[0]) else roll
            change = max(change, float(np.max(np.abs(best - V[s]))))
            V[s] = best
        if change < tolerance:
            return V
    raise AssertionError("the brute force did not settle")


def test_three_players_agree_with_a_brute_force_over_every_state():
    """Goal 8: every turn start's three chances, to 1e-10 (and they sum to 1)."""
    game = ThreePlayerPig(goal=8)
    W = seat_values(game)
    V = brute_force(8)
    for row, (i, j, l) in enumerate(game.anchors()):  # noqa: E741
        assert np.max(np.abs(W[row] - V[(i, j, l, 0)])) < 1e-10
    assert np.allclose(W.sum(axis=1), 1.0, atol=1e-12)


def test_the_start_and_the_turn_limit_that_reaches_it():
    """Goal 10 and 20: the chances at the start in seat order, and the turn-limited game
    (backward induction over the turns left, the turns running out shared) tends to them as
    the limit grows; a short limit is further from them."""
    for goal, expected in ((10, (0.6339705, 0.2596703, 0.1063593)), (20, (0.4963784, 0.3100086, 0.1936130))):
        game = ThreePlayerPig(goal=goal)
        start = seat_values(game)[layout(game).anchor_row(game.start_anchor())]
        assert np.round(start, 7).tolist() == list(expected)
        limited = turn_limited_chain(game, 150)
        errors = np.max(np.abs(limited.start - start), axis=1)
        assert errors[150] < 1e-9 < errors[15]
        assert limited.changes[150] < 1e-9 < limited.changes[15]  # the whole table settles too


def test_two_players_from_the_same_code_equal_todays_solutions():
    """Pig to 20 and Pig with 30 turns (free play) solved as a game of two seats: seat 0 is the
    two-player solver's P(mover wins), seat 1 its complement."""
    for game in (find_game("pig", goal=20), find_game("pig", goal=20, turns=30, turn_model="free")):
        W = seat_values(game)
        X = factored.anchor_values(game)
        assert np.max(np.abs(W[:, 0] - X)) < 1e-10
        assert np.max(np.abs(W[:, 1] - (1 - X))) < 1e-10


def test_a_stationary_solve_that_does_not_settle_is_refused_in_words(monkeypatch):
    from pycore.jeopardy.seats import sweep as seats

    with pytest.raises(SeatsDidNotSettle, match="did not settle in 1 sweeps.*turn limit"):
        seat_values(ThreePlayerPig(goal=10), max_sweeps=1)  # (the policy step's first sweep only)
    monkeypatch.setattr(seats, "POLICY_STEPS", 0)  # (plain steps: many a layer)
    with pytest.raises(SeatsDidNotSettle, match="did not settle in 5 sweeps.*turn limit"):
        seat_values(ThreePlayerPig(goal=10), max_sweeps=5)


def test_policy_steps_and_damping_move_the_sweeps_not_the_fixed_point(monkeypatch):
    """Goal 20: the policy steps (the default) settle every layer in 2 sweeps; without them the
    full step takes up to 57 sweeps a layer and the half step 109; all three reach the same
    values. A damping out of (0, 1] is refused."""
    from pycore.jeopardy.seats import sweep as seats

    game = ThreePlayerPig(goal=20)
    policy, full, half = {}, {}, {}
    W_policy = seat_values(game, stats=policy)
    monkeypatch.setattr(seats, "POLICY_STEPS", 0)
    W_full = seat_values(game, damping=1.0, stats=full)
    W_half = seat_values(game, stats=half)
    assert np.max(np.abs(W_full - W_half)) < 1e-11 and np.max(np.abs(W_policy - W_half)) < 1e-11
    assert (policy["stage_sweeps"], full["stage_sweeps"], half["stage_sweeps"]) == (2, 57, 109)
    with pytest.raises(SolverError, match="damping"):
        seat_values(game, damping=0.0)


def test_three_optimal_players_win_as_simulated_games_do():
    """Goal 8: 30,000 seeded games of three players each playing the brute force's optimal
    roll or hold; each seat's share of the wins within 4.5 standard errors of its chance."""
    goal, games = 8, 30_000
    V = brute_force(goal)
    W = seat_values(ThreePlayerPig(goal=goal))[0]  # (0, 0, 0) is row 0

    def rolls(i, j, l, k):  # noqa: E741
        if i + k >= goal:
            return False
        if k == 0:
            return True
        hold = V[(j, l, i + k, 0)][2]
        roll = V[(i, j, l, k)][0]
        return roll > hold + 1e-12  # the value is the best of the two: rolling is best only where it beats holding

    rng = random.Random(36)
    wins = [0, 0, 0]
    for _ in range(games):
        scores, mover = [0, 0, 0], 0
        while True:
            i, j, l = scores[mover], scores[(mover + 1) % 3], scores[(mover + 2) % 3]  # noqa: E741
            scores[mover] += pig_turn(rng, lambda k, i=i, j=j, l=l: rolls(i, j, l, k))  # noqa: E741
            if scores[mover] >= goal:
                wins[mover] += 1
                break
            mover = (mover + 1) % 3
    for seat in range(3):
        p = W[seat]
        assert abs(wins[seat] / games - p) < 4.5 * (p * (1 - p) / games) ** 0.5


def test_three_players_to_30_settle_without_a_limit():
    """Goal 30: the layers still settle from 1/3 (the policy steps: 2 sweeps a layer; plain
    steps: 173, growing with the goal: docs/three-players.md), and the chances at the start
    sum to 1."""
    game = ThreePlayerPig(goal=30)
    stats = {}
    start = seat_values(game, stats=stats)[layout(game).anchor_row(game.start_anchor())]
    assert np.round(start, 7).tolist() == [0.4274077, 0.3251836, 0.2474087]
    assert stats["stage_sweeps"] == 2 and stats["residual"] < 1e-12


def test_the_chain_solver_equals_the_general_sweep():
    """Goal 25, 24 turns: every turn start's three chances and the start's at every number of
    turns left, the general sweep's and the chain solver's, to rounding; so do their changes."""
    game = ThreePlayerPig(goal=25)
    general, chain = turn_limited_seat_values(game, 24), turn_limited_chain(game, 24)
    assert np.max(np.abs(general.values - chain.values)) < 1e-13
    assert np.max(np.abs(general.start - chain.start)) < 1e-13
    assert np.max(np.abs(general.changes - chain.changes)) < 1e-13
    assert np.round(chain.start[24], 7).tolist() == [0.4564148, 0.3196761, 0.2239091]


def test_two_players_from_the_chain_solver_equal_turn_limited_pig():
    """The chain solver for two seats is Pig with a turn limit (free play, Glenn's notes' draw
    at 1/2): the start's chance at 2, 10 and 40 turns, and every turn start at 40."""
    chain = turn_limited_chain(find_game("pig", goal=30), 40)
    for turns in (2, 10, 40):
        limited = find_game("pig", goal=30, turns=turns, turn_model="free")
        X = factored.anchor_values(limited)
        assert abs(chain.start[turns][0] - X[layout(limited).anchor_row(limited.start_anchor())]) < 1e-12
    rows = [layout(limited).anchor_row((i, j, 40)) for i in range(30) for j in range(30)]
    assert np.max(np.abs(chain.values[:, 0] - X[rows])) < 1e-12


def test_the_chain_solver_refuses_a_game_whose_turn_is_not_a_chain():
    """Great Rolled Ones' turn has configurations, Pig with a turn limit counts turns in its turn
    starts: each refusal names what does not fit; a stop asked for ends the solve."""
    with pytest.raises(NotAChainGame, match="not one chain"):
        turn_limited_chain(find_game("gro", goal=20), 3)
    with pytest.raises(NotAChainGame, match="turn starts are not every score"):
        turn_limited_chain(find_game("pig", goal=10, turns=4, turn_model="free"), 3)
    with pytest.raises(SolverError, match="stopped at 1 of 5"):
        turn_limited_chain(ThreePlayerPig(goal=10), 5, should_stop=lambda: True)


def test_a_three_player_table_gives_the_solves_advice(tmp_path, monkeypatch):
    """Goal 12 with 30 turns left, written as a table and read back: each seat's chance at the
    start and at a state mid-turn, as the live solve gives them (to the table's 2^-30 a
    chance), through the solver and through a turn swept from the table alone."""
    game = find_game("pig", players=3, goal=12, turns=30)
    write_tables(table_content, tmp_path, None, [game])
    monkeypatch.setenv("ROLL_OR_HOLD_TABLES", str(tmp_path))
    CACHES["loaded tables"].clear()
    table = load_table(game)
    live, shipped = solve(game), solve(game, anchor_values=table.values, shipped=True)
    assert shipped.iterations == 0
    assert np.max(np.abs(shipped.ending_values - live.ending_values)) < 2e-9
    assert np.max(np.abs(np.array(shipped.start_chances()) - live.start_chances())) < 2e-9
    state = Notation(game).from_values(i=3, j=7, l=9, k=4)
    swept = win_turn_values(game, state.anchor, solver_of(game).table_ending(game, table.values))
    for action, chances in live.seat_action_values(state).items():
        assert np.max(np.abs(np.array(shipped.seat_action_values(state)[action]) - chances)) < 2e-9
        assert np.max(np.abs(np.array(swept.seat_action_values(state.turn)[action]) - chances)) < 2e-9
    CACHES["loaded tables"].clear()


def test_the_shipped_table_of_three_players_to_100():
    """The default game (goal 100, 300 turns left) ships as a table under 5 MB; the command
    line's answer comes from it: 0.3655935, 0.3318555, 0.3025510 (the start, settled to seven
    digits from 120 turns left: docs/three-players.md). One more turn from the table moves
    some chance by 0.005 to 0.01, and 25,000 to 40,000 turn starts by more than 1e-6 (measured
    from 120 to 1,200 turns left: 0.0068 to 0.0086, and 30,400 to 32,200): the table does not
    settle, its start does."""
    game = find_game("pig", players=3)
    table = load_table(game)
    assert table.entry["bytes"] < 5_000_000
    answer = api.call("solve", {"game": "pig", "players": 3})
    assert answer["source"] == f"table {table_file(game)}" and answer["iterations"] == 0
    assert np.round(answer["seat_chances"], 7).tolist() == [0.3655935, 0.3318555, 0.3025510]
    shipped = solve(game, anchor_values=table.values, shipped=True)
    moved = np.max(np.abs(shipped.values - shipped.ending_values), axis=1)
    assert 0.005 < moved.max() < 0.01
    assert 25_000 < np.count_nonzero(moved > 1e-6) < 40_000
    advice = api.call("advise", {"game": "pig", "players": 3, "state": "i=61,j=16,l=61,k=10"})
    assert advice["source"] == f"table {table_file(game)}"
    assert sum(advice["seat_values"][advice["best"]]) == pytest.approx(1.0, abs=1e-12)
    for kept in ("solutions", "loaded tables", "game lookups", "advised turns"):
        CACHES[kept].clear()  # (the table of 10^6 turn starts is not left to the next test)


def test_the_page_is_given_the_tables_of_the_games_it_offers_and_no_other(tmp_path):
    """The build copies the tables of the games the page offers (three-player Pig's 4.7 MB
    since the page's advisor offers it); a table for the command line alone is not precached
    on every phone. Each manifest entry says so as its game does."""
    from pycore.core.registry import find_game_class

    spec = importlib.util.spec_from_file_location("site_build", Path(__file__).resolve().parents[1] / "build.py")
    build = importlib.util.module_from_spec(spec)
    sys.modules["site_build"] = build  # (its dataclasses look their module up)
    spec.loader.exec_module(build)
    build.copy_tables(tmp_path / "tables")
    copied = {p.name for p in (tmp_path / "tables").iterdir()}
    manifest = json.loads((Path(__file__).resolve().parents[1] / "prebuilt_tables" / "manifest.json").read_text())
    listed = json.loads((tmp_path / "tables" / "manifest.json").read_text())["tables"]
    for entry in manifest["tables"]:
        offered = find_game_class(entry["rules"]["game"]).page.on_the_page
        assert entry.get("on_the_page", True) is offered, entry["file"]
        assert (entry["file"] in copied) is offered, entry["file"]
    assert table_file(find_game("pig", players=3)) in copied and "manifest.json" in copied
    assert {e["file"] for e in listed} == copied - {"manifest.json"} - {e["file"] for e in manifest.get("results", [])}


def test_what_three_players_are_not_offered_yet_is_refused_in_words():
    """Where a policy goes wrong for three players: refused naming what
    (policies for three: tests/test_policies_for_three.py); a two-player
    head start (one number) is refused saying what a head start of three is."""
    game = {"game": "pig", "players": 3, "goal": 10, "turns": 30}
    CACHES["solutions"].clear()
    for action, extra, said in (("mistakes", {"rule": "k < 3"}, "where a policy goes wrong is not offered"),):
        with pytest.raises(NotForPlayers, match=said):
            api.call(action, {**game, **extra})
    assert len(CACHES["solutions"]) == 0  # (refused before the game is solved: a minute of GRO for three)
    with pytest.raises(NotForPlayers, match="one for each of the second and third players"):
        solve(ThreePlayerPig(goal=10, turns=30)).p_first_player_wins(2)


def test_a_players_value_that_is_not_three_does_not_open_three_player_pig():
    """``players=3`` names three-player Pig; a value it does not take (``abc``) leaves the
    link at Pig, the key reported as ignored with the values that are games (it opened
    three-player Pig at its defaults); 2, Pig's own number of players, opens Pig unremarked."""
    assert api.call("resolve", {"fragment": "#game=pig&players=3&goal=20"})["game"] == "pig-3"
    opened = api.call("resolve", {"fragment": "#players=abc"})
    assert opened["game"] == "pig" and opened["problems"] == [
        "players 'abc' is not a game here: players 2 is Pig, players 3 is Pig for three players; ignored"]
    opened = api.call("resolve", {"fragment": "#game=pig&players=2"})
    assert (opened["game"], opened["problems"]) == ("pig", [])


def test_head_starts_for_three_players_agree_with_the_brute_force():
    """Goal 8 without a limit: every head start's chances (the second and third players
    starting with 0 to 2 points) are the brute force's at that start; the fairest is the one
    whose chance farthest from 1/3 is nearest it, checked over the whole list."""
    V = brute_force(8)
    answer = api.call("komi", {"game": "pig", "players": 3, "goal": 8, "turns": 0, "max_points": 2})
    rows = {tuple(r["points"]): r["chances"] for r in answer["head_starts"]}
    assert sorted(rows) == [(a, b) for a in range(3) for b in range(3)]
    for (second, third), chances in rows.items():
        assert np.max(np.abs(np.array(chances) - V[(0, second, third, 0)])) < 1e-9
    spread = {points: max(abs(c - 1 / 3) for c in chances) for points, chances in rows.items()}
    assert tuple(answer["fairest"]) == min(spread, key=lambda p: (spread[p], sum(p)))
    with pytest.raises(InvalidRequestError, match="max_points"):
        api.call("komi", {"game": "pig", "players": 3, "goal": 8, "turns": 0, "max_points": 8})


def test_the_fairest_head_starts_for_three_players_to_100():
    """The shipped game (goal 100, 300 turns left): 3 points to the second player and 6 to
    the third leave 0.3333, 0.3335, 0.3332 (without: 0.3656, 0.3319, 0.3026)."""
    answer = api.call("komi", {"game": "pig", "players": 3})
    assert answer["fairest"] == [3, 6]
    assert np.round(answer["fairest_chances"], 4).tolist() == [0.3333, 0.3335, 0.3332]
    assert len(answer["head_starts"]) == 26 * 26
    assert np.round(answer["head_starts"][0]["chances"], 4).tolist() == [0.3656, 0.3319, 0.3026]
    for kept in ("solutions", "loaded tables", "game lookups", "advised turns"):
        CACHES[kept].clear()


def profile_brute_force(goal: int, turns: int, followers: set, rolls) -> np.ndarray:
    """Three-player Pig with ``turns`` turns left: every player's chance at the start when the
    players in ``followers`` roll where ``rolls(i, j, l, k)`` says and the others as the exact
    turn-limited advice says (rolling only where strictly better, from the optimal values with
    one turn fewer), by plain recursion over (i, j, l, k) for each number of turns left."""
    triples = [(i, j, l) for i in range(goal) for j in range(goal) for l in range(goal)]  # noqa: E741
    optimal = {t: np.full(3, 1 / 3) for t in triples}
    profile = dict(optimal)
    won = np.array([1.0, 0.0, 0.0])

    def after(table, i, j, l, banked):  # noqa: E741
        if banked >= goal:
            return won
        w = table[(j, l, banked)]
        return np.array([w[2], w[0], w[1]])

    for n in range(1, turns + 1):
        follows = (turns - n) % 3 in followers
        new_optimal, new_profile = {}, {}
        for i, j, l in triples:  # noqa: E741
            best, played, chose = {}, {}, {}
            for k in range(goal - i - 1, -1, -1):
                def roll_of(values, table, i=i, j=j, l=l, k=k):  # noqa: E741
                    return (after(table, i, j, l, i) + sum(values.get(k + r, won) for r in range(2, 7))) / 6

                roll, hold = roll_of(best, optimal), after(optimal, i, j, l, i + k)
                chose[k] = k == 0 or roll[0] > hold[0]
                best[k] = roll if chose[k] else hold
                rolls_here = (k == 0 or rolls(i, j, l, k)) if follows else chose[k]
                played[k] = roll_of(played, profile) if rolls_here else after(profile, i, j, l, i + k)
            new_optimal[(i, j, l)], new_profile[(i, j, l)] = best[0], played[0]
        optimal, profile = new_optimal, new_profile
    return profile[(0, 0, 0)]


def test_the_stand_ins_cost_is_a_policy_evaluation_a_brute_force_agrees_with():
    """Goal 8, 10 turns left, a stand-in that holds at 3: each player following it alone, and
    everyone following it, against the plain recursion, to 1e-12; the others keep the exact
    advice (they do not answer the stand-in), so a follower's loss is the stand-in's alone."""
    from pycore.jeopardy.rules.vocabulary import Policy
    from pycore.jeopardy.seats.stand_in import stand_in_cost

    goal, turns = 8, 10
    game = ThreePlayerPig(goal=goal, turns=turns)
    rule = lambda i, j, l, k: k < 3  # noqa: E731, E741
    measured = stand_in_cost(game, stand_in=Policy("Hold at 3", "", rule))
    for s in range(3):
        assert np.max(np.abs(np.array(measured.alone[s]) - profile_brute_force(goal, turns, {s}, rule))) < 1e-12
    assert np.max(np.abs(np.array(measured.everyone) - profile_brute_force(goal, turns, {0, 1, 2}, rule))) < 1e-12
    assert np.max(np.abs(np.array(measured.optimal) - profile_brute_force(goal, turns, set(), rule))) < 1e-12
    assert all(c > 0.01 for c in measured.costs)


def test_the_stand_in_is_the_two_player_advice_against_the_strongest_opponent():
    """Goal 50: at 2,000 sampled turn starts and turn totals the stand-in rolls exactly where
    two-player Pig's optimal play rolls at (mover, the higher of the others, k); to 35 it is
    three-player optimal play (it costs nothing), at 50 with 60 turns left it costs each
    player 0.0067, 0.0093, 0.0104 (with 150: 0.0105 the third; docs/three-players.md)."""
    from pycore.jeopardy.seats.stand_in import stand_in_cost, stand_in_policy

    game = ThreePlayerPig(goal=50, turns=60)
    stand_in = stand_in_policy(game)
    two = solve(find_game("pig", goal=50))
    rng = np.random.default_rng(36)
    for j, l, i, k in rng.integers(0, 50, size=(2000, 4)):  # noqa: E741
        if 2 <= k < 50 - i:
            state = Notation(two.game).from_values(i=int(i), j=int(max(j, l)), k=int(k))
            assert bool(stand_in.rule(i=i, j=j, l=l, k=k)) == (two.best_action(state) == "roll")
    assert stand_in_cost(ThreePlayerPig(goal=35, turns=30)).costs == (0.0, 0.0, 0.0)
    assert np.round(stand_in_cost(game).costs, 4).tolist() == [0.0067, 0.0093, 0.0104]


def test_three_players_boundary_is_the_movers_advice_cell_by_cell():
    """Goal 50, 40 turns left, the third player at 0 and at 10: every (i, j, k) of the panel
    with j a multiple of 4 rolls exactly where the advice's best action is to roll (both
    occur: to 40 the mover never holds short of the goal, and at 50 only while the third
    player is below 20)."""
    from pycore.jeopardy.views.boundary import panel_grid

    game = ThreePlayerPig(goal=50, turns=40)
    solution = solve(game)
    for third in (0, 10):
        grid = panel_grid(solution, {"l": third})
        assert grid.axes == ("i", "j", "k")
        said = {"roll": 0, "hold": 0}
        for i, j, k in zip(*np.nonzero(grid.roll >= 0), strict=True):
            if k < 2 or i + k >= 50 or j % 4:
                continue  # (no turn total of 1; at the goal the turn has ended)
            best = solution.best_action(Notation(game).from_values(i=int(i), j=int(j), l=third, k=int(k)))
            assert (best == "roll") == (grid.roll[i, j, k] == 1), (i, j, third, k)
            said[best] += 1
        assert said["roll"] > 10_000 and said["hold"] > 50, said
