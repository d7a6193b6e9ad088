"""Pig (Neller & Presser, "Optimal Play of the Dice Game Pig", UMAP J. 2004).

Two players race to ``goal`` (100) points. On a turn the player rolls one d6
as often as they like: a 1 ends the turn scoring nothing, any other face adds
to the turn total ``k``; holding banks ``k``. Reaching the goal by holding
wins at once, so there are no rounds and the state does not need to say who
moves: ``(i, j, k)`` = mover's score, opponent's score, turn total.

Variants (``die``, ``bust``): a die of ``die`` sides whose lowest ``bust`` faces end
the turn scoring nothing, every other face adding its number (the paper's game is
``die=6, bust=1``). A die on which every face busts, or none, is refused: the
first never scores, the second is won by the first player's first turn.

Modelling choices (each matches the paper's equations):
* rolling is only allowed while ``i + k < goal`` (holding then wins), so the
  goal itself bounds the table; there is no separate bound M;
* a turn starts with a roll (holding with ``k = 0`` would only pass, which
  rolling never does worse than).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pycore.jeopardy.rules.hints import JeopardyPage
from pycore.jeopardy.rules.layout import JeopardyTables
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import Policy, TurnEnd, select
from pycore.jeopardy.solving.budget import SolveCost

from ..core.dice import uniform_dice
from ..core.errors import InvalidParameterError
from ..core.params import Param, StateVar
from ..core.registry import register

FACES = (1, 2, 3, 4, 5, 6)
SCORE = StateVar("i", "Your score", "score of the player to move", unit="points")
OPPONENT = StateVar("j", "Opponent's score", "opponent's score", unit="points")


def _turn_hint(game: Pig) -> str:
    """What makes a turn total reachable: the faces that score, and the goal."""
    low, high = game.scoring_faces[0], game.scoring_faces[-1]
    busting = "a 1" if low == 2 else f"1-{low - 1}"
    return f"the turn total grows by {low}-{high} per roll (never {busting}) and stops at the goal"


@register
class Pig(JeopardyGame):
    name = "pig"
    aliases = ("pig-dice",)
    title = "Pig"
    reference = "Neller & Presser (2004), Optimal Play of the Dice Game Pig, UMAP Journal 25(1)"
    anchor_vars = ("i", "j")
    turn_vars = ("k",)
    page = JeopardyPage(turn_hint=_turn_hint)

    # A roll's outcomes (each face that scores, and the bust: six with the usual die) cost
    # memory a cell (measured at goal 100: die 2 27 bytes, die 20 78) and a designer's row time
    # beyond its solve (the length, the policies; at goal 120 0.7 of the solve's estimate with
    # die 6, 1.2 with 12, 3-6 with 20); a rule's evaluation alone stays near the solve's

    @property
    def _outcomes(self) -> int:
        return int(self.params["die"]) - int(self.params["bust"]) + 1

    @property
    def cost(self) -> SolveCost:
        return SolveCost(
            solve_microseconds_per_cell=0.27,  # measured: goal 60 0.29 (0.07 s), goal 100 die 8 0.24 (0.26 s)
            solve_bytes_per_cell=34.0 + 2.9 * (self._outcomes - 6),  # (die 6, issue 17: goal 150 36, goal 250 29)
            design_cost_factor=1.4 + self._outcomes / 6,  # (the solve, the komi table, the length, the policies)
        )

    tables = JeopardyTables(variants=({},))  # the default game's turn-start values: its first advice needs no solve
    variables = (SCORE, OPPONENT, StateVar("k", "Turn total", "turn total", unit="points"))
    parameters = (
        Param("goal", 100, 2, 400, "points needed to win", label="Goal"),
        Param("die", 6, 2, 20, "sides of the die (numbered 1 to die)", label="Die sides"),
        Param("bust", 1, 1, 19, "how many of the lowest faces end the turn scoring nothing (1: a 1)", label="Bust faces"),
    )
    rules_text = (
        "Two players take turns to reach the goal (100). On your turn roll one die as often as you "
        "like: a 1 ends the turn and you score nothing (variants: another die, more bust faces); any other face "
        "adds to the turn total. Hold "
        "to bank the turn total. The first to reach the goal by holding wins."
    )

    def _check_params(self) -> None:
        die, bust = self.params["die"], self.params["bust"]
        if bust >= die:
            raise InvalidParameterError(
                f"{self.name}: with a die of {die} sides and {bust} bust faces no face scores; "
                f"bust must be 1 to {die - 1} (die {die}, bust {bust} is not a game)"
            )

    @property
    def scoring_faces(self) -> range:
        """The faces that add their number to the turn total."""
        return range(self.params["bust"] + 1, self.params["die"] + 1)


    def anchors(self) -> np.ndarray:
        i, j = np.meshgrid(np.arange(self.goal), np.arange(self.goal), indexing="ij")
        return np.stack([i.ravel(), j.ravel()], axis=1)

    def turn_states(self) -> list[tuple[int, ...]]:
        # the largest turn total: the highest face rolled from just below the goal
        return [(k,) for k in range(self.goal + self.params["die"])]

    def gain(self, turn: tuple[int, ...]) -> int:
        return turn[0]

    def roll_outcomes(self, turn):
        (k,) = turn
        die, bust = self.params["die"], self.params["bust"]
        face = Fraction(1, die)
        return [(bust * face, None)] + [(face, (k + f,)) for f in self.scoring_faces]

    def roll_faces(self, turn):
        return uniform_dice(1, tuple(range(1, self.params["die"] + 1)))

    def read_roll(self, turn, faces):
        (face,) = faces
        return None if face <= self.params["bust"] else (turn[0] + face,)

    def can_roll(self, state):
        return state["i"] + state["k"] < self.goal

    def can_hold(self, state):
        return state["k"] > 0

    def end_turn(self, anchor, gain) -> TurnEnd:
        banked = anchor["i"] + gain
        won = banked >= self.goal
        value = np.where(won, 1.0, np.nan)
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], banked.shape), "j": banked})

    def human_policies(self) -> tuple[Policy, ...]:
        goal = self.goal

        def hold_at_20(i, j, k):
            return (k < 20) & (i + k < goal)

        def keep_pace_end_race(i, j, k):
            # round() as in the authors' Java: half rounds up, floor(x + 1/2)
            # computed in integers: round((j - i) / 8) = floor((j - i + 4) / 8)
            hold_at = 21 + (j - i + 4) // 8
            end_race = (i >= goal - 29) | (j >= goal - 29)
            return select([(end_race, i + k < goal)], otherwise=(k < hold_at) & (i + k < goal))

        return (
            Policy(
                "Hold at 20",
                "Roll until the turn total reaches 20 or holding reaches the goal.",
                hold_at_20,
                "Neller & Presser (2004)",
                f"k < 20 and i + k < {goal}",
            ),
            Policy(
                "Keep pace and end race",
                "If either score is at least 71, roll until you can hold at the goal; "
                "otherwise hold at 21 + round((j - i) / 8).",
                keep_pace_end_race,
                "Neller & Presser (2010), Practical Play of the Dice Game Pig",
                f"i + k < {goal} if i >= {goal - 29} or j >= {goal - 29} else k < 21 + (j - i + 4) // 8 and i + k < {goal}",
            ),
        )
