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


class Final(tuple):
    """A game's end: every player's result (the brute forces' ``after_turn`` says so, for a
    profile's legal moves: rolling is not offered where holding wins on the spot)."""


def turned(chances, by: int = 1) -> tuple:
    """Chances turned ``by`` seats (a turn that ends: this mover is the next mover's last)."""
    return tuple(chances[-by:] + chances[:-by]) if by else tuple(chances)


def mixed(outcomes) -> tuple:
    """The chances of a roll: ``outcomes`` are (probability, chances) pairs."""
    total = None
    for chance, worth in outcomes:
        total = [chance * v for v in worth] if total is None else [t + chance * v for t, v in zip(total, worth, strict=True)]
    return tuple(total)


def optimal_values(key, states, values: dict, actions_in, sweeps: int) -> dict:
    """The converged :func:`plain_iteration` of a brute force from ``values`` (its start), kept
    by ``key`` (the brute force's rules): the profiles' brute forces of one game share it."""
    if key not in _OPTIMAL:
        plain_iteration(states, values, actions_in(values), sweeps)
        _OPTIMAL[key] = dict(values)
    return dict(_OPTIMAL[key])


_OPTIMAL: dict = {}


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


def profile_iteration(states, optimal: dict, actions_in, follower, sweeps: int = 5000) -> dict:
    """A profile's chances at every state by plain iteration in the given order: the mover
    plays ``follower(state)`` (True roll, False hold) where it says, the legal action where
    that one is not (rolling is not offered where holding wins), and elsewhere (None) the
    exact advice: rolling where it is strictly better in ``optimal`` (the converged values of
    :func:`plain_iteration`), holding on a tie. ``actions_in(table)`` gives ``actions`` (as
    :func:`plain_iteration` takes it) reading ``table``. Until no chance moves by 1e-14."""
    optimal_rolls = {}
    for state in states:
        hold, roll = actions_in(optimal)(state)
        legal = roll is not None and not (isinstance(hold, Final) and hold[0] == 1.0)
        optimal_rolls[state] = legal and (hold is None or roll()[0] > hold[0])
    # (from the optimal chances, not a uniform guess: a profile differs from optimal play in a
    # few seats' moves, so its chances are near; the fixed point is the same, the profile's
    # game ending with chance 1)
    values = dict(optimal)
    actions = actions_in(values)
    for _ in range(sweeps):
        change = 0.0
        for state in states:
            hold, roll = actions(state)
            legal = roll is not None and not (isinstance(hold, Final) and hold[0] == 1.0)
            wanted = follower(state)
            rolls = optimal_rolls[state] if wanted is None else wanted
            now = roll() if (legal and rolls) or hold is None else hold
            change = max(change, max(abs(x - y) for x, y in zip(now, values[state], strict=True)))
            values[state] = now
        if change < 1e-14:
            return values
    raise AssertionError(f"the profile's iteration did not settle (last change {change})")
