"""Real dice for the tests' simulations: a Pig turn rolled with a seeded generator, and a turn
graph's rolls as cumulative chances to draw from (Farkle's set-asides as each roll's
alternatives); and the optimal turn of an anchor read from solved turn-start values."""

from __future__ import annotations

import random

from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.solving import turn_graph


def pig_turn(rng: random.Random, rolls) -> int:
    """The turn total a Pig turn banks (0 after a 1), rolling while ``rolls(turn_total)``."""
    total = 0
    while rolls(total):
        face = rng.randint(1, 6)
        if face == 1:
            return 0
        total += face
    return total


def cumulative_rolls(graph) -> dict[int, list[tuple[float, list[tuple[int, int]]]]]:
    """configuration -> [(cumulative chance, the roll's alternatives [(gain steps, next
    configuration; -1 a bust), ...]), ...]: a draw below a row's chance (and above the last
    row's) is that roll."""
    rolls: dict[int, dict] = {}
    for src, dst, gain, prob, outcome in zip(graph.src, graph.dst, graph.gain, graph.prob, graph.choice, strict=True):
        rolls.setdefault(int(src), {}).setdefault(int(outcome), [float(prob), []])[1].append((int(gain), int(dst)))
    cumulative = {}
    for c, table in rolls.items():
        total, rows = 0.0, []
        for prob, alternatives in table.values():
            total += prob
            rows.append((total, alternatives))
        cumulative[c] = rows
    return cumulative


def optimal_turns(game, values):
    """anchor -> its turn under optimal play (a :class:`~pycore.jeopardy.solving.turn_graph.FactoredTurn`,
    swept once per anchor and kept), from the turn-start values ``values``."""
    turns = {}

    def turn_of(anchor):
        if anchor not in turns:
            ending = turn_graph.ending_values(game, anchor, lambda a: float(values[layout(game).anchor_row(a)]))
            turns[anchor] = turn_graph.anchor_turn(game, anchor, ending).turn
        return turns[anchor]

    return turn_of
