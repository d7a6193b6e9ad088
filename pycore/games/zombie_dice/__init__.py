"""Zombie Dice with coloured dice: the exact roll model (seeds 000 and 001).

The cup holds 13 dice: 6 green, 4 yellow, 3 red. Each die has six faces:
brains, shotguns and footprints, in the counts of ``FACES`` (green 3/1/2,
yellow 2/2/2, red 1/3/2). To roll, the player draws dice at random from the
cup until the hand (the footprint dice kept from the last roll) holds three,
then rolls all three. Brains and shotguns are set aside by colour; footprints
stay in the hand; the third shotgun ends the turn scoring nothing.

When the cup runs empty while dice are still needed, the brain dice set aside
this turn go back into the cup (the brain count is kept) and drawing goes on,
as the AYZD paper (seed 000) words the rule: "If there are no dice to draw,
keep track of the number of brains set aside, and add all rolled brain dice
back into the dice supply, and continue drawing dice at random". The dice
still in the cup are drawn first (all of them), the rest at random from the
returned brain dice.

A set of dice by colour is a tuple of counts ``(green, yellow, red)``. Every
probability here is an exact :class:`~fractions.Fraction`.

This module gives the roll model, the one-roll expectations of the blog post "So I Felt
Like Solving Zombie Dice" (seed 001), which ``tests/test_zombie_dice.py`` checks formula by
formula, the best single turn (most brains on average) beside the blog's rule "roll if
E > n", and the registered two-player game, solved exactly by the factored sweep
(:mod:`pycore.jeopardy.solving.turn_graph`) over the 10,820 configurations of dice (hand, brains and
shotguns set aside) times the brains at stake; its turn-start values ship as a table.
"""

from .dice import (
    BUST_SHOTGUNS,
    COLOURS,
    CUP,
    FACES,
    READINGS,
    configuration_outcomes,
    configurations,
    dice_from_letters,
    dice_to_letters,
    draw_distribution,
    one_roll_expectation,
    roll_distribution,
    roll_labelled_dice,
    turn_graph,
)
from .game import ZombieDice
from .one_turn import best_turn, blog_rule, brains_distribution, evaluate_turn, rule_of, turn_for_at_least

__all__ = [
    "BUST_SHOTGUNS", "COLOURS", "CUP", "FACES", "READINGS", "ZombieDice", "best_turn", "blog_rule",
    "brains_distribution", "rule_of", "turn_for_at_least",
    "configuration_outcomes", "configurations", "dice_from_letters", "dice_to_letters", "draw_distribution",
    "evaluate_turn", "one_roll_expectation", "roll_distribution", "roll_labelled_dice", "turn_graph",
]
