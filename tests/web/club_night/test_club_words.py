"""The club night's words as a person reads them (issue 23): "1 point" and "3 points", never
"1 pts" or "1 games"; a negative figure with the true minus sign ("−8 points", not "-8 pts", as
the README says of every page and PDF); a why line that ends its sentence before the next."""

from __future__ import annotations

import random
import re

import pytest

from scorekeeper.rules.words import MINUS, count
from scorekeeper.service import club_night, memory
from scorekeeper.stats import Scheme
from tests.service.club_night.clubs import event_with, finish_round
from tests.service.memory.memory_club import night
from tests.web.club_night.test_event_printing import LAN
from tests.web.test_minus_signs import HYPHEN_NUMBER, pdf_text, read


@pytest.mark.parametrize(
    "n, word, said",
    [(1, "game", "1 game"), (0, "game", "0 games"), (3, "point", "3 points"),
     (-1, "point", f"{MINUS}1 point"), (-8, "point", f"{MINUS}8 points")],
)  # fmt: skip
def test_a_count_reads_as_words(n, word, said):
    assert count(n, word) == said


def test_the_standings_detail_says_points_in_words_with_the_minus_sign(client, db):
    event = event_with(db, 4, tiebreakers=("total_points", "point_diff"))
    club_night.seat_next_round(db, event)
    club_night.enter_paper(db, event, 1, 1, [-8, 1], [0, 1])
    club_night.enter_paper(db, event, 1, 2, [250, 120], [2, 3])
    for url in (f"/e/{event.director_token}", f"/p/{event.public_token}"):
        text = read(client.get(url).get_data(as_text=True))
        assert f"{MINUS}8 points" in text and "1 point \u00b7" in text, url
        assert " pts" not in text and not HYPHEN_NUMBER.search(text), url
    pdf = pdf_text(client.get(f"/e/{event.director_token}/standings.pdf", base_url=LAN).data)
    assert f"{MINUS}8" in pdf and not HYPHEN_NUMBER.search(pdf)


def test_a_correction_after_the_round_closed_is_a_sentence_of_its_own(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    club_night.enter_paper(db, event, 1, 2, [120, 310], [0, 0])
    whys = [s.why for s in club_night.overview(db, event).standings if "corrected" in s.why]
    assert whys
    for why in whys:
        before, _, after = why.partition(" Round 1 table 2 was corrected")
        assert before.endswith(".") and after == " after its round closed.", why


@pytest.fixture
def one_round_night(app, db):
    """A night of one round: everyone has played one game; its season gives 6, 3, 1 and 0."""
    memory.clear_caches()
    event = night(db, random.Random(4), "Night 1", "2026-03-01", "teams", rounds=1)
    token = memory.keeper_link(db)
    memory.add_season(db, "Spring", "2026-03-01", "2026-03-31", None, Scheme("place", (6, 3, 1)))
    yield event, token, memory.reader_link(db)
    memory.clear_caches()


def test_the_memory_says_one_game_and_one_point(client, db, one_round_night):
    event, keeper_token, reader = one_round_night
    page = client.get(f"/k/{keeper_token}").get_data(as_text=True)
    assert "(1 game)" in page and "1 games" not in page
    assert re.search(r"<small>1 game\b", page)
    person = re.search(
        rf'href="/m/{reader}/people/(\d+)"', client.get(f"/m/{reader}").get_data(as_text=True)
    )
    assert person is not None
    season = memory.load_club(db).seasons[0].id
    text = read(client.get(f"/m/{reader}/seasons/{season}").get_data(as_text=True))
    assert "1 point \u00b7" in text and "1 pts" not in text and "1 points" not in text
    assert "6 points \u00b7" in text
    plain = client.get(f"/m/{reader}/seasons/{season}.txt")
    if plain.status_code == 200:
        assert "1 pts" not in plain.get_data(as_text=True)


@pytest.mark.parametrize(
    "settings, verb",
    [({}, "lead"), ({"format": "progressive"}, "lead"),
     ({"format": "swiss", "sides_per_table": 3}, "leads")],
)  # fmt: skip
def test_who_leads_a_table_is_said_as_the_game_page_says_it(client, db, settings, verb):
    """Partners lead ("Ann & Cy lead 61 to −60", as the table's own phone says it); a lone
    cutthroat player leads."""
    from tests.service.club_night.clubs import play

    event = event_with(db, 4 if not settings else 12 if "sides_per_table" in settings else 8,
                       **settings)  # fmt: skip
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    table = club_night.overview(db, event).current.tables[0]
    assert re.fullmatch(rf"{re.escape(table.side_names[0])} {verb} \d+ to .+", table.leader)
    page = read(client.get(f"/p/{event.public_token}").get_data(as_text=True))
    assert f"{table.side_names[0]} {verb} " in page


def test_a_seats_letter_stays_on_the_line_of_the_name_it_names(client, db):
    """ "N Søren · E O'Brien · S Åsa · W" then "Ní Bhriain" on the next line, at 320 px: the
    seat's letter is held to its name."""
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    for url in (f"/e/{event.director_token}", f"/p/{event.public_token}"):
        page = client.get(url).get_data(as_text=True)
        seats = re.search(r'<p class="t-seats">(.*?)</p>', page, re.S)
        assert seats is not None
        assert re.findall(r"\b([NESW])&nbsp;<a ", seats.group(1)) == ["N", "E", "S", "W"], url
