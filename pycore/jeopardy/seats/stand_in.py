r"""What the two-player advice costs each seat at a table of more players (issues 36, 54), exactly.

Before the games of three were solved, a table of three was advised by the two-player game
against the *strongest opponent* (:class:`~pycore.jeopardy.play.match.Position`; games of four
or more players still are): the mover rolls where two-player optimal play rolls at the
two-player position that stands for the turn start (:mod:`pycore.jeopardy.seats.reading`:
the mover's score against the most points among the others, and in a game of rounds "player
2" where that opponent has played this round already), with the same turn total and counters.
This module makes that *stand-in* a policy of the game of ``P`` players
(:func:`stand_in_policy`) and measures what it costs (:func:`stand_in_cost`): each player
following it alone while the others keep the exact advice (they do not answer it), and
everyone following it, evaluated exactly by :mod:`pycore.jeopardy.seats.profile`. A player's
**cost** is their chance at the start under the exact advice, less their chance following
the stand-in.

The two-player optimal moves are one sweep of every two-player turn from its optimal
turn-start values ``V`` (the mover's chance): holding with gain ``g`` is worth the game's
result or ``1 - V[next]``, and the mover rolls where rolling is strictly better.

Arrays: the moves are (A_2, G + 1, C) booleans over the two-player game's anchors, gains and
configurations.
"""

from __future__ import annotations

import numpy as np

from pycore.jeopardy.model.compiled import RowIndex
from pycore.jeopardy.rules.vocabulary import Policy
from pycore.jeopardy.seats.profile import FollowerChances, follower_chances
from pycore.jeopardy.seats.reading import two_player_columns, two_player_game
from pycore.jeopardy.solving.dispatch import solve
from pycore.jeopardy.solving.factored import _Endings
from pycore.jeopardy.solving.turn_graph import start_graph_of, sweep

#: the stand-in's name where its chances are listed
STAND_IN = "The two-player advice against the strongest opponent"


def two_player_moves(two) -> np.ndarray:
    """(A_2, G + 1, C) bool: where the two-player game ``two``'s optimal play rolls at every
    turn state (see the module; ties hold)."""
    values = np.asarray(solve(two).anchor_values, float)
    endings = _Endings.of(two)
    graph, columns, can_roll = start_graph_of(two)
    moves = np.zeros((len(endings.anchors), len(endings.gains), graph.n_configurations), bool)
    for part in endings.batches(np.arange(len(endings.anchors)), graph.n_configurations):
        terminal, rows = endings.at(part)
        _, roll_ok, hold_ok = endings.masks(part, terminal, columns, can_roll)
        after = 1.0 - values[np.maximum(rows, 0)]
        held = np.where(np.isnan(terminal), after, terminal)
        turn = sweep(graph, held, roll_ok, hold_ok, held[:, 0])
        moves[part] = ~np.isnan(turn.roll) & (np.isnan(turn.hold) | (turn.roll > turn.hold))
    return moves


def stand_in_policy(game) -> Policy:
    """The stand-in as a policy of ``game`` (``P`` players): its rule, over ``game``'s state
    columns, reads the two-player optimal moves at the position standing for each state."""
    two = two_player_game(game)
    moves = two_player_moves(two)
    anchors = RowIndex(np.asarray(two.anchors(), np.int64))
    _, columns, _ = start_graph_of(two)
    configurations = RowIndex(np.stack(list(columns.values()), axis=1)) if columns else None
    turn_var, step, top = two.turn_vars[0], two.gain_step, moves.shape[1] - 1

    def rule(**state):
        read = two_player_columns(game, state, two)
        canonical = two.canonical_anchor({v: read[v] for v in two.anchor_vars})
        shape = np.broadcast_shapes(*(np.shape(canonical[v]) for v in two.anchor_vars))
        keys = np.stack([np.broadcast_to(canonical[v], shape).ravel() for v in two.anchor_vars], axis=1)
        rows = anchors.rows(keys).reshape(shape)
        gain = np.asarray(read[turn_var]) // step
        if configurations is None:
            configuration = np.zeros((), np.int64)
        else:
            cshape = np.broadcast_shapes(*(np.shape(read[v]) for v in columns))
            ckeys = np.stack([np.broadcast_to(read[v], cshape).ravel() for v in columns], axis=1)
            configuration = configurations.rows(ckeys).reshape(cshape)
        known = (rows >= 0) & (gain <= top) & (configuration >= 0)
        return known & moves[np.maximum(rows, 0), np.minimum(gain, top), np.maximum(configuration, 0)]

    return Policy(STAND_IN, "Roll where two-player optimal play rolls against the most points among the others.",
                  rule, "the app's advice before the game of three was solved")


def stand_in_cost(game, stand_in: Policy | None = None, progress=None, should_stop=None) -> FollowerChances:
    """Every player's chance at the start under the exact advice, with each player alone
    following ``stand_in`` (default :func:`stand_in_policy`) and with everyone following it
    (see the module), at ``game``'s own turn limit (or none)."""
    stand_in = stand_in_policy(game) if stand_in is None else stand_in
    return follower_chances(game, [stand_in], everyone=True, progress=progress, should_stop=should_stop)[0]
