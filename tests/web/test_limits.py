"""Limits per address on what creates (issue 34): new games, imports, new events, printed
sheets; a table's saves never. The limit reached answers 429 with the app's own page saying when
to try again; the settings change each limit; RATELIMIT_ENABLED turns them off."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.web import limits
from tests.conftest import make_app
from tests.helpers import FOUR, game_file
from tests.web.club_night.test_events_web import event_form

LIMITED = {"RATELIMIT_ENABLED": True, "WTF_CSRF_ENABLED": False}


def limited_client(tmp_path, **config):
    return make_app(tmp_path, **{**LIMITED, **config}).test_client()


def start(client, address="192.0.2.1", names=FOUR, **request):
    """The new game form, sent from ``address``."""
    data = {f"player-{i}": n for i, n in enumerate(names)}
    return client.post("/games/new", data=data, environ_base={"REMOTE_ADDR": address}, **request)


def new_game(client, address="198.51.100.7") -> str:
    started = start(client, address)
    assert started.status_code == 303
    return started.headers["Location"].rsplit("/", 1)[1]


def import_one(client, address="192.0.2.1"):
    return client.post("/games/import", data={"text": json.dumps(game_file())},
                       environ_base={"REMOTE_ADDR": address})  # fmt: skip


def new_event(client, address="192.0.2.1"):
    return client.post("/events/new", data=event_form(), environ_base={"REMOTE_ADDR": address})


def sheet(client, token, address="192.0.2.1"):
    return client.get(f"/g/{token}/sheet.pdf", environ_base={"REMOTE_ADDR": address})


# Each kind: its setting, one creation from an address, and what counts as made.
KINDS = [
    ("RATELIMIT_GAMES", lambda c, token, a: start(c, a), 303),
    ("RATELIMIT_IMPORTS", lambda c, token, a: import_one(c, a), 303),
    ("RATELIMIT_EVENTS", lambda c, token, a: new_event(c, a), 303),
    ("RATELIMIT_PDFS", lambda c, token, a: sheet(c, token, a), 200),
]
IDS = ["games", "imports", "events", "pdfs"]


@pytest.mark.parametrize(("setting", "make", "made"), KINDS, ids=IDS)
def test_the_limit_reached_answers_429_with_the_apps_page_saying_when(tmp_path, setting, make,
                                                                      made):  # fmt: skip
    client = limited_client(tmp_path, **{setting: "2 per hour"})
    token = new_game(client)
    assert [make(client, token, "192.0.2.1").status_code for _ in range(2)] == [made, made]
    refused = make(client, token, "192.0.2.1")
    assert refused.status_code == 429
    page = refused.get_data(as_text=True)
    assert '<link rel="stylesheet"' in page and "Spades Scorekeeper</title>" in page  # its look
    assert re.search(r"Too many [a-z ]+ from here", page)
    assert re.search(r"at most 2 [a-z ]+ an hour for one address", page), page
    assert re.search(r"try again in (59|60) minutes \(at \d\d:\d\d UTC\)", page), page
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3601
    assert make(client, token, "192.0.2.2").status_code == made  # another address: its own


def test_a_tables_saves_are_never_limited(tmp_path):
    """Every limit at its lowest: a table saves hand after hand, from the one address a venue's
    Wi-Fi gives every phone."""
    client = limited_client(tmp_path, **{setting: "1 per day" for setting, *_ in KINDS})
    token = new_game(client, "127.0.0.1")
    for _ in range(6):  # a game to 500: over after eight such hands
        page = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
        version = re.search(r'name="?version"? value="(\d+)"', page).group(1)
        hand = {"version": version, "bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "2",
                "ttricks-0": "7", "ttricks-1": "6"}  # fmt: skip
        assert client.post(f"/g/{token}/hands", data=hand).status_code == 303
    assert start(client, "127.0.0.1").status_code == 429  # the day's one new game was taken


def test_a_refused_form_costs_nothing(tmp_path):
    client = limited_client(tmp_path, RATELIMIT_GAMES="1 per hour")
    for _ in range(3):
        assert start(client, "127.0.0.1", names=("Ann", "Ann", "", "")).status_code == 422
    assert start(client, "127.0.0.1").status_code == 303


def test_the_setting_changes_the_limit(tmp_path):
    low = limited_client(tmp_path / "low", RATELIMIT_GAMES="1 per minute")
    assert [start(low).status_code for _ in range(2)] == [303, 429]
    high = limited_client(tmp_path / "high", RATELIMIT_GAMES="5 per minute")
    assert [start(high).status_code for _ in range(6)] == [303] * 5 + [429]


def test_the_off_switch(tmp_path):
    client = limited_client(tmp_path, RATELIMIT_ENABLED=False, RATELIMIT_GAMES="1 per hour")
    assert {start(client).status_code for _ in range(5)} == {303}


def test_the_defaults_are_on_with_a_limit_for_every_kind(tmp_path):
    app = make_app(tmp_path, RATELIMIT_ENABLED=True)
    for setting, *_ in KINDS:
        assert re.fullmatch(r"\d+ per (minute|hour|day)", app.config[setting])
    assert app.config["RATELIMIT_STORAGE_URI"] == "memory://"


def test_behind_a_trusted_proxy_each_visitor_is_counted_apart(tmp_path):
    """With PROXY_FIX the address is the visitor's (X-Forwarded-For); without it, the proxy's:
    every visitor behind it shares one count (what the docs warn of)."""
    behind = limited_client(tmp_path / "fixed", PROXY_FIX=1, RATELIMIT_GAMES="1 per hour")
    for who in ("203.0.113.9", "203.0.113.10"):
        assert start(behind, "127.0.0.1", headers={"X-Forwarded-For": who}).status_code == 303
    plain = limited_client(tmp_path / "plain", RATELIMIT_GAMES="1 per hour")
    answers = [start(plain, "127.0.0.1", headers={"X-Forwarded-For": who}).status_code
               for who in ("203.0.113.9", "203.0.113.10")]  # fmt: skip
    assert answers == [303, 429]


def test_every_route_that_creates_is_limited_and_no_save_is(tmp_path):
    """The table of limited routes names real routes, takes in every printed sheet (a .pdf)
    and every new-something form, and leaves the table's and the director's saves out."""
    app = make_app(tmp_path)
    rules = {rule.rule for rule in app.url_map.iter_rules()}
    assert set(limits.LIMITED) <= rules
    creating = {r for r in rules if r.endswith(".pdf") or r.endswith(("/new", "/import"))}
    assert creating <= set(limits.LIMITED)
    assert not [r for r in limits.LIMITED if "/hands" in r or r.startswith(("/e/", "/k/"))
                and not r.endswith(".pdf")]  # fmt: skip


def test_every_limit_setting_is_in_the_readmes_configuration_table(tmp_path):
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    table = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    settings = [k for k in make_app(tmp_path).config if k.startswith("RATELIMIT_")]
    assert len(settings) == 6
    for setting in settings:
        assert f"| `SCOREKEEPER_{setting}` |" in table, setting
