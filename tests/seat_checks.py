"""Checks shared by the tests of the games for three players."""

import numpy as np

from pycore.core.errors import InvalidStateError
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.views.boundary import panel_grid


def boundary_is_the_advice(game, solution, panels, axes) -> dict:
    """Every cell of each boundary panel (``panels``: what each fixes) that is a state rolls
    exactly where the advisor's best action is to roll; cells the picture draws past where
    holding wins on the spot are not states and are drawn held. Returns how often each
    action was best."""
    said = {"roll": 0, "hold": 0}
    for fixed in panels:
        grid = panel_grid(solution, fixed)
        assert grid.axes == axes
        for cell in zip(*np.nonzero(grid.roll >= 0), strict=True):
            try:
                state = Notation(game).from_values(**fixed, **{v: int(x) for v, x in zip(axes, cell, strict=True)})
            except InvalidStateError:
                assert grid.roll[cell] == 0
                continue
            best = solution.best_action(state)
            assert (best == "roll") == (grid.roll[cell] == 1), (fixed, cell)
            said[best] += 1
    return said


def turned(chances, by: int = 1) -> tuple:
    """Chances turned ``by`` seats (a turn that ends: this mover is the next mover's last)."""
    return tuple(chances[-by:] + chances[:-by]) if by else tuple(chances)


def mixed(outcomes) -> tuple:
    """The chances of a roll: ``outcomes`` are (probability, chances) pairs."""
    total = None
    for chance, worth in outcomes:
        total = [chance * v for v in worth] if total is None else [t + chance * v for t, v in zip(total, worth, strict=True)]
    return tuple(total)


def plain_iteration(states, values: dict, actions, sweeps: int = 5000) -> None:
    """Max-n plain value iteration in place over ``states`` (in the given order): each state's
    chances become those of the action best for its mover, ties held; ``actions(state)`` is
    (holding's chances or None, a function giving rolling's or None). Holding that wins the
    game is taken (rolling is not offered there). Until no chance moves by 1e-14."""
    for _ in range(sweeps):
        change = 0.0
        for state in states:
            hold, roll = actions(state)
            if roll is not None and not (hold and hold[0] == 1.0):
                rolled = roll()
                best = hold if hold is not None and hold[0] >= rolled[0] else rolled
            else:
                best = hold
            change = max(change, max(abs(x - y) for x, y in zip(best, values[state], strict=True)))
            values[state] = best
        if change < 1e-14:
            return
    raise AssertionError(f"the brute force did not settle (last change {change})")
