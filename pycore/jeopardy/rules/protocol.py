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
functions answer for a single state: ``transitions`` and ``check_state`` at the bottom,
and the moves of one position (:mod:`pycore.jeopardy.rules.moves`: ``legal_actions``,
``apply_roll``, ``turn_end``) are derived from them, so each rule is written once. How a
position is written and read (text, JSON, keyword values) is not the rules' either: it is
:class:`~pycore.jeopardy.rules.notation.Notation`'s, read from the game's ``variables``.

**Declared data beside the rules.** What is not a rule is not a member to write but a value
to declare, as OpenSpiel's GameType and GameInfo sit beside its State: ``cost``, the
measured figures of a solve's time and memory
(:class:`~pycore.jeopardy.solving.budget.SolveCost`: the budget refuses what does not fit
before it starts), and ``page``, how the page shows the game (its views, its roll entry,
the words an entry that cannot be gets:
:class:`~pycore.jeopardy.rules.hints.JeopardyPage`). Neither changes an answer; a game
whose figures or words follow its parameters makes the value a property. Likewise
``tables``, what its prebuilt tables are (:class:`~pycore.core.table_spec.TableSpec`: which
parameter sets ship, what a table holds; read by that module's functions), and where its
positions are: ``layout(game)`` (:mod:`pycore.jeopardy.rules.layout`) indexes the anchors and
turn states once per game, a game answering by arithmetic declaring its own ``anchor_layout``.

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
from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

import numpy as np

from pycore.core.dice import Faces
from pycore.core.errors import InvalidParameterError, InvalidStateError, RulesError
from pycore.core.game import Game
from pycore.core.params import StateVar
from pycore.core.table_spec import TableSpec
from pycore.jeopardy.rules.hints import JeopardyPage
from pycore.jeopardy.rules.layout import AnchorLayout, JeopardyTables, layout
from pycore.jeopardy.rules.moves import legal_actions, rolls_allowed, turn_end
from pycore.jeopardy.rules.notation import Notation, column_names, columns_of, variable_of
from pycore.jeopardy.rules.vocabulary import HOLD, Choice, Policy, State, Transition, TurnEnd, options_of
from pycore.jeopardy.solving.budget import SolveCost


class JeopardyGame(Game):
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
    #: how the page shows it (its views, how a roll is entered, the words an entry that cannot
    #: be gets): declared data beside the rules (:mod:`pycore.jeopardy.rules.hints`)
    page: ClassVar[JeopardyPage] = JeopardyPage()
    #: what a solve, a policy's evaluation and a designer's row cost here (measured figures:
    #: :class:`~pycore.jeopardy.solving.budget.SolveCost`; a property where they follow the
    #: parameters), read before anything is computed to refuse what does not fit
    cost: ClassVar[SolveCost] = SolveCost()
    #: what its prebuilt tables are (which parameter sets' turn-start values ship in
    #: prebuilt_tables/, ``python -m pycore tables``): declared data, :mod:`pycore.core.table_spec`
    tables: ClassVar[TableSpec] = JeopardyTables()
    #: where its anchors are (the rows of ``anchors()``, each column's range): the class of its
    #: :func:`~pycore.jeopardy.rules.layout.layout`, a game's own where arithmetic answers
    #: without listing the anchors (Farkle's grid)
    anchor_layout: ClassVar[type[AnchorLayout]] = AnchorLayout
    #: the solver the game needs, by name (:data:`pycore.jeopardy.solving.dispatch.SOLVERS`): "tabulated",
    #: the (A, T) table of every cell, or "factored", the turn's graph swept for many anchors at
    #: once, for a turn too large to tabulate at every anchor (Zombie Dice: 292,140 turn states)
    solver: ClassVar[str] = "tabulated"
    #: how a game of three or more players at the table ends (None: two players only): "goal",
    #: the first to bank the goal wins at once; "round", the round in which someone reaches
    #: the goal is played out and the most points win, a later player having to exceed an
    #: earlier one (GRO's player 2); "tiebreak", as "round" but a tie at the top plays another
    #: round among the tied (Zombie Dice)
    table_end: ClassVar[str | None] = "goal"
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
        names = {v.name for v in getattr(cls, "variables", ())}  # (a base class declares none)
        page = cls.__dict__.get("page")
        for group in page.entered_together if isinstance(page, JeopardyPage) else ():
            if not set(group) <= names or len(group) < 2:
                raise RulesError(f"{cls.name}: entered_together {group} must name two or more of {sorted(names)}")

    # ---- description -------------------------------------------------------------------

    @classmethod
    def state_variables(cls) -> tuple[StateVar, ...]:
        return cls.variables

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

    def check_state(self, state: State) -> None:
        """Raise InvalidStateError unless the state is one the game can reach:
        every column in its range, the anchor tabulated, and the turn state
        reachable from the turn start of that anchor. Cheap: it explores only
        this anchor's turn, never the whole table."""
        if state.game != self.name:
            raise InvalidStateError(f"state is for game {state.game!r}, not {self.name!r}")
        where = layout(self)
        for var, value in zip(column_names(self), state.anchor + state.turn, strict=True):
            low, high = where.var_range(var)
            if not low <= value <= high:
                raise InvalidStateError(
                    f"{self.name}: {variable_of(self, var).label} ({var}) must be between {low} and {high}, got {value}"
                )
        where.anchor_key(state.anchor)
        if tuple(state.turn) not in self.reachable_turns(state.anchor):
            raise InvalidStateError(f"{self.name}: {Notation(self).to_text(state)} cannot occur: {self.page.turn_words(self)}")

    def reachable_turns(self, anchor: tuple[int, ...]) -> dict[tuple[int, ...], None]:
        """Every turn state reachable from the turn start at this anchor, in the
        order found (cached per anchor)."""
        cache = self.__dict__.setdefault("_reachable", {})
        key = tuple(int(x) for x in anchor)
        if key not in cache:
            if len(cache) > 4096:
                cache.clear()
            # where this anchor's rules let the mover roll, asked a wave of new states at a time
            # (the rules on whole arrays: a state at a time was 16 ms an anchor of Pig)
            start = tuple(self.turn_start)
            rolls: dict[tuple[int, ...], bool] = {}
            wave = [start]
            while wave:
                rolls.update(zip(wave, rolls_allowed(self, key, wave).tolist(), strict=True))
                wave = list(dict.fromkeys(nxt for turn in wave if rolls[turn] for nxt in self._rolled_into(turn)
                                          if nxt not in rolls))
            # the order found: depth first, as a person's walk from the start finds them
            seen = {start: None}
            stack = [start]
            while stack:
                turn = stack.pop()
                if not rolls[turn]:
                    continue
                for nxt in self._rolled_into(turn):
                    if nxt not in seen:
                        seen[nxt] = None
                        stack.append(nxt)
            cache[key] = seen
        return cache[key]

    def _rolled_into(self, turn: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """The turn states a roll from ``turn`` offers, outcome by outcome (the same at every
        anchor: kept, up to 65,536 turn states a game)."""
        kept = self.__dict__.setdefault("_rolled_into_kept", {})
        found = kept.get(turn)
        if found is None:
            if len(kept) >= 1 << 16:
                kept.clear()
            found = kept[turn] = tuple(nxt for _, outcome in self.roll_outcomes(turn) for nxt in options_of(outcome))
        return found

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

    def choice_offered(self, anchor: tuple[int, ...], option: tuple[int, ...]) -> bool:
        """Whether the advice lists this option at this anchor: all by default; a game may leave
        out options that play exactly like a listed one (Pig's targets beyond the goal)."""
        return True

    def describe_choice(self, turn: tuple[int, ...], faces, option: tuple[int, ...]) -> dict:
        """What a choice after a roll means in the game's words (Farkle: the dice set aside and
        their points); nothing by default."""
        return {}

    def roll_entry_at(self, turn: tuple[int, ...]) -> dict:
        """How a person enters a roll from this turn state (the page's dice entry): the game's
        ``page.roll_entry`` (colours, face names, the hand) with ``dice`` the number of dice this
        roll shows; a game without one gets the faces its roll can show, in order. ``dice`` 0: the
        roll is a choice, no dice are rolled (Pig with a turn limit: the target)."""
        shown = self.roll_faces(turn)
        entry = dict(self.page.roll_entry)
        entry["dice"] = len(shown[0][1]) if shown else 0
        if "faces" not in entry:
            entry["faces"] = sorted({face for _, faces in shown for face in faces})
        return entry

    def transitions(self, state: State, action: str) -> list[Transition]:
        """Every outcome of ``action`` in ``state`` with its exact probability."""
        legal = legal_actions(self, state)
        if action not in legal:
            raise InvalidStateError(f"{action!r} is not legal in {Notation(self).to_text(state)}; legal: {', '.join(legal)}")
        if action == HOLD:
            return [turn_end(self, state.anchor, self.gain(state.turn), Fraction(1))]
        result = []
        for probability, outcome in self.roll_outcomes(state.turn):
            if outcome is None:
                result.append(turn_end(self, state.anchor, 0, probability))
            elif isinstance(outcome, Choice):
                options = tuple(State(self.name, state.anchor, tuple(t)) for t in outcome.options)
                result.append(Transition(probability, None, None, False, options))
            else:
                result.append(Transition(probability, State(self.name, state.anchor, tuple(outcome)), None, False))
        return result
