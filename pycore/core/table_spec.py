"""What a game's prebuilt tables are: declared data beside its rules, not members of them.

A game ships tables of its values for some of its parameter sets (``python -m pycore
tables``, :mod:`pycore.store.prebuilt`). What those tables are is the game's
:class:`TableSpec`, held as its one member ``tables`` (a ``@property`` where it depends on
the parameters): which parameter sets ship, what extra arrays and manifest facts a table
holds, what its values may be, the notes it ships with. The behaviour around it (a table's
file stem and rules, where its values go, whether its values are an answer) is the functions
of this module, taking the game::

    table_stem(game), table_rules(game), table_order(game), shipped_variants(Pig)

A kind of game states its defaults as a subclass (a jeopardy game's
:class:`pycore.jeopardy.rules.layout.JeopardyTables`: one chance per anchor row; a scorecard
game's in :class:`pycore.scorecard.rules.ScorecardGame`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

#: ``TableSpec.variants``: every combination of the parameters' choices ships (Yahtzee's rule sets)
EVERY_CHOICE = "every choice"


@dataclass(frozen=True)
class TableSpec:
    """A game's prebuilt tables, declared (see the module docstring)."""

    #: parameter sets whose tables ship in prebuilt_tables/ (each a dict of parameters; ``{}``
    #: the defaults), or :data:`EVERY_CHOICE`
    variants: tuple[dict, ...] | str = ()
    #: names of the extra arrays a table must hold
    extra: tuple[str, ...] = ()
    #: the facts of a table's manifest entry that its answers read back (an entry without one
    #: is refused when the table loads, not a KeyError in an answer)
    facts_read: tuple[str, ...] = ()
    #: what a table's stored values may be (a table holding others is refused): win chances
    value_range: tuple[float, float] = (0.0, 1.0)
    #: the extra arrays that are distributions (chances summing to 1), and the length of each
    extra_lengths: Mapping[str, int] = field(default_factory=dict)
    #: the largest head start a table lists where it ships the komi (None: the default range)
    komi_range: int | None = None
    #: facts about the model a table ships with its values (Farkle: the rules it leaves out)
    notes: Mapping = field(default_factory=dict)
    #: the rules a table must have been made for (its header and manifest); None: the game's
    #: name and parameters
    rules: Mapping | None = None
    #: the table's file name without extension; None: the name and the parameters' values,
    #: e.g. ``yahtzee-forced`` or ``pig-goal100``
    stem: str | None = None
    #: ``order(game)`` -> (order, size): where the stored values go in an array of ``size``
    #: values by anchor index (None: the game has no prebuilt tables)
    order: Callable | None = None
    #: ``values_problem(game, stored, rounding)``: what makes a table's stored values (each within
    #: ``value_range``) no answer, or None (``rounding``: how far the table's fixed point may
    #: have moved each value); None: nothing beyond the range
    values_problem: Callable | None = None


def shipped_variants(game) -> list:
    """The parameter sets (as games) whose tables ship in prebuilt_tables/, of a game class or
    instance (a spec that depends on the parameters is read from the defaults)."""
    if isinstance(game, type):
        cls, spec = game, _class_spec(game)
    else:
        cls, spec = type(game), game.tables
    if spec.variants == EVERY_CHOICE:
        combos: list[dict] = [{}]
        for p in cls.parameters:
            combos = [{**c, p.name: choice} for c in combos for choice in p.choices]
        return [cls(**c) for c in combos]
    return [cls(**params) for params in spec.variants]


def _class_spec(cls) -> TableSpec:
    spec = cls.tables
    return spec if isinstance(spec, TableSpec) else cls().tables


def table_rules(game) -> dict:
    """What a prebuilt table of this game must have been made for (its header and manifest)."""
    rules = game.tables.rules
    return dict(rules) if rules is not None else default_rules(game)


def default_rules(game) -> dict:
    """The rules of a table by default: the game's name and parameters."""
    return {"game": game.name, **game.params}


def table_stem(game) -> str:
    """The prebuilt table's file name without extension, e.g. ``yahtzee-forced`` or ``pig-goal100``."""
    stem = game.tables.stem
    return stem if stem is not None else default_stem(game)


def default_stem(game) -> str:
    """The stem by default: the name, then each parameter's value (named unless a choice)."""
    parts = [str(v) if p.choices else f"{p.name}{v}" for p, v in zip(game.parameters, game.params.values(), strict=True)]
    return "-".join([game.name] + parts)


def table_order(game):
    """(order, size): where the stored values go in an array of ``size`` values by anchor index."""
    order = game.tables.order
    if order is None:
        raise NotImplementedError(f"{game.name} has no prebuilt tables")
    return order(game)


def values_problem(game, stored, rounding: float) -> str | None:
    """What makes a table's stored values (each within the spec's ``value_range``) no answer, or None."""
    check = game.tables.values_problem
    return None if check is None else check(game, stored, rounding)
