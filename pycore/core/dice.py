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
from functools import lru_cache
from itertools import accumulate, combinations_with_replacement
from math import factorial

from .errors import InvalidStateError

Faces = tuple[Hashable, ...]


Distribution = Sequence[tuple[Fraction, Faces]]


def uniform_dice(n_dice: int, faces: Sequence[Hashable]) -> Distribution:
    """Every multiset of ``n_dice`` fair dice with these faces (sorted by face
    order) and its exact probability: the multinomial count over ``len(faces) ** n``.
    A face listed more than once is on that many sides (a die of two brains, two
    shotguns and two footprints: each kind listed twice). A tuple, kept: a game in play, a
    simulation and a turn's walk ask for the same few rolls again and again (1.2 ms for six
    dice), and :func:`roll` keeps what it reads of each."""
    return _uniform_dice(n_dice, tuple(faces))


@lru_cache(maxsize=64)
def _uniform_dice(n_dice: int, faces: tuple[Hashable, ...]) -> tuple[tuple[Fraction, Faces], ...]:
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
    return tuple(out)


def roll(distribution: Distribution, rng: random.Random) -> Faces:
    """One draw from an exact distribution of shown faces (``rng`` seeded by the caller): the
    first whose cumulative chance passes a 53-bit fraction drawn from ``rng``."""
    pick = Fraction(rng.getrandbits(53), 1 << 53)
    # (exact: the first j with pick < p_1 + ... + p_j; a walk subtracting each chance made
    # thousands of Fraction steps a roll of GRO's ten dice)
    at = bisect_right(_cumulative(distribution), pick)
    return distribution[min(at, len(distribution) - 1)][1]  # (past the end: a sum short of 1)


#: the cumulative chances of the distributions :func:`uniform_dice` keeps, by identity (each
#: kept with its distribution, so that an identity is never another's)
_CUMULATIVE: dict[int, tuple[Distribution, list[Fraction]]] = {}


def _cumulative(distribution: Distribution) -> list[Fraction]:
    kept = _CUMULATIVE.get(id(distribution))
    if kept is not None and kept[0] is distribution:
        return kept[1]
    cumulative = list(accumulate(probability for probability, _ in distribution))
    if isinstance(distribution, tuple):  # (a list may change: read afresh each time)
        if len(_CUMULATIVE) >= 64:
            _CUMULATIVE.clear()
        _CUMULATIVE[id(distribution)] = (distribution, cumulative)
    return cumulative


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
