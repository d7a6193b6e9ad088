"""Roll or Hold's core: exact solvers for jeopardy dice games.

>>> from pycore import find_game, solve
>>> round(solve(find_game("pig")).p_first_player_wins(), 4)
0.5306
"""

from .errors import (
    InvalidParameterError,
    InvalidPolicyError,
    InvalidRequestError,
    InvalidStateError,
    PycoreError,
    RulesError,
    SolverError,
    UnknownGameError,
)
from .registry import GAMES, find_game, game_names
from .rules import HOLD, ROLL, JeopardyGame, Policy, State
from .solver import Evaluation, Solution, evaluate, solve

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "HOLD",
    "ROLL",
    "Evaluation",
    "InvalidParameterError",
    "InvalidPolicyError",
    "InvalidRequestError",
    "InvalidStateError",
    "JeopardyGame",
    "Policy",
    "PycoreError",
    "RulesError",
    "Solution",
    "SolverError",
    "State",
    "UnknownGameError",
    "evaluate",
    "find_game",
    "game_names",
    "solve",
]
