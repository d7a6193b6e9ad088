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


# A brute force writes each state's moves once, from the rules, as *targets*: where holding
# and each roll lead. A target is a game's end (:class:`Final`) or ``(state, by)``: that
# state's chances turned ``by`` seats (1: a turn that ends). Its ``plans`` map every state to
# ``(hold, rolls)``: the hold's target (None: holding is not allowed) and the roll's
# ``(chance, target)`` pairs (None: rolling is not allowed). The iterations below sweep every
# state at once (Jacobi: each sweep reads the last one's chances), with numpy.


class _Moves:
    """Every state's plan as arrays, rows in ``states``' order: where holding and each roll
    lead (a row and a turn of the seats, or an end's chances)."""

    def __init__(self, states, plans: dict, players: int):
        row = {state: n for n, state in enumerate(states)}
        n, width = len(states), max(len(plans[s][1] or ()) for s in states)
        self.can_hold, self.can_roll = np.zeros(n, bool), np.zeros(n, bool)
        self.hold_row, self.hold_by = np.zeros(n, np.int64), np.zeros(n, np.int64)
        self.hold_end = np.zeros((n, players))  # (a hold that ends the game: its chances)
        self.ends_game = np.zeros(n, bool)
        self.roll_row, self.roll_by = np.zeros((n, width), np.int64), np.zeros((n, width), np.int64)
        self.roll_chance = np.zeros((n, width))
        self.roll_end = np.zeros((n, players))  # the rolls that end the game, weighted
        for r, state in enumerate(states):
            hold, rolls = plans[state]
            if hold is not None:
                self.can_hold[r] = True
                if isinstance(hold, Final):
                    self.ends_game[r], self.hold_end[r] = True, hold
                else:
                    self.hold_row[r], self.hold_by[r] = row[hold[0]], hold[1]
            if rolls is not None:
                self.can_roll[r] = True
                for j, (chance, target) in enumerate(rolls):
                    if isinstance(target, Final):
                        self.roll_end[r] += chance * np.asarray(target)
                    else:
                        self.roll_row[r, j], self.roll_by[r, j], self.roll_chance[r, j] = row[target[0]], target[1], chance
        self.players = players

    def turned(self, values: np.ndarray) -> np.ndarray:
        """``values`` turned 0 to players - 1 seats: [by, row, seat] (:func:`turned`)."""
        return np.stack([np.roll(values, by, axis=1) for by in range(self.players)])

    def held(self, turned: np.ndarray) -> np.ndarray:
        return np.where(self.ends_game[:, None], self.hold_end, turned[self.hold_by, self.hold_row])

    def rolled(self, turned: np.ndarray) -> np.ndarray:
        return self.roll_end + np.einsum("rw,rwp->rp", self.roll_chance, turned[self.roll_by, self.roll_row])


def _as_array(states, values: dict) -> np.ndarray:
    return np.array([values[s] for s in states], dtype=float)


def _as_dict(states, values: np.ndarray) -> dict:
    return dict(zip(states, map(tuple, values.tolist()), strict=True))


def optimal_values(key, states, values: dict, plans: dict, sweeps: int) -> dict:
    """The converged :func:`plain_iteration` of a brute force from ``values`` (its start), kept
    by ``key`` (the brute force's rules): the profiles' brute forces of one game share it."""
    if key not in _OPTIMAL:
        plain_iteration(states, values, plans, sweeps)
        _OPTIMAL[key] = dict(values)
    return dict(_OPTIMAL[key])


_OPTIMAL: dict = {}


def plain_iteration(states, values: dict, plans: dict, sweeps: int = 5000) -> None:
    """Max-n plain value iteration in place over ``states``: each state's chances become those
    of the action best for its mover, ties held; ``plans[state]`` is (holding's target or
    None, rolling's (chance, target) pairs or None). Holding that wins the game is taken
    (rolling is not offered there). Until no chance moves by 1e-14."""
    moves = _Moves(states, plans, len(values[states[0]]))
    now = _as_array(states, values)
    for _ in range(sweeps):
        turned = moves.turned(now)
        held, rolled = moves.held(turned), moves.rolled(turned)
        rolls = moves.can_roll & ~(moves.can_hold & (held[:, 0] == 1.0))
        holds = moves.can_hold & (~rolls | (held[:, 0] >= rolled[:, 0]))
        after = np.where(holds[:, None], held, rolled)
        change, now = np.abs(after - now).max(), after
        if change < 1e-14:
            values.update(_as_dict(states, now))
            return
    raise AssertionError(f"the brute force did not settle (last change {change})")


def profile_iteration(states, optimal: dict, plans: dict, follower, sweeps: int = 5000) -> dict:
    """A profile's chances at every state by plain iteration: the mover plays
    ``follower(state)`` (True roll, False hold) where it says, the legal action where that one
    is not (rolling is not offered where holding wins), and elsewhere (None) the exact advice:
    rolling where it is strictly better in ``optimal`` (the converged values of
    :func:`plain_iteration`), holding on a tie. ``plans`` as :func:`plain_iteration` takes
    them. Until no chance moves by 1e-14."""
    moves = _Moves(states, plans, len(optimal[states[0]]))
    # (from the optimal chances, not a uniform guess: a profile differs from optimal play in a
    # few seats' moves, so its chances are near; the fixed point is the same, the profile's
    # game ending with chance 1)
    now = _as_array(states, optimal)
    turned = moves.turned(now)
    legal = moves.can_roll & ~(moves.ends_game & (moves.hold_end[:, 0] == 1.0))
    advised = legal & (~moves.can_hold | (moves.rolled(turned)[:, 0] > moves.held(turned)[:, 0]))
    wanted = [follower(state) for state in states]
    chosen = np.array([a if w is None else w for w, a in zip(wanted, advised.tolist(), strict=True)], bool)
    rolls = (legal & chosen) | ~moves.can_hold
    for _ in range(sweeps):
        turned = moves.turned(now)
        after = np.where(rolls[:, None], moves.rolled(turned), moves.held(turned))
        change, now = np.abs(after - now).max(), after
        if change < 1e-14:
            return _as_dict(states, now)
    raise AssertionError(f"the profile's iteration did not settle (last change {change})")
