"""The director prints a club night from the console: each round's packet (pairings, table cards
whose QR codes open the tables' scoring pages, pre-filled sheets) and the standings, read back
with pdftotext and a QR decoder."""

from __future__ import annotations

import pytest

from scorekeeper.printing import pool
from scorekeeper.service import club_night
from tests.printing.reading import card_pages, flat, pdf_pages_text, qr_links
from tests.service.club_night.clubs import event_with, finish_round

LAN = "http://192.168.1.20:5000"  # the laptop's address on the club's network


@pytest.fixture
def night(db):
    """An event of 6 teams (3 tables), round 1 seated."""
    event = event_with(db, teams=6, name="Thursday <Club> night")
    club_night.seat_next_round(db, event)
    return event


def console(client, event, base_url: str = LAN) -> str:
    return client.get(f"/e/{event.director_token}", base_url=base_url).get_data(as_text=True)


def pdf(client, url: str, base_url: str = LAN) -> bytes:
    response = client.get(url, base_url=base_url)
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("attachment;")
    return response.data


def test_the_console_links_the_rounds_packet_and_the_standings(client, db, night):
    page = console(client, night)
    token = night.director_token
    assert f'href="/e/{token}/rounds/1/packet.pdf" download>Print round 1 packet (PDF)' in page
    assert f'href="/e/{token}/standings.pdf" download>Standings (PDF)' in page
    assert "which phones cannot open" not in page


@pytest.mark.parametrize("host", ["http://localhost:5000", "http://127.0.0.1", "http://[::1]:5000"])
def test_a_console_opened_at_localhost_warns_that_phones_cannot_follow_its_codes(
    client, night, host
):
    assert "which phones cannot open" in console(client, night, host)


def test_the_round_packet_prints_every_table_and_its_codes_open_the_tables_scoring_pages(
    client, db, night
):
    body = pdf(client, f"/e/{night.director_token}/rounds/1/packet.pdf")
    rnd = club_night.overview(db, night).round(1)
    pages = pdf_pages_text(body)
    text = flat("\n".join(pages))
    assert "Thursday <Club> night" in text and "Round 1" in text
    for table in rnd.tables:
        for _, name in table.seats:
            assert text.count(name) >= 4  # pairings, find your table, card, sheet
    links = [link for page in card_pages(body) for link in qr_links(body, page)]
    assert links == [f"{LAN}/g/{t.edit_token}" for t in rnd.tables]
    for link in links:  # each code opens its table's own scoring page
        assert client.get(link).status_code == 200
    sheets = pages[-len(rnd.tables) :]
    for table, sheet in zip(rnd.tables, sheets, strict=True):
        assert f"Round 1 · Table {table.number}" in flat(sheet)
        assert "Rules Standard rules" in sheet and "2 hands" in sheet  # the event's round end


def test_a_later_round_packet_carries_the_standings_so_far_and_the_byes(client, db):
    event = event_with(db, teams=5)  # an odd count: a bye each round
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    club_night.seat_next_round(db, event)
    view = club_night.overview(db, event)
    body = pdf(client, f"/e/{event.director_token}/rounds/2/packet.pdf?paper=a4")
    text = flat("\n".join(pdf_pages_text(body)))
    assert "Standings before round 2" in text
    for row in view.standings:
        assert row.name in text
    (bye,) = view.round(2).byes
    assert f"Bye (a win, no table): {view.name_of(bye)}" in text


def test_a_packet_downloaded_again_is_not_printed_again(client, db, night):
    printer = pool.printer()
    url = f"/e/{night.director_token}/rounds/1/packet.pdf"
    first = pdf(client, url)
    renders, hits = printer.renders, printer.hits
    assert pdf(client, url) == first
    assert (printer.renders - renders, printer.hits - hits) == (0, 1)


def test_a_round_that_does_not_exist_is_refused_on_the_console(client, night):
    response = client.get(f"/e/{night.director_token}/rounds/7/packet.pdf", base_url=LAN)
    assert response.status_code == 303
    page = client.get(response.headers["Location"], base_url=LAN).get_data(as_text=True)
    assert "There is no round 7 to print" in page


@pytest.mark.parametrize("url", ["/e/{}/rounds/1/packet.pdf", "/e/{}/standings.pdf"])
def test_only_the_directors_link_prints(client, night, url):
    assert client.get(url.format(night.public_token)).status_code == 404
    assert client.get(url.format("not-a-token")).status_code == 404


def test_the_standings_print_after_each_round_and_finally(client, db, night):
    url = f"/e/{night.director_token}/standings.pdf"
    text = flat("\n".join(pdf_pages_text(pdf(client, url))))
    assert "Standings during round 1 (its finished tables count)" in text
    finish_round(db, night)
    text = flat("\n".join(pdf_pages_text(pdf(client, url))))
    assert "Standings after round 1" in text
    for _ in range(2):
        club_night.seat_next_round(db, night)
        finish_round(db, night)
    view = club_night.overview(db, night)
    assert view.complete
    text = flat("\n".join(pdf_pages_text(pdf(client, url))))
    assert "Final standings" in text and "Swiss, teams of two, 3 rounds" in text
    for row in view.standings:
        assert f"{row.place_label} {row.name}" in text and row.why in text
