"""A save happens once whatever the taps, Back buttons and retries do, and a save that cannot
happen says why and keeps the typing: one-time submission ids, the tricks step's hand number,
a busy or full database (503), a game deleted meanwhile (410)."""

from __future__ import annotations

import re
import sqlite3
from contextlib import contextmanager

import pytest

from scorekeeper import service, store
from scorekeeper.service.kitchen import hands as kitchen_hands
from scorekeeper.service.kitchen import writing as kitchen_writing
from tests.helpers import game_file, new_game, store_game

FOUR = {f"player-{i}": n for i, n in enumerate(["Ann", "Bob", "Cy", "Di"])}
BIDS = {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "3"}
HAND = {**BIDS, "ttricks-0": "7", "ttricks-1": "6"}
STORED_HAND = {
    "bids": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3},
    "tricks": {"Ann & Cy": 7, "Bob & Di": 6},
}
SUBMISSION = re.compile(r'name="?submission"? value="?([\w-]+)')
VERSION = re.compile(r'name="?version"? value="(\d+)"')


def tricks_step(client, token: str, number: int = 1) -> dict[str, str]:
    """The tricks step's form as a phone gets it: the hidden fields (version, the one-time id)."""
    page = client.get(f"/g/{token}", query_string={**BIDS, "step": "tricks", "hand_no": number})
    html = page.get_data(as_text=True)
    assert f"Hand {number}: tricks" in html, html[:2000]
    return {
        "version": VERSION.search(html).group(1),
        "submission": SUBMISSION.search(html).group(1),
        "hand_no": str(number),
    }


def hands_of(db, token: str) -> list:
    return store.game_by_edit_token(db, token).data["hands"]


def follow(client, response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return client.get(response.headers["Location"]).get_data(as_text=True)


# --- one-time submission ids ------------------------------------------------------------------


def test_a_double_tap_saves_one_hand_and_the_second_says_already_saved(client, db):
    token = new_game(client)
    form = {**tricks_step(client, token), **HAND}
    assert client.post(f"/g/{token}/hands", data=form).status_code == 303
    again = client.post(f"/g/{token}/hands", data=form)
    assert again.headers["Location"].endswith(f"/g/{token}")
    assert "Hand 1 was already saved." in follow(client, again)
    assert len(hands_of(db, token)) == 1


def test_every_form_on_the_game_page_carries_its_own_id(client):
    token = new_game(client)
    client.post(f"/g/{token}/hands", data={**tricks_step(client, token), **HAND})
    html = client.get(f"/g/{token}/hands/1", follow_redirects=True).get_data(
        as_text=True
    )  # edit, undo, ...
    ids = SUBMISSION.findall(html)
    assert len(ids) == 3 and len(set(ids)) == 3  # edit form, Undo, Rematch
    assert (
        SUBMISSION.findall(
            client.get(f"/g/{token}/hands/1", follow_redirects=True).get_data(as_text=True)
        )
        != ids
    )
    # Delete hand and Misdeal ask first: their forms, and ids, are on their own pages.
    for asking in (f"/g/{token}/hands/1/delete", f"/g/{token}/hands/misdeal"):
        (own,) = SUBMISSION.findall(client.get(asking).get_data(as_text=True))
        assert own not in ids


@pytest.mark.parametrize(
    ("action", "said"),
    [
        ("misdeal", "That misdeal was already recorded."),
        ("undo", "That undo was already done."),
        ("1/delete", "Hand 1 was already deleted."),
        ("redo", "That redo was already done."),
    ],
)
def test_misdeal_undo_and_delete_sent_twice_count_once(client, db, action, said):
    token = new_game(client)
    client.post(f"/g/{token}/hands", data={**tricks_step(client, token), **HAND})
    client.post(f"/g/{token}/hands", data={**tricks_step(client, token, 2), **HAND})
    if action == "redo":  # something to redo
        undo = client.get(f"/g/{token}").get_data(as_text=True)
        undo = {"version": VERSION.search(undo).group(1), "submission": service_id(undo, "undo")}
        client.post(f"/g/{token}/hands/undo", data=undo)
    asks_first = action in ("misdeal", "1/delete")  # the button is on a page of its own
    html = client.get(
        f"/g/{token}/hands/{action if asks_first else 1}", follow_redirects=True
    ).get_data(as_text=True)
    form = {"version": VERSION.search(html).group(1), "submission": service_id(html, action)}
    first = client.post(f"/g/{token}/hands/{action}", data=form)
    assert first.status_code == 303
    after = hands_of(db, token)
    again = client.post(f"/g/{token}/hands/{action}", data=form)
    assert said in follow(client, again)
    assert hands_of(db, token) == after


def service_id(html: str, action: str) -> str:
    """The one-time id of the button form posting to ``action``."""
    form = re.search(rf'action="[^"]*/hands/{re.escape(action)}"[^>]*>(.*?)</form>', html, re.S)
    if form is None:  # Misdeal is on the next hand's page, not the edit page
        return SUBMISSION.search(html).group(1)
    return SUBMISSION.search(form.group(1)).group(1)


def test_an_edit_sent_twice_is_already_saved_not_a_conflict(client, db):
    token = new_game(client)
    client.post(f"/g/{token}/hands", data={**tricks_step(client, token), **HAND})
    html = client.get(f"/g/{token}/hands/1", follow_redirects=True).get_data(as_text=True)
    form = {
        "version": VERSION.search(html).group(1),
        "submission": SUBMISSION.search(html).group(1),
        **HAND,
        "ttricks-0": "8",
        "ttricks-1": "5",
    }
    assert client.post(f"/g/{token}/hands/1", data=form).status_code == 303
    again = client.post(f"/g/{token}/hands/1", data=form)
    assert "Your change to hand 1 was already saved." in follow(client, again)
    record = store.game_by_edit_token(db, token)
    assert record.version == 3  # made, edited once


def test_start_tapped_twice_makes_one_game_and_goes_to_it(client, db):
    html = client.get("/games/new").get_data(as_text=True)
    form = {**FOUR, "submission": SUBMISSION.search(html).group(1)}
    first = client.post("/games/new", data=form)
    second = client.post("/games/new", data=form)
    assert second.headers["Location"].startswith(first.headers["Location"])
    assert "This game was already started" in follow(client, second)
    assert store.count_games(db) == 1


def test_rematch_tapped_twice_makes_one_game(client, db):
    token = new_game(client)
    html = client.get(f"/g/{token}").get_data(as_text=True)
    rematch = re.search(r'action="/g/[^"]+/rematch">(.*?)</form>', html, re.S).group(1)
    form = {"submission": SUBMISSION.search(rematch).group(1)}
    first = client.post(f"/g/{token}/rematch", data=form)
    second = client.post(f"/g/{token}/rematch", data=form)
    assert first.headers["Location"] != f"/g/{token}"
    assert second.headers["Location"].startswith(first.headers["Location"])
    assert store.count_games(db) == 2


def test_an_import_sent_twice_makes_one_game(client, db):
    import json

    form = {"text": json.dumps(game_file()), "submission": "i" * 22}
    first = client.post("/games/import", data=form)
    second = client.post("/games/import", data=form)
    assert first.status_code == second.status_code == 303
    assert second.headers["Location"].startswith(first.headers["Location"])
    assert store.count_games(db) == 1


@pytest.mark.parametrize("sent", ["", "short", "x" * 65, "<script>" * 3, "a b" * 8])
def test_an_id_this_app_could_not_have_made_is_ignored(client, db, sent):
    token = new_game(client)
    form = {**tricks_step(client, token), **HAND, "submission": sent}
    assert client.post(f"/g/{token}/hands", data=form).status_code == 303
    assert client.post(f"/g/{token}/hands", data=form).status_code == 409  # the version check
    assert len(hands_of(db, token)) == 1


def test_two_saves_racing_with_one_id_in_the_service_save_once(db):
    """Both requests read the game at the same version; the second write finds the id inside
    its transaction and is AlreadySaved, not a conflict and not a second hand."""
    record = store_game(db, game_file())
    first = service.kitchen.open_game(db, record.edit_token)
    second = service.kitchen.open_game(db, record.edit_token)
    service.kitchen.add_hand(db, first, STORED_HAND, version=1, submission="s" * 22)
    with pytest.raises(service.AlreadySaved, match="Hand 1 was already saved"):
        service.kitchen.add_hand(db, second, STORED_HAND, version=1, submission="s" * 22)
    assert len(hands_of(db, record.edit_token)) == 1


def test_old_submission_ids_expire_as_new_ones_come(db):
    record = store_game(db, game_file())
    store.record_submission(
        db, "old" * 8, game_id=record.id, action=store.Action("misdeal"), version=2
    )
    with store.write(db):
        db.execute("update submissions set created_at = '2000-01-01T00:00:00+00:00'")
    assert store.submission(db, "old" * 8) is not None
    store.record_submission(
        db, "new" * 8, game_id=record.id, action=store.Action("misdeal"), version=3
    )
    assert store.submission(db, "old" * 8) is None
    assert store.submission(db, "new" * 8).edit_token == record.edit_token


# --- the conflict page and the Back button ---------------------------------------------------


def test_back_to_a_saved_hands_form_and_save_again_is_already_saved(client, db):
    token = new_game(client)
    hand_one = {**tricks_step(client, token), **HAND}
    client.post(f"/g/{token}/hands", data=hand_one)
    client.post(f"/g/{token}/hands", data={**tricks_step(client, token, 2), **HAND})
    # Back, back: hand 1's tricks step as the phone kept it (old version, its own id).
    response = client.post(f"/g/{token}/hands", data=hand_one)
    assert "Hand 1 was already saved." in follow(client, response)
    assert len(hands_of(db, token)) == 2


def test_the_conflict_page_keeps_the_forms_id_so_its_save_counts_once(client, db):
    token = new_game(client)
    mine = {**tricks_step(client, token), **HAND, "ttricks-0": "6", "ttricks-1": "7"}
    client.post(f"/g/{token}/hands", data={**tricks_step(client, token), **HAND})  # another phone
    conflict = client.post(f"/g/{token}/hands", data=mine)
    html = conflict.get_data(as_text=True)
    assert conflict.status_code == 409
    assert "Hand 1 was saved on another phone while you were typing" in html
    assert "save it only if it is a different hand" in html
    assert SUBMISSION.search(html).group(1) == mine["submission"]  # the same form, still
    resend = {**mine, "version": VERSION.search(html).group(1)}
    assert client.post(f"/g/{token}/hands", data=resend).status_code == 303  # a deliberate hand 2
    assert "Hand 2 was already saved." in follow(
        client, client.post(f"/g/{token}/hands", data=resend)
    )
    assert len(hands_of(db, token)) == 2


def test_a_tricks_step_whose_hand_was_saved_offers_the_sheet_not_its_bids(client, db):
    """Back after Save, from a phone that dropped the page: the address has hand 1's bids."""
    token = new_game(client)
    client.post(f"/g/{token}/hands", data={**tricks_step(client, token), **HAND})
    back = client.get(f"/g/{token}", query_string={**BIDS, "step": "tricks", "hand_no": 1})
    html = follow(client, back)
    assert "Hand 1 was already saved." in html
    assert "Hand 2: bids" in html and "Hand 2: tricks" not in html
    assert 'name=bid-0 value="3" checked' not in html  # hand 1's bids are not offered again
    assert len(hands_of(db, token)) == 1


def test_a_tricks_step_for_the_next_hand_is_shown_as_it_was(client):
    token = new_game(client)
    assert tricks_step(client, token, 1)["hand_no"] == "1"  # asserts "Hand 1: tricks"
    html = client.get(f"/g/{token}", query_string={**BIDS, "step": "tricks"}).get_data(as_text=True)
    assert "Hand 1: tricks" in html  # an address from before hand numbers still works


def test_a_tricks_step_after_a_hand_was_deleted_elsewhere_keeps_the_bids(client, db):
    token = new_game(client)
    for n in (1, 2):
        client.post(f"/g/{token}/hands", data={**tricks_step(client, token, n), **HAND})
    at = store.game_by_edit_token(db, token).version
    client.post(f"/g/{token}/hands/1/delete", data={"version": at})
    page = client.get(f"/g/{token}", query_string={**BIDS, "step": "tricks", "hand_no": 3})
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Hand 2: tricks" in html and '<input type=hidden name=bid-0 value="3">' in html


# --- a save that cannot happen now -----------------------------------------------------------


@contextmanager
def busy(app):
    """Another process holding the write lock (and a short busy timeout for the app)."""
    app.config["BUSY_TIMEOUT_MS"] = 50
    other = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_busy_database_answers_503_with_the_hand_kept_and_a_retry_saves_it(app, client, db):
    token = new_game(client)
    form = {**tricks_step(client, token), **HAND, "note": "aces high"}
    with busy(app):
        response = client.post(f"/g/{token}/hands", data=form)
    html = response.get_data(as_text=True)
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert "Not saved: the server is busy. What you typed is kept here" in html
    assert 'name=ttricks-0 value="7" checked' in html and 'value="aces high"' in html
    assert '<input type=hidden name=bid-2 value="4">' in html
    assert SUBMISSION.search(html).group(1) == form["submission"]
    assert hands_of(db, token) == []
    assert client.post(f"/g/{token}/hands", data=form).status_code == 303  # the retry
    assert client.post(f"/g/{token}/hands", data=form).status_code == 303  # and once more
    assert len(hands_of(db, token)) == 1


def test_a_busy_database_keeps_the_new_game_form(app, client):
    with busy(app):
        response = client.post("/games/new", data={**FOUR, "save_as": "Friday"})
    html = response.get_data(as_text=True)
    assert response.status_code == 503
    assert "Not saved: the server is busy" in html and 'value="Di"' in html
    assert 'value="Friday"' in html
    assert "Please check the fields marked below" not in html  # nothing is wrong with them


def test_a_busy_database_keeps_a_pasted_game_file(app, client):
    import json

    with busy(app):
        response = client.post("/games/import", data={"text": json.dumps(game_file())})
    html = response.get_data(as_text=True)
    assert response.status_code == 503
    assert "Not saved: the server is busy" in html and "spades-scorekeeper/1" in html


@pytest.mark.parametrize("action", ["misdeal", "undo"])
def test_a_busy_database_on_a_button_says_not_saved(app, client, action):
    token = new_game(client)
    with busy(app):
        response = client.post(f"/g/{token}/hands/{action}", data={"version": 1})
    assert response.status_code == 503
    assert "Not saved: the server is busy" in response.get_data(as_text=True)


def test_a_full_disk_answers_503_with_the_hand_kept(app, client, db, monkeypatch):
    """A real "database or disk is full" from SQLite: connections may not grow the database
    file past its size now (PRAGMA max_page_count), and hands are added until one does not fit."""
    from scorekeeper.rules.sample import steady_game

    real = service.connect

    def capped(path, **options):
        conn = real(path, **options)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    record = store_game(db, steady_game(40))
    full = capped(app.config["DATABASE"])
    with pytest.raises(service.Unavailable, match="full"):
        for _ in range(100):
            current = service.kitchen.open_game(full, record.edit_token)
            service.kitchen.add_hand(full, current, STORED_HAND)
    hands = hands_of(db, record.edit_token)
    monkeypatch.setattr(service, "connect", capped)
    html = client.get(f"/g/{record.edit_token}").get_data(as_text=True)  # reads still work
    form = {"version": VERSION.search(html).group(1), "submission": "f" * 22, **HAND}
    response = client.post(f"/g/{record.edit_token}/hands", data={**form, "note": "last"})
    page = response.get_data(as_text=True)
    assert response.status_code == 503
    assert "Not saved: the server&#39;s disk is full. What you typed is kept here" in page
    assert 'value="last"' in page and 'name=ttricks-0 value="7" checked' in page
    assert hands_of(db, record.edit_token) == hands


def test_a_game_deleted_while_saving_answers_410(app, client, db, monkeypatch):
    """The hand's use case reads the game inside its write, so another phone's delete waits for
    it; a row gone when the store comes to write it (the store says so) still answers 410."""
    token = new_game(client)
    form = {**tricks_step(client, token), **HAND}

    def gone(*_args, **_kwargs):
        raise store.GameNotFound(token)

    monkeypatch.setattr(store, "save_game", gone)
    response = client.post(f"/g/{token}/hands", data=form)
    assert response.status_code == 410
    assert "This game was deleted" in response.get_data(as_text=True)
    assert len(hands_of(db, token)) == 0


def test_the_service_says_a_game_deleted_between_read_and_write(db):
    record = store_game(db, game_file())
    current = service.kitchen.open_game(db, record.edit_token)
    kitchen_writing.delete_game(db, record.edit_token)
    with pytest.raises(service.GameDeleted):
        kitchen_hands.misdeal(db, current, version=1)
    with pytest.raises(service.GameDeleted):
        kitchen_hands.undo(db, current, version=None)


def test_two_taps_sent_at_once_to_the_live_server_save_one_hand(live_server, live_app):
    """The same form sent twice at the same moment, ten hands running: one hand each time."""
    import http.client
    from concurrent.futures import ThreadPoolExecutor
    from urllib.parse import urlencode, urlsplit

    where = urlsplit(live_server)
    cookie = ""

    def send(method: str, path: str, fields: dict | None = None) -> tuple[int, str, str]:
        nonlocal cookie
        conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
        headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
        conn.request(method, path, urlencode(fields) if fields else None, headers)
        response = conn.getresponse()
        body = response.read().decode()
        for header in response.headers.get_all("Set-Cookie") or []:
            if header.startswith("session="):
                cookie = header.split(";", 1)[0]
        conn.close()
        return response.status, body, response.headers.get("Location", "")

    html = send("GET", "/games/new")[1]
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    status, _, location = send("POST", "/games/new", {**FOUR, "csrf_token": csrf})
    token = location.rsplit("/", 1)[1]
    bids = {**BIDS, "bid-1": "4"}  # 7 a side: the sides take turns to be set, no one wins
    for number in range(1, 11):
        query = urlencode({**bids, "step": "tricks", "hand_no": number})
        html = send("GET", f"/g/{token}?{query}")[1]
        form = {
            "csrf_token": csrf,
            "version": VERSION.search(html).group(1),
            "submission": SUBMISSION.search(html).group(1),
            **bids,
            "ttricks-0": "6" if number % 2 else "7",
            "ttricks-1": "7" if number % 2 else "6",
        }
        with ThreadPoolExecutor(2) as taps:
            sent = [taps.submit(send, "POST", f"/g/{token}/hands", form) for _ in "ab"]
        assert [tap.result()[0] for tap in sent] == [303, 303]
    db = store.connect(live_app.config["DATABASE"])
    assert len(hands_of(db, token)) == 10
    db.close()


@pytest.mark.parametrize(
    ("error", "said"),
    [("database or disk is full", "disk is full"), ("database is locked", "server is busy")],
)
def test_a_read_that_meets_a_full_or_busy_database_answers_503(app, monkeypatch, error, said):
    app.testing = False  # errors reach the error pages, as when served

    def failing(*_args, **_kwargs):
        raise sqlite3.OperationalError(error)

    monkeypatch.setattr(service.kitchen, "game_page", failing)  # the game page's one read
    response = app.test_client().get("/g/some-game")
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert said in response.get_data(as_text=True)
