r"""Farkle's best single turn (exact), its long-run rate, and a turn played with real dice.

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

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ...core.errors import InvalidParameterError, SolverError
from .scoring import DICE, FACES, Counts, RuleSet, outcomes, scoring_options

#: the most turn totals (steps of the rules' unit) one turn's tables have: the Facebook rules
#: have 1,000 (to 50,000 points), a unit of 1 to 2,000 about 35,000 (half a minute here, the
#: long-run rate included); a six of a kind worth 100,000 in steps of 1 would be millions
MAX_TURN_ROWS = 50_000

# ---- the best turn ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RollMoves:
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
def roll_moves(rules: RuleSet, n: int) -> RollMoves:
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
    return RollMoves(np.array(prob), np.array(outcome, dtype=np.intp), np.array(points, dtype=np.intp),
                  np.array(left, dtype=np.intp), zilch, tuple(faces), tuple(kept))


def _best_per_outcome(moves: RollMoves, worth: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(M,) each scoring outcome's best option worth, and (M,) the first option reaching it."""
    best = np.full(len(moves.probability), -np.inf)
    np.maximum.at(best, moves.outcome, worth)
    first = np.full(len(moves.probability), len(worth))
    reaches = np.where(worth >= best[moves.outcome], np.arange(len(worth)), len(worth))
    np.minimum.at(first, moves.outcome, reaches)
    return best, first


def _best_per_outcome_rows(moves: RollMoves, runs: np.ndarray, worth: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_best_per_outcome` of each row of ``worth`` (B, O) at once: (B, M) and (B, M);
    ``runs`` (M,) where each outcome's options start (they are listed outcome by outcome)."""
    best = np.maximum.reduceat(worth, runs, axis=1)
    reaches = np.where(worth >= best[:, moves.outcome], np.arange(worth.shape[1]), worth.shape[1])
    return best, np.minimum.reduceat(reaches, runs, axis=1)


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
            return roll_moves(self.rules, n).zilch == 0.0
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
        moves = roll_moves(self.rules, n)
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
            if roll_moves(self.rules, n).zilch == 0.0:
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
            m = roll_moves(rules, n)
            best, _ = _best_per_outcome(m, m.points + U[m.dice_left])
            new[n] = float(np.dot(m.probability, best))
        if np.max(np.abs(new - U)) < 1e-12 * max(1.0, new.max()):
            return new
        U = new
    raise SolverError(f"farkle rules {rules.name!r}: the points before a zilch do not settle")


def _tail(rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """(c_n, q_n): W(k, n) - k and the chance of a zilch above K_0, where the best play banks
    at once unless its dice cannot zilch; those are rolled, and then the best set-aside banks
    (or, after hot dice that again cannot zilch, rolls on). A fixed point over the dice that
    cannot zilch (six dice in Zilch), found by iteration: each such roll ends the chain unless
    it gives hot dice again."""
    safe = np.array([n for n in range(DICE + 1) if n and roll_moves(rules, n).zilch == 0.0], dtype=np.intp)
    c, q = np.zeros(DICE + 1), np.zeros(DICE + 1)
    for _ in range(100_000):
        new_c, new_q = c.copy(), q.copy()
        for n in safe:
            m = roll_moves(rules, n)
            rolls_on = np.isin(m.dice_left, safe)
            best, chosen = _best_per_outcome(m, m.points + np.where(rolls_on, c[m.dice_left], 0.0))
            new_c[n] = float(np.dot(m.probability, best))
            new_q[n] = float(np.dot(m.probability, np.where(rolls_on[chosen], q[m.dice_left[chosen]], 0.0)))
        if np.max(np.abs(new_c - c)) < 1e-13 and np.max(np.abs(new_q - q)) < 1e-15:
            return new_c, new_q
        c, q = new_c, new_q
    raise SolverError(f"farkle rules {rules.name!r}: hot dice that cannot zilch never end")


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
    moves = [roll_moves(rules, n) if n else None for n in range(DICE + 1)]
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
    top = cap + max(int(m.points.max(initial=0)) for m in moves[1:]) + 1
    if top > MAX_TURN_ROWS:  # (before the tables are made: a size the rules chose)
        raise InvalidParameterError(
            f"farkle rules {rules.name!r}: the best single turn plays on up to {top * unit:,} points, {top:,} steps "
            f"of {unit} (the largest number every value is a multiple of), more than {MAX_TURN_ROWS:,}: make the "
            f"values multiples of {-(-top * unit // MAX_TURN_ROWS)} or lower the largest")
    tail, tail_zilch = _tail(rules)
    ks = np.arange(top + 1)
    value = ks[:, None] + tail[None, :]
    p_zilch = np.broadcast_to(tail_zilch, (top + 1, DICE + 1)).copy()
    if bank_at is not None:
        value[bank_at:], p_zilch[bank_at:] = ks[bank_at:, None], 0.0
    roll = np.full((top + 1, DICE + 1), np.nan)
    allowed = (ks > 0) & (ks * unit >= rules.minimum_bank)
    # every option adds at least `least` units, so that many turn totals in a row lead only
    # above themselves: each block of them is one step of the backward pass (a hundred
    # thousand Python steps where the unit is small, a single five worth 55, are a thousand)
    least = max(1, min(int(m.points.min()) for m in moves[1:]))
    runs = [None] + [np.flatnonzero(np.r_[True, np.diff(m.outcome) != 0]) for m in moves[1:]]
    for high in range(cap, -1, -least):
        block = np.arange(max(high - least + 1, 0), high + 1)
        for n in range(1, DICE + 1):
            m = moves[n]
            best, chosen = _best_per_outcome_rows(m, runs[n], value[block[:, None] + m.points, m.dice_left])
            roll[block, n] = m.zilch * u + best @ m.probability
            banks = allowed[block] & (block >= roll[block, n])  # a tie banks
            went_on = m.zilch + p_zilch[block[:, None] + m.points[chosen], m.dice_left[chosen]] @ m.probability
            value[block, n] = np.where(banks, block, roll[block, n])
            p_zilch[block, n] = np.where(banks, 0.0, went_on)
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
    """Average-reward optimum over the count ``z`` of zilches in a row (0, 1, 2), by policy
    iteration. A turn from ``z`` banks ``k`` (the count goes back to 0) or zilches (to
    ``z + 1``, and from 2 back to 0 less the penalty), so

        g + h(z) = max over the turn's play of E[banked, or h(z + 1) on a zilch],
        h(0) = 0, h(3) = -penalty,

    each right side a :func:`best_turn` whose zilch is worth ``h(z + 1)``. With each count's
    play fixed a turn is worth ``E_z + P_z h(z + 1)`` (``E_z`` its points banked, ``P_z`` its
    chance of a zilch), three linear equations in ``g, h(1), h(2)``; solving them and playing
    best again improves the play until it no longer changes (three to five rounds: relative
    value iteration took eighteen, each three best turns, a minute where the unit is small).
    It ends because a zilch, the only way to another count, comes with a chance below 1, so
    each round's equations have one solution and there are finitely many plays."""
    bias = np.zeros(4)
    bias[3] = -rules.zilch_penalty
    for iteration in range(1, 100):
        turns = [best_turn(rules, zilch_value=bias[z + 1]) for z in range(3)]
        chance = np.array([t.p_zilch[0, DICE] for t in turns])
        banked = np.array([t.expected_score for t in turns]) - chance * bias[1:]
        # [g, h1, h2]: g - P0 h1 = E0; g + h1 - P1 h2 = E1; g + h2 = E2 + P2 h(3)
        system = np.array([[1.0, -chance[0], 0.0], [1.0, 1.0, -chance[1]], [1.0, 0.0, 1.0]])
        g, h1, h2 = np.linalg.solve(system, banked + np.array([0.0, 0.0, chance[2] * bias[3]]))
        new = np.array([0.0, h1, h2, bias[3]])
        if np.max(np.abs(new - bias)) < tolerance:
            return LongRun(rules, float(g), (0.0, float(h1), float(h2)), tuple(turns), iteration)
        bias = new
    raise SolverError(f"farkle rules {rules.name!r}: the long-run values do not settle")


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


