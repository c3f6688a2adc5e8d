"""How ``scorekeeper serve`` serves: waitress in one process, or in several sharing one listening
socket (``--workers N``), with the connection limit and timeouts set for a room of phones.

One Python process serves with one core at a time (waitress runs the app in threads), so a big
night (1,000 tables, thousands of phones polling) serves with several processes: this process
opens the listening socket, then forks ``N`` workers that each run waitress on that same socket
(the kernel hands each new connection to one of them). Fork is POSIX: Linux (where it is
measured) and macOS; on Windows ``--workers`` above 1 is refused with what to do instead (one
process, or one server a port behind a proxy).

Everything the workers share is in SQLite (WAL: readers never wait, one writer at a time, every
write ``BEGIN IMMEDIATE`` with a busy timeout); each worker keeps its own in-memory caches, all
keyed by what they hold or by versions read from the database (docs/architecture.md, "Caches":
"Several processes"), so a save answered by one worker is on the other's pages at once. The
migrations run once, in this process, before any worker starts; so does anything this process
does alone (the scheduled backup, when configured), which the workers never start.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CONNECTIONS = 5000  # open connections a worker takes before the next ones wait (waitress: 100)
# A phone's idle keep-alive connection is closed after this (waitress: 120). Waitress's loop
# visits every open connection at each turn: with 2,000 idle ones a clock poll cost 7.1 ms of
# server CPU instead of 0.9 (one process, this machine), so a room of phones polling every 15 s
# is served best by letting them reconnect (one TCP handshake on the LAN) rather than keeping
# thousands of idle connections. The public page's 5-second poll mostly keeps its connection.
# (The workers now turn waitress with loop.Loop, which leaves idle connections out of its turns;
# the timeout still bounds the descriptors and memory a room holds.)
IDLE_SECONDS = 5
CLEANUP_SECONDS = 1  # how often idle connections are looked for (waitress: 30)
BACKLOG = 4096  # connections the kernel holds while every worker is busy accepting
MAX_WORKERS = 64
RESTART_AFTER = 5.0  # a worker that ends within this many seconds of its start is not restarted


@dataclass(frozen=True)
class Serving:
    """How to serve: the address, waitress's threads a worker, the workers, the connection
    limit a worker, the idle timeout, and whether to clear untrusted proxy headers."""

    host: str
    port: int
    threads: int = 8
    workers: int = 1
    connections: int = CONNECTIONS
    idle_seconds: int = IDLE_SECONDS
    clear_proxy_headers: bool = True

    def waitress_options(self) -> dict[str, Any]:
        return {
            "threads": self.threads,
            "ident": "scorekeeper",
            "connection_limit": self.connections,
            "channel_timeout": self.idle_seconds,
            "cleanup_interval": CLEANUP_SECONDS,
            "backlog": BACKLOG,
            # select() takes no file descriptor past 1,024: poll() takes the room's thousands.
            "asyncore_use_poll": True,
            "clear_untrusted_proxy_headers": self.clear_proxy_headers,
        }


def refused(serving: Serving) -> str | None:
    """Why these settings cannot serve here (None: they can)."""
    if not 1 <= serving.workers <= MAX_WORKERS:
        return f"--workers: 1 to {MAX_WORKERS}"
    if serving.workers > 1 and not hasattr(os, "fork"):
        return (
            "--workers above 1 needs fork (Linux, macOS), which this system does not have: "
            "serve with one worker (--workers 1), or run one server a port behind a proxy"
        )
    if not 1 <= serving.connections <= 100_000:
        return "--connections: 1 to 100000"
    if not 1 <= serving.idle_seconds <= 3600:
        return "--idle-timeout: 1 to 3600 seconds"
    return None


def open_files_for(serving: Serving) -> str | None:
    """Raise this process's open-file limit to what the connections need (a worker's
    connections, its database files and a margin), up to the hard limit; what is short, said."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = serving.connections + 256
    if soft != resource.RLIM_INFINITY and soft < want:
        new = want if hard == resource.RLIM_INFINITY else min(want, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft != resource.RLIM_INFINITY and soft < want:
        return (
            f"this system lets a process open {soft} files: fewer than the {serving.connections} "
            f"connections asked (raise it with `ulimit -n {want}`, or serve --connections "
            f"{max(1, soft - 256)})"
        )
    return None


def listening_socket(host: str, port: int) -> socket.socket:
    """The socket every worker accepts on (IPv6 when the host is one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if os.name != "nt":  # Windows' SO_REUSEADDR would let another server take the port
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(BACKLOG)
    return sock


def serve(
    app: Any, serving: Serving, alone: Callable[[], Callable[[], None]] | None = None
) -> None:
    """Serve ``app`` until SIGTERM or Ctrl+C. ``alone``: what runs in this process only (a
    scheduled backup), started after the workers are forked, and its stop function called on
    the way out."""
    options = serving.waitress_options()
    if serving.workers == 1:  # waitress opens the port itself (every address of the host)
        stop = alone() if alone else None
        try:
            _waitress(app, options, host=serving.host, port=serving.port)
        finally:
            if stop:
                stop()
        return
    sock = listening_socket(serving.host, serving.port)
    children: dict[int, float] = {}
    for _ in range(serving.workers):
        pid, started = _fork_worker(app, sock, options), time.monotonic()
        children[pid] = started
    stop = alone() if alone else None
    try:
        _supervise(app, sock, options, children)
    finally:
        _stop_all(children)
        if stop:
            stop()
        sock.close()


def waitress_arguments(options: dict[str, Any], **where: Any) -> dict[str, Any]:
    """What ``waitress.serve`` (and ``waitress.server.create_server``) is given to serve at
    ``where`` (``host`` and ``port``, or ``sockets``: the shared one): ``options``, and a task
    dispatcher that answers health probes in a thread of their own (scorekeeper.cli.probes),
    made here, in the process that serves: threads do not survive a fork."""
    from scorekeeper.cli.probes import ProbeLaneDispatcher

    return {**where, **options, "_dispatcher": ProbeLaneDispatcher(options["threads"])}


def _waitress(app: Any, options: dict[str, Any], **where: Any) -> None:
    from scorekeeper.cli import loop
    from scorekeeper.printing import pool

    # The printers start and warm up now, in the background, in the process that serves (a
    # forked worker's own: threads do not survive a fork), so that the first PDF asked for is
    # not the one that waits 5-7 s for WeasyPrint to start. One printer a worker process when
    # several serve (memory: each is a WeasyPrint); the second starts on demand.
    pool.warm(1 if "sockets" in where else None)
    loop.serve(app, **waitress_arguments(options, **where))


def _fork_worker(app: Any, sock: socket.socket, options: dict[str, Any]) -> int:
    pid = os.fork()
    if pid:
        return pid
    # The worker: waitress on the shared socket until SIGTERM (raised as KeyboardInterrupt by
    # the handler this process inherited) or SIGINT; then its printing pool stops.
    code = 0
    try:
        from scorekeeper.printing import pool

        try:
            _waitress(app, options, sockets=[sock])
        except KeyboardInterrupt:
            pass
        finally:
            pool.shutdown()
    except BaseException:  # noqa: BLE001 -- said, then the worker ends with an error code
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _supervise(
    app: Any, sock: socket.socket, options: dict[str, Any], children: dict[int, float]
) -> None:
    """Wait for the workers; one that ends on its own (a crash) is started again, unless it
    ended just after its start (it would again): then the server stops, saying why."""
    try:
        while children:
            pid, status = os.wait()
            started = children.pop(pid, None)
            if started is None:
                continue
            why = _ended(status)
            print(f"scorekeeper: worker {pid} {why}", file=sys.stderr, flush=True)
            if time.monotonic() - started < RESTART_AFTER:
                print("scorekeeper: it ended just after it started: stopping", file=sys.stderr)
                return
            new = _fork_worker(app, sock, options)
            children[new] = time.monotonic()
    except KeyboardInterrupt:
        return


def _ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"was stopped by signal {os.WTERMSIG(status)}: starting another"
    return f"ended with code {os.WEXITSTATUS(status)}: starting another"


def _stop_all(children: dict[int, float]) -> None:
    """SIGTERM every worker and wait for each (it finishes its requests in hand first)."""
    for pid in list(children):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    for pid in list(children):
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        children.pop(pid, None)
