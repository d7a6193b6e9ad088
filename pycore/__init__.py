"""Roll or Hold's core: exact solvers for jeopardy dice games.

>>> from pycore import find_game, solve
>>> round(solve(find_game("pig")).p_first_player_wins(), 4)
0.5306

Layers (each imports only those above it):

* :mod:`pycore.core` -- errors, parameters and descriptions, the game registry, concrete dice;
* :mod:`pycore.jeopardy` and :mod:`pycore.scorecard` -- one package per kind of game: its rules
  protocol, solvers and analyses;
* :mod:`pycore.store` -- compressed tables of solved values, for any game;
* :mod:`pycore.games` -- one module per game (the only place that names it);
* :mod:`pycore.service` -- the JSON API (dispatch by kind), links and the command line.
"""

# the built-in games register on import (the registry itself imports no game: no cycle)
from pycore.jeopardy.policies.evaluation import evaluate
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import HOLD, ROLL, Choice, Policy, State
from pycore.jeopardy.solving.dispatch import solve
from pycore.jeopardy.solving.solution import GameSolution, Matchup
from pycore.jeopardy.solving.tabulated import Solution

from . import games  # noqa: F401
from .core.errors import (
    InvalidParameterError,
    InvalidPolicyError,
    InvalidRequestError,
    InvalidStateError,
    PycoreError,
    RulesError,
    SolverError,
    TableError,
    UnknownGameError,
)
from .core.registry import find_game, find_game_class, game_classes, game_names, register, unregister
from .service import api

__version__ = "0.1.0"

__all__ = [
    "HOLD",
    "ROLL",
    "Choice",
    "InvalidParameterError",
    "InvalidPolicyError",
    "InvalidRequestError",
    "InvalidStateError",
    "JeopardyGame",
    "GameSolution",
    "Matchup",
    "Notation",
    "Policy",
    "PycoreError",
    "RulesError",
    "Solution",
    "SolverError",
    "State",
    "TableError",
    "UnknownGameError",
    "api",
    "evaluate",
    "find_game",
    "find_game_class",
    "game_classes",
    "game_names",
    "register",
    "solve",
    "unregister",
]
