"""The registry of games: ``find_game(name, **params)``."""

from __future__ import annotations

from .errors import UnknownGameError
from .games.ayzd import AllYellowZombieDice
from .games.gro import GreatRolledOnes
from .games.pig import Pig
from .games.yahtzee import JOKER_RULES, Yahtzee
from .rules import JeopardyGame

GAMES: tuple[type[JeopardyGame], ...] = (Pig, GreatRolledOnes, AllYellowZombieDice)
SCORECARD_GAMES: tuple[type, ...] = (Yahtzee,)  # solitaire: maximise the expected score


def game_names() -> list[str]:
    return [g.name for g in GAMES + SCORECARD_GAMES]


def find_game_class(name: str) -> type:
    """The game class for a name or alias (case-insensitive)."""
    wanted = str(name).strip().lower()
    for game in GAMES + SCORECARD_GAMES:
        if wanted == game.name or wanted in getattr(game, "aliases", ()):
            return game
    valid = ", ".join(
        f"{g.name} ({', '.join(g.aliases)})" if getattr(g, "aliases", ()) else g.name for g in GAMES + SCORECARD_GAMES
    )
    raise UnknownGameError(f"unknown game {name!r}; valid games: {valid}")


def find_game(name: str, **params):
    """A game instance by name or alias, with parameters (e.g. ``goal=50``, ``joker="forced"``)."""
    return find_game_class(name)(**{k: v for k, v in params.items() if v is not None})


def scorecard_variants() -> list:
    """Every rule set of every scorecard game (one prebuilt table each)."""
    return [Yahtzee(joker) for joker in JOKER_RULES]
