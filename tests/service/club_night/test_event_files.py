"""An event out and in: the event file round-trips, a broken one is refused with where it is
wrong, and the CSV says what a spreadsheet needs (and runs no formula)."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.service import EventRefused, club_night
from scorekeeper.service.club_night import downloads as club_night_downloads
from tests.service.club_night.clubs import event_with, finish, finish_round, play, shown


@pytest.fixture
def night(db):
    """Two rounds closed (one table on paper, a bye each round, a drop, a fixed entrant) and a
    third under way."""
    event = event_with(db, 5, rounds=3, target_score=250)
    club_night.seat_next_round(db, event)
    club_night.enter_paper(db, event, 1, 1, [180, 120], [3, 4])
    finish_round(db, event)
    club_night.fix_entrant(db, event, 3, 2)
    club_night.seat_next_round(db, event)
    finish_round(db, event, took=4)
    club_night.set_active(db, event, 5, False)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    return event


def test_an_event_file_imports_as_a_new_event_that_reads_the_same(db, night):
    text = club_night.export_text(db, night)
    data = json.loads(text)
    assert data["format"] == "spades-scorekeeper-event/1"
    assert night.director_token not in text and night.public_token not in text
    copy_ = club_night.import_event(db, text)
    assert copy_.id != night.id and copy_.director_token != night.director_token
    before, after = club_night.overview(db, night), club_night.overview(db, copy_)
    assert shown(after) == shown(before)
    assert club_night.results_csv(after) == club_night.results_csv(before)
    assert [r.status for r in after.rounds] == ["closed", "closed", "playing"]
    assert {t.edit_token for r in after.rounds for t in r.tables}.isdisjoint(
        {t.edit_token for r in before.rounds for t in r.tables}
    )
    again = json.loads(club_night.export_text(db, copy_))
    assert again["rounds"] == data["rounds"] and again["event"] == data["event"]
    assert db["people"].count == 10  # the same people, found by name


def test_the_file_alone_gives_the_standings(db, night):
    text = club_night.export_text(db, night)
    view = club_night.view_of_file(text)
    assert shown(view) == shown(club_night.overview(db, night))
    printed = club_night.standings_text(view)
    assert printed.startswith("Club night\n2 of 3 rounds closed")
    for row in view.standings:
        assert f"{row.name}: {row.why}" in printed


def _broken(data, change):
    data = copy.deepcopy(data)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(format="other"), "format: must be"),
        (lambda d: d["event"].update(rounds="three"), "event.rounds: a whole number"),
        (lambda d: d["event"].update(format="ladder"), "event.format"),
        (lambda d: d["people"].append(dict(d["people"][0])), "people"),
        (lambda d: d["entrants"][0].update(members=[999, 998]), "no person has id 999"),
        (lambda d: d["entrants"][1].update(members=d["entrants"][0]["members"]), "two entrants"),
        (lambda d: d["entrants"][1].update(id=d["entrants"][0]["id"]), "an id used twice"),
        (lambda d: d["rounds"][1].update(number=5), "rounds count 1, 2, 3"),
        (lambda d: d["rounds"][0]["tables"][0].update(entrants=[1, 77]), "an unknown entrant"),
        (lambda d: d["rounds"][0]["tables"][1].update(number=1), "two tables with one number"),
        (lambda d: d["rounds"][0]["tables"][0]["game"].update(players=["Ann"]), "game"),
        (lambda d: d["rounds"][0]["tables"][0].update(paper={"sides": [{"points": 1}]}), "paper"),
        (lambda d: d["rounds"][1].update(byes=d["rounds"][1]["tables"][0]["entrants"][:1]),
         "already in round 2"),
        # a list where a number belongs: unhashable, once a 500
        (lambda d: d["entrants"][0].update(members=[[1], 2]), r"entrants\[0\]\.members\[0\]"),
        (lambda d: d["rounds"][0].update(byes=[[1]]), r"rounds\[0\]\.byes\[0\]"),
        (lambda d: d["rounds"][0]["tables"][0].update(entrants=[[1]]),
         r"rounds\[0\]\.tables\[0\]\.entrants\[0\]"),
        (lambda d: d["event"].update(name=["Club"]), "event.name"),
        (lambda d: d["event"].update(tiebreakers=[["wins"]]), r"event\.tiebreakers\[0\]"),
        (lambda d: d["event"].update(rules=[1]), "event.rules"),
        (lambda d: d["rounds"][0]["tables"][0].update(seats=[[1]]), "seats"),
        (lambda d: d["rounds"][0]["tables"][0].update(dealer=["Ann"]), "dealer"),
        (lambda d: d["rounds"][0].update(knockout="yes"), "knockout"),
        (lambda d: d["rounds"][0].update(notes=[{}]), "notes"),
        (lambda d: d["people"][0].update(name="Ann\x07"), r"people\[0\]\.name: a name cannot"),
    ],
)  # fmt: skip
def test_a_broken_event_file_is_refused_and_nothing_is_stored(db, night, change, words):
    data = json.loads(club_night.export_text(db, night))
    before = (db["events"].count, db["games"].count)
    with pytest.raises(EventRefused, match=words) as refused:
        club_night.import_event(db, _broken(data, change))
    assert refused.value.message.startswith("This event file is not right:")
    assert (db["events"].count, db["games"].count) == before


@pytest.mark.parametrize("text", ["", "{", "[]", '"x"', "[" * 100_000])
def test_text_that_is_not_an_event_file_is_refused(db, text):
    with pytest.raises(EventRefused, match="not"):
        club_night.import_event(db, text)


def test_the_results_csv_has_a_row_a_side_and_a_row_a_bye(db, night):
    view = club_night.overview(db, night)
    rows = list(csv.DictReader(io.StringIO(club_night.results_csv(view))))
    assert list(rows[0]) == club_night_downloads.RESULT_COLUMNS
    first = [r for r in rows if r["round"] == "1"]
    assert [r["source"] for r in first] == ["paper", "paper", "game", "game", "bye"]
    assert [r["result"] for r in first[:2]] == ["won", "lost"]
    assert (first[0]["points"], first[0]["bags"]) == ("180", "3")
    assert {r["result"] for r in rows if r["round"] == "3"} >= {"playing"}


def test_the_standings_csv_matches_the_standings_and_runs_no_formula(db):
    event = club_night.create_event(db, club_night.EventSettings("Night", format="progressive"))
    for name in ("=SUM(A1)", "+Ann", "@Bob", "Cy"):
        club_night.register(db, event, [name])
    view = club_night.overview(db, event)
    rows = list(csv.DictReader(io.StringIO(club_night.standings_csv(view))))
    assert list(rows[0]) == club_night_downloads.STANDING_COLUMNS
    assert [r["entrant"] for r in rows] == ["'=SUM(A1)", "'+Ann", "'@Bob", "Cy"]
    # level on everything: "=1st: 0 wins, ..." would be a formula without the quote
    assert all(r["place"] == "'=1" and r["why"].startswith("'=1st: 0 wins") for r in rows)


def test_an_imported_finished_event_stays_finished(db):
    event = event_with(db, 2, rounds=1)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    assert store.events.event_by_id(db, event.id).status == "finished"
    copy_ = club_night.import_event(db, club_night.export_text(db, event))
    assert copy_.status == "finished" and club_night.overview(db, copy_).complete


# --- whatever is in the file, the reader answers with where it is wrong -------------------------

LEAVES = st.one_of(
    st.integers(-(10**30), 10**30),
    st.none(),
    st.booleans(),
    st.sampled_from(["", "x", "Ann", "\x00", "\u00b2", "swiss", "closed", "9" * 400, "1.5"]),
    st.text(max_size=8),
    st.lists(st.integers(0, 3), max_size=2),
    st.builds(lambda: [[1]]),  # a new object each draw: one drawn twice must not nest in itself
    st.builds(lambda: {"x": [1]}),
    st.floats(allow_nan=True),
)


def _paths(node, path=()):
    yield path
    if isinstance(node, dict | list):
        for key, child in node.items() if isinstance(node, dict) else enumerate(node):
            yield from _paths(child, (*path, key))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_a_mutated_event_file_is_read_or_refused_with_where_never_another_error(db, night, data):
    base = json.loads(club_night.export_text(db, night))
    mutated = copy.deepcopy(base)
    paths = list(_paths(mutated))[1:]
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        path = data.draw(st.sampled_from(paths), label="where")
        node = mutated
        try:
            for key in path[:-1]:
                node = node[key]
            if data.draw(st.booleans(), label="drop") and isinstance(node, dict):
                node.pop(path[-1], None)
            else:
                node[path[-1]] = data.draw(LEAVES, label="value")
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change replaced what this path went through
    try:
        club_night.read_event_file(json.dumps(mutated))
    except EventRefused as e:
        assert e.message.startswith(("This event file is not right: ", "This is not an event"))


def test_the_standings_csv_says_tables_played_and_byes_apart_from_the_wins(db):
    """Issue 23: a team with a bye read "played 2, wins 3"; the columns now say what they count."""
    event = club_night.create_event(db, club_night.EventSettings("Night", rounds=2, max_hands=1))
    for k in range(3):
        club_night.register(db, event, [f"Ann{k}", f"Bob{k}"])
    rnd = club_night.seat_next_round(db, event)
    finish(db, rnd.tables[0])
    view = club_night.overview(db, event)
    rows = {r["entrant"]: r for r in csv.DictReader(io.StringIO(club_night.standings_csv(view)))}
    (bye,) = [view.name_of(b) for b in rnd.byes]
    assert (rows[bye]["tables_played"], rows[bye]["byes"], rows[bye]["wins_with_byes"]) == (
        "0", "1", "1",
    )  # fmt: skip
    assert list(next(iter(rows.values())))[4:8] == [
        "tables_played", "byes", "wins_with_byes", "losses"
    ]  # fmt: skip
