"""Farkle with the penalty for three zilches in a row, for two players: each player's count of
zilches in a row is part of the turn start, and scores can fall below zero, down to a lowest
score (Busche's 2016 model bounds them at -2,500).

A zilch adds one to the mover's count; the third in a row costs ``zilch_penalty`` points
(never below ``lowest_score``) and the count starts again; a bank sets it to zero. A fallen
score lowers the layer (the sum of the scores) a turn leads to, so the factored sweep makes
passes over the layers until they settle (:func:`pycore.jeopardy.factored_game.anchor_values`).

``farkle --lowest-score N`` is this game.
"""

from __future__ import annotations

import numpy as np

from ...core.errors import InvalidParameterError
from ...core.params import Param, StateVar
from ...core.registry import register
from ...jeopardy.vocabulary import TurnEnd
from .game import Farkle

#: a zilch count: 0, 1 or 2 zilches in a row (the third is penalised and starts it again)
COUNTS = (0, 1, 2)
#: the most turn starts solved in the page or the CLI without a table (target 500 with scores
#: down to -500: 3,600; see ``live_limit``)
LIVE_ANCHORS = 4000


@register
class FarklePenalty(Farkle):
    """Farkle for two players with each player's zilches in a row counted (``z`` the mover's,
    ``zo`` the opponent's) and scores down to ``lowest_score``."""

    name = "farkle-penalty"
    aliases = ("zilch-penalty",)
    variant_of = "farkle"
    variant_params = ("lowest_score",)
    title = "Farkle with the zilch penalty"
    reference = "seed 004 (Choi); Busche, Maximizing Win Probability in the Game of Farkle (2016)"
    anchor_vars = ("i", "j", "z", "zo")
    turn_vars = ("k", "d")
    variables = (
        *Farkle.variables[:2],
        StateVar("z", "Your zilches in a row", "zilches in a row the player to move has had (the third costs the penalty)",
                 choices=COUNTS),
        StateVar("zo", "Opponent's zilches in a row", "zilches in a row the opponent has had", choices=COUNTS),
        *Farkle.variables[2:],
    )
    parameters = (
        *Farkle.parameters,
        Param("lowest_score", -2500, -20000, 0, "the lowest a score can fall to by penalties (a multiple of the "
              "rule set's unit; Busche's model: -2500)", label="Lowest score", advanced=True),
    )
    start_hint = "scores are multiples of 50 from the lowest score to below the target; 0-2 zilches in a row each"
    #: Facebook Farkle to 10,000, scores down to -2,500 (Busche's model): 562,500 turn starts,
    #: 16 passes, 8.6 hours here in all (resumed across sittings: issue 35)
    prebuilt = ({"rules": "facebook"},)
    # not on the page yet: its Farkle views say which model each number is from first (issue 35)
    offered = False

    def _check_params(self) -> None:
        super()._check_params()
        if self.lowest % self.unit:
            raise InvalidParameterError(
                f"{self.name}: the lowest score must be a multiple of {self.unit} (lowest_score), got {self.lowest}")

    @property
    def lowest(self) -> int:
        return int(self.params["lowest_score"])

    @property
    def _scores(self) -> int:
        return (self.goal - self.lowest) // self.unit

    def anchors(self) -> np.ndarray:
        scores = np.arange(self.lowest, self.goal, self.unit)
        i, j, z, zo = np.meshgrid(scores, scores, COUNTS, COUNTS, indexing="ij")
        return np.stack([i.ravel(), j.ravel(), z.ravel(), zo.ravel()], axis=1)

    def anchor_count(self) -> int:
        return self._scores**2 * len(COUNTS) ** 2

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        i, j, z, zo = key
        return (all(self.lowest <= x < self.goal and x % self.unit == 0 for x in (i, j))
                and z in COUNTS and zo in COUNTS)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j, z, zo = self.anchor_key(anchor)
        n = self._scores
        return (((i - self.lowest) // self.unit * n + (j - self.lowest) // self.unit) * 3 + z) * 3 + zo

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        return (max(komi, 0), max(-komi, 0), 0, 0)

    def live_limit(self) -> str | None:
        if self.anchor_count() > LIVE_ANCHORS:
            return (f"{self.name}: target {self.goal} with scores down to {self.lowest} has {self.anchor_count():,} "
                    f"turn starts, more than the {LIVE_ANCHORS:,} solved here; lower the target or raise the lowest score")
        return None

    def end_turn(self, anchor, gain) -> TurnEnd:
        gain = np.asarray(gain)
        zilch, third = gain == 0, (gain == 0) & (anchor["z"] == 2)
        banked = anchor["i"] + gain
        after = np.where(third, np.maximum(anchor["i"] - self.rules.zilch_penalty, self.lowest), banked)
        value = np.where(~zilch & (banked >= self.goal), 1.0, np.nan)
        shape = np.shape(value)
        count = np.where(zilch & ~third, anchor["z"] + 1, 0)
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], shape), "j": np.broadcast_to(after, shape),
                               "z": np.broadcast_to(anchor["zo"], shape), "zo": np.broadcast_to(count, shape)})

    @property
    def model_rules(self):
        return self.rules

    @property
    def model_note(self) -> str | None:
        return None

    @property
    def table_rules(self) -> dict:
        return {"game": self.name, **self.params}

    @property
    def table_stem(self) -> str:
        stem = f"{self.name}-{self.params['rules']}-lowest{-self.lowest}"
        if not self.params["set"]:
            return stem
        return f"{stem}-{self.rules.digest}"

    def human_policies(self) -> tuple:
        """None yet: a policy against optimal play is evaluated by passes as the solve is, three
        sweeps a pass where the solve makes one (about five times the solve: hours to 10,000)."""
        return ()

    def table_notes(self) -> dict:
        return {"model": f"the {self.rules.zilch_penalty}-point penalty for three zilches in a row, "
                         f"scores down to {self.lowest}"}
