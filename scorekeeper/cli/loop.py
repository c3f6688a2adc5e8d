"""Waitress's network loop, turned so each turn costs what is moving, not every open connection.

Waitress's own loop (``wasyncore.poll2``) asks every open connection whether it wants to read
or write, and registers each with a new ``poll`` object, at every turn: with a room of phones
(at 1,000 tables a worker holds about a thousand connections, most of them idle keep-alives
between two polls) that was about 40% of the server's CPU (bench/bench_bignight.py, sampled
with py-spy). This loop keeps one ``epoll`` (``poll`` where there is none) registered across
turns and asks, at each turn, only the connections that may have changed: those that had an
event, those with a request in hand or output to send, the listening socket and the trigger
(which a worker thread pulls when it finished a request), and every connection again at least
every ``FULL_EVERY`` seconds (what catches the idle ones the server's maintenance marks for
closing).

A connection is left out of the turns ("idle") only when this thread sees it with no request
in hand (``requests`` read first: a worker thread empties it last, after its output is queued
or the connection marked to close), no request half received, nothing to send and nothing to
close: then only an event on its socket (which the kernel reports) can change it, and an
event puts it back in the turns. Everything else (reading, writing, accepting, closing) is
waitress's own ``readwrite``.
"""

from __future__ import annotations

import contextlib
import select
import time
from collections.abc import Iterable
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel

FULL_EVERY = 0.5  # seconds: every connection is asked again at least this often
_READ = select.POLLIN | select.POLLPRI
_WRITE = select.POLLOUT


class _Poller:
    """``epoll`` where there is one (Linux: the kernel's cost too is what is moving), else a
    persistent ``poll``; timeouts in seconds."""

    def __init__(self) -> None:
        self.epoll = hasattr(select, "epoll")
        self.impl: Any = select.epoll() if self.epoll else select.poll()

    def register(self, fd: int, flags: int) -> None:
        self.impl.register(fd, flags)

    def modify(self, fd: int, flags: int) -> None:
        self.impl.modify(fd, flags)

    def unregister(self, fd: int) -> None:
        # A closed socket's descriptor: the kernel forgot it with the file.
        with contextlib.suppress(OSError, KeyError, ValueError):
            self.impl.unregister(fd)

    def poll(self, timeout: float | None) -> list[tuple[int, int]]:
        if self.epoll:
            return list(self.impl.poll(-1 if timeout is None else timeout))
        return list(self.impl.poll(None if timeout is None else int(timeout * 1000)))


class Sockets(dict[int, Any]):
    """Waitress's map of a server's sockets (descriptor: dispatcher), noting the descriptors
    added or removed since the loop last looked: waitress adds and removes them only on the
    loop's own thread (an accepted connection, a closed one)."""

    def __init__(self) -> None:
        super().__init__()
        self.changed: set[int] = set()

    def __setitem__(self, fd: int, obj: Any) -> None:
        super().__setitem__(fd, obj)
        self.changed.add(fd)

    def __delitem__(self, fd: int) -> None:
        super().__delitem__(fd)
        self.changed.add(fd)


class Loop:
    """One worker's loop over waitress's map of sockets (its ``loop`` function's signature)."""

    def __init__(self) -> None:
        self.poller = _Poller()
        self.registered: dict[int, tuple[Any, int]] = {}  # fd: (the object, its flags)
        self.watched: set[int] = set()  # fds asked at every turn
        self.next_full = 0.0

    def loop(
        self, timeout: float = 30.0, use_poll: bool = True, map: Any = None, count: Any = None
    ) -> None:
        """Turn until the map is empty (waitress's ``loop``; ``use_poll`` and ``count`` are
        taken and ignored: this loop always polls)."""
        if not isinstance(map, Sockets):
            raise TypeError("the loop turns over the Sockets the server was made with")
        while map:
            self.turn(timeout, map)

    def turn(self, timeout: float, map: Sockets) -> None:
        now = time.monotonic()
        changed, map.changed = map.changed, set()
        if now >= self.next_full:
            self.next_full = now + FULL_EVERY
            asked: Iterable[int] = list(map)
        else:
            asked = self.watched | changed
        for fd in changed:
            if fd not in map:
                self._forget(fd)
        for fd in list(asked):
            obj = map.get(fd)
            if obj is None:
                self._forget(fd)
                continue
            self._ask(fd, obj)
        try:
            events = self.poller.poll(timeout)
        except InterruptedError:
            events = []
        for fd, flags in events:
            obj = map.get(fd)
            if obj is None:
                self._forget(fd)
                continue
            self.watched.add(fd)
            wasyncore.readwrite(obj, flags)

    def _ask(self, fd: int, obj: Any) -> None:
        """Register what ``obj`` wants now, and keep asking it at every turn unless it is idle."""
        idle = isinstance(obj, HTTPChannel) and not obj.requests and obj.request is None
        flags = _READ if obj.readable() else 0
        if obj.writable() and not obj.accepting:
            flags |= _WRITE
        was = self.registered.get(fd)
        if was is not None and was[0] is not obj:  # a new socket on a reused descriptor
            self._forget(fd)
            was = None
        if not flags:
            if was is not None:
                self.poller.unregister(fd)
                del self.registered[fd]
        elif was is None:
            self.poller.register(fd, flags)
            self.registered[fd] = (obj, flags)
        elif was[1] != flags:
            self.poller.modify(fd, flags)
            self.registered[fd] = (obj, flags)
        if idle and flags == _READ:
            self.watched.discard(fd)
        else:
            self.watched.add(fd)

    def _forget(self, fd: int) -> None:
        if self.registered.pop(fd, None) is not None:
            self.poller.unregister(fd)
        self.watched.discard(fd)


class _Shim:
    """What a waitress server calls its loop through (its ``asyncore`` attribute)."""

    def __init__(self, loop: Loop) -> None:
        self.loop = loop.loop


def serve(app: Any, **options: Any) -> None:
    """``waitress.serve`` with this loop: the server made as waitress makes it, said as it says
    it, run until SIGINT (or the SIGTERM the command turns into one)."""
    import logging

    import waitress

    logging.basicConfig()  # as waitress.serve does: idempotent
    server = waitress.create_server(app, map=Sockets(), **options)
    server.asyncore = _Shim(Loop())
    server.print_listen("Serving on http://{}:{}")
    server.run()
