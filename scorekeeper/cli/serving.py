"""How ``scorekeeper serve`` serves: gunicorn where the system can fork, waitress where it cannot.

- **gunicorn** (Linux, macOS, the container; the default there): its master process (the
  arbiter) opens the port and forks ``--workers`` worker processes, each gunicorn's threaded
  worker (``gthread``: ``--threads`` threads answering, one thread holding the connections, up
  to ``--connections`` a worker, an idle keep-alive connection closed after
  ``--idle-timeout``). The master restarts a worker that dies, and kills one that stops
  answering its heartbeat for ``--worker-timeout`` seconds (a hung worker); SIGTERM (a service
  manager, ``docker stop``, Ctrl+C is SIGINT: quicker) stops the workers after their requests
  in hand, within ``--graceful-timeout``, and kills those still running then. It is embedded
  through gunicorn's application API (``gunicorn.app.base.BaseApplication``), so
  ``scorekeeper serve`` stays the one command: the app is made once, in the master, after the
  migrations and before any fork.
- **waitress** (Windows, which has no fork; or ``--server waitress``: one process, nothing
  forked), through its public API (``waitress.create_server``), with the select() loop where
  the system has no poll().

Nothing this module hands a worker crosses a fork alive: the master opens no database
connection and starts no thread before forking (the migrations' connection is closed first;
gunicorn's control socket, a thread of the master, is turned off), and what a worker runs of
its own (the backup scheduler's thread, the printing processes) it starts after the fork
(:class:`Hooks`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

GUNICORN = "gunicorn"
WAITRESS = "waitress"
SERVERS = (GUNICORN, WAITRESS)

CONNECTIONS = 5000  # open connections a worker takes before the next ones wait
# A phone's idle keep-alive connection is closed after this: a room of phones polling every
# 15 s reconnects (one TCP handshake on the LAN) rather than holding thousands of idle
# connections; the public page's 5-second poll mostly keeps its connection.
IDLE_SECONDS = 5
# SIGTERM: requests in hand are finished within this, then what is left is killed. Under
# `docker stop`'s 10 s, after which Docker kills the container whatever it is doing.
GRACEFUL_SECONDS = 8
WORKER_TIMEOUT_SECONDS = 30  # a worker silent this long is hung: killed and replaced
# gunicorn's worker processes unless told: two, so a long page (the director's console of a
# 1,000-table night, about 0.1 s of one core to draw) holds up no phone's request, one worker
# answering while the other draws; measured (bench/bench_bignight.py, docs/architecture.md,
# "Serving"): with one, the phones' polls waited up to 0.8 s behind it at p99, with two 0.2 s.
GUNICORN_WORKERS = 2
BACKLOG = 4096  # connections the kernel holds while every worker is busy accepting
MAX_WORKERS = 64


def default_server() -> str:
    """gunicorn where it can run (the system forks), else waitress."""
    return GUNICORN if hasattr(os, "fork") else WAITRESS


def default_workers(server: str) -> int:
    """The worker processes a server takes unless told: waitress serves in one."""
    return GUNICORN_WORKERS if server == GUNICORN else 1


@dataclass(frozen=True)
class Serving:
    """How to serve: the address, the server, its workers and threads, the connection limit a
    worker, the idle timeout, the grace on a stop, the hung-worker timeout, the access log."""

    host: str
    port: int
    server: str = field(default_factory=default_server)
    threads: int = 8
    workers: int = 1
    connections: int = CONNECTIONS
    idle_seconds: int = IDLE_SECONDS
    graceful_seconds: int = GRACEFUL_SECONDS
    worker_timeout: int = WORKER_TIMEOUT_SECONDS
    access_log: str | None = None  # a file, or "-" for standard output; None: no access log


def refused(serving: Serving) -> str | None:
    """Why these settings cannot serve here (None: they can)."""
    if serving.server not in SERVERS:
        return f"--server: {' or '.join(SERVERS)}"
    if serving.server == GUNICORN and not hasattr(os, "fork"):
        return (
            "gunicorn needs fork (Linux, macOS), which this system does not have: "
            "serve with waitress (--server waitress, the default here)"
        )
    if not 1 <= serving.workers <= MAX_WORKERS:
        return f"--workers: 1 to {MAX_WORKERS}"
    if serving.server == WAITRESS and serving.workers > 1:
        return (
            "waitress serves in one process: --workers above 1 is gunicorn's "
            "(Linux, macOS: --server gunicorn)"
        )
    if serving.server == WAITRESS and serving.access_log is not None:
        return "--access-log is gunicorn's: waitress writes none"
    if not 1 <= serving.threads <= 1000:
        return "--threads: 1 to 1000"
    if not serving.threads < serving.connections <= 100_000:
        return "--connections: more than --threads, at most 100000"
    if not 1 <= serving.idle_seconds <= 3600:
        return "--idle-timeout: 1 to 3600 seconds"
    if not 1 <= serving.graceful_seconds <= 3600:
        return "--graceful-timeout: 1 to 3600 seconds"
    if not 1 <= serving.worker_timeout <= 3600:
        return "--worker-timeout: 1 to 3600 seconds"
    return None


def open_files_for(serving: Serving) -> str | None:
    """Raise this process's open-file limit (the workers inherit it) to what the connections
    need (a worker's connections, its database files and a margin), up to the hard limit; what
    is short, said."""
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
            f"{max(serving.threads + 1, soft - 256)})"
        )
    return None


class PortInUse(Exception):
    """Another program listens on the address asked for."""


def check_port(host: str, port: int) -> None:
    """:class:`PortInUse` when the address cannot be listened on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        if os.name != "nt":  # as the servers set it (Windows' would let two servers share it)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise PortInUse from e
            raise


@dataclass(frozen=True)
class Hooks:
    """What each serving process runs of its own: ``start()`` once it serves (in a gunicorn
    worker: after its fork), and the function it returns when it stops."""

    start: Callable[[], Callable[[], None]]


def serve(app: Any, serving: Serving, hooks: Hooks) -> int:
    """Serve ``app`` until SIGTERM or Ctrl+C: the exit status (0: stopped as asked; gunicorn
    says why it is not). :class:`PortInUse` (waitress) when the port is taken: call
    :func:`check_port` first, as gunicorn would try five times, a second apart, then end with
    a line and a status of its own."""
    if serving.server == GUNICORN:
        return _gunicorn(app, serving, hooks)
    return _waitress(app, serving, hooks)


# --- gunicorn --------------------------------------------------------------------------------


def bind(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def gunicorn_settings(serving: Serving) -> dict[str, Any]:
    """gunicorn's settings (its documented names) for ``serving``."""
    return {
        "bind": [bind(serving.host, serving.port)],
        "worker_class": "gthread",
        "workers": serving.workers,
        "threads": serving.threads,
        "worker_connections": serving.connections,
        "keepalive": serving.idle_seconds,
        "graceful_timeout": serving.graceful_seconds,
        "timeout": serving.worker_timeout,
        "backlog": BACKLOG,
        "proc_name": "scorekeeper",
        # The access log: off unless asked (--access-log FILE, "-" for standard output).
        "accesslog": serving.access_log,
        "errorlog": "-",
        "loglevel": "info",
        # The app is made once, in this process, before any fork; the workers share it.
        "preload_app": True,
        # gunicorn's control socket is a thread of the master (and a file in the folder):
        # nothing here uses it, and no thread is to be in the master when it forks.
        "control_socket_disable": True,
        # Proxy headers are the app's to trust (SCOREKEEPER_PROXY_FIX, werkzeug's ProxyFix):
        # gunicorn takes no scheme from them, and passes every one on to the app, which shows
        # the keeper's link to no request that carries one (docs/stats.md).
        "secure_scheme_headers": {},
    }


def _gunicorn(app: Any, serving: Serving, hooks: Hooks) -> int:
    from gunicorn.app.base import BaseApplication

    settings = gunicorn_settings(serving)
    master = os.getpid()
    stops: list[Callable[[], None]] = []

    def pre_fork(_server: Any, worker: Any) -> None:
        # The worker's first heartbeat, given by the master before the fork: gunicorn times a
        # worker out from its last heartbeat, and until the worker gives its own (once it has
        # booted) there is none it can read, so a worker that hangs while booting would never
        # be killed. (gunicorn 27: the heartbeat file's time is set from the monotonic clock,
        # which its creation time is not.)
        worker.notify()

    def post_worker_init(_worker: Any) -> None:
        stops.append(hooks.start())  # in the worker, after its fork: its own threads

    def worker_exit(_server: Any, _worker: Any) -> None:
        while stops:
            stops.pop()()

    class Embedded(BaseApplication):  # gunicorn has no type hints: BaseApplication is Any
        def load_config(self) -> None:
            for name, value in settings.items():
                self.cfg.set(name, value)
            self.cfg.set("pre_fork", pre_fork)
            self.cfg.set("post_worker_init", post_worker_init)
            self.cfg.set("worker_exit", worker_exit)

        def load(self) -> Any:
            return app

    print(
        f"serving with gunicorn: {serving.workers} worker process(es) of {serving.threads} threads",
        flush=True,
    )
    try:
        Embedded().run()
    except SystemExit as e:
        if os.getpid() != master:
            raise  # a worker ending: it leaves here, never through the master's clean-up
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return 0


# --- waitress --------------------------------------------------------------------------------


def waitress_options(serving: Serving) -> dict[str, Any]:
    """waitress's documented options for ``serving``."""
    return {
        "threads": serving.threads,
        "ident": "scorekeeper",
        "connection_limit": serving.connections,
        "channel_timeout": serving.idle_seconds,
        "cleanup_interval": 1,
        "backlog": BACKLOG,
        # poll() takes the room's thousands of connections (select() no descriptor past
        # 1,024); Windows has no poll(): select() there.
        "asyncore_use_poll": hasattr(select, "poll"),
        # Proxy headers are the app's to trust (see gunicorn_settings): waitress passes them on.
        "clear_untrusted_proxy_headers": False,
    }


def _waitress(app: Any, serving: Serving, hooks: Hooks) -> int:
    import waitress

    try:
        server = waitress.create_server(
            app, host=serving.host, port=serving.port, **waitress_options(serving)
        )
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise PortInUse from e
        raise
    # SIGTERM (a service manager, `kill`) stops it as Ctrl+C does: waitress ends its loop on
    # KeyboardInterrupt, closes its connections and waits for its threads.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    stop = hooks.start()
    try:
        print(f"serving with waitress at http://{bind(serving.host, serving.port)}", flush=True)
        server.run()
    except KeyboardInterrupt:
        server.close()
    finally:
        signal.signal(signal.SIGTERM, previous)
        stop()
    return 0


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def line_buffered() -> None:
    """Standard output and error written out at each line, whatever they are (a terminal, a
    file, a pipe, a journal): the start-up lines are read as the server starts."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(line_buffering=True)


__all__ = [
    "CONNECTIONS", "GRACEFUL_SECONDS", "GUNICORN", "GUNICORN_WORKERS", "Hooks", "IDLE_SECONDS",
    "PortInUse", "SERVERS", "Serving", "WAITRESS", "WORKER_TIMEOUT_SECONDS", "check_port",
    "default_server", "default_workers", "gunicorn_settings", "line_buffered", "open_files_for",
    "refused", "serve", "waitress_options",
]  # fmt: skip
