r"""What the two-player advice costs each seat at a table of more players (issue 36), exactly.

Before three-player Pig was solved, a table of three was advised by the two-player game
against the *strongest opponent*: the mover at ``(s_0, s_1, s_2)`` with turn total ``k``
rolls where two-player optimal play rolls at ``(i, j, k) = (s_0, max(s_1, s_2), k)``
(:class:`~pycore.jeopardy.play.match.Position`; games of four or more players still are). This
module measures what that *stand-in* costs.

**The profile.** With ``N`` turns left at the start, the player to move with ``n`` left is
``(N - n) mod P``. Each player follows either the stand-in or the optimal (max-n) policy of
the turn-limited game: at ``n`` turns left and turn total ``k`` the mover rolls where rolling
is strictly better for them in the optimal game's values with ``n - 1`` left (the advice the
app gives), *not* a best response to the stand-in: the others keep playing as the exact
advice says. The profile's chances are then one policy evaluation, backward over the turns
left in step with the optimal solve (:func:`~pycore.jeopardy.seats.chain.chain_step`):

.. math::

    V^{\text{profile}}_n = \text{turn}(V^{\text{profile}}_{n - 1};\ \text{rolls}_n), \qquad
    \text{rolls}_n = \begin{cases} \text{stand-in} & \text{the mover follows it} \\
    \arg\max \text{ of } V^{\text{optimal}}_{n - 1} & \text{else} \end{cases}

A seat's **cost** is its chance at the start when it alone follows the stand-in, less its
chance when everyone plays optimally.

Arrays: masks are ``(T,) * P`` booleans in the chain solver's layout (the mover's score last).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pycore.core.errors import InvalidRequestError, SolverError
from pycore.core.registry import find_game
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.seats.chain import anchor_order, chain_game, chain_step, mover_last
from pycore.jeopardy.solving.dispatch import solve


def two_player_game(game):
    """The two-player game a table of ``game.players`` would be advised by: the game that
    ``game`` is a variant of, with the parameters it takes."""
    base = getattr(game, "variant_of", None)
    if base is None:
        raise InvalidRequestError(f"{game.name} is not a variant of a two-player game")
    taken = {p.name for p in find_game(base).parameters}
    return find_game(base, **{k: v for k, v in game.params.items() if k in taken})


def stand_in_rolls(game) -> list[np.ndarray | None]:
    """[k] bool (T,) * P, mover-last: where the stand-in rolls at turn total ``k`` (index 0
    unused: a turn starts with a roll), from the two-player game's optimal policy at the
    mover's score against the most points among the others."""
    players = int(game.players)
    goal = chain_game(game)[0]
    two = two_player_game(game)
    solution = solve(two)
    model = solution.model
    rolls = np.zeros((goal, goal, goal), bool)  # [i, j, k]
    i, j = (model.anchors[:, n] for n in range(2))
    for t, (k,) in enumerate(model.turns):
        if k < goal:
            rolls[i, j, k] = solution.policy[:, t]
    scores = np.meshgrid(*[np.arange(goal)] * players, indexing="ij")  # (s_1, ..., s_{P-1}, s_0)
    mover, strongest = scores[-1], np.maximum.reduce(scores[:-1])
    return [None] + [rolls[mover, strongest, k] for k in range(1, goal)]


@dataclass(frozen=True)
class StandInCost:
    """Every player's chance at the start (the first player's first) with ``turns`` turns
    left: ``optimal`` all playing the exact advice; ``alone[s]`` player ``s`` alone following
    the stand-in; ``everyone`` all following it."""

    turns: int
    optimal: tuple[float, ...]
    alone: tuple[tuple[float, ...], ...]
    everyone: tuple[float, ...]

    @property
    def costs(self) -> tuple[float, ...]:
        """What the stand-in costs each player alone: optimal chance less the stand-in's."""
        return tuple(self.optimal[s] - self.alone[s][s] for s in range(len(self.optimal)))


def stand_in_cost(game, stand_in: list | None = None, progress=None, should_stop=None) -> StandInCost:
    """The profiles of the module, with ``game.params["turns"]`` turns left at the start;
    ``stand_in``: where the stand-in rolls, as :func:`stand_in_rolls` gives it (its default)."""
    players, turns = int(game.players), int(game.params.get("turns", 0))
    if turns < 1:
        raise InvalidRequestError(f"{game.name}: the stand-in's cost is measured with a turn limit (turns >= 1)")
    goal, p_bust, outcomes = chain_game(game)
    stand_in = stand_in_rolls(game) if stand_in is None else stand_in
    profiles = [{s} for s in range(players)] + [set(range(players))]  # who follows the stand-in
    optimal = mover_last(players, goal, None)
    tables = [mover_last(players, goal, None) for _ in profiles]
    for n in range(1, turns + 1):
        mover = (turns - n) % players
        next_optimal, rolled = chain_step(optimal, goal, p_bust, outcomes, record=True)
        for p, followers in enumerate(profiles):
            chosen = stand_in if mover in followers else [None, *(rolled[k] for k in range(1, goal))]
            tables[p], _ = chain_step(tables[p], goal, p_bust, outcomes, rolls=chosen.__getitem__)
        optimal = next_optimal
        if progress:
            progress(f"{n} of {turns} turns left", n / turns)
        if should_stop and should_stop():
            raise SolverError(f"stopped at {n} of {turns} turns left")
    first = int(layout(game).anchor_row(game.start_anchor()))

    def start(X):  # seat s of the first mover is player s
        return tuple(float(v) for v in anchor_order(X)[first])

    return StandInCost(turns, start(optimal), tuple(start(t) for t in tables[:players]), start(tables[-1]))
