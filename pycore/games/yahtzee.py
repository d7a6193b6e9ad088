"""Solitaire Yahtzee: maximise the expected final score.

Rules (Hasbro's): 13 boxes, each filled once; a turn rolls 5 dice up to 3
times, keeping any of them between rolls, then fills one open box. The upper
section (ones ... sixes) scores the sum of that face; 35 more when its total
reaches 63. Lower: three and four of a kind (the sum of all dice), full house
25 (three of one face and two of another), small straight 30 (four in a row),
large straight 40 (five in a row), chance (the sum) and Yahtzee 50 (five of a
kind). ``joker`` selects the rules for a Yahtzee rolled when the Yahtzee box
is already filled:

* ``"free"``: a 100-point bonus if the box holds 50; the roll may then fill
  any open box, and full house, small and large straight score in full
  (Verhoeff's "free choice" joker; optimum 254.5896).
* ``"forced"``: the same bonus; the roll must fill its own upper box if
  open, else any open lower box (in full), else an upper box for 0
  (the official rule; optimum 254.5877).
* ``"none"``: no bonus and no joker; Yahtzee is just a 50-point box
  (optimum 245.87).

**Anchors** (the seed's turn-start positions) are the only states stored: which
of the 12 non-Yahtzee boxes are filled (a 12-bit ``mask``), the upper total
capped at 63 (``u``: it matters only through the bonus) and the Yahtzee box
``y`` (0 open, 1 filled with 0, 2 filled with 50; ``none`` needs only open and
filled). ``index = (y * 4096 + mask) * 64 + u``. The turn itself (252 rolls,
462 keeps, 3 rolls) is recomputed from the anchor values on demand by
:mod:`pycore.scorecard.dice_turn`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, cached_property

import numpy as np

from ..core.errors import InvalidStateError
from ..core.page import PageHints
from ..core.params import Param, read_whole_number, shown
from ..core.registry import register
from ..core.table_spec import TableSpec
from ..scorecard.dice_turn import DiceTurn
from ..scorecard.rules import ScorecardGame

UPPER_BONUS, UPPER_TARGET = 35, 63
YAHTZEE_BONUS = 100
N_BOXES = 13
YAHTZEE = 12
MASK_BOXES = 12  # the boxes in ``mask``: all but Yahtzee
U_SIZE = UPPER_TARGET + 1
MASK_SIZE = 1 << MASK_BOXES

BOXES = (
    ("1s", "Ones", ("ones", "aces")),
    ("2s", "Twos", ("twos", "deuces")),
    ("3s", "Threes", ("threes", "treys")),
    ("4s", "Fours", ("fours",)),
    ("5s", "Fives", ("fives",)),
    ("6s", "Sixes", ("sixes",)),
    ("3k", "Three of a kind", ("three_of_a_kind", "3_of_a_kind", "three_kind")),
    ("4k", "Four of a kind", ("four_of_a_kind", "4_of_a_kind", "four_kind")),
    ("fh", "Full house", ("full_house",)),
    ("ss", "Small straight", ("small_straight", "sm")),
    ("ls", "Large straight", ("large_straight", "lg")),
    ("ch", "Chance", ("chance", "c")),
    ("y", "Yahtzee", ("yahtzee",)),
)
BOX_KEYS = tuple(b[0] for b in BOXES)
BONUS_KEY = "yb"  # number of 100-point Yahtzee bonuses already earned
JOKER_RULES = ("free", "forced", "none")
JOKER_HELP = (
    "a Yahtzee with the Yahtzee box filled may fill any open box, full house and straights in full",
    "the official rule: such a Yahtzee must fill its own upper box if open, else any lower box",
    "no Yahtzee bonus and no joker: Yahtzee is just a 50-point box",
)
DICE = DiceTurn()  # shared: its tables are built once
MAX_SCORE = 1575  # every box at its best and twelve Yahtzee bonuses
_FIXED_POINTS = {8: 25, 9: 30, 10: 40, 12: 50}


def _box_number(name: str) -> int:
    wanted = name.strip().lower()
    for i, (key, title, aliases) in enumerate(BOXES):
        if wanted in (key, title.lower(), title.lower().replace(" ", "_")) or wanted in aliases:
            return i
    raise InvalidStateError(f"unknown scorecard box {shown(name)}; boxes: {', '.join(BOX_KEYS)} and {BONUS_KEY} (bonuses)")


def _straight(faces: set[int], length: int) -> bool:
    return any(all(f in faces for f in range(lo, lo + length)) for lo in range(1, 8 - length))


def box_points(roll: tuple[int, ...], box: int) -> int:
    """Points a roll scores in a box without any joker (the standard table)."""
    counts = [roll.count(f) for f in range(1, 7)]
    if box < 6:
        return (box + 1) * counts[box]
    most = max(counts)
    if box == 6:
        return sum(roll) if most >= 3 else 0
    if box == 7:
        return sum(roll) if most >= 4 else 0
    if box == 8:
        return 25 if sorted(counts)[-2:] == [2, 3] else 0
    if box == 9:
        return 30 if _straight(set(roll), 4) else 0
    if box == 10:
        return 40 if _straight(set(roll), 5) else 0
    if box == 11:
        return sum(roll)
    return 50 if most == 5 else 0


def possible_points(box: int) -> frozenset[int]:
    """Every score a box can hold (jokers included)."""
    if box < 6:
        return frozenset((box + 1) * n for n in range(6))
    if box in _FIXED_POINTS:
        return frozenset((0, _FIXED_POINTS[box]))
    return frozenset([0] + list(range(5, 31))) if box in (6, 7) else frozenset(range(5, 31))


@dataclass(frozen=True)
class Scorecard:
    """The filled boxes (box number -> points) and the Yahtzee bonuses earned."""

    boxes: tuple[tuple[int, int], ...] = ()
    yahtzee_bonuses: int = 0

    @classmethod
    def from_text(cls, text: str) -> Scorecard:
        """Parse ``"1s:3,fh:25,y:50,yb:1"`` (``=`` works too; empty means a fresh card)."""
        filled: dict[int, int] = {}
        bonuses = 0
        for item in re.split(r"[,;\s]+", str(text).strip()):
            if not item or item == "-":
                continue
            name, sep, value = item.replace("=", ":").partition(":")
            if not sep:
                raise InvalidStateError(f"scorecard entry {shown(item)} is not box:points (e.g. fh:25)")
            is_bonus = name.strip().lower() in (BONUS_KEY, "bonus", "yahtzee_bonus", "bonuses")
            box = None if is_bonus else _box_number(name)
            what = f"the Yahtzee bonuses ({BONUS_KEY})" if is_bonus else f"the score in scorecard box {BOX_KEYS[box]}"
            points = read_whole_number(value, what, InvalidStateError, sign=False)
            if is_bonus:
                bonuses = points
                continue
            if box in filled:
                raise InvalidStateError(f"scorecard box {BOX_KEYS[box]} is given twice")
            if points not in possible_points(box):
                raise InvalidStateError(
                    f"{BOXES[box][1]} cannot score {points} (possible: {_describe(possible_points(box))})"
                )
            filled[box] = points
        return cls(tuple(sorted(filled.items())), bonuses)

    def to_text(self) -> str:
        parts = [f"{BOX_KEYS[b]}:{p}" for b, p in self.boxes]
        if self.yahtzee_bonuses:
            parts.append(f"{BONUS_KEY}:{self.yahtzee_bonuses}")
        return ",".join(parts)

    @property
    def filled(self) -> dict[int, int]:
        return dict(self.boxes)

    @property
    def upper_total(self) -> int:
        return sum(p for b, p in self.boxes if b < 6)

    @property
    def score(self) -> int:
        """Points on the card: boxes, upper bonus and Yahtzee bonuses."""
        upper = UPPER_BONUS if self.upper_total >= UPPER_TARGET else 0
        return sum(p for _, p in self.boxes) + upper + YAHTZEE_BONUS * self.yahtzee_bonuses

    @property
    def complete(self) -> bool:
        return len(self.boxes) == N_BOXES


def _describe(values: frozenset[int]) -> str:
    ordered = sorted(values)
    if len(ordered) > 8:
        return (
            f"0 or {ordered[1]}-{ordered[-1]}" if ordered[0] == 0 and ordered[1] > 1 else f"{ordered[0]}-{ordered[-1]}"
        )
    return ", ".join(map(str, ordered))


def parse_dice(text: str, n_dice: int = 5) -> tuple[int, ...]:
    """``"13356"``, ``"1,3,3,5,6"`` or ``"1 3 3 5 6"`` -> (1, 3, 3, 5, 6)."""
    digits = re.sub(r"[\s,;]+", "", str(text))
    if not re.fullmatch(r"[1-6]*", digits):
        raise InvalidStateError(f"dice {shown(text)}: each die is a digit 1-6")
    if len(digits) != n_dice:
        raise InvalidStateError(f"dice {shown(text)}: give {n_dice} dice, not {len(digits)}")
    return tuple(sorted(int(d) for d in digits))


@register
class Yahtzee(ScorecardGame):
    """Solitaire Yahtzee under one joker rule (see the module docstring)."""

    name = "yahtzee"
    title = "Yahtzee (solitaire)"
    reference = "Verhoeff; Glenn (seed 003): anchors and components"
    parameters = (
        Param(
            "joker",
            "forced",
            help="what a Yahtzee scores when the Yahtzee box is already filled",
            label="Joker rule",
            choices=JOKER_RULES,
            choice_help=JOKER_HELP,
        ),
    )
    turns = N_BOXES
    rules_text = (
        "One player, 13 turns. Roll five dice up to three times a turn, keeping any between rolls, "
        "then fill one open box. Upper boxes score their face's sum (35 more when they reach 63); "
        "three and four of a kind the sum of all dice, full house 25, small straight 30, large "
        "straight 40, chance the sum, Yahtzee 50. A further Yahtzee earns 100 and is a joker, as the "
        "joker rule says."
    )
    dice = DICE
    #: what the page shows: the card's boxes, its views
    page = PageHints(facts={
        "boxes": [
            {"key": key, "title": title, "values": sorted(possible_points(i))} for i, (key, title, _) in enumerate(BOXES)
        ],
        "bonus_key": BONUS_KEY,
        "bonus_label": "Yahtzee bonuses",
        # the upper bonus: these boxes' total reaching `needs` scores `points` more
        "upper_bonus": {"boxes": [key for key, _, _ in BOXES[:6]], "needs": UPPER_TARGET, "points": UPPER_BONUS},
        "views": ["advisor", "play", "distribution", "quiz"],
        "view_titles": {"advisor": "Advisor", "play": "Play", "distribution": "Score distribution", "quiz": "Test yourself"},
        "max_score": MAX_SCORE,
        "turns": N_BOXES,
        "dice": DICE.n_dice,
        "rolls": DICE.rolls,
    })

    def __init__(self, joker: str | None = None, **params) -> None:
        super().__init__(joker=joker, **params)

    @property
    def joker(self) -> str:
        return self.params["joker"]

    # --- positions as a person enters them -----------------------------------------------------------
    def card_from_text(self, text: str) -> Scorecard:
        return Scorecard.from_text(text)

    def parse_dice(self, text: str) -> tuple[int, ...]:
        return parse_dice(text, DICE.n_dice)

    def nearest_card(self, text: str) -> tuple[Scorecard, list[str]]:
        """The card with every entry of ``text`` that fits, and a message for each one left out
        (a bad bonus count drops only the bonus, never the filled boxes)."""
        kept: list[str] = []
        problems: list[str] = []
        for item in filter(None, re.split(r"[,;\s]+", str(text).strip())):
            try:
                self.anchor_of(Scorecard.from_text(",".join(kept + [item])))
            except InvalidStateError as exc:
                problems.append(f"scorecard entry {shown(item)} left out: {exc}")
                continue
            kept.append(item)
        return Scorecard.from_text(",".join(kept)), problems

    def box_keys(self) -> tuple[str, ...]:
        return BOX_KEYS

    def box_titles(self) -> tuple[str, ...]:
        return tuple(b[1] for b in BOXES)

    def fill(self, card: Scorecard, box: int, dice: tuple[int, ...], total: int) -> dict:
        """The box's own points and the bonuses in ``total`` (a choice's points, bonuses included)."""
        yahtzee_bonus = YAHTZEE_BONUS if self.joker != "none" and card.filled.get(YAHTZEE) == 50 and len(set(dice)) == 1 else 0
        upper_bonus = 0
        if box < 6 and card.upper_total < UPPER_TARGET <= card.upper_total + total - yahtzee_bonus - UPPER_BONUS:
            upper_bonus = UPPER_BONUS
        points = total - yahtzee_bonus - upper_bonus
        after = Scorecard(tuple(sorted(card.boxes + ((box, points),))), card.yahtzee_bonuses + (1 if yahtzee_bonus else 0))
        return {"points": points, "bonus": yahtzee_bonus + upper_bonus, "scorecard_after": after.to_text()}

    # --- anchors -------------------------------------------------------------------------------------
    @property
    def n_y(self) -> int:
        return 2 if self.joker == "none" else 3

    @property
    def n_anchors(self) -> int:
        return self.n_y * MASK_SIZE * U_SIZE

    @property
    def tables(self) -> TableSpec:
        """A scorecard game's tables, checked against the rules they were made for."""
        return replace(super().tables, rules={
            "game": self.name,
            "joker": self.joker,
            "upper_bonus": [UPPER_TARGET, UPPER_BONUS],
            "yahtzee_bonus": 0 if self.joker == "none" else YAHTZEE_BONUS,
            "dice": self.dice.n_dice,
            "rolls": self.dice.rolls,
        })

    def anchor_of(self, card: Scorecard) -> int:
        """The anchor index of a scorecard (its consistency checked)."""
        filled = card.filled
        mask = sum(1 << b for b in filled if b < MASK_BOXES)
        if YAHTZEE not in filled:
            y = 0
        elif self.joker == "none" or filled[YAHTZEE] == 0:
            y = 1
        else:
            y = 2
        if card.yahtzee_bonuses:
            if self.joker == "none":
                raise InvalidStateError("this rule set has no Yahtzee bonus (yb must be 0)")
            if y != 2:
                raise InvalidStateError("Yahtzee bonuses need 50 in the Yahtzee box")
            if card.yahtzee_bonuses > len(filled) - 1:
                raise InvalidStateError(
                    f"{card.yahtzee_bonuses} Yahtzee bonuses need at least that many boxes filled after the Yahtzee"
                )
        return (y * MASK_SIZE + mask) * U_SIZE + min(card.upper_total, UPPER_TARGET)

    @staticmethod
    @cache  # 64 upper masks, met once per lower mask and Yahtzee state
    def _upper_totals(start: int, upper_mask: int, filled_before: int) -> np.ndarray:
        """Capped upper totals reachable from ``start`` by filling the upper boxes in
        ``upper_mask`` that ``filled_before`` had open."""
        totals = {start}
        for face in range(1, 7):
            bit = 1 << (face - 1)
            if upper_mask & bit and not filled_before & bit:
                totals = {min(UPPER_TARGET, t + face * n) for t in totals for n in range(6)}
        return np.array(sorted(totals), dtype=np.int64)

    def layers(self, start: int | None = None) -> list[np.ndarray]:
        """The anchors reachable from ``start`` (default: the game's start), by boxes filled, from
        12 filled down to the start's layer (13 filled is terminal)."""
        _, u0, mask0, y0 = (int(v[0]) for v in self._decode(np.array([start or 0])))
        masks = np.arange(MASK_SIZE)
        masks = masks[(masks & mask0) == mask0]
        popcount = np.array([bin(int(m)).count("1") for m in masks])
        ys = range(self.n_y) if y0 == 0 else [y0]
        first = bin(mask0).count("1") + (y0 > 0)
        out = []
        for filled in range(N_BOXES - 1, first - 1, -1):
            parts = [np.zeros(0, dtype=np.int64)]
            for y in ys:
                for mask in masks[popcount == filled - (y > 0)]:
                    u = self._upper_totals(u0, int(mask) & 63, mask0 & 63)
                    parts.append((y * MASK_SIZE + int(mask)) * U_SIZE + u)
            out.append(np.concatenate(parts))
        return out

    def transitions(self, anchors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(points, next_anchor) [boxes, rolls, B]: what filling each box with each final roll
        scores (bonuses included; -inf where not allowed) and the anchor it leads to."""
        anchors = np.asarray(anchors, dtype=np.int64)
        points = self.outcomes(anchors, self.zero_values)
        nxt = np.empty(points.shape, dtype=np.int64)
        open_box = self.open_boxes(anchors)
        for box in range(N_BOXES):
            classes = self.roll_class(box)
            by_class = np.vstack([self.after(anchors, box, c) for c in range(int(classes.max()) + 1)])
            nxt[box] = np.where(open_box[box][None, :], by_class[classes], anchors[None, :])
        return points, nxt

    @property
    def start_anchor(self) -> int:
        return 0

    # --- end-of-turn rules (vectorised over anchors) --------------------------------------------------
    @cached_property
    def _base_points(self) -> np.ndarray:
        """[boxes, rolls] standard points of every roll in every box."""
        return np.array([[box_points(r, b) for r in self.dice.roll_tuples] for b in range(N_BOXES)], dtype=np.float64)

    @cached_property
    def _yahtzee_rolls(self) -> np.ndarray:
        return np.array([i for i, r in enumerate(self.dice.roll_tuples) if len(set(r)) == 1], dtype=np.intp)

    @staticmethod
    def _decode(anchors: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """anchor indices -> (anchors, u, mask, y)."""
        anchors = np.asarray(anchors, dtype=np.int64)
        return anchors, anchors % U_SIZE, anchors // U_SIZE % MASK_SIZE, anchors // (U_SIZE * MASK_SIZE)

    def after(self, anchors: np.ndarray, box: int, roll_shows: int) -> np.ndarray:
        """[B] the anchors after filling ``box``: ``roll_shows`` is the count of the box's face
        (upper boxes) or 1 if the roll is a Yahtzee (Yahtzee box); unused otherwise."""
        anchors, u, _, y = self._decode(anchors)
        if box < 6:
            return anchors + (1 << box) * U_SIZE + np.minimum(UPPER_TARGET, u + (box + 1) * roll_shows) - u
        if box < YAHTZEE:
            return anchors + (1 << box) * U_SIZE
        y_after = self.n_y - 1 if roll_shows else 1  # holds 50 (2) or 0 (1); 'none' has only 'filled' (1)
        return anchors + (y_after - y) * (MASK_SIZE * U_SIZE)

    def roll_class(self, box: int) -> np.ndarray:
        """[rolls] what of each final roll decides the next anchor when it fills ``box``
        (the argument ``roll_shows`` of :meth:`after`)."""
        if box < 6:
            return self.dice.face_counts[:, box]
        if box == YAHTZEE:
            return (self._base_points[YAHTZEE] > 0).astype(np.int64)
        return np.zeros(self.dice.n_rolls, dtype=np.int64)

    @property
    def max_turn_points(self) -> int:
        """More than any one turn can score (box, upper bonus and Yahtzee bonus)."""
        return 50 + UPPER_BONUS + (0 if self.joker == "none" else YAHTZEE_BONUS)

    @property
    def max_score(self) -> int:
        """The highest final score possible (every Yahtzee bonus taken)."""
        if self.joker == "none":
            return 5 + 10 + 15 + 20 + 25 + 30 + UPPER_BONUS + 30 + 30 + 25 + 30 + 40 + 30 + 50
        return MAX_SCORE

    def open_boxes(self, anchors: np.ndarray) -> np.ndarray:
        """[boxes, B] which boxes are still open."""
        _, _, mask, y = self._decode(anchors)
        return np.vstack([(mask[None, :] >> np.arange(MASK_BOXES)[:, None]) & 1 == 0, (y == 0)[None, :]])

    @cached_property
    def zero_values(self) -> np.ndarray:
        """All-zero anchor values: ``outcomes(anchors, zero_values)`` is just the points scored."""
        return np.zeros(self.n_anchors, dtype=np.float64)

    @cached_property
    def box_classes(self) -> tuple[np.ndarray, ...]:
        """Per box, [rolls] the class of each final roll: an upper box's count of its face, the
        Yahtzee box's "is a Yahtzee", the other boxes' points."""
        counts = self.dice.face_counts
        upper = [counts[:, box] for box in range(6)]
        lower = [self._lower_points[box][1] for box in range(6, YAHTZEE)]
        return tuple(upper + lower + [self.roll_class(YAHTZEE)])

    @cached_property
    def _lower_points(self) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        """For each lower box but Yahtzee: (the points it can score, [rolls] which of them each
        final roll scores), the classes of :attr:`box_classes`."""
        return {box: np.unique(self._base_points[box], return_inverse=True) for box in range(6, YAHTZEE)}

    @property
    def special_rolls(self) -> np.ndarray:
        """The Yahtzees, whose values the joker rule amends (none without a joker)."""
        return self._yahtzee_rolls[:0] if self.joker == "none" else self._yahtzee_rolls

    def box_values(self, anchors: np.ndarray, values: np.ndarray):
        """(by_class, joker): ``by_class[box]`` [classes, B] the value of filling the box with a
        roll of each class of :attr:`box_classes` (points now, upper bonus included, plus the
        value of the anchor it leads to; -inf where the box is filled), the joker rule left out;
        ``joker`` applies that rule to [boxes, 6, B], the values of the Yahtzees (in place)."""
        anchors, u, _, y = self._decode(anchors)
        open_box = self.open_boxes(anchors)
        by_class = []
        counts = np.arange(6)[:, None]
        for box in range(6):
            # [counts, B]: the count decides the points, the upper total and so the next anchor
            new_u = np.minimum(UPPER_TARGET, u[None, :] + (box + 1) * counts)
            bonus = UPPER_BONUS * ((u[None, :] < UPPER_TARGET) & (new_u >= UPPER_TARGET))
            after = np.where(open_box[box], self.after(anchors, box, counts), anchors)  # stay in range
            by_class.append(np.where(open_box[box], (box + 1) * counts + bonus + values[after], -np.inf))
        after_lower = {}
        for box in range(6, YAHTZEE):
            after = np.where(open_box[box], self.after(anchors, box, 0), anchors)
            after_lower[box] = np.where(open_box[box], values[after], -np.inf)
            points = self._lower_points[box][0]
            by_class.append(points[:, None] + after_lower[box][None, :])
        y_open = open_box[YAHTZEE]
        scored_0 = np.where(y_open, values[self.after(anchors, YAHTZEE, 0)], -np.inf)
        scored_50 = np.where(y_open, values[self.after(anchors, YAHTZEE, 1)] + 50, -np.inf)
        by_class.append(np.stack([scored_0, scored_50]))

        def joker(block: np.ndarray) -> np.ndarray:
            if self.joker != "none":
                self._apply_joker(block, open_box, y, after_lower)
            return block

        return by_class, joker

    def _apply_joker(self, block: np.ndarray, open_box: np.ndarray, y: np.ndarray, after_lower: dict) -> None:
        """A Yahtzee rolled with the Yahtzee box filled: bonus and joker, in place on ``block``
        [boxes, 6, B], the values of the six Yahtzee rolls (``_yahtzee_rolls`` order)."""
        filled_y = y > 0
        lower_open = open_box[6:MASK_BOXES].any(axis=0)
        for i, row in enumerate(self._yahtzee_rolls):
            face = self.dice.roll_tuples[row][0]
            roll_block = block[:, i, :]  # [boxes, B] view
            own_open = open_box[face - 1]
            # Both rules give full house and straights their full points only once the roll's own
            # upper box is filled; 'forced' also says where the roll must go.
            joker = filled_y & ~own_open
            for box in (8, 9, 10):
                roll_block[box, joker] = _FIXED_POINTS[box] + after_lower[box][joker]
            if self.joker == "forced":
                only_own = filled_y & own_open
                roll_block[:, only_own] = np.where(
                    np.arange(N_BOXES)[:, None] == face - 1, roll_block[:, only_own], -np.inf
                )
                roll_block[:6, joker & lower_open] = -np.inf
            roll_block[:, y == 2] += YAHTZEE_BONUS
