"""The base of every game, whatever its kind: a name, parameters and a description.

A game is one class in its own module under :mod:`pycore.games`. Its *kind*
says which protocol the rest of its class follows and so which solvers,
analyses and API actions serve it:

* ``"jeopardy"`` (:class:`pycore.jeopardy.rules.protocol.JeopardyGame`): two players
  take turns of roll-or-hold; the objective is the win probability (or, for
  one turn, the expected points);
* ``"scorecard"`` (:class:`pycore.scorecard.rules.ScorecardGame`): one
  player fills a scorecard; the objective is the expected final score.

An instance carries the parameter values (``params``); ``key`` identifies
game and parameters for caches and tables. How the page shows a game (whether
its menu lists it, a kind's views and hints) is not a rule but data declared
beside them, the class's ``page`` (:class:`pycore.core.page.PageHints`).
"""

from __future__ import annotations

from typing import ClassVar

from .errors import InvalidParameterError
from .page import PageHints
from .params import Description, Param, StateVar
from .table_spec import TableSpec


class Game:
    """Name, parameters and description shared by every kind of game."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    reference: ClassVar[str] = ""
    kind: ClassVar[str]
    parameters: ClassVar[tuple[Param, ...]] = ()
    #: how to play, with the rules the solver assumes (shown one tap away)
    rules_text: ClassVar[str] = ""
    #: a variant of another registered game: that game's name with one of ``variant_params``
    #: given means this one (``pig --turns 40``: Pig with a turn limit)
    variant_of: ClassVar[str] = ""
    variant_params: ClassVar[tuple[str, ...]] = ()
    #: how the page shows it (whether its menu lists it, a kind's views and hints): declared
    #: data beside the rules (:mod:`pycore.core.page`)
    page: ClassVar[PageHints] = PageHints()

    def __init__(self, **params) -> None:
        known = {p.name: p for p in self.parameters}
        for key in params:
            if key not in known:
                raise InvalidParameterError(
                    f"{self.name} has no parameter {key!r}; valid parameters: {', '.join(known) or 'none'}"
                )
        self.params: dict[str, int | str] = {}
        for p in self.parameters:
            value = params.get(p.name)
            self.params[p.name] = p.default if value is None else p.check(self.name, value)
        self._check_params()
        # (made once: every cache lookup asks for it, half a million times in a walk of a game)
        self._key = (self.name, tuple(sorted(self.params.items())))

    def _check_params(self) -> None:
        """Hook for relations between parameters (may fill in derived defaults)."""

    @classmethod
    def meant_by_rules(cls, params: dict) -> bool:
        """A variant: whether its base game's name means it with these parameters though none
        of ``variant_params`` is given (Farkle's rules with a penalty for three zilches in a
        row: the game that counts them). False where the parameters are not valid (the base
        game then names what is wrong)."""
        return False

    def rules_data(self) -> dict:
        """The rules as data, for games whose rules are (Farkle's rule sets); else nothing."""
        return {}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{type(self).__name__}({args})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.params == self.params

    def __hash__(self) -> int:
        return hash(self.key)

    @property
    def key(self) -> tuple:
        """Identifies the game and parameters (caches, table files); the parameters are fixed
        once the game is made."""
        return self._key

    #: what its prebuilt tables are (which parameter sets ship, what a table holds): declared
    #: data beside the rules, read by the functions of :mod:`pycore.core.table_spec`
    tables: ClassVar[TableSpec] = TableSpec()

    @classmethod
    def parameter(cls, name: str) -> Param:
        for p in cls.parameters:
            if p.name == name:
                return p
        raise InvalidParameterError(
            f"{cls.name} has no parameter {name!r}; valid parameters: {', '.join(p.name for p in cls.parameters) or 'none'}"
        )

    @classmethod
    def state_variables(cls) -> tuple[StateVar, ...]:
        """The variables a position of this game is entered with."""
        return ()

    @classmethod
    def describe(cls) -> Description:
        """The one description of the game the API, the CLI and the page are generated from."""
        page = cls.page
        return Description(
            cls.name,
            tuple(cls.aliases),
            cls.title,
            cls.reference,
            cls.kind,
            tuple(cls.parameters),
            tuple(cls.state_variables()),
            cls.rules_text,
            {"offered": page.offered, **({"shown_as": cls.variant_of} if page.shown_as_base else {}), **page.facts_of(cls)},
        )
