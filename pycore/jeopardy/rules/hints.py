"""How the page (and the command line) shows a jeopardy game: its hints, declared as data.

A jeopardy game's module states its rules (:class:`pycore.jeopardy.rules.protocol.JeopardyGame`).
Beside them it declares one value, ``page = JeopardyPage(...)``, with what the page makes of
them: the views it offers, how a roll is entered, which variables are entered together, what
the advice is for unless a link says, and the words that say why an entry cannot be. None of
it changes what the game is (a solve reads none of it), so it is data a new game fills in, not
methods it writes; the functions below compute from it and the rules (the description's
facts, the word for the turn's points).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pycore.core.page import PageHints
from pycore.jeopardy.rules.notation import variable_of

#: what a jeopardy game can be solved for: the win probability of two players, or the
#: expected points of one turn (the within-turn optimum, e.g. for Zombie Dice or Farkle)
OBJECTIVES = {
    "win": "the probability of winning the game (two players)",
    "turn-score": "the expected points of one turn",
}
#: each objective as a choice on screen (``unit``: the game's :func:`turn_unit`)
OBJECTIVE_LABELS = {"win": "Win the game", "turn-score": "Most {unit} this turn"}
#: every view a jeopardy game may offer, by its name in links, and its title on the page
VIEW_TITLES = {"advice": "Advice", "slice": "Boundary 2-D", "solid": "Boundary 3-D", "thresholds": "When to hold",
               "strategies": "Strategies", "design": "Designer", "play": "Play", "table": "At the table",
               "quiz": "Test yourself"}

#: every view, the default: a tabulated game of two players
ALL_VIEWS = ("advice", "slice", "solid", "thresholds", "strategies", "design", "play", "table", "quiz")


@dataclass(frozen=True)
class JeopardyPage(PageHints):
    """What the page makes of a jeopardy game's rules (a game declares ``page = JeopardyPage(...)``,
    a variant ``dataclasses.replace`` of its base game's)."""

    #: what makes a turn start possible (for error messages)
    start_hint: str = "scores are below the goal"
    #: what makes a turn state reachable (for error messages): words, or a function of the game
    #: where they follow its parameters (Pig's faces; :meth:`turn_words`)
    turn_hint: str | Callable = "this turn state is not reachable from the start of the turn"
    #: what a roll can show (for a roll entered that cannot be)
    roll_hint: str = "a roll shows one face per die rolled"
    #: how a player enters a roll in the page (empty: the game has no roll entry yet):
    #: {"dice": n, "colours": {letter: name}, "faces": [...], "hand": the variable whose dice
    #: are rolled again}
    roll_entry: Mapping = field(default_factory=dict)
    #: the views the page offers (a factored game has no (A, T) table to draw boundaries from)
    views: tuple[str, ...] = ALL_VIEWS
    #: a factored game's hold-threshold chart (view "thresholds"): the two dice variables of its
    #: rows and columns; each cell is the gain from which holding is best
    threshold_axes: tuple[str, ...] = ()
    #: a game whose hold threshold follows a counter of the turn starts (Pig with a turn limit:
    #: the turns left) charts it by that counter, every ``step`` values (2: the mover's own turns)
    threshold_anchor: tuple[str, int] | None = None
    #: what the advice is for unless a link or request says (Farkle: one turn, while its
    #: two-player game to 10,000 has no table yet)
    default_objective: str = "win"
    #: whether the page evaluates a rule the user writes (False where one evaluation is a whole
    #: solve, minutes of CPython: the page says so and gives the CLI command instead)
    rules_evaluated_live: bool = True
    #: variables a person enters together: a value one of them cannot take with the others as
    #: they are may be right once another changes (Zombie Dice's dice and brains, Farkle's turn
    #: total and dice left), so the page keeps it, marked, and checks the group as a whole
    entered_together: tuple[tuple[str, ...], ...] = ()
    #: the variables a boundary picture's panel fixes (None: every column but the three axes)
    panel_vars: tuple[str, ...] | None = None

    def turn_words(self, game) -> str:
        """:attr:`turn_hint` for ``game`` (its parameters)."""
        return self.turn_hint(game) if callable(self.turn_hint) else self.turn_hint

    def facts_of(self, game) -> dict:
        return {
            "axes": [game.score_var, game.opponent_var, game.turn_vars[0]],
            "objectives": [
                {"name": k, "help": v, "label": OBJECTIVE_LABELS[k].format(unit=turn_unit(game))}
                for k, v in OBJECTIVES.items()
            ],
            "views": list(self.views),
            "view_titles": {v: VIEW_TITLES[v] for v in self.views},
            "rules_evaluated_live": self.rules_evaluated_live,
            "default_objective": self.default_objective,
            "roll_entry": self.roll_entry,
            "table_end": game.table_end,
            "panel_vars": list(self.panel_vars) if self.panel_vars is not None else None,
            "together": [list(group) for group in self.entered_together],
            "unit": turn_unit(game),  # what a turn's gain counts, in the game's words (brains)
            "players": game.players,  # whose chances the solver computes (more than two: each seat's)
        }


def turn_unit(game) -> str:
    """What the turn's gain counts: "points", or the game's own word (Zombie Dice: brains)."""
    return variable_of(game, game.turn_vars[0]).unit or "points"
