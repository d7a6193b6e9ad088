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

This module is the start of the full game (the two-player solution is the
next step); so far it gives the roll model, the one-roll expectations of the
blog post "So I Felt Like Solving Zombie Dice" (seed 001), which
``tests/test_zombie_dice.py`` checks formula by formula, and the best single
turn (most brains on average) beside the blog's rule "roll if E > n", both
exact, by :mod:`pycore.jeopardy.factored` over the 10,820 configurations of
dice (hand, brains and shotguns set aside) times the brains at stake.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

import numpy as np

from ..jeopardy.factored import FactoredTurn, TurnGraph, sweep

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
    return "".join(c * n for c, n in zip(COLOURS, dice))


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


@lru_cache(maxsize=None)
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
        raise ValueError(f"no such dice: hand {hand}, brains {set_aside_brains}, shotguns {shotguns}")
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {', '.join(READINGS)}, got {reading!r}")
    if sum(cup) >= need:
        return tuple((p, drawn, False) for p, drawn in _draws_from(cup, need))
    if reading == "before":
        return tuple((p, drawn, True) for p, drawn in _draws_from(_plus(cup, set_aside_brains), need))
    # the cup runs empty: all of it is drawn, then the rest from the returned brain dice
    rest = need - sum(cup)
    return tuple((p, _plus(cup, extra), True) for p, extra in _draws_from(set_aside_brains, rest))


@lru_cache(maxsize=None)
def roll_distribution(dice: Dice) -> tuple[tuple[Fraction, Dice, Dice, Dice], ...]:
    """Rolling ``dice`` (counts by colour): (probability, brains, shotguns, footprints),
    each by colour."""
    per_colour = []
    for colour, count in zip(COLOURS, dice):
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
                if all(h + s + b <= n for h, s, b, n in zip(hand, shotguns, brains, CUP)):
                    out.append((hand, brains, shotguns))
    return out


def configuration_outcomes(config: Configuration, reading: str = "after") -> dict[tuple[Configuration | None, int], Fraction]:
    """Exact outcomes of a roll from a configuration: {(next configuration or None for a bust,
    brains gained): probability}."""
    hand, brains_aside, shotguns_aside = config
    out: dict = {}
    for p_draw, drawn, returned in draw_distribution(hand, brains_aside, shotguns_aside, reading):
        kept = (0, 0, 0) if returned else brains_aside
        for p_roll, brains, shotguns, footprints in roll_distribution(_plus(hand, drawn)):
            shot = _plus(shotguns_aside, shotguns)
            key = (None, 0) if sum(shot) >= BUST_SHOTGUNS else ((footprints, _plus(kept, brains), shot), sum(brains))
            out[key] = out.get(key, Fraction(0)) + p_draw * p_roll
    return out


@lru_cache(maxsize=2)
def turn_graph(reading: str = "after") -> TurnGraph:
    """Every configuration's roll transitions as arrays (floats; exact sums checked)."""
    configs = configurations()
    index = {c: n for n, c in enumerate(configs)}
    src, dst, gain, prob = [], [], [], []
    for n, config in enumerate(configs):
        for (nxt, brains), p in configuration_outcomes(config, reading).items():
            src.append(n)
            dst.append(-1 if nxt is None else index[nxt])
            gain.append(brains)
            prob.append(float(p))
    # a roll with no brain and no shotgun fills the hand with footprints: more shotguns or a
    # fuller hand, or the same configuration (three footprints rolled again)
    order = np.array([4 * sum(shotguns) + sum(hand) for hand, _, shotguns in configs])
    graph = TurnGraph(
        tuple(configs),
        np.array(src, dtype=np.int64),
        np.array(dst, dtype=np.int64),
        np.array(gain, dtype=np.int64),
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
