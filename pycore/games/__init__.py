"""One module per game, the only place that names it; importing a module registers its game.

A new game is one module here and one line below (its registration).
"""

from . import pig, gro, ayzd, zombie_dice, farkle, pig_turns, yahtzee  # noqa: F401
