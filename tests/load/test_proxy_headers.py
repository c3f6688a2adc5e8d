"""The keeper's link goes to no request that came through a proxy, through the real servers.

docs/stats.md: `/club` shows the keeper's link only to a request from the machine that runs
the server that came through no proxy: no `Forwarded`, `X-Forwarded-For`, `X-Forwarded-Host`,
`X-Real-IP` or `Via` header, and `SCOREKEEPER_PROXY_FIX` unset. Flask's test client hands the
app every header it is sent; a real server might not (waitress, asked to clear untrusted proxy
headers, took `X-Forwarded-For` away before the app could see it, so a visitor from the
internet behind nginx, which sends it by default, was shown the keeper's link: issue 34).

So each header is sent here to a running ``scorekeeper serve`` (gunicorn and waitress) from
127.0.0.1 with a loopback Host, as a proxy on the same machine sends it: directly (a proxy
left without `SCOREKEEPER_PROXY_FIX`, nginx's default), and behind the recipe docs/deploy.md
gives (Caddy on the same machine, `SCOREKEEPER_PROXY_FIX=1`, the headers Caddy sends).
"""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.cli import serving
from tests.load.served import HOST, Server

pytestmark = pytest.mark.load

KEEPER = 'id="keeper-link"'  # the keeper's link, as the club's page shows it
PROXY_HEADERS = {  # each as a proxy sends it for a visitor from the internet
    "Forwarded": "for=203.0.113.9;proto=https",
    "X-Forwarded-For": "203.0.113.9",
    "X-Forwarded-Host": "scores.example.org",
    "X-Real-IP": "203.0.113.9",
    "Via": "1.1 proxy",
}
CADDY = {  # what Caddy's reverse_proxy sends (docs/deploy.md's recipe)
    "X-Forwarded-For": "203.0.113.9",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "scores.example.org",
}


def club_page(port: int, headers: dict[str, str]) -> str:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        conn.request("GET", "/club", headers={"Host": f"{HOST}:{port}", **headers})
        response = conn.getresponse()
        body = response.read().decode()
        assert response.status == 200, body[:300]
        return body
    finally:
        conn.close()


def started(folder: Path, kind: str, **env: str) -> Iterator[Server]:
    folder.mkdir()
    server = Server(folder, "--server", kind, **env)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module", params=serving.SERVERS)
def direct(request, tmp_path_factory) -> Iterator[Server]:
    """A server with no proxy trusted (SCOREKEEPER_PROXY_FIX unset), as the docs' direct
    routes run it and as a proxy set up without the setting meets it."""
    yield from started(tmp_path_factory.mktemp("direct") / request.param, request.param)


@pytest.fixture(scope="module", params=serving.SERVERS)
def behind_caddy(request, tmp_path_factory) -> Iterator[Server]:
    """A server as docs/deploy.md's Caddy recipe runs it: one proxy trusted."""
    folder = tmp_path_factory.mktemp("caddy") / request.param
    yield from started(folder, request.param, SCOREKEEPER_PROXY_FIX="1")


def test_a_request_from_this_computer_through_no_proxy_is_shown_the_keepers_link(direct):
    assert KEEPER in club_page(direct.port, {})


@pytest.mark.parametrize("header", list(PROXY_HEADERS))
def test_a_request_carrying_a_proxy_header_is_not_shown_the_keepers_link(direct, header):
    page = club_page(direct.port, {header: PROXY_HEADERS[header]})
    assert KEEPER not in page
    assert "scorekeeper club keeper-link" in page  # says how to get it instead


@pytest.mark.parametrize("header", ["all of them", "none", *CADDY])
def test_behind_the_caddy_recipe_no_request_is_shown_the_keepers_link(behind_caddy, header):
    """Caddy's headers together, none (the keeper on that machine uses the command line), and
    each alone."""
    together: dict[str, dict[str, str]] = {"all of them": CADDY, "none": {}}
    headers = together[header] if header in together else {header: CADDY[header]}
    assert KEEPER not in club_page(behind_caddy.port, headers)
