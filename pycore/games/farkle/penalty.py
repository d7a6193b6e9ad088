"""Farkle with the penalty for three zilches in a row, for two players: each player's count of
zilches in a row is part of the turn start, and scores can fall below zero, down to a lowest
score (Busche's 2016 model bounds them at -2,500).

A zilch adds one to the mover's count; the third in a row costs ``zilch_penalty`` points
(never below ``lowest_score``) and the count starts again; a bank sets it to zero. A fallen
score lowers the layer (the sum of the scores) a turn leads to, so the factored sweep makes
passes over the layers until they settle (:func:`pycore.jeopardy.solving.factored.anchor_values`).

``farkle`` is this game where the rules in force have the penalty (the Facebook and Zilch
rule sets: :meth:`FarklePenalty.meant_by_rules`), and ``farkle --lowest-score N`` always.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

import numpy as np

from pycore.jeopardy.rules.layout import JeopardyTables, layout
from pycore.jeopardy.rules.vocabulary import TurnEnd

from ...core.errors import InvalidParameterError, PycoreError
from ...core.params import Param, StateVar
from ...core.registry import register
from .game import LIVE_TARGET, Farkle, FarkleLayout
from .scoring import RULE_SETS

#: a zilch count: 0, 1 or 2 zilches in a row (the third is penalised and starts it again)
COUNTS = (0, 1, 2)
#: ``lowest_score``'s default, read as the target below zero, at most :data:`BUSCHES_LOWEST`: a
#: bound that grows with the game (at target 500, -500 and -1,000 give the same P(first) to
#: 2e-6), so that small targets solve live
DERIVED_LOWEST = 1
BUSCHES_LOWEST = -2500
#: the most turn starts solved in the page or the CLI without a table (target 500 with scores
#: down to -500: 3,600; see ``live_limit``)
LIVE_ANCHORS = 4000


class FarklePenaltyLayout(FarkleLayout):
    """Farkle's grid of scores (from the lowest score) by the two zilch counts: found by
    arithmetic, not looked up."""

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        return {**super().anchor_ranges(), "z": (COUNTS[0], COUNTS[-1]), "zo": (COUNTS[0], COUNTS[-1])}

    def anchor_count(self) -> int:
        return self.game._scores**2 * len(COUNTS) ** 2

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        i, j, z, zo = key
        game = self.game
        return (all(game.lowest <= x < game.goal and x % game.unit == 0 for x in (i, j))
                and z in COUNTS and zo in COUNTS)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j, z, zo = self.anchor_key(anchor)
        game = self.game
        n = game._scores
        return (((i - game.lowest) // game.unit * n + (j - game.lowest) // game.unit) * 3 + z) * 3 + zo


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
    player_pairs = (("z", "zo"),)
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
        Param("lowest_score", DERIVED_LOWEST, -20000, DERIVED_LOWEST,
              "the lowest a score can fall to by penalties (a multiple of the rule set's unit; 1, the default: the "
              "target below zero, at most 2,500 below: Busche's -2,500 to 10,000)", label="Lowest score", advanced=True),
    )
    anchor_layout = FarklePenaltyLayout
    # the page shows it as Farkle (the menu's one Farkle entry, whose rules decide the model)
    page = replace(
        Farkle.page,
        start_hint="scores are multiples of 50 from the lowest score to below the target; 0-2 zilches in a row each",
        offered=False, shown_as_base=True,
    )

    @classmethod
    def meant_by_rules(cls, params: dict) -> bool:
        """``farkle`` whose rules take points for three zilches in a row (Facebook's 500,
        Zilch's 500) is this game: the counts are part of the position. Without a penalty the
        counts change nothing, and ``farkle`` is the smaller game without them."""
        try:
            rules = Farkle(**{k: params.get(k) for k in ("rules", "set")}).rules
        except PycoreError:  # (Farkle names what is wrong)
            return False
        return bool(rules.zilch_penalty)

    def _check_params(self) -> None:
        super()._check_params()
        if self.params["lowest_score"] == DERIVED_LOWEST:
            self.params["lowest_score"] = max(BUSCHES_LOWEST, -self.goal // self.unit * self.unit)
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

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        return (max(komi, 0), max(-komi, 0), 0, 0)

    def live_limit(self) -> str | None:
        if layout(self).anchor_count() > LIVE_ANCHORS:
            shipped = ", ".join(v["rules"] for v in self.tables.variants)
            return (f"{self.name}: two-player play to {self.goal} with the zilch counts and scores down to {self.lowest} "
                    f"({layout(self).anchor_count():,} turn starts) is too large to solve here, and no table ships for these "
                    f"rules (one ships for the {shipped} rules as they are); a lower target with the lowest score "
                    f"raised solves live up to {LIVE_ANCHORS:,} turn starts (500 with -500), the rule change "
                    f"zilch_penalty=0 leaves the counts out (to {LIVE_TARGET:,} live), and most points this turn "
                    "works for any rules")
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
        """Which model the win chances are from: the zilch counts are in it; what bounds it."""
        if not self.rules.zilch_penalty:
            return None
        return (f"Win chances count each player's zilches in a row: the third costs {self.rules.zilch_penalty} points "
                f"and starts the count again (Busche's 2016 model), scores bounded below at {self.lowest:,}.")

    @cached_property
    def policies_game(self) -> Farkle:
        """The policies are evaluated on Farkle without the counts (the same rules otherwise):
        against this model an evaluation is passes of three sweeps where the solve makes one
        (about five times the solve: hours to 10,000)."""
        return Farkle(**{k: v for k, v in self.params.items() if k != "lowest_score"})

    @property
    def tables(self) -> JeopardyTables:
        """Facebook Farkle and Zilch to 10,000, scores down to -2,500 (Busche's model): 562,500
        turn starts each, built in warm-started passes resumed across sittings (issue 35; the
        manifest keeps each build's time, peak memory and passes). The rules a table is checked
        against: a change that leaves the named set as it is (``minimum_bank=0`` in Facebook's)
        reads the set's own table."""
        stem = f"{self.name}-{self.params['rules']}-lowest{-self.lowest}"
        return replace(
            super().tables, variants=({"rules": "facebook"}, {"rules": "zilch"}),
            notes={"model": f"the {self.rules.zilch_penalty}-point penalty for three zilches in a row, "
                            f"scores down to {self.lowest}"},
            rules={"game": self.name, **self.params, **({"set": ""} if self._as_named else {}), "digest": self.rules.digest},
            stem=stem if self._as_named else f"{stem}-{self.rules.digest}")

    @property
    def _as_named(self) -> bool:
        return self.rules == RULE_SETS[self.params["rules"]]

    def human_policies(self) -> tuple:
        """Farkle's, to play against (they do not look at the counts); their results against
        optimal play are Farkle's without the counts (:attr:`policies_game`)."""
        return self.policies_game.human_policies()

