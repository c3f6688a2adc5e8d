"""Pages many phones poll, rendered once a version and served again (scorekeeper/web/rendered.py,
issue 25): an ETag and 304 for a page a phone already has, gzip for phones on a venue's Wi-Fi,
no template drawn again while nothing changed, and the version the room polls held a few
seconds however many tables save."""

from __future__ import annotations

import gzip
import threading

import pytest
from flask import template_rendered

from scorekeeper.service import club_night
from tests.conftest import make_app
from tests.service.club_night.clubs import event_with, play
from tests.web.club_night.test_projector import statements


@pytest.fixture
def seated(db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    return event, rnd


def renders(app):
    """The templates rendered through Flask while the returned list is kept."""
    seen: list[str] = []

    def note(_sender, template, context, **_extra):
        seen.append(template.name)

    template_rendered.connect(note, app)
    return seen


PAGES = ["/p/{public}", "/p/{public}/screen", "/p/{public}/screen?seconds=30"]


@pytest.mark.parametrize("path", PAGES)
def test_a_page_a_phone_already_has_is_answered_304_without_a_body(client, seated, path):
    event, _ = seated
    url = path.format(public=event.public_token)
    first = client.get(url)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag.startswith('W/"')
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == tag
    assert "Content-Security-Policy" in again.headers


def test_a_saved_hand_gives_the_page_a_new_etag(client, db, seated):
    event, rnd = seated
    url = f"/p/{event.public_token}"
    tag = client.get(url).headers["ETag"]
    play(db, rnd.tables[0], 7)
    after = client.get(url, headers={"If-None-Match": tag})
    assert after.status_code == 200 and after.headers["ETag"] != tag
    assert "1 hand played" in after.get_data(as_text=True)


def test_the_page_is_gzip_compressed_for_a_browser_that_takes_it(client, seated):
    event, _ = seated
    url = f"/p/{event.public_token}"
    plain = client.get(url)
    packed = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2


def test_a_page_asked_again_at_the_same_version_draws_no_template(app, client, seated):
    event, _ = seated
    for url in (f"/p/{event.public_token}", f"/e/{event.director_token}/live"):
        client.get(url)
        drawn = renders(app)
        assert client.get(url).status_code == 200
        assert drawn == [], url


def test_the_console_live_part_is_kept_per_session_and_its_forms_still_post(csrf_app, db, seated):
    event, _ = seated
    one, two = csrf_app.test_client(), csrf_app.test_client()
    url = f"/e/{event.director_token}/live"
    first, again = one.get(url), one.get(url)
    assert first.data == again.data and first.headers["Cache-Control"] == "no-store"
    other = two.get(url)
    assert other.data != first.data  # another browser's forms carry its own CSRF token
    token = first.get_data(as_text=True).split('name="csrf_token" value="')[1].split('"')[0]
    number = club_night.open_director(db, event.director_token).version
    sent = one.post(
        f"/e/{event.director_token}/round-minutes",
        data={"csrf_token": token, "round_minutes": "40", "version": str(number)},
    )
    assert sent.status_code == 303  # the kept page's token is this session's, still good
    assert club_night.open_director(db, event.director_token).round_minutes == 40


def test_the_version_the_room_polls_is_held_for_a_few_seconds(db, seated):
    event, rnd = seated
    token = event.public_token
    before = club_night.polled_version(db, token, hold=5, now=100.0)
    play(db, rnd.tables[0], 7)
    assert club_night.polled_version(db, token, hold=5, now=104.9) == before
    assert club_night.event_page(db, token, hold=5, now=104.9).version == before
    after = club_night.polled_version(db, token, hold=5, now=105.0)
    assert after != before and after == club_night.public_version(db, token)
    shown = club_night.event_page(db, token, hold=5, now=105.0).view.current
    assert shown is not None and "1 hand played" in shown.tables[0].status


def test_polls_held_cost_no_query(tmp_path, db, seated):
    event, rnd = seated
    app = make_app(tmp_path, PUBLIC_HOLD_SECONDS=3600)
    client = app.test_client()
    url = f"/p/{event.public_token}/version.json"
    first = client.get(url).get_json()["version"]
    client.get(f"/p/{event.public_token}")
    play(db, rnd.tables[0], 7)
    with statements(app) as seen:
        assert client.get(url).get_json()["version"] == first
        assert client.get(f"/p/{event.public_token}").status_code == 200
    assert seen == []


def test_phones_that_miss_a_page_together_wait_for_its_one_rendering(monkeypatch):
    """The second thread misses the page while the first is still rendering it: it waits for
    that rendering and sends what it kept, instead of rendering the same page again."""
    from scorekeeper.web.club_night import rendered

    rendered.clear()
    kept, misses, started, release = rendered._kept, [], threading.Event(), threading.Event()

    class Watched:
        def get(self, key):
            found = kept.get(key)
            if found is None:
                misses.append(threading.current_thread().name)
            return found

        def put(self, key, value):
            kept.put(key, value)

    monkeypatch.setattr(rendered, "_kept", Watched())
    renders = []

    def render():
        renders.append(threading.current_thread().name)
        started.set()
        release.wait(30)
        return "<p>the standings</p>" * 100

    pages = []
    first = threading.Thread(target=lambda: pages.append(rendered.kept_or_rendered("k", render)))
    first.start()
    assert started.wait(30)
    second = threading.Thread(
        target=lambda: pages.append(rendered.kept_or_rendered("k", render)), name="second"
    )
    second.start()
    for _ in range(30_000):  # until the second thread has missed the page (30 s at most)
        if "second" in misses:
            break
        threading.Event().wait(0.001)
    release.set()
    first.join(30)
    second.join(30)
    assert len(renders) == 1 and len(pages) == 2 and pages[0] is pages[1]
    assert gzip.decompress(pages[0].gzipped) == pages[0].body
