"""One turn of Zombie Dice on its own: the most brains on average, the blog's rule "roll if
E > n" (seed 001), a fixed rule's exact value, and how a turn's brains are spread."""

from __future__ import annotations

import numpy as np

from pycore.jeopardy.solving.turn_graph import FactoredTurn, sweep

from .dice import BUST_SHOTGUNS, dice_plus, draw_distribution, one_roll_expectation, turn_graph, turn_masks


def best_turn(bound: int = 26, reading: str = "after") -> FactoredTurn:
    """The most brains a single turn makes on average, brains at stake up to ``bound``
    (26, twice the goal, as the AYZD paper bounds scores): ``value[0, start]``."""
    graph = turn_graph(reading)
    roll, hold = turn_masks(graph, bound)
    return sweep(graph, np.arange(bound + 1, dtype=float), roll, hold, 0.0)


def blog_rule(bound: int = 26) -> np.ndarray:
    """The blog's one-step rule as a policy, (bound + 1, C) bool: roll if E > n, where E is
    the expected points after the next roll (its draw included) and n the brains at stake."""
    graph = turn_graph()
    slope = np.zeros(graph.n_configurations)
    offset = np.zeros(graph.n_configurations)
    for n, (hand, brains_aside, shotguns) in enumerate(graph.configurations):
        health = BUST_SHOTGUNS - sum(shotguns)
        for p, drawn, _ in draw_distribution(hand, brains_aside, shotguns):
            dice = dice_plus(hand, drawn)
            at_zero = one_roll_expectation(dice, 0, health)
            slope[n] += float(p * (one_roll_expectation(dice, 1, health) - at_zero))
            offset[n] += float(p * at_zero)
    gains = np.arange(bound + 1)[:, None]
    return slope[None, :] * gains + offset[None, :] > gains


def evaluate_turn(policy: np.ndarray, bound: int = 26) -> FactoredTurn:
    """A fixed one-turn policy's exact expected brains (``value[0, start]``)."""
    graph = turn_graph()
    roll, hold = turn_masks(graph, bound)
    return sweep(graph, np.arange(bound + 1, dtype=float), roll, hold, 0.0, policy=policy)


def rule_of(turn: FactoredTurn) -> np.ndarray:
    """A solved turn's play as a policy, (bound + 1, C) bool: roll where rolling is worth more
    than holding (ties hold, as the advice does)."""
    return ~np.isnan(turn.roll) & (np.isnan(turn.hold) | (turn.roll > turn.hold))


def brains_distribution(policy: np.ndarray, bound: int = 26) -> np.ndarray:
    """(bound + 1,) the chance that a turn played by ``policy`` ((bound + 1, C) bool: roll where
    True and allowed) banks each number of brains, 0 to ``bound`` (a bust banks 0): one exact
    sweep that follows each count's indicator along the policy's play."""
    graph = turn_graph()
    roll, hold = turn_masks(graph, bound)
    gains = np.arange(bound + 1)
    banked = tuple(((gains == b).astype(float), float(b == 0)) for b in range(bound + 1))
    turn = sweep(graph, gains.astype(float), roll, hold, 0.0, policy=policy, follow=banked)
    return np.array([followed[0, graph.start] for followed in turn.followed])


def turn_for_at_least(brains: int, bound: int = 26) -> FactoredTurn:
    """A turn played for the best chance of banking at least ``brains`` (holding is worth 1
    from there, 0 below): ``value[0, start]`` is that chance, ``roll``/``hold`` the play."""
    graph = turn_graph()
    roll, hold = turn_masks(graph, bound)
    return sweep(graph, (np.arange(bound + 1) >= brains).astype(float), roll, hold, 0.0)
