"""How a position is written: as keyword values (:meth:`StateText.state`), the command line's
and a link's text (``"p=1,i=10,j=20,k=12,o=1"``: :meth:`StateText.state_from_text` and
:meth:`StateText.state_to_text`), JSON, and dice by colour as letters (``fp="GY"``: one
count column per letter). Every jeopardy game has these methods (the rules protocol,
:class:`~pycore.jeopardy.rules.protocol.JeopardyGame`, inherits them); they read only the game's
description (its variables, columns and ranges) and its ``check_state``.
"""

from __future__ import annotations

import json

import numpy as np

from pycore.core.errors import InvalidStateError
from pycore.core.params import StateVar, read_whole_number
from pycore.jeopardy.rules.vocabulary import State


def columns_of(var: StateVar) -> list[str]:
    """The integer columns a state variable is stored in."""
    return [f"{var.name}_{letter}" for letter in var.letters] if var.letters else [var.name]


class StateText:
    """The writing and reading of a game's positions (a mixin of the rules protocol)."""

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
            names = columns_of(var)
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
        return {column: text.count(letter) for column, letter in zip(columns_of(var), var.letters, strict=True)}

    @staticmethod
    def count_letters(var: StateVar, counts) -> str:
        """A dice variable's count columns (in its letters' order) as letters, e.g. ``"GGR"``:
        the format of :meth:`letter_columns`."""
        return "".join(letter * int(n) for letter, n in zip(var.letters, counts, strict=True))

    def state_from_text(self, text: str) -> State:
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
        return read_whole_number(raw, f"{self.name}: {key}", InvalidStateError)

    def state_to_text(self, state: State) -> str:
        """Inverse of :meth:`state_from_text`."""
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
                out[var.name] = self.count_letters(var, [cols[c] for c in columns_of(var)])
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
