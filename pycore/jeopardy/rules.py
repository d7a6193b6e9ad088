"""The rules protocol shared by every two-player jeopardy dice game.

A jeopardy dice game is a sequence of *turns*. A turn starts at an **anchor**
(who moves and the banked scores, e.g. ``(p, i, j)``) and moves through
**turn states** (e.g. the turn total and the 1s set aside, ``(k, o)``). At
each state the mover may *roll* (a chance event: a new turn state, a
:class:`Choice` of turn states the mover picks from, or a bust that ends the
turn scoring nothing) or *hold* (end the turn banking the state's ``gain``).
Ending a turn either ends the game or leads to the next mover's anchor.

A game module describes exactly that and nothing else; every algorithm
(solver, policy evaluation, komi, one-turn objective, conformance test)
consumes it. Rules that the solver sweeps over are written as numpy functions
of the state columns so that they apply to a whole table at once; the same
functions answer for a single state, and the scalar helpers at the bottom
(``legal_actions``, ``transitions``, ``check_state``) are derived from them,
so each rule is written once.

**State variables and columns.** The solver sees integer *columns*
(``anchor_vars + turn_vars``). A person sees the game's ``variables``
(:class:`~pycore.core.params.StateVar`): mostly the same, but a variable with
``letters`` (dice by colour, e.g. ``fp="GY"``) is entered as a string and
stored as one count column per letter (``fp_G, fp_Y, fp_R``).

Contract (checked by :mod:`pycore.jeopardy.model` when a game is compiled):

* ``layer(anchor)`` is the score sum (or larger). A turn ending with gain
  ``g > 0`` leads to an anchor in layer ``layer + g`` or higher. A zero-gain
  ending (a bust, or holding with nothing banked) either stays in the layer,
  and then two zero-gain endings in a row return to the anchor you started
  from (or the game is over), or climbs to a higher layer (a turn counter:
  every turn moves the game on).
* A roll moves to a turn state (or offers a choice of turn states) with a
  larger gain, or with the same gain and later in the turn (e.g. one more
  shotgun), or back to the same state.
* Every state tabulated can reach the end of the game: scores are capped by
  the game's bound, beyond which rolling is not allowed.

**Concrete dice.** ``roll_faces(turn)`` is the exact distribution of what a
roll shows (faces, so that a game can be played and shown) and
``read_roll(turn, faces)`` its grouped outcome; the conformance tests check
that grouping ``roll_faces`` by ``read_roll`` gives ``roll_outcomes``.
"""

from __future__ import annotations

import itertools
import json
import time
from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import ClassVar

import numpy as np

from ..core.dice import Faces
from ..core.errors import InvalidParameterError, InvalidStateError, RulesError
from ..core.game import Game
from ..core.params import WHOLE_NUMBER, StateVar, not_a_number
from ..store.prebuilt import TableContent

#: the most memory a live solve (or a policy's evaluation) may need: what a phone's browser
#: tab can give Python (wasm32 allows 2 GB at most; a phone's tab is killed well before that)
LIVE_MEMORY_BYTES = 1_000_000_000

#: the memory this process lets a solve use: a phone's tab unless the command line's
#: ``--memory`` gave more (a desktop's CPython); [bytes]
_memory_budget = [LIVE_MEMORY_BYTES]


def memory_budget() -> int:
    """The memory a solve may need here, in bytes (:data:`LIVE_MEMORY_BYTES` unless set)."""
    return _memory_budget[0]


def set_memory_budget(nbytes: int) -> None:
    """Let solves here use ``nbytes`` (the command line's ``--memory``; the page never sets it)."""
    if nbytes <= 0:
        raise InvalidParameterError(f"a memory budget must be positive, not {nbytes}")
    _memory_budget[0] = int(nbytes)


def _size(nbytes: float) -> str:
    """Memory in words: "2.2 GB", or "8 MB" below a tenth of a GB."""
    return f"{nbytes / 1e9:.1f} GB" if nbytes >= 1e8 else f"{nbytes / 1e6:.0f} MB"


def _in_text(param) -> str:
    """A parameter's label within a sentence ("Bound M" -> "bound M")."""
    label = param.label or param.name
    return label[0].lower() + label[1:]

ROLL = "roll"
HOLD = "hold"
#: how many values of the rest of a group are tried before an entry is taken to wait for them
_GROUP_SEARCH_LIMIT = 20_000


def person_reason(exc: Exception, game_name: str) -> str:
    """Why a state cannot be, in a player's words: ``"gro: p=2,i=0,j=0,k=1,o=0 cannot occur:
    each roll adds ..."`` -> ``"each roll adds ..."`` (no state syntax, no game name)."""
    return str(exc).split("cannot occur: ", 1)[-1].split(f"{game_name}: ", 1)[-1]


def _shown_letters(value) -> str:
    """Typed dice as a message repeats them: upper case, a pasted novel cut short."""
    typed = str(value).strip().upper()
    return (typed if len(typed) <= 12 else typed[:12] + "…") or "(none)"


def probability(value) -> float | None:
    """A win chance as returned: within [0, 1] (the sweeps' rounding leaves a few 1e-16
    beyond either end), None kept for an action not allowed."""
    return None if value is None or np.isnan(value) else min(1.0, max(0.0, float(value)))


@dataclass(frozen=True)
class Choice:
    """A roll outcome after which the mover picks the next turn state among
    ``options`` (e.g. which scoring dice to set aside). Options are listed in
    the game's preferred order: a fixed policy that does not say otherwise
    takes the first."""

    options: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise RulesError("a Choice needs at least one option")


@dataclass(frozen=True)
class TurnEnd:
    """What ending a turn leads to, for arrays of anchors.

    ``mover_value`` is the win probability of the player whose turn ended if
    the game is over (1 = that player won, 1/2 a draw), ``nan`` where the game
    goes on. ``next_anchor`` maps each anchor variable to the next mover's
    anchor (meaningful only where the game goes on).
    """

    mover_value: np.ndarray
    next_anchor: dict[str, np.ndarray]


@dataclass(frozen=True)
class Policy:
    """A roll/hold rule: ``rule(**state_columns)`` is True where it rolls.

    The rule receives every state column of the game as a numpy array (all
    broadcast together) and returns a boolean array. Where the rule asks for
    an action that is not legal in a state, the legal one is played. After a
    roll that offers a :class:`Choice`, a policy takes the first option.
    """

    name: str
    description: str
    rule: Callable[..., np.ndarray] = field(repr=False)
    source: str = ""
    #: the same rule in the rule language (pycore.jeopardy.rule_language), constants
    #: as printed; tests check it decides exactly as ``rule`` does
    expression: str = ""
    #: after a roll that offers a choice, the option taken, for the factored sweep: ``choose(game)``
    #: (G + 1, N) the transition of the game's turn graph at each gain step and outcome
    #: (None: the first option)
    choose: Callable | None = field(default=None, repr=False)


@dataclass(frozen=True)
class State:
    """One position: the anchor (who moves, banked scores) and the turn state (columns)."""

    game: str
    anchor: tuple[int, ...]
    turn: tuple[int, ...]


@dataclass(frozen=True)
class Transition:
    """One outcome of an action.

    Exactly one of ``state``, ``options`` and ``mover_value`` is set: the next
    position, the positions the mover picks from after this roll, or the
    final result for the player who acted (1.0 win, 0.5 draw, 0.0 loss).
    ``turn_ended`` tells whether the next position belongs to the opponent.
    """

    probability: Fraction
    state: State | None
    mover_value: float | None
    turn_ended: bool
    options: tuple[State, ...] = ()


def select(conditions_and_values: list[tuple[np.ndarray, object]], otherwise: object) -> np.ndarray:
    """An if/elif/else chain over arrays: the value of the first true condition.

    Reads like the papers' pseudo-code::

        select([((p == 2) & (j >= 50), True), (o == 0, True)], otherwise=k < 24)
    """
    conditions = [np.asarray(c, dtype=bool) for c, _ in conditions_and_values]
    values = [np.asarray(v) for _, v in conditions_and_values]
    shape = np.broadcast_shapes(*(c.shape for c in conditions), *(v.shape for v in values), np.shape(otherwise))
    return np.select(
        [np.broadcast_to(c, shape) for c in conditions],
        [np.broadcast_to(v, shape) for v in values],
        np.broadcast_to(np.asarray(otherwise), shape),
    )


def best_of(values: Mapping[str, float | None]) -> str:
    """Roll or hold by their values (``None``: not allowed): rolling only where strictly
    better; ties hold."""
    roll, hold = values[ROLL], values[HOLD]
    return ROLL if hold is None or (roll is not None and roll > hold) else HOLD


def options_of(outcome) -> tuple[tuple[int, ...], ...]:
    """The turn states an outcome can lead to (none for a bust)."""
    if outcome is None:
        return ()
    if isinstance(outcome, Choice):
        return outcome.options
    return (tuple(outcome),)


class JeopardyGame(Game):
    """Base class of a game's rules. Subclasses fill in the class attributes
    and the abstract methods; instances carry the parameters (goal, bound)."""

    kind = "jeopardy"
    anchor_vars: ClassVar[tuple[str, ...]]
    turn_vars: ClassVar[tuple[str, ...]]
    #: the state as a person enters it (anchor variables first)
    variables: ClassVar[tuple[StateVar, ...]]
    #: the column holding the mover's banked score (for komi, caps, boundary axes)
    score_var: ClassVar[str] = "i"
    #: the column holding the opponent's banked score
    opponent_var: ClassVar[str] = "j"
    #: what makes a turn start possible, and a turn state reachable (for error messages)
    start_hint: ClassVar[str] = "scores are below the goal"
    turn_hint: ClassVar[str] = "this turn state is not reachable from the start of the turn"
    #: what a roll can show (for a roll entered that cannot be)
    roll_hint: ClassVar[str] = "a roll shows one face per die rolled"
    #: how a player enters a roll in the page (empty: the game has no roll entry yet):
    #: {"dice": n, "colours": {letter: name}, "faces": [...], "hand": the variable whose dice
    #: are rolled again}
    roll_entry: ClassVar[dict] = {}
    #: parameter sets whose turn-start values ship in prebuilt_tables/ (``python -m pycore tables``)
    prebuilt: ClassVar[tuple[dict, ...]] = ()
    #: solved by the factored sweep (:mod:`pycore.jeopardy.factored`) instead of the (A, T) table:
    #: for a turn too large to tabulate at every anchor (Zombie Dice: 292,140 turn states)
    factored: ClassVar[bool] = False
    #: the views the page offers (a factored game has no (A, T) table to draw boundaries from)
    views: ClassVar[tuple[str, ...]] = ("advice", "slice", "solid", "thresholds", "strategies", "design", "play", "table")
    #: a factored game's hold-threshold chart (view "thresholds"): the two dice variables of its
    #: rows and columns; each cell is the gain from which holding is best
    threshold_axes: ClassVar[tuple[str, ...]] = ()
    #: a game whose hold threshold follows a counter of the turn starts (Pig with a turn limit:
    #: the turns left) charts it by that counter, every ``step`` values (2: the mover's own turns)
    threshold_anchor: ClassVar[tuple[str, int] | None] = None
    #: how a game of three or more players at the table ends (None: two players only): "goal",
    #: the first to bank the goal wins at once; "round", the round in which someone reaches
    #: the goal is played out and the most points win, a later player having to exceed an
    #: earlier one (GRO's player 2); "tiebreak", as "round" but a tie at the top plays another
    #: round among the tied (Zombie Dice)
    table_end: ClassVar[str | None] = "goal"
    #: what the advice is for unless a link or request says (Farkle: one turn, while its
    #: two-player game to 10,000 has no table yet)
    default_objective: ClassVar[str] = "win"
    #: whether the page evaluates a rule the user writes (False where one evaluation is a whole
    #: solve, minutes of CPython: the page says so and gives the CLI command instead)
    rules_evaluated_live: ClassVar[bool] = True
    #: variables a person enters together: a value one of them cannot take with the others as
    #: they are may be right once another changes (Zombie Dice's dice and brains, Farkle's turn
    #: total and dice left), so the page keeps it, marked, and checks the group as a whole
    entered_together: ClassVar[tuple[tuple[str, ...], ...]] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "variables" in cls.__dict__:
            columns = [c for v in cls.variables for c in _columns_of(v)]
            if columns != list(cls.anchor_vars + cls.turn_vars):
                raise RulesError(
                    f"{cls.name}: variables give columns {columns}, anchor_vars + turn_vars are "
                    f"{list(cls.anchor_vars + cls.turn_vars)}"
                )
        names = {v.name for v in cls.variables} if "variables" in cls.__dict__ or hasattr(cls, "variables") else set()
        for group in cls.__dict__.get("entered_together", ()):
            if not set(group) <= names or len(group) < 2:
                raise RulesError(f"{cls.name}: entered_together {group} must name two or more of {sorted(names)}")

    # ---- description -------------------------------------------------------------------

    @classmethod
    def state_variables(cls) -> tuple[StateVar, ...]:
        return cls.variables

    @classmethod
    def describe_extra(cls) -> dict:
        return {
            "axes": [cls.score_var, cls.opponent_var, cls.turn_vars[0]],
            "objectives": [
                {"name": k, "help": v, "label": OBJECTIVE_LABELS[k].format(unit=cls.turn_unit())}
                for k, v in OBJECTIVES.items()
            ],
            "views": list(cls.views),
            "view_titles": {v: VIEW_TITLES[v] for v in cls.views},
            "rules_evaluated_live": cls.rules_evaluated_live,
            "default_objective": cls.default_objective,
            "roll_entry": cls.roll_entry,
            "table_end": cls.table_end,
            "panel_vars": list(cls.panel_vars) if cls.panel_vars is not None else None,
            "together": [list(group) for group in cls.entered_together],
            "unit": cls.turn_unit(),  # what a turn's gain counts, in the game's words (brains)
        }

    @classmethod
    def turn_unit(cls) -> str:
        """What the turn's gain counts: "points", or the game's own word (Zombie Dice: brains)."""
        return cls.variable(cls.turn_vars[0]).unit or "points"

    @classmethod
    def variable(cls, name: str) -> StateVar:
        for v in cls.variables:
            if name == v.name or name in _columns_of(v):
                return v
        raise InvalidStateError(f"{cls.name} has no state variable {name!r}; valid keys: {', '.join(cls.state_var_names())}")

    @classmethod
    def state_var_names(cls) -> tuple[str, ...]:
        return tuple(v.name for v in cls.variables)

    # ---- shared defaults ------------------------------------------------------------

    @property
    def goal(self) -> int:
        return self.params["goal"]

    @property
    def bound(self) -> int:
        """The score bound M of the tabulated states (games that have one)."""
        return self.params["bound"]

    def _require_bound_above_goal(self, margin: int) -> None:
        if self.bound < self.goal + margin:
            raise InvalidParameterError(
                f"{self.name}: bound must be at least goal + {margin} = {self.goal + margin}, got {self.bound}"
            )

    @property
    def turn_start(self) -> tuple[int, ...]:
        """The turn state at the start of every turn (nothing banked or set aside)."""
        return tuple(0 for _ in self.turn_vars)

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        """The first mover's anchor when the first player starts ``komi``
        points ahead (negative: the second player starts ``-komi`` ahead)."""
        values = {"p": 1, self.score_var: max(komi, 0), self.opponent_var: max(-komi, 0)}
        return tuple(values[v] for v in self.anchor_vars)

    def layer(self, anchor: Mapping[str, np.ndarray]) -> np.ndarray:
        """The anchor's layer; see the module docstring. Default: the score sum."""
        return anchor[self.score_var] + anchor[self.opponent_var]

    # ---- what every game defines -------------------------------------------------

    @abstractmethod
    def anchors(self) -> np.ndarray:
        """Every anchor the solver tabulates, shape (A, len(anchor_vars)), int.

        A superset of the anchors reachable from the start: at least every
        anchor that ending a turn from a tabulated state can lead to."""

    @abstractmethod
    def turn_states(self) -> list[tuple[int, ...]]:
        """Every turn state (any order; the model sorts them)."""

    def anchor_count(self) -> int:
        """How many anchors there are (the estimate's; a game may count them without listing)."""
        return len(self.anchors())

    def turn_state_count(self) -> int:
        """How many turn states there are (a game whose list is slow to make counts them)."""
        return len(self.turn_states())

    @abstractmethod
    def gain(self, turn: tuple[int, ...]) -> int:
        """Points banked by holding in this turn state."""

    @abstractmethod
    def roll_outcomes(self, turn: tuple[int, ...]) -> list[tuple[Fraction, object]]:
        """Exact outcome probabilities of rolling: (probability, outcome), the
        outcome a next turn state, a :class:`Choice` of them, or ``None`` for a
        bust (the turn ends scoring nothing)."""

    @abstractmethod
    def roll_faces(self, turn: tuple[int, ...]) -> list[tuple[Fraction, Faces]]:
        """The exact distribution of what a roll shows (see :mod:`pycore.core.dice`)."""

    @abstractmethod
    def read_roll(self, turn: tuple[int, ...], faces: Faces) -> object:
        """The outcome (as in :meth:`roll_outcomes`) of a roll that shows ``faces``."""

    @abstractmethod
    def can_roll(self, state: Mapping[str, np.ndarray]) -> np.ndarray:
        """Where rolling is allowed (state columns broadcast together)."""

    @abstractmethod
    def can_hold(self, state: Mapping[str, np.ndarray]) -> np.ndarray:
        """Where holding is allowed."""

    @abstractmethod
    def end_turn(self, anchor: Mapping[str, np.ndarray], gain: np.ndarray) -> TurnEnd:
        """The result of ending a turn from ``anchor`` having banked ``gain``."""

    @property
    def gain_step(self) -> int:
        """The step of the turn's points (every gain is a multiple: Farkle's 50); the factored
        sweep's arrays have one row per step."""
        return 1

    #: CPython microseconds per (anchor, turn state) cell of a solve near a million cells, compile
    #: included (measured on the development machine: bench/bench_estimate.py; the page scales
    #: it by how fast the device proved); cells beyond a million cost more, as
    #: (cells / 1e6) ** 0.25 (memory traffic: measured 1.3-2x at 10-20 million cells)
    solve_microseconds_per_cell: ClassVar[float] = 1.5
    #: a designer's row (solve, expected length, a policy's evaluation) against a solve alone
    design_cost_factor: ClassVar[float] = 2.4
    #: peak memory of a solve, compile included, in bytes: a fixed part, a part per anchor and
    #: a part per (anchor, turn state) cell (measured as the growth of CPython's peak resident
    #: size: bench/bench_estimate.py --memory). A tabulated turn costs per cell; a factored
    #: sweep (``factored``) keeps its turn graph once, and the anchors' values
    solve_bytes_fixed: ClassVar[float] = 0.0
    solve_bytes_per_anchor: ClassVar[float] = 0.0
    solve_bytes_per_cell: ClassVar[float] = 230.0

    def solve_estimate(self) -> dict:
        """How large the two-player solve of these parameters is, before solving: ``cells``
        (anchors x turn states), ``seconds`` it takes in CPython on the development machine
        (2 cores; a phone's Pyodide is a few times slower: the page measures that) and the
        peak memory it needs in ``bytes``."""
        anchors = self.anchor_count()
        cells = anchors * self.turn_state_count()
        millions = cells / 1e6
        seconds = self.solve_microseconds_per_cell * millions * max(1.0, millions) ** 0.25
        needed = self.solve_bytes_fixed + anchors * self.solve_bytes_per_anchor + cells * self.solve_bytes_per_cell
        return {"cells": cells, "seconds": seconds, "bytes": int(needed)}

    def check_solvable(self) -> None:
        """InvalidParameterError, saying why, if the two-player game of these parameters is
        not solved here: too large for a phone's browser tab (:data:`LIVE_MEMORY_BYTES`, or
        the budget the command line's ``--memory`` set: :func:`memory_budget`; the message
        says which values of a parameter fit), or (a game's own check) a rule its model
        lacks. Offline table builds skip it."""
        # (asked once for these parameters and budget: a link's resolve asks, then the page's estimate)
        budget = memory_budget()
        too_large = self._shared(f"too_large {budget}", lambda: self._too_large(budget))
        if too_large:
            raise InvalidParameterError(too_large)

    def _too_large(self, budget: int) -> str | None:
        """Why a solve of these parameters does not fit ``budget`` bytes, or None."""
        needed = self.solve_estimate()["bytes"]
        if needed <= budget:
            return None
        shown = ", ".join(f"{_in_text(p)} {self.params[p.name]}" for p in self.parameters
                          if self.params[p.name] not in ("", p.default))
        where = (f"more than a phone's browser tab can give ({_size(budget)})" if budget == LIVE_MEMORY_BYTES
                 else f"more than the {_size(budget)} allowed (--memory)")
        return f"{self.title} with {shown} needs about {_size(needed)} of memory to solve, {where}; {self._what_fits(budget)}"

    def _what_fits(self, budget: int) -> str:
        """The largest value of the first whole-number parameter that brings the solve within
        ``budget`` bytes, the others as they are (a binary search on the estimate:
        the cells grow with every size parameter). A parameter its default derives from the
        others (AYZD's bound: twice the goal) follows them."""
        derived = {}
        for param in self.parameters:
            if self.params[param.name] != param.default:
                try:
                    with_default = type(self)(**{**self.params, param.name: param.default})
                except InvalidParameterError:
                    continue
                if with_default.params[param.name] == self.params[param.name]:
                    derived[param.name] = param.default

        def fits(name: str, value: int) -> bool:
            try:
                variant = type(self)(**{**self.params, **derived, name: value})
            except InvalidParameterError:
                return False
            return variant.solve_estimate()["bytes"] <= budget

        for param in self.parameters:
            current = self.params[param.name]
            if param.choices or param.text or not isinstance(current, int):
                continue
            # the smallest values may not go with the others (AYZD's goal 2 wants a bound of 5)
            low = next((v for v in range(param.minimum, min(current, param.minimum + 16)) if fits(param.name, v)), None)
            if low is None:
                continue
            high = current - 1  # fits(low); the answer is in [low, high]
            while low < high:
                middle = (low + high + 1) // 2
                low, high = (middle, high) if fits(param.name, middle) else (low, middle - 1)
            return f"{_in_text(param)} up to {low} fits, the other rules as they are"
        return "smaller rules fit"

    def factored_turn(self):
        """(TurnGraph, configuration columns) of the factored sweep: by default built from
        ``roll_outcomes`` (:func:`pycore.jeopardy.factored.graph_of_rules`); a game with a
        large turn builds its own, faster. Built once for these parameters."""
        from .factored import graph_of_rules  # factored imports this module

        return self._shared("factored_turn", lambda: graph_of_rules(self))

    def start_graph(self):
        """(TurnGraph, configuration columns, can_roll) that give the turn-start values the
        factored sweep computes (solve, policy evaluation): by default ``factored_turn()`` and
        the rules' ``can_roll``. A game whose play after a first choice is forced may list
        each choice's whole run as one roll (Pig's target: 100 targets times 106 turn totals
        become 100 runs), with rolls allowed at gain 0 only."""
        graph, columns = self.factored_turn()
        return graph, columns, self.can_roll

    # ---- prebuilt tables: the turn-start values of the listed variants ------------------

    @classmethod
    def prebuilt_variants(cls) -> list[JeopardyGame]:
        return [cls(**params) for params in cls.prebuilt]

    def build_table(self, progress=None):
        from .factored import TOLERANCE as FACTORED_TOLERANCE  # these import this module
        from .solver import solve

        solution, seconds = _timed(lambda: solve(self, progress=progress, check=False))  # offline: any size
        content = TableContent(
            solution.anchor_values,
            # win probabilities to 5e-10 where the solve is itself to a tolerance (factored), else
            # to the double's last bit (2^-53): advice from the table is the solve's
            scale_bits=30 if self.factored else 52,
            facts={
                "p_first_player_wins": solution.p_first_player_wins(),
                "anchors": len(solution.anchor_values),
                "states": solution.n_states,
                "solve_seconds": round(seconds, 2),
                "bound": self.params.get("bound"),
                # how far from the optimality equations the values are (before rounding to the
                # table's 2^-30): the factored solver's last change, below its tolerance
                "residual": solution.residual,
                **({"tolerance": FACTORED_TOLERANCE} if self.factored else {}),
            },
        )
        if not self.factored:
            return content
        # a factored game's komi and policies are solves of their own (minutes): shipped with it
        from .strategy import fairest_komi, komi_table, policy_results

        rows = komi_table(solution, self.table_komi_range())
        step = (lambda stage, fraction: progress(f"policies: {stage}", fraction)) if progress else None
        results, seconds = _timed(lambda: [r.to_json() for r in policy_results(solution, progress=step)])
        facts = {
            **content.facts,
            "komi": [{"points": r.points, "p_first_player_wins": r.p_first_player_wins} for r in rows],
            "fairest_head_start": -fairest_komi(rows).points,
            "policies": results,
            "policies_seconds": round(seconds, 1),
        }
        return type(content)(content.values, content.extra, content.scale_bits, facts)

    def table_komi_range(self) -> int | None:
        """The largest head start a factored game's table lists (None: the default range)."""
        return None

    def table_order(self):
        count = len(self._anchor_array)
        return np.arange(count), count

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        """The row of a (canonical) anchor in ``anchors()`` (and in a prebuilt table)."""
        rows = self._shared("rows", lambda: {tuple(int(x) for x in r): n for n, r in enumerate(self._anchor_array)})
        return rows[self.anchor_key(anchor)]

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        """Whether a canonical anchor is tabulated (a game with a regular grid of anchors may
        answer without the set of them: Farkle's 40,000)."""
        return key in self._anchor_set

    def _shared(self, name: str, build: Callable):
        """A lookup built once for every instance of these parameters (each request makes its
        own instance: Farkle's 40,000 anchors took 0.3 s a request to index again)."""
        entry = _SHARED.get(self.key)
        if entry is None:
            if len(_SHARED) >= 4:
                _SHARED.pop(next(iter(_SHARED)))
            entry = _SHARED[self.key] = {}
        if name not in entry:
            entry[name] = build()
        return entry[name]

    def canonical_anchor(self, anchor: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
        """The tabulated anchor that stands for ``anchor`` (identity unless a
        game merges positions whose futures are identical)."""
        return dict(anchor)

    def human_policies(self) -> tuple[Policy, ...]:
        """The human-playable policies printed in the literature."""
        return ()

    # ---- what the tables hold, cached per instance -----------------------------------

    @cached_property
    def _anchor_array(self) -> np.ndarray:
        return self._shared("anchor_array", lambda: np.asarray(self.anchors(), dtype=np.int64))

    @cached_property
    def _anchor_set(self) -> frozenset:
        return self._shared("anchor_set", lambda: frozenset(tuple(int(x) for x in row) for row in self._anchor_array))

    @cached_property
    def _turn_array(self) -> np.ndarray:
        return np.array(sorted(tuple(int(x) for x in t) for t in self.turn_states()), dtype=np.int64)

    def var_range(self, var: str) -> tuple[int, int]:
        """Inclusive range of a state column in the tabulated states."""
        if var in self.anchor_vars:
            column = self._anchor_array[:, self.anchor_vars.index(var)]
        else:
            column = self._turn_array[:, self.turn_vars.index(var)]
        return int(column.min()), int(column.max())

    # ---- states as people write them ------------------------------------------------------

    @property
    def state_vars(self) -> tuple[str, ...]:
        """The state's keys as a person writes them (CLI, links, JSON)."""
        return self.state_var_names()

    @property
    def columns(self) -> tuple[str, ...]:
        """The state's integer columns as the solver and rules see them."""
        return self.anchor_vars + self.turn_vars

    def missing_values(self) -> dict[str, int]:
        """What each column is when a state leaves it out: the turn's start, player 1, the
        turns left at the game's start (a turn counter), and 0 for the scores and the rest."""
        start = dict(zip(self.anchor_vars, self.start_anchor(0), strict=True))
        values = {v: 0 if v in (self.score_var, self.opponent_var) else x for v, x in start.items()}
        values.update(zip(self.turn_vars, self.turn_start, strict=True))
        return {c: values.get(c, 0) for c in self.columns}

    def state(self, **values) -> State:
        """A state from keyword values; a missing ``p`` is player 1, a missing turns left the
        game's start, any other missing value 0 (so ``i=10`` is the start of player 1's
        turn with 10 points against 0). Raises InvalidStateError."""
        for key in values:
            if key not in self.state_vars:
                raise InvalidStateError(
                    f"{self.name} has no state variable {key!r}; valid keys: {', '.join(self.state_vars)}"
                )
        defaults = self.missing_values()
        full: dict[str, int] = {}
        for var in self.variables:
            names = _columns_of(var)
            if var.name not in values:
                full.update({c: defaults[c] for c in names})
            elif var.letters:
                full.update(self.letter_columns(var, values[var.name]))
            else:
                value = values[var.name]
                if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                    raise InvalidStateError(f"{self.name}: {var.name} must be a whole number, got {value!r}")
                full[var.name] = int(value)
        state = State(
            self.name,
            tuple(full[v] for v in self.anchor_vars),
            tuple(full[v] for v in self.turn_vars),
        )
        self.check_state(state)
        return state

    def letter_columns(self, var: StateVar, value) -> dict[str, int]:
        """A dice variable's letters (e.g. ``"GGR"``) as its count columns."""
        if not isinstance(value, str) or any(ch not in var.letters for ch in value.strip().upper()):
            raise InvalidStateError(
                f"{self.name}: {var.name} ({var.help}) is a string of the letters {', '.join(var.letters)}, "
                f"got {value!r}"
            )
        text = value.strip().upper()
        return {column: text.count(letter) for column, letter in zip(_columns_of(var), var.letters, strict=True)}

    @staticmethod
    def count_letters(var: StateVar, counts) -> str:
        """A dice variable's count columns (in its letters' order) as letters, e.g. ``"GGR"``:
        the format of :meth:`letter_columns`."""
        return "".join(letter * int(n) for letter, n in zip(var.letters, counts, strict=True))

    def step(self, state: State, var: str, direction: int) -> State:
        """The state with ``var`` moved to the next value, up (``direction`` 1) or down (-1),
        that can occur with every other variable as it is: what a stepper's + and - do (GRO's
        turn total goes 0 -> 5 with no 1s set aside, Pig's 0 -> 2). InvalidStateError, naming
        why, if there is none within the variable's range."""
        values = self.state_values(state)
        variable = self.variable(var)
        if variable.letters or direction not in (1, -1):
            raise InvalidStateError(f"{self.name}: {var} cannot be stepped (direction 1 or -1, a number variable)")
        low, high = self.var_range(var)
        reason = ""
        value = values[var] + direction
        while low <= value <= high:
            try:
                return self.state(**{**values, var: value})
            except InvalidStateError as exc:
                reason = reason or str(exc)
            value += direction
        if not reason:
            edge = "highest" if direction > 0 else "lowest"
            raise InvalidStateError(f"{variable.label} is already at its {edge} ({values[var]})")
        where = "higher" if direction > 0 else "lower"
        why = reason.split(": ", 1)[-1]
        raise InvalidStateError(f"{variable.label} cannot go {where} with everything else as it is: {why}")

    def group_of(self, var: str) -> tuple[str, ...]:
        """The variables entered together with ``var`` (:attr:`entered_together`), ``var``
        included; just ``(var,)`` when it is entered alone."""
        return next((g for g in self.entered_together if var in g), (var,))

    def enter_together(self, state: State, var: str, value, others: dict) -> tuple[State | None, str]:
        """What a person's entry does: ``var`` set to ``value`` together with the values
        ``others`` already entered for the rest of its group (and not yet taken). Returns
        (the state, "") when they can occur together; (None, why) when the entry must wait
        for another of the group to change (kept, not refused); a number that can occur with
        no values of the rest of its group is moved to the nearest one that can be
        (:meth:`nearest_value`: the state and why). InvalidStateError for an entry no change
        of the group makes possible."""
        group = self.group_of(var)
        stray = [name for name in others if name not in group or name == var]
        if stray:
            raise InvalidStateError(
                f"{self.name}: {', '.join(map(str, stray))} is not entered together with {var} "
                f"(its group: {', '.join(group)})"
            )
        for name, entered in {**others, var: value}.items():
            letters = self.variable(name).letters
            if (not isinstance(entered, str)) if letters else (isinstance(entered, bool) or not isinstance(entered, int)):
                kind = f"a string of the letters {letters}" if letters else "a whole number"
                raise InvalidStateError(f"{self.name}: {name} must be {kind}, got {entered!r}")
        values = {**self.state_values(state), **others, var: value}
        try:
            return self.state(**values), ""
        except InvalidStateError as exc:
            why = person_reason(exc, self.name)
        variable = self.variable(var)
        if len(group) == 1 or not self._could_be_in_group(values, var, group):
            if variable.letters:
                raise InvalidStateError(f"{variable.label} {_shown_letters(value)}: {why}") from None
            return self.nearest_value(state, var, value)
        return None, why

    def _could_be_in_group(self, values: dict, var: str, group: tuple[str, ...]) -> bool:
        """Whether ``var`` at its value in ``values`` can occur with some values of the rest of
        its group (the scores as they are). A group holding dice by colour is not searched:
        any entry of it may wait for the other dice."""
        rest = [name for name in group if name != var]
        if any(self.variable(name).letters for name in rest):
            return True
        ranges = [range(self.var_range(name)[0], self.var_range(name)[1] + 1) for name in rest]
        for combination in itertools.islice(itertools.product(*ranges), _GROUP_SEARCH_LIMIT):
            try:
                self.state(**{**values, **dict(zip(rest, combination, strict=True))})
                return True
            except InvalidStateError:
                continue
        return False

    def nearest_value(self, state: State, var: str, value: int, direction: int = 0) -> tuple[State, str]:
        """The state with ``var`` as close to ``value`` as can occur with every other
        variable as it is (the lower one on a tie), and why ``value`` itself cannot occur
        ("" if it can): what typing a number does. With a ``direction`` (a slider moved
        down, -1, or up, 1) the first value that can occur from ``value`` on that way is
        taken if there is one, so a slider never snaps back to where it was. Unlike the
        link resolver's nearest state, nothing but ``var`` ever changes."""
        values = self.state_values(state)
        variable = self.variable(var)
        if variable.letters:
            raise InvalidStateError(f"{self.name}: {var} is not a number")
        low, high = self.var_range(var)
        reason = ""
        if low <= value <= high:
            try:
                return self.state(**{**values, var: value}), ""
            except InvalidStateError as exc:
                reason = person_reason(exc, self.name)
        else:
            reason = f"{variable.label.lower()} runs from {low} to {high}"

        # the search starts from the range's nearest end when the value is outside it, so a
        # value like 10**100 costs no more than one inside
        origin = min(max(value, low), high)

        def candidates():
            if origin != value:
                yield origin
            if direction in (1, -1):
                yield from range(origin + direction, high + 1 if direction > 0 else low - 1, direction)
            for distance in range(1, high - low + 1):
                yield from (origin - distance, origin + distance)

        for candidate in candidates():
            if low <= candidate <= high:
                try:
                    moved = self.state(**{**values, var: candidate})
                except InvalidStateError:
                    continue
                return moved, f"{variable.label} {value} cannot occur here ({reason}); showing {candidate}"
        raise InvalidStateError(f"{variable.label} has no possible value with everything else as it is: {reason}")

    def parse_state(self, text: str) -> State:
        """Parse ``"i=10,j=20,k=5"`` (the CLI and link syntax)."""
        values: dict[str, object] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, raw = part.partition("=")
            key = key.strip()
            if not sep:
                raise InvalidStateError(f"{self.name}: expected key=value in the state, got {part!r}")
            if key in values:
                raise InvalidStateError(f"{self.name}: {key} is given twice in the state")
            values[key] = self.parse_value(key, raw)
        return self.state(**values)

    def parse_value(self, key: str, raw: str) -> object:
        """One state value from text: letters for a dice variable, else a whole number."""
        if key in self.state_vars and self.variable(key).letters:
            return raw.strip()
        if not WHOLE_NUMBER.fullmatch(raw.strip()):
            raise InvalidStateError(f"{self.name}: {not_a_number(key, raw.strip())}")
        return int(raw)

    def format_state(self, state: State) -> str:
        """Inverse of :meth:`parse_state`."""
        return ",".join(f"{k}={v}" for k, v in self.state_values(state).items())

    def column_values(self, state: State) -> dict[str, int]:
        """The state's integer columns."""
        return dict(zip(self.columns, state.anchor + state.turn, strict=True))

    def state_values(self, state: State) -> dict[str, int | str]:
        """The state as a person writes it (dice variables as letters)."""
        cols = self.column_values(state)
        out: dict[str, int | str] = {}
        for var in self.variables:
            if var.letters:
                out[var.name] = self.count_letters(var, [cols[c] for c in _columns_of(var)])
            else:
                out[var.name] = cols[var.name]
        return out

    def state_to_json(self, state: State) -> str:
        return json.dumps({"game": state.game, **self.state_values(state)}, sort_keys=True)

    def state_from_json(self, text: str) -> State:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(f"{self.name}: state is not valid JSON ({exc.msg})") from None
        if not isinstance(data, dict):
            raise InvalidStateError(f"{self.name}: a state must be a JSON object")
        data = dict(data)
        game = data.pop("game", self.name)
        if game != self.name:
            raise InvalidStateError(f"state is for game {game!r}, not {self.name!r}")
        return self.state(**data)

    def _columns(self, state: State) -> dict[str, np.ndarray]:
        return {k: np.asarray(v) for k, v in self.column_values(state).items()}

    # ---- scalar helpers derived from the rules ----------------------------------

    def check_state(self, state: State) -> None:
        """Raise InvalidStateError unless the state is one the game can reach:
        every column in its range, the anchor tabulated, and the turn state
        reachable from the turn start of that anchor. Cheap: it explores only
        this anchor's turn, never the whole table."""
        if state.game != self.name:
            raise InvalidStateError(f"state is for game {state.game!r}, not {self.name!r}")
        for var, value in zip(self.columns, state.anchor + state.turn, strict=True):
            low, high = self.var_range(var)
            if not low <= value <= high:
                raise InvalidStateError(
                    f"{self.name}: {self.variable(var).label} ({var}) must be between {low} and {high}, got {value}"
                )
        self.anchor_key(state.anchor)
        if tuple(state.turn) not in self.reachable_turns(state.anchor):
            raise InvalidStateError(f"{self.name}: {self.format_state(state)} cannot occur: {self.turn_hint}")

    def anchor_key(self, anchor: tuple[int, ...]) -> tuple[int, ...]:
        """The tabulated anchor standing for ``anchor``; InvalidStateError if there is none."""
        names = self.anchor_vars
        canonical = self.canonical_anchor({v: np.asarray(int(x)) for v, x in zip(names, anchor, strict=True)})
        key = tuple(int(canonical[v]) for v in names)
        if not self.has_anchor(key):
            raise InvalidStateError(
                f"{self.name}: no such position at the start of a turn, "
                + ", ".join(f"{self.variable(k).label.lower()} {v}" for k, v in zip(names, anchor, strict=True))
                + f" ({self.start_hint})"
            )
        return key

    def reachable_turns(self, anchor: tuple[int, ...]) -> dict[tuple[int, ...], None]:
        """Every turn state reachable from the turn start at this anchor, in the
        order found (cached per anchor)."""
        cache = self.__dict__.setdefault("_reachable", {})
        key = tuple(int(x) for x in anchor)
        if key not in cache:
            if len(cache) > 4096:
                cache.clear()
            seen = {tuple(self.turn_start): None}
            stack = [tuple(self.turn_start)]
            while stack:
                turn = stack.pop()
                if ROLL not in self.actions_at(key, turn):
                    continue
                for _, outcome in self.roll_outcomes(turn):
                    for nxt in options_of(outcome):
                        if nxt not in seen:
                            seen[nxt] = None
                            stack.append(nxt)
            cache[key] = seen
        return cache[key]

    def actions_at(self, anchor: tuple[int, ...], turn: tuple[int, ...], hold_wins: bool | None = None) -> tuple[str, ...]:
        """The legal moves at an anchor and turn state (see :meth:`legal_actions`); ``hold_wins``
        says whether holding here wins the game on the spot (None: as the two-player rules say;
        a table of more players says for itself)."""
        cols = {k: np.asarray(v) for k, v in zip(self.columns, tuple(anchor) + tuple(turn), strict=True)}
        can_hold = bool(self.can_hold(cols))
        if hold_wins is None:
            hold_wins = can_hold and self.turn_end(anchor, self.gain(turn), Fraction(1)).mover_value == 1.0
        if can_hold and hold_wins:
            return (HOLD,)
        actions = []
        if bool(self.can_roll(cols)):
            actions.append(ROLL)
        if can_hold:
            actions.append(HOLD)
        return tuple(actions)

    def legal_actions(self, state: State) -> tuple[str, ...]:
        """The moves in a state. Where holding wins the game on the spot the
        win is taken: holding is the only move (as the papers count it)."""
        return self.actions_at(state.anchor, state.turn)

    def turn_end(self, anchor: tuple[int, ...], gain: int, probability: Fraction) -> Transition:
        """Ending a turn from ``anchor`` having banked ``gain``: the game's result or the next turn start."""
        columns = {k: np.asarray(v) for k, v in zip(self.anchor_vars, anchor, strict=True)}
        end = self.end_turn(columns, np.asarray(gain))
        value = float(end.mover_value)
        if not np.isnan(value):
            return Transition(probability, None, value, True)
        nxt = tuple(int(end.next_anchor[v]) for v in self.anchor_vars)
        return Transition(probability, State(self.name, nxt, self.turn_start), None, True)

    def parse_faces(self, text: str) -> list:
        """A roll written as text, one face per character (``"155234"``); InvalidStateError
        naming what is not a face."""
        if not isinstance(text, str) or not text.strip() or not all(c in "0123456789 ," for c in text):
            raise InvalidStateError(f"{self.name}: a roll is written as its faces, e.g. 155234, got {text!r}")
        return [int(c) for c in text if c in "0123456789"]

    #: the variables a boundary picture's panel fixes (None: every column but the three axes)
    panel_vars: ClassVar[tuple[str, ...] | None] = None

    def panel_configuration(self, start_values: np.ndarray, anchors: np.ndarray, columns: dict) -> np.ndarray:
        """A factored game's boundary picture: the configuration (B,) of each anchor's turn the
        picture shows, given each configuration's value at gain 0 (B, C): by default where
        the turn starts."""
        graph, _ = self.factored_turn()
        return np.full(len(anchors), graph.start)

    def by_turns(self, solution) -> dict | None:
        """A game with a turn limit: how it approaches the game without one, for the solve's
        answer (``by_turns``); None for the others."""
        return None

    def chooses_before_rolling(self, turn: tuple[int, ...]) -> bool:
        """Whether rolling from this turn state rolls no dice and only offers a choice (Pig's
        target, chosen at the start of the turn): the advice lists the choices at once."""
        shown = self.roll_faces(turn)
        return len(shown) == 1 and shown[0][1] == ()

    def choice_offered(self, anchor: tuple[int, ...], option: tuple[int, ...]) -> bool:
        """Whether the advice lists this option at this anchor: all by default; a game may leave
        out options that play exactly like a listed one (Pig's targets beyond the goal)."""
        return True

    def describe_choice(self, turn: tuple[int, ...], faces, option: tuple[int, ...]) -> dict:
        """What a choice after a roll means in the game's words (Farkle: the dice set aside and
        their points); nothing by default."""
        return {}

    def roll_entry_at(self, turn: tuple[int, ...]) -> dict:
        """How a person enters a roll from this turn state (the page's dice entry): the class's
        ``roll_entry`` (colours, face names, the hand) with ``dice`` the number of dice this roll
        shows; a game without one gets the faces its roll can show, in order. ``dice`` 0: the
        roll is a choice, no dice are rolled (Pig with a turn limit: the target)."""
        shown = self.roll_faces(turn)
        entry = dict(type(self).roll_entry)
        entry["dice"] = len(shown[0][1]) if shown else 0
        if "faces" not in entry:
            entry["faces"] = sorted({face for _, faces in shown for face in faces})
        return entry

    def apply_roll(self, state: State, faces) -> Transition:
        """What a roll showing ``faces`` (in any order; lists for tuple faces, as JSON gives
        them) leads to from ``state``, with the chance of seeing those faces: what a player
        at the table enters. InvalidStateError if rolling is not allowed there or no roll
        from there shows these faces (the game's ``roll_hint`` says what a roll can show)."""
        if ROLL not in self.legal_actions(state):
            raise InvalidStateError("rolling is not allowed here: the turn is over or the game has ended")
        return self.read_faces(state, faces)

    def read_faces(self, state: State, faces) -> Transition:
        """:meth:`apply_roll` where rolling is known to be allowed (a table of more players
        decides that for itself): a bust is the turn's end having banked nothing."""
        if not isinstance(faces, (list, tuple)):
            raise InvalidStateError(f"{self.name}: a roll is a list of the faces shown, got {faces!r}")
        wanted = _face_count(faces)
        for probability, shown in self.roll_faces(state.turn):
            if _face_count(shown) == wanted:
                outcome = self.read_roll(state.turn, shown)
                if outcome is None:
                    return self.turn_end(state.anchor, 0, probability)
                if isinstance(outcome, Choice):
                    options = tuple(State(self.name, state.anchor, tuple(t)) for t in outcome.options)
                    return Transition(probability, None, None, False, options)
                return Transition(probability, State(self.name, state.anchor, tuple(outcome)), None, False)
        raise InvalidStateError(f"no roll from this position shows that: {self.roll_hint}")

    def transitions(self, state: State, action: str) -> list[Transition]:
        """Every outcome of ``action`` in ``state`` with its exact probability."""
        if action not in self.legal_actions(state):
            raise InvalidStateError(
                f"{action!r} is not legal in {self.format_state(state)}; legal: {', '.join(self.legal_actions(state))}"
            )
        if action == HOLD:
            return [self.turn_end(state.anchor, self.gain(state.turn), Fraction(1))]
        result = []
        for probability, outcome in self.roll_outcomes(state.turn):
            if outcome is None:
                result.append(self.turn_end(state.anchor, 0, probability))
            elif isinstance(outcome, Choice):
                options = tuple(State(self.name, state.anchor, tuple(t)) for t in outcome.options)
                result.append(Transition(probability, None, None, False, options))
            else:
                result.append(Transition(probability, State(self.name, state.anchor, tuple(outcome)), None, False))
        return result


def _timed(work):
    started = time.perf_counter()
    result = work()
    return result, time.perf_counter() - started


def _face_count(faces) -> dict:
    """Faces as a multiset (order does not matter; JSON lists read as tuples)."""
    count: dict = {}
    for face in faces:
        face = tuple(face) if isinstance(face, list) else face
        try:
            count[face] = count.get(face, 0) + 1
        except TypeError:  # e.g. a JSON object where a face should be
            raise InvalidStateError(f"a face is a name or a list like [colour, face], got {face!r}") from None
    return count


def _columns_of(var: StateVar) -> list[str]:
    """The integer columns a state variable is stored in."""
    return [f"{var.name}_{letter}" for letter in var.letters] if var.letters else [var.name]


#: what a jeopardy game can be solved for: the win probability of two players, or the
#: expected points of one turn (the within-turn optimum, e.g. for Zombie Dice or Farkle)
OBJECTIVES = {
    "win": "the probability of winning the game (two players)",
    "turn-score": "the expected points of one turn",
}
#: per game key (name and parameters), lookups every instance shares (see JeopardyGame._shared)
_SHARED: dict[tuple, dict] = {}

#: each objective as a choice on screen (``unit``: the game's :meth:`JeopardyGame.turn_unit`)
OBJECTIVE_LABELS = {"win": "Win the game", "turn-score": "Most {unit} this turn"}
#: every view a jeopardy game may offer, by its name in links, and its title on the page
VIEW_TITLES = {"advice": "Advice", "slice": "Boundary 2-D", "solid": "Boundary 3-D", "thresholds": "When to hold",
               "strategies": "Strategies", "design": "Designer", "play": "Play", "table": "At the table"}
