"""Concrete dice: what a roll shows, and a seeded way to roll it.

Solvers work with grouped outcomes (GRO: how many 1s came up); playing a game
needs the faces themselves. A game lists the exact distribution of what a
roll shows as ``(probability, faces)`` pairs (``faces`` a tuple of face
labels, in a canonical order) and reads a shown roll back into its grouped
outcome; :func:`roll` draws from that list with a seeded generator, so a
game replays exactly from its seed.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import accumulate, combinations_with_replacement
from math import factorial

from .errors import InvalidStateError

Faces = tuple[Hashable, ...]


class Distribution(tuple):
    """The exact chances of what a roll shows: ``(probability, faces)`` pairs, in order; its
    cumulative chances are worked out once, for :func:`roll`."""

    @cached_property
    def cumulative(self) -> list[Fraction]:
        return list(accumulate(probability for probability, _ in self))


def uniform_dice(n_dice: int, faces: Sequence[Hashable]) -> Distribution:
    """Every multiset of ``n_dice`` fair dice with these faces (sorted by face
    order) and its exact probability: the multinomial count over ``len(faces) ** n``.
    A face listed more than once is on that many sides (a die of two brains, two
    shotguns and two footprints: each kind listed twice). Kept: a game in play, a
    simulation and a turn's walk ask for the same few rolls again and again (1.2 ms for six
    dice)."""
    return _uniform_dice(n_dice, tuple(faces))


@lru_cache(maxsize=64)
def _uniform_dice(n_dice: int, faces: tuple[Hashable, ...]) -> Distribution:
    sides = {}
    for face in faces:
        sides[face] = sides.get(face, 0) + 1
    order = {f: n for n, f in enumerate(sides)}
    total = len(faces) ** n_dice
    out = []
    for shown in combinations_with_replacement(sides, n_dice):
        ways = factorial(n_dice)
        for face in set(shown):
            ways = ways // factorial(shown.count(face)) * sides[face] ** shown.count(face)
        out.append((Fraction(ways, total), tuple(sorted(shown, key=order.__getitem__))))
    return Distribution(out)


def roll(distribution: Sequence[tuple[Fraction, Faces]], rng: random.Random) -> Faces:
    """One draw from an exact distribution of shown faces (``rng`` seeded by the caller): the
    first whose cumulative chance passes a 53-bit fraction drawn from ``rng``."""
    pick = Fraction(rng.getrandbits(53), 1 << 53)
    # (exact: the first j with pick < p_1 + ... + p_j; a walk subtracting each chance made
    # thousands of Fraction steps a roll of GRO's ten dice)
    kept = distribution if isinstance(distribution, Distribution) else Distribution(distribution)
    at = bisect_right(kept.cumulative, pick)
    return distribution[min(at, len(distribution) - 1)][1]  # (past the end: a sum short of 1)


def is_face(face) -> bool:
    """A face as a roll is written: a whole number, a name, or a list of those ([colour, face]);
    not ``true`` nor ``3.0`` (which Python would take for 1 and 3)."""
    if isinstance(face, (list, tuple)):
        return all(is_face(part) and not isinstance(part, (list, tuple)) for part in face)
    return isinstance(face, str) or (isinstance(face, int) and not isinstance(face, bool))


def face_count(faces) -> dict:
    """Faces as a multiset (order does not matter; JSON lists read as tuples)."""
    count: dict = {}
    for face in faces:
        face = tuple(face) if isinstance(face, list) else face
        try:
            count[face] = count.get(face, 0) + 1
        except TypeError:  # e.g. a JSON object where a face should be
            raise InvalidStateError(f"a face is a name or a list like [colour, face], got {face!r}") from None
    return count
