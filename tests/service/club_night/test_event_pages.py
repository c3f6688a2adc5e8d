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
    club_night,
    home,
    kitchen,
    memory,
)
from scorekeeper.service.club_night import loading as club_night_loading
from scorekeeper.service.club_night import public_page as club_night_public_page
from scorekeeper.service.club_night import settings as club_night_settings
from scorekeeper.service.memory import files as memory_files
from scorekeeper.stats import Scheme
from tests.helpers import game_file
from tests.service.club_night.clubs import event_with, finish, finish_round
from tests.service.memory.memory_club import club as play_club


@pytest.fixture
def night(db):
    """An event of 8 teams in its second round: round 1 closed, round 2 seated, one of its
    tables finished."""
    event = event_with(db, 8, date="2024-05-17")
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    club_night.seat_next_round(db, event)
    finish(db, club_night.overview(db, event).current.tables[0])
    return event


def test_the_public_page_reads_the_event_its_version_view_and_words_in_one_call(db, night):
    page = club_night.event_page(db, night.public_token)
    assert page.event.id == night.id
    now = club_night.open_public(db, night.public_token)
    facts = {f.name: getattr(page.event, f.name) for f in fields(page.event)}
    assert facts == {name: getattr(now, name) for name in facts}  # the record's, as they are
    assert page.view.event == page.event
    assert not hasattr(page.event, "director_token")  # a public page holds no director's link
    # not the record's rules or last change (created_at is a fact now: the event file orders
    # nights on one day by it, docs/stats.md)
    assert {"rules", "updated_at"}.isdisjoint(facts)
    assert page.version == club_night.public_version(db, night.public_token)
    assert page.view is club_night.overview(db, night)
    assert page.about == club_night_settings.describe(night)
    with pytest.raises(EventNotFound):
        club_night.event_page(db, night.director_token)  # the director's link is no public link


def test_the_public_pages_version_moves_with_a_table_game(db, night):
    before = club_night.event_page(db, night.public_token)
    finish(db, before.view.current.tables[1])
    after = club_night.event_page(db, night.public_token)
    assert after.version != before.version
    assert after.view.current.tables[1].finished and not before.view.current.tables[1].finished


def test_the_console_gives_the_browsers_known_names_only_when_asked(db, night):
    browser = "b" * 32
    store.create_game(db, game_file(), title="")  # another browser's game: not listed
    library_game = store.create_game(db, game_file(players=["Zed", "Bob", "Cy", "Di"]))
    store.adopt_games(db, browser, [(library_game.edit_token, "2026-01-01T00:00:00+00:00")])
    shown = club_night.console_view(db, night.director_token, browser, known=True)
    assert shown.known_people == tuple(kitchen.player_names(db, browser))
    assert "Zed" in shown.known_people
    assert club_night.console_view(db, night.director_token, browser).known_people == ()
    assert club_night.console_view(db, night.director_token, None, known=True).known_people == ()


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
        club_night.seat_next_round(db, event)
    if stage in ("closed", "done"):
        finish_round(db, event)
    if stage == "done":
        club_night.seat_next_round(db, event)
        finish_round(db, event)
    sheet = club_night.standings_sheet(db, event.director_token)
    view = club_night.overview(db, event)
    assert sheet.title == title
    assert sheet.name == "Club night" and sheet.event_id == event.id and sheet.date == ""
    assert view.complete == (stage == "done")
    assert sheet.standings == view.standings and sheet.tiebreakers == view.config.tiebreakers
    assert sheet.version == club_night.public_version(db, event.public_token)
    assert sheet.note.startswith(club_night_settings.describe(event).format)
    assert ("Champion: " in sheet.note) == (stage == "done")
    if stage == "done":
        assert sheet.note.endswith(f". Champion: {view.champion}")
    with pytest.raises(EventNotFound):
        club_night.standings_sheet(db, event.public_token)  # only the director's link prints


def test_a_paper_results_table_is_found_or_refused(db, night):
    at = club_night.paper_table(db, night.director_token, 2, 1)
    assert at.event.id == night.id and at.round.number == 2 and at.table.number == 1
    assert at.current and not club_night.paper_table(db, night.director_token, 1, 1).current
    for number, table in ((2, 99), (7, 1)):
        with pytest.raises(EventRefused, match=f"Round {number} has no table {table}"):
            club_night.paper_table(db, night.director_token, number, table)
    with pytest.raises(EventNotFound):
        club_night.paper_table(db, night.public_token, 2, 1)


def test_a_packet_reads_the_same_by_the_event_or_its_directors_link(db, night):
    by_link = club_night.packet_data(db, night.director_token, 2)
    by_event = club_night.packet_data(db, club_night.open_director(db, night.director_token), 2)
    assert by_link == by_event and by_link.round.number == 2 and by_link.event.id == night.id
    with pytest.raises(EventNotFound):
        club_night.packet_data(db, night.public_token, 2)


def test_the_events_files_come_with_the_name_and_day_they_are_named_by(db, night):
    view = club_night.overview(db, night)
    made = {
        club_night.results_file: club_night.results_csv(view),
        club_night.standings_file: club_night.standings_csv(view),
        club_night.export_file: club_night.export_text(db, night),
    }
    for use_case, text in made.items():
        file = use_case(db, night.director_token)
        assert (file.name, file.day, file.text) == ("Club night", "2024-05-17", text)
        with pytest.raises(EventNotFound):
            use_case(db, night.public_token)


def test_an_event_without_a_date_is_named_by_the_day_it_was_made(db):
    event = event_with(db, 4)
    file = club_night.results_file(db, event.director_token)
    assert file.day == event.created_at[:10] and len(file.day) == 10


def test_the_home_page_lists_the_browsers_games_and_its_events_skipping_unknown_links(db, night):
    browser = "c" * 32
    game = store.create_game(db, game_file())
    store.adopt_games(db, browser, [(game.edit_token, "2026-01-01T00:00:00+00:00")])
    other = event_with(db, 4)
    page = home.home(db, browser, [other.director_token, "no-such-link", night.director_token])
    assert [e.director_token for e in page.events] == [other.director_token, night.director_token]
    assert page.events[0] == club_night.EventLink(other.director_token, other.name, other.date)
    assert page.games == kitchen.library(db, browser)
    assert [g.token for g in page.games.in_progress] == [game.edit_token]
    empty = home.home(db, None, [])
    assert empty.events == [] and empty.games == kitchen.library(db, None)


def test_a_seasons_csv_comes_with_the_seasons_name(db):
    memory.clear_caches()
    try:
        play_club(db, 21, nights=3)
        memory.add_season(
            db, "Spring", "2026-03-01", "2026-03-31", None, Scheme("place", (6, 3, 1))
        )
        reader = memory.reader_link(db)
        season = memory.load_club(db).seasons[0].id
        file = memory.season_file(db, reader, season)
        page = memory.season_page(db, reader, season)
        assert file.name == "Spring" == page.name
        assert file.text == memory_files.season_csv(page)
        assert file.text.startswith("place,name,points")
        for token, number in ((reader, season + 99), ("no-such-link", season)):
            with pytest.raises(memory.NotFound):
                memory.season_file(db, token, number)
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
    at = club_night.paper_table(db, night.director_token, 2, 2)
    version = club_night.open_director(db, night.director_token).version
    typing_wrong = Typed(version)
    answer = club_night.submit_paper(db, night.director_token, 2, 2, typing_wrong)
    assert typing_wrong.asked == len(at.table.sides) == 2
    assert (answer.saved, answer.refused, answer.at.table.number) == (False, None, 2)
    old = club_night.submit_paper(
        db, night.director_token, 2, 2, Typed(version - 1, ([9, 1], [0, 0], None))
    )
    assert not old.saved and isinstance(old.refused, EventMoved)
    tied = club_night.submit_paper(
        db, night.director_token, 2, 2, Typed(version, ([5, 5], [0, 0], None))
    )
    assert not tied.saved and tied.refused.field == "winner"
    assert not club_night.overview(db, night).current.table(2).on_paper  # nothing saved so far
    done = club_night.submit_paper(
        db, night.director_token, 2, 2, Typed(version, ([310, 120], [1, 2], None))
    )
    assert (done.saved, done.corrected, done.at.current) == (True, False, True)
    assert club_night.overview(db, night).current.table(2).on_paper
    with pytest.raises(EventRefused, match="Round 2 has no table 9"):
        club_night.submit_paper(db, night.director_token, 2, 9, Typed(version, ([1, 0], [0, 0], 0)))


def test_a_paper_result_in_a_closed_round_is_a_correction(db, night):
    version = club_night.open_director(db, night.director_token).version
    done = club_night.submit_paper(
        db, night.director_token, 1, 1, Typed(version, ([0, 400], [0, 0], None))
    )
    assert (done.saved, done.corrected, done.at.current) == (True, True, False)


def test_an_entrant_sent_from_the_console_is_registered_or_refused_with_the_console(db):
    event = event_with(db, 2)
    version = club_night.open_director(db, event.director_token).version
    made = club_night.submit_entrant(db, event.director_token, ["Zed", "Yan"], seen=version)
    assert made.entrant is not None and made.entrant.name == "Zed & Yan"
    assert made.refused is None and made.console is None
    again = club_night.submit_entrant(db, event.director_token, ["Zed", "Xi"], seen=version + 1)
    assert again.entrant is None and again.refused.field == "names"
    assert "Zed is already registered" in again.refused.message
    assert again.console.event.id == event.id
    assert [e.name for e in again.console.view.entrants][-1] == "Zed & Yan"
    old = club_night.submit_entrant(db, event.director_token, ["Wu", "Vi"], seen=version)
    assert isinstance(old.refused, EventMoved) and old.console is not None
    assert len(club_night.overview(db, event).entrants) == 3
    with pytest.raises(EventNotFound):
        club_night.submit_entrant(db, event.public_token, ["Wu", "Vi"])


def test_phones_asking_at_once_at_a_new_version_wait_for_one_reading(db, night, monkeypatch):
    """A room's phones that ask for the public page together, just after the version moved,
    share one reading of the event (one thread reads, the others wait for it), not one each."""
    import threading

    from scorekeeper.service import club_night

    readings, first_in = [], threading.Event()
    go_on = threading.Event()
    real = club_night_loading.cached_load

    def slow_load(database, event):
        readings.append(threading.get_ident())
        first_in.set()
        go_on.wait(10)  # the first reading lasts until the others have come to ask
        return real(database, event)

    monkeypatch.setattr(club_night_public_page, "cached_load", slow_load)
    path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    pages = []

    def phone():
        own = store.connect(path)
        try:
            pages.append(club_night.event_page(own, night.public_token))
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
