"""What one browser sees is its own: its games (kept on the server, one row a game), the names
it typed, its saved house rules. The cookie carries only a random id and is not rewritten on
every page; pages with edit links are not cached; the cookie is Secure over HTTPS."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app, store
from scorekeeper.web.session import REFRESH_DAYS, _today
from tests.helpers import (
    HAND,
    browser,
    count_calls,
    created,
    editor_fields,
    game_file,
    listed,
    post_new,
)  # fmt: skip

COOKIE = "session"


def open_game(client, token: str) -> None:
    assert client.get(f"/g/{token}").status_code == 200


def home(client) -> str:
    return client.get("/").get_data(as_text=True)


def set_cookies(response) -> list[str]:
    return response.headers.getlist("Set-Cookie")


# --- games ----------------------------------------------------------------------------------


def test_two_browsers_each_see_only_their_own_games(app, db):
    ann, bob = app.test_client(), app.test_client()
    mine = created(db, post_new(ann, ["Ann", "Cy"], preset="head-to-head"))
    theirs = created(db, post_new(bob, ["Bob", "Di"], preset="head-to-head"))
    assert listed(db, ann) == [mine.edit_token]
    assert listed(db, bob) == [theirs.edit_token]
    assert mine.edit_token in home(ann) and theirs.edit_token not in home(ann)
    assert theirs.edit_token in home(bob) and mine.edit_token not in home(bob)
    open_game(bob, mine.edit_token)  # a link shared with Bob: now his too
    assert listed(db, bob) == [mine.edit_token, theirs.edit_token]
    assert listed(db, ann) == [mine.edit_token]


def test_two_tabs_opening_games_at_once_keep_both(app, db):
    """Two tabs send the same cookie at once: with the list in the cookie, the second answer
    overwrote the first tab's game; with one row a game, both are kept."""
    first = created(db, post_new(tab := app.test_client(), ["Ann", "Bob"], preset="head-to-head"))
    one, two = created(db, post_new(tab, ["Cy", "Di"], preset="head-to-head")), None
    other_tab = app.test_client()
    other_tab.set_cookie(COOKIE, tab.get_cookie(COOKIE).value)  # the same browser
    two = store.create_game(db, game_file())
    three = store.create_game(db, game_file())
    open_game(tab, two.edit_token)  # interleaved: each tab answers with the cookie it sent
    open_game(other_tab, three.edit_token)
    expected = {first.edit_token, one.edit_token, two.edit_token, three.edit_token}
    assert set(listed(db, tab)) == expected
    assert {t for t in expected if t in home(other_tab)} == expected


def test_opening_a_game_again_moves_it_first(app, db, monkeypatch):
    from scorekeeper.service.kitchen import pages as kitchen_pages

    client = app.test_client()
    a, b = store.create_game(db, game_file()), store.create_game(db, game_file())
    open_game(client, a.edit_token)
    open_game(client, b.edit_token)
    assert listed(db, client) == [b.edit_token, a.edit_token]
    open_game(client, a.edit_token)  # again at once: not worth a write
    assert listed(db, client) == [b.edit_token, a.edit_token]
    monkeypatch.setattr(kitchen_pages, "REOPEN_AFTER", kitchen_pages.REOPEN_AFTER * 0)
    open_game(client, a.edit_token)
    assert listed(db, client) == [a.edit_token, b.edit_token]


def test_the_game_page_writes_its_row_once_not_on_every_view(client, db, monkeypatch):
    game = store.create_game(db, game_file())
    writes = count_calls(monkeypatch, store.record_opened)
    for _ in range(3):
        open_game(client, game.edit_token)
    assert len(writes) == 1


def test_a_game_page_asked_again_soon_reads_its_row_and_writes_nothing(client, db, monkeypatch):
    """Within the five minutes that would not move the game in the list, a page costs one read
    of the browser's row and no write (no cache of when this process saw it: measured, the read
    costs less than the noise of a hand cycle; docs/architecture.md, Caches)."""
    game = store.create_game(db, game_file())
    open_game(client, game.edit_token)
    reads = count_calls(monkeypatch, store.last_opened)
    writes = count_calls(monkeypatch, store.record_opened)
    for _ in range(4):
        open_game(client, game.edit_token)
    assert len(reads) == 4 and writes == []


def test_an_older_cookie_s_list_is_adopted_once_and_dropped(client, db):
    games = [store.create_game(db, game_file()) for _ in range(3)]
    with client.session_transaction() as session:  # as an older version left it
        session["games"] = [g.edit_token for g in games] + ["deleted-game-token", 7]
        session.permanent = True
    html = home(client)
    assert all(g.edit_token in html for g in games)
    assert listed(db, client) == [g.edit_token for g in games]  # in the cookie's order
    with client.session_transaction() as session:
        assert "games" not in session and session["browser"]


@pytest.mark.parametrize("garbage", ["x", "a" * 4000, ".eJwrzs9NLUnNAQALGQMK.x.y", "e30.e30.e30"])
def test_a_garbage_or_tampered_cookie_is_a_new_browser(client, db, garbage):
    game = store.create_game(db, game_file())
    client.set_cookie(COOKIE, garbage)
    assert client.get("/").status_code == 200
    open_game(client, game.edit_token)
    assert game.edit_token in home(client)


def test_a_cookie_signed_with_another_key_is_ignored(tmp_path, db, app):
    other = create_app(
        {"SECRET_KEY": "another key", "DATABASE": app.config["DATABASE"], "WTF_CSRF_ENABLED": False}
    )
    stranger = other.test_client()
    game = created(db, post_new(stranger, ["Ann", "Bob"], preset="head-to-head"))
    client = app.test_client()
    client.set_cookie(COOKIE, stranger.get_cookie(COOKIE).value)
    assert game.edit_token not in home(client)


def test_a_cookie_read_once_is_still_checked_for_age(client, db, monkeypatch):
    """A cookie whose signature was checked is remembered, not trusted for ever: once it is
    older than the session's life it is a new browser, as on its first reading."""
    import time

    game = store.create_game(db, game_file())
    open_game(client, game.edit_token)
    assert game.edit_token in home(client)  # read (and remembered) on these pages
    later = time.time() + 366 * 24 * 3600  # a year and a day: the cookie has expired
    monkeypatch.setattr(time, "time", lambda: later)
    assert game.edit_token not in home(client)


def test_what_a_page_does_to_its_session_stays_its_own(app):
    """Two pages sent the same cookie each get their own copy of what it holds."""
    from scorekeeper.web.session import SessionInterface

    interface = SessionInterface()
    with app.test_request_context("/"):
        signed = interface.get_signing_serializer(app).dumps({"browser": "b" * 24, "events": ["e"]})
    with app.test_request_context("/", headers={"Cookie": f"{COOKIE}={signed}"}) as ctx:
        first = interface.open_session(app, ctx.request)
        first["events"].append("changed")
        first["browser"] = "changed"
        second = interface.open_session(app, ctx.request)
    assert second == {"browser": "b" * 24, "events": ["e"]}


# --- the cookie is not rewritten on every page ------------------------------------------------


def test_the_cookie_is_sent_once_not_on_every_page(client, db):
    game = store.create_game(db, game_file([HAND]))
    first = client.get(f"/g/{game.edit_token}")
    assert any(c.startswith(f"{COOKIE}=") for c in set_cookies(first))
    for url in (f"/g/{game.edit_token}", f"/g/{game.edit_token}?hand=1", "/", "/games/new"):
        assert set_cookies(client.get(url)) == [], url
    # The forms' CSRF token is the session's, unchanged (signed afresh with the time).
    tricks = f"/g/{game.edit_token}?step=tricks&bid-0=3&bid-1=3&bid-2=4&bid-3=2"
    token = re.compile(r'name="?csrf_token"? value="([^".]+)\.')
    tokens = {token.search(client.get(url).text)[1] for url in ("/games/new", tricks)}
    assert len(tokens) == 1


def test_the_cookie_is_sent_again_after_a_month_so_it_never_expires(client, db):
    browser(client)
    with client.session_transaction() as session:
        session["since"] = _today() - REFRESH_DAYS
    (cookie,) = set_cookies(client.get("/"))
    assert "Expires=" in cookie
    with client.session_transaction() as session:
        assert session["since"] == _today()
    assert set_cookies(client.get("/")) == []


def test_a_first_visit_to_a_page_without_a_game_gives_no_browser_id(client):
    client.get("/")
    client.get("/house-rules")
    with client.session_transaction() as session:
        assert "browser" not in session


# --- names and saved house rules --------------------------------------------------------------


def test_names_typed_in_another_browser_are_never_suggested(app, db):
    ann, bob = app.test_client(), app.test_client()
    created(db, post_new(ann, ["Zelda", "Yusuf"], preset="head-to-head"))
    mine = ann.get("/games/new").get_data(as_text=True)
    theirs = bob.get("/games/new").get_data(as_text=True)
    assert '<option value="Zelda">' in mine and '<option value="Yusuf">' in mine
    assert "Zelda" not in theirs and "Yusuf" not in theirs
    created(db, post_new(bob, ["Xena", "Walt"], preset="head-to-head"))
    theirs = bob.get("/games/new").get_data(as_text=True)
    assert "Xena" in theirs and "Zelda" not in theirs


def test_names_suggested_come_from_the_games_this_browser_opened_latest_first(app, db):
    client = app.test_client()
    old = store.create_game(db, game_file(players=["Old", "Timer"], teams=None))
    open_game(client, old.edit_token)
    created(db, post_new(client, ["New", "Comer"], preset="head-to-head"))
    html = client.get("/games/new").get_data(as_text=True)
    names = re.findall(r'<option value="([^"]+)">', html.split('id="known-players"')[1])
    assert names[:4] == ["Comer", "New", "Old", "Timer"]


@pytest.fixture
def fridays(app, db):
    """Ann's saved rules, and Bob, another browser."""
    ann, bob = app.test_client(), app.test_client()
    fields = editor_fields(target_score="250")
    created(db, post_new(ann, ["Ann", "Cy"], **fields, save_as="Friday"))
    (saved,) = store.all_house_rules(db, browser(ann))
    return ann, bob, saved


def test_saved_house_rules_are_listed_and_used_only_by_their_browser(fridays):
    ann, bob, saved = fridays
    assert "Friday" in ann.get("/house-rules").get_data(as_text=True)
    assert "Friday" not in bob.get("/house-rules").get_data(as_text=True)
    assert ">Friday</option>" in ann.get("/games/new").get_data(as_text=True)
    assert ">Friday</option>" not in bob.get("/games/new").get_data(as_text=True)
    assert ann.get(f"/games/new?rules={saved.id}").status_code == 200
    assert bob.get(f"/games/new?rules={saved.id}").status_code == 404


def test_another_browser_can_neither_delete_nor_replace_saved_rules(db, fridays):
    ann, bob, saved = fridays
    assert bob.get(f"/house-rules/{saved.id}/delete").status_code == 404
    assert bob.post(f"/house-rules/{saved.id}/delete").status_code == 404
    fields = editor_fields(target_score="300")
    created(db, post_new(bob, ["Bob", "Di"], **fields, save_as="friday", replace_saved="on"))
    assert store.house_rules_by_id(db, saved.id, browser(ann)) == saved  # Ann's, as they were
    (bobs,) = store.all_house_rules(db, browser(bob))
    assert bobs.id != saved.id and bobs.spec["target_score"] == 300
    assert ann.post(f"/house-rules/{saved.id}/delete").status_code == 303
    assert store.house_rules_by_id(db, bobs.id, browser(bob)) == bobs


def test_house_rules_saved_before_they_had_owners_stay_shared(app, db):
    older = store.save_house_rules(db, "Club rules", {"preset": "nyc"})
    for client in (app.test_client(), app.test_client()):
        assert "Club rules" in client.get("/house-rules").get_data(as_text=True)
        assert client.get(f"/games/new?rules={older.id}").status_code == 200


# --- caching ---------------------------------------------------------------------------------


@pytest.fixture
def game(db):
    return store.create_game(db, game_file([HAND]))


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("/g/{edit}", "no-store"),
        ("/g/{edit}?hand=1", "no-store"),
        ("/g/{edit}/hands/1", "no-store"),
        ("/g/{edit}/rules", "no-store"),
        ("/g/{edit}/delete", "no-store"),
        ("/g/{edit}/game.json", "no-store"),
        ("/games/new", "no-store"),
        ("/games/import", "no-store"),
        ("/house-rules", "no-store"),
        ("/", "no-store"),
        ("/print/blank", "no-store"),
        ("/g/no-such-game", "no-store"),
        ("/v/{view}", "no-cache"),
        ("/v/{view}/chart.svg", "no-cache"),
        ("/v/{view}/version.json", "no-store"),
    ],
)
def test_pages_say_how_they_may_be_cached(client, game, url, expected):
    response = client.get(url.format(edit=game.edit_token, view=game.view_token))
    assert response.headers["Cache-Control"] == expected
    if "." not in url.rsplit("/", 1)[-1]:
        assert response.mimetype == "text/html"


def test_a_saved_hand_s_redirect_is_not_cached_either(client, game):
    response = client.post(f"/g/{game.edit_token}/hands/misdeal", data={"version": "1"})
    assert response.status_code == 303 and response.headers["Cache-Control"] == "no-store"


def test_static_files_keep_their_own_caching(client):
    response = client.get("/static/style.css")
    assert response.headers.get("Cache-Control") != "no-store"


# --- a Secure cookie over HTTPS ---------------------------------------------------------------


def session_cookie(app, headers=None, base_url="http://club.example") -> str:
    client = app.test_client()
    response = client.get("/games/new", headers=headers or {}, base_url=base_url)
    (cookie,) = [c for c in set_cookies(response) if c.startswith(f"{COOKIE}=")]
    return cookie


HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example"}


@pytest.mark.parametrize(
    ("config", "headers", "base_url", "secure"),
    [
        ({}, {}, "http://club.example", False),
        ({}, {}, "https://club.example", True),  # served over HTTPS directly
        ({}, HTTPS, "http://club.example", False),  # no proxy trusted: the header is ignored
        ({"PROXY_FIX": 1}, HTTPS, "http://club.example", True),
        ({"PROXY_FIX": "1"}, HTTPS, "http://club.example", True),
        ({"PROXY_FIX": True}, HTTPS, "http://club.example", True),
        ({"PROXY_FIX": 1}, {"X-Forwarded-Proto": "http"}, "http://club.example", False),
        ({"SESSION_COOKIE_SECURE": True}, {}, "http://club.example", True),
    ],
)
def test_the_cookie_is_secure_when_served_over_https(tmp_path, config, headers, base_url, secure):
    from tests.conftest import make_app

    app = make_app(tmp_path, **config)
    cookie = session_cookie(app, headers, base_url)
    assert ("; Secure" in cookie) is secure
    assert "; HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_behind_a_trusted_proxy_links_and_redirects_use_https(tmp_path):
    from tests.conftest import make_app

    app = make_app(tmp_path, PROXY_FIX=1, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    response = client.post(
        "/games/new",
        data={"player-0": "Ann", "player-1": "Bob", "preset": "head-to-head"},
        headers=HTTPS,
    )
    assert response.status_code == 303
    page = client.get(response.headers["Location"], headers=HTTPS).get_data(as_text=True)
    assert re.search(r'value="https://club\.example/v/[^"]+"', page)  # the read-only link


@pytest.mark.parametrize(("setting", "keep_headers"), [(None, False), ("1", True), ("0", False)])
def test_serve_lets_the_forwarded_headers_through_only_behind_a_trusted_proxy(
    tmp_path, monkeypatch, setting, keep_headers
):
    """Waitress drops X-Forwarded-* headers from clients it does not trust; with PROXY_FIX the
    app trusts them itself, so waitress must pass them on."""
    from scorekeeper.cli import loop, main
    from scorekeeper.printing import pdf

    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "served.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "k")
    if setting is not None:
        monkeypatch.setenv("SCOREKEEPER_PROXY_FIX", setting)
    served = {}
    monkeypatch.setattr(loop, "serve", lambda app, **kw: served.update(kw, app=app))
    monkeypatch.setattr(pdf, "warm_up", lambda: None)
    assert main(["serve", "--port", "0"]) == 0
    assert served["clear_untrusted_proxy_headers"] is not keep_headers


def test_an_older_cookie_s_list_waits_for_a_database_that_cannot_write(client, db, monkeypatch):
    from scorekeeper.service import Unavailable, kitchen

    game = store.create_game(db, game_file())
    with client.session_transaction() as session:
        session["games"] = [game.edit_token]

    def busy(*_args):
        raise Unavailable("busy")

    monkeypatch.setattr(kitchen, "adopt_games", busy)
    assert client.get("/").status_code == 200
    with client.session_transaction() as session:
        assert session["games"] == [game.edit_token]  # kept for the next page
    monkeypatch.undo()
    assert game.edit_token in home(client)
