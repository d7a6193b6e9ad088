"""All Yellow Zombie Dice for three players (issue 36), checked a second way: a brute force
over every state, written from the seed's round rule alone (no anchors, layers, turn graph,
``end_turn`` or two-player solve), and the bound's independence."""

from fractions import Fraction
from itertools import product

import pytest
from seat_checks import Final, boundary_is_the_advice, optimal_values, profile_iteration, turned

from pycore import find_game
from pycore.core.errors import InvalidParameterError
from pycore.jeopardy.rules.moves import turn_end
from pycore.jeopardy.rules.vocabulary import State
from pycore.jeopardy.seats.seat_solution import SeatSolution


def outcomes():
    """(chance, brains, shotguns) of a roll of three yellow dice (a third of each face)."""
    out = {}
    for faces in product("BSF", repeat=3):
        key = (faces.count("B"), faces.count("S"))
        out[key] = out.get(key, 0.0) + 1 / 27
    return [(chance, b, s) for (b, s), chance in out.items()]


def round_rule(goal: int, bound: int, players: int):
    """The round rule written from the seed: each player's chance (in round order) once a
    round ends at ``in_order``, None if another round of everyone follows; a tie of some
    (fewer than all) is :func:`brute_force` of the tied players from the tie."""
    tie_breaks: dict = {}

    def round_end(in_order):
        top = max(in_order)
        if top < goal:
            return None
        tied = [n for n, x in enumerate(in_order) if x == top]
        if len(tied) == players:
            return None if top + 3 <= bound else (1.0 / players,) * players
        result = [0.0] * players
        if len(tied) == 1:
            result[tied[0]] = 1.0
        else:
            among = (top, len(tied))  # (four or more players: ties of two and of three at one top)
            if among not in tie_breaks:
                tie_breaks[among] = brute_force(goal, bound, len(tied), (top,) * len(tied))
            for n, chance in zip(tied, tie_breaks[among][(1, (top,) * len(tied))], strict=True):
                result[n] = chance
        return tuple(result)

    return round_end


def brute_force(goal: int, bound: int, players: int, scores=None, sweeps: int = 4000, follower=None) -> dict:
    """Each player's chance at every turn start ``(p, scores from the mover)`` of ``players``
    players of AYZD, by plain value iteration over every state (p, scores, brains,
    shotguns), ties held; the rounds start below the goal (``scores`` None) or from the tie
    ``scores``. A round's end: nobody at the goal: on; one on top: they win; all tied on
    top: another round of them (shared where nobody can roll); some tied: those play on
    alone, the earliest first (this function again, for them). ``follower(state)``: a
    profile's move at ``state`` (True roll, False hold, None the exact advice;
    :func:`seat_checks.profile_iteration`), whose chances are returned (the tie-breaks
    played by the exact advice)."""
    rolls = outcomes()
    round_end = round_rule(goal, bound, players)

    low = goal if scores is None else scores[0]
    rounds = [(t,) * players for t in range(max(goal, low), bound + 1)]
    if scores is None:
        rounds += list(product(range(goal), repeat=players))
    starts = set()
    for start in rounds:
        for p in range(1, players + 1):
            played = p - 1  # the players before the mover have banked anything up to the bound
            for banked in product(range(bound + 1), repeat=played):
                if all(b >= a for b, a in zip(banked, start[:played], strict=False)):
                    round_scores = (*banked, *start[played:])
                    starts.add((p, round_scores[p - 1:] + round_scores[:p - 1]))
    # (higher scores and turn totals first: a plain Gauss-Seidel order that settles sooner)
    states = sorted(((p, sc, b, s) for p, sc in starts for b in range(bound + 1) for s in range(3) if sc[0] + b <= bound),
                    key=lambda x: (-sum(x[1]) - x[2], -x[3], x[0]))
    values = {state: (1.0 / players,) * players for state in states}

    def after_turn(p, sc, gain):
        following = (*sc[1:], sc[0] + gain)  # from the next player; this mover last
        if p < players:
            return (p + 1, following, 0, 0), 1
        result = round_end(following)  # (the round's order: the first player's score first)
        return ((1, following, 0, 0), 1) if result is None else Final(turned(result, 1))

    def plan(state):
        p, sc, b, s = state
        can_roll = sc[0] + b + 3 <= bound
        hold = after_turn(p, sc, b) if b > 0 or s > 0 or not can_roll else None
        return hold, [(chance, after_turn(p, sc, 0) if s + shotguns >= 3 else ((p, sc, b + brains, s + shotguns), 0))
                      for chance, brains, shotguns in rolls] if can_roll else None

    plans = {state: plan(state) for state in states}
    values = optimal_values(("ayzd", goal, bound, players, scores), states, values, plans, sweeps)
    if follower is not None:
        values = profile_iteration(states, values, plans, follower, sweeps)
    return {(p, sc): values[(p, sc, 0, 0)] for p, sc in starts}


@pytest.mark.parametrize("goal, bound", [(3, 6), (4, 8)])
def test_three_player_ayzd_equals_a_brute_force_over_every_state(goal, bound, solved):
    game = find_game("ayzd-3", goal=goal, bound=bound)
    solution = solved("ayzd-3", goal=goal, bound=bound)
    expected = brute_force(goal, bound, 3)
    checked = 0
    for (p, scores), chances in expected.items():
        anchor = (p, *scores)
        got = solution.seat_values(State(game.name, anchor, game.turn_start))
        assert got == pytest.approx(list(chances), abs=1e-10), anchor
        checked += 1
    assert checked == len(game.anchors())  # every turn start the solver tabulates, and only those
    # the start: every player's chance (a third each would be suspicious: the last moves last)
    first = expected[(1, (0, 0, 0))]
    assert solution.start_chances() == pytest.approx(list(first), abs=1e-10)
    assert sum(first) == pytest.approx(1.0, abs=1e-12)


def test_the_default_game_and_what_the_bound_changes(solved):
    solution = solved("ayzd-3")
    assert solution.game.bound == 39  # three times the goal (see pycore/games/ayzd_seats.py)
    chances = solution.start_chances()
    # measured: the later a player's seat, the better (the last player sees every score)
    assert chances == pytest.approx([0.3046394, 0.3316631, 0.3636975], abs=5e-8)
    assert chances[0] < chances[1] < chances[2]
    # the paper's bound M = 2 goal binds in the sixth digit with three players; 4 goal does not
    assert solved("ayzd-3", bound=26).start_chances() == pytest.approx([0.304644, 0.331663, 0.363693], abs=5e-7)
    assert solved("ayzd-3", bound=52).start_chances() == pytest.approx(chances, abs=1e-9)


def test_a_two_way_tie_at_the_top_is_the_two_player_game_from_the_tie(solved):
    """The third player ending the round tied with the first at 14, the second at 12: the
    second is out, and the first wins the tie-break with the two-player chance at (1, 14, 14)."""
    game = find_game("ayzd-3")
    pair = solved("ayzd", bound=39)  # (the same dice, goal and bound)
    q = pair.anchor_value((1, 14, 14))
    assert 0.4 < q < 0.6
    end = turn_end(game, (3, 10, 14, 12), 4, Fraction(1))
    assert end.state is None
    assert end.mover_value == pytest.approx(1 - q, abs=1e-12)
    assert end.others == pytest.approx((q, 0.0), abs=1e-12)
    # all three tied: another round of three
    again = turn_end(game, (3, 10, 14, 14), 4, Fraction(1))
    assert again.state.anchor == (1, 14, 14, 14)
    # one on top: the win is theirs, even when it is not the mover's
    lost = turn_end(game, (3, 10, 14, 12), 0, Fraction(1))
    assert (lost.mover_value, lost.others) == (0.0, (1.0, 0.0))


def test_three_player_ayzd_refuses_a_single_komi_and_reads_head_starts(solved):
    game = find_game("ayzd-3")
    with pytest.raises(InvalidParameterError, match="one for each of the first and second players"):
        game.start_anchor(2)
    assert game.head_start_anchor((1, 2)) == (1, 1, 2, 0)  # (the first and second players ahead)
    rows = solved("ayzd-3").head_starts(2)
    assert len(rows) == 9 and rows[0].points == (0, 0)
    assert rows[0].chances == pytest.approx(solved("ayzd-3").start_chances(), abs=1e-12)
    assert isinstance(solved("ayzd-3"), SeatSolution)


def test_three_player_ayzd_boundary_is_the_movers_advice_cell_by_cell(solved):
    """The boundary pictures of AYZD for three (i, j and the brains b; the place, the third
    score and the shotguns fixed): every cell that is a state rolls exactly where the
    advisor's best action is to roll, and both occur."""
    game = find_game("ayzd-3", goal=8)
    solution = solved("ayzd-3", goal=8)
    said = boundary_is_the_advice(game, solution, ({"p": 1, "l": 3, "s": 1}, {"p": 3, "l": 10, "s": 2}), ("i", "j", "b"))
    assert said["roll"] > 100 and said["hold"] > 100, said
