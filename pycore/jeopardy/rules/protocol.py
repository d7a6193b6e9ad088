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

Contract (checked by :mod:`pycore.jeopardy.model.compiled` when a game is compiled):

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

from abc import abstractmethod
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cached_property
from typing import ClassVar

import numpy as np

from pycore.core.cache import BoundedCache
from pycore.core.dice import Faces, face_count, is_face
from pycore.core.errors import InvalidParameterError, InvalidStateError, RulesError
from pycore.core.game import Game
from pycore.core.params import StateVar
from pycore.jeopardy.rules.state_text import StateText, columns_of
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, Choice, Policy, State, Transition, TurnEnd, options_of
from pycore.jeopardy.solving.budget import SolveCost


class JeopardyGame(StateText, SolveCost, Game):
    """Base class of a game's rules. Subclasses fill in the class attributes
    and the abstract methods; instances carry the parameters (goal, bound)."""

    kind = "jeopardy"
    #: players whose chances the solver computes (more than two: :mod:`pycore.jeopardy.seats.sweep`)
    players: ClassVar[int] = 2
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
    #: the solver the game needs, by name (:data:`pycore.jeopardy.solving.dispatch.SOLVERS`): "tabulated",
    #: the (A, T) table of every cell, or "factored", the turn's graph swept for many anchors at
    #: once, for a turn too large to tabulate at every anchor (Zombie Dice: 292,140 turn states)
    solver: ClassVar[str] = "tabulated"
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
    #: counters of the turn start kept for each player besides the scores, (the mover's, the
    #: opponent's): they change sides with the scores when the turn passes (Farkle's zilches)
    player_pairs: ClassVar[tuple[tuple[str, str], ...]] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "variables" in cls.__dict__:
            columns = [c for v in cls.variables for c in columns_of(v)]
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
            "players": cls.players,  # whose chances the solver computes (more than two: each seat's)
        }

    @classmethod
    def turn_unit(cls) -> str:
        """What the turn's gain counts: "points", or the game's own word (Zombie Dice: brains)."""
        return cls.variable(cls.turn_vars[0]).unit or "points"

    @classmethod
    def variable(cls, name: str) -> StateVar:
        for v in cls.variables:
            if name == v.name or name in columns_of(v):
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

    def check_komi(self, komi: int) -> None:
        """InvalidParameterError unless ``komi`` is a head start this game can give: less than
        the goal either way, on the game's grid of points (Farkle: a multiple of 50)."""
        step = self.gain_step
        if isinstance(komi, bool) or not isinstance(komi, int) or not -self.goal < komi < self.goal or komi % step:
            on_grid = f", a multiple of {step}" if step > 1 else ""
            raise InvalidParameterError(
                f"{self.name}: a head start (komi) is a whole number between {-self.goal + step} and "
                f"{self.goal - step}{on_grid}, got {komi!r}")

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


    def live_limit(self) -> str | None:
        """Why these rules are not solved live whatever the memory (a rule the model lacks, a
        size the page refuses by its own measure), or None (:func:`pycore.jeopardy.solving.budget.check_solvable`)."""
        return None

    def factored_turn(self):
        """The game's own (TurnGraph, configuration columns) for the factored sweep, built
        faster than from the rules (Zombie Dice's 10,820 configurations), or None: the sweep
        builds it from ``roll_outcomes`` (:func:`pycore.jeopardy.solving.turn_graph.graph_of`)."""
        return None

    def start_graph(self):
        """The game's own (TurnGraph, configuration columns, can_roll) that give the turn-start
        values the factored sweep computes (solve, policy evaluation), or None: the turn's
        graph and the rules' ``can_roll`` (:func:`pycore.jeopardy.solving.turn_graph.start_graph_of`).
        A game whose play after a first choice is forced may list each choice's whole run as
        one roll (Pig's target: 100 targets times 106 turn totals become 100 runs), with rolls
        allowed at gain 0 only."""
        return None

    # ---- prebuilt tables: the turn-start values of the listed variants ------------------

    @classmethod
    def prebuilt_variants(cls) -> list[JeopardyGame]:
        return [cls(**params) for params in cls.prebuilt]

    def table_komi_range(self) -> int | None:
        """The largest head start a table lists where it ships the komi (None: the default range)."""
        return None

    def table_notes(self) -> dict:
        """Facts about the model a table ships with its values (Farkle: the rules it leaves out)."""
        return {}

    def table_order(self):
        # each anchor's chance for the mover; with more players each seat's but the last
        # (the chances sum to 1), seat by seat (:meth:`ForThreePlayers.table_seats`)
        count = self.anchor_count() * (int(self.players) - 1)
        return np.arange(count), count

    #: a solve's answer from a table reads its entry's states and residual
    table_facts_read = ("states", "residual")

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        """The row of a (canonical) anchor in ``anchors()`` (and in a prebuilt table)."""
        rows = self.shared("rows", lambda: {tuple(int(x) for x in r): n for n, r in enumerate(self._anchor_array)})
        return rows[self.anchor_key(anchor)]

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        """Whether a canonical anchor is tabulated (a game with a regular grid of anchors may
        answer without the set of them: Farkle's 40,000)."""
        return key in self._anchor_set

    def shared(self, name: str, build: Callable):
        """A lookup built once for every instance of these parameters (each request makes its
        own instance: Farkle's 40,000 anchors took 0.3 s a request to index again)."""
        entry = _SHARED.get(self.key, dict)
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

    @property
    def policies_game(self) -> JeopardyGame:
        """The game the human policies are evaluated on: this one, or a smaller model of it
        where an evaluation here would take hours (Farkle's zilch counts); the answer then
        names that model."""
        return self

    # ---- what the tables hold, cached per instance -----------------------------------

    @cached_property
    def _anchor_array(self) -> np.ndarray:
        return self.shared("anchor_array", lambda: np.asarray(self.anchors(), dtype=np.int64))

    @cached_property
    def _anchor_set(self) -> frozenset:
        return self.shared("anchor_set", lambda: frozenset(tuple(int(x) for x in row) for row in self._anchor_array))

    @cached_property
    def _turn_array(self) -> np.ndarray:
        return np.array(sorted(tuple(int(x) for x in t) for t in self.turn_states()), dtype=np.int64)

    def var_range(self, var: str) -> tuple[int, int]:
        """Inclusive range of a state column in the tabulated states (kept: three-player Pig
        has 10^6 anchors, and every state checked asks for each column's)."""
        return self._var_ranges[var]

    @cached_property
    def _var_ranges(self) -> dict[str, tuple[int, int]]:
        ranges = self.anchor_ranges()
        for table, names in ((None if ranges else self._anchor_array, self.anchor_vars), (self._turn_array, self.turn_vars)):
            for n, var in enumerate(names):
                if table is not None:
                    ranges[var] = (int(table[:, n].min()), int(table[:, n].max()))
        return ranges

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        """Each anchor column's inclusive range, where arithmetic gives it (a grid of turn
        starts: Farkle's 56 million at its finest unit would cost a phone gigabytes to list);
        empty: read from :meth:`anchors`."""
        return {}

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
            raise InvalidStateError(f"{self.name}: {self.state_to_text(state)} cannot occur: {self.turn_hint}")

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
            others = None if end.others is None else tuple(float(x) for x in np.ravel(end.others))
            return Transition(probability, None, value, True, others=others)
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
        picture shows, given each configuration's value at gain 0 (B, C); None: where the
        turn starts."""
        return None

    def turn_score_values(self, anchor: tuple[int, ...]):
        """The game's own exact one-turn values (the turn's :class:`~pycore.jeopardy.solving.turn.Turn`)
        where its solver's would be bounded (Farkle's turn total has no bound), else None."""
        return None

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
        if not isinstance(faces, (list, tuple)) or not all(is_face(face) for face in faces):
            raise InvalidStateError(f"{self.name}: a roll is a list of the faces shown (numbers or names), got {faces!r}")
        wanted = face_count(faces)
        for probability, shown in self.roll_faces(state.turn):
            if face_count(shown) == wanted:
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
                f"{action!r} is not legal in {self.state_to_text(state)}; legal: {', '.join(self.legal_actions(state))}"
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


#: what a jeopardy game can be solved for: the win probability of two players, or the
#: expected points of one turn (the within-turn optimum, e.g. for Zombie Dice or Farkle)
OBJECTIVES = {
    "win": "the probability of winning the game (two players)",
    "turn-score": "the expected points of one turn",
}
#: per game key (name and parameters), lookups every instance shares (see JeopardyGame.shared; the last four games)
_SHARED = BoundedCache("game lookups", 4)

#: each objective as a choice on screen (``unit``: the game's :meth:`JeopardyGame.turn_unit`)
OBJECTIVE_LABELS = {"win": "Win the game", "turn-score": "Most {unit} this turn"}
#: every view a jeopardy game may offer, by its name in links, and its title on the page
VIEW_TITLES = {"advice": "Advice", "slice": "Boundary 2-D", "solid": "Boundary 3-D", "thresholds": "When to hold",
               "strategies": "Strategies", "design": "Designer", "play": "Play", "table": "At the table"}
