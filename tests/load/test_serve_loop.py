"""The server's network loop (``scorekeeper/cli/loop.py``) asks only the connections that may
have changed at each turn: a connection left idle between two requests is left out of the
turns until its socket has an event. These tests serve a small WSGI app on a loopback port with
that loop (in this process, on a thread, as each worker runs it) and talk to it over raw
sockets, as phones do: with the loop's full pass pushed off to an hour, every answer below comes
from the incremental turns alone. No figure depends on timing: a read waits up to a minute.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import waitress
from waitress import wasyncore

from scorekeeper.cli import loop

pytestmark = pytest.mark.load

HOST = "127.0.0.1"
WAIT = 60.0
BIG = 32 * 1024 * 1024  # bytes: more than a socket takes at once: the loop sends the rest


def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    """Answers its path; /big a body of BIG bytes; a POST the length of what it was sent."""
    path = environ["PATH_INFO"]
    if environ["REQUEST_METHOD"] == "POST":
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        out = f"got {len(body)}".encode()
    elif path == "/big":
        out = b"x" * BIG
    else:
        out = path.encode()
    start_response("200 OK", [("Content-Length", str(len(out))), ("Content-Type", "text/plain")])
    return [out]


@contextlib.contextmanager
def served(**options: Any) -> Iterator[int]:
    """The app served by waitress on this module's loop (as ``loop.serve`` does), on a thread;
    stopped and closed on the way out."""
    sockets = loop.Sockets()
    server = waitress.create_server(
        app, map=sockets, host=HOST, port=0, threads=4, asyncore_use_poll=True, **options
    )
    turner = loop.Loop()
    stop = threading.Event()

    def run() -> None:
        while sockets and not stop.is_set():
            turner.turn(0.05, sockets)
        server.task_dispatcher.shutdown()
        wasyncore.close_all(sockets)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield int(server.getsockname()[1])
    finally:
        stop.set()
        thread.join(WAIT)


@contextlib.contextmanager
def connect(port: int) -> Iterator[socket.socket]:
    sock = socket.create_connection((HOST, port), WAIT)
    sock.settimeout(WAIT)
    try:
        yield sock
    finally:
        hang_up(sock)


def dial(port: int) -> socket.socket:
    sock = socket.create_connection((HOST, port), WAIT)
    sock.settimeout(WAIT)
    return sock


def answer(sock: socket.socket) -> bytes:
    """The next HTTP answer's body (Content-Length) read from the connection, leaving what
    follows it (the next answers) to be read."""
    reader = _readers.setdefault(sock.fileno(), sock.makefile("rb"))
    length = 0
    while (line := reader.readline()) not in (b"\r\n", b""):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    assert line, "closed before an answer"
    body = reader.read(length)
    assert len(body) == length, "closed in the middle of an answer"
    return body


_readers: dict[int, Any] = {}  # by descriptor: a connection's reader, until hang_up


def hang_up(sock: socket.socket) -> None:
    """Close the connection (its reader too: a reader left open keeps the socket open)."""
    reader = _readers.pop(sock.fileno(), None)
    if reader is not None:
        reader.close()
    sock.close()


def get(sock: socket.socket, path: str) -> bytes:
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    return answer(sock)


@pytest.fixture(autouse=True)
def no_full_pass(monkeypatch):
    """Only the incremental turns: every connection asked again an hour apart at most."""
    monkeypatch.setattr(loop, "FULL_EVERY", 3600.0)


def test_connections_left_idle_are_answered_again_when_they_ask():
    """300 phones each ask, fall idle (left out of the turns), then ask again on the same
    connection: every second request is answered, on its own connection."""
    with served(connection_limit=1000) as port:
        phones = [dial(port) for _ in range(300)]
        try:
            assert [get(p, f"/first/{i}") for i, p in enumerate(phones)] == [
                f"/first/{i}".encode() for i in range(300)
            ]
            assert [get(p, f"/again/{i}") for i, p in enumerate(reversed(phones))] == [
                f"/again/{i}".encode() for i in range(300)
            ]
        finally:
            for p in phones:
                hang_up(p)


def test_a_page_bigger_than_the_socket_takes_is_sent_whole_then_the_connection_serves_on():
    """Asked on a connection that fell idle after its first request: what the worker thread
    could not send at once is sent by the loop, which must be asking that connection again."""
    with served() as port, connect(port) as phone:
        assert get(phone, "/first") == b"/first"
        assert get(phone, "/big") == b"x" * BIG
        assert get(phone, "/after") == b"/after"


def test_requests_sent_together_on_one_connection_are_answered_in_order():
    with served() as port, connect(port) as phone:
        phone.sendall(b"".join(
            f"GET /{n} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode() for n in range(5)
        ))  # fmt: skip
        assert [answer(phone) for _ in range(5)] == [f"/{n}".encode() for n in range(5)]


def test_a_post_that_waits_for_100_continue_gets_it_and_its_answer():
    with served() as port, connect(port) as phone:
        body = b"a=" + b"b" * 5000
        phone.sendall(
            f"POST /form HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {len(body)}\r\n"
            "Expect: 100-continue\r\n\r\n".encode()
        )
        reader = _readers.setdefault(phone.fileno(), phone.makefile("rb"))
        assert reader.readline().startswith(b"HTTP/1.1 100 Continue")
        assert reader.readline() == b"\r\n"
        phone.sendall(body)
        assert answer(phone) == f"got {len(body)}".encode()


def test_closed_connections_free_their_descriptors_for_new_ones():
    """Phones that come and go (the kernel hands a closed connection's descriptor to the next):
    each new one is answered, however its descriptor was used before."""
    with served() as port:
        for round_ in range(20):
            phones = [dial(port) for _ in range(10)]
            assert [get(p, f"/{round_}/{i}") for i, p in enumerate(phones)] == [
                f"/{round_}/{i}".encode() for i in range(10)
            ]
            for p in phones:
                hang_up(p)


def test_an_idle_connection_is_closed_after_the_idle_timeout(monkeypatch):
    """The server's maintenance marks an idle connection for closing; the loop's full pass (here
    every turn) is what closes it: the phone sees the end of the connection."""
    monkeypatch.setattr(loop, "FULL_EVERY", 0.0)
    with served(channel_timeout=1, cleanup_interval=1) as port, connect(port) as phone:
        assert get(phone, "/once") == b"/once"
        assert phone.recv(1) == b""  # closed by the server (a minute at most)
