"""Great Rolled Ones (Neller, Nguyen, Pham, Phan & Presser, "Optimal Play of
the Great Rolled Ones Game"; seed 002).

Five d6. Rolled 1s are set aside (``o`` of them); every other die rolled adds
one point to the turn total ``k``; three or more 1s end the turn scoring 0.
Holding banks ``k`` (not allowed before the first roll). When a turn ends
with a score of ``goal`` (50) or more, that round is the last; player 2 ends
every round and must *exceed* player 1 (no draws). State ``(p, i, j, k, o)``:
player to move, mover's score, opponent's score, turn total, 1s set aside.

Variants: ``n_dice`` (5) and ``bust_ones`` (3), the number of 1s that ends the
turn; at least that many dice are needed, or a turn could run out of dice
without busting. The paper's four policies are written for five dice and three
1s (``o < 2`` means "4 or 5 dice"); other variants get its Algorithm 1 in
general form only: roll until one more 1 would bust.

The bound ``M`` (paper: "e.g. 100") caps the turn total, as the paper's
``0 <= k <= M``: a roll is allowed only if its best outcome keeps ``k <= M``.
Results do not change as M grows (``tests/test_papers.py``); bounding the
score ``i + k`` instead would move the win rate of a policy that never stops
rolling four or five dice (Algorithm 1) in the 4th digit.

Player 2's last turn (player 1 has reached the goal) depends only on how far
behind player 2 is, ``d = j - i``; those anchors are merged into one per
``d`` (``canonical_anchor``) and settled first (their layer is above every
other), which more than halves the table.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

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
from .pig import FACES, OPPONENT, SCORE

DICE = 5
BUST_ONES = 3
PLAYER = StateVar(
    "p", "Whose turn", "player to move (1 or 2)", choices=(1, 2), choice_labels=("Player 1", "Player 2")
)


def _turn_hint(game: GreatRolledOnes) -> str:
    """What makes a turn state reachable: what a roll adds with the 1s set aside, the bound."""
    dice, bust = game.params["n_dice"], game.params["bust_ones"]
    return (
        f"each roll adds {dice - bust + 1}-{dice} to the turn total ({dice} minus the 1s set aside), so it "
        f"must be reachable that way with this many 1s (0-{bust - 1}), and stay within the bound"
    )


@register
class GreatRolledOnes(JeopardyGame):
    name = "gro"
    aliases = ("great-rolled-ones", "great_rolled_ones")
    title = "Great Rolled Ones"
    reference = "Neller et al., Optimal Play of the Great Rolled Ones Game"
    anchor_vars = ("p", "i", "j")
    #: three or more players: the round is played out; a later player must exceed an earlier one
    table_end = "round"
    page = JeopardyPage(
        start_hint="p is 1 or 2; scores are below the goal, except the score player 2 must beat and tie-breaks",
        turn_hint=_turn_hint,
        # the 1s set aside fix which turn totals can be: the two are entered together
        entered_together=(("k", "o"),),
    )
    turn_vars = ("k", "o")
    cost = SolveCost(
        solve_microseconds_per_cell=0.14,  # measured: goal 50 0.135 (0.21 s), 8 dice 4 ones 0.14 (0.29 s)
        solve_bytes_per_cell=28.0,  # measured (issue 17): goal 100 bound 200 22, 8 dice 4 ones 32, goal 50 37
    )
    tables = JeopardyTables(variants=({},))  # the default game's turn-start values: its first advice needs no solve
    variables = (
        PLAYER,
        SCORE,
        OPPONENT,
        StateVar("k", "Turn total", "turn total", unit="points"),
        # a stepper, not three buttons: a variant may bust on more 1s than three
        StateVar("o", "1s set aside", "1s set aside this turn (fewer than the 1s that bust)", unit="1s"),
    )
    parameters = (
        Param("goal", 50, 5, 150, "a turn ending at or above the goal makes the round the last", label="Goal"),
        Param("n_dice", DICE, 1, 10, "dice rolled at the start of a turn", label="Dice"),
        Param("bust_ones", BUST_ONES, 1, 10, "how many 1s set aside end the turn scoring nothing", label="1s that bust"),
        Param("bound", 100, 10, 300, "score bound M of the tabulated states", label="Bound M", advanced=True),
    )
    rules_text = (
        "Two players, five dice. Each roll, 1s are set aside and every other die scores one point for "
        "the turn total; the third 1 ends the turn scoring nothing. Hold to bank the turn total (not "
        "before the first roll). When a turn ends with 50 or more, that round is the last: player 2 "
        "ends every round and must exceed player 1 to win."
    )

    def _check_params(self) -> None:
        dice, bust = self.params["n_dice"], self.params["bust_ones"]
        if bust > dice:
            raise InvalidParameterError(
                f"{self.name}: {bust} 1s to bust need at least {bust} dice, got dice {dice} "
                f"(a turn would run out of dice without busting)"
            )
        self._require_bound_above_goal(dice)

    @property
    def paper_dice(self) -> bool:
        """The paper's five dice, three 1s busting (its policies are written for them)."""
        return (self.params["n_dice"], self.params["bust_ones"]) == (DICE, BUST_ONES)


    def anchors(self) -> np.ndarray:
        g, m = self.goal, self.bound
        # a turn starts with both scores below the goal, except player 2's
        # last turn, one anchor per deficit d = j - i (see canonical_anchor)
        normal = [(p, i, j) for p in (1, 2) for i in range(g) for j in range(g)]
        last = [self._last_turn_anchor(d) for d in range(1, g + m)]
        return np.array(normal + last, dtype=np.int64)

    def _last_turn_anchor(self, deficit):
        g = self.goal
        return (2, np.maximum(0, g - deficit), np.maximum(g, deficit))

    def canonical_anchor(self, anchor):
        p, i, j = anchor["p"], anchor["i"], anchor["j"]
        last = (p == 2) & (j >= self.goal)
        _, ci, cj = self._last_turn_anchor(j - i)
        return {"p": p, "i": np.where(last, ci, i), "j": np.where(last, cj, j)}

    def turn_states(self):
        return [(k, o) for k in range(self.bound + 1) for o in range(self.params["bust_ones"])]

    def gain(self, turn) -> int:
        return turn[0]

    def roll_outcomes(self, turn):
        k, o = turn
        dice = self.params["n_dice"] - o
        outcomes = []
        for new_ones in range(dice + 1):
            probability = Fraction(comb(dice, new_ones) * 5 ** (dice - new_ones), 6**dice)
            if o + new_ones >= self.params["bust_ones"]:
                outcomes.append((probability, None))
            else:
                outcomes.append((probability, (k + dice - new_ones, o + new_ones)))
        return outcomes

    def roll_faces(self, turn):
        return uniform_dice(self.params["n_dice"] - turn[1], FACES)

    def read_roll(self, turn, faces):
        k, o = turn
        ones = faces.count(1)
        return None if o + ones >= self.params["bust_ones"] else (k + len(faces) - ones, o + ones)

    def layer(self, anchor):
        # player 2's last turn only ends the game, so it can be settled first
        last = (anchor["p"] == 2) & (anchor["j"] >= self.goal)
        return np.where(last, 4 * (self.goal + self.bound), anchor["i"] + anchor["j"])

    def can_roll(self, state):
        # the best outcome (no new 1s) adds dice - o points; stay within the bound
        return state["k"] + self.params["n_dice"] - state["o"] <= self.bound

    def can_hold(self, state):
        return state["k"] > 0

    def end_turn(self, anchor, gain) -> TurnEnd:
        p, i, j = anchor["p"], anchor["i"], anchor["j"]
        banked = i + gain
        # player 2 ends the round; it is the last if either score reached the goal
        last_round = (p == 2) & ((banked >= self.goal) | (j >= self.goal))
        value = np.where(last_round, (banked > j).astype(float), np.nan)
        shape = np.broadcast_shapes(np.shape(p), np.shape(banked))
        return TurnEnd(value, {"p": np.broadcast_to(3 - p, shape), "i": np.broadcast_to(j, shape), "j": banked})

    def human_policies(self):
        g = self.goal
        if not self.paper_dice:
            return (self._roll_until_one_from_busting(),)

        def roll_with_4_or_5_dice(p, i, j, k, o):
            return select(
                [
                    ((p == 2) & (j >= g) & (i + k <= j), True),  # player 2 must exceed player 1
                    ((p == 2) & (i + k >= g), False),  # player 2 holds at the goal and wins
                ],
                otherwise=o < 2,  # roll with 4 or 5 dice
            )

        def fixed_hold_at(p, i, j, k, o):
            return select(
                [
                    ((p == 2) & (j >= g) & (i + k <= j), True),  # player 2 must exceed player 1
                    # "player 2 holds and wins": the printed line 3 reads "i + k >= 50"
                    # for both players, but only this reading (its comment) gives
                    # the printed -0.0268; the literal one gives -0.0433
                    ((p == 2) & (i + k >= g), False),
                    (o == 0, True),  # keep rolling with 5 dice
                    (o == 1, k < 24),  # hold at 24 with 4 dice
                ],
                otherwise=k < 4,  # hold at 4 with 3 dice
            )

        def simple_player_and_ones_cases(p, i, j, k, o):
            player_1 = select(
                [
                    (o == 0, True),  # keep rolling with 5 dice
                    (o == 1, k < np.maximum(g - i, 20 + j - i)),  # hold at the goal with a lead of 20
                ],
                otherwise=k < np.minimum(g - i, 5),  # hold at 5 or the goal with 3 dice
            )
            player_2 = select(
                [
                    (j >= g, i + k <= j),  # exceed player 1
                    (i + k >= g, False),  # hold at the goal
                    (o < 2, True),  # roll with 4 or 5 dice
                ],
                otherwise=k < np.minimum(g - i, 5),
            )
            return np.where(p == 1, player_1, player_2)

        def keep_pace_end_race_by_case(p, i, j, k, o):
            delta = j - i
            # o = 1: hold with a lead of 22, but roll for the goal once player 1
            # has 10 or player 2 has 23 (the mover is player 1 here)
            one_hold_at = np.where((i >= 10) | (j >= 23), np.maximum(g - i, 22 + delta), 22 + delta)
            player_1 = select(
                [
                    (o == 0, k < np.maximum(g - i, 38 + delta)),  # hold at the goal with a lead of 38
                    (o == 1, k < one_hold_at),
                    (i + j >= 71, k < g - i),  # two 1s: reach the goal once the scores sum to 71
                ],
                otherwise=k < np.minimum(g - i, 5),
            )
            player_2 = select(
                [
                    (j >= g, k <= delta),  # exceed player 1
                    (o == 0, True),  # keep rolling with 5 dice
                    # o = 1: roll for the goal once player 1 has 20 or player 2 has 32;
                    # otherwise hold at 18 + delta (the printed code; its comment says 28)
                    (o == 1, np.where((i >= 20) | (j >= 32), k < g - i, k < 18 + delta)),
                    (i + j >= 84, k < g - i),
                ],
                otherwise=k < np.minimum(g - i, 5),
            )
            return np.where(p == 1, player_1, player_2)

        return (
            Policy(
                "Roll with 4 or 5 Dice",
                "Roll with 4 or 5 dice, hold with 3 (player 2: exceed player 1's final score; hold at the goal).",
                roll_with_4_or_5_dice,
                "GRO paper, Algorithm 1",
                f"True if p == 2 and j >= {g} and i + k <= j else False if p == 2 and i + k >= {g} else o < 2",
            ),
            Policy(
                "Fixed Hold-At",
                "Roll 5 dice; hold at 24 with 4 dice and at 4 with 3; player 2 exceeds player 1's final score "
                "and holds at the goal.",
                fixed_hold_at,
                "GRO paper, Algorithm 2",
                f"True if p == 2 and j >= {g} and i + k <= j else False if p == 2 and i + k >= {g} "
                "else True if o == 0 else k < 24 if o == 1 else k < 4",
            ),
            Policy(
                "Simple Player and Ones Cases",
                "Player 1 rolls 5 dice and with 4 dice holds at the goal with a lead of 20; player 2 exceeds "
                "player 1 when needed, holds at the goal, else rolls 4 or 5 dice; with 3 dice both hold at 5 "
                "or the goal.",
                simple_player_and_ones_cases,
                "GRO paper, Algorithm 3",
                f"(True if o == 0 else k < max({g} - i, 20 + j - i) if o == 1 else k < min({g} - i, 5)) if p == 1 "
                f"else (i + k <= j if j >= {g} else False if i + k >= {g} else True if o < 2 else k < min({g} - i, 5))",
            ),
            Policy(
                "Keep Pace, End Race, by Case",
                "Hold-at values that follow the score difference, with roll-to-the-goal thresholds by "
                "player and 1s set aside (ten constants).",
                keep_pace_end_race_by_case,
                "GRO paper, Algorithm 4",
                f"(k < max({g} - i, 38 + j - i) if o == 0 "
                f"else k < (max({g} - i, 22 + j - i) if i >= 10 or j >= 23 else 22 + j - i) if o == 1 "
                f"else k < {g} - i if i + j >= 71 else k < min({g} - i, 5)) if p == 1 "
                f"else (k <= j - i if j >= {g} else True if o == 0 "
                f"else (k < {g} - i if i >= 20 or j >= 32 else k < 18 + j - i) if o == 1 "
                f"else k < {g} - i if i + j >= 84 else k < min({g} - i, 5))",
            ),
        )

    def _roll_until_one_from_busting(self) -> Policy:
        """The paper's Algorithm 1 for any dice: roll until one more 1 would bust, then hold
        (player 2 exceeds player 1's final score and holds at the goal)."""
        g, last = self.goal, self.params["bust_ones"] - 1

        def roll_until_one_from_busting(p, i, j, k, o):
            return select(
                [((p == 2) & (j >= g) & (i + k <= j), True), ((p == 2) & (i + k >= g), False)],
                otherwise=o < last,
            )

        ones = "one 1 is" if last == 1 else f"{last} 1s are"
        rule = "Roll once, then hold (any 1 busts)" if last == 0 else f"Roll until {ones} set aside (one more would bust), then hold"
        return Policy(
            "Roll Until One 1 From Busting",
            f"{rule} (player 2: exceed player 1's final score; hold at the goal).",
            roll_until_one_from_busting,
            "GRO paper, Algorithm 1, for any number of dice",
            f"True if p == 2 and j >= {g} and i + k <= j else False if p == 2 and i + k >= {g} else o < {last}",
        )
