"""Pieces of pages kept once rendered (web/fragments.py, web/urls.py): what is kept is exactly
what would be rendered now.

Each keeps a piece under everything it shows, so the danger is a key that leaves something out:
two pieces that differ only there would share one rendering. These render many different
pieces through one shared cache (hands of the same number in hundreds of games, pads of the
same name under many rules and taps, addresses from several places) and compare each with a
rendering made afresh.
"""

from __future__ import annotations

import random
import re

import pytest
from flask import render_template, url_for

from scorekeeper import service, store
from scorekeeper.rules import GameError, dump_game, score_game
from scorekeeper.rules.sample import random_game
from scorekeeper.web.kitchen import fragments
from scorekeeper.web.kitchen.game_page import entry_for
from scorekeeper.web.kitchen.hand_form import HandForm
from scorekeeper.web.urls import cached_url_for


def _games(seed: int, count: int):
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = random_game(rng, rng.choice([1, 3, 8, 15, 30]))
        try:
            sheet = score_game(game)
        except GameError:
            continue
        made += 1
        yield rng, game, sheet


def test_a_sheet_of_kept_rows_is_the_sheet_rendered_whole(app, db):
    stored = []
    for _, game, sheet in _games(7, 250):
        data = dump_game(game)
        record = store.create_game(db, data, finished=sheet.finished, winner=sheet.winner)
        stored.append(record.edit_token)
    with app.test_request_context("/"):
        for token in stored:
            current = service.kitchen.open_game(db, token)
            for links in (True, False):
                kept = fragments.sheet_html(current, edit_links=links)
                whole = render_template(
                    "_sheet.html",
                    sheet=current.sheet,
                    game=current.game,
                    printing=False,
                    edit_token=token if links else None,
                )
                assert str(kept) == whole, (token, links)
        assert len(fragments._rows) > 1000  # rows of one number in many games were kept


def test_a_kept_pad_is_the_pad_rendered_now(app):
    with app.test_request_context("/"):
        macro = app.jinja_env.get_template("kitchen/games/_pad.html").module.pad
        compared = 0
        for rng, game, sheet in _games(11, 250):
            if sheet.finished:
                continue
            dealer = sheet.next_dealer
            bids = entry_for(game, len(game.hands) + 1, dealer, step="bids", sheet=sheet)
            nils = {p: rng.choice(("nil", "blind nil")) for p in game.players if rng.random() < 0.3}
            tricks = entry_for(game, len(game.hands) + 1, dealer, nils, step="tricks", sheet=sheet)
            for pad in [*bids.bids, *tricks.trick_pads, *tricks.nil_pads]:
                values = [v for v, _ in pad.choices]
                chosen = rng.choice([*values, "", "nope"])
                error = rng.choice([None, None, "Choose one.", "Too many."])
                form = HandForm(values={pad.name: chosen} if chosen else {})
                if error:
                    form.errors[pad.name] = error
                rules = game.rules
                win, loss = rules.blind_win_multiplier, rules.blind_loss_multiplier
                fresh = macro(pad, form.get(pad.name), error, win, loss)
                assert fragments.pad_html(pad, form, rules) == fresh, pad
                compared += 1
        assert compared > 1000


@pytest.mark.parametrize("root", ["", "/club", "/other/prefix"])
def test_a_kept_address_is_the_address_built_now(app, root):
    asks = [
        ("static", {"filename": "style.css"}),
        ("games.show", {"token": "abc"}),
        ("games.show", {"token": "abc", "_anchor": "now"}),
        ("games.show", {"token": "abc", "step": "tricks", "hand_no": 3}),
        ("share.view", {"view_token": "xyz", "_external": True}),
        ("share.game_chart", {"token": "abc", "v": 7}),
        ("home.index", {}),
    ]
    for host in ("scores.local", "192.168.1.20:8000"):
        base = f"http://{host}"
        with app.test_request_context("/", base_url=base + root):
            for endpoint, values in asks:
                # twice: built, then kept
                assert cached_url_for(endpoint, **values) == url_for(endpoint, **values)
                assert cached_url_for(endpoint, **values) == url_for(endpoint, **values)
            external = cached_url_for("share.view", view_token="xyz", _external=True)
            assert external.startswith(f"{base}{root}/")


# --- the game page kept per version, with its slots filled per request --------------------------

HAND = {
    "bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "3",
    "ttricks-0": "7", "ttricks-1": "6",
}  # fmt: skip


def _started(client) -> str:
    page = client.get("/games/new").get_data(as_text=True)
    names = {f"player-{i}": n for i, n in enumerate(["Ann", "Bob", "Cy", "Di"])}
    data = {"csrf_token": _csrf(page), "submission": _ids(page)[0], **names}
    return client.post("/games/new", data=data).headers["Location"].rsplit("/", 1)[1]


def _csrf(page: str) -> str:
    return re.search(r'name="?csrf_token"? value="([^"]+)"', page).group(1)


def _ids(page: str) -> list[str]:
    return re.findall(r'name="?submission"? value="?([\w-]+)', page)


def test_a_kept_game_page_carries_this_requests_token_and_fresh_ids(csrf_app):
    client = csrf_app.test_client()
    token = _started(client)
    page = client.get(f"/g/{token}").get_data(as_text=True)
    tricks = client.get(f"/g/{token}?step=tricks&hand_no=1&" + _bids()).get_data(as_text=True)
    form = {"csrf_token": _csrf(tricks), "version": "1", "submission": _ids(tricks)[0], **HAND}
    assert client.post(f"/g/{token}/hands", data=form).status_code == 303
    pages = [client.get(f"/g/{token}").get_data(as_text=True) for _ in range(2)]  # one kept
    for html in [page, tricks, *pages]:
        assert "slot:" not in html
        tokens = set(re.findall(r'name="?csrf_token"? value="([^"]+)"', html))
        assert len(tokens) == 1  # the hand form's, Undo's and Rematch's: this request's own
    ids = [_ids(html) for html in pages]
    assert len(ids[0]) >= 2 and len(set(ids[0] + ids[1])) == len(ids[0]) + len(ids[1])
    # another phone with the link gets the kept page with its own session's token: its Undo works
    other = csrf_app.test_client()
    theirs = other.get(f"/g/{token}").get_data(as_text=True)
    assert "slot:" not in theirs and set(_ids(theirs)).isdisjoint(ids[0] + ids[1])
    undo = re.search(r'action="([^"]+/undo)"', theirs).group(1)
    sent = {"csrf_token": _csrf(theirs), "version": "2", "submission": _undo_id(theirs)}
    assert other.post(undo, data=sent).status_code == 303
    assert "Hand 1: bids" in other.get(f"/g/{token}").get_data(as_text=True)


def _bids() -> str:
    return "&".join(f"{k}={v}" for k, v in HAND.items() if k.startswith("bid-"))


def _undo_id(page: str) -> str:
    form = page[page.index("/undo") :]
    return re.search(r"name=submission value=([\w-]+)", form).group(1)


def test_a_note_left_by_a_redirect_shows_once_on_a_kept_page(client):
    token = _started(client)
    form = {"version": "1", "submission": "abcdefghijklmnop", **HAND}
    assert client.post(f"/g/{token}/hands", data=form).status_code == 303
    client.get(f"/g/{token}")  # the version's page is kept
    again = client.post(f"/g/{token}/hands", data=form)  # the same form sent again
    assert again.status_code == 303
    first = client.get(again.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 was already saved" in first
    assert "already saved" not in client.get(f"/g/{token}").get_data(as_text=True)


def test_a_kept_game_page_does_not_render_its_sheet_again(client, monkeypatch):
    """The sheet is made only when the page is (web/fragments.py Later): the page kept at a
    version holds it, so asking again (the tricks step, a reload) renders no sheet."""
    from scorekeeper.web.kitchen import game_page

    token = _started(client)
    made = []
    real = game_page.sheet_html
    monkeypatch.setattr(game_page, "sheet_html", lambda *a, **k: made.append(1) or real(*a, **k))
    first = client.get(f"/g/{token}").get_data(as_text=True)
    assert len(made) == 1 and 'class="sheet' in first
    again = client.get(f"/g/{token}").get_data(as_text=True)
    tricks = client.get(f"/g/{token}?step=tricks&hand_no=1&" + _bids()).get_data(as_text=True)
    assert len(made) == 1
    assert again.split('aria-label="Score sheet">')[1].split("</div>")[0] in tricks


def test_a_kept_hand_form_is_filled_in_for_each_request_alone(client):
    """The pads of a version are made once; the bids each tricks step carries are its own."""
    token = _started(client)
    first = client.get(f"/g/{token}?step=tricks&hand_no=1&" + _bids()).get_data(as_text=True)
    other = "bid-0=5&bid-1=2&bid-2=2&bid-3=4"
    second = client.get(f"/g/{token}?step=tricks&hand_no=1&{other}").get_data(as_text=True)
    hidden = re.compile(r'type=hidden name=(bid-\d) value="([^"]*)"')
    assert dict(hidden.findall(first)) == {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "3"}
    assert dict(hidden.findall(second)) == {"bid-0": "5", "bid-1": "2", "bid-2": "2", "bid-3": "4"}
    bids = client.get(f"/g/{token}").get_data(as_text=True)
    assert hidden.findall(bids) == [] and "Hand 1: bids" in bids


# --- the page cache's rule: a kept template reads nothing of the request ----------------------
#
# The game page (games/show.html and what it extends and includes), the sheet and its rows, and
# the tap pads are rendered once and kept (web/fragments.py), so a template among them that read
# the request, the session, ``g`` or a context processor's value would freeze the first
# request's value for every later one. What differs per request comes through a slot
# (the CSRF token, the one-time ids, the hand form, the notes) or a part of the cache's key.

KEPT = ("kitchen/games/show.html", "_sheet.html", "_sheet_row.html", "kitchen/games/_pad.html")
SLOTTED = {"csrf_token", "new_submission", "hand_form_html", "notes_html"}


def kept_templates(env, names=KEPT) -> set[str]:
    """The kept templates and every template they extend, include or import."""
    from jinja2 import meta

    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        source = env.loader.get_source(env, name)[0]
        todo.extend(r for r in meta.find_referenced_templates(env.parse(source)) if r)
    return seen


def per_request_names(app) -> set[str]:
    """What a template could read of one request: Flask's request, session and g, and every
    context processor's value, but those the kept page fills in a slot."""
    names = {"request", "session", "g"}
    with app.test_request_context("/"):
        for processors in app.template_context_processors.values():
            for processor in processors:
                names |= set(processor())
    return names - SLOTTED


def reads_of_the_request(app, source: str) -> set[str]:
    """The per-request names ``source`` reads. Parsed by a bare environment: the app's own
    counts its globals (Flask's ``request``, ``session``, ``g`` among them) as declared."""
    from jinja2 import Environment, meta

    bare = Environment(extensions=list(app.jinja_env.extensions))
    bare.filters.update(app.jinja_env.filters)
    bare.tests.update(app.jinja_env.tests)
    parsed = bare.parse(source)
    return meta.find_undeclared_variables(parsed) & per_request_names(app)


def test_no_kept_template_reads_the_request_the_session_g_or_a_context_processor(app):
    env = app.jinja_env
    templates = kept_templates(env)
    assert {"base.html", "kitchen/games/show.html", "_sheet_row.html"} <= templates
    found = {
        name: sorted(reads)
        for name in sorted(templates)
        if (reads := reads_of_the_request(app, env.loader.get_source(env, name)[0]))
    }
    assert not found, f"kept templates read per-request values (use a slot or the key): {found}"


def test_the_request_reader_finds_a_read(app):
    assert reads_of_the_request(app, "{{ request.path }} {{ session.x }} {{ g.y }}") == {
        "request", "session", "g",
    }  # fmt: skip
    assert reads_of_the_request(app, "{{ csrf_meta_tag() }}") == {"csrf_meta_tag"}
    assert reads_of_the_request(app, "{{ csrf_token() }} {{ sheet.winner }}") == set()
