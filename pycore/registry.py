"""The registry of games: ``find_game(name, **params)``."""

from __future__ import annotations

from .errors import UnknownGameError
from .games.ayzd import AllYellowZombieDice
from .games.gro import GreatRolledOnes
from .games.pig import Pig
from .rules import JeopardyGame

GAMES: tuple[type[JeopardyGame], ...] = (Pig, GreatRolledOnes, AllYellowZombieDice)


def game_names() -> list[str]:
    return [g.name for g in GAMES]


def find_game_class(name: str) -> type[JeopardyGame]:
    """The game class for a name or alias (case-insensitive)."""
    wanted = str(name).strip().lower()
    for game in GAMES:
        if wanted == game.name or wanted in game.aliases:
            return game
    valid = ", ".join(f"{g.name} ({', '.join(g.aliases)})" if g.aliases else g.name for g in GAMES)
    raise UnknownGameError(f"unknown game {name!r}; valid games: {valid}")


def find_game(name: str, **params: int) -> JeopardyGame:
    """A game instance by name or alias, with parameters (e.g. ``goal=50``)."""
    return find_game_class(name)(**{k: v for k, v in params.items() if v is not None})
