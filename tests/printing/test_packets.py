"""A club night on paper: the round packet (pairings, table cards, pre-filled score sheets) and
the standings, read back as a person would: poppler's pdftotext for the words, page images from
pdftoppm for the QR codes (decoded with zxing-cpp) and for what a page leaves blank."""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from scorekeeper import paths
from scorekeeper.events import Entrant, EventConfig, SideScore, TableResult, standings
from scorekeeper.printing import packets, pdf, pool, sample, sheets
from scorekeeper.printing.packets import PacketTable, RoundPacket, StandingsPrint
from scorekeeper.rules import NAME_LENGTH, TEAM_NAME_LENGTH, parse_game, preset_rules, score_game
from scorekeeper.rules.names import filing_key
from scorekeeper.rules.sample import steady_game
from scorekeeper.rules.words import signed
from tests.printing import reading
from tests.printing.reading import flat, page_count, page_image, pdf_pages_text, qr_links


@cache
def rendered(tables: int) -> tuple[RoundPacket, bytes]:
    """The sample packet of ``tables`` tables and its PDF, rendered once for every test."""
    packet = sample.sample_packet(tables)
    return packet, packets.render_packet_pdf(packet)


@cache
def texts(tables: int) -> tuple[str, ...]:
    """The sample packet's pages as pdftotext lays them out, read once for every test."""
    return tuple(pdf_pages_text(rendered(tables)[1]))


@cache
def card_pages(tables: int) -> list[int]:
    """The pages (counted from 1) holding the sample packet's table cards."""
    return [n for n, text in enumerate(texts(tables), 1) if reading.CARD_MARK in text]


def page_images(body: bytes, first: int, last: int, dpi: int = 150) -> list[Image.Image]:
    """Pages ``first`` to ``last`` (counted from 1) as poppler draws them, in grey, as
    reading.page_image does, but with one pdftoppm for them all, writing plain grey maps
    (compressing a PNG a page took most of the time)."""
    with tempfile.TemporaryDirectory() as tmp:
        pdf_file, stem = Path(tmp, "packet.pdf"), Path(tmp, "page")
        pdf_file.write_bytes(body)
        subprocess.run(
            ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(first), "-l", str(last),
             str(pdf_file), str(stem)],
            check=True,
        )  # fmt: skip
        drawn = sorted(Path(tmp).glob("page-*.pgm"), key=lambda f: int(f.stem.split("-")[1]))
        assert len(drawn) == last - first + 1, drawn
        images = []
        for file in drawn:
            with Image.open(file) as image:
                images.append(image.convert("L"))
        return images


def qr_links_on(body: bytes, first: int, last: int) -> list[str]:
    """What the QR codes on pages ``first`` to ``last`` say, page by page, top to bottom."""
    links = []
    for image in page_images(body, first, last):
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        links += [r.text for r in sorted(found, key=lambda r: r.position.top_left.y)]
    return links


# --- what the packet says ---------------------------------------------------------------------


@pytest.mark.parametrize("tables", [1, 6, 40])
def test_every_table_its_players_and_the_round_are_on_the_packet(tables):
    packet, _ = rendered(tables)
    pages = texts(tables)
    cards = card_pages(tables)
    assert len(cards) == (tables + 1) // 2  # two to a page
    assert cards == list(range(cards[0], cards[0] + len(cards)))  # together, after the pairings
    assert len(pages) == cards[-1] + tables  # then a score sheet per table
    assert cards[0] == (4 if tables > 20 else 2)  # 40: two pages of pairings, one of names
    text = flat("\n".join(pages))
    assert "Round 1" in pages[0] and "Thursday Club Night" in pages[0]
    for table in packet.tables:
        for name in table.names:
            # the pairings, the find-your-table list, the card and the score sheet
            assert text.count(name) >= 4, name
    sheets = [flat(page) for page in pages[-tables:]]
    for table, page in zip(packet.tables, sheets, strict=True):
        assert f"Round 1 · Table {table.number} · 19 November 2026" in page
        assert f"{table.dealer} deals first" in page
        for name in table.names:
            assert name in page
        for side in table.side_names:
            assert side in page


@pytest.mark.parametrize("tables", [1, 6, 40])
def test_each_table_card_shows_its_number_seats_dealer_and_link(tables):
    packet, _ = rendered(tables)
    pages = texts(tables)
    cards = [pages[p - 1] for p in card_pages(tables)]
    for table in packet.tables:
        page = cards[(table.number - 1) // 2]
        assert re.search(rf"Table\s+{table.number}\n", page)
        assert f"{table.dealer} deals the first hand." in page
        for _seat, name in table.seats:
            assert name in page
        assert table.link.split("/g/")[1][:10] in page.replace("\n", "").replace(" ", "")


@pytest.mark.parametrize("tables", [1, 6, 40])
def test_the_qr_codes_decode_to_each_tables_link(tables):
    packet, body = rendered(tables)
    cards = card_pages(tables)
    assert cards == list(range(cards[0], cards[-1] + 1))  # together, so drawn in one go
    decoded = qr_links_on(body, cards[0], cards[-1])
    assert decoded == [t.link for t in packet.tables]


def test_the_pairings_list_every_table_in_order_with_seats_and_mark_the_dealer():
    packet, _ = rendered(6)
    pairings = texts(6)[0]
    assert "North & South" in pairings and "East & West" in pairings
    assert "W West: partners sit opposite." in flat(pairings)
    lines = [line.split() for line in pairings.splitlines()]
    numbers = [int(w[0]) for w in lines if w and w[0].isdigit() and len(w) > 2]
    assert numbers[: len(packet.tables)] == [t.number for t in packet.tables]
    marked = flat(pairings.split("East & West")[1].split("N North")[0])
    assert marked.count("\u25cf") == len(packet.tables)  # one dealer a table, marked
    for table in packet.tables:
        assert re.search(rf"\u25cf\s*{re.escape(table.dealer)} {table.dealer_letter}\b", marked)
    assert "Find your table" in pairings


def test_find_your_table_is_alphabetical_and_says_table_and_seat():
    packet, _ = rendered(6)
    (block,) = packets._find_your_table(packet.tables)
    people = read_down_columns(block)
    assert [p[0] for p in people] == sorted((p[0] for p in people), key=filing_key)
    seats = {(name, t.number, packets.SEAT_WORDS[s]) for t in packet.tables for s, name in t.seats}
    assert set(people) == seats


def test_find_your_table_files_accented_names_by_their_letters():
    """A player looks for Émile among the E's, not after Zoë (where code points put it)."""
    seats = (("N", "Zoë"), ("E", "Émile"), ("S", "Åsa"), ("W", "Łukasz"))
    more = (("N", "Bob"), ("E", "Fay"), ("S", "Max"), ("W", "Ed"))
    tables = [PacketTable(1, seats, "Zoë", "x"), PacketTable(2, more, "Bob", "y")]
    (block,) = packets._find_your_table(tables)
    assert [p[0] for p in read_down_columns(block)] == [
        "Åsa", "Bob", "Ed", "Émile", "Fay", "Łukasz", "Max", "Zoë",
    ]  # fmt: skip


def read_down_columns(block):
    """A block of the find-your-table list in reading order: down each column in turn."""
    width = max(len(line) for line in block)
    return [line[i] for i in range(width) for line in block if i < len(line)]


@pytest.mark.parametrize("tables", [1, 10, 42, 43, 100])
def test_a_long_find_your_table_list_comes_in_equal_blocks_of_at_most_a_page(tables):
    seats = ("N", "E", "S", "W")
    packet_tables = [
        PacketTable(t, tuple((s, f"P{4 * t + i:04d}") for i, s in enumerate(seats)), "", "")
        for t in range(1, tables + 1)
    ]
    blocks = packets._find_your_table(packet_tables)
    assert all(len(block) <= packets.FIND_LINES for block in blocks)
    sizes = [len(read_down_columns(b)) for b in blocks]
    assert max(sizes) - min(sizes) <= len(blocks)
    names = [p[0] for block in blocks for p in read_down_columns(block)]
    assert names == sorted(f"P{4 * t + i:04d}" for t in range(1, tables + 1) for i in range(4))
    assert len(blocks) == -(-4 * tables // (packets.FIND_COLUMNS * packets.FIND_LINES))


def test_forty_tables_fit_the_pairings_on_two_pages():
    first, second = texts(40)[:2]
    numbers = [int(line.split()[0]) for line in first.splitlines() + second.splitlines()
               if re.match(r"\s+\d+\s+\D", line)]  # fmt: skip
    assert numbers[:40] == list(range(1, 41))


def test_an_odd_number_of_cards_leaves_the_last_half_page_blank():
    packet = sample.sample_packet(3)
    body = packets.render_packet_pdf(packet)
    pages = pdf_pages_text(body)
    assert len(pages) == 1 + 2 + 3  # pairings, two card pages, three sheets
    last_cards = pages[2]
    assert re.search(r"Table\s+3\n", last_cards) and not re.search(r"Table\s+[12]\n", last_cards)
    image = page_image(body, 3, dpi=40)
    width, height = image.size
    bottom = image.crop((0, int(height * 0.55), width, int(height * 0.93)))  # above the footer
    assert bottom.getextrema()[0] > 200  # nothing darker than light grey: blank
    top = image.crop((0, int(height * 0.05), width, int(height * 0.5)))
    assert top.getextrema()[0] < 50  # the card is there


def test_the_longest_names_fit_every_page_they_are_on():
    name = "Maximiliana Abernathy-Holtzmann"[: NAME_LENGTH - 1]  # a long name at the limit
    team = ("Team " * 20)[:TEAM_NAME_LENGTH]
    seats = tuple((s, f"{name}{i}") for i, s in enumerate("NESW"))
    assert all(len(person) == NAME_LENGTH for _, person in seats)
    tables = tuple(
        PacketTable(n, seats, seats[0][1], f"http://192.168.100.200:65000/g/{'x' * 22}{n}",
                    (team, team))
        for n in (1, 2, 3)
    )  # fmt: skip
    body = packets.render_packet_pdf(RoundPacket("E" * 100, 1, tables))
    pages = pdf_pages_text(body)
    assert len(pages) == 1 + 2 + 3  # nothing spilled onto a page of its own
    for page in pages[-3:]:
        assert "Rules Standard rules" in page and "Winner" in page
    text = flat("\n".join(pages))
    for _, person in seats:
        # whole on the pairings and the sheet of every table (the card and the list wrap it
        # in columns, which pdftotext interleaves)
        assert text.count(person) >= 3 * 2
    for card in pages[1:3]:
        assert "Scan the code" in card  # the last line of a card's face is not cut off
    assert qr_links_on(body, 2, 3) == [t.link for t in tables]


def test_a_long_name_on_a_table_card_wraps_at_its_space_never_mid_word():
    """Two-word names at the length limit, no hyphen: each wraps between its words in its
    seat's cell on the card (the pairings keep a person's name on one line)."""
    east, west = "Maximiliana Wolfeschlegelstein", "Bartholomew Featherstonehaugh"
    assert len(east) == NAME_LENGTH
    seats = (("N", "Ann"), ("E", east), ("S", "Cy"), ("W", west))
    table = PacketTable(1, seats, west, "http://192.168.1.20:5000/g/" + "x" * 32)
    body = packets.render_packet_pdf(RoundPacket("Friday", 2, (table,)))
    (card,) = reading.card_pages(body)
    words = set(pdf_pages_text(body, layout=False)[card - 1].split())
    assert {"Maximiliana", "Wolfeschlegelstein", "Bartholomew", "Featherstonehaugh"} <= words
    pairings = flat(pdf_pages_text(body)[0])
    assert f"{east} E" in pairings and f"{west} W" in pairings


def test_names_with_markup_print_as_typed():
    table = PacketTable(
        1,
        (("N", "<b>Ann</b>"), ("E", 'Bob "B" & Co'), ("S", "Cy <i>"), ("W", "Di</td>")),
        "<b>Ann</b>",
        "http://example.test/g/abc?x=1&y=<2>",
        sides=("<script>x</script>", ""),
    )
    packet = RoundPacket("Night & <Day>", 2, (table,), round_name="")
    html = packets.packet_html(packet)
    assert "<b>Ann</b>" not in html and "<script>" not in html
    text = "\n".join(pdf_pages_text(packets.render_packet_pdf(packet)))
    for typed in ("<b>Ann</b>", 'Bob "B" & Co', "Cy <i>", "Di</td>", "<script>x</script>"):
        assert typed in text
    assert "Night & <Day>" in text


# --- tables of every shape ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "sides", "names", "members"),
    [
        ("NESW", (), ("Ann & Cy", "Bob & Di"), (("Ann", "Cy"), ("Bob", "Di"))),
        ("NESW", ("Aces", ""), ("Aces", "Bob & Di"), (("Ann", "Cy"), ("Bob", "Di"))),
        ("NEW", (), ("Ann", "Bob", "Cy"), (("Ann",), ("Bob",), ("Cy",))),
        ("NS", (), ("Ann", "Bob"), (("Ann",), ("Bob",))),
    ],
)
def test_partners_sit_opposite_and_lone_players_are_their_own_side(seats, sides, names, members):
    people = ("Ann", "Bob", "Cy", "Di")
    table = PacketTable(1, tuple(zip(seats, people, strict=False)), "Bob", "x", sides)
    assert table.side_names == names
    assert table.members == members
    assert table.dealer_seat == ("South" if seats == "NS" else "East")


def test_a_cutthroat_round_prints_three_sides_a_table():
    tables = (
        PacketTable(1, (("N", "Ann"), ("E", "Bob"), ("W", "Cy")), "Cy", "http://h/g/one"),
        PacketTable(2, (("N", "Di"), ("S", "Ed")), "Di", "http://h/g/two"),
    )
    packet = RoundPacket("Cutthroat", 3, tables, rules=preset_rules("three-player"))
    body = packets.render_packet_pdf(packet)
    pages = pdf_pages_text(body)
    assert "Side 3" in pages[0] and "North & South" not in pages[0]
    assert "partners" not in flat(pages[0])  # nobody has one at a cutthroat table
    assert "17 tricks" in pages[-2]  # the three-player table's rules: 17 tricks
    assert "Ann" in pages[-2] and "Cy" in pages[-2] and "Di" in pages[-1]
    assert qr_links(body, 2) == ["http://h/g/one", "http://h/g/two"]


def test_byes_and_the_standings_so_far_are_in_the_packet():
    rows = sample.sample_standings(6)
    packet = sample.sample_packet(2, round_number=2, byes=("Late Team",), standings=rows)
    pages = pdf_pages_text(packets.render_packet_pdf(packet))
    assert "Bye (a win, no table): Late Team" in pages[0]
    assert "Standings before round 2" in pages[1]
    for row in rows:
        assert row.name in pages[1]


def test_sheet_rows_follow_the_packet():
    packet = sample.sample_packet(1, sheet_rows=12)
    last = pdf_pages_text(packets.render_packet_pdf(packet))[-1]
    lines = last.split("Total")[-1].splitlines()  # a long dealer's first line has no number
    numbers = [w for line in lines for w in line.split()[:1] if w.isdigit()]
    assert numbers[:12] == [str(n) for n in range(1, 13)] and "13" not in numbers


# --- the standings document -------------------------------------------------------------------


def standings_rows():
    entrants = [
        Entrant(1, "Aces", ("Ann", "Cy")),
        Entrant(2, "Kings", ("Bob", "Di")),
        Entrant(3, "<Queens>", ("Ed", "Flo")),
        Entrant(4, "Jacks", ("Gus", "Hal"), active=False),
    ]
    results = [
        TableResult(1, 1, (SideScore((1,), 510, 3), SideScore((2,), 320, 5))),
        TableResult(1, 2, (SideScore((3,), 500, 1), SideScore((4,), 410, 2))),
        TableResult(2, 1, (SideScore((1,), 505, 2), SideScore((3,), 300, 4))),
        TableResult(2, 2, (SideScore((2,), 520, 0), SideScore((4,), 200, 9))),
    ]
    config = EventConfig("swiss", tiebreakers=("opponents_wins", "point_diff"))
    return standings(entrants, results, config), config.tiebreakers


def test_the_standings_say_place_wins_the_tiebreakers_figures_and_why():
    rows, tiebreakers = standings_rows()
    doc = StandingsPrint("Club <Night>", rows, tiebreakers, date="2026-11-19", note="After 2")
    text = "\n".join(pdf_pages_text(packets.render_standings_pdf(doc)))
    assert "Final standings" in text and "19 November 2026" in text and "Club <Night>" in text
    assert "Opp. wins" in text and "Diff." in text
    assert "Bags" not in text.split("Place")[1].splitlines()[0]  # not a chosen tie-breaker
    lines = [line for line in text.splitlines() if re.match(r"\s+=?\d+\s", line)]
    assert len(lines) == len(rows)
    for row, line in zip(rows, lines, strict=True):
        assert row.name in line
        assert line.split()[0] == row.place_label
        figures = line.split(row.name)[1].split()
        if not row.active:
            assert figures[0] == "(dropped)"
            figures = figures[1:]
        assert figures == [str(row.played), str(row.wins), str(row.opponents_wins),
                           signed(row.point_diff)]  # fmt: skip
        assert row.why in text.replace("\n", " ") or row.why[:60] in text
    assert "Ordered by wins, then opponents' wins, then point differential" in text


def test_qr_code_is_a_png_of_one_pixel_a_module_sized_by_the_stylesheet():
    import base64

    from PIL import Image

    uri = packets.qr_image("http://192.168.1.20:5000/g/abc")
    assert uri.startswith("data:image/png;base64,")
    with Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))) as image:
        size = packets.qr_code("http://192.168.1.20:5000/g/abc").symbol_size(border=4)
        assert image.size == size  # one pixel a module, the quiet zone included


def test_the_printing_pool_makes_packets_and_standings_in_its_workers():
    packet = sample.sample_packet(2)
    body = pool.printer().pdf(packet, key=("packet-test", 2), timeout=120)
    assert qr_links(body, 2) == [t.link for t in packet.tables]
    rows, tiebreakers = standings_rows()
    body = pool.printer().pdf(StandingsPrint("Night", rows, tiebreakers), timeout=120)
    assert "Final standings" in pdf_pages_text(body)[0]


def test_the_printer_reads_a_png_written_into_the_page_and_nothing_else_as_data():
    from scorekeeper.printing import pdf

    png = packets.qr_image("http://192.168.1.20:5000/g/abc")
    assert pdf.FETCHER.fetch(png).read().startswith(b"\x89PNG")
    for url in ("data:image/svg+xml;base64,PHN2Zy8+", "data:image/png;base64,%%%"):
        with pytest.raises(ValueError):
            pdf.FETCHER.fetch(url)


# --- the trimmed user-agent stylesheet --------------------------------------------------------


def test_the_trimmed_user_agent_stylesheet_drops_only_its_named_rules():
    """Each rule named in pdf.UNUSED_UA_RULES is one line of WeasyPrint's stylesheet, dropped;
    nothing else is (a WeasyPrint that renamed or split one fails here, to be looked at)."""
    from importlib.resources import files

    import weasyprint

    full = (files(weasyprint) / "css" / "html5_ua.css").read_text("utf-8").splitlines()
    kept = pdf.user_agent_text().splitlines()
    dropped = [line for line in full if line not in kept]
    assert len(dropped) == len(pdf.UNUSED_UA_RULES)
    for rule in pdf.UNUSED_UA_RULES:
        assert sum(line.startswith(rule) for line in dropped) == 1, rule
    assert "<ul" not in "".join(p.read_text() for p in paths.TEMPLATES.glob("print/*.html"))


def test_every_printed_document_looks_the_same_with_the_trimmed_user_agent_stylesheet(
    monkeypatch,
):
    """Round packet (with standings, byes, a three-sided table), standings, a game sheet and a
    blank pad: page by page the same pixels with WeasyPrint's full stylesheet."""
    game = parse_game(steady_game(30, ("Ann", "Bob", "Cy", "Di"), target=10_000))
    documents = {
        "packet": lambda: packets.render_packet_pdf(
            sample.sample_packet(
                3, round_number=2, byes=("Late",), standings=sample.sample_standings(7)
            )
        ),
        "standings": lambda: packets.render_standings_pdf(
            StandingsPrint("Club <Night>", *standings_rows(), note="After 2")
        ),
        "game sheet": lambda: sheets.render_game_pdf(game, score_game(game), title="Club"),
        "blank pad": lambda: sheets.render_blank_pdf(sheets.blank_sheet(players=3, rows=40)),
    }
    trimmed = {name: make() for name, make in documents.items()}
    monkeypatch.setattr(pdf, "PrintHTML", weasyprint_html())
    for name, make in documents.items():
        full = make()
        assert page_count(full) == page_count(trimmed[name]), name
        last = page_count(full)
        drawn = page_images(full, 1, last, 60), page_images(trimmed[name], 1, last, 60)
        pictures = zip(*drawn, strict=True)
        for page, (a, b) in enumerate(pictures, 1):
            assert a.tobytes() == b.tobytes(), f"{name}, page {page}"


def weasyprint_html():
    import weasyprint

    return weasyprint.HTML


def test_a_bye_is_said_beside_the_tables_played_not_hidden_in_the_wins():
    """Issue 23: "Played 2, Wins 3" for a team with a bye. The Played cell says the bye."""
    entrants = [Entrant(k, name, (name + "1", name + "2")) for k, name in
                enumerate(("Aces", "Kings", "Queens"), 1)]  # fmt: skip
    results = [
        TableResult(1, 1, (SideScore((1,), 510, 3), SideScore((2,), 320, 5))),
        TableResult.bye_for(1, 3),
        TableResult(2, 1, (SideScore((3,), 505, 2), SideScore((1,), 300, 4))),
        TableResult.bye_for(2, 2),
    ]
    config = EventConfig("swiss")
    rows = standings(entrants, results, config)
    doc = StandingsPrint("Night", rows, config.tiebreakers, note="After 2")
    text = pdf_pages_text(packets.render_standings_pdf(doc))[0]
    queens = next(line for line in text.splitlines() if "Queens" in line)
    assert re.search(r"Queens\s+1 \+ 1 bye\s+2\b", queens), queens  # played 1, + a bye, 2 wins
    aces = next(line for line in text.splitlines() if re.search(r"\sAces\s", line))
    assert "bye" not in aces
    assert "Played: the tables played, and a bye beside them" in text.replace("\n", " ")
