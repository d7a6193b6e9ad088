r"""Farkle's rule sets as data and every roll's scoring choices.

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
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from itertools import product
from math import factorial, gcd

from ...core.errors import InvalidParameterError
from ...core.params import read_whole_number

DICE = 6
FACES = 6

Counts = tuple[int, ...]  # how many of each face 1..6
#: the most steps of the rules' unit the target may be (100,000 in steps of 50, 10,000 in steps of 5;
#: Facebook's: 200): the turn starts are its square, listed when a state is checked
MAX_STEPS = 2000
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
    #: four, five and six of a kind as multiples of three of a kind (Zilch doubles each die;
    #: 0: no such score, the dice past the triple score only as single 1s and 5s)
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
        "more_of_a_kind": "four, five and six of a kind as multiples of three of a kind (three numbers; 0: none)",
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
        if len(self.more_of_a_kind) != 3 or any(m < 0 for m in self.more_of_a_kind):
            raise bad("more_of_a_kind", f"must be three multipliers, none negative, got {list(self.more_of_a_kind)}")
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
        if not self.hot_dice:
            # every die set aside would leave a turn with nothing to roll that must bank: a turn
            # state the model does not have (it crashed every check of a state)
            raise bad("hot_dice", "false is not supported: a turn with every die set aside must go on with six dice")
        if self.target // self.unit > MAX_STEPS:
            # scores are counted in the rules' unit: a unit of 1 made 10^8 turn starts to 10,000
            # (gigabytes to check one state)
            raise bad("target", f"{self.target} is {self.target // self.unit:,} steps of {self.unit} point"
                      f"{'s' if self.unit > 1 else ''} (the largest number every value is a multiple of), more than "
                      f"{MAX_STEPS}: make the values multiples of {-(-self.target // MAX_STEPS)} or lower the target")

    @cached_property  # (asked for each anchor a check reads: a frozen value, computed once)
    def unit(self) -> int:
        """The largest number every score is a multiple of (50 in all three sets)."""
        values = [self.single_one, self.single_five, self.straight, self.three_pairs, self.nothing,
                  *self.three_of_a_kind, self.minimum_bank, self.zilch_penalty, self.target]
        out = 0
        for v in values:
            out = gcd(out, v)
        return out

    @cached_property  # (asked for each table name a request reads: a frozen value, computed once)
    def digest(self) -> str:
        """Twelve hex digits naming what these rules score and allow (not their name or words): a
        changed rule set's table file, and a table's check that its rules are still the set's."""
        fields = {k: v for k, v in self.to_json().items() if k not in ("name", "source")}
        return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:12]

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
                    value = tuple(read_whole_number(x, key) for x in raw.split("/"))
                else:
                    value = read_whole_number(raw, key)
            except ValueError:  # (InvalidParameterError is one: said with what the option is)
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
    # Busche's 2016 solver's reading (his scoring and rules pages): the one that gives his 53.487 %
    # (docs/reproduced.md: a four of a kind with a pair as three pairs, or no minimum, does not)
    "facebook": RuleSet(
        "facebook",
        more_of_a_kind=(2, 3, 4),
        three_pairs=750,
        four_and_pair_as_three_pairs=False,
        nothing=0,
        minimum_bank=300,
        source="Facebook Farkle as Busche's 2016 solver plays it: each die past three of a kind adds the triple's "
        "value again, three pairs 750 (four of a kind with a pair is not three pairs), no score for nothing, at "
        "least 300 to bank, 500 lost on the third zilch in a row",
    ),
    "basic": RuleSet(
        "basic",
        more_of_a_kind=(0, 0, 0),  # (nothing else: a fourth die of a kind scores only as a 1 or a 5)
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
        for counts in multisets(size):
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
            if not points:  # (no four, five or six of a kind in these rules)
                continue
            rest = list(counts)
            rest[face] -= k
            consider(points, rest)
        single = (rules.single_one, 0, 0, 0, rules.single_five, 0)[face]
        if c and single:
            rest = list(counts)
            rest[face] -= 1
            consider(single, rest)
    return best


@cache
def multisets(n: int) -> tuple[Counts, ...]:
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
    for counts in multisets(n):
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((counts, ways / FACES**n))
    return tuple(out)


def zilch_chance(rules: RuleSet, n: int) -> Fraction:
    """Z(n): the chance that ``n`` dice show no scoring dice, exactly."""
    zilches = 0
    for counts in multisets(n):
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


