"""One module per game, the only place that names it; importing a module registers its game.

A new game is one module here and one line below (its registration). The games are listed,
and registered, in the order the app shows them.
"""

from . import pig, gro, ayzd, zombie_dice, farkle, pig_turns, yahtzee, pig_seats, ayzd_seats, gro_seats  # noqa: F401, I001  (the app's order)
