"""Every number in a URL has a range: each route that takes an ``<int:...>`` answers a number
past what the database holds (2**63, 2**64, a hundred digits) or below zero with a 404 or a
clear page, never a 500, reached with real links so the request gets as far as it can."""

from __future__ import annotations

import re

import pytest

from scorekeeper.service import club_night, memory
from tests.helpers import game_file, store_game
from tests.service.club_night.clubs import finish

HUGE = [str(2**63), str(2**64), "9" * 100, "-1"]


@pytest.fixture
def links(app, db):
    """A real link for every kind of token a route takes."""
    event = club_night.create_event(db, club_night.EventSettings(name="Night", date="2026-03-01"))
    for pair in (["Ann", "Cy"], ["Bob", "Di"]):
        club_night.register(db, event, pair)
    club_night.seat_next_round(db, event)
    finish(db, club_night.overview(db, event).current.tables[0], 9)
    game = store_game(db, game_file())
    return {
        "director_token": event.director_token,
        "token": None,  # by route: a game's edit link, the keeper's or the club's reader link
        "game": game.edit_token,
        "keeper": memory.keeper_link(db),
        "reader": memory.reader_link(db),
    }


def _int_routes(app):
    out = []
    for rule in app.url_map.iter_rules():
        ints = [a for a, c in rule._converters.items() if type(c).__name__ == "AsciiInteger"]
        if ints:
            out.append((rule, ints))
    return out


def test_every_int_converter_is_the_bounded_one(app):
    routes = _int_routes(app)
    assert len(routes) >= 20  # the memory's, the console's, the hands', house rules'
    for rule, names in routes:
        for name in names:
            assert rule._converters[name].max == 2**63 - 1, rule.rule


def _token_for(rule: str, links) -> str:
    if rule.startswith("/k/"):
        return links["keeper"]
    if rule.startswith("/m/"):
        return links["reader"]
    return links["game"]


def test_a_number_out_of_range_in_any_url_is_a_404_never_a_500(app, client, links):
    seen = 0
    for rule, names in _int_routes(app):
        for name in names:
            for bad in HUGE:
                path = rule.rule
                for arg in rule.arguments:
                    if arg in names:
                        value = bad if arg == name else "1"
                    elif arg == "director_token":
                        value = links["director_token"]
                    else:
                        value = _token_for(rule.rule, links)
                    path = re.sub(rf"<(?:[a-z]+:)?{arg}>", value, path)
                for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                    answer = client.open(path, method=method)
                    assert answer.status_code in (404, 405), (method, path, answer.status_code)
                    assert b"<h1>" in answer.data  # the app's own page, not a bare error
                    seen += 1
    assert seen >= 80


@pytest.mark.parametrize("n", [str(2**63), str(2**64), str(2**63 - 1), "0"])
def test_undoing_a_merge_of_a_huge_number_is_a_clear_answer(client, links, n):
    answer = client.post(f"/k/{links['keeper']}/merges/{n}/undo")
    assert answer.status_code in (303, 404)
    if answer.status_code == 303:  # a number the database can hold: "no such merge"
        page = client.get(answer.location).get_data(as_text=True)
        assert "That merge is not in the club&#39;s record" in page
