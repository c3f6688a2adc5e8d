"""The read use cases a club night's pages and files make in one call each: the public and
projector page, the console with the browser's known names, the standings to print, a paper
result's table, a round's packet by the director's link, the event's files, the home page and a
season's CSV. Each gives what the separate reads gave, and refuses an unknown link."""

from __future__ import annotations

from dataclasses import fields

import pytest

from scorekeeper import store
from scorekeeper.service import (
    EventMoved,
    EventNotFound,
    EventRefused,
    event_files,
    events,
    home,
    keeper,
    library,
    memory,
    memory_files,
)
from scorekeeper.stats import Scheme
from tests.helpers import game_file
from tests.service.clubs import event_with, finish, finish_round
from tests.service.memory_club import club as play_club


@pytest.fixture
def night(db):
    """An event of 8 teams in its second round: round 1 closed, round 2 seated, one of its
    tables finished."""
    event = event_with(db, 8, date="2024-05-17")
    events.seat_next_round(db, event)
    finish_round(db, event)
    events.seat_next_round(db, event)
    finish(db, events.overview(db, event).current.tables[0])
    return event


def test_the_public_page_reads_the_event_its_version_view_and_words_in_one_call(db, night):
    page = events.event_page(db, night.public_token)
    assert page.event.id == night.id
    now = events.open_public(db, night.public_token)
    facts = {f.name: getattr(page.event, f.name) for f in fields(page.event)}
    assert facts == {name: getattr(now, name) for name in facts}  # the record's, as they are
    assert page.view.event == page.event
    assert not hasattr(page.event, "director_token")  # a public page holds no director's link
    # not the record's rules or last change (created_at is a fact now: the event file orders
    # nights on one day by it, docs/stats.md)
    assert {"rules", "updated_at"}.isdisjoint(facts)
    assert page.version == events.public_version(db, night.public_token)
    assert page.view is events.overview(db, night)
    assert page.about == events.describe(night)
    with pytest.raises(EventNotFound):
        events.event_page(db, night.director_token)  # the director's link is no public link


def test_the_public_pages_version_moves_with_a_table_game(db, night):
    before = events.event_page(db, night.public_token)
    finish(db, before.view.current.tables[1])
    after = events.event_page(db, night.public_token)
    assert after.version != before.version
    assert after.view.current.tables[1].finished and not before.view.current.tables[1].finished


def test_the_console_gives_the_browsers_known_names_only_when_asked(db, night):
    browser = "b" * 32
    store.create_game(db, game_file(), title="")  # another browser's game: not listed
    library_game = store.create_game(db, game_file(players=["Zed", "Bob", "Cy", "Di"]))
    store.adopt_games(db, browser, [(library_game.edit_token, "2026-01-01T00:00:00+00:00")])
    shown = events.console_view(db, night.director_token, browser, known=True)
    assert shown.known_people == tuple(library.player_names(db, browser))
    assert "Zed" in shown.known_people
    assert events.console_view(db, night.director_token, browser).known_people == ()
    assert events.console_view(db, night.director_token, None, known=True).known_people == ()


@pytest.mark.parametrize(
    "stage, title",
    [
        ("new", "Standings"),
        ("seated", "Standings during round 1 (its finished tables count)"),
        ("closed", "Standings after round 1"),
        ("done", "Final standings"),
    ],
)
def test_the_standings_to_print_say_when_they_stand(db, stage, title):
    event = event_with(db, 4, format="knockout")  # a final after two semi-finals
    if stage != "new":
        events.seat_next_round(db, event)
    if stage in ("closed", "done"):
        finish_round(db, event)
    if stage == "done":
        events.seat_next_round(db, event)
        finish_round(db, event)
    sheet = events.standings_sheet(db, event.director_token)
    view = events.overview(db, event)
    assert sheet.title == title
    assert sheet.name == "Club night" and sheet.event_id == event.id and sheet.date == ""
    assert view.complete == (stage == "done")
    assert sheet.standings == view.standings and sheet.tiebreakers == view.config.tiebreakers
    assert sheet.version == events.public_version(db, event.public_token)
    assert sheet.note.startswith(events.describe(event).format)
    assert ("Champion: " in sheet.note) == (stage == "done")
    if stage == "done":
        assert sheet.note.endswith(f". Champion: {view.champion}")
    with pytest.raises(EventNotFound):
        events.standings_sheet(db, event.public_token)  # only the director's link prints


def test_a_paper_results_table_is_found_or_refused(db, night):
    at = events.paper_table(db, night.director_token, 2, 1)
    assert at.event.id == night.id and at.round.number == 2 and at.table.number == 1
    assert at.current and not events.paper_table(db, night.director_token, 1, 1).current
    for number, table in ((2, 99), (7, 1)):
        with pytest.raises(EventRefused, match=f"Round {number} has no table {table}"):
            events.paper_table(db, night.director_token, number, table)
    with pytest.raises(EventNotFound):
        events.paper_table(db, night.public_token, 2, 1)


def test_a_packet_reads_the_same_by_the_event_or_its_directors_link(db, night):
    by_link = events.packet_data(db, night.director_token, 2)
    by_event = events.packet_data(db, events.open_director(db, night.director_token), 2)
    assert by_link == by_event and by_link.round.number == 2 and by_link.event.id == night.id
    with pytest.raises(EventNotFound):
        events.packet_data(db, night.public_token, 2)


def test_the_events_files_come_with_the_name_and_day_they_are_named_by(db, night):
    view = events.overview(db, night)
    made = {
        event_files.results_file: event_files.results_csv(view),
        event_files.standings_file: event_files.standings_csv(view),
        event_files.export_file: event_files.export_text(db, night),
    }
    for use_case, text in made.items():
        file = use_case(db, night.director_token)
        assert (file.name, file.day, file.text) == ("Club night", "2024-05-17", text)
        with pytest.raises(EventNotFound):
            use_case(db, night.public_token)


def test_an_event_without_a_date_is_named_by_the_day_it_was_made(db):
    event = event_with(db, 4)
    file = event_files.results_file(db, event.director_token)
    assert file.day == event.created_at[:10] and len(file.day) == 10


def test_the_home_page_lists_the_browsers_games_and_its_events_skipping_unknown_links(db, night):
    browser = "c" * 32
    game = store.create_game(db, game_file())
    store.adopt_games(db, browser, [(game.edit_token, "2026-01-01T00:00:00+00:00")])
    other = event_with(db, 4)
    page = home.home(db, browser, [other.director_token, "no-such-link", night.director_token])
    assert [e.director_token for e in page.events] == [other.director_token, night.director_token]
    assert page.events[0] == events.EventLink(other.director_token, other.name, other.date)
    assert page.games == library.library(db, browser)
    assert [g.token for g in page.games.in_progress] == [game.edit_token]
    empty = home.home(db, None, [])
    assert empty.events == [] and empty.games == library.library(db, None)


def test_a_seasons_csv_comes_with_the_seasons_name(db):
    memory.clear_caches()
    try:
        play_club(db, 21, nights=3)
        keeper.add_season(
            db, "Spring", "2026-03-01", "2026-03-31", None, Scheme("place", (6, 3, 1))
        )
        reader = keeper.reader_link(db)
        season = memory.load_club(db).seasons[0].id
        file = memory_files.season_file(db, reader, season)
        page = memory.season_page(db, reader, season)
        assert file.name == "Spring" == page.name
        assert file.text == memory_files.season_csv(page)
        assert file.text.startswith("place,name,points")
        for token, number in ((reader, season + 99), ("no-such-link", season)):
            with pytest.raises(memory.NotFound):
                memory_files.season_file(db, token, number)
    finally:
        memory.clear_caches()


class Typed:
    """A paper result as typed: what ``read`` gives for the table's sides, at a version, with
    the form's one-time id."""

    def __init__(self, version: int, read=None, submission: str | None = None):
        self.version, self._read, self.asked = version, read, None
        self.submission = submission

    def read(self, sides: int):
        self.asked = sides
        return self._read


def test_a_paper_result_is_read_for_its_tables_sides_then_entered_in_one_call(db, night):
    at = events.paper_table(db, night.director_token, 2, 2)
    version = events.open_director(db, night.director_token).version
    typing_wrong = Typed(version)
    answer = events.submit_paper(db, night.director_token, 2, 2, typing_wrong)
    assert typing_wrong.asked == len(at.table.sides) == 2
    assert (answer.saved, answer.refused, answer.at.table.number) == (False, None, 2)
    old = events.submit_paper(
        db, night.director_token, 2, 2, Typed(version - 1, ([9, 1], [0, 0], None))
    )
    assert not old.saved and isinstance(old.refused, EventMoved)
    tied = events.submit_paper(
        db, night.director_token, 2, 2, Typed(version, ([5, 5], [0, 0], None))
    )
    assert not tied.saved and tied.refused.field == "winner"
    assert not events.overview(db, night).current.table(2).on_paper  # nothing saved so far
    done = events.submit_paper(
        db, night.director_token, 2, 2, Typed(version, ([310, 120], [1, 2], None))
    )
    assert (done.saved, done.corrected, done.at.current) == (True, False, True)
    assert events.overview(db, night).current.table(2).on_paper
    with pytest.raises(EventRefused, match="Round 2 has no table 9"):
        events.submit_paper(db, night.director_token, 2, 9, Typed(version, ([1, 0], [0, 0], 0)))


def test_a_paper_result_in_a_closed_round_is_a_correction(db, night):
    version = events.open_director(db, night.director_token).version
    done = events.submit_paper(
        db, night.director_token, 1, 1, Typed(version, ([0, 400], [0, 0], None))
    )
    assert (done.saved, done.corrected, done.at.current) == (True, True, False)


def test_an_entrant_sent_from_the_console_is_registered_or_refused_with_the_console(db):
    event = event_with(db, 2)
    version = events.open_director(db, event.director_token).version
    made = events.submit_entrant(db, event.director_token, ["Zed", "Yan"], seen=version)
    assert made.entrant is not None and made.entrant.name == "Zed & Yan"
    assert made.refused is None and made.console is None
    again = events.submit_entrant(db, event.director_token, ["Zed", "Xi"], seen=version + 1)
    assert again.entrant is None and again.refused.field == "names"
    assert "Zed is already registered" in again.refused.message
    assert again.console.event.id == event.id
    assert [e.name for e in again.console.view.entrants][-1] == "Zed & Yan"
    old = events.submit_entrant(db, event.director_token, ["Wu", "Vi"], seen=version)
    assert isinstance(old.refused, EventMoved) and old.console is not None
    assert len(events.overview(db, event).entrants) == 3
    with pytest.raises(EventNotFound):
        events.submit_entrant(db, event.public_token, ["Wu", "Vi"])


def test_phones_asking_at_once_at_a_new_version_wait_for_one_reading(db, night, monkeypatch):
    """A room's phones that ask for the public page together, just after the version moved,
    share one reading of the event (one thread reads, the others wait for it), not one each."""
    import threading

    from scorekeeper.service import events as event_service

    readings, first_in = [], threading.Event()
    go_on = threading.Event()
    real = event_service.cached_load

    def slow_load(database, event):
        readings.append(threading.get_ident())
        first_in.set()
        go_on.wait(10)  # the first reading lasts until the others have come to ask
        return real(database, event)

    monkeypatch.setattr(event_service, "cached_load", slow_load)
    path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    pages = []

    def phone():
        own = store.connect(path)
        try:
            pages.append(events.event_page(own, night.public_token))
        finally:
            own.close()

    first = threading.Thread(target=phone)
    first.start()
    assert first_in.wait(10)
    others = [threading.Thread(target=phone) for _ in range(3)]
    for t in others:
        t.start()
    others[-1].join(0.3)  # time for them to come to the reading (they wait: no join succeeds)
    go_on.set()
    for t in [first, *others]:
        t.join(20)
    assert len(pages) == 4 and all(p is pages[0] for p in pages)
    assert len(readings) == 1
