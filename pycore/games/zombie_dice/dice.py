"""Zombie Dice's dice: the cup, each colour's faces, an exact draw and roll, and a turn's
configurations of dice and their roll outcomes as a graph (see the package for the rules)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb

import numpy as np

from pycore.jeopardy.solving.turn_graph import TurnGraph

from ...core.errors import InvalidParameterError, InvalidStateError, TurnGraphError

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


@cache
def configurations() -> tuple[Configuration, ...]:
    """Every configuration of dice during a turn (10,820): at most 3 in hand, 2 shotguns; by
    hand, then shotguns, then brains set aside, each as ``product`` counts them."""
    out = []
    for hand in product(range(HAND + 1), repeat=3):
        if sum(hand) > HAND:
            continue
        for shotguns in product(range(BUST_SHOTGUNS), repeat=3):
            if sum(shotguns) >= BUST_SHOTGUNS:
                continue
            # the brain dice set aside: what is left of each colour
            room = [n - h - s for h, s, n in zip(hand, shotguns, CUP, strict=True)]
            if min(room) >= 0:
                out.extend((hand, brains, shotguns) for brains in product(*(range(n + 1) for n in room)))
    return tuple(out)


def configuration_outcomes(config: Configuration, reading: str = "after") -> dict[tuple[Configuration | None, int], Fraction]:
    """Exact outcomes of a roll from a configuration: {(next configuration or None for a bust,
    brains gained): probability}."""
    hand, brains_aside, shotguns_aside = config
    out: dict = {}
    for p_draw, drawn, returned in draw_distribution(hand, brains_aside, shotguns_aside, reading):
        kept = (0, 0, 0) if returned else brains_aside
        for p_roll, brains, shotguns, footprints in roll_distribution(dice_plus(hand, drawn)):
            shot = dice_plus(shotguns_aside, shotguns)
            key = (None, 0) if sum(shot) >= BUST_SHOTGUNS else ((footprints, dice_plus(kept, brains), shot), sum(brains))
            out[key] = out.get(key, 0) + p_draw * p_roll
    return out


def _dice_code(dice) -> np.ndarray:
    """A number for each colour mix (by colour, each count below 7: 13 dice at most), so that
    the code of a sum is the sum of the codes."""
    dice = np.asarray(dice, dtype=np.int64)
    return (dice[..., 0] * 7 + dice[..., 1]) * 7 + dice[..., 2]


def _roll_table() -> tuple[np.ndarray, ...]:
    """Every roll of three dice, by roll, each hand's rolls together in
    :func:`roll_distribution`'s order: (the code of the dice rolled, the probability (its
    fraction as a float), and the codes and counts of the brains, shotguns and footprints)."""
    rows = [(_dice_code(hand), float(p), brains, shotguns, footprints)
            for hand in product(range(HAND + 1), repeat=3) if sum(hand) == HAND
            for p, brains, shotguns, footprints in roll_distribution(hand)]
    code, prob, *faces = zip(*rows, strict=True)
    faces = [np.array(face, dtype=np.int64) for face in faces]
    return (np.array(code), np.array(prob), *(_dice_code(f) for f in faces), *(f.sum(axis=1) for f in faces))


def _draw_table(configs: np.ndarray, reading: str) -> tuple[np.ndarray, ...]:
    """Every configuration's draws before a roll, by draw, each configuration's together in
    :func:`draw_distribution`'s order: (its configuration, the probability (the fraction's
    float: a quotient of integers), the code of the hand it makes, whether the brain dice went
    back into the cup). ``configs``: (C, 9) the hand's, brains' and shotguns' counts."""
    hand, brains, shotguns = configs[:, 0:3], configs[:, 3:6], configs[:, 6:9]
    need = HAND - hand.sum(axis=1)
    cup = np.array(CUP) - hand - brains - shotguns
    short = cup.sum(axis=1) < need
    if reading == "before":  # every die needed from the cup and the brains together
        pool, base = np.where(short[:, None], cup + brains, cup), np.zeros_like(cup)
    else:  # the cup's last dice first, the rest from the brains
        pool, base = np.where(short[:, None], brains, cup), np.where(short[:, None], cup, 0)
    count = need - base.sum(axis=1)
    # each colour mix of at most three dice, as _draws_from lists them: greens, then yellows
    mixes = np.array(sorted((g, y, r) for g in range(HAND + 1) for y in range(HAND + 1 - g) for r in range(HAND + 1 - g - y)))
    fits = (mixes.sum(axis=1)[None, :] == count[:, None]) & np.all(mixes[None] <= pool[:, None], axis=2)
    which, mix = np.nonzero(fits)
    choose = np.array([[comb(n, k) for k in range(14)] for n in range(14)], dtype=np.int64)
    ways = np.prod(choose[pool[which], mixes[mix]], axis=1)
    prob = ways / choose[pool.sum(axis=1), count][which]
    return which, prob, _dice_code(hand + base)[which] + _dice_code(mixes[mix]), short[which]


@lru_cache(maxsize=2)
def turn_graph(reading: str = "after") -> TurnGraph:
    """Every configuration's roll transitions as arrays: each draw and roll of
    :func:`configuration_outcomes` as a row of numpy arrays (floats: the same products,
    summed in the same order; their totals checked to 1e-12; ``tests/test_zombie_dice.py``
    checks the exact fractions sum to 1), listed by configuration, each one's outcomes in the
    order they first occur."""
    if reading not in READINGS:
        raise InvalidParameterError(f"reading must be one of {', '.join(READINGS)}, got {reading!r}")
    configs = configurations()
    columns = np.array([c[0] + c[1] + c[2] for c in configs], dtype=np.int64)
    hand, brains_aside, shotguns_aside = (_dice_code(columns[:, n:n + 3]) for n in (0, 3, 6))
    source, p_draw, rolled, returned = _draw_table(columns, reading)
    roll_code, p_roll, brains, shotguns, footprints, brains_n, shotguns_n, _ = _roll_table()
    # each draw's rolls: the rolls of the hand it makes, in order (a row of each)
    first = np.searchsorted(roll_code, rolled)
    runs = np.searchsorted(roll_code, rolled, side="right") - first
    draw = np.repeat(np.arange(len(source)), runs)
    roll = np.arange(len(draw)) + np.repeat(first - (np.cumsum(runs) - runs), runs)
    src = source[draw]
    prob = p_draw[draw] * p_roll[roll]
    bust = columns[:, 6:9].sum(axis=1)[src] + shotguns_n[roll] >= BUST_SHOTGUNS
    # the configuration each leads to, by code (a code of a sum is the sum of the codes)
    kept = np.where(returned[draw], 0, brains_aside[src]) + brains[roll]
    key = (footprints[roll] * 343 + kept) * 343 + shotguns_aside[src] + shotguns[roll]
    listed_keys = (hand * 343 + brains_aside) * 343 + shotguns_aside
    by_key = np.argsort(listed_keys)
    found = by_key[np.searchsorted(listed_keys, key, sorter=by_key).clip(0, len(configs) - 1)]
    if np.any(~bust & (listed_keys[found] != key)):
        raise TurnGraphError("a roll leads to a configuration not listed")
    dst = np.where(bust, -1, found)
    gain = np.where(bust, 0, brains_n[roll])
    # one transition per (configuration, next, gain), in the order each first occurs, its
    # probability summed in the rows' order (as the dict of configuration_outcomes sums them)
    outcome = (src.astype(np.int64) * (len(configs) + 1) + dst + 1) * (HAND + 1) + gain  # (int64: a phone's intp is 32 bits)
    _, at, inverse = np.unique(outcome, return_index=True, return_inverse=True)
    rank = np.empty(len(at), np.intp)
    rank[np.argsort(at)] = np.arange(len(at))
    total = np.zeros(len(at))
    np.add.at(total, rank[inverse], prob)
    listed = np.sort(at)
    # a roll with no brain and no shotgun fills the hand with footprints: more shotguns or a
    # fuller hand, or the same configuration (three footprints rolled again)
    order = columns[:, 6:9].sum(axis=1) * 4 + columns[:, 0:3].sum(axis=1)
    graph = TurnGraph(
        configs,
        src[listed].astype(np.intp),  # intp: numpy's index type (32 bits in the browser)
        dst[listed].astype(np.intp),
        gain[listed].astype(np.intp),
        total,
        order,
        configs.index(((0, 0, 0), (0, 0, 0), (0, 0, 0))),
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
