"""The club's order and the two roads (docs/stats.md "Order"): nights on one day by their
creation, night 9 before night 10; an undated night on the day it was created; exactly tied
people by name; the database and the nights' event files give the same numbers."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper import service
from scorekeeper.service import club_night, memory
from scorekeeper.service.memory import club as memory_club
from scorekeeper.service.memory import keeper as memory_keeper
from scorekeeper.stats import Scheme
from tests.service.club_night.clubs import finish
from tests.service.memory.memory_club import night


@pytest.fixture
def db(tmp_path):
    memory.clear_caches()
    database = service.connect(tmp_path / "club.sqlite")
    service.migrate(database)
    yield database
    database.close()
    memory.clear_caches()


def _set_created(db, event, when: str) -> None:
    """When the event was created (tests only: a night made at another time of the day)."""
    with db.conn:
        db.conn.execute("update events set created_at = ? where id = ?", (when, event.id))


def _night_of(label: str) -> str:
    return label.split(",")[0]


def test_nights_on_one_day_count_in_the_order_they_were_made_nine_before_ten(db):
    for i in range(8):  # ids 1 to 8: nights never played
        club_night.create_event(
            db, club_night.EventSettings(name=f"Empty {i + 1}", date="2026-02-01")
        )
    rng = random.Random(5)
    nine = night(db, rng, "Night 9", "2026-03-06", "teams")
    ten = night(db, rng, "Night 10", "2026-03-06", "teams")
    assert (nine.id, ten.id) == (9, 10)
    _set_created(db, nine, "2026-03-01T10:00:00+00:00")  # made in the same second
    _set_created(db, ten, "2026-03-01T10:00:00+00:00")
    club = memory.load_club(db)
    order = [_night_of(g.label) for g in club.games]
    assert order == ["Night 9"] * 4 + ["Night 10"] * 4
    # the ratings are rated in that order: each person's history lists night 9 first
    ladder = memory_club.club_ladder(club)
    for changes in ladder.history.values():
        nights = [_night_of(c.label) for c in changes]
        assert nights == sorted(nights, key=lambda n: int(n.split()[1]))
    # a season's "earlier night" (best 1 of two nights with equal points) is night 9
    token = memory.keeper_link(db)
    sid = memory_keeper.create_season(
        db, token, "March", "2026-03-01", "2026-03-31", None, Scheme("win", best_of=1)
    )
    page = memory.season_page(db, memory.reader_link(db), sid)
    assert [name for _, name in page.events] == ["Night 9", "Night 10"]
    for line in page.lines:
        counted = [f.label for f, _ in line.row.counted]
        dropped = [f.label for f, _ in line.row.dropped]
        if line.row.counted[0][1] == line.row.dropped[0][1]:  # level: the earlier night counts
            assert (counted, dropped) == (["Night 9"], ["Night 10"]), line.name


def _export(db, evs, tmp_path) -> list[tuple[str, str]]:
    return [(f"night-{e.id}.json", club_night.export_text(db, e)) for e in evs]


def test_the_database_and_the_event_files_give_one_ladder_season_and_players(db, tmp_path):
    """Two nights on one day (the files given as a shell's night-*.json lists them: night-10
    before night-9), an undated night, and partners exactly level whose person ids run
    against their names."""
    rng = random.Random(3)
    first = club_night.create_event(db, club_night.EventSettings(name="Night 1", date="2026-03-06"))
    for pair in (["Zed", "Amy"], ["Bob", "Cy"]):  # Zed gets the lower person id
        club_night.register(db, first, pair)
    club_night.seat_next_round(db, first)
    finish(db, club_night.overview(db, first).current.tables[0], 9)
    club_night.close_round(db, first, 1)
    evs = [first]
    for i in range(2, 10):
        evs.append(
            club_night.create_event(db, club_night.EventSettings(name=f"Empty {i}", date=""))
        )
    nine = night(db, rng, "Night 9", "2026-03-06", "teams")
    ten = night(db, rng, "Night 10", "2026-03-06", "progressive")
    undated = night(db, rng, "Night 11", "", "teams")
    _set_created(db, first, "2026-03-06T17:00:00+00:00")
    _set_created(db, nine, "2026-03-06T18:00:00+00:00")
    _set_created(db, ten, "2026-03-06T20:00:00+00:00")
    _set_created(db, undated, "2026-03-20T19:00:00+00:00")  # played after the others
    files = _export(db, [*evs, nine, ten, undated], tmp_path)
    files = sorted(files)  # night-1, night-10, night-11, night-2, ..., night-9: as a glob lists
    memory.clear_caches()
    from_db = json.loads(memory.ladder_report(db, [], "json"))
    from_files = json.loads(memory.ladder_report(None, files, "json"))
    assert from_db == from_files
    names = [r["name"] for r in from_db["ladder"]]
    assert names.index("Amy") == names.index("Zed") - 1  # level partners: by name
    club = memory.load_club(db)
    assert _night_of(club.games[-1].label) == "Night 11"  # undated: on the day it was made
    for who in ("Amy", "Zed", "Ann"):
        a = json.loads(memory.player_report(db, [], who, "json"))
        b = json.loads(memory.player_report(None, files, who, "json"))
        assert a == b, who
    scheme = Scheme("place", (6, 3, 1), min_events=2)
    token = memory.keeper_link(db)
    ids = [e.id for e in (first, nine, ten, undated)]
    memory_keeper.create_season(db, token, "All", None, None, ids, scheme)
    memory.clear_caches()
    a = json.loads(memory.season_report(db, [], "All", None, "json"))
    played = [f for f in files if f[0] in {f"night-{i}.json" for i in ids}]
    b = json.loads(memory.season_report(None, played, "All", scheme, "json"))
    assert a["standings"] == b["standings"]
    assert [e["name"] for e in a["events"]] == ["Night 1", "Night 9", "Night 10", "Night 11"]
    assert [e["name"] for e in b["events"]] == [e["name"] for e in a["events"]]


def test_an_event_file_keeps_when_the_event_was_created_through_an_import(db):
    rng = random.Random(1)
    ev = night(db, rng, "Night 1", "", "teams", rounds=1)
    _set_created(db, ev, "2026-03-06T18:00:00+00:00")
    text = club_night.export_text(db, ev)
    assert json.loads(text)["event"]["created"] == "2026-03-06T18:00:00+00:00"
    copy_ = club_night.import_event(db, text)
    assert copy_.created_at == "2026-03-06T18:00:00+00:00"
    bad = json.loads(text)
    bad["event"]["created"] = "yesterday"
    with pytest.raises(service.EventRefused, match="event.created"):
        club_night.import_event(db, json.dumps(bad))


def test_a_shared_place_recounted_by_hand_from_the_event_file(db):
    """A night with no tie-breakers: two teams win a table each and share first ("=1"), the
    other two share third. By hand from the file, under 6,3,1: 6 for each winner's member, 1
    for each loser's; the database and the file say so."""
    event = club_night.create_event(
        db, club_night.EventSettings(name="Shared", date="2026-03-06", rounds=1, tiebreakers=())
    )
    for pair in (["Ann", "Cy"], ["Bob", "Di"], ["Eve", "Gus"], ["Fay", "Hal"]):
        club_night.register(db, event, pair)
    club_night.seat_next_round(db, event)
    for table in club_night.overview(db, event).current.tables:
        finish(db, table, 9)
    club_night.close_round(db, event, 1)
    text = club_night.export_text(db, event)
    view = club_night.view_of_file(text)
    labels = {row.place_label for row in view.standings}
    assert labels == {"=1", "=3"}
    by_hand = {}
    for row in view.standings:
        for name in view.by_id[row.entrant].members:
            by_hand[name] = {"=1": 6, "=3": 1}[row.place_label]
    scheme = Scheme("place", (6, 3, 1))
    memory_keeper.create_season(db, memory.keeper_link(db), "One", None, None, [event.id], scheme)
    memory.clear_caches()
    for report in (
        memory.season_report(db, [], "One", None, "json"),
        memory.season_report(None, [("night.json", text)], "One", scheme, "json"),
    ):
        rows = json.loads(report)["standings"]
        assert {r["name"]: r["points"] for r in rows} == by_hand
        assert {r["place"] for r in rows} == {"=1", "=5"}  # four level on 6, four on 1
        assert all("(=1st Shared)" in r["why"] or "(=3rd Shared)" in r["why"] for r in rows)
