r"""What a turn banks: the chance of each gain a turn ends with, its moves fixed, for many
turn starts at once (issue 54: a simulated table of four to eight players draws each turn's
points from it).

A turn of a factored game (:mod:`pycore.jeopardy.solving.turn_graph`) is swept for a batch
of anchors as the solver sweeps it, recording where the mover rolls and which alternative
each roll's outcome takes; then the chance of each turn state is carried forward from the
turn's start (:func:`~pycore.jeopardy.solving.turn_graph.banked_chances`). A state the mover
holds at banks its gain, a bust banks nothing:

.. math::

    P(G = g) = \sum_{(g, c) \text{ held}} \text{reach}(g, c) + [g = 0] \sum_{\text{busts}} \text{reach}

Arrays: (B, G + 1), B turn starts by gain / ``game.gain_step``.
"""

from __future__ import annotations

import numpy as np

from pycore.jeopardy.rules.vocabulary import Policy
from pycore.jeopardy.solving.factored import _Endings
from pycore.jeopardy.solving.turn_graph import banked_chances, graph_of, sweep


def banked_turns(game, passed_values: np.ndarray | None, rows: np.ndarray, policy: Policy | None = None) -> np.ndarray:
    """(B, G + 1) what the turn of each anchor row (B,) banks: the chance of each gain (index:
    gain / step; 0 nothing banked). Played optimally (``policy`` None: the mover rolls where
    that is strictly better and takes the best alternative, the first of equals;
    ``passed_values`` (A,) as :func:`~pycore.jeopardy.solving.factored.panel_turns`), or by
    ``policy`` (its rule where both moves are allowed, its choices or the first alternative,
    as :func:`~pycore.jeopardy.solving.factored.evaluate_against_optimal` plays it; no values
    needed); either way holding where it wins on the spot. Every anchor's at once, where one
    at a time, state by state, takes 0.4 s of Python (a Farkle turn)."""
    endings = _Endings.of(game)
    graph, columns = graph_of(game)
    choices = None if policy is None or policy.choose is None else policy.choose(game)
    out = np.empty((len(rows), endings.top + 1))
    for part in endings.batches(np.arange(len(rows)), graph.n_configurations):
        terminal, following = endings.at(rows[part])
        state, roll_ok, hold_ok = endings.masks(rows[part], terminal, columns, game.can_roll)
        if policy is None:
            passed = np.where(following >= 0, passed_values[np.maximum(following, 0)], np.nan)
            ending = np.where(np.isnan(terminal), passed, terminal)
            turn = sweep(graph, ending, roll_ok, hold_ok, ending[:, 0], record_choices=True)
            rolls = ~np.isnan(turn.roll) & (np.isnan(turn.hold) | (turn.roll > turn.hold))
            chosen = turn.chosen
        else:
            rolls = roll_ok & (np.asarray(policy.rule(**state), bool) | ~hold_ok)
            # (no choices said: each outcome's first alternative, banked_chances' own default)
            chosen = None if choices is None else np.broadcast_to(choices(state) if callable(choices) else choices,
                                                                  (len(part), endings.top + 1, graph.n_outcomes))
        out[part] = banked_chances(graph, rolls, chosen)
    return out
