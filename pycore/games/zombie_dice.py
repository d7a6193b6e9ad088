"""Zombie Dice with coloured dice: the exact roll model (seeds 000 and 001).

The cup holds 13 dice: 6 green, 4 yellow, 3 red. Each die has six faces:
brains, shotguns and footprints, in the counts of ``FACES`` (green 3/1/2,
yellow 2/2/2, red 1/3/2). To roll, the player draws dice at random from the
cup until the hand (the footprint dice kept from the last roll) holds three,
then rolls all three. Brains and shotguns are set aside by colour; footprints
stay in the hand; the third shotgun ends the turn scoring nothing.

When the cup runs empty while dice are still needed, the brain dice set aside
this turn go back into the cup (the brain count is kept) and drawing goes on,
as the AYZD paper (seed 000) words the rule: "If there are no dice to draw,
keep track of the number of brains set aside, and add all rolled brain dice
back into the dice supply, and continue drawing dice at random". The dice
still in the cup are drawn first (all of them), the rest at random from the
returned brain dice.

A set of dice by colour is a tuple of counts ``(green, yellow, red)``. Every
probability here is an exact :class:`~fractions.Fraction`.

This module gives the roll model, the one-roll expectations of the blog post "So I Felt
Like Solving Zombie Dice" (seed 001), which ``tests/test_zombie_dice.py`` checks formula by
formula, the best single turn (most brains on average) beside the blog's rule "roll if
E > n", and the registered two-player game, solved exactly by the factored sweep
(:mod:`pycore.jeopardy.factored`) over the 10,820 configurations of dice (hand, brains and
shotguns set aside) times the brains at stake; its turn-start values ship as a table.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb

import numpy as np

from ..core.errors import InvalidParameterError, InvalidStateError
from ..core.params import Param, StateVar
from ..core.registry import register
from ..jeopardy.factored import FactoredTurn, TurnGraph, index_of, reachable_turn_states, sweep
from ..jeopardy.model import lookup_rows
from ..jeopardy.solvers import solve
from ..jeopardy.vocabulary import Policy, State, select
from .ayzd import FACE_PARAMS, AllYellowZombieDice
from .gro import PLAYER
from .pig import OPPONENT, SCORE

COLOURS = "GYR"
CUP = (6, 4, 3)  # green, yellow, red dice in a full cup
#: faces of each colour out of six: (brains, shotguns, footprints)
FACES = {"G": (3, 1, 2), "Y": (2, 2, 2), "R": (1, 3, 2)}
HAND = 3  # dice rolled each time
#: when the brain dice go back into an empty cup: after its last dice are drawn (the paper's
#: wording, the default) or before drawing starts (see :func:`draw_distribution`)
READINGS = ("after", "before")
BUST_SHOTGUNS = 3

Dice = tuple[int, int, int]


def dice_from_letters(text: str) -> Dice:
    """``"GGR"`` -> ``(2, 0, 1)``."""
    return tuple(text.count(c) for c in COLOURS)  # type: ignore[return-value]


def dice_to_letters(dice: Dice) -> str:
    """``(2, 0, 1)`` -> ``"GGR"`` (the inverse of :func:`dice_from_letters`)."""
    return "".join(c * n for c, n in zip(COLOURS, dice, strict=True))


def _plus(a: Dice, b: Dice) -> Dice:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _minus(a: Dice, b: Dice) -> Dice:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _draws_from(pool: Dice, count: int) -> list[tuple[Fraction, Dice]]:
    """Drawing ``count`` dice at random without replacement from ``pool``: each colour mix."""
    total = sum(pool)
    out = []
    for g in range(min(pool[0], count) + 1):
        for y in range(min(pool[1], count - g) + 1):
            r = count - g - y
            if r <= pool[2]:
                ways = comb(pool[0], g) * comb(pool[1], y) * comb(pool[2], r)
                out.append((Fraction(ways, comb(total, count)), (g, y, r)))
    return out


@cache
def draw_distribution(
    hand: Dice, set_aside_brains: Dice, shotguns: Dice, reading: str = "after"
) -> tuple[tuple[Fraction, Dice, bool], ...]:
    """What the draw before a roll adds to ``hand``: (probability, dice drawn, whether the
    brain dice went back into the cup). The cup is whatever is not in the hand or set aside.

    When the cup holds fewer dice than are needed, the brain dice go back: ``"after"`` the
    cup's last dice are drawn (the rule as the AYZD paper words it, and the default), or
    ``"before"`` drawing starts, so that every die needed comes at random from the cup and
    the brains together (the other reading, for comparison)."""
    need = HAND - sum(hand)
    cup = _minus(_minus(_minus(CUP, hand), set_aside_brains), shotguns)
    if min(cup) < 0 or need < 0:
        raise InvalidStateError(f"no such dice: hand {hand}, brains {set_aside_brains}, shotguns {shotguns}")
    if reading not in READINGS:
        raise InvalidParameterError(f"reading must be one of {', '.join(READINGS)}, got {reading!r}")
    if sum(cup) >= need:
        return tuple((p, drawn, False) for p, drawn in _draws_from(cup, need))
    if reading == "before":
        return tuple((p, drawn, True) for p, drawn in _draws_from(_plus(cup, set_aside_brains), need))
    # the cup runs empty: all of it is drawn, then the rest from the returned brain dice
    rest = need - sum(cup)
    return tuple((p, _plus(cup, extra), True) for p, extra in _draws_from(set_aside_brains, rest))


@cache
def roll_distribution(dice: Dice) -> tuple[tuple[Fraction, Dice, Dice, Dice], ...]:
    """Rolling ``dice`` (counts by colour): (probability, brains, shotguns, footprints),
    each by colour."""
    per_colour = []
    for colour, count in zip(COLOURS, dice, strict=True):
        brain, shotgun, footprint = FACES[colour]
        options = []
        for b in range(count + 1):
            for s in range(count - b + 1):
                f = count - b - s
                ways = comb(count, b) * comb(count - b, s)
                options.append((Fraction(ways * brain**b * shotgun**s * footprint**f, 6**count), b, s, f))
        per_colour.append(options)
    out = []
    for (pg, bg, sg, fg), (py, by, sy, fy), (pr, br, sr, fr) in product(*per_colour):
        out.append((pg * py * pr, (bg, by, br), (sg, sy, sr), (fg, fy, fr)))
    return tuple(out)


def one_roll_expectation(dice: Dice, points: int, health: int) -> Fraction:
    """The blog's ``E_xyz(n, h)``: the expected points after rolling ``dice`` with
    ``points`` (n) in hand and ``health`` (h) shotguns to go, 0 if shot ``h`` times."""
    expected = Fraction(0)
    for p, brains, shotguns, _ in roll_distribution(dice):
        if sum(shotguns) < health:
            expected += p * (points + sum(brains))
    return expected


def roll_labelled_dice(cup: list[str], hand: list[str], brains_aside: list[str], rng) -> list[tuple[str, str]]:
    """One roll with real dice, a second way to the same model: dice (colour letters) drawn
    one by one from ``cup`` into ``hand`` until it holds three, the ``brains_aside`` poured
    back into the cup when it runs empty, then each die rolled. Changes the three lists in
    place; returns the roll as (colour, face) pairs."""
    while len(hand) < HAND:
        if not cup:  # the brain dice go back into the cup
            cup.extend(brains_aside)
            brains_aside.clear()
        hand.append(cup.pop(rng.randrange(len(cup))))
    rolled = [(c, rng.choice(_FACE_LIST[c])) for c in hand]
    hand.clear()
    return rolled


_FACE_LIST = {c: ["brain"] * f[0] + ["shotgun"] * f[1] + ["footprint"] * f[2] for c, f in FACES.items()}

Configuration = tuple[Dice, Dice, Dice]  # (hand of footprints, brain dice set aside, shotgun dice)


def configurations() -> list[Configuration]:
    """Every configuration of dice during a turn (10,820): at most 3 in hand, 2 shotguns."""
    out = []
    for hand in product(range(4), repeat=3):
        if sum(hand) > HAND:
            continue
        for shotguns in product(range(BUST_SHOTGUNS), repeat=3):
            if sum(shotguns) >= BUST_SHOTGUNS:
                continue
            for brains in product(*(range(n + 1) for n in CUP)):
                if all(h + s + b <= n for h, s, b, n in zip(hand, shotguns, brains, CUP, strict=True)):
                    out.append((hand, brains, shotguns))
    return out


def configuration_outcomes(
    config: Configuration, reading: str = "after", exact: bool = True
) -> dict[tuple[Configuration | None, int], Fraction | float]:
    """Exact outcomes of a roll from a configuration: {(next configuration or None for a bust,
    brains gained): probability} (floats, five times faster, with ``exact=False``)."""
    hand, brains_aside, shotguns_aside = config
    draws = draw_distribution(hand, brains_aside, shotguns_aside, reading) if exact else _float_draws(config, reading)
    out: dict = {}
    for p_draw, drawn, returned in draws:
        kept = (0, 0, 0) if returned else brains_aside
        rolls = roll_distribution(_plus(hand, drawn)) if exact else _float_rolls(_plus(hand, drawn))
        for p_roll, brains, shotguns, footprints in rolls:
            shot = _plus(shotguns_aside, shotguns)
            key = (None, 0) if sum(shot) >= BUST_SHOTGUNS else ((footprints, _plus(kept, brains), shot), sum(brains))
            out[key] = out.get(key, 0) + p_draw * p_roll
    return out


def _float_draws(config: Configuration, reading: str):
    return tuple((float(p), drawn, returned) for p, drawn, returned in draw_distribution(*config, reading))


@cache
def _float_rolls(dice: Dice):
    return tuple((float(p), *rest) for p, *rest in roll_distribution(dice))


@lru_cache(maxsize=2)
def turn_graph(reading: str = "after") -> TurnGraph:
    """Every configuration's roll transitions as arrays (floats; their sums checked to 1e-12;
    ``tests/test_zombie_dice.py`` checks the exact fractions sum to 1)."""
    configs = configurations()
    index = {c: n for n, c in enumerate(configs)}
    src, dst, gain, prob = [], [], [], []
    for n, config in enumerate(configs):
        for (nxt, brains), p in configuration_outcomes(config, reading, exact=False).items():
            src.append(n)
            dst.append(-1 if nxt is None else index[nxt])
            gain.append(brains)
            prob.append(float(p))
    # a roll with no brain and no shotgun fills the hand with footprints: more shotguns or a
    # fuller hand, or the same configuration (three footprints rolled again)
    order = np.array([4 * sum(shotguns) + sum(hand) for hand, _, shotguns in configs])
    graph = TurnGraph(
        tuple(configs),
        np.array(src, dtype=np.intp),  # intp: numpy's index type (32 bits in the browser)
        np.array(dst, dtype=np.intp),
        np.array(gain, dtype=np.intp),
        np.array(prob),
        order,
        index[((0, 0, 0), (0, 0, 0), (0, 0, 0))],
    )
    graph.check()
    return graph


def _turn_masks(graph: TurnGraph, bound: int) -> tuple[np.ndarray, np.ndarray]:
    """(roll allowed, hold allowed), (bound + 1, C): a roll needs room for 3 more brains; a
    turn starts with a roll (holding with nothing set aside scores nothing)."""
    gains = np.arange(bound + 1)[:, None]
    shotguns = np.array([sum(s) for _, _, s in graph.configurations])[None, :]
    roll = np.broadcast_to(gains + HAND <= bound, (bound + 1, graph.n_configurations))
    hold = (gains > 0) | (shotguns > 0) | ~roll
    return roll, hold


def best_turn(bound: int = 26, reading: str = "after") -> FactoredTurn:
    """The most brains a single turn makes on average, brains at stake up to ``bound``
    (26, twice the goal, as the AYZD paper bounds scores): ``value[0, start]``."""
    graph = turn_graph(reading)
    roll, hold = _turn_masks(graph, bound)
    return sweep(graph, np.arange(bound + 1, dtype=float), roll, hold, 0.0)


def blog_rule(bound: int = 26) -> np.ndarray:
    """The blog's one-step rule as a policy, (bound + 1, C) bool: roll if E > n, where E is
    the expected points after the next roll (its draw included) and n the brains at stake."""
    graph = turn_graph()
    slope = np.zeros(graph.n_configurations)
    offset = np.zeros(graph.n_configurations)
    for n, (hand, brains_aside, shotguns) in enumerate(graph.configurations):
        health = BUST_SHOTGUNS - sum(shotguns)
        for p, drawn, _ in draw_distribution(hand, brains_aside, shotguns):
            dice = _plus(hand, drawn)
            at_zero = one_roll_expectation(dice, 0, health)
            slope[n] += float(p * (one_roll_expectation(dice, 1, health) - at_zero))
            offset[n] += float(p * at_zero)
    gains = np.arange(bound + 1)[:, None]
    return slope[None, :] * gains + offset[None, :] > gains


def evaluate_turn(policy: np.ndarray, bound: int = 26) -> FactoredTurn:
    """A fixed one-turn policy's exact expected brains (``value[0, start]``)."""
    graph = turn_graph()
    roll, hold = _turn_masks(graph, bound)
    return sweep(graph, np.arange(bound + 1, dtype=float), roll, hold, 0.0, policy=policy)


# ---- the two-player game ---------------------------------------------------------------------

#: the dice variables of a position, each a string of colour letters, and their integer columns
DICE_VARS = ("fp", "br", "sg")


def _flat(config: Configuration) -> tuple[int, ...]:
    return config[0] + config[1] + config[2]


def _nested(columns) -> Configuration:
    c = tuple(int(x) for x in columns)
    return (c[0:3], c[3:6], c[6:9])


@register
class ZombieDice(AllYellowZombieDice):
    """Zombie Dice with its 13 coloured dice, two players (AYZD's rounds, goal, tie-breaks
    and bound M around the coloured turn). The turn state is the brains ``b`` and the dice:
    footprints in hand, brain dice set aside, shotgun dice, by colour. Solved by the
    factored sweep (:mod:`pycore.jeopardy.factored`): 10,820 configurations of dice."""

    name = "zombie-dice"
    aliases = ("zombie_dice", "zombiedice", "zd")
    title = "Zombie Dice"
    reference = "Neller et al., Optimal Play of the All Yellow Zombie Dice Game (rules); So I Felt Like Solving Zombie Dice (one roll)"
    turn_vars = ("b",) + tuple(f"{v}_{c}" for v in DICE_VARS for c in COLOURS)
    solve_microseconds_per_cell = 0.45  # measured: goal 6 M 12 0.47 a cell at 21 million (21 s)
    # factored: its turn graph, once; measured 127-143 MB at goal 4-8 (72-254 anchors)
    solve_bytes_fixed = 150e6
    solve_bytes_per_anchor = 100e3
    solve_bytes_per_cell = 0.0
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
    start_hint = AllYellowZombieDice.start_hint

    def _check_faces(self) -> None:
        """The colours' faces are fixed."""
    turn_hint = "the dice must be ones a turn can leave in hand and set aside"
    solver = "factored"
    views = ("advice", "thresholds", "strategies", "play", "table")
    # the brains and the dice of a turn in progress are entered together (each alone cannot change)
    entered_together = (("b", "fp", "br", "sg"),)
    threshold_axes = ("fp", "sg")  # the chart's rows and columns; the brain dice as they are
    # a rule's exact evaluation sweeps every turn three times: 2 min 11 s and 606 MB in CPython here
    rules_evaluated_live = False
    roll_hint = (
        "a roll rolls the footprint dice in hand again and dice drawn from the cup, three in all; the cup holds "
        "what is not in hand or set aside (and the brain dice again once it runs empty)"
    )
    roll_entry = {
        "dice": HAND,
        "colours": {"G": "green", "Y": "yellow", "R": "red"},
        "faces": ["brain", "shotgun", "footprint"],
        "hand": "fp",
    }
    prebuilt = ({},)  # the turn-start values at goal 13, bound 26: a 5-minute solve, so shipped
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

    def turn_state_count(self) -> int:
        return (self.bound + 1) * len(configurations())

    def var_range(self, var):
        if var == "b":
            return (0, self.bound)
        if var in self.turn_vars:
            part, colour = var.split("_")
            most = CUP[COLOURS.index(colour)]
            return (0, min(most, HAND if part == "fp" else BUST_SHOTGUNS - 1 if part == "sg" else most))
        return super().var_range(var)

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
            for p_roll, brains, shot, footprints in roll_distribution(_plus(hand, drawn)):
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
        cup = _minus(_minus(_minus(CUP, hand), brains_aside), shotguns)
        returned = sum(cup) < HAND - sum(hand)
        count = {face: tuple(sum(1 for c, f in faces if c == colour and f == face) for colour in COLOURS)
                 for face in ("brain", "shotgun", "footprint")}
        shot = _plus(shotguns, count["shotgun"])
        if sum(shot) >= BUST_SHOTGUNS:
            return None
        kept = (0, 0, 0) if returned else brains_aside
        return (b + sum(count["brain"]), *_flat((count["footprint"], _plus(kept, count["brain"]), shot)))

    def can_hold(self, state):
        shotguns = state["sg_G"] + state["sg_Y"] + state["sg_R"]
        return (state["b"] > 0) | (shotguns > 0) | ~self.can_roll(state)

    def check_state(self, state: State) -> None:
        """The rules' checks without exploring the turn (292,140 turn states): every
        column in range, the anchor tabulated, and the dice a turn can leave (see
        ``tests/test_zombie_dice.py``, which checks this against the reachable states)."""
        if state.game != self.name:
            raise InvalidStateError(f"state is for game {state.game!r}, not {self.name!r}")
        values = self.column_values(state)
        self.anchor_key(state.anchor)
        b = values["b"]
        hand, brains, shotguns = (tuple(values[f"{v}_{c}"] for c in COLOURS) for v in DICE_VARS)
        problems = []
        if sum(shotguns) >= BUST_SHOTGUNS:
            problems.append(f"{sum(shotguns)} shotguns end the turn (it scores nothing); a position has at most 2")
        if sum(hand) > HAND:
            problems.append(f"the hand holds at most {HAND} footprint dice, got {sum(hand)}")
        for name, n, in_use in zip(("green", "yellow", "red"), CUP, _plus(_plus(hand, brains), shotguns), strict=True):
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
            raise InvalidStateError(f"{self.name}: {self.state_to_text(state)} cannot occur: {'; '.join(problems)}")

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
