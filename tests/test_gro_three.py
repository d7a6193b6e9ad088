"""Great Rolled Ones for three players (issue 36), checked a second way: a brute force over
every state, written from the seed's round rule alone (no anchors, merged last turns,
layers, turn graph or ``end_turn``), and the turn limit's limit."""

from itertools import product
from math import comb

import numpy as np
import pytest
from seat_checks import Final, boundary_is_the_advice, optimal_values, profile_iteration, turned

from pycore import find_game
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.moves import turn_end
from pycore.jeopardy.rules.vocabulary import State
from pycore.jeopardy.seats.sweep import SeatsDidNotSettle, seat_values

#: a small variant: three dice, two 1s bust
DICE, BUST = 3, 2


def brute_force(goal: int, bound: int, sweeps: int = 5000, follower=None) -> dict:
    """Each player's chance at every turn start ``(p, scores from the mover)`` of three
    players of GRO with ``DICE`` dice and ``BUST`` 1s busting, by plain value iteration over
    every state (p, scores, turn total k, 1s set aside o), ties held. Anyone ending a turn at
    the goal makes the round the last; at its end the highest score wins, the earlier of
    equals. ``follower(state)``: a profile's move at ``state`` (True roll, False hold, None
    the exact advice; :func:`seat_checks.profile_iteration`), whose chances are returned."""
    top = goal - 1 + bound
    starts = {(1, sc) for sc in product(range(goal), repeat=3)}
    starts |= {(2, (i, j, l)) for i in range(goal) for j in range(goal) for l in range(top + 1)}  # noqa: E741
    starts |= {(3, (i, j, l)) for i in range(goal) for j in range(top + 1) for l in range(top + 1)}  # noqa: E741
    states = sorted(((p, sc, k, o) for p, sc in starts for k in range(bound + 1) for o in range(BUST)),
                    key=lambda x: (-sum(x[1]) - x[2], -x[3], x[0]))
    values = {state: (1 / 3,) * 3 for state in states}

    def rolls(k, o):
        dice = DICE - o
        for ones in range(dice + 1):
            chance = comb(dice, ones) * 5 ** (dice - ones) / 6**dice
            yield chance, None if o + ones >= BUST else (k + dice - ones, o + ones)

    def after_turn(p, sc, gain):
        following = (*sc[1:], sc[0] + gain)  # from the next player; this mover last
        if p < 3:
            return (p + 1, following, 0, 0), 1
        if max(following) < goal:  # (the round's order: the first player's score first)
            return (1, following, 0, 0), 1
        result = [0.0] * 3
        result[following.index(max(following))] = 1.0  # the earliest of equals
        return Final(turned(tuple(result), 1))

    def plan(state):
        p, sc, k, o = state
        hold = after_turn(p, sc, k) if k > 0 else None
        return hold, [(chance, after_turn(p, sc, 0) if then is None else ((p, sc, *then), 0))
                      for chance, then in rolls(k, o)] if k + DICE - o <= bound else None

    plans = {state: plan(state) for state in states}
    values = optimal_values(("gro", goal, bound, DICE, BUST), states, values, plans, sweeps)
    if follower is not None:
        values = profile_iteration(states, values, plans, follower, sweeps)
    return {start: values[(*start, 0, 0)] for start in starts}


def test_three_player_gro_equals_a_brute_force_over_every_state(solved):
    """Goal 5, bound 10, three dice, two 1s bust: every turn start the brute force reaches
    (the merged last turns included, each under its own scores) has the solver's three
    chances, to 1e-10."""
    params = {"goal": 5, "bound": 10, "n_dice": DICE, "bust_ones": BUST, "turns": 0}
    game = find_game("gro-3", **params)
    solution = solved("gro-3", **params)
    expected = brute_force(5, 10)
    for (p, scores), chances in expected.items():
        got = solution.seat_values(State(game.name, (p, *scores), game.turn_start))
        assert got == pytest.approx(list(chances), abs=1e-10), (p, scores)
    first = expected[(1, (0, 0, 0))]
    assert solution.start_chances() == pytest.approx(list(first), abs=1e-10)
    assert len(expected) > 2 * len(game.anchors())  # (the merged last turns: far fewer turn starts)


def test_the_stationary_iteration_settles_at_goal_12_not_20_and_the_limit_reaches_it(solved):
    """Goal 12: the stationary values, and the turn-limited game's with 60 turns left within
    1e-9 of them at the start (the limit's limit). Goal 20: the stationary solve is refused
    in words; the turn limit answers."""
    stationary = solved("gro-3", goal=12, bound=24, turns=0).start_chances()
    limited = solved("gro-3", goal=12, bound=24, turns=60).start_chances()
    assert limited == pytest.approx(stationary, abs=1e-9)
    assert stationary[0] < stationary[1] < stationary[2]  # the later, the better
    with pytest.raises(SeatsDidNotSettle, match="did not settle"):
        seat_values(find_game("gro-3", goal=20, bound=40, turns=0), max_sweeps=300)


def test_the_last_round_for_three_is_merged_by_what_matters():
    """The second player's last turn depends on l - i and l - j only; the third's on the
    deficit to the leader and who leads (the earlier of equals)."""
    game = find_game("gro-3")
    key = layout(game).anchor_key
    top = game.top_score
    assert key((2, 10, 20, 55)) == key((2, 5, 15, 50)) == (2, top - 45, top - 35, top)
    assert key((3, 30, 55, 40)) == key((3, 40, 65, 20)) == (3, 25, 50, 0)  # 25 behind the first player
    assert key((3, 30, 52, 52)) == (3, 28, 50, 0)  # tied leaders: the first player's lead
    assert key((3, 30, 40, 60)) == (3, 20, 0, 50)
    assert key((3, 0, 120, 3)) == (3, 0, 120, 0)
    end = turn_end(game, (3, 28, 50, 0), 23, 1)  # 51 against 50: the mover takes the win
    assert (end.mover_value, end.others) == (1.0, (0.0, 0.0))
    end = turn_end(game, (3, 20, 0, 50), 30, 1)  # 50 against the second's 50: the earlier wins
    assert (end.mover_value, end.others) == (0.0, (0.0, 1.0))
    assert np.isnan(game.end_turn({"p": np.asarray(2), "i": np.asarray(10), "j": np.asarray(20), "l": np.asarray(55)},
                                  np.asarray(30)).mover_value)


def test_three_player_gro_boundary_is_the_movers_advice_cell_by_cell(solved):
    """The boundary pictures of GRO for three (i, j and the turn total; the place, the third
    score and the 1s fixed), the second player's last turn among them: every cell that is a
    state rolls exactly where the advisor's best action is to roll, and both occur."""
    params = {"goal": 12, "bound": 24, "turns": 20}
    game = find_game("gro-3", **params)
    solution = solved("gro-3", **params)
    said = boundary_is_the_advice(game, solution, ({"p": 1, "l": 5, "o": 1}, {"p": 2, "l": 14, "o": 0}), ("i", "j", "k"))
    assert said["roll"] > 100 and said["hold"] > 20, said


def test_the_reason_names_every_other_score():
    """The third player's last turn, 44 against the first player's 52: the reason says both
    other scores, not one opponent's."""
    from pycore import api

    answer = api.call("advise", {"game": "gro-3", "state": "p=3,i=30,j=52,l=41,k=14,o=1"})
    assert answer["best"] == "roll"
    assert answer["reason"] == ("Holding now ends the game and loses it (you would have 44, the others 52 and 41). "
                                "Only rolling can still win.")


def test_turns_running_out_in_a_last_round_not_played_out_share_the_win():
    """The turn limit's model, exactly (docs/three-players.md): when the turns run out before
    the game ends, the three share the win, and in a round game a last round begun and not
    played out has not ended. One turn left, the player before the mover at 14 of 12: each
    player's chance is 1/3 whatever the mover does; and the note says so."""
    from pycore.service import api

    advice = api.call("advise", {"game": "gro", "players": 3, "goal": 12, "turns": 1, "state": "p=2,i=5,j=0,l=14"})
    assert advice["seat_values"]["roll"] == pytest.approx([1 / 3] * 3, abs=1e-15)
    assert advice["values"]["hold"] is None  # (nothing set aside yet)
    after = api.call("advise", {"game": "gro", "players": 3, "goal": 12, "turns": 1, "state": "p=2,i=5,j=0,l=14,k=10"})
    assert after["seat_values"]["hold"] == pytest.approx([1 / 3] * 3, abs=1e-15)  # (15 > 14, and still shared)
    game = find_game("gro-3", goal=12, turns=1)
    assert game.turns_note() == ("With 1 turn left in all, this one included: if the game has not ended by then "
                                 "(nobody at the goal, or a last round begun and not played out), the three share the win.")


def test_head_starts_of_a_shipped_table_are_its_turn_starts_swept_alone(solved):
    """A table that keeps only the turns' ending values (as a shipped one does) gives each
    head start from its turn start swept alone: the whole table's row to the bit (GRO for
    three to 5, 7 turns left); and the shipped game's fairest (docs/three-players.md: 4
    points to the first, 2 to the second)."""
    from dataclasses import replace

    from pycore.service import api

    whole = solved("gro-3", goal=5, bound=10, n_dice=3, bust_ones=2, turns=7)
    shipped_like = replace(whole, given_values=None, _made={}, _turns={})
    rows = shipped_like.head_starts(2)
    assert "values" not in shipped_like._made  # (the whole table was not swept)
    for row in rows:
        at = layout(whole.game).anchor_row(whole.game.head_start_anchor(row.points))
        assert list(row.chances) == [float(c) for c in whole.values[at]], row.points
    assert len({row.chances for row in rows}) == 9
    answer = api.call("komi", {"game": "gro", "players": 3})
    assert answer["fairest"] == [4, 2] and len(answer["head_starts"]) == 13 * 13
    assert np.round(answer["fairest_chances"], 4).tolist() == [0.3291, 0.3325, 0.3384]
