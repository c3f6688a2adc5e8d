"""``--late-server``: the browser tests' live server answers every page, stylesheet and script
0.4-1.5 s late, as a loaded CI machine does, so a test that reads a page before it has loaded
(a tap that navigates, not waited for) fails here every time instead of once in fifty CI runs.

Off by default (``make test`` is unchanged); ``make test-browser-late`` runs tests/browser/ with
it. The polling endpoints (a game's ``/version``, ``version.json``, ``clock.json``, ``/live``,
``game.json``), PDFs and the service worker stay fast: slowing them tests nothing a person sees
and only makes the run longer. Each delay is drawn from the seed (``--late-server-seed``), the
request's method and path and how many times that path was asked before, so a run can be
repeated."""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

SHORTEST, LONGEST = 0.4, 1.5
FAST = ("/version", "/version.json", "/clock.json", "/live", "/game.json", ".pdf", "/static/sw.js")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("late-server", "a live server answering late (tests/late_server.py)")
    group.addoption(
        "--late-server",
        action="store_true",
        default=False,
        help="the browser tests' live server answers pages, styles and scripts 0.4-1.5 s late",
    )
    group.addoption(
        "--late-server-seed", type=int, default=1, help="seed of the delays (default 1)"
    )


def delay(seed: int, method: str, path: str, nth: int) -> float:
    """The delay of the ``nth`` request for ``method path``: 0 for a polling endpoint."""
    if path.endswith(FAST):
        return 0.0
    digest = hashlib.sha256(f"{seed} {method} {path} {nth}".encode()).digest()
    return SHORTEST + (LONGEST - SHORTEST) * int.from_bytes(digest[:4], "big") / 2**32


def late(app: Callable[..., Iterable[bytes]], seed: int) -> Callable[..., Iterable[bytes]]:
    """``app`` as a WSGI app that waits ``delay(...)`` before answering each request."""
    asked: Counter[tuple[str, str]] = Counter()
    lock = threading.Lock()

    def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        method, path = environ.get("REQUEST_METHOD", "GET"), environ.get("PATH_INFO", "")
        with lock:
            nth = asked[method, path]
            asked[method, path] += 1
        time.sleep(delay(seed, method, path, nth))
        return app(environ, start_response)

    return wsgi
