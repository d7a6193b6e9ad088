"""Test yourself: sets of decisions drawn from whole games the computer plays, each graded
against optimal play, for every kind of game.

A *set* is fixed by the game and its rules, a ``seed``, a ``count`` and a ``mix``: the same
four give the same positions in CPython and in the page (``random.Random(seed)`` and integer
weights only, so no float rounding of one platform can pick another position). It is built
by playing whole games with seeded dice (:func:`pycore.core.play.play`) between players drawn
from optimal play and the game's named policies (the papers' human-playable rules, which make
the mistakes people make), and keeping their decisions (two or more moves allowed, each
valued under optimal play from there) as the *pool*. A kind tells the builder what a
decision is (:class:`QuizSource`).

The mix decides which decisions of the pool may be asked and how often:

* ``teaching`` (the default): decisions with something at stake, the best move at least
  :data:`CLEAR_GAP` (half a percentage point of winning chance, or half a point of a
  solitaire game's score) better than the middle of the moves (with two moves, the other;
  with Pig's hundred targets, the fiftieth best), each weighted 1 + 2 x the named policies
  that get it wrong, so the decisions people miss come up more often than "roll with
  nothing in hand";
* ``close``: close calls, the best two moves from :data:`TIE_GAP` to :data:`CLOSE_GAP`
  (2 points) apart;
* ``all``: every decision, forced moves aside.

The gaps are in the figure a person reads (:func:`scale`): percentage points, or points.

Positions are drawn without replacement with integer weights (one ``randrange`` a draw),
never the same position twice. The set keeps, for each position, every move's value, the
best, the advisor's reason and link, and the move each named policy makes there, so that a
set is graded (:func:`grade`) without solving anything again: the cost of a move is the best
value minus its value (percentage points of the mover's chance of winning, or expected
points), and the named policies are graded on the same positions.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .cache import BoundedCache
from .errors import InvalidRequestError
from .progress import Progress
from .records import MAX_SEED

#: the mixes a set may be drawn with (see the module)
MIXES = ("teaching", "close", "all")
#: a stake of at least this (percentage points, or points) is a decision that teaches
CLEAR_GAP = 0.5
#: close calls: the best two moves less than this apart (percentage points, or points) ...
CLOSE_GAP = 2.0
#: ... and at least this (below it the moves are as good as equal: a coin flip)
TIE_GAP = 0.02
#: the most positions one set asks
MAX_COUNT = 50
DEFAULT_COUNT = 20
#: games played for one set: at least the first, at most the second; the pool is big enough
#: once it holds this many times the count
MIN_GAMES, MAX_GAMES, POOL_FACTOR = 1, 24, 3
#: a cost above this is a mistake (two moves this close are equally good)
MISTAKE = 1e-12


@dataclass(frozen=True)
class Choice:
    """One move a decision allows: its ``key`` (how an answer names it: ``roll``, ``hold``,
    an option's number, a scorecard's ``keep 335`` or ``box fh``), its words, and its value
    under optimal play from there (the mover's chance, or the expected final score)."""

    key: str
    label: str
    value: float

    def to_json(self) -> dict:
        return {"key": self.key, "label": self.label, "value": self.value}


def scale(unit: str) -> float:
    """What one unit of a value is in the figure a person reads: a chance in percentage points."""
    return 100.0 if unit == "win" else 1.0


@dataclass(frozen=True)
class Question:
    """One position of a set: the kind's position (what the screen shows), the moves and
    their values, the advisor's reason and link, and each named policy's move there."""

    position: dict
    choices: tuple[Choice, ...]
    link: str = ""
    reason: str = ""
    #: each named policy's move here (its key), by the policy's name
    picks: dict = field(default_factory=dict)

    @property
    def best(self) -> str:
        """The best move's key (the first of equals)."""
        return max(self.choices, key=lambda c: c.value).key

    @property
    def gap(self) -> float:
        """How much the best move is worth more than the next best."""
        values = sorted((c.value for c in self.choices), reverse=True)
        return values[0] - values[1]

    def cost(self, key: str) -> float:
        """The best value minus the value of the move ``key``; InvalidRequestError naming the
        moves when ``key`` is none of them."""
        for choice in self.choices:
            if choice.key == key:
                return max(c.value for c in self.choices) - choice.value
        keys = ", ".join(c.key for c in self.choices)
        raise InvalidRequestError(f"{key!r} is not a move here; the moves: {keys}")

    def to_json(self) -> dict:
        top = max(c.value for c in self.choices)
        return {"position": self.position, "choices": [{**c.to_json(), "cost": top - c.value} for c in self.choices],
                "best": self.best, "gap": self.gap, "link": self.link, "reason": self.reason, "picks": dict(self.picks)}

    @classmethod
    def from_json(cls, data: Any, n: int = 1) -> Question:
        """A question from :meth:`to_json` (one kept in the page's storage to drill again);
        InvalidRequestError naming what is wrong with question ``n``."""
        where = f"question {n}"
        if not isinstance(data, dict):
            raise InvalidRequestError(f"{where} is not an object")
        raw = data.get("choices")
        if not isinstance(raw, list) or not 2 <= len(raw) <= 200:
            raise InvalidRequestError(f"{where} has no list of 2 to 200 moves")
        choices = []
        for choice in raw:
            ok = isinstance(choice, dict) and isinstance(choice.get("key"), str) and isinstance(choice.get("label"), str)
            value = choice.get("value") if ok else None
            if not ok or isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise InvalidRequestError(f"{where}: a move is {{key, label, value}}, got {choice!r:.80}")
            choices.append(Choice(choice["key"], choice["label"], float(value)))
        if len({c.key for c in choices}) != len(choices):
            raise InvalidRequestError(f"{where} names one move twice")
        picks = data.get("picks", {})
        keys = {c.key for c in choices}
        if not isinstance(picks, dict) or not all(isinstance(k, str) and v in keys for k, v in picks.items()):
            raise InvalidRequestError(f"{where}: the policies' moves are not among its moves")
        position = data.get("position", {})
        link, reason = data.get("link", ""), data.get("reason", "")
        if not isinstance(position, dict) or not isinstance(link, str) or not isinstance(reason, str):
            raise InvalidRequestError(f"{where}: its position, link or reason is of the wrong type")
        return cls(position, tuple(choices), link, reason, dict(picks))


@dataclass(frozen=True)
class QuizSet:
    """A set of positions (see the module). ``unit``: ``win`` (the values are the mover's
    chance) or ``points`` (expected final score)."""

    game: str
    params: dict
    seed: int
    count: int
    mix: str
    unit: str
    questions: tuple[Question, ...]
    #: the named policies graded beside the player (each question's ``picks``)
    policies: tuple[str, ...]
    #: the whole games played and the decisions the mix admitted from them
    games: int = 0
    pool: int = 0

    def close_share(self) -> float:
        """The share of the set's positions whose best two moves are under :data:`CLOSE_GAP` apart."""
        close = sum(1 for q in self.questions if q.gap * scale(self.unit) < CLOSE_GAP)
        return close / len(self.questions) if self.questions else 0.0

    def to_json(self) -> dict:
        return {"game": self.game, "params": dict(self.params), "seed": self.seed, "count": self.count,
                "mix": self.mix, "unit": self.unit, "scale": scale(self.unit), "policies": list(self.policies),
                "games": self.games, "pool": self.pool, "close_share": self.close_share(),
                "questions": [q.to_json() for q in self.questions]}


class QuizSource(Protocol):
    """What a kind tells the builder (its positions are its own values)."""

    #: the seats of one game (1 for a solitaire game)
    seats: int
    #: ``win`` or ``points``: what a value is
    unit: str

    def players(self) -> list[Any]:
        """The computer players a game's seats are drawn from: optimal play first, then the
        game's named policies (each has a ``label``)."""

    def play(self, players: tuple, seed: int) -> Iterable[tuple[Any, tuple[Choice, ...]]]:
        """A whole game between ``players`` with the seed's dice: each decision's position
        (two or more moves) and its moves, in order."""

    def pick(self, player: Any, at: Any, choices: tuple[Choice, ...]) -> str:
        """The key of the move ``player`` makes at ``at``."""

    def question(self, at: Any, choices: tuple[Choice, ...]) -> tuple[dict, str, str]:
        """What a chosen position shows: its JSON, the advisor's link and reason."""

    def identity(self, at: Any) -> str:
        """What makes two positions the same (a set asks each once)."""


#: the sets built last (a set's answers are graded without playing its games again)
_SETS: BoundedCache = BoundedCache("Test yourself sets", 8)


def kept_set(game: str, params: dict, seed: int, count: int, mix: str, make: Callable[[], QuizSet]) -> QuizSet:
    """The set of these rules, seed, count and mix: one built already, else ``make()``."""
    return _SETS.get((game, json.dumps(params, sort_keys=True), seed, count, mix), make)


def read_mix(value: Any) -> str:
    if value is None:
        return MIXES[0]
    if value not in MIXES:
        raise InvalidRequestError(f"mix must be one of {', '.join(MIXES)}, got {value!r}")
    return value


def _admits(mix: str, choices: tuple[Choice, ...], unit: str) -> bool:
    """Whether ``mix`` asks a decision of these moves (see the module)."""
    values = sorted((c.value * scale(unit) for c in choices), reverse=True)
    if mix == "teaching":
        return values[0] - values[len(values) // 2] >= CLEAR_GAP
    if mix == "close":
        return TIE_GAP <= values[0] - values[1] < CLOSE_GAP
    return True


def build(source: QuizSource, game: str, params: dict, seed: int, count: int = DEFAULT_COUNT,
          mix: str = "teaching", progress: Progress | None = None) -> QuizSet:
    """The set of ``count`` positions of ``game`` drawn with ``seed`` and ``mix`` (see the module)."""
    if not (isinstance(seed, int) and 0 <= seed <= MAX_SEED):
        raise InvalidRequestError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    if not (isinstance(count, int) and 1 <= count <= MAX_COUNT):
        raise InvalidRequestError(f"count must be a whole number from 1 to {MAX_COUNT}, got {count!r}")
    mix = read_mix(mix)
    rng = random.Random(seed)
    players = source.players()
    named = players[1:]
    pool: list[tuple[Any, tuple[Choice, ...], dict, int]] = []
    seen: set[str] = set()
    games = 0
    while games < MAX_GAMES and (games < MIN_GAMES or len(pool) < POOL_FACTOR * count):
        seated = tuple(players[rng.randrange(len(players))] for _ in range(source.seats))
        game_seed = rng.randrange(MAX_SEED + 1)
        for at, choices in source.play(seated, game_seed):
            if len(choices) < 2 or not _admits(mix, choices, source.unit):
                continue
            identity = source.identity(at)
            if identity in seen:
                continue
            seen.add(identity)
            picks = {p.label: source.pick(p, at, choices) for p in named}
            best = max(c.value for c in choices)
            wrong = sum(1 for key in picks.values() if best - next(c.value for c in choices if c.key == key) > MISTAKE)
            weight = 1 + 2 * wrong if mix == "teaching" else 1
            pool.append((at, choices, picks, weight))
        games += 1
        if progress:
            progress("playing games for the set", min(1.0, len(pool) / (POOL_FACTOR * count)))
    chosen: list[Question] = []
    while pool and len(chosen) < count:
        total = sum(entry[3] for entry in pool)
        draw = rng.randrange(total)
        for n, entry in enumerate(pool):
            draw -= entry[3]
            if draw < 0:
                at, choices, picks, _ = pool.pop(n)
                shown, link, reason = source.question(at, choices)
                chosen.append(Question(shown, choices, link, reason, picks))
                break
    return QuizSet(game, dict(params), seed, count, mix, source.unit, tuple(chosen),
                   tuple(p.label for p in named), games, len(pool) + len(chosen))


@dataclass(frozen=True)
class Grade:
    """A set answered: each answer's cost, the mistakes, the total, the mean and the worst
    decision, and the named policies' figures on the same positions (costs in the set's
    values: multiply by :func:`scale` for percentage points)."""

    answers: tuple[str, ...]
    costs: tuple[float, ...]
    #: by policy name: the cost of each of its moves on the same positions
    policy_costs: dict

    @staticmethod
    def summary(costs: tuple[float, ...] | list[float]) -> dict:
        worst = max(range(len(costs)), key=lambda n: costs[n]) if costs else None
        return {"decisions": len(costs), "mistakes": sum(1 for c in costs if c > MISTAKE),
                "total": sum(costs, 0.0), "mean": sum(costs, 0.0) / len(costs) if costs else 0.0,
                "worst": None if worst is None or costs[worst] <= MISTAKE else {"question": worst + 1, "cost": costs[worst]}}

    def to_json(self) -> dict:
        return {"answers": list(self.answers), "costs": list(self.costs), **self.summary(self.costs),
                "policies": {name: self.summary(costs) for name, costs in self.policy_costs.items()}}


def grade(questions: tuple[Question, ...], answers: list[str], policies: tuple[str, ...] = ()) -> Grade:
    """``answers`` (one key a position, in order; fewer: the set answered so far) graded, and
    ``policies`` (named policies each question knows the move of) on the same positions;
    InvalidRequestError naming the first answer that is not a move of its position."""
    if not isinstance(answers, list | tuple) or not all(isinstance(a, str) for a in answers):
        raise InvalidRequestError("answers are a list of moves, one a position, e.g. roll,hold,2")
    if len(answers) > len(questions):
        raise InvalidRequestError(f"{len(answers)} answers for a set of {len(questions)} positions")
    costs = []
    for n, (question, answer) in enumerate(zip(questions, answers, strict=False), 1):
        try:
            costs.append(question.cost(answer.strip()))
        except InvalidRequestError as exc:
            raise InvalidRequestError(f"answer {n}: {exc}") from None
    answered = questions[:len(costs)]
    policy_costs = {name: tuple(q.cost(q.picks[name]) for q in answered if name in q.picks) for name in policies}
    return Grade(tuple(a.strip() for a in answers), tuple(costs), policy_costs)
