"""Zombie Dice's dice: the cup, each colour's faces, an exact draw and roll, and a turn's
configurations of dice and their roll outcomes as a graph (see the package for the rules)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb

import numpy as np

from pycore.jeopardy.solving.turn_graph import TurnGraph

from ...core.errors import InvalidParameterError, InvalidStateError

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


def dice_plus(a: Dice, b: Dice) -> Dice:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def dice_minus(a: Dice, b: Dice) -> Dice:
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
    cup = dice_minus(dice_minus(dice_minus(CUP, hand), set_aside_brains), shotguns)
    if min(cup) < 0 or need < 0:
        raise InvalidStateError(f"no such dice: hand {hand}, brains {set_aside_brains}, shotguns {shotguns}")
    if reading not in READINGS:
        raise InvalidParameterError(f"reading must be one of {', '.join(READINGS)}, got {reading!r}")
    if sum(cup) >= need:
        return tuple((p, drawn, False) for p, drawn in _draws_from(cup, need))
    if reading == "before":
        return tuple((p, drawn, True) for p, drawn in _draws_from(dice_plus(cup, set_aside_brains), need))
    # the cup runs empty: all of it is drawn, then the rest from the returned brain dice
    rest = need - sum(cup)
    return tuple((p, dice_plus(cup, extra), True) for p, extra in _draws_from(set_aside_brains, rest))


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
        rolls = roll_distribution(dice_plus(hand, drawn)) if exact else _float_rolls(dice_plus(hand, drawn))
        for p_roll, brains, shotguns, footprints in rolls:
            shot = dice_plus(shotguns_aside, shotguns)
            key = (None, 0) if sum(shot) >= BUST_SHOTGUNS else ((footprints, dice_plus(kept, brains), shot), sum(brains))
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


def turn_masks(graph: TurnGraph, bound: int) -> tuple[np.ndarray, np.ndarray]:
    """(roll allowed, hold allowed), (bound + 1, C): a roll needs room for 3 more brains; a
    turn starts with a roll (holding with nothing set aside scores nothing)."""
    gains = np.arange(bound + 1)[:, None]
    shotguns = np.array([sum(s) for _, _, s in graph.configurations])[None, :]
    roll = np.broadcast_to(gains + HAND <= bound, (bound + 1, graph.n_configurations))
    hold = (gains > 0) | (shotguns > 0) | ~roll
    return roll, hold
