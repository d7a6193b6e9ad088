r"""Turns whose states factor into (gain, configuration): one sweep per turn, vectorised.

In some games the turn state is a number of points at stake, the gain ``g``,
and a *configuration* ``c`` whose rolls do not depend on ``g`` (Zombie Dice:
the dice in hand, the brain and shotgun dice set aside; 10,820
configurations, times every gain up to the bound: about 240,000 turn
states). A roll from ``(g, c)`` leads to ``(g + d, c')`` with a probability
``P(c -> c', d)`` that does not depend on ``g``, or busts. The transitions
are tabulated once, as arrays, and a turn is solved backwards over the gain
and, within one gain, over the configurations in decreasing ``order``
(a zero-gain roll leads to a larger order, or back to the same
configuration):

.. math::

    S(g, c) = \sum_{c', d > 0 \text{ or } c' \ne c} P(c \to c', d)\, V(g + d, c')
              + P_{bust}(c)\, u, \qquad
    V(g, c) = \max\big(H(g),\ S / (1 - P(c \to c, 0))\big),

where ``H(g)`` is the value of holding with ``g`` banked and ``u`` that of a
bust; rolling back into the same configuration is divided out as in
:mod:`pycore.jeopardy.turn` (if rolling is best there, it rolls again). With a
fixed policy instead of the max, the same sweep evaluates it exactly.

Arrays: ``value``, ``roll`` and ``hold`` are (G + 1, C), indexed [gain, configuration].
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TurnGraph:
    """The configurations and every roll's transitions, as flat arrays.

    ``src``/``dst``: configuration indices (``dst`` -1: a bust); ``gain``:
    points the roll adds; ``prob``: its probability (float64). ``order``:
    (C,) ints such that a zero-gain roll from ``c`` leads to a larger order
    or back to ``c``. ``start``: the configuration a turn starts in."""

    configurations: tuple
    src: np.ndarray
    dst: np.ndarray
    gain: np.ndarray
    prob: np.ndarray
    order: np.ndarray
    start: int

    @property
    def n_configurations(self) -> int:
        return len(self.configurations)

    def check(self) -> None:
        """Probabilities per configuration sum to 1; zero-gain rolls go up in order or stay."""
        totals = np.bincount(self.src, weights=self.prob, minlength=self.n_configurations)
        if not np.allclose(totals, 1.0, atol=1e-12):
            bad = int(np.argmax(np.abs(totals - 1)))
            raise ValueError(f"roll probabilities of {self.configurations[bad]} sum to {totals[bad]}")
        flat = (self.gain == 0) & (self.dst >= 0) & (self.dst != self.src)
        if np.any(self.order[self.dst[flat]] <= self.order[self.src[flat]]):
            raise ValueError("a zero-gain roll does not lead to a larger order")


@dataclass(frozen=True)
class FactoredTurn:
    """A solved (or evaluated) turn: values of each action, ``nan`` where not allowed."""

    value: np.ndarray  # (G + 1, C)
    roll: np.ndarray
    hold: np.ndarray


def sweep(
    graph: TurnGraph,
    hold_value: np.ndarray,
    roll_allowed: np.ndarray,
    hold_allowed: np.ndarray,
    bust_value: float,
    policy: np.ndarray | None = None,
) -> FactoredTurn:
    """Solve a turn (``policy`` None) or evaluate a fixed one (``policy`` (G + 1, C) bool,
    True: roll where both are allowed).

    ``hold_value``: (G + 1,) the value of holding with each gain banked;
    ``roll_allowed``/``hold_allowed``: (G + 1, C) bool. A roll must not lead past gain G."""
    top = len(hold_value) - 1
    C = graph.n_configurations
    value = np.full((top + 1, C), np.nan)
    roll = np.full((top + 1, C), np.nan)
    hold = np.where(hold_allowed, np.asarray(hold_value, float)[:, None], np.nan)
    if np.any(roll_allowed[:, :] & (np.arange(top + 1)[:, None] + _max_gain(graph) > top)):
        raise ValueError("a roll allowed near the top gain could lead past it")
    groups = _groups(graph)
    for g in range(top, -1, -1):
        for members, t_index in groups:
            src, dst, gain, prob = graph.src[t_index], graph.dst[t_index], graph.gain[t_index], graph.prob[t_index]
            stay = (dst == src) & (gain == 0)
            bust = dst < 0
            moving = ~stay & ~bust
            targets = np.zeros(len(t_index))
            if g + (gain[moving].max() if moving.any() else 0) <= top:
                targets[moving] = value[g + gain[moving], dst[moving]]
            else:  # only where rolling is not allowed: keep the gains in range
                ok = moving & (g + gain <= top)
                targets[ok] = value[g + gain[ok], dst[ok]]
            targets[bust] = bust_value
            local = np.searchsorted(members, src)
            total = np.bincount(local, weights=np.where(stay, 0.0, prob * targets), minlength=len(members))
            stay_p = np.bincount(local, weights=np.where(stay, prob, 0.0), minlength=len(members))
            h = hold[g, members]
            with np.errstate(divide="ignore", invalid="ignore"):
                again = total / (1.0 - stay_p)
            allowed = roll_allowed[g, members]
            if policy is None:
                after = np.where(np.isnan(h) | (again > h), again, h)
            else:
                # a fixed policy: in the same configuration it does what it did the first time
                rolls_again = policy[g, members] | np.isnan(h)
                after = np.where(rolls_again, again, h)
            q_roll = np.where(allowed, total + stay_p * after, np.nan)
            roll[g, members] = q_roll
            if policy is None:
                value[g, members] = np.fmax(q_roll, h)
            else:
                chosen = np.where(policy[g, members] | np.isnan(h), q_roll, h)
                value[g, members] = np.where(np.isnan(chosen), np.fmax(q_roll, h), chosen)
    return FactoredTurn(value, roll, hold)


def _max_gain(graph: TurnGraph) -> np.ndarray:
    """(C,) the largest gain a roll from each configuration adds."""
    out = np.zeros(graph.n_configurations, dtype=np.int64)
    np.maximum.at(out, graph.src, graph.gain)
    return out[None, :]


_GROUPS: dict = {}  # the last graph's groups: one graph at a time is all any caller needs


def _groups(graph: TurnGraph) -> list[tuple[np.ndarray, np.ndarray]]:
    """Configurations by decreasing order, each with the indices of its transitions."""
    if _GROUPS.get("graph") is not graph:
        groups = []
        by_src = np.argsort(graph.src, kind="stable")
        starts = np.searchsorted(graph.src[by_src], np.arange(graph.n_configurations + 1))
        for level in np.unique(graph.order)[::-1]:
            members = np.flatnonzero(graph.order == level)
            t_index = np.concatenate([by_src[starts[c] : starts[c + 1]] for c in members])
            groups.append((members, t_index))
        _GROUPS.update(graph=graph, groups=groups)
    return _GROUPS["groups"]
