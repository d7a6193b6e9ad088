"""What a game is described by: its parameters and its state variables.

These value objects are the single source of the game's controls: the JSON
API's ``games`` action, the CLI's help and the web page's controls are all
generated from them, so no label or range is written twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from .errors import InvalidParameterError

#: the most digits a number typed is read with (no parameter or count needs more; past 4,300
#: Python's int() raises a ValueError of its own)
MOST_DIGITS = 18
#: a whole number as a person types it: ASCII digits with an optional sign
WHOLE_NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MOST_DIGITS}}}")
#: a decimal number as a person types it: ASCII digits with an optional sign and point
DECIMAL_NUMBER = re.compile(rf"[+-]?(?=[0-9.]{{1,{MOST_DIGITS + 1}}}$)[0-9]*\.?[0-9]+")
#: the spaces a number may stand between (str.strip's would take Unicode's, \x1c-\x1f among them)
SPACES = " \t\r\n"


def shown(text: object, most: int = 40) -> str:
    """A value quoted for a message, at most ``most`` characters of it (a NUL shows as \\x00)."""
    if isinstance(text, str) and len(text) > most:
        return f"{text[:most]!r}... ({len(text):,} characters)"
    return repr(text)


def not_a_number(name: str, text: object, what: str = "a whole number") -> str:
    """What is wrong with a text that should be a number, for messages: ``"i is empty"``,
    ``"i must be a whole number, not 'abc'"`` or ``"i has 5,000 digits; at most 18 are read"``."""
    if isinstance(text, str) and not text.strip(SPACES):
        return f"{name} is empty"
    digits = sum(c in "0123456789" for c in text) if isinstance(text, str) else 0
    if digits > MOST_DIGITS and not text.strip(SPACES + "+-.0123456789"):
        return f"{name} has {digits:,} digits; at most {MOST_DIGITS} are read"
    return f"{name} must be {what}, not {shown(text)}"


def whole_number_of(text: object, sign: bool = True) -> int | None:
    """The whole number a person typed (ASCII digits, at most 18, an optional sign unless
    ``sign`` is false, spaces around them), else None. The text is checked before it is converted:
    int() would take 5_000, other scripts' digits (٥٠٠), spaces of any kind and thousands of digits."""
    if not isinstance(text, str) or not WHOLE_NUMBER.fullmatch(text.strip(SPACES)):
        return None
    if not sign and text.strip(SPACES)[0] in "+-":
        return None
    return int(text)


def read_whole_number(text: object, name: str, error: type[Exception] = InvalidParameterError, sign: bool = True) -> int:
    """:func:`whole_number_of` ``text``, else ``error`` naming ``name`` and the text."""
    number = whole_number_of(text, sign)
    if number is None:
        raise error(not_a_number(name, text, "a whole number" if sign else "a whole number from 0"))
    return number


def decimal_number_of(text: object) -> float | None:
    """The decimal number a person typed (ASCII digits, an optional sign and point: not float()'s
    ``nan``, ``1e3``, ``1_0`` or ``٤``), else None."""
    if not isinstance(text, str) or not DECIMAL_NUMBER.fullmatch(text.strip(SPACES)):
        return None
    return float(text)


@dataclass(frozen=True)
class Param:
    """A game parameter: a whole number in ``minimum..maximum``, or, when
    ``choices`` is given, one of those names (e.g. Yahtzee's joker rule), or, when
    ``text`` is set, a short text the game reads itself (e.g. Farkle's rule changes
    ``minimum_bank=0,zilch_penalty=0``; at most ``maximum`` characters)."""

    name: str
    default: int | str
    minimum: int = 0
    maximum: int = 0
    help: str = ""
    label: str = ""
    choices: tuple[str, ...] = ()
    #: a sentence per choice, shown next to it
    choice_help: tuple[str, ...] = ()
    #: set only through links and the API, not offered among the page's main controls
    advanced: bool = False
    text: bool = False

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    def check(self, game: str, value: object) -> int | str:
        """The value if it is allowed, else InvalidParameterError naming the parameter."""
        if self.choices:
            if value not in self.choices:
                raise InvalidParameterError(
                    f"{game}: {self.title.lower()} {value!r} is not one of {', '.join(self.choices)} ({self.name})"
                )
            return str(value)
        if self.text:
            if not isinstance(value, str) or len(value) > self.maximum:
                raise InvalidParameterError(f"{game}: {self.name} must be a text of at most {self.maximum} characters")
            return value.strip()
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise InvalidParameterError(f"{game}: {not_a_number(self.name, value)}")
        if not self.minimum <= value <= self.maximum:
            raise InvalidParameterError(
                f"{game}: {self.name} must be between {self.minimum} and {self.maximum}, got {value}"
            )
        return int(value)

    def from_text(self, game: str, text: str) -> int | str:
        """Parse a link's or the command line's text for this parameter."""
        if self.choices or self.text:
            return self.check(game, text.strip())
        return self.check(game, read_whole_number(text, f"{game}: {self.name}"))

    def to_json(self) -> dict:
        out = {"name": self.name, "label": self.title, "default": self.default, "help": self.help, "advanced": self.advanced}
        if self.choices:
            out["choices"] = list(self.choices)
            out["choice_help"] = list(self.choice_help)
        elif self.text:
            out.update(text=True, maximum=self.maximum)
        else:
            out.update(minimum=self.minimum, maximum=self.maximum)
        return out


@dataclass(frozen=True)
class StateVar:
    """One variable of a game's state, as a person reads it.

    ``control`` says how a page enters it: ``"choice"`` (segmented buttons,
    one per value in ``choices``, labelled ``choice_labels``), ``"stepper"``
    (a whole number with minus/plus) or ``"dice"`` (a string of the letters in
    ``letters``, one per die, e.g. ``"GGY"``)."""

    name: str
    label: str
    help: str
    unit: str = ""
    choices: tuple[int, ...] = ()
    #: short labels for the choice buttons (default: the numbers)
    choice_labels: tuple[str, ...] = ()
    #: what each choice means in a sentence or title, e.g. "one 1 set aside" (default: the labels)
    choice_titles: tuple[str, ...] = ()
    letters: str = ""

    @property
    def control(self) -> str:
        if self.letters:
            return "dice"
        return "choice" if self.choices else "stepper"

    @property
    def labels(self) -> tuple[str, ...]:
        return self.choice_labels or tuple(str(c) for c in self.choices)

    def title_of(self, value: int) -> str:
        """What a value means, for titles: its choice title, else "label value"."""
        titles = dict(zip(self.choices, self.choice_titles or self.labels, strict=True))
        return titles.get(value, f"{self.label} {value}")

    def to_json(self) -> dict:
        out = {"name": self.name, "label": self.label, "help": self.help, "unit": self.unit, "control": self.control}
        if self.choices:
            out["choices"] = list(self.choices)
            out["choice_labels"] = list(self.labels)
            out["choice_titles"] = list(self.choice_titles or self.labels)
        if self.letters:
            out["letters"] = self.letters
        return out


@dataclass(frozen=True)
class Description:
    """Everything a front end needs to know about a game (``describe()``)."""

    name: str
    aliases: tuple[str, ...]
    title: str
    reference: str
    kind: str
    parameters: tuple[Param, ...]
    state_vars: tuple[StateVar, ...]
    #: a short "how to play" with the rules the solver assumes
    rules_text: str = ""
    #: kind-specific facts (e.g. the boundary axes, a scorecard's boxes)
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "title": self.title,
            "reference": self.reference,
            "kind": self.kind,
            "rules": self.rules_text,
            "parameters": [p.to_json() for p in self.parameters],
            "state_vars": [v.to_json() for v in self.state_vars],
            **self.extra,
        }
