"""The club's memory page (/club): the keeper's link shown only to a request from the machine
that runs the server itself (loopback peer, this machine's own name typed, no proxy), how to
get it everywhere else; a new keeper's link from there only; and "How the figures are
counted", docs/stats.md as a page."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.paths import STATS_DOC
from scorekeeper.service import memory
from scorekeeper.web.memory.figures_doc import render
from tests.conftest import make_app

LOCAL = [
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "127.0.0.1:8000"}),
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "localhost:8000"}),
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "LOCALHOST"}),
    ({"REMOTE_ADDR": "::1"}, {"Host": "[::1]:8000"}),
]
ELSEWHERE = [
    # a phone on the club's network
    ({"REMOTE_ADDR": "192.168.1.7"}, {"Host": "192.168.1.20:8000"}),
    # the laptop itself, by its network address: not the loopback it is told to open
    ({"REMOTE_ADDR": "192.168.1.20"}, {"Host": "192.168.1.20:8000"}),
    # a page elsewhere whose name was pointed at 127.0.0.1 (DNS rebinding)
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "rebound.example:8000"}),
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "localhost.example"}),
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "127.0.0.1.nip.io"}),
    # a proxy on this machine that nobody declared (PROXY_FIX unset)
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "127.0.0.1:8000", "X-Forwarded-For": "203.0.113.9"}),
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "127.0.0.1:8000", "X-Real-IP": "203.0.113.9"}),
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "127.0.0.1:8000", "Forwarded": "for=203.0.113.9"}),
    ({"REMOTE_ADDR": "127.0.0.1"}, {"Host": "127.0.0.1:8000", "Via": "1.1 caddy"}),
]


@pytest.fixture
def links(db):
    return memory.club_links(db)


def _get(client, environ, headers, path="/club"):
    return client.get(path, environ_base=environ, headers=headers)


@pytest.mark.parametrize("environ, headers", LOCAL)
def test_on_the_machine_that_runs_the_server_the_club_page_shows_both_links(
    client, links, environ, headers
):
    page = _get(client, environ, headers)
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert f"/k/{links.keeper}" in html and f"/m/{links.reader}" in html
    assert page.headers["Cache-Control"] == "no-store"
    opened = client.get(f"/k/{links.keeper}")
    assert opened.status_code == 200


@pytest.mark.parametrize("environ, headers", ELSEWHERE)
def test_anywhere_else_the_club_page_says_how_to_get_the_keepers_link(
    client, links, environ, headers
):
    page = _get(client, environ, headers)
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert links.keeper not in html and links.reader not in html
    assert "scorekeeper club keeper-link" in html
    assert re.search(r"http://127\.0\.0\.1:\d+/club", html)
    posted = client.post("/club/keeper-link", environ_base=environ, headers=headers)
    assert posted.status_code == 404


def test_behind_a_declared_proxy_no_request_is_this_computer(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False, PROXY_FIX=1)
    db = store.connect(app.config["DATABASE"])
    links = memory.club_links(db)
    db.close()
    client = app.test_client()
    page = client.get("/club", headers={"Host": "127.0.0.1:8000"})
    html = page.get_data(as_text=True)
    assert links.keeper not in html
    assert "scorekeeper club keeper-link" in html and "127.0.0.1:" not in html  # no address
    assert client.post("/club/keeper-link").status_code == 404


def test_a_new_keepers_link_from_this_computer_stops_the_old_one(client, db, links):
    done = client.post("/club/keeper-link")
    assert done.status_code == 303 and done.location.endswith("/club")
    page = client.get("/club").get_data(as_text=True)
    assert "the old one no longer opens the keeper" in page
    fresh = memory.club_links(db)
    assert fresh.keeper != links.keeper and fresh.reader == links.reader
    assert f"/k/{fresh.keeper}" in page
    assert client.get(f"/k/{links.keeper}").status_code == 404
    assert client.get(f"/k/{fresh.keeper}").status_code == 200


def test_the_new_keepers_link_form_needs_its_csrf_token(csrf_app):
    client = csrf_app.test_client()
    assert client.post("/club/keeper-link").status_code == 400
    html = client.get("/club").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert client.post("/club/keeper-link", data={"csrf_token": token}).status_code == 303


def test_the_home_page_and_the_ladder_lead_to_the_club_and_its_definitions(client, links):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/club"' in home
    ladder = client.get(f"/m/{links.reader}").get_data(as_text=True)
    assert 'href="/club/figures"' in ladder
    assert "in the app's source" not in ladder


def test_how_the_figures_are_counted_is_docs_stats_md(client):
    page = client.get("/club/figures")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    text = STATS_DOC.read_text(encoding="utf-8")
    for heading in re.findall(r"^## (.+)$", text, re.M):
        assert f"<h2>{heading.replace(chr(39), '&#39;')}</h2>" in html
    rows = re.findall(r"^\| ([^|]+) \|", text, re.M)
    assert len(rows) > 15
    for figure in rows[1:]:  # the head row's "figure" too, as a head
        assert f"<td>{figure}</td>" in html.replace("&#39;", "'"), figure
    assert "counted only where P&#39;s own bid and tricks are written per player" in html
    assert "<script" not in html.split("<main")[1].split("</main>")[0]


def test_the_docs_markdown_is_escaped_and_only_its_own_forms_make_tags():
    html = str(render(
        "# Title\n\nA <script>x</script> & **bold** *it* `a<b>` [text](docs/x.md).\n\n"
        "## Part\n- one\n  more\n  - nested *x*\n- two\n\n| a | b |\n|---|---|\n| 1 | <i> |"
    ))  # fmt: skip
    assert "Title" not in html
    assert "&lt;script&gt;x&lt;/script&gt; &amp; <b>bold</b> <i>it</i>" in html
    assert "<code>a&lt;b&gt;</code> text." in html
    assert "<h2>Part</h2>" in html
    assert "<ul><li>one more<ul><li>nested <i>x</i></li></ul></li><li>two</li></ul>" in html
    assert "<td>&lt;i&gt;</td>" in html and '<th scope="col">a</th>' in html
