r"""Farkle and Zilch: rule sets as data (:mod:`.scoring`), the best single turn and the
long-run rate (:mod:`.one_turn`), and the two-player game (:mod:`.game`).
"""

from .game import LIVE_TARGET, SIMPLE_BANK_AT, Farkle, FarkleTurnValues
from .one_turn import LongRun, TurnSolution, best_turn, long_run, play_turn, roll_dice
from .penalty import FarklePenalty
from .scoring import RULE_SETS, RuleSet, best_of_at_most, outcomes, rule_set, scoring_options, zilch_chance

__all__ = [
    "LIVE_TARGET", "RULE_SETS", "SIMPLE_BANK_AT", "Farkle", "FarklePenalty", "FarkleTurnValues", "LongRun", "RuleSet", "TurnSolution",
    "best_of_at_most", "best_turn", "long_run", "outcomes", "play_turn", "roll_dice", "rule_set", "scoring_options",
    "zilch_chance",
]
