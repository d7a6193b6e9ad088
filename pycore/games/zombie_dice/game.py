"""Zombie Dice for two players: the registered game, solved by the factored sweep."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import numpy as np

from pycore.jeopardy.model.compiled import lookup_rows
from pycore.jeopardy.rules.layout import JeopardyTables, layout
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.vocabulary import Policy, State, select
from pycore.jeopardy.solving.budget import SolveCost
from pycore.jeopardy.solving.dispatch import solve
from pycore.jeopardy.solving.turn_graph import index_of, reachable_turn_states

from ...core.errors import InvalidStateError
from ...core.params import Param, StateVar
from ...core.registry import register
from ..ayzd import FACE_PARAMS, AllYellowZombieDice, AYZDLayout
from ..gro import PLAYER
from ..pig import OPPONENT, SCORE
from .dice import (
    BUST_SHOTGUNS,
    COLOURS,
    CUP,
    HAND,
    READINGS,
    Configuration,
    configuration_outcomes,
    configurations,
    dice_minus,
    dice_plus,
    draw_distribution,
    roll_distribution,
    turn_graph,
)

# ---- the two-player game ---------------------------------------------------------------------

#: the dice variables of a position, each a string of colour letters, and their integer columns
DICE_VARS = ("fp", "br", "sg")


def _flat(config: Configuration) -> tuple[int, ...]:
    return config[0] + config[1] + config[2]


def _nested(columns) -> Configuration:
    c = tuple(int(x) for x in columns)
    return (c[0:3], c[3:6], c[6:9])


class ZombieDiceLayout(AYZDLayout):
    """The turn states counted and ranged by arithmetic (292,140 of them: never listed)."""

    def turn_state_count(self) -> int:
        return (self.game.bound + 1) * len(configurations())

    def var_range(self, var):
        if var == "b":
            return (0, self.game.bound)
        if var in self.game.turn_vars:
            part, colour = var.split("_")
            most = CUP[COLOURS.index(colour)]
            return (0, min(most, HAND if part == "fp" else BUST_SHOTGUNS - 1 if part == "sg" else most))
        return super().var_range(var)


@register
class ZombieDice(AllYellowZombieDice):
    """Zombie Dice with its 13 coloured dice, two players (AYZD's rounds, goal, tie-breaks
    and bound M around the coloured turn). The turn state is the brains ``b`` and the dice:
    footprints in hand, brain dice set aside, shotgun dice, by colour. Solved by the
    factored sweep (:mod:`pycore.jeopardy.solving.turn_graph`): 10,820 configurations of dice."""

    name = "zombie-dice"
    aliases = ("zombie_dice", "zombiedice", "zd")
    title = "Zombie Dice"
    reference = "Neller et al., Optimal Play of the All Yellow Zombie Dice Game (rules); So I Felt Like Solving Zombie Dice (one roll)"
    turn_vars = ("b",) + tuple(f"{v}_{c}" for v in DICE_VARS for c in COLOURS)

    @property
    def cost(self) -> SolveCost:
        # a rule's evaluation takes more passes as the goal grows than the solve does: measured
        # 11.6 s over goal 8 (47 million cells), 126 s over the default game (187 million)
        cells = layout(self).anchor_count() * layout(self).turn_state_count()
        return SolveCost(
            # linear, measured: goal 6 (21 million cells) 8.3 s, goal 8 (47 million) 16.9 s; the
            # growth of (cells / 1e6) ** 0.25 over-estimated them 2.4-3.2 times
            solve_microseconds_per_cell=0.4,
            solve_traffic_exponent=0.0,
            # factored: its turn graph, once; measured 127-143 MB at goal 4-8 (72-254 anchors)
            solve_bytes_fixed=150e6,
            evaluate_cost_factor=0.62 * (cells / 46.7e6) ** 0.72,
            evaluate_bytes_factor=1.0,  # measured: goal 8 211 MB, its solve 183 MB (a sweep adds little)
            solve_bytes_per_anchor=100e3,
            solve_bytes_per_cell=0.0,
        )

    variables = (
        PLAYER,
        SCORE,
        OPPONENT,
        StateVar("b", "Brains this turn", "brains scored this turn (turn total)", unit="brains"),
        StateVar("fp", "Footprints in hand", "footprint dice in hand, by colour: G green, Y yellow, R red", letters=COLOURS),
        StateVar("br", "Brain dice set aside", "brain dice set aside this turn and not yet back in the cup", letters=COLOURS),
        StateVar("sg", "Shotgun dice", "shotgun dice set aside this turn (at most 2)", letters=COLOURS),
    )
    # the dice's faces are the three colours' (not AYZD's one die of brains/shotguns/footprints)
    parameters = tuple(p for p in AllYellowZombieDice.parameters if p.name not in FACE_PARAMS) + (
        Param(
            "reading",
            "after",
            help="when the brain dice go back into an empty cup: after its last dice are drawn (the rule as "
            "written) or before drawing starts",
            label="Empty cup",
            choices=READINGS,
            choice_help=("the cup's last dice are drawn, then the rest from the brain dice put back",
                         "the brain dice go back first, and every die is drawn from them and the cup together"),
            advanced=True,
        ),
    )

    def _check_faces(self) -> None:
        """The colours' faces are fixed."""

    solver = "factored"
    page = replace(
        AllYellowZombieDice.page,
        turn_hint="the dice must be ones a turn can leave in hand and set aside",
        views=("advice", "thresholds", "strategies", "play", "table", "quiz"),
        # the brains and the dice of a turn in progress are entered together (each alone cannot change)
        entered_together=(("b", "fp", "br", "sg"),),
        threshold_axes=("fp", "sg"),  # the chart's rows and columns; the brain dice as they are
        # a rule's exact evaluation sweeps every turn three times: 2 min 11 s and 606 MB in CPython here
        rules_evaluated_live=False,
        roll_hint=(
            "a roll rolls the footprint dice in hand again and dice drawn from the cup, three in all; the cup holds "
            "what is not in hand or set aside (and the brain dice again once it runs empty)"
        ),
        roll_entry={
            "dice": HAND,
            "colours": {"G": "green", "Y": "yellow", "R": "red"},
            "faces": ["brain", "shotgun", "footprint"],
            "hand": "fp",
        },
    )
    tables = JeopardyTables(variants=({},))  # the turn-start values at goal 13, bound 26: a 5-minute solve, so shipped
    anchor_layout = ZombieDiceLayout
    rules_text = (
        "Two players. The cup holds 13 dice: 6 green (3 brains, 1 shotgun, 2 footprints), 4 yellow (2/2/2) "
        "and 3 red (1/3/2). To roll, draw dice from the cup until you hold three (footprint dice from the last "
        "roll stay in your hand), then roll them. Brains and shotguns are set aside; the third shotgun ends "
        "the turn scoring nothing. Stop to bank the brains. If the cup runs out, the brain dice set aside go "
        "back in (you keep the count). When a round ends with someone at 13 or more, the most brains wins; a "
        "tie at the top plays another round."
    )

    @property
    def reading(self) -> str:
        return self.params["reading"]

    def factored_turn(self):
        return _factored_turn(self.reading)

    def turn_states(self):
        return [(b, *_flat(c)) for b in range(self.bound + 1) for c in configurations()]

    def roll_outcomes(self, turn):
        b = turn[0]
        return [
            (p, None if nxt is None else (b + brains, *_flat(nxt)))
            for (nxt, brains), p in configuration_outcomes(_nested(turn[1:]), self.reading).items()
        ]

    def roll_entry_at(self, turn: tuple[int, ...]) -> dict:
        """The roll entry with, per colour, the most dice of it the draw can bring (the cup's
        dice, and the brain dice once they go back): the page offers no fourth red die."""
        entry = super().roll_entry_at(turn)
        hand, brains_aside, shotguns = _nested(turn[1:])
        most = [0] * len(COLOURS)
        for _, drawn, _ in draw_distribution(hand, brains_aside, shotguns, self.reading):
            most = [max(m, n) for m, n in zip(most, drawn, strict=True)]
        entry["draw_limits"] = dict(zip(COLOURS, most, strict=True))
        return entry

    def roll_faces(self, turn):
        """Each roll's dice as (colour, face) pairs, the draw from the cup included."""
        hand, brains_aside, shotguns = _nested(turn[1:])
        faces: dict = {}
        for p_draw, drawn, _ in draw_distribution(hand, brains_aside, shotguns, self.reading):
            for p_roll, brains, shot, footprints in roll_distribution(dice_plus(hand, drawn)):
                shown = tuple(
                    (colour, face)
                    for colour, b_, s_, f_ in zip(COLOURS, brains, shot, footprints, strict=True)
                    for face, count in (("brain", b_), ("shotgun", s_), ("footprint", f_))
                    for _ in range(count)
                )
                faces[shown] = faces.get(shown, Fraction(0)) + p_draw * p_roll
        return [(p, shown) for shown, p in faces.items()]

    def read_roll(self, turn, faces):
        b = turn[0]
        hand, brains_aside, shotguns = _nested(turn[1:])
        cup = dice_minus(dice_minus(dice_minus(CUP, hand), brains_aside), shotguns)
        returned = sum(cup) < HAND - sum(hand)
        count = {face: tuple(sum(1 for c, f in faces if c == colour and f == face) for colour in COLOURS)
                 for face in ("brain", "shotgun", "footprint")}
        shot = dice_plus(shotguns, count["shotgun"])
        if sum(shot) >= BUST_SHOTGUNS:
            return None
        kept = (0, 0, 0) if returned else brains_aside
        return (b + sum(count["brain"]), *_flat((count["footprint"], dice_plus(kept, count["brain"]), shot)))

    def can_hold(self, state):
        shotguns = state["sg_G"] + state["sg_Y"] + state["sg_R"]
        return (state["b"] > 0) | (shotguns > 0) | ~self.can_roll(state)

    def check_state(self, state: State) -> None:
        """The rules' checks without exploring the turn (292,140 turn states): every
        column in range, the anchor tabulated, and the dice a turn can leave (see
        ``tests/test_zombie_dice.py``, which checks this against the reachable states)."""
        if state.game != self.name:
            raise InvalidStateError(f"state is for game {state.game!r}, not {self.name!r}")
        values = Notation(self).columns(state)
        layout(self).anchor_key(state.anchor)
        b = values["b"]
        hand, brains, shotguns = (tuple(values[f"{v}_{c}"] for c in COLOURS) for v in DICE_VARS)
        problems = []
        if sum(shotguns) >= BUST_SHOTGUNS:
            problems.append(f"{sum(shotguns)} shotguns end the turn (it scores nothing); a position has at most 2")
        if sum(hand) > HAND:
            problems.append(f"the hand holds at most {HAND} footprint dice, got {sum(hand)}")
        for name, n, in_use in zip(("green", "yellow", "red"), CUP, dice_plus(dice_plus(hand, brains), shotguns), strict=True):
            if in_use > n:
                problems.append(f"{in_use} {name} dice in hand and set aside, but there are only {n}")
        out = sum(hand) + sum(brains) + sum(shotguns)
        if 0 < out < HAND:
            problems.append(f"every roll leaves its {HAND} dice in hand or set aside, so {out} cannot be")
        if b < sum(brains):
            problems.append(f"b = {b} brains, fewer than the {sum(brains)} brain dice set aside")
        if state.anchor[self.anchor_vars.index("i")] + b > self.bound:
            problems.append(f"the score i + b would pass the bound M = {self.bound}")
        if not problems:
            config = index_of(self)[tuple(values[v] for v in self.turn_vars[1:])]
            if not self._reachable[b, config]:
                # brain dice go back only when the cup runs empty, with 11 or more dice set aside
                problems.append(
                    f"no turn leaves these dice with b = {b} (b exceeds the brain dice set aside only after "
                    f"they went back into an empty cup, which takes 11 dice set aside)"
                )
        if problems:
            raise InvalidStateError(f"{self.name}: {Notation(self).to_text(state)} cannot occur: {'; '.join(problems)}")

    @property
    def _reachable(self) -> np.ndarray:
        """(bound + 1, C) the states a turn from score 0 reaches; from a higher score the same
        up to 3 brains below the bound (within those, where only holding is left, looser)."""
        return reachable_turn_states(self)

    def human_policies(self):
        """The AYZD paper's four policies and AYZD's optimal play, each seeing only the brains
        and the number of shotguns (not their colours), and Colour Cases, which looks at the
        footprint dice in hand."""
        ayzd = AllYellowZombieDice(goal=self.goal, bound=self.bound)
        colour_blind = [
            Policy(
                f"{p.name} (colour-blind)",
                p.description + " Counts shotguns, ignores colours.",
                _counting_shotguns(p.rule),
                p.source,
                re.sub(r"\bs\b", "(sg_G + sg_Y + sg_R)", p.expression),
            )
            for p in ayzd.human_policies()
        ]
        return (
            *colour_blind,
            Policy(
                "AYZD optimal (colour-blind)",
                "Optimal play of All Yellow Zombie Dice, where every die is yellow, applied to the coloured dice.",
                _ayzd_optimal_rule(ayzd),
                "AYZD paper (optimal play)",
            ),
            _colour_cases(self.goal),
        )


# kept across game instances (each request makes its own): the graph and its columns, per
# reading of the empty cup
@lru_cache(maxsize=2)
def _factored_turn(reading: str):
    graph = turn_graph(reading)
    flat = np.array([_flat(c) for c in graph.configurations], dtype=np.intp)
    columns = {v: flat[:, n] for n, v in enumerate(ZombieDice.turn_vars[1:])}
    return graph, columns


def _counting_shotguns(rule):
    """An AYZD rule (columns p, i, j, b, s) applied to coloured dice: ``s`` = the shotgun dice."""

    def counted(p, i, j, b, sg_G, sg_Y, sg_R, **_dice):
        return rule(p, i, j, b, sg_G + sg_Y + sg_R)

    return counted


def _ayzd_optimal_rule(ayzd: AllYellowZombieDice):
    """AYZD's optimal roll/hold table (solved when first asked: 0.1 s) read at (p, i, j, b, s)."""
    table = {}

    def rolls(p, i, j, b, sg_G, sg_Y, sg_R, **_dice):
        if not table:
            solution = solve(ayzd)
            model = solution.model
            turn_at = np.full((ayzd.bound + 1, BUST_SHOTGUNS), -1)
            for t, (brains, shotguns) in enumerate(model.turns):
                turn_at[brains, shotguns] = t
            table.update(solution=solution, turn_at=turn_at)
        solution, turn_at = table["solution"], table["turn_at"]
        p, i, j, b, s = np.broadcast_arrays(p, i, j, b, sg_G + sg_Y + sg_R)
        anchors = np.stack([np.ravel(p), np.ravel(i), np.ravel(j)], axis=1)
        rows = lookup_rows(solution.model.anchors, anchors).reshape(p.shape)
        t = turn_at[np.minimum(b, ayzd.bound), np.minimum(s, BUST_SHOTGUNS - 1)]
        position = solution.model.position[np.maximum(rows, 0), np.maximum(t, 0)]
        found = (rows >= 0) & (t >= 0) & (position >= 0)
        return np.where(found, solution.state_policy[np.maximum(position, 0)], False)

    return rolls


def _colour_cases(goal: int) -> Policy:
    """Neller Cases (an AYZD paper policy) with the colours of the footprint dice in hand
    deciding when to stop with one or two shotguns, read off the optimal two-player turns:
    a red footprint (3 shotgun faces of 6) makes the next roll riskier, a green one (1 of 6)
    safer; yellow ones hardly matter."""

    def rule(p, i, j, b, fp_G, fp_Y, fp_R, sg_G, sg_Y, sg_R, **_dice):
        s = sg_G + sg_Y + sg_R
        after_hold = i + b
        end_game = np.where(p == 1, 8, 10)
        one_shotgun = b < 5 + fp_G - 2 * fp_R
        two_shotguns = b < np.where((fp_R == 0) & (fp_G >= fp_Y), 2, 1)
        late = select(
            [(s == 1, np.where((i >= end_game) | (j >= end_game), after_hold < goal, one_shotgun))],
            otherwise=two_shotguns,
        )
        tied_high = (i >= goal) & (i == j)
        tie_hold_at = np.array([6, 3, 1])[np.minimum(s, 2)]
        player_1 = select([(tied_high, b < tie_hold_at), (s == 0, after_hold < np.maximum(goal, j + 8))], otherwise=late)
        player_2 = select(
            [
                (j >= goal, ((s < 2) & (after_hold <= j)) | ((s == 2) & (after_hold < j))),
                ((i >= goal) & (i > j), False),
                (s == 0, True),
            ],
            otherwise=late,
        )
        return np.where(p == 1, player_1, player_2)

    s = "(sg_G + sg_Y + sg_R)"
    one = "b < 5 + fp_G - 2 * fp_R"
    two = "b < (2 if fp_R == 0 and fp_G >= fp_Y else 1)"
    return Policy(
        "Colour Cases",
        "Neller Cases, but with one shotgun hold at 5 brains, plus 1 for each green and minus 2 for each red "
        "footprint in hand; with two shotguns roll once more (hold at 2) if no red footprint is in hand and "
        "greens are at least as many as yellows, else hold at 1.",
        rule,
        "this project",
        f"(b < (6 if {s} == 0 else 3 if {s} == 1 else 1) if i >= {goal} and i == j "
        f"else i + b < max({goal}, j + 8) if {s} == 0 "
        f"else (i + b < {goal} if i >= 8 or j >= 8 else {one}) if {s} == 1 else {two}) if p == 1 "
        f"else (({s} < 2 and i + b <= j or {s} == 2 and i + b < j) if j >= {goal} "
        f"else False if i >= {goal} and i > j else True if {s} == 0 "
        f"else (i + b < {goal} if i >= 10 or j >= 10 else {one}) if {s} == 1 else {two})",
    )
