"""A small thread-safe LRU cache bounded by the total size of what it holds.

For values that never change under their key (a game at a version, its rendered sheet), so
a page asked for again costs nothing; the size bound keeps a few long games from taking the
memory. Standard library only: any layer may use it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class SizedCache(Generic[V]):
    """Up to ``budget`` units (``size(value)`` each) of the values used last."""

    def __init__(self, budget: int, size: Callable[[V], int]) -> None:
        self.budget = budget
        self._size = size
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._used = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        # A read takes no lock (a dict read is atomic, and a key's value never changes), so
        # the threads of a busy server never queue here; the hit becomes the most recently
        # used unless another thread is changing the cache at that moment.
        hit = self._items.get(key)
        if hit is None:
            return None
        if self._lock.acquire(blocking=False):
            try:
                if key in self._items:
                    self._items.move_to_end(key)
            finally:
                self._lock.release()
        return hit[0]

    def put(self, key: Hashable, value: V) -> None:
        size = self._size(value)
        with self._lock:
            if key in self._items or size > self.budget:
                return
            self._items[key] = (value, size)
            self._used += size
            while self._used > self.budget:
                _, (_, old) = self._items.popitem(last=False)
                self._used -= old

    def __len__(self) -> int:
        return len(self._items)


class OneAtATime:
    """Threads of one process that miss the same key at once: one makes the value, the others
    wait for it and then find it kept (a "single flight"). ``lock(key)`` is the key's lock; the
    caller looks in its cache again once it holds it. Past ``most`` keys the locks are forgotten
    (a thread still holding a forgotten one only makes its value alone)."""

    def __init__(self, most: int = 1000) -> None:
        self._locks: dict[Hashable, threading.Lock] = {}
        self._guard = threading.Lock()
        self._most = most

    def lock(self, key: Hashable) -> threading.Lock:
        with self._guard:
            if len(self._locks) > self._most:
                self._locks.clear()
            return self._locks.setdefault(key, threading.Lock())
