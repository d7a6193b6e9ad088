"""Entering a position the way a person does, one value at a time: a stepper's + and -
(:func:`step`), a typed number (:func:`nearest_value`), values a game enters together
(:func:`enter_together`: Zombie Dice's brains and dice wait for each other), and a link's
values made into the nearest position the game has (:func:`nearest_state`). Each says in the
player's words why a value cannot be, never in state syntax.
"""

from __future__ import annotations

import itertools

import numpy as np

from pycore.core.errors import InvalidStateError, PycoreError
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.notation import Notation, column_names, letters_to_counts, missing_values, variable_names, variable_of
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import State
from pycore.jeopardy.solving.dispatch import solver_of

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


def step(game, state: State, var: str, direction: int) -> State:
    """The state with ``var`` moved to the next value, up (``direction`` 1) or down (-1),
    that can occur with every other variable as it is: what a stepper's + and - do (GRO's
    turn total goes 0 -> 5 with no 1s set aside, Pig's 0 -> 2). InvalidStateError, naming
    why, if there is none within the variable's range."""
    values = Notation(game).values(state)
    variable = variable_of(game, var)
    if variable.letters or direction not in (1, -1):
        raise InvalidStateError(f"{game.name}: {var} cannot be stepped (direction 1 or -1, a number variable)")
    low, high = layout(game).var_range(var)
    reason = ""
    value = values[var] + direction
    while low <= value <= high:
        try:
            return Notation(game).from_values(**{**values, var: value})
        except InvalidStateError as exc:
            reason = reason or str(exc)
        value += direction
    if not reason:
        edge = "highest" if direction > 0 else "lowest"
        raise InvalidStateError(f"{variable.label} is already at its {edge} ({values[var]})")
    where = "higher" if direction > 0 else "lower"
    why = reason.split(": ", 1)[-1]
    raise InvalidStateError(f"{variable.label} cannot go {where} with everything else as it is: {why}")

def group_of(game, var: str) -> tuple[str, ...]:
    """The variables entered together with ``var`` (:attr:`entered_together`), ``var``
    included; just ``(var,)`` when it is entered alone."""
    return next((g for g in game.page.entered_together if var in g), (var,))

def enter_together(game, state: State, var: str, value, others: dict) -> tuple[State | None, str]:
    """What a person's entry does: ``var`` set to ``value`` together with the values
    ``others`` already entered for the rest of its group (and not yet taken). Returns
    (the state, "") when they can occur together; (None, why) when the entry must wait
    for another of the group to change (kept, not refused); a number that can occur with
    no values of the rest of its group is moved to the nearest one that can be
    (:meth:`nearest_value`: the state and why). InvalidStateError for an entry no change
    of the group makes possible."""
    group = group_of(game, var)
    stray = [name for name in others if name not in group or name == var]
    if stray:
        raise InvalidStateError(
            f"{game.name}: {', '.join(map(str, stray))} is not entered together with {var} "
            f"(its group: {', '.join(group)})"
        )
    for name, entered in {**others, var: value}.items():
        letters = variable_of(game, name).letters
        if (not isinstance(entered, str)) if letters else (isinstance(entered, bool) or not isinstance(entered, int)):
            kind = f"a string of the letters {letters}" if letters else "a whole number"
            raise InvalidStateError(f"{game.name}: {name} must be {kind}, got {entered!r}")
    values = {**Notation(game).values(state), **others, var: value}
    try:
        return Notation(game).from_values(**values), ""
    except InvalidStateError as exc:
        why = person_reason(exc, game.name)
    variable = variable_of(game, var)
    if len(group) == 1 or not _could_be_in_group(game, values, var, group):
        if variable.letters:
            raise InvalidStateError(f"{variable.label} {_shown_letters(value)}: {why}") from None
        return nearest_value(game, state, var, value)
    return None, why

def _could_be_in_group(game, values: dict, var: str, group: tuple[str, ...]) -> bool:
    """Whether ``var`` at its value in ``values`` can occur with some values of the rest of
    its group (the scores as they are). A group holding dice by colour is not searched:
    any entry of it may wait for the other dice."""
    rest = [name for name in group if name != var]
    if any(variable_of(game, name).letters for name in rest):
        return True
    ranges = [range(layout(game).var_range(name)[0], layout(game).var_range(name)[1] + 1) for name in rest]
    for combination in itertools.islice(itertools.product(*ranges), _GROUP_SEARCH_LIMIT):
        try:
            Notation(game).from_values(**{**values, **dict(zip(rest, combination, strict=True))})
            return True
        except InvalidStateError:
            continue
    return False

def nearest_value(game, state: State, var: str, value: int, direction: int = 0) -> tuple[State, str]:
    """The state with ``var`` as close to ``value`` as can occur with every other
    variable as it is (the lower one on a tie), and why ``value`` itself cannot occur
    ("" if it can): what typing a number does. With a ``direction`` (a slider moved
    down, -1, or up, 1) the first value that can occur from ``value`` on that way is
    taken if there is one, so a slider never snaps back to where it was. Unlike the
    link resolver's nearest state, nothing but ``var`` ever changes."""
    values = Notation(game).values(state)
    variable = variable_of(game, var)
    if variable.letters:
        raise InvalidStateError(f"{game.name}: {var} is not a number")
    low, high = layout(game).var_range(var)
    reason = ""
    if low <= value <= high:
        try:
            return Notation(game).from_values(**{**values, var: value}), ""
        except InvalidStateError as exc:
            reason = person_reason(exc, game.name)
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
                moved = Notation(game).from_values(**{**values, var: candidate})
            except InvalidStateError:
                continue
            return moved, f"{variable.label} {value} cannot occur here ({reason}); showing {candidate}"
    raise InvalidStateError(f"{variable.label} has no possible value with everything else as it is: {reason}")


def nearest_state(game: JeopardyGame, wanted: dict[str, object]) -> tuple[State, list[str]]:
    """The tabulated state closest to ``wanted`` (missing values as
    :func:`~pycore.jeopardy.rules.notation.missing_values`), and a message for every change made."""
    try:
        return Notation(game).from_values(**wanted), []
    except PycoreError as exc:
        problem = str(exc)
    try:
        target = Notation(game).columns(State(game.name, *_split(game, wanted)))
    except PycoreError:
        target = {}
    missing = missing_values(game)
    full = {v: target.get(v, missing[v]) for v in column_names(game)}
    target_anchor = np.array([full[v] for v in game.anchor_vars])
    target_turn = np.array([full[v] for v in game.turn_vars])
    # nearest tabulated anchor (L1, keeping whose turn it is if at all possible),
    # then the nearest turn state valid for it
    weights = np.array([100 if v == "p" else 1 for v in game.anchor_vars])
    state = solver_of(game).nearest_state(game, target_anchor, target_turn, weights)
    # in the player's words: what was wrong, and each value moved (by its label)
    values = Notation(game).values(state)
    moved = [
        f"{variable_of(game, v).label.lower()} {values[v] if values[v] != '' else 'none'}"
        for v in variable_names(game)
        if str(values[v]) != str(wanted.get(v, values[v])).strip().upper()
    ] or [f"{variable_of(game, v).label.lower()} {values[v]}" for v in variable_names(game) if v not in wanted][:2]
    why = person_reason(problem, game.name)
    return state, [f"{why}; showing the nearest possible state: {', '.join(moved) or 'the start'}"]


def _split(game: JeopardyGame, wanted: dict[str, object]) -> tuple[tuple, tuple]:
    """Anchor and turn columns of wanted values, unchecked (defaults as in ``game.state``)."""
    columns: dict[str, int] = {}
    for var in game.variables:
        if var.name in wanted and var.letters:
            columns.update(letters_to_counts(game, var, wanted[var.name]))
        elif var.name in wanted and isinstance(wanted[var.name], int):
            columns[var.name] = int(wanted[var.name])
    missing = missing_values(game)
    values = {c: columns.get(c, missing[c]) for c in column_names(game)}
    return tuple(values[c] for c in game.anchor_vars), tuple(values[c] for c in game.turn_vars)
