"""Printing outside the server's request threads: a small pool of worker processes, bounded in
time and size, and a cache.

A long game's sheet takes WeasyPrint seconds of pure Python, which in the server's own process
would hold the interpreter and keep every other request waiting. Here each PDF is made in one of
at most :data:`WORKERS` processes (started with the server, :func:`warm`, else on the first PDF;
WeasyPrint warmed up in each); the request thread waits on the job's future, so the server's
other threads go on answering pages.
Bounds:

- **size**: a game of more than ``max_hands`` hands is refused before any work (:class:`TooLong`);
- **threads**: at most :data:`WAITERS` request threads wait on the printers at once (the
  server has a few; pages need the rest). A request that finds them all waiting is answered at
  once with :class:`Printing`: its job is queued (or already printing) and lands in the cache,
  so asking again fetches it. At most :data:`MAX_QUEUED` jobs wait for a worker
  (:class:`TooBusy` beyond that);
- **time**: a job not done within ``timeout`` seconds answers :class:`TooSlow`; it goes on
  printing and lands in the cache for the next try (a job nobody can ask for again, without a
  key, is dropped if still queued);
- **repeats**: the bytes are kept in a small LRU cache by the caller's key (a game's database,
  id, version and paper size, and for a club table's game the call of time and the round's
  hands it prints), so a second download costs nothing, and the same sheet asked
  for twice at once is made once.

The command line (``scorekeeper pdf``) prints in its own process and does not come here.
"""

from __future__ import annotations

import functools
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import parse_game, score_game

from . import packets, seasons, sheets

WORKERS = 2
WAITERS = 2  # request threads that may wait on the printers at once (a worker has 8)
MAX_QUEUED = 64  # jobs sent and not yet done, at most: a few pages of memory
FAILURES_KEPT = 64  # a job that failed with nobody waiting: its error, for the next ask
MAX_HANDS = 400  # a 300-hand sheet takes ~9 s here; 400 stays inside TIMEOUT_SECONDS
TIMEOUT_SECONDS = 20.0
CACHE_BYTES = 32 * 1024 * 1024
TASKS_PER_WORKER = 200  # a worker is replaced after this many sheets: no slow leak lives long


class PrintRefused(Exception):
    """A sheet the pool will not (or cannot now) make; the message says why, for a person."""


class TooLong(PrintRefused):
    def __init__(self, hands: int, limit: int) -> None:
        super().__init__(
            f"This game has {hands} hands: too long to print as a sheet (at most {limit}). "
            "Download its game file instead."
        )


class TooSlow(PrintRefused):
    def __init__(self) -> None:
        super().__init__(
            "This sheet is taking too long to print just now. Try again in a minute (it may be "
            "ready by then), or download the game file instead."
        )


class Printing(PrintRefused):
    """Being made, with nobody waiting for it: asking again (the same key) fetches it."""

    def __init__(self) -> None:
        super().__init__(
            "Your PDF is being made. It downloads by itself when it is ready; without "
            "JavaScript, press Download in a few seconds."
        )


class TooBusy(PrintRefused):
    def __init__(self) -> None:
        super().__init__("The printers have many PDFs to make just now. Try again in a minute.")


class PrintFailed(PrintRefused):
    def __init__(self) -> None:
        super().__init__("The printer stopped while making this sheet. Try again.")


@dataclass(frozen=True)
class GameJob:
    """A game's sheet, as the worker needs it: the game file, not the parsed game; for a club
    table's game whose hands the director's call of time capped, ``time_called`` and the
    round's own ``round_hands`` (``sheets.render_game_pdf``)."""

    data: dict[str, Any]
    title: str
    paper_size: str
    date: str | None
    time_called: bool = False
    round_hands: int | None = None


def render(
    job: GameJob | sheets.BlankSheet | packets.RoundPacket | packets.StandingsPrint | Any,
) -> bytes:
    """Make one PDF (in a worker process)."""
    if isinstance(job, sheets.BlankSheet):
        return sheets.render_blank_pdf(job)
    if isinstance(job, packets.RoundPacket):
        return packets.render_packet_pdf(job)
    if isinstance(job, packets.StandingsPrint):
        return packets.render_standings_pdf(job)
    if isinstance(job, seasons.SeasonPrint):
        return seasons.render_season_pdf(job)
    game = parse_game(job.data)
    return sheets.render_game_pdf(
        game, score_game(game), title=job.title, paper_size=job.paper_size, date=job.date,
        time_called=job.time_called, round_hands=job.round_hands,
    )  # fmt: skip


def warm_up() -> None:
    """Each worker's first act: load WeasyPrint and print a tiny page."""
    from . import pdf

    pdf.warm_up()


_READY = False  # in a worker: its initializer has run (WeasyPrint loaded, a page printed)


def _ready() -> bool:
    """A worker's answer to :meth:`Printer.warm`: whether it is warmed up and ready."""
    return _READY


def _start_worker(initializer: Callable[[], None] | None) -> None:
    """In each worker: end it when the server ends, however it ends (a server killed with
    SIGKILL cannot stop its workers, and an idle worker would wait for jobs forever)."""
    parent = multiprocessing.parent_process()
    if parent is not None:

        def orphaned() -> None:
            multiprocessing.connection.wait([parent.sentinel])
            os._exit(0)

        threading.Thread(target=orphaned, name="exit-with-server", daemon=True).start()
    if initializer is not None:
        initializer()
    global _READY
    _READY = True


class Printer:
    """The pool, its cache and its counts. Thread-safe; the processes start on the first job."""

    def __init__(
        self,
        workers: int = WORKERS,
        *,
        waiters: int = WAITERS,
        max_queued: int = MAX_QUEUED,
        runner: Callable[[Any], bytes] = render,
        initializer: Callable[[], None] | None = warm_up,
        cache_bytes: int = CACHE_BYTES,
    ) -> None:
        self.workers = workers
        self.runner = runner
        self.initializer = initializer
        self.cache_bytes = cache_bytes
        self.max_queued = max_queued
        self._waiters = threading.BoundedSemaphore(waiters)
        self._lock = threading.RLock()
        self._executor: ProcessPoolExecutor | None = None
        self._cache: OrderedDict[Hashable, bytes] = OrderedDict()
        self._cached = 0
        self._pending: dict[Hashable, Future] = {}
        self._failed: OrderedDict[Hashable, BaseException] = OrderedDict()
        self._running: set[Future] = set()
        self.renders = 0  # jobs sent to a worker
        self.hits = 0  # sheets served from the cache
        self.warming: list[Future] = []  # what warm() started: each True once a worker is ready

    @property
    def in_flight(self) -> int:
        """Jobs sent and not yet done."""
        with self._lock:
            return len(self._running)

    def warm(self, count: int | None = None) -> list[Future]:
        """Start ``count`` printing processes now (all of them by default), each warming up
        WeasyPrint, rather than on the first PDF (which then took 5-7 s instead of under one).
        Returns at once: the processes start and warm up in the background, and a page asked
        for meanwhile is not kept waiting. Each future answers True once its worker is ready."""
        with self._lock:
            executor = self._executor_now()
            wanted = min(count or self.workers, self.workers)
            started = [executor.submit(_ready) for _ in range(wanted)]
            self.warming = started
        return started

    def game_pdf(
        self,
        key: Hashable,
        job: GameJob,
        *,
        max_hands: int = MAX_HANDS,
        timeout: float = TIMEOUT_SECONDS,
    ) -> bytes:
        """A game's sheet: from the cache, else made by a worker (TooLong, TooSlow, ...)."""
        hands = len(job.data.get("hands") or [])
        if hands > max_hands:
            raise TooLong(hands, max_hands)
        return self.pdf(job, key=key, timeout=timeout)

    def pdf(
        self, job: Any, *, key: Hashable | None = None, timeout: float = TIMEOUT_SECONDS
    ) -> bytes:
        """The PDF for ``job``; with a ``key``, cached and made once however often it is asked.

        Waits for it only if fewer than ``waiters`` threads are waiting already; otherwise
        raises Printing at once (the job goes on: ask again with the same key). Raises what the
        job raises (a GameError for a game that no longer scores), TooSlow after ``timeout``
        seconds, TooBusy with too many jobs queued, PrintFailed if the worker died."""
        waiting = self._waiters.acquire(blocking=False)
        try:
            with self._lock:
                if key is not None and key in self._cache:
                    self._cache.move_to_end(key)
                    self.hits += 1
                    return self._cache[key]
                if key is not None and key in self._failed:
                    raise self._failed.pop(key)
                if not waiting and key is None:
                    raise TooBusy()  # nobody could fetch it later
                future = self._pending.get(key) if key is not None else None
                if future is None:
                    if len(self._running) >= self.max_queued:
                        raise TooBusy()
                    future = self._submit(job)
                    if key is not None:
                        self._pending[key] = future
                    future.add_done_callback(lambda done: self._done(key, done))
            if not waiting:
                raise Printing()
            return self._result(future, key, timeout)
        finally:
            if waiting:
                self._waiters.release()

    def _result(self, future: Future, key: Hashable | None, timeout: float) -> bytes:
        try:
            return future.result(timeout)
        except FutureTimeout:
            if key is None:
                future.cancel()  # still queued: drop it, nobody can ask for it again
            raise TooSlow() from None
        except CancelledError:
            raise TooSlow() from None
        except BrokenProcessPool:
            self._reset()
            raise PrintFailed() from None

    def _executor_now(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                # spawn: the same on every platform, and never a fork of a threaded server
                mp_context=multiprocessing.get_context("spawn"),
                initializer=functools.partial(_start_worker, self.initializer),
                max_tasks_per_child=TASKS_PER_WORKER,
            )
        return self._executor

    def _submit(self, job: Any) -> Future:
        try:
            future = self._executor_now().submit(self.runner, job)
        except BrokenProcessPool:
            self._reset()
            raise PrintFailed() from None
        self.renders += 1
        self._running.add(future)
        return future

    def _done(self, key: Hashable | None, future: Future) -> None:
        with self._lock:
            self._running.discard(future)
            if key is None or self._pending.get(key) is not future:
                return
            del self._pending[key]
            if future.cancelled():
                return
            error = future.exception()
            if error is not None:
                if not isinstance(error, BrokenProcessPool):  # a new pool will try it afresh
                    self._failed[key] = error
                    while len(self._failed) > FAILURES_KEPT:
                        self._failed.popitem(last=False)
                return
            body = future.result()
            if len(body) > self.cache_bytes:
                return
            self._cache[key] = body
            self._cached += len(body)
            while self._cached > self.cache_bytes:
                _, dropped = self._cache.popitem(last=False)
                self._cached -= len(dropped)

    def _reset(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
            self._pending.clear()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the worker processes and wait for them to end (they start again on the next
        job): queued jobs are dropped, running ones finish first."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


_printer: Printer | None = None
_printer_lock = threading.Lock()


def printer() -> Printer:
    """The process's printer (one pool for the whole server)."""
    global _printer
    with _printer_lock:
        if _printer is None:
            _printer = Printer()
        return _printer


def warm(count: int | None = None) -> list[Future]:
    """Warm the process's printer now, in the background (:meth:`Printer.warm`): what a
    server does as it starts, so that the first person to ask for a PDF does not wait for it."""
    return printer().warm(count)


def shutdown() -> None:
    """Stop the process's printer, if it ever started (the server calls this as it stops, so
    its workers end and their queues' semaphores are released, none left to leak)."""
    with _printer_lock:
        current = _printer
    if current is not None:
        current.shutdown()
