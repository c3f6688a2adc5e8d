"""A name on paper prints whole: on every printed club document (the round packet's pairings,
table cards and pre-filled sheets, the standings, the season's standings, a blank pad) a long
team, player or event name wraps at its spaces (a single word too long for its place breaks)
and nothing is cut short with "…" or hidden past an edge.

WeasyPrint draws a cut line as the letters that fit and an ellipsis glyph whose text is all the
rest, so pdftotext alone reads a cut name whole: :func:`reading.elided` reads what each glyph
stands for, and :func:`reading.page_words` where each word is printed."""

from __future__ import annotations

from functools import cache

import pytest

from scorekeeper.printing import layout, packets, seasons, sheets
from scorekeeper.printing.packets import PacketTable, RoundPacket, StandingsPrint
from scorekeeper.rules import NAME_LENGTH, TEAM_NAME_LENGTH
from scorekeeper.service.club_night import EVENT_NAME_LENGTH
from scorekeeper.web.kitchen.printouts import TITLE_LENGTH
from tests.printing import reading
from tests.printing.reading import flat, pdf_pages_text

PT_MM = 25.4 / 72


def at_most(text: str, length: int) -> str:
    """``text`` repeated to ``length`` characters at most, ending at a whole word."""
    long = " ".join([text] * (length // len(text) + 1))
    return long[: long.rfind(" ", 0, length + 1)]


TEAM = "Bartholomew Fitzgerald-Montgomery & Maximiliana Oyelaran-Castellanos"
LONGEST_TEAM = at_most("Les Étoiles Filantes de Saint-Rémy-de-Provence", TEAM_NAME_LENGTH)
EVENT = at_most("Championnat d'Été du Club de Spades de Saint-Rémy-de-Provence", EVENT_NAME_LENGTH)
PEOPLE = ("Zoë Nguyễn-Thị-Hương", "سارة الحمدان", "Ümit Özdemir-Yılmazoğlu", "Ann Lee")
LONGEST = tuple(f"Maximiliana Abernathy-Holtzman{i}"[:NAME_LENGTH] for i in range(4))


def test_the_names_are_as_long_as_the_forms_allow():
    assert len(TEAM) < len(LONGEST_TEAM) <= TEAM_NAME_LENGTH < len(LONGEST_TEAM) + 12
    assert EVENT_NAME_LENGTH - 12 < len(EVENT) <= EVENT_NAME_LENGTH
    assert all(len(name) == NAME_LENGTH for name in LONGEST)


def table(number: int, people: tuple[str, ...], sides: tuple[str, ...]) -> PacketTable:
    seats = tuple(zip("NESW", people, strict=True))
    link = f"http://192.168.100.200:65000/g/{'x' * 22}{number}"
    return PacketTable(number, seats, people[1], link, sides)


@cache
def packet(longest: bool) -> bytes:
    """A round's packet: the issue's team name, accents and a right-to-left name; or every
    name at its form's limit (``longest``), the round's own name too."""
    if longest:
        tables = tuple(table(n, LONGEST, (LONGEST_TEAM, LONGEST_TEAM)) for n in (1, 2, 3))
        return packets.render_packet_pdf(
            RoundPacket(EVENT, 1, tables, round_name="Quarter-final of the Grand Championship")
        )
    tables = (table(1, PEOPLE, (TEAM, "")), table(2, LONGEST, ("Aces", LONGEST_TEAM)))
    return packets.render_packet_pdf(RoundPacket(EVENT, 2, tables, date="2026-11-19"))


@pytest.mark.parametrize("longest", [False, True])
def test_no_name_in_a_round_packet_is_cut_short(longest):
    body = packet(longest)
    assert reading.elided(body) == []
    pages = pdf_pages_text(body)
    pairings, sheets_ = flat(pages[0]), [flat(page) for page in pages[-3 if longest else -2 :]]
    names = [LONGEST_TEAM, *LONGEST] if longest else [TEAM, LONGEST_TEAM, *PEOPLE, *LONGEST]
    for name in names:
        assert name in pairings or name in flat(pdf_pages_text(body, layout=False)[0]), name
    assert EVENT in pairings and all(EVENT in sheet for sheet in sheets_)


def test_the_pairings_print_a_long_team_name_whole_wrapped_at_its_spaces():
    """Every word of the team's name is a word of its own on the pairings page, in order, and
    inside its column (it was one line cut at the column's edge: "Maximilian…")."""
    words = reading.page_words(packet(False), 1)
    texts = [w[0] for w in words]
    start = texts.index("Bartholomew")
    assert texts[start : start + 5] == TEAM.split()
    east = next(w for w in words if w[0] == "East")[1]  # the "East & West" column's head
    assert all(w[3] < east for w in words[start : start + 5])


def card_bottoms(paper: str = layout.DEFAULT_PAPER) -> list[float]:
    """Where each of a page's two table cards ends, in points from the top of the page: a card
    is half a page (pdf.py), the second below the first's dashed cut (print.css .card-cut)."""
    card = layout.half_height_mm(paper)
    cut = 4.8 + 0.6 + 5.0
    top = layout.PAGE_MARGIN_MM
    return [(top + card) / PT_MM, (top + 2 * card + cut) / PT_MM]


@pytest.mark.parametrize("longest", [False, True])
def test_every_table_card_holds_its_words_inside_its_face(longest):
    """The front face of a card with the longest names still ends with its last line, inside
    the card (it was drawn past the card's edge and hidden there, half a line showing)."""
    body = packet(longest)
    cards = 0
    for page in reading.card_pages(body):
        words = reading.page_words(body, page)
        ends = [w for w in words if w[0] == "score."]  # "... at this table to keep score."
        for end, bottom in zip(ends, card_bottoms(), strict=False):
            assert end[4] < bottom - 1, (page, end, bottom)
        cards += len(ends)
    assert cards == (3 if longest else 2)


def head_in_order(body: bytes, page: int, names: tuple[str, ...]) -> None:
    """A sheet's head prints its names, then its rules line under them, then its table under
    that: nothing of one drawn over the next or hidden under it (the head had a fixed height,
    the rules clipped away under long names, or names clipped under the rules)."""
    words = reading.page_words(body, page)
    rules = next(i for i, w in enumerate(words) if w[0] == "Rules")
    table = next(i for i, w in enumerate(words) if w[0] == "#")  # the table's first head
    wanted = {word for name in names for word in name.split()}
    named = [w for w in words[:rules] if w[0].strip("(),") in wanted]
    assert named and max(w[4] for w in named) <= words[rules][2], page
    assert max(w[4] for w in words[rules:table]) <= min(w[2] for w in words[table:]), page


@pytest.mark.parametrize("longest", [False, True])
def test_a_pre_filled_sheet_prints_its_names_whole_above_its_rules(longest):
    body = packet(longest)
    pages = pdf_pages_text(body)
    for page in range(len(pages) - (2 if not longest else 3) + 1, len(pages) + 1):
        assert "Winner" in pages[page - 1]  # the sheet is on its page, whole
        head_in_order(body, page, (LONGEST_TEAM, *LONGEST))


def test_a_blank_pads_long_title_and_names_print_above_its_rules():
    names = ("Bartholomew Fitzgerald-Montgo", "Maximiliana Oyelaran-Castella", *LONGEST[:2])
    title = at_most("Championnat d'Été de Saint-Rémy-de-Provence", TITLE_LENGTH)
    blank = sheets.blank_sheet(names, team_names=[TEAM[:NAME_LENGTH]] * 2, title=title)
    body = sheets.render_blank_pdf(blank)
    (page,) = pdf_pages_text(body)
    assert title in flat(page) and "Winner" in page
    assert reading.elided(body) == []
    head_in_order(body, 1, names)


def test_the_standings_print_every_name_whole():
    from scorekeeper.events import Entrant, EventConfig, SideScore, TableResult, standings

    entrants = [Entrant(1, LONGEST_TEAM, LONGEST[:2]), Entrant(2, TEAM, LONGEST[2:]),
                Entrant(3, PEOPLE[1], PEOPLE[:2])]  # fmt: skip
    results = [TableResult(1, 1, (SideScore((1,), 510, 3), SideScore((2,), 320, 2)))]
    rows = standings(entrants, results, EventConfig("swiss"))
    body = packets.render_standings_pdf(StandingsPrint(EVENT, rows))
    season = seasons.render_season_pdf(
        seasons.SeasonPrint(EVENT[:60], "2026", "3 points a win",
                            (("1", LONGEST_TEAM, 9, 2, 2, True, "ahead on wins"),))
    )  # fmt: skip
    for doc in (body, season):
        assert reading.elided(doc) == []
        printed = flat(" ".join(w[0] for w in reading.page_words(doc, 1)))
        assert LONGEST_TEAM in printed and TEAM in printed or doc is season


@pytest.mark.parametrize("per_page", [1, 2])
def test_a_right_to_left_dealers_name_prints_joined_and_right_to_left(per_page):
    """A pad's or a packet's dealer column prints "سارة الحمدان" as Arabic is written: its
    letters joined, right to left. SVG text is drawn letter by letter, left to right, so it
    printed four loose letters backwards; read left to right as printed (pdftotext's word
    boxes), a right-to-left word reads backwards, as the team's name in the sheet's head does."""
    arabic = "سارة الحمدان"
    blank = sheets.blank_sheet(["Ann", arabic, "Cy", "Zoë Nguyễn-Thị-Hương"], per_page=per_page)
    body = sheets.render_blank_pdf(blank)
    column = (sheets.HAND_COLUMN_MM + sheets.DEALER_COLUMN_MM + layout.PAGE_MARGIN_MM) / PT_MM
    dealers = [w for w in reading.page_words(body, 1) if w[3] < column and w[2] > 100]
    backwards = [w[0] for w in dealers if w[0] in ("ةراس", "نادمحلا")]
    assert len(backwards) == 2 * ((blank.row_count + 2) // 4) * per_page  # hands 2, 6, 10...
    assert not [w for w in dealers if w[0] in arabic.split()]  # never letters left to right
    assert "Zoë" in [w[0] for w in dealers]  # the others as before, in the drawing


def test_a_packets_sheet_prints_a_right_to_left_dealer_as_its_pairings_do():
    body = packet(False)
    last = reading.page_words(body, len(pdf_pages_text(body)) - 1)  # table 1's sheet
    assert {"ةراس", "نادمحلا"} <= {w[0] for w in last}
    assert not {"سارة", "الحمدان"} & {w[0] for w in last}


def dealer_cells(body: bytes) -> list[reading.Word]:
    """The words printed in a game sheet's dealer column, under its head, above the totals."""
    words = reading.page_words(body, 1)
    head = next(w for w in words if w[0] == "Dealer")
    now = next(w for w in words if w[0] == "Now")
    left = next(w for w in words if w[0] == "Bid")[1]  # the first column after the dealer's
    column = (layout.PAGE_MARGIN_MM + sheets.HAND_COLUMN_MM) / PT_MM
    return [
        w for w in words
        if head[4] < w[2] < now[2] and column < w[1] and w[3] < left
        and w[4] - w[2] > 8.5  # 8 pt, not a why line's 6.5 pt
    ]  # fmt: skip


def test_a_game_sheets_dealer_column_breaks_names_between_words_not_inside_them():
    """The printed game's dealer column is as wide as its longest word needs, within limits:
    "Bartholomew" printed whole, not "Bartholo" over "mew"; a word no column could hold (a
    30-letter single word) still breaks, inside the column."""
    from scorekeeper.rules import parse_game, score_game
    from scorekeeper.rules.sample import steady_game

    names = ("Bartholomew Fitzgerald-Montgo", "Maximiliana Oyelaran-Castella",
             "Zoë Nguyễn-Thị-Hương", "Wolfeschlegelsteinhausenbergdo")  # fmt: skip
    game = parse_game(steady_game(8, names, target=5000))
    body = sheets.render_game_pdf(game, score_game(game))
    printed = [w[0] for w in dealer_cells(body)]
    for word in ("Bartholomew", "Maximiliana", "Zoë", "Fitzgerald-"):
        assert word in printed, printed
    assert flat(" ".join(printed)).count("Oyelaran-Castella") == 2  # hands 2 and 6
