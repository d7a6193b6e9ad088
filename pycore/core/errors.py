"""Exception classes. Every error a user can cause is a ``ValueError`` subclass.

The command line and the JSON API catch :class:`PycoreError` and report its
message; anything else is a bug.
"""


class PycoreError(Exception):
    """Base class of every error pycore raises on purpose."""


class UnknownGameError(PycoreError, ValueError):
    """A game name or alias that is not in the registry."""


class InvalidParameterError(PycoreError, ValueError):
    """A game parameter (goal score, bound, komi range...) out of range."""


class InvalidStateError(PycoreError, ValueError):
    """A state that is malformed, out of range or impossible in the game."""


class InvalidPolicyError(PycoreError, ValueError):
    """A policy name or policy definition that cannot be used."""


class InvalidRequestError(PycoreError, ValueError):
    """A malformed request to the JSON API (bad JSON, unknown action, bad args)."""


class RulesError(PycoreError):
    """A game module breaks the rules protocol (a bug in the game definition)."""


class SolverError(PycoreError):
    """A solve that cannot be completed (e.g. a policy that never ends the game)."""


class TurnGraphError(RulesError, ValueError):
    """A game's turn graph breaks what the factored sweep needs (roll probabilities that do not
    sum to 1, a choice that adds nothing): a bug in a game module, or a rule set given as data."""


class TableError(PycoreError, ValueError):
    """A prebuilt table file that is corrupted, truncated, or for other rules."""


class TableNotLoaded(TableError):
    """A table the manifest lists that is not in the tables directory. The page's worker
    writes a request's tables before asking, by the request's game; a table another game's
    answer needs (three players at Pig's table: three-player Pig's) it fetches on this error,
    from ``details["file"]``, and asks again."""

    def __init__(self, message: str, file: str):
        super().__init__(message)
        self.details = {"file": file}


class CheckpointError(TableError):
    """A table build's kept state (``prebuilt_tables/.checkpoints/``) that can neither be used
    nor set aside, or that cannot be written: the build stops, naming the file."""


class InvalidRecordError(PycoreError, ValueError):
    """A game record (a played game to replay or review) that is malformed or does not
    replay: it names the move that does not fit."""
