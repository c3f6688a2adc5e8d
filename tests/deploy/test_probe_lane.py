"""/healthz is answered beside the phones' requests, never queued behind them
(scorekeeper.cli.probes): with every one of waitress's threads held by a slow request, and the
writer's lock taken by another connection, a probe still answers. Nothing here is timed: the
held requests are held until the probe has answered, so without the probe's own thread the
probe would wait for them and its client would give up."""

from __future__ import annotations

import contextlib
import http.client
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from waitress.adjustments import Adjustments
from waitress.parser import HTTPRequestParser
from waitress.server import create_server
from waitress.wasyncore import close_all

from scorekeeper import store
from scorekeeper.cli import workers
from scorekeeper.cli.probes import ProbeLaneDispatcher, is_probe
from scorekeeper.config import HEALTH_PATH
from tests.conftest import make_app

HOST = "127.0.0.1"
THREADS = 2
PATIENCE = 30  # seconds a probe's client waits; a held request is held longer (until released)


def parsed(raw: bytes) -> Any:
    request = HTTPRequestParser(Adjustments(**workers.Serving(HOST, 0).waitress_options()))
    request.received(raw)
    assert request.completed
    return request


class Channel:
    """What the dispatcher is handed: a connection with its next request first."""

    def __init__(self, raw: bytes) -> None:
        self.requests = [parsed(raw)]


@pytest.mark.parametrize(
    ("raw", "probe"),
    [
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", True),
        (b"HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n", True),
        (b"GET /healthz?from=docker HTTP/1.1\r\nHost: x\r\n\r\n", True),
        (b"POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", False),
        (b"GET /healthz/more HTTP/1.1\r\nHost: x\r\n\r\n", False),
        (b"GET /healthzz HTTP/1.1\r\nHost: x\r\n\r\n", False),
        (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", False),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: nine\r\n\r\n", False),
    ],
)
def test_only_a_get_or_head_of_the_health_path_is_a_probe(raw: bytes, probe: bool):
    assert HEALTH_PATH == "/healthz"
    assert is_probe(Channel(raw)) is probe


def test_a_probe_goes_to_its_own_thread_and_everything_else_to_waitress_queue():
    dispatcher = ProbeLaneDispatcher(THREADS)
    dispatcher.shutdown()  # no thread takes anything: the queues show where each request went
    probe = Channel(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    page = Channel(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    dispatcher.add_task(probe)
    dispatcher.add_task(page)
    assert list(dispatcher.probes.queue) == [probe] and list(dispatcher.queue) == [page]


class Held:
    """A route added to the real app for this test: each request counts itself in, then waits
    until released, keeping its waitress thread busy."""

    def __init__(self, app: Flask) -> None:
        self.entered = threading.Semaphore(0)
        self.release = threading.Event()
        app.add_url_rule("/held", "held", self.view)

    def view(self) -> str:
        self.entered.release()
        self.release.wait()
        return "released"


def get(port: int, path: str, method: str = "GET") -> tuple[int, bytes, dict[str, str]]:
    conn = http.client.HTTPConnection(HOST, port, timeout=PATIENCE)
    try:
        conn.request(method, path)
        answer = conn.getresponse()
        return answer.status, answer.read(), dict(answer.getheaders())
    finally:
        conn.close()


@contextlib.contextmanager
def served(app: Flask, form: str) -> Iterator[int]:
    """The app served in a thread by the same waitress server `scorekeeper serve` makes: at an
    address (one process) or on a listening socket of its own (each of --workers N)."""
    options = workers.Serving(HOST, 0, threads=THREADS).waitress_options()
    sock = None
    if form == "address":
        arguments = workers.waitress_arguments(options, host=HOST, port=0)
    else:
        sock = workers.listening_socket(HOST, 0)
        arguments = workers.waitress_arguments(options, sockets=[sock])
    server = create_server(app, **arguments)  # as waitress.serve makes it
    port = int(server.effective_port)
    loop = threading.Thread(target=server.run, daemon=True)
    loop.start()
    try:
        yield port
    finally:
        server.task_dispatcher.shutdown()
        close_all(server._map)  # noqa: SLF001 -- waitress's loop ends when its map is empty
        loop.join(30)
        if sock is not None:
            sock.close()


@pytest.mark.parametrize("form", ["address", "shared socket"])
def test_healthz_answers_while_every_thread_is_held_and_a_writer_holds_the_lock(
    tmp_path, form: str
):
    app = make_app(tmp_path, BUSY_TIMEOUT_MS=120_000)
    held = Held(app)
    database = app.config["DATABASE"]
    holder = sqlite3.connect(database, isolation_level=None)
    writers = store.db._writer_lock(database)  # noqa: SLF001 -- the queue a save waits on
    answers: list[int] = []
    with served(app, form) as port:
        clients = [
            threading.Thread(target=lambda: answers.append(get(port, "/held")[0]))
            for _ in range(THREADS)
        ]
        for client in clients:
            client.start()
        try:
            for _ in range(THREADS):  # every thread of waitress's pool is now held
                assert held.entered.acquire(timeout=120), "a held request never reached the app"
            holder.execute("BEGIN IMMEDIATE")  # SQLite's writer's lock, another connection's
            with writers:  # and this process's queue of writers
                status, body, headers = get(port, HEALTH_PATH)
                head = get(port, HEALTH_PATH, "HEAD")
            assert answers == []  # the held requests were still held when the probe answered
        finally:
            held.release.set()
            for client in clients:
                client.join(60)
            if holder.in_transaction:
                holder.execute("ROLLBACK")
            holder.close()
    assert (status, body) == (200, b"ok\n")
    assert headers["Cache-Control"] == "no-store" and "Set-Cookie" not in headers
    assert head[:2] == (200, b"")
    assert answers == [200] * THREADS


def test_probes_share_nothing_with_the_phones_requests_when_the_pool_is_free(tmp_path):
    """An ordinary day: the probe and a page, one after the other, both answered."""
    app = make_app(tmp_path)
    with served(app, "address") as port:
        assert get(port, HEALTH_PATH)[:2] == (200, b"ok\n")
        assert get(port, "/")[0] == 200
        assert get(port, "/healthz?again")[:2] == (200, b"ok\n")


def test_scorekeeper_serve_gives_waitress_the_probe_lane(monkeypatch, tmp_path):
    """`scorekeeper serve` (one process; each of --workers N calls the same _waitress in the
    worker) hands waitress the dispatcher with the probe's own thread."""
    from scorekeeper import cli
    from scorekeeper.cli import loop
    from scorekeeper.printing import pdf

    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "served.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "k")
    monkeypatch.setenv("SCOREKEEPER_BACKUP_HOURS", "0")
    served: dict[str, Any] = {}
    monkeypatch.setattr(loop, "serve", lambda app, **kw: served.update(kw, app=app))
    monkeypatch.setattr(pdf, "warm_up", lambda: None)
    assert cli.main(["serve", "--port", "0", "--threads", "3"]) == 0
    dispatcher = served["_dispatcher"]
    try:
        assert isinstance(dispatcher, ProbeLaneDispatcher) and served["threads"] == 3
        assert len(dispatcher.threads) == 3 and len(dispatcher.probes.threads) == 1
    finally:
        dispatcher.shutdown()
