"""A request's arguments read by kind: each reader names the argument and what it must be, so
every action says the same thing of the same mistake (JSON's ``true`` is no number, ``1.0``
no whole number)."""

from __future__ import annotations

from ..core.errors import InvalidRequestError


def whole_number(args: dict, key: str, default: int | None = None, low: int | None = None,
                 high: int | None = None, required: bool = False) -> int | None:
    """``args[key]`` as a whole number within [low, high] (``default`` when absent; None, when
    absent and no default, unless ``required``)."""
    value = args.get(key, default)
    if value is None:
        if required:
            raise InvalidRequestError(f"missing argument {key!r}")
        return None
    in_range = (low is None or value >= low) and (high is None or value <= high) if isinstance(value, int) else False
    if isinstance(value, bool) or not isinstance(value, int) or not in_range:
        bounds = f" from {low} to {high}" if low is not None and high is not None else ""
        raise InvalidRequestError(f"argument {key!r} must be a whole number{bounds}, got {value!r}")
    return value


def flag(args: dict, key: str) -> bool:
    """``args[key]`` as true or false (absent: false); JSON's ``"no"`` or ``1`` is neither."""
    value = args.get(key, False)
    if not isinstance(value, bool):
        raise InvalidRequestError(f"argument {key!r} must be true or false, got {value!r}")
    return value


def text(args: dict, key: str) -> str | None:
    """``args[key]`` as text (None when absent)."""
    value = args.get(key)
    if value is not None and not isinstance(value, str):
        raise InvalidRequestError(f"argument {key!r} must be text")
    return value
