"""The package's caches: each a :class:`BoundedCache`, named and kept in one registry.

A request (the page's worker, the command line) asks about one game at a time, so every
cache keeps a few entries, the least recently used going first; a solution of Pig to 100 is
tens of megabytes, so "a few" is counted for each cache where it is made. Every cache
registers itself by name in :data:`CACHES`, the process's one context of kept work: a test
(or a worker told to let go of memory) clears them all with :func:`clear_caches`, and a
benchmark looks one up by name instead of reaching into a module.

Functions of pure values whose results are small keep ``functools.lru_cache`` (the standard
tool); this is for what depends on a game's parameters and is large.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class BoundedCache(Generic[V]):
    """At most ``size`` values by key, the least recently used dropped first."""

    def __init__(self, name: str | None, size: int) -> None:
        """``name``: the process's cache of that name (:data:`CACHES`); None for a cache an
        object keeps of its own (it goes with the object)."""
        if size < 1:
            raise ValueError(f"cache {name!r}: size must be at least 1, not {size}")
        if name in CACHES:
            raise ValueError(f"a cache named {name!r} already exists")
        self.name, self.size = name, size
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        if name is not None:
            CACHES[name] = self

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for ``key``, or ``make()`` kept for it."""
        if key in self._entries:
            self._entries.move_to_end(key)
            return self._entries[key]
        # room first: a full cache of values as large as solves would otherwise hold one more
        # than its size while the new one is made (a designer's rows: each pairs its table)
        while len(self._entries) >= self.size:
            self._entries.popitem(last=False)
        return self.put(key, make())

    def peek(self, key: Hashable, default: Any = None) -> V | Any:
        """The value kept for ``key`` (``default`` if none), without making one."""
        if key in self._entries:
            self._entries.move_to_end(key)
            return self._entries[key]
        return default

    def put(self, key: Hashable, value: V) -> V:
        """Keep ``value`` for ``key`` (dropping the least recently used past ``size``)."""
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return value

    def discard(self, key: Hashable) -> None:
        """Forget the value kept for ``key``, if any."""
        self._entries.pop(key, None)

    def clear(self) -> None:
        self._entries.clear()

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)


#: every cache of the process, by name
CACHES: dict[str, BoundedCache] = {}


def clear_caches() -> None:
    """Forget everything every cache keeps (the process then works as if just started)."""
    for cache in CACHES.values():
        cache.clear()
