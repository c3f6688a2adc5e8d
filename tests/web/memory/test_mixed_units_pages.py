"""The kitchen Stats page and the club's player page agree with a count by hand
(tests/stats/mixed_games.py): a standard game and a Call Break game at the kitchen table (the
tenths in a table of their own, never added to whole points; Call Break's tricks over the call
no bags), and the standard game as a club table (a club's tables never score in tenths)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.service import EventRefused, kitchen, memory
from scorekeeper.service import club_night as events
from tests.helpers import remember, store_game
from tests.stats.mixed_games import BY_HAND, CALL_BREAK, STANDARD


def _rows(html: str, table_class: str) -> dict[str, list[str]]:
    table = re.search(rf'<table class="[^"]*{table_class}[^"]*".*?</table>', html, re.S)
    assert table, table_class
    rows = {}
    for row in re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", table.group(0), re.S):
        name, rest = row.split("</th>", 1)
        rows[name] = [unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rest, re.S)]
    return rows


def test_the_kitchen_stats_of_a_standard_and_a_call_break_game_are_the_count_by_hand(app, db):
    client = app.test_client()
    a, b = store_game(db, STANDARD), store_game(db, CALL_BREAK)
    remember(db, client, a.edit_token, b.edit_token)
    html = client.get("/stats").get_data(as_text=True)
    main, tenths = _rows(html, "stats-table"), _rows(html, "tenths-table")
    for person, (games, won, pf, pa, tf, ta, bags, *_) in BY_HAND.items():
        # games, won, win %, for, against, nils, blind nils, bags a hand (3 standard hands)
        win = f"{100 * won // games}%"
        assert main[person][:5] == [str(games), str(won), win, str(pf), str(pa)], person
        assert main[person][7] == f"{bags / 3:.2f}", person
        tenths_won = int(person == "Cy")
        assert tenths[person] == ["1", str(tenths_won), f"{tf:.2f}", f"{ta:.2f}"], person
    assert "never added to whole points" in html


@pytest.fixture
def club_night(db):
    """The standard game played as a club table: Ann & Cy against Bob & Di, 3 hands."""
    memory.clear_caches()
    event = events.create_event(
        db, events.EventSettings(name="Night", date="2026-05-01", rounds=1, max_hands=3)
    )
    events.register(db, event, ["Ann", "Cy"])
    events.register(db, event, ["Bob", "Di"])
    events.seat_next_round(db, event)
    table = events.overview(db, event).current.tables[0]
    for hand in STANDARD["hands"]:
        kitchen.add_hand(db, kitchen.open_game(db, table.edit_token), hand)
    assert kitchen.open_game(db, table.edit_token).sheet.finished
    yield event
    memory.clear_caches()


@pytest.mark.parametrize("person", sorted(BY_HAND))
def test_a_club_players_page_is_the_count_by_hand(client, club_night, person):
    html = client.get(f"/m/{club_night.public_token}/who/{person}").get_data(as_text=True)
    figures = {
        dt: re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", dd))).strip()
        for dt, dd in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html, re.S)
    }
    _, _, pf, pa, _, _, bags, *_ = BY_HAND[person]
    # the standard game alone: its bids and tricks by hand (Bob's nil hand in neither sum)
    bids = [h["bids"][person] for h in STANDARD["hands"]]
    took = [h["tricks"][person] for h in STANDARD["hands"]]
    numbered = [(b, t) for b, t in zip(bids, took, strict=True) if b != "nil"]
    n = len(numbered)
    average_bid = sum(b for b, _ in numbered) / n
    average_tricks = sum(t for _, t in numbered) / n
    assert figures["Points for / game"] == f"{pf:.2f}"
    assert figures["Points against / game"] == f"{pa:.2f}"
    assert figures["Bags / hand"] == f"{bags / 3:.2f}"
    assert figures["Average bid / tricks"] == (
        f"{average_bid:.2f} / {average_tricks:.2f} (over the {n} hand{'s' * (n != 1)} bid a number)"
    )


def test_a_club_night_of_call_break_is_refused_so_the_club_pages_count_whole_points(db):
    """Why the club pages hold no tenths: an event under rules that score in tenths is refused
    (its tables' points would be added up with whole points in standings and the memory)."""
    with pytest.raises(EventRefused, match="score in tenths"):
        events.create_event(db, events.EventSettings(name="CB", rules="call-break"))
