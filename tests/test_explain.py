"""Why roll or hold: each action's bust chance and expected turn points, and the sentence.

The outlook is checked two ways: against the one-turn objective (where the
expected points of the best actions *are* the values) and by simulating the
turn with seeded dice, following the optimal player's choices."""

import random

import pytest

from pycore import api, find_game
from pycore.core.dice import roll
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, State, options_of
from pycore.jeopardy.solving.dispatch import solve_turn_score, win_turn_values
from pycore.jeopardy.solving.turn import turn_outlook


@pytest.mark.parametrize("name", ["pig", "gro", "ayzd"])
def test_outlook_of_the_one_turn_objective_is_its_values(name):
    """Maximising expected points, an action's expected points are its value."""
    game = find_game(name)
    turn = solve_turn_score(game).turn
    for t in list(turn.value)[::7]:
        outlook = turn_outlook(game, turn, t)
        for action, value in turn.action_values(t).items():
            if value is None:
                assert action not in outlook
            else:
                assert outlook[action].points == pytest.approx(value, abs=1e-12)


def test_pig_bust_chance_is_one_in_six_and_the_turn_start_outlook_is_known():
    game = find_game("pig")
    outlook = turn_outlook(game, solve_turn_score(game).turn, (0,))
    assert outlook[ROLL].bust == pytest.approx(1 / 6, abs=1e-15)
    # the best one-turn policy holds at 20 (ties at 20 either way): its points by a plain recursion
    points = {}
    for k in range(25, -1, -1):
        points[k] = k if k >= 20 else sum(points[k + r] for r in range(2, 7)) / 6
    assert outlook[ROLL].points == pytest.approx(points[0], abs=1e-12) and HOLD not in outlook
    assert round(outlook[ROLL].points, 2) == 8.14


def simulate_points(game, turn_values, anchor, start, rng):
    """One turn from ``start``: roll first, then the best actions of ``turn_values``."""
    turn, first = tuple(start), True
    while first or turn_values.best_action(turn) == ROLL:
        first = False
        outcome = game.read_roll(turn, roll(game.roll_faces(turn), rng))
        options = options_of(outcome)
        if not options:
            return 0
        turn = options[turn_values.best_option(options)]
    return game.gain(turn)


@pytest.mark.parametrize(
    "name, state",
    [("gro", "p=1,i=20,j=30,k=8,o=1"), ("ayzd", "p=1,i=5,j=7,b=2,s=1"), ("pig", "i=60,j=70,k=12")],
)
def test_outlook_of_rolling_agrees_with_a_simulation(solved, name, state):
    game = find_game(name)
    solution = solved(name)
    s = Notation(game).from_text(state)
    turn = win_turn_values(game, s.anchor, lambda a: solution.value(State(game.name, a, game.turn_start)))
    outlook = turn_outlook(game, turn, s.turn)
    rng = random.Random(20261123)
    n = 20_000
    samples = [simulate_points(game, turn, s.anchor, s.turn, rng) for _ in range(n)]
    mean = sum(samples) / n
    sd = (sum((x - mean) ** 2 for x in samples) / (n - 1)) ** 0.5
    assert abs(mean - outlook[ROLL].points) < 5 * sd / n**0.5, (mean, outlook[ROLL].points)
    busts = sum(1 for _ in range(n) if not options_of(game.read_roll(s.turn, roll(game.roll_faces(s.turn), rng))))
    p = outlook[ROLL].bust
    assert abs(busts / n - p) < 5 * (p * (1 - p) / n) ** 0.5


@pytest.mark.parametrize("name, state", [("gro", "p=2,i=30,j=55,k=10,o=0"), ("ayzd", "p=1,i=5,j=7,b=2,s=1")])
def test_the_turn_from_the_solution_agrees_with_the_solution(solved, name, state):
    """The advisor's outlook uses the turn recomputed from turn-start values: same actions."""
    game = find_game(name)
    solution = solved(name)
    s = Notation(game).from_text(state)
    turn = win_turn_values(game, s.anchor, lambda a: solution.value(State(game.name, a, game.turn_start)))
    for action, value in solution.action_values(s).items():
        got = turn.action_values(s.turn)[action]
        assert (got is None) == (value is None) and (value is None or got == pytest.approx(value, abs=1e-12))


@pytest.mark.parametrize(
    "name, state, best, sentence",
    [
        # the example: player 1 has 55, holding at 40 loses
        ("gro", "p=2,i=30,j=55,k=10,o=0", "roll",
         "Holding now ends the game and loses it (you would have 40, your opponent 55). Only rolling can still win."),
        ("gro", "p=2,i=30,j=55,k=30,o=0", "hold", "Holding now wins the game (you would have 60, your opponent 55)."),
        ("pig", "i=0,j=0,k=0", "roll", "You cannot hold with nothing set aside this turn: roll."),
        ("ayzd", "p=1,i=3,j=4,b=0,s=0", "roll", "You cannot hold with nothing set aside this turn: roll."),
        # behind near the end: rolling for fewer points on average, because 12 are not enough
        ("pig", "i=60,j=70,k=12", "roll",
         "Rolling makes fewer points on average (10.9 against 12 banked now, with a 17% chance that this roll busts), "
         "but it is the better chance to win: 12 points are not enough here."),
        ("gro", "p=1,i=45,j=20,k=5,o=0", "roll",
         "Rolling is worth a 4% chance that this roll busts: it makes 10.4 points this turn on average against 5 banked now."),
    ],
)
def test_the_reason_names_what_drives_the_decision(name, state, best, sentence):
    answer = api.call("advise", {"game": name, "state": state})
    assert answer["best"] == best
    assert answer["reason"] == sentence


def test_holding_with_more_points_on_offer_says_why():
    """Pig at 60 to 54 with 17 in hand: rolling makes 17.5 on average, but holding wins more often."""
    answer = api.call("advise", {"game": "pig", "state": "i=60,j=54,k=17"})
    assert answer["best"] == "hold"
    assert answer["outlook"] == {"roll": {"bust": pytest.approx(1 / 6), "points": 17.5}, "hold": {"bust": 0.0, "points": 17.0}}
    assert answer["reason"] == (
        "Holding banks 17 points. Rolling would make more on average (17.5), but with a 17% chance that this roll "
        "busts it lowers your chance to win: points in hand are worth more here than the gamble."
    )


def test_the_article_before_a_percentage_is_the_spoken_one():
    from pycore.jeopardy.views.explain import _a

    assert [_a(p) for p in ("8%", "11%", "18%", "80%", "83%", "9%", "17%", "1%", "0.8%", "100%")] == [
        "an", "an", "an", "an", "an", "a", "a", "a", "a", "a"]
