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
game and parameters for caches and tables.
"""

from __future__ import annotations

from typing import ClassVar

from .errors import InvalidParameterError
from .params import Description, Param, StateVar


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
    #: whether the page's game menu lists it (links and the command line reach every game): not
    #: where its default variant can be answered neither live nor from a shipped table
    offered: ClassVar[bool] = True
    #: the page shows it under its base game's entry (the base game's name means it by its
    #: rules: :meth:`meant_by_rules`), so its tables ship though the menu does not list it
    shown_as_base: ClassVar[bool] = False

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

    def _check_params(self) -> None:
        """Hook for relations between parameters (may fill in derived defaults)."""

    @classmethod
    def on_the_page(cls) -> bool:
        """Whether the page reaches it by its menu (listed, or shown as its base game): its
        tables ship in ``dist/``."""
        return cls.offered or cls.shown_as_base

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
        """Identifies the game and parameters (caches, table files)."""
        return (self.name, tuple(sorted(self.params.items())))

    @property
    def table_rules(self) -> dict:
        """What a prebuilt table of this game must have been made for (its header and manifest)."""
        return {"game": self.name, **self.params}

    @property
    def table_stem(self) -> str:
        """The prebuilt table's file name without extension, e.g. ``yahtzee-forced`` or ``pig-goal100``."""
        parts = [str(v) if p.choices else f"{p.name}{v}" for p, v in zip(self.parameters, self.params.values(), strict=True)]
        return "-".join([self.name] + parts)

    # ---- prebuilt tables (see pycore.store.prebuilt) --------------------------------------

    #: names of the extra arrays a table of this game must hold
    table_extra: ClassVar[tuple[str, ...]] = ()
    #: the facts of a table's manifest entry that its answers read back (an entry without
    #: one is refused when the table loads, not a KeyError in an answer)
    table_facts_read: ClassVar[tuple[str, ...]] = ()

    def table_value_range(self) -> tuple[float, float]:
        """What a table's stored values may be (a table holding others is refused): win
        chances by default."""
        return 0.0, 1.0

    def table_extra_lengths(self) -> dict[str, int]:
        """The table's extra arrays that are distributions (chances summing to 1), and the
        length each must have."""
        return {}

    def table_values_problem(self, stored, rounding: float) -> str | None:
        """What makes a table's stored values (each within :meth:`table_value_range`) no answer,
        or None (``rounding``: how far the table's fixed point may have moved each value)."""
        return None

    @classmethod
    def prebuilt_variants(cls) -> list[Game]:
        """The parameter sets whose tables ship in prebuilt_tables/ (none by default)."""
        return []

    def table_order(self):
        """(order, size): where the stored values go in an array of ``size`` values by anchor index."""
        raise NotImplementedError(f"{self.name} has no prebuilt tables")

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
    def describe_extra(cls) -> dict:
        """Kind-specific facts for the description (overridden by the kinds)."""
        return {}

    @classmethod
    def describe(cls) -> Description:
        """The one description of the game the API, the CLI and the page are generated from."""
        return Description(
            cls.name,
            tuple(cls.aliases),
            cls.title,
            cls.reference,
            cls.kind,
            tuple(cls.parameters),
            tuple(cls.state_variables()),
            cls.rules_text,
            {"offered": cls.offered, **({"shown_as": cls.variant_of} if cls.shown_as_base else {}), **cls.describe_extra()},
        )
