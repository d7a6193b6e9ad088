"""How a jeopardy game's positions are written and read: :class:`Notation`, one per game, in
pairs as python-chess's ``Move.from_uci``/``uci``.

A :class:`~pycore.jeopardy.rules.vocabulary.State` (game name, anchor, turn state) is what the
solvers key their tables by; it cannot write itself, since how it is written is the game's
description: its ``variables`` (a dice variable with ``letters``, e.g. ``fp="GY"``, is one count
column per letter), their columns and ranges. A game's :class:`Notation` reads that description,
so each way of writing a position is one pair here and none is a member of the rules protocol
(:class:`~pycore.jeopardy.rules.protocol.JeopardyGame`, which keeps only the rules):

* keyword values: :meth:`Notation.from_values` (``i=10``: a missing value is the turn's start)
  and :meth:`Notation.values`;
* the command line's and a link's text (``"p=1,i=10,j=20,k=12,o=1"``): :meth:`Notation.from_text`
  and :meth:`Notation.to_text`;
* JSON: :meth:`Notation.from_json` and :meth:`Notation.to_json`;
* the integer columns the solver and the rules see: :meth:`Notation.columns` (as arrays:
  :meth:`Notation.arrays`).

Every ``from_`` checks that the game can reach the position (InvalidStateError). The functions
below read a game's description the same way for the rest of the code (a variable by name, the
columns, one value typed in a link, dice letters and counts).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from pycore.core.errors import InvalidStateError
from pycore.core.game import Game
from pycore.core.params import StateVar, read_whole_number
from pycore.jeopardy.rules.vocabulary import State


def columns_of(var: StateVar) -> list[str]:
    """The integer columns a state variable is stored in."""
    return [f"{var.name}_{letter}" for letter in var.letters] if var.letters else [var.name]


def column_names(game) -> tuple[str, ...]:
    """The state's integer columns as the solver and rules see them (``anchor_vars + turn_vars``)."""
    return game.anchor_vars + game.turn_vars


def variable_names(game) -> tuple[str, ...]:
    """The state's keys as a person writes them (CLI, links, JSON)."""
    return tuple(v.name for v in game.variables)


def variable_of(game, name: str) -> StateVar:
    """The game's variable of this name or column; InvalidStateError naming the valid keys."""
    for v in game.variables:
        if name == v.name or name in columns_of(v):
            return v
    raise InvalidStateError(f"{game.name} has no state variable {name!r}; valid keys: {', '.join(variable_names(game))}")


def missing_values(game) -> dict[str, int]:
    """What each column is when a position leaves it out: the turn's start, player 1, the
    turns left at the game's start (a turn counter), and 0 for the scores and the rest."""
    start = dict(zip(game.anchor_vars, game.start_anchor(0), strict=True))
    values = {v: 0 if v in (game.score_var, game.opponent_var) else x for v, x in start.items()}
    values.update(zip(game.turn_vars, game.turn_start, strict=True))
    return {c: values.get(c, 0) for c in column_names(game)}


def letters_to_counts(game, var: StateVar, value) -> dict[str, int]:
    """A dice variable's letters (e.g. ``"GGR"``) as its count columns (the inverse of
    :func:`counts_to_letters`)."""
    if not isinstance(value, str) or any(ch not in var.letters for ch in value.strip().upper()):
        raise InvalidStateError(
            f"{game.name}: {var.name} ({var.help}) is a string of the letters {', '.join(var.letters)}, "
            f"got {value!r}"
        )
    text = value.strip().upper()
    return {column: text.count(letter) for column, letter in zip(columns_of(var), var.letters, strict=True)}


def counts_to_letters(var: StateVar, counts) -> str:
    """A dice variable's count columns (in its letters' order) as letters, e.g. ``"GGR"``."""
    return "".join(letter * int(n) for letter, n in zip(var.letters, counts, strict=True))


def read_value(game, key: str, raw: str) -> object:
    """One position value from text: letters for a dice variable, else a whole number."""
    if any(var.name == key and var.letters for var in game.variables):
        return raw.strip()
    return read_whole_number(raw, f"{game.name}: {key}", InvalidStateError)


@dataclass(frozen=True)
class Notation:
    """How ``game``'s positions are written and read, each way a pair of inverses."""

    game: Game  #: a jeopardy game (:class:`~pycore.jeopardy.rules.protocol.JeopardyGame`)

    @cached_property
    def _names(self) -> tuple[str, ...]:
        # (a walk of every state reads thousands of positions: the game's description once)
        return variable_names(self.game)

    @cached_property
    def _missing(self) -> dict[str, int]:
        return missing_values(self.game)

    def from_values(self, **values) -> State:
        """A position from keyword values; a missing ``p`` is player 1, a missing turns left the
        game's start, any other missing value 0 (so ``i=10`` is the start of player 1's turn
        with 10 points against 0). Raises InvalidStateError."""
        game = self.game
        names = self._names
        for key in values:
            if key not in names:
                raise InvalidStateError(f"{game.name} has no state variable {key!r}; valid keys: {', '.join(names)}")
        defaults = self._missing
        full: dict[str, int] = {}
        for var in game.variables:
            if var.name not in values:
                full.update({c: defaults[c] for c in columns_of(var)})
            elif var.letters:
                full.update(letters_to_counts(game, var, values[var.name]))
            else:
                value = values[var.name]
                if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                    raise InvalidStateError(f"{game.name}: {var.name} must be a whole number, got {value!r}")
                full[var.name] = int(value)
        state = State(game.name, tuple(full[v] for v in game.anchor_vars), tuple(full[v] for v in game.turn_vars))
        game.check_state(state)
        return state

    def values(self, state: State) -> dict[str, int | str]:
        """The position as a person writes it (dice variables as letters): the inverse of
        :meth:`from_values`."""
        cols = self.columns(state)
        out: dict[str, int | str] = {}
        for var in self.game.variables:
            if var.letters:
                out[var.name] = counts_to_letters(var, [cols[c] for c in columns_of(var)])
            else:
                out[var.name] = cols[var.name]
        return out

    def from_text(self, text: str) -> State:
        """Parse ``"i=10,j=20,k=5"`` (the CLI and link syntax)."""
        values: dict[str, object] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, raw = part.partition("=")
            key = key.strip()
            if not sep:
                raise InvalidStateError(f"{self.game.name}: expected key=value in the state, got {part!r}")
            if key in values:
                raise InvalidStateError(f"{self.game.name}: {key} is given twice in the state")
            values[key] = read_value(self.game, key, raw)
        return self.from_values(**values)

    def to_text(self, state: State) -> str:
        """Inverse of :meth:`from_text`."""
        return ",".join(f"{k}={v}" for k, v in self.values(state).items())

    def from_json(self, text: str) -> State:
        """Parse ``{"game": "pig", "i": 10, ...}`` (the game's name may be left out)."""
        name = self.game.name
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(f"{name}: state is not valid JSON ({exc.msg})") from None
        if not isinstance(data, dict):
            raise InvalidStateError(f"{name}: a state must be a JSON object")
        data = dict(data)
        game = data.pop("game", name)
        if game != name:
            raise InvalidStateError(f"state is for game {game!r}, not {name!r}")
        return self.from_values(**data)

    def to_json(self, state: State) -> str:
        """Inverse of :meth:`from_json`."""
        return json.dumps({"game": state.game, **self.values(state)}, sort_keys=True)

    def columns(self, state: State) -> dict[str, int]:
        """The position's integer columns (as the solver and the rules see them)."""
        return dict(zip(column_names(self.game), state.anchor + state.turn, strict=True))

    def arrays(self, state: State) -> dict[str, np.ndarray]:
        """:meth:`columns` as numpy scalars, for the rules' array functions."""
        return {k: np.asarray(v) for k, v in self.columns(state).items()}
