r"""Farkle and Zilch: rule sets as data, every roll's scoring choices, and the best turn.

**Rule sets.** A :class:`RuleSet` is data: the points of single 1s and 5s, of three of a
kind of each face, the multiplier of each further die of a kind, the special six-dice
throws (a straight, three pairs, four of a kind with a pair read as three pairs, six dice
that score nothing), the minimum to bank, the penalty for three zilches in a row and the
target. Three are named (:data:`RULE_SETS`): ``zilch`` (Zilch by Gaby, 2008, the rules
behind seed 004), ``facebook`` (Facebook Farkle as Busche and Neller describe it) and
``basic``. Any field can be overridden (:meth:`RuleSet.with_overrides`, the CLI's
``--set minimum_bank=0,zilch_penalty=0``); a contradiction is refused naming the field.

**A roll.** Rolling ``n`` dice shows a multiset of faces (:func:`outcomes`, exact
probabilities); the player must set aside a scoring subset (:func:`scoring_options`: every
subset whose dice all score, with its best points) and then banks or rolls the rest. All
six set aside give six dice back ("hot dice"). No scoring subset is a zilch: the turn
total is lost.

**The seed's numbers.** ``S(y, x)``, the average best score of at most ``x`` dice of a
``y``-dice throw (:func:`best_of_at_most`), and ``Z(y)``, the chance that ``y`` dice
zilch, come out exactly as printed under the Zilch rules when four of a kind with a pair
counts as three pairs and six dice that score nothing pay 500 (``tests/test_farkle.py``).

**The best turn (one-turn objective).** The seed's recurrence

.. math:: E(y) = \max_x \{ S(y,x),\ S(y,x)(1 - EZ(y-x)) + E(y-x)(1 - Z(y)) \},\quad E(0) = E(6)

is not well defined: the best choice depends on the points already at stake, which it
leaves out, so ``EZ`` needs the decision it feeds. With the turn total ``k`` in the state
it is a plain optimal-stopping problem over ``(k, n)`` (``n`` dice to roll):

.. math::

    W(k, n) = \max\big(k \text{ [bank, if } k \ge \text{minimum}],\ R(k, n)\big),\qquad
    R(k, n) = Z(n)\,u + \sum_{m \text{ scores}} P_n(m) \max_{o \in m} W(k + v_o, n'_o)

(``u``: what a zilch is worth, 0 for one turn). Every set-aside scores, so ``k`` grows
with every roll and the hot-dice "wraparound" ``E(0) = E(6)`` is no cycle at all: ``W``
is found exactly by one backward pass over ``k`` from a cap ``K`` down, given ``W`` above
``K``. Above ``K_0`` that is known exactly (:func:`best_turn`): with ``U(n)`` the points a
player could collect before a zilch if nothing were ever lost (the relaxed problem,
finite), rolling ``n`` dice from ``k`` is worth at most ``(1 - Z(n)) k + A_n + Z(n) u``,
``A_n = \sum_m P_n(m) \max_o (v_o + U(n'_o))``, which is below ``k`` once
``k > K_0 = \max_n (A_n / Z(n)) + u``. So beyond ``K_0`` the best play banks at once
unless its dice cannot zilch (six dice in Zilch, where "nothing" scores), then rolls and
banks: ``W(k, n) = k + c_n`` with constants ``c_n`` of that play. With ``K = K_0`` the
pass is exact, no cap error at all.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import factorial, gcd

import numpy as np

from ..core.dice import uniform_dice
from ..core.errors import InvalidParameterError
from ..core.params import Param, StateVar
from ..core.registry import register
from ..jeopardy.rules import Choice, JeopardyGame, Policy, TurnEnd
from .pig import OPPONENT, SCORE

DICE = 6
FACES = 6

Counts = tuple[int, ...]  # how many of each face 1..6
MAX_POINTS = 100_000  # any one score, and the target: the turn's tables are sized by them


@dataclass(frozen=True)
class RuleSet:
    """A Farkle rule set, as data. Points are in game points (multiples of ``unit``)."""

    name: str
    #: a single 1 and a single 5
    single_one: int = 100
    single_five: int = 50
    #: three of a kind of each face 1..6
    three_of_a_kind: tuple[int, ...] = (1000, 200, 300, 400, 500, 600)
    #: four, five and six of a kind as multiples of three of a kind (Zilch doubles each die)
    more_of_a_kind: tuple[int, ...] = (2, 4, 8)
    #: one of each face (0: no such score)
    straight: int = 1500
    #: three pairs (0: no such score); four of a kind with a pair counts as three pairs
    three_pairs: int = 1500
    four_and_pair_as_three_pairs: bool = True
    #: six dice that score nothing (0: that is a zilch)
    nothing: int = 500
    #: setting all six dice aside gives six dice to roll again
    hot_dice: bool = True
    #: the turn total needed to bank
    minimum_bank: int = 300
    #: points lost on the third zilch in a row (the count starts again after it)
    zilch_penalty: int = 500
    #: points to win (two players)
    target: int = 10000
    source: str = ""

    FIELDS_HELP = {
        "single_one": "points of a single 1",
        "single_five": "points of a single 5",
        "three_of_a_kind": "points of three 1s, 2s, ... 6s (six numbers)",
        "more_of_a_kind": "four, five and six of a kind as multiples of three of a kind (three numbers)",
        "straight": "points of 1-2-3-4-5-6 (0: none)",
        "three_pairs": "points of three pairs (0: none)",
        "four_and_pair_as_three_pairs": "four of a kind with a pair counts as three pairs (true/false)",
        "nothing": "points of six dice that score nothing (0: a zilch)",
        "hot_dice": "all six set aside give six dice back (true/false)",
        "minimum_bank": "turn total needed to bank",
        "zilch_penalty": "points lost on the third zilch in a row",
        "target": "points to win",
    }

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> None:
        """InvalidParameterError naming the first field that cannot be."""
        def bad(field_name: str, why: str) -> InvalidParameterError:
            return InvalidParameterError(f"farkle rules {self.name!r}: {field_name} {why}")

        for name in ("single_one", "single_five", "straight", "three_pairs", "nothing", "minimum_bank", "zilch_penalty"):
            if getattr(self, name) < 0:
                raise bad(name, f"must not be negative, got {getattr(self, name)}")
        if len(self.three_of_a_kind) != FACES or any(v <= 0 for v in self.three_of_a_kind):
            raise bad("three_of_a_kind", f"must be six positive numbers, got {list(self.three_of_a_kind)}")
        if len(self.more_of_a_kind) != 3 or any(m <= 0 for m in self.more_of_a_kind):
            raise bad("more_of_a_kind", f"must be three positive multipliers, got {list(self.more_of_a_kind)}")
        if self.single_one == 0 and self.single_five == 0:
            raise bad("single_one", "and single_five are both 0: only triples would score")
        for name in ("single_one", "single_five", "straight", "three_pairs", "nothing", "minimum_bank",
                     "zilch_penalty", "target"):
            if getattr(self, name) > MAX_POINTS:  # the turn's tables are sized by the points
                raise bad(name, f"must be at most {MAX_POINTS}, got {getattr(self, name)}")
        if max(self.three_of_a_kind) * max(self.more_of_a_kind) > MAX_POINTS:
            raise bad("more_of_a_kind", f"with three_of_a_kind gives more than {MAX_POINTS} points")
        if self.target <= 0:
            raise bad("target", f"must be positive, got {self.target}")
        if self.minimum_bank > self.target:
            raise bad("minimum_bank", f"{self.minimum_bank} is above the target {self.target}")

    @property
    def unit(self) -> int:
        """The largest number every score is a multiple of (50 in all three sets)."""
        values = [self.single_one, self.single_five, self.straight, self.three_pairs, self.nothing,
                  *self.three_of_a_kind, self.minimum_bank, self.zilch_penalty, self.target]
        out = 0
        for v in values:
            out = gcd(out, v)
        return out

    def to_json(self) -> dict:
        out = dataclasses.asdict(self)
        out["three_of_a_kind"] = list(self.three_of_a_kind)
        out["more_of_a_kind"] = list(self.more_of_a_kind)
        return out

    def with_overrides(self, text: str) -> RuleSet:
        """This set with ``NAME=VALUE,...`` applied (the CLI's ``--set``; lists as ``1000/200/...``)."""
        changes: dict = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            if "=" not in part:
                raise InvalidParameterError(f"farkle rules: {part!r} is not NAME=VALUE")
            key, raw = (s.strip() for s in part.split("=", 1))
            if key in changes:
                raise InvalidParameterError(f"farkle rules: {key} is given twice")
            if key not in self.FIELDS_HELP:
                raise InvalidParameterError(f"farkle rules: no option {key!r}; options: {', '.join(self.FIELDS_HELP)}")
            current = getattr(self, key)
            try:
                if isinstance(current, bool):
                    if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                        raise ValueError
                    value = raw.lower() in ("true", "1", "yes")
                elif isinstance(current, tuple):
                    value = tuple(int(x) for x in raw.split("/"))
                else:
                    value = int(raw)
            except ValueError:
                raise InvalidParameterError(
                    f"farkle rules: {key} ({self.FIELDS_HELP[key]}) cannot be {raw!r}") from None
            changes[key] = value
        return dataclasses.replace(self, **changes)


RULE_SETS = {
    "zilch": RuleSet(
        "zilch",
        source="Zilch by Gaby (2008), the rules behind seed 004: at least 300 to bank, 500 lost on the "
        "third zilch in a row; six dice that score nothing pay 500",
    ),
    "facebook": RuleSet(
        "facebook",
        more_of_a_kind=(2, 3, 4),
        three_pairs=750,
        nothing=0,
        minimum_bank=0,
        source="Facebook Farkle as used by Busche and Neller: each die past three of a kind adds the triple's "
        "value again, three pairs (four of a kind with a pair too) 750, no score for nothing, no minimum",
    ),
    "basic": RuleSet(
        "basic",
        more_of_a_kind=(1, 1, 1),
        straight=0,
        three_pairs=0,
        four_and_pair_as_three_pairs=False,
        nothing=0,
        minimum_bank=0,
        zilch_penalty=0,
        source="1 = 100, 5 = 50, three of a kind = 100 x face (three 1s = 1000), hot dice, nothing else",
    ),
}


def rule_set(name: str, overrides: str = "") -> RuleSet:
    """A named rule set (InvalidParameterError listing the names), with overrides applied."""
    if name not in RULE_SETS:
        raise InvalidParameterError(f"farkle has no rule set {name!r}; rule sets: {', '.join(RULE_SETS)}")
    rules = RULE_SETS[name]
    return rules.with_overrides(overrides) if overrides else rules


# ---- scoring ------------------------------------------------------------------------------------


def _score_all(rules: RuleSet, counts: Counts) -> int | None:
    """The best points of setting aside exactly these dice, every one of them scoring (None if
    some die would not score)."""
    return _score_table(rules)[counts]


@lru_cache(maxsize=8)
def _score_table(rules: RuleSet) -> dict[Counts, int | None]:
    """Every multiset of up to six dice -> the best points using all of its dice (None: some
    die cannot score). Built smallest first, by removing one scoring group at a time."""
    table: dict[Counts, int | None] = {}
    for size in range(DICE + 1):
        for counts in _multisets(size):
            table[counts] = _best_partition(rules, counts, table)
    return table


def _best_partition(rules: RuleSet, counts: Counts, smaller: dict) -> int | None:
    n = sum(counts)
    if n == 0:
        return 0
    best = None

    def consider(points: int, rest: list[int]) -> None:
        nonlocal best
        after = smaller[tuple(rest)]
        if after is not None and (best is None or points + after > best):
            best = points + after

    if n == DICE:
        shape = sorted(c for c in counts if c)
        if rules.straight and shape == [1] * 6:
            best = max(best or 0, rules.straight)
        if rules.three_pairs and (shape == [2, 2, 2] or (rules.four_and_pair_as_three_pairs and shape == [2, 4])):
            best = max(best or 0, rules.three_pairs)
    for face in range(FACES):
        c = counts[face]
        for k in range(3, c + 1):
            points = rules.three_of_a_kind[face] * (1 if k == 3 else rules.more_of_a_kind[k - 4])
            rest = list(counts)
            rest[face] -= k
            consider(points, rest)
        single = (rules.single_one, 0, 0, 0, rules.single_five, 0)[face]
        if c and single:
            rest = list(counts)
            rest[face] -= 1
            consider(single, rest)
    return best


def _one_turn_choices(game: Farkle, one_turn: TurnSolution) -> np.ndarray:
    """(G + 1, N) the set-aside the best single turn takes at each gain (in steps) and outcome
    of the game's factored graph: the alternative with the highest one-turn value."""
    graph, columns = game.factored_turn()
    dice = columns["d"]
    top = game.var_range("k")[1] // game.gain_step
    outcomes = graph.outcome
    out = np.zeros((top + 1, graph.n_outcomes), np.intp)
    for g in range(top + 1):
        worth = np.array([-np.inf if d < 0 else one_turn.value_at(g + int(step), int(dice[d]))
                          for step, d in zip(graph.gain, graph.dst, strict=True)])
        best = np.full(graph.n_outcomes, -np.inf)
        np.maximum.at(best, outcomes, worth)
        first = np.full(graph.n_outcomes, len(worth))
        np.minimum.at(first, outcomes, np.where(worth >= best[outcomes], np.arange(len(worth)), len(worth)))
        out[g] = first
    return out


@cache
def _multisets(n: int) -> tuple[Counts, ...]:
    """Every multiset of ``n`` dice as counts of faces 1..6."""
    return tuple(c for c in product(range(n + 1), repeat=FACES) if sum(c) == n)


def _submultisets(counts: Counts):
    return product(*(range(c + 1) for c in counts))


def scoring_options(rules: RuleSet, counts: Counts) -> list[tuple[Counts, int]]:
    """Every way to set aside scoring dice from a roll: (the dice set aside, their points),
    each set aside of dice that all score, best points for those dice. Empty: a zilch
    (unless six dice that score nothing pay, which is then the one option, all six)."""
    options = []
    for sub in _submultisets(counts):
        if sum(sub) == 0:
            continue
        points = _score_all(rules, tuple(sub))
        if points is not None:
            options.append((tuple(sub), points))
    if not options and sum(counts) == DICE and rules.nothing:
        options.append((counts, rules.nothing))
    return options


@cache
def outcomes(n: int) -> tuple[tuple[Counts, float], ...]:
    """Every multiset ``n`` dice can show, with its probability (multinomial / 6^n)."""
    out = []
    for counts in _multisets(n):
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((counts, ways / FACES**n))
    return tuple(out)


def zilch_chance(rules: RuleSet, n: int) -> Fraction:
    """Z(n): the chance that ``n`` dice show no scoring dice, exactly."""
    zilches = 0
    for counts in _multisets(n):
        if not scoring_options(rules, counts):
            ways = factorial(n)
            for c in counts:
                ways //= factorial(c)
            zilches += ways
    return Fraction(zilches, FACES**n)


def best_of_at_most(rules: RuleSet, y: int, x: int) -> float:
    """The seed's S(y, x): the average over ``y``-dice throws of the best points of at most
    ``x`` of the dice (a zilch counting 0; six dice that score nothing count as six)."""
    total = 0.0
    for counts, p in outcomes(y):
        points = [v for sub, v in scoring_options(rules, counts) if sum(sub) <= x]
        total += p * max(points, default=0)
    return total


# ---- the best turn ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Moves:
    """Rolling ``n`` dice, flattened for the backward pass: each scoring outcome's options as
    (outcome index, points in units, dice left), and each outcome's probability."""

    probability: np.ndarray  # (M,) scoring outcomes
    outcome: np.ndarray  # (O,) each option's outcome
    points: np.ndarray  # (O,) units
    dice_left: np.ndarray  # (O,) 1..6 (6 after hot dice)
    zilch: float
    faces: tuple  # (M,) each outcome's counts
    kept: tuple  # (O,) each option's dice set aside


@lru_cache(maxsize=16)
def _moves(rules: RuleSet, n: int) -> _Moves:
    unit = rules.unit
    prob, outcome, points, left, faces, kept = [], [], [], [], [], []
    zilch = 0.0
    for counts, p in outcomes(n):
        options = scoring_options(rules, counts)
        if not options:
            zilch += p
            continue
        for sub, v in options:
            outcome.append(len(prob))
            points.append(v // unit)
            rest = n - sum(sub)
            left.append(rest if rest else (DICE if rules.hot_dice else 0))
            kept.append(sub)
        prob.append(p)
        faces.append(counts)
    return _Moves(np.array(prob), np.array(outcome, dtype=np.intp), np.array(points, dtype=np.intp),
                  np.array(left, dtype=np.intp), zilch, tuple(faces), tuple(kept))


def _best_per_outcome(moves: _Moves, worth: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(M,) each scoring outcome's best option worth, and (M,) the first option reaching it."""
    best = np.full(len(moves.probability), -np.inf)
    np.maximum.at(best, moves.outcome, worth)
    first = np.full(len(moves.probability), len(worth))
    reaches = np.where(worth >= best[moves.outcome], np.arange(len(worth)), len(worth))
    np.minimum.at(first, moves.outcome, reaches)
    return best, first


@dataclass(frozen=True)
class TurnSolution:
    """The best one-turn play of a rule set, in units of ``unit`` points.

    ``value`` (K + 1, 7) ``W(k, n)``: the expected points banked (with a zilch worth
    ``zilch_value``) from turn total ``k`` with ``n`` dice to roll (column 0 unused),
    playing best; ``roll`` (K + 1, 7) ``R(k, n)``; ``p_zilch`` (K + 1, 7) the chance the
    turn ends in a zilch. Above ``cap`` (= K_0, see the module) the values are
    ``k + tail[n]`` exactly."""

    rules: RuleSet
    zilch_value: float
    cap: int
    value: np.ndarray
    roll: np.ndarray
    p_zilch: np.ndarray
    tail: np.ndarray  # (7,) W(k, n) - k above the cap
    tail_zilch: np.ndarray  # (7,)
    relaxed: np.ndarray = field(repr=False)  # (7,) U(n)
    #: the turn total (units) from which the turn must bank (the target reached), if any
    bank_at: int | None = None

    @property
    def unit(self) -> int:
        return self.rules.unit

    def _at(self, table: np.ndarray, tail: np.ndarray, k: int, n: int, offset: bool) -> float:
        if k <= self.cap:
            return float(table[k, n])
        if self.bank_at is not None and k >= self.bank_at:
            return float(k if offset else 0)
        return float((k if offset else 0) + tail[n])

    def value_at(self, k: int, n: int) -> float:
        """W(k, n) in units."""
        return self._at(self.value, self.tail, k, n, True)

    def zilch_at(self, k: int, n: int) -> float:
        return self._at(self.p_zilch, self.tail_zilch, k, n, False)

    def can_bank(self, k: int) -> bool:
        return k > 0 and k * self.unit >= self.rules.minimum_bank

    def rolls(self, k: int, n: int) -> bool:
        """Whether the best play rolls ``n`` dice at turn total ``k`` (units)."""
        if not self.can_bank(k):
            return True
        if self.bank_at is not None and k >= self.bank_at:
            return False
        if k > self.cap:
            return _moves(self.rules, n).zilch == 0.0
        return bool(self.roll[k, n] > k)

    @property
    def expected_score(self) -> float:
        """The best expected points of a turn (in points)."""
        return self.roll[0, DICE] * self.unit

    def e_by_dice(self) -> dict[int, float]:
        """The seed's E(y): expected points of a turn that starts by rolling ``y`` dice."""
        return {n: float(self.roll[0, n] * self.unit) for n in range(1, DICE + 1)}

    @property
    def p_zilch_turn(self) -> float:
        """The chance that a turn played best ends in a zilch (the seed's EZ(6))."""
        return float(self._roll_zilch(0, DICE))

    def _roll_zilch(self, k: int, n: int) -> float:
        moves = _moves(self.rules, n)
        worth = np.array([self.value_at(k + int(v), int(d)) for v, d in zip(moves.points, moves.dice_left, strict=True)])
        _, chosen = _best_per_outcome(moves, worth)
        after = np.array([self.zilch_at(k + int(moves.points[o]), int(moves.dice_left[o])) for o in chosen])
        return moves.zilch + float(np.dot(moves.probability, after))

    def bank_thresholds(self) -> dict[int, int | None]:
        """For each number of dice, the fewest points from which banking is best at every
        turn total up to the cap (None: rolling is best everywhere, e.g. six dice that
        cannot zilch)."""
        out = {}
        for n in range(1, DICE + 1):
            rolls = [k for k in range(self.cap + 1) if self.rolls(k, n)]
            if _moves(self.rules, n).zilch == 0.0:
                out[n] = None
            else:
                out[n] = (max(rolls) + 1 if rolls else 0) * self.unit
        return out

    def choices(self, faces: Counts, k: int) -> list[dict]:
        """Every set-aside of a roll showing ``faces`` at turn total ``k`` (units), best first:
        its points, what to do after it (bank or roll, and how many dice) and the expected
        points of the turn (in points)."""
        n = sum(faces)
        options = scoring_options(self.rules, tuple(faces))
        out = []
        for sub, v in options:
            after = k + v // self.unit
            rest = n - sum(sub)
            left = rest if rest else (DICE if self.rules.hot_dice else 0)
            then = f"roll {left}" if left and self.rolls(after, left) else "bank"
            out.append({
                "keep": list(sub),
                "points": v,
                "dice_left": left,
                "then": then,
                "value": self.value_at(after, left) * self.unit if left else after * self.unit,
            })
        out.sort(key=lambda o: -o["value"])
        return out


def _relaxed(rules: RuleSet) -> np.ndarray:
    """U(n) (units): the most expected points a player could collect before a zilch if nothing
    were ever lost (rolling on forever): a bound on what any play adds. Value iteration: each
    roll either zilches or sets dice aside, so the chance of going on shrinks geometrically."""
    U = np.zeros(DICE + 1)
    for _ in range(100_000):
        new = np.zeros(DICE + 1)
        for n in range(1, DICE + 1):
            m = _moves(rules, n)
            best, _ = _best_per_outcome(m, m.points + U[m.dice_left])
            new[n] = float(np.dot(m.probability, best))
        if np.max(np.abs(new - U)) < 1e-12 * max(1.0, new.max()):
            return new
        U = new
    raise ValueError(f"farkle rules {rules.name!r}: the points before a zilch do not settle")


def _tail(rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """(c_n, q_n): W(k, n) - k and the chance of a zilch above K_0, where the best play banks
    at once unless its dice cannot zilch; those are rolled, and then the best set-aside banks
    (or, after hot dice that again cannot zilch, rolls on). A fixed point over the dice that
    cannot zilch (six dice in Zilch), found by iteration: each such roll ends the chain unless
    it gives hot dice again."""
    safe = np.array([n for n in range(DICE + 1) if n and _moves(rules, n).zilch == 0.0], dtype=np.intp)
    c, q = np.zeros(DICE + 1), np.zeros(DICE + 1)
    for _ in range(100_000):
        new_c, new_q = c.copy(), q.copy()
        for n in safe:
            m = _moves(rules, n)
            rolls_on = np.isin(m.dice_left, safe)
            best, chosen = _best_per_outcome(m, m.points + np.where(rolls_on, c[m.dice_left], 0.0))
            new_c[n] = float(np.dot(m.probability, best))
            new_q[n] = float(np.dot(m.probability, np.where(rolls_on[chosen], q[m.dice_left[chosen]], 0.0)))
        if np.max(np.abs(new_c - c)) < 1e-13 and np.max(np.abs(new_q - q)) < 1e-15:
            return new_c, new_q
        c, q = new_c, new_q
    raise ValueError(f"farkle rules {rules.name!r}: hot dice that cannot zilch never end")


def best_turn(rules: RuleSet, zilch_value: float = 0.0, cap: int | None = None,
              bank_at: int | None = None) -> TurnSolution:
    """The best play of one turn (see the module): exact, by one backward pass over the turn
    total from K_0 down (or from ``cap`` units, if higher: the same values, a check).
    ``zilch_value`` (points): what ending in a zilch is worth (0 for one turn; the long-run
    model passes the next turn's bias and the penalty). ``bank_at`` (units): a turn total at
    which the turn must bank (the game's target reached: holding wins)."""
    unit = rules.unit
    u = zilch_value / unit
    relaxed = _relaxed(rules)
    moves = [_moves(rules, n) if n else None for n in range(DICE + 1)]
    # K_0: above it, rolling dice that can zilch is worth less than banking (module docstring)
    start = 0.0
    for m in moves[1:]:
        if m.zilch > 0:
            a, _ = _best_per_outcome(m, m.points + relaxed[m.dice_left])
            start = max(start, u + (float(np.dot(m.probability, a)) + (1 - m.zilch) * max(u, 0.0)) / m.zilch)
    cap = max(int(np.ceil(max(start, -(-rules.minimum_bank // unit)))), cap or 0)
    if bank_at is not None:
        # from the target on banking is all there is (W = k, no tail), once the minimum is reached
        bank_at = max(bank_at, -(-rules.minimum_bank // unit))
        cap = max(bank_at - 1, 0)
    tail, tail_zilch = _tail(rules)
    top = cap + max(int(m.points.max(initial=0)) for m in moves[1:]) + 1
    ks = np.arange(top + 1)
    value = ks[:, None] + tail[None, :]
    p_zilch = np.broadcast_to(tail_zilch, (top + 1, DICE + 1)).copy()
    if bank_at is not None:
        value[bank_at:], p_zilch[bank_at:] = ks[bank_at:, None], 0.0
    roll = np.full((top + 1, DICE + 1), np.nan)
    allowed = (ks > 0) & (ks * unit >= rules.minimum_bank)
    for k in range(cap, -1, -1):
        for n in range(1, DICE + 1):
            m = moves[n]
            best, chosen = _best_per_outcome(m, value[k + m.points, m.dice_left])
            roll[k, n] = m.zilch * u + float(np.dot(m.probability, best))
            if allowed[k] and k >= roll[k, n]:  # a tie banks
                value[k, n], p_zilch[k, n] = k, 0.0
            else:
                value[k, n] = roll[k, n]
                p_zilch[k, n] = m.zilch + float(np.dot(m.probability, p_zilch[k + m.points[chosen], m.dice_left[chosen]]))
    value[:, 0] = p_zilch[:, 0] = 0.0
    return TurnSolution(rules, zilch_value, cap, value, roll, p_zilch, tail, tail_zilch, relaxed, bank_at)


@dataclass(frozen=True)
class LongRun:
    """The solitaire game of many turns: the most points per turn in the long run, when the
    third zilch in a row costs ``zilch_penalty`` (the count then starts again). ``bias`` (3,)
    the relative values of 0, 1 and 2 zilches in a row (0 for none); ``turns`` each count's
    best turn, whose zilch is worth the next count's bias."""

    rules: RuleSet
    points_per_turn: float
    bias: tuple[float, float, float]
    turns: tuple[TurnSolution, TurnSolution, TurnSolution]
    iterations: int


def long_run(rules: RuleSet, tolerance: float = 1e-10) -> LongRun:
    """Average-reward optimum over the count ``z`` of zilches in a row (0, 1, 2), by relative
    value iteration. A turn from ``z`` banks ``k`` (the count goes back to 0) or zilches (to
    ``z + 1``, and from 2 back to 0 less the penalty), so

        g + h(z) = max over the turn's play of E[banked, or h(z + 1) on a zilch],
        h(0) = 0, h(3) = -penalty,

    each right side a :func:`best_turn` whose zilch is worth ``h(z + 1)``. The iteration
    converges because a zilch, the only way to another count, comes with a chance below 1."""
    bias = np.zeros(4)
    bias[3] = -rules.zilch_penalty
    for iteration in range(1, 1000):
        turns = [best_turn(rules, zilch_value=bias[z + 1]) for z in range(3)]
        value = np.array([t.expected_score for t in turns])
        g = value[0]
        new = np.array([0.0, value[1] - g, value[2] - g, -rules.zilch_penalty])
        if np.max(np.abs(new - bias)) < tolerance:
            return LongRun(rules, float(g), (0.0, float(new[1]), float(new[2])), tuple(turns), iteration)
        bias = new
    raise ValueError(f"farkle rules {rules.name!r}: the long-run values do not settle")


def roll_dice(n: int, rng) -> Counts:
    """``n`` dice rolled with ``rng`` (a ``random.Random``), as counts of faces 1..6."""
    counts = [0] * FACES
    for _ in range(n):
        counts[rng.randrange(FACES)] += 1
    return tuple(counts)


def play_turn(solution: TurnSolution, rng) -> int:
    """One turn played as ``solution`` advises, with real dice: the points banked (0 after a
    zilch). For checking the solution a second way (a simulation)."""
    k, n = 0, DICE
    while True:
        if not solution.rolls(k, n):
            return k * solution.unit
        options = solution.choices(roll_dice(n, rng), k)
        if not options:
            return 0
        best = options[0]
        k += best["points"] // solution.unit
        if best["then"] == "bank":
            return k * solution.unit
        n = best["dice_left"]


# ---- the registered game ---------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _set_asides(rules: RuleSet, counts: Counts) -> tuple[tuple[int, int], ...]:
    """Where a roll showing ``counts`` can go: (points, dice left) of each set-aside, most
    points first, without repeats; none left without hot dice means the turn must bank (not
    offered as a roll: the option to bank with those points is the same state's hold)."""
    moves = []
    for sub, points in sorted(scoring_options(rules, counts), key=lambda o: -o[1]):
        rest = sum(counts) - sum(sub)
        moves.append((points, rest if rest else (DICE if rules.hot_dice else 0)))
    return tuple(m for m in dict.fromkeys(moves) if m[1])


@lru_cache(maxsize=16)
def _reach(rules: RuleSet, roll_below: int) -> np.ndarray:
    """(K, 7) bool: the (turn total in units, dice to roll) a turn reaches from (0, 6),
    rolling only below ``roll_below`` units."""
    moves = [_moves(rules, n) if n else None for n in range(DICE + 1)]
    top = roll_below + max(int(m.points.max(initial=0)) for m in moves[1:])
    reach = np.zeros((top + 1, DICE + 1), bool)
    reach[0, DICE] = True
    for k in range(min(roll_below, top + 1)):
        for n in np.flatnonzero(reach[k]):
            reach[k + moves[n].points, moves[n].dice_left] = True
    return reach


@lru_cache(maxsize=64)
def _roll_table(rules: RuleSet, n: int) -> tuple[tuple[Fraction, tuple[tuple[int, int], ...]], ...]:
    """Every multiset ``n`` dice can show: its exact probability and :func:`_set_asides`."""
    out = []
    for counts in _multisets(n):
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((Fraction(ways, FACES**n), _set_asides(rules, counts)))
    return tuple(out)


#: the largest target the two-player game is solved for in the page or the CLI without a table
#: (1,000: 1.1 s in CPython by the factored sweep; 2,000 takes 9 s, 4,000 a minute)
LIVE_TARGET = 1000
#: a human rule: bank from these turn totals with 1..5 dice to roll (never with 6), keeping the
#: most points after every roll; the one-turn thresholds of the Facebook rules, rounded
SIMPLE_BANK_AT = (300, 300, 400, 1000, 3000)


@register
class Farkle(JeopardyGame):
    """Farkle and Zilch for two players: a race to the rule set's target (holding at it wins,
    as in Pig), the turn a total ``k`` and the dice left to roll ``d``; after a roll the mover
    chooses which scoring dice to set aside (a :class:`Choice`). Scores are in points,
    multiples of the rule set's ``unit`` (50)."""

    name = "farkle"
    aliases = ("zilch", "dice-10000")
    title = "Farkle / Zilch"
    reference = "seed 004 (Choi, Zilch expected scores); Busche and Neller, Farkle (ACG 2017)"
    anchor_vars = ("i", "j")
    turn_vars = ("k", "d")
    solve_microseconds_per_cell = 2.5  # measured: target 500 2.2 (0.12 s), target 1000 3.3 (0.8 s)
    solve_bytes_per_cell = 55.0  # measured (issue 17): target 1000 52
    variables = (
        SCORE,
        OPPONENT,
        StateVar("k", "Turn total", "points set aside this turn", unit="points"),
        StateVar("d", "Dice to roll", "dice left to roll (six after hot dice)", choices=(1, 2, 3, 4, 5, 6)),
    )
    parameters = (
        Param("rules", "facebook", help="the rule set", label="Rules", choices=tuple(RULE_SETS),
              choice_help=tuple(RULE_SETS[n].source for n in RULE_SETS)),
        Param("set", "", 0, 400, "changes to the rule set, e.g. minimum_bank=0,zilch_penalty=0 (NAME=VALUE, "
              "lists as 1000/200/300/400/500/600; see `python -m pycore rules farkle`)",
              label="Rule changes", text=True, advanced=True),
    )
    start_hint = "scores are multiples of 50 below the target"
    turn_hint = "the turn total is a multiple of 50 a turn can reach, with 1 to 6 dice to roll"
    roll_hint = "a roll shows one face 1-6 for each die rolled"
    views = ("advice", "thresholds", "strategies", "play", "table")
    threshold_axes = ("d",)  # When to hold: by the dice left to roll
    # a turn total is reached with some dice left: the two are entered together
    entered_together = (("k", "d"),)
    rules_evaluated_live = False  # one evaluation to 10,000 is a solve's worth of sweeps: minutes
    prebuilt = ({"rules": "facebook"},)  # two players to 10,000 (its table: python -m pycore tables --game farkle)
    factored = True  # the turn's graph over the dice to roll; a roll's set-asides are its choices
    roll_entry = {"dice": "d", "faces": [1, 2, 3, 4, 5, 6]}  # the dice left to roll, tapped on a pad
    rules_text = (
        "Roll six dice. Set aside scoring dice (1 = 100, 5 = 50, three of a kind = 100 x face, three 1s = "
        "1000, and the rule set's specials) and bank the turn total or roll the rest; set all six aside and "
        "you roll six again (hot dice). A roll with nothing to set aside (a zilch) loses the turn total. "
        "First to the target wins."
    )

    def _check_params(self) -> None:
        self.rules = rule_set(self.params["rules"], self.params["set"])

    @property
    def goal(self) -> int:
        return self.rules.target

    @property
    def unit(self) -> int:
        return self.rules.unit

    @property
    def gain_step(self) -> int:
        return self.rules.unit

    @property
    def turn_start(self) -> tuple[int, ...]:
        return (0, DICE)

    def anchors(self) -> np.ndarray:
        scores = np.arange(0, self.goal, self.unit)
        i, j = np.meshgrid(scores, scores, indexing="ij")
        return np.stack([i.ravel(), j.ravel()], axis=1)

    # the anchors are a grid (i major, as anchors() lists them): found by arithmetic, not looked up
    def has_anchor(self, key: tuple[int, ...]) -> bool:
        return all(0 <= x < self.goal and x % self.unit == 0 for x in key)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j = self.anchor_key(anchor)
        return i // self.unit * (self.goal // self.unit) + j // self.unit

    def check_solvable(self) -> None:
        if self.goal > LIVE_TARGET:
            shipped = ", ".join(v["rules"] for v in self.prebuilt)
            raise InvalidParameterError(
                f"farkle: two-player play to {self.goal} is too large to solve here, and no table ships for these "
                f"rules (one ships for the {shipped} rules as they are); most points this turn works for any rules, "
                f"and targets up to {LIVE_TARGET} solve live"
            )
        super().check_solvable()

    @property
    def model_rules(self) -> RuleSet:
        """The rules the two-player game is solved for: these, without the penalty for three
        zilches in a row (the state has no zilch counts; see :attr:`model_note`)."""
        return dataclasses.replace(self.rules, zilch_penalty=0)

    @property
    def model_note(self) -> str | None:
        """What the two-player values leave out of the rules in force, said to the player."""
        if not self.rules.zilch_penalty:
            return None
        return (f"Win chances leave out the {self.rules.zilch_penalty}-point penalty for three zilches in a row: "
                f"the two-player model does not count zilches (one-turn advice and the long-run rate include it).")

    @property
    def table_rules(self) -> dict:
        """The rules a table is checked against: a change the model does not see (the zilch
        penalty, or a value the set already has) reads the named set's own table."""
        if self.table_stem == f"{self.name}-{self.params['rules']}":
            return {"game": self.name, "rules": self.params["rules"], "set": ""}
        return super().table_rules

    @property
    def table_stem(self) -> str:
        """One table per two-player model: a rule set changed only where the model does not look
        (the zilch penalty) reads its set's table; any other change has its own name."""
        named = RULE_SETS[self.params["rules"]]
        if self.model_rules == dataclasses.replace(named, zilch_penalty=0):
            return f"{self.name}-{named.name}"
        digest = hashlib.sha256(json.dumps(self.model_rules.to_json(), sort_keys=True).encode()).hexdigest()[:12]
        return f"{self.name}-{named.name}-{digest}"

    def build_table(self, progress=None):
        """The turn-start values to the target (offline: no live-size check), the fair head
        start and the human policies' results (as every factored game's), and the model."""
        content = super().build_table(progress)
        facts = {**content.facts, "model": "no penalty for three zilches in a row (zilch_penalty=0)"}
        return type(content)(content.values, content.extra, content.scale_bits, facts)

    def table_komi_range(self) -> int:
        return min(1000, self.goal - self.gain_step)

    def human_policies(self) -> tuple[Policy, ...]:
        """A rule a person can keep in mind, and the best single turn (the seed's objective),
        each played whatever the scores; both against optimal play, exactly."""
        thresholds = np.array([0, *SIMPLE_BANK_AT, 10**9])  # by dice to roll (never bank with six)
        # the best single turn is solved only when its policy is played (0.2 s): listing the
        # policies (the strategies view, the CLI's names) needs none of it
        one_turn = lru_cache(maxsize=1)(lambda: best_turn(self.rules))

        def simple(**c):
            return c["k"] < thresholds[c["d"]]

        def best_single_turn(**c):
            k, d = np.broadcast_arrays(np.asarray(c["k"]) // self.unit, np.asarray(c["d"]))
            return np.vectorize(one_turn().rolls, otypes=[bool])(k, d)

        return (
            Policy(
                "Most points, bank at 300/300/400/1000/3000",
                "After every roll keep the set-aside with the most points; bank once the turn total reaches 300 "
                "with 1 or 2 dice to roll, 400 with 3, 1000 with 4, 3000 with 5; with 6 dice always roll.",
                simple,
                "the one-turn bank thresholds of the Facebook rules, rounded",
                " or ".join(f"(d == {n} and k < {t})" for n, t in enumerate(SIMPLE_BANK_AT, 1)) + " or d == 6",
            ),
            Policy(
                "Best single turn",
                "Play every turn for the most points on average (the seed's objective), whatever the scores: "
                "its set-asides and its bank thresholds.",
                best_single_turn,
                "seed 004's objective, solved exactly (best_turn)",
                choose=lambda game: _one_turn_choices(game, one_turn()),
            ),
        )

    def turn_states(self) -> list[tuple[int, ...]]:
        top = self.goal + max(int(_moves(self.rules, n).points.max(initial=0)) for n in range(1, DICE + 1)) * self.unit
        return [(k, d) for k in range(0, top + self.unit, self.unit) for d in range(1, DICE + 1)]

    def reachable_turns(self, anchor: tuple[int, ...]) -> dict[tuple[int, ...], None]:
        """The (turn total, dice) a turn from ``anchor`` reaches, rolling while below the
        target: a pass up the turn total (it only grows), in units."""
        i = int(anchor[self.anchor_vars.index("i")])
        reach = _reach(self.rules, (self.goal - i) // self.unit)
        return {(int(k) * self.unit, int(d)): None for k, d in np.argwhere(reach)}

    def gain(self, turn: tuple[int, ...]) -> int:
        return turn[0]

    def roll_outcomes(self, turn: tuple[int, ...]) -> list[tuple[Fraction, object]]:
        k, d = turn
        return [(p, self._outcome(k, moves)) for p, moves in _roll_table(self.rules, d)]

    @staticmethod
    def _outcome(k: int, moves: tuple[tuple[int, int], ...]):
        """A roll's outcome from turn total ``k``: the Choice of (turn total, dice left) its
        set-asides lead to (most points first), or None for a zilch."""
        return Choice(tuple((k + points, left) for points, left in moves)) if moves else None

    def roll_faces(self, turn: tuple[int, ...]):
        return uniform_dice(turn[1], (1, 2, 3, 4, 5, 6))

    def read_roll(self, turn: tuple[int, ...], faces) -> object:
        counts = [0] * FACES
        for face in faces:
            counts[int(face) - 1] += 1
        return self._outcome(turn[0], _set_asides(self.rules, tuple(counts)))

    def turn_score_values(self, anchor: tuple[int, ...]) -> FarkleTurnValues:
        """The one-turn objective, exactly (:func:`best_turn`: the turn total has no bound of
        its own; here it must bank at the target, where holding wins)."""
        i = int(anchor[self.anchor_vars.index("i")])
        solution = best_turn(self.rules, bank_at=(self.goal - i) // self.unit)
        return FarkleTurnValues(self, tuple(int(x) for x in anchor), solution)

    def describe_choice(self, turn: tuple[int, ...], faces, option: tuple[int, ...]) -> dict:
        """The dice set aside for a choice (the best-scoring set-aside leading there) and its points."""
        counts = [0] * FACES
        for face in faces:
            counts[int(face) - 1] += 1
        points, left = option[0] - turn[0], option[1]
        for sub, value in sorted(scoring_options(self.rules, tuple(counts)), key=lambda o: sum(o[0])):
            rest = turn[1] - sum(sub)
            if value == points and (rest if rest else (DICE if self.rules.hot_dice else 0)) == left:
                return {"keep": [face + 1 for face, n in enumerate(sub) for _ in range(n)], "points": value}
        return {"points": points}

    def can_roll(self, state):
        # below the minimum to bank the turn must roll on, even at the target
        return (state["i"] + state["k"] < self.goal) | (state["k"] < self.rules.minimum_bank)

    def can_hold(self, state):
        return (state["k"] > 0) & (state["k"] >= self.rules.minimum_bank)

    def end_turn(self, anchor, gain) -> TurnEnd:
        banked = anchor["i"] + gain
        value = np.where(banked >= self.goal, 1.0, np.nan)
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], np.shape(banked)), "j": banked})

    def rules_data(self) -> dict:
        return {
            "in_force": self.rules.to_json(),
            "options": dict(RuleSet.FIELDS_HELP),
            "rule_sets": {name: r.to_json() for name, r in RULE_SETS.items()},
            "note": (f"Win chances come from a shipped table for the {', '.join(v['rules'] for v in self.prebuilt)} "
                     f"rules to 10,000; with other rules they are solved live for targets up to {LIVE_TARGET}. "
                     f"Most points this turn works for any rules."),
        }


@dataclass(frozen=True)
class FarkleTurnValues:
    """A one-turn :class:`TurnSolution` at an anchor, read as the protocol's turn values
    (:class:`~pycore.jeopardy.turn.TurnValues`): states ``(k, d)`` in points, each action's
    expected points, the outlook of each action, and the seed's figures (``facts``)."""

    game: Farkle
    anchor: tuple[int, ...]
    solution: TurnSolution

    def _cell(self, turn: tuple[int, ...]) -> tuple[int, int]:
        k, d = (int(x) for x in turn)
        return k // self.game.unit, d

    def action_values(self, turn: tuple[int, ...]) -> dict[str, float | None]:
        k, d = self._cell(turn)
        unit, at = self.game.unit, self.solution.bank_at
        roll = None if at is not None and k >= at else float(self.solution.roll[k, d]) * unit
        return {"roll": roll, "hold": float(k * unit) if self.solution.can_bank(k) else None}

    def value_at(self, turn: tuple[int, ...]) -> float:
        return self.solution.value_at(*self._cell(turn)) * self.game.unit

    def best_action(self, turn: tuple[int, ...]) -> str:
        values = self.action_values(turn)
        return "roll" if values["hold"] is None or (values["roll"] is not None and values["roll"] > values["hold"]) else "hold"

    def outlook(self, turn: tuple[int, ...]) -> dict[str, tuple[float, float]]:
        """{action: (P(the roll zilches), expected points banked this turn)}."""
        values = self.action_values(turn)
        out = {}
        if values["hold"] is not None:
            out["hold"] = (0.0, values["hold"])
        if values["roll"] is not None:
            out["roll"] = (_moves(self.game.rules, self._cell(turn)[1]).zilch, values["roll"])
        return out

    @property
    def value(self) -> dict[tuple[int, ...], float]:
        """{turn state: its value} over the states a turn from this anchor reaches."""
        return {turn: self.value_at(turn) for turn in self.game.reachable_turns(self.anchor)}

    @property
    def states(self) -> int:
        return int(self.solution.value.shape[0] * DICE)

    def facts(self) -> dict:
        """The seed's figures: E(y), the chance of ending in a zilch, the bank thresholds."""
        out = {
            "e_by_dice": {str(n): e for n, e in self.solution.e_by_dice().items()},
            "p_zilch": self.solution.p_zilch_turn,
            "bank_thresholds": {str(n): t for n, t in self.solution.bank_thresholds().items()},
        }
        if self.game.rules.zilch_penalty:  # turns are tied together: the long-run rate (7 s)
            out["long_run_points_per_turn"] = long_run(self.game.rules).points_per_turn
        return out
