r"""More than two players (issue 36): each player's chance to win at every turn start.

With ``P`` players (``game.players``) a turn start's anchor lists the scores in seat order
from the player to move (Pig: ``i`` the mover's, ``j`` the next player's, ``l`` the one
after), and ending a turn passes the dice on: the next anchor starts from the next player.
The game is not zero-sum between two sides any more, so a turn start's value is a vector
``W[a] = (W_0, ..., W_{P-1})``, ``W_s`` the chance that the player ``s`` seats after the
mover wins (they sum to 1). Each player maximises their own chance (max-n):

.. math::

    W_0[a] = \max_{\text{play of the turn}} E[\,\text{end}_0\,], \qquad
    W_s[a] = E[\,\text{end}_s\,] \text{ along that play},

where ending the turn with gain ``g`` either ends the game (the mover's result ``v``:
1 a win; the others share ``1 - v`` equally, so a draw when the turns run out is ``1/P``
each) or leads to the next anchor ``a'``, whose seat ``P - 1`` is this mover:
``end_0 = W_{P-1}[a']`` and ``end_s = W_{s-1}[a']``. The turn is one
:func:`~pycore.jeopardy.factored.sweep` over the mover's component, the other players'
components riding along as followed payoffs (``follow``); ties between rolling and holding
go to holding (the sweep rolls only where rolling is strictly better).

**Which fixed point.** Two players make a zero-sum game with one value; with three, a
stochastic game need not have a unique stationary equilibrium, and iterating from a start
need not settle (three-player Pig from goal 70 up keeps switching; issue 36). So:

* **With a turn limit** (every turn moves to a layer of its own, as in Pig with a turn
  limit) each stage is exact in one sweep: backward induction over the turns left, one
  answer (with the tie rule).
* **Without one**, a stage whose zero-gain endings stay in it (a 1 in Pig leaves the
  scores where they were) is swept again and again from the values ``1/P`` until no value
  moves by ``tolerance`` (the change measured before damping: how far the values are from
  their own equations). Each sweep moves the values only ``damping`` of the way to what it
  found: the fixed points are the same, but three-player Pig to 50 settles with 1/2
  (measured: at most 351 sweeps a layer) where the full step kept switching policies (a
  layer still moving by 0.0014 after 2,000 sweeps); to 20 it costs 109 sweeps a layer
  instead of 57. If no fixed point is reached after ``max_sweeps`` sweeps the solve is
  refused (:class:`SeatsDidNotSettle`, naming the stage and the last change): there is then
  no stationary answer this iteration finds, and the turn-limited game is the one to ask.

Arrays: the result is (A, P), rows in ``game.anchors()`` order.
"""

from __future__ import annotations

import numpy as np

from ..core.errors import SolverError
from .factored import start_graph_of, sweep
from .factored_game import _Endings


class SeatsDidNotSettle(SolverError):
    """The stationary iteration of a game of more than two players did not settle."""


def seat_values(game, tolerance: float = 1e-12, max_sweeps: int = 2000, progress=None,
                stats: dict | None = None, damping: float = 0.5) -> np.ndarray:
    """(A, P) each seat's chance to win at every turn start of ``game.anchors()``, seat 0
    the player to move (see the module). ``stats``: ``sweeps`` (batched sweeps made),
    ``stage_sweeps`` (the most one stage needed) and ``residual`` (the largest last change
    of a stage swept to a fixed point). ``damping``: the share of each sweep's step taken
    (0 < damping <= 1; see the module)."""
    players = int(game.players)
    if players < 2:
        raise SolverError(f"{game.name}: a game of {players} player has no opponent")
    if not 0 < damping <= 1:
        raise SolverError(f"damping is the share of a sweep's step taken, above 0 and at most 1; got {damping}")
    endings = _Endings.of(game)
    graph, columns, can_roll = start_graph_of(game)
    W = np.full((len(endings.anchors), players), 1.0 / players)
    stats = {} if stats is None else stats
    stats.update(sweeps=0, stage_sweeps=0, residual=0.0)
    stages, falls = endings.stages()
    if falls:
        raise SolverError(f"{game.name}: endings that lower a layer are not solved for {players} players")
    for done, stage in enumerate(stages, 1):
        members = stage.members
        parts = endings.batches(np.arange(len(members)), graph.n_configurations)
        # what each turn's endings lead to and its legal actions: the same in every sweep
        ends = []
        for part in parts:
            terminal, rows = endings.at(members[part])
            _, roll_ok, hold_ok = endings.masks(members[part], terminal, columns, can_roll)
            ended = ~np.isnan(terminal)
            ends.append((rows, roll_ok, hold_ok, ended, np.where(ended, terminal, 0.0),
                         np.where(ended, (1.0 - terminal) / (players - 1), 0.0)))
        for count in range(1, max_sweeps + 1):
            new = np.empty((len(members), players))
            for part, (rows, roll_ok, hold_ok, ended, mine, shares) in zip(parts, ends, strict=True):
                # an ending at an anchor not tabulated (row -1) reads anchor 0: by the rules'
                # contract (``anchors``) no turn reaches one
                after = W[np.maximum(rows, 0)]  # (B, G + 1, P): the next mover's seats
                hold = np.where(ended, mine, after[:, :, players - 1])
                follow = tuple((h, h[:, 0]) for h in (np.where(ended, shares, after[:, :, s - 1]) for s in range(1, players)))
                turn = sweep(graph, hold, roll_ok, hold_ok, hold[:, 0], follow=follow)
                stats["sweeps"] += 1
                new[part, 0] = turn.value[:, 0, graph.start]
                for s in range(1, players):
                    new[part, s] = turn.followed[s - 1][:, 0, graph.start]
            change = float(np.max(np.abs(new - W[members]), initial=0.0))
            # (a stage every ending leaves is exact at once: no damping)
            W[members] = W[members] + damping * (new - W[members]) if stage.inside.any() else new
            stats["stage_sweeps"] = max(stats["stage_sweeps"], count)
            if not stage.inside.any():  # every ending leaves the stage: exact in one sweep
                break
            if change < tolerance:
                stats["residual"] = max(stats["residual"], change)
                break
        else:
            layer = int(endings.layers[members[0]])
            raise SeatsDidNotSettle(
                f"{game.name}: the {players}-player values of layer {layer} did not settle in {max_sweeps} "
                f"sweeps (the last changed a chance by {change:.2g}): no stationary answer was found this way; "
                "solve it with a turn limit")
        if progress:
            progress(f"stage {done} of {len(stages)}", done / len(stages))
    return W
