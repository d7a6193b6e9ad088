"""How the page (and the command line) shows a game: hints declared as data beside its rules.

A game's module is its rules: what a turn is, what a roll shows, how the game ends. What the
page makes of them (whether its menu lists the game, which views it offers, the words an
entry that cannot be gets) says nothing about how the game is played, so a game declares it
as one value, ``page = PageHints(...)`` (a kind's own record adds its hints:
:class:`pycore.jeopardy.rules.hints.JeopardyPage`), read by the description
(:meth:`pycore.core.game.Game.describe`), the service and the build; its rules stay the
protocol it implements.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class PageHints:
    """What the page makes of a game of any kind (a game declares ``page = PageHints(...)``)."""

    #: whether the page's game menu lists it (links and the command line reach every game): not
    #: where its default variant can be answered neither live nor from a shipped table
    offered: bool = True
    #: the page shows it under its base game's entry (the base game's name means it by its
    #: rules: :meth:`~pycore.core.game.Game.meant_by_rules`), so its tables ship though the
    #: menu does not list it
    shown_as_base: bool = False
    #: the kind's own facts for the description, as they are (Yahtzee's boxes and views)
    facts: Mapping = field(default_factory=dict)

    @property
    def on_the_page(self) -> bool:
        """Whether the page reaches it by its menu (listed, or shown as its base game): its
        tables ship in ``dist/``."""
        return self.offered or self.shown_as_base

    def facts_of(self, game) -> dict:
        """The kind-specific facts of ``game``'s (class's) description: :attr:`facts` (a kind's
        record computes more from the rules)."""
        return dict(self.facts)
