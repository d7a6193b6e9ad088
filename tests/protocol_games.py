"""Small games defined only for the tests, each exercising one extension of the rules
protocol (they are registered by the tests that use them, never shipped):

* :class:`MiniFarkle` -- a choice after the roll (which scoring dice to set aside) and
  "hot dice" (setting every die aside gives all three back);
* :class:`ShortPig` -- a turn counter and draws (a bust moves the game to the next turn, so
  two zero-gain endings no longer return to the same anchor);
* :class:`TrafficLight` -- a turn state that is not just numbers (dice by colour, entered
  as letters, e.g. ``sg=R``), drawn from a cup without replacement;
* any of them -- the one-turn objective, concrete dice, and a prebuilt table.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pycore.core.dice import uniform_dice
from pycore.core.params import Param, StateVar
from pycore.jeopardy.rules.hints import JeopardyPage
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import Choice, TurnEnd

SCORE = StateVar("i", "Your score", "score of the player to move", unit="points")
OPPONENT = StateVar("j", "Opponent's score", "opponent's score", unit="points")


def grouped(game, turn):
    """roll_outcomes derived from the concrete dice (the test games' only definition)."""
    total: dict = {}
    for probability, faces in game.roll_faces(turn):
        outcome = game.read_roll(turn, faces)
        total[outcome] = total.get(outcome, Fraction(0)) + probability
    return [(probability, outcome) for outcome, probability in total.items()]


class FromFaces:
    """roll_outcomes grouped from the concrete dice; a turn total ``k``; holding at the goal wins."""

    def roll_outcomes(self, turn):
        return grouped(self, turn)

    def can_roll(self, state):
        return state["i"] + state["k"] < self.goal

    def can_hold(self, state):
        return state["k"] > 0


class RaceToGoal(JeopardyGame):
    """Pig-like races: the mover's score i, the opponent's j; holding at the goal wins."""

    anchor_vars = ("i", "j")
    score_var, opponent_var = "i", "j"

    def anchors(self):
        i, j = np.meshgrid(np.arange(self.goal), np.arange(self.goal), indexing="ij")
        return np.stack([i.ravel(), j.ravel()], axis=1)

    def end_turn(self, anchor, gain):
        banked = anchor["i"] + gain
        value = np.where(banked >= self.goal, 1.0, np.nan)
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], banked.shape), "j": banked})


class MiniFarkle(FromFaces, RaceToGoal):
    """Three dice with faces 1, 2, 3: a 1 scores 2 points, a 2 scores 1, a 3 nothing. A roll
    that scores nothing busts; otherwise the mover sets aside one or more scoring dice
    (a choice) and may roll the rest; setting all aside gives the three back (hot dice)."""

    name = "test-mini-farkle"
    aliases = ("mini-farkle",)
    title = "Mini Farkle (test game)"
    turn_vars = ("k", "d")
    variables = (
        SCORE,
        OPPONENT,
        StateVar("k", "Turn total", "turn total", unit="points"),
        StateVar("d", "Dice to roll", "dice left to roll (1-3)", choices=(1, 2, 3)),
    )
    parameters = (Param("goal", 12, 4, 40, "points needed to win", label="Goal"),)
    POINTS = {1: 2, 2: 1, 3: 0}

    @property
    def turn_start(self):
        return (0, 3)

    def turn_states(self):
        return [(k, d) for k in range(self.goal + 6) for d in (1, 2, 3)]

    def gain(self, turn):
        return turn[0]

    def roll_faces(self, turn):
        return uniform_dice(turn[1], (1, 2, 3))

    def read_roll(self, turn, faces):
        k, d = turn
        ones, twos = faces.count(1), faces.count(2)
        if ones + twos == 0:
            return None
        options = []
        for a in range(ones, -1, -1):  # the first option sets every scoring die aside
            for b in range(twos, -1, -1):
                if a + b:
                    left = d - a - b
                    options.append((k + 2 * a + b, left if left else 3))
        return Choice(tuple(dict.fromkeys(options)))


class ShortPig(FromFaces, JeopardyGame):
    """Pig to ``goal`` with ``turns`` turns in all: ``n`` counts the turns left (this one
    included); when the last turn ends and nobody has reached the goal, it is a draw."""

    name = "test-short-pig"
    title = "Pig with a turn limit (test game)"
    anchor_vars = ("i", "j", "n")
    turn_vars = ("k",)
    variables = (
        SCORE,
        OPPONENT,
        StateVar("n", "Turns left", "turns left in the game, this one included", unit="turns"),
        StateVar("k", "Turn total", "turn total", unit="points"),
    )
    parameters = (
        Param("goal", 10, 2, 40, "points needed to win", label="Goal"),
        Param("turns", 6, 1, 200, "turns in the game, both players' together", label="Turns"),
    )

    def start_anchor(self, komi=0):
        return (max(komi, 0), max(-komi, 0), self.params["turns"])

    def layer(self, anchor):
        # every turn ends in a later layer: turns played first, then the score sum
        return (self.params["turns"] - anchor["n"]) * 4 * self.goal + anchor["i"] + anchor["j"]

    def anchors(self):
        g, n = self.goal, self.params["turns"]
        i, j, left = np.meshgrid(np.arange(g), np.arange(g), np.arange(1, n + 1), indexing="ij")
        return np.stack([i.ravel(), j.ravel(), left.ravel()], axis=1)

    def turn_states(self):
        return [(k,) for k in range(self.goal + 6)]

    def gain(self, turn):
        return turn[0]

    def roll_faces(self, turn):
        return uniform_dice(1, (1, 2, 3, 4, 5, 6))

    def read_roll(self, turn, faces):
        return None if faces[0] == 1 else (turn[0] + faces[0],)

    def end_turn(self, anchor, gain):
        banked = anchor["i"] + gain
        left = anchor["n"] - 1
        value = np.where(banked >= self.goal, 1.0, np.where(left == 0, 0.5, np.nan))
        shape = np.broadcast_shapes(np.shape(banked), np.shape(left))
        return TurnEnd(
            value,
            {"i": np.broadcast_to(anchor["j"], shape), "j": np.broadcast_to(banked, shape), "n": np.broadcast_to(left, shape)},
        )


class TrafficLight(RaceToGoal):
    """A cup of two green dice and one red. Each roll draws one die at random and rolls it:
    green shows a brain with probability 2/3, red with 1/3, otherwise a shotgun. Dice are
    set aside by colour (``br``: brains, ``sg``: shotguns); the second shotgun busts."""

    name = "test-traffic-light"
    title = "Traffic Light (test game)"
    CUP = {"G": 2, "R": 1}
    BRAIN = {"G": Fraction(2, 3), "R": Fraction(1, 3)}
    turn_vars = ("br_G", "br_R", "sg_G", "sg_R")
    variables = (
        SCORE,
        OPPONENT,
        StateVar("br", "Brains", "brain dice set aside this turn, by colour", letters="GR"),
        StateVar("sg", "Shotguns", "shotgun dice set aside this turn, by colour (at most one)", letters="GR"),
    )
    parameters = (Param("goal", 5, 2, 30, "points needed to win", label="Goal"),)
    page = JeopardyPage(
        turn_hint="a turn sets aside at most the cup's dice (two green, one red) and busts on the second shotgun")

    def turn_states(self):
        out = []
        for bg in range(3):
            for br in range(2):
                for sg in range(3 - bg):
                    for sr in range(2 - br):
                        if sg + sr <= 1:
                            out.append((bg, br, sg, sr))
        return out

    def gain(self, turn):
        return turn[0] + turn[1]

    def _cup(self, turn):
        bg, br, sg, sr = turn
        return {"G": self.CUP["G"] - bg - sg, "R": self.CUP["R"] - br - sr}

    def roll_faces(self, turn):
        cup = self._cup(turn)
        left = sum(cup.values())
        out = []
        for colour, count in cup.items():
            if count:
                draw = Fraction(count, left)
                out.append((draw * self.BRAIN[colour], ((colour, "brain"),)))
                out.append((draw * (1 - self.BRAIN[colour]), ((colour, "shotgun"),)))
        return out

    def read_roll(self, turn, faces):
        ((colour, face),) = faces
        bg, br, sg, sr = turn
        if face == "brain":
            return (bg + (colour == "G"), br + (colour == "R"), sg, sr)
        if sg + sr == 1:
            return None
        return (bg, br, sg + (colour == "G"), sr + (colour == "R"))

    def roll_outcomes(self, turn):
        return grouped(self, turn)

    def can_roll(self, state):
        left = 3 - state["br_G"] - state["br_R"] - state["sg_G"] - state["sg_R"]
        return (left > 0) & (state["i"] + state["br_G"] + state["br_R"] < self.goal)

    def can_hold(self, state):
        return state["br_G"] + state["br_R"] > 0


TEST_GAMES = (MiniFarkle, ShortPig, TrafficLight)
