"""Printed sheets: what the PDFs say (read back with poppler's pdftotext), how they paginate,
and that rendering fetches nothing and prints names as typed."""

from __future__ import annotations

import io
import re
import socket
import subprocess
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from scorekeeper import paths
from scorekeeper.printing import layout, pdf, sheets
from scorekeeper.rules import parse_game, preset_rules, rules_summary, score_game
from scorekeeper.rules.sample import steady_game
from scorekeeper.rules.words import figure

NAMES = ("Ann", "Bob", "Cy", "Di")


def game_data(hands: int, names: tuple[str, ...] = NAMES, target: int = 5000, **rules: Any):
    return steady_game(hands, names, target, **rules)


def render(data: dict[str, Any], **options: Any) -> tuple[bytes, Any]:
    game = parse_game(data)
    sheet = score_game(game)
    return sheets.render_game_pdf(game, sheet, **options), sheet


def pdf_text(body: bytes, *, layout: bool = True) -> str:
    """The PDF's text as poppler reads it (pages separated by form feeds)."""
    args = ["pdftotext", *(["-layout"] if layout else []), "-", "-"]
    return subprocess.run(args, input=body, capture_output=True, check=True).stdout.decode()


def pages(body: bytes) -> int:
    return len(PdfReader(io.BytesIO(body)).pages)


def finished_game_data(target: int) -> dict[str, Any]:
    """The shortest game of :func:`game_data` hands that someone wins."""
    for hands in range(1, 200):
        data = game_data(hands, target=target)
        if score_game(parse_game(data)).finished:
            return data
    raise AssertionError("no game of up to 200 hands ends")


# --- the game sheet ---------------------------------------------------------------------------


def test_game_sheet_prints_every_name_every_running_total_and_the_winner():
    body, sheet = render(finished_game_data(300), title="Friday night", date="2026-11-20")
    assert sheet.finished and sheet.winner
    text = pdf_text(body)
    for name in (*NAMES, *sheet.sides):
        assert name in text
    assert "Friday night" in text and "20 November 2026" in text
    rows = {}
    for line in text.splitlines():
        words = line.split()
        if words and words[0].isdigit() and int(words[0]) not in rows:
            rows[int(words[0])] = words  # a hand's row starts with its number
    for hand in sheet.hands:
        assert rows[hand.number][1] == hand.dealer  # the dealer column
        if hand.void:
            assert "Misdeal" in rows[hand.number]
            continue
        start = 2
        for side in sheet.sides:  # every running total, in side order
            start = rows[hand.number].index(figure(hand.sides[side].total), start) + 1
    assert f"Winner: {sheet.winner}, reached 300" in text


def test_sets_and_bag_penalties_are_marked():
    body, sheet = render(game_data(30))
    text = pdf_text(body)
    sets = sum(r.set for h in sheet.hands if not h.void for r in h.sides.values())
    penalties = [r for h in sheet.hands if not h.void for r in h.sides.values() if r.bag_penalty]
    assert sets and penalties
    assert len(re.findall(r"\sset\s", text)) >= sets  # a wide score wraps its change: "set\n"
    assert text.count("\u2212100") >= len(penalties)


def test_the_rules_in_force_are_summarised_at_the_top():
    body, _ = render(game_data(3, nil_value=50))
    top = pdf_text(body).split("Dealer")[0]
    assert "Standard rules" in top and "game to 5000" in top and "nil 50" in top


def test_a_sixty_hand_game_spans_pages_with_the_header_row_on_each():
    body, sheet = render(game_data(60), title="Marathon")
    assert not sheet.finished
    texts = pdf_text(body).split("\f")
    texts = [t for t in texts if t.strip()]
    assert len(texts) == pages(body) > 1
    for number, text in enumerate(texts, 1):
        assert "Bid" in text and "Took" in text and "Score" in text and "Bags" in text
        assert all(side in text for side in sheet.sides)
        assert f"page {number} of {len(texts)}" in text


def test_html_in_a_name_prints_as_those_characters():
    names = ("<b>Ann</b>", "B</td><style>*{x:y}</style>", "Cy", "D&amp;i")
    body, _ = render(game_data(4, names=names), title="<i>Friday</i>")
    text = pdf_text(body, layout=False)
    for name in (*names, "<i>Friday</i>"):
        assert name in text


def test_the_dealer_column_prints_a_long_name_whole_inside_it():
    """A name at the form's limit (30 letters) dealing: the dealer column wraps it inside its
    width (sheets.dealer_column_mm), every letter printed there (it was cut at the column's
    edge: "Bartholom")."""
    long_name = "Bartholomew Fitzgerald-Ramirez"
    body, _ = render(game_data(2, names=(long_name, "Bob", "Cy", "Di")))
    words = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
        subprocess.run(
            ["pdftotext", "-bbox", "-", "-"], input=body, capture_output=True, check=True
        ).stdout.decode(),
    )
    head = next((float(x1), float(x2), float(y)) for x1, y, x2, w in words if w == "Dealer")
    middle, top = (head[0] + head[1]) / 2, head[2]  # the column is centred under its head
    half = sheets.dealer_column_mm([long_name]) / 2 * 72 / 25.4  # in points
    row = next(float(y) for _, y, _, word in words if word == "Hand")  # hand 1's why line
    cell = [
        (float(x1), float(x2), w)
        for x1, y, x2, w in words
        if top < float(y) < row and abs(float(x1) - middle) < half
    ]
    assert "".join(w for _, _, w in cell) == long_name.replace(" ", "")
    assert all(middle - half <= x1 and x2 <= middle + half for x1, x2, _ in cell), cell


@pytest.mark.parametrize(("paper_size", "size"), [("letter", (612, 792)), ("a4", (595, 842))])
def test_paper_size_is_letter_or_a4(paper_size, size):
    body, _ = render(game_data(2), paper_size=paper_size)
    box = PdfReader(io.BytesIO(body)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


def test_an_unknown_paper_size_falls_back_to_letter():
    assert pdf.known_paper_size("tabloid") == pdf.known_paper_size(None) == "letter"
    assert pdf.known_paper_size(" A4 ") == "a4"


def test_cutthroat_with_four_sides_prints_landscape():
    data = game_data(3)
    del data["teams"]
    body, sheet = render(data)
    assert len(sheet.sides) == 4
    box = PdfReader(io.BytesIO(body)).pages[0].mediabox
    assert float(box.width) > float(box.height)


# --- safe rendering ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/style.css",
        "https://example.com/x.png",
        "data:text/css,body{color:red}",
        "file:///etc/passwd",
        (paths.STATIC / ".." / "pyproject.toml").as_uri(),
        (paths.STATIC / "no-such-file.css").as_uri(),
        "ftp://example.com/x",
    ],
)
def test_the_fetcher_refuses_anything_but_static_files(url):
    with pytest.raises(ValueError, match="only the app's static files"):
        pdf.FETCHER.fetch(url)


def test_the_fetcher_serves_a_static_file():
    response = pdf.FETCHER.fetch((paths.STATIC / "print.css").as_uri())
    assert response.content_type == "text/css"
    assert b"@page" in response.read()


def test_rendering_makes_no_network_connection():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    try:
        html = (
            f'<link rel="stylesheet" href="http://127.0.0.1:{port}/a.css">'
            f'<img src="http://127.0.0.1:{port}/b.png"><p style="background: '
            f'url(http://127.0.0.1:{port}/c.png)">x</p>'
        )
        assert pdf.html_to_pdf(html).startswith(b"%PDF")
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody called
    finally:
        listener.close()


def test_the_print_stylesheet_is_parsed_once(monkeypatch):
    pdf.stylesheets("letter")
    assert pdf.stylesheets("letter") is pdf.stylesheets("letter")
    parsed = []
    real = pdf.weasyprint.CSS
    monkeypatch.setattr(pdf.weasyprint, "CSS", lambda *a, **k: parsed.append(k) or real(*a, **k))
    render(game_data(2))
    render(game_data(3))
    assert parsed == []


# --- the rules summary ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "says", "never"),
    [
        ("standard", ["Standard rules", "game to 500", "10 bags: \u2212100", "nil 100",
                      "blind nil 200", "blind when 100 behind"], ["board", "no nil"]),
        ("nyc", ["NYC rules", "partnership bids", "board 4", "bid at most 10", "no nil",
                 "no bag limit", "over 2 bags is a set", "blind 6+ \u00d72, set \u00d71",
                 "10 for 200", "set 2 in a row: out", "first hand without bids"], ["blind nil"]),
        ("military", ["board 4", "blind 6+ \u00d72, set \u00d71, no bags",
                      "10 for 200 (set \u2212100)", "all the tricks win the game"], []),
        ("barmore", ["blind 7+ \u00d72", "blind any time", "no nil"], ["blind when"]),
        ("three-player", ["game to 300", "17 tricks", "bags \u221210", "no bag limit"], []),
    ],
)  # fmt: skip
def test_rules_summary(preset, says, never):
    players = 3 if preset == "three-player" else 4
    summary = " \u00b7 ".join(rules_summary(preset_rules(preset), preset, players))
    for phrase in says:
        assert phrase in summary
    for phrase in never:
        assert phrase not in summary


@pytest.mark.parametrize(
    ("preset", "players", "said"),
    [
        ("standard", 3, "17 tricks for 3 players"),  # Standard says 13: why 17 is said
        ("standard", 5, "10 tricks for 5 players"),
        ("three-player", 3, "17 tricks for 3 players"),
        ("standard", 4, "13 tricks"),
    ],
)
def test_tricks_other_than_13_say_they_come_from_the_players(preset, players, said):
    summary = rules_summary(preset_rules(preset), preset, players)
    assert said in summary


def test_a_three_player_standard_blank_sheet_says_why_17_tricks():
    blank = sheets.blank_sheet(players=3, teams=False, paper_size="letter")
    text = " ".join(pdf_text(sheets.render_blank_pdf(blank)).split())
    assert "17 tricks for 3 players" in text


# --- blank sheets -----------------------------------------------------------------------------


@pytest.mark.parametrize("paper_size", ["letter", "a4"])
@pytest.mark.parametrize(("players", "teams"), [(4, True), (3, False), (6, True), (4, False)])
def test_blank_sheet_rows_fill_one_page_and_no_more(paper_size, players, teams):
    blank = sheets.blank_sheet(players=players, teams=teams, paper_size=paper_size)
    assert pages(sheets.render_blank_pdf(blank)) == 1
    more = sheets.blank_sheet(
        players=players, teams=teams, paper_size=paper_size, rows=blank.row_count + 2
    )
    assert pages(sheets.render_blank_pdf(more)) == 2


@pytest.mark.parametrize("paper_size", ["letter", "a4"])
def test_two_blank_sheets_fit_on_one_page(paper_size):
    blank = sheets.blank_sheet(
        ["Ann", "Bob", "Cy", "Di"], per_page=2, pages=2, paper_size=paper_size
    )
    body = sheets.render_blank_pdf(blank)
    assert pages(body) == 2
    text = pdf_text(body)
    assert text.count("Date") == 4  # two sheets on each of two pages
    assert text.count("Ann & Cy") >= 4


def test_blank_sheet_has_the_columns_names_and_rules():
    blank = sheets.blank_sheet(
        ["Ann", "", "Cy", ""], rules=preset_rules("nyc"), preset="nyc", rows=12, title="Club"
    )
    text = pdf_text(sheets.render_blank_pdf(blank))
    assert "Club" in text and "NYC rules" in text and "board 4" in text
    assert "Ann & Cy" in text and "(Ann, Cy)" in text
    for column in ("Dealer", "Bid", "Took", "Score", "Bags", "Total"):
        assert column in text
    numbers = [line.strip() for line in text.split("Total")[-1].split("Winner")[0].splitlines()]
    assert [n for n in numbers if n] == [str(n) for n in range(1, 13)]


def word_boxes(body: bytes) -> list[list[tuple[str, float, float]]]:
    """Each page's words as poppler places them: (word, left, right) in millimetres."""
    args = ["pdftotext", "-bbox", "-", "-"]
    out = subprocess.run(args, input=body, capture_output=True, check=True).stdout.decode()
    found: list[list[tuple[str, float, float]]] = []
    for page in out.split("<page ")[1:]:
        words = re.findall(
            r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)<', page
        )
        found.append([(w, float(a) * 25.4 / 72, float(b) * 25.4 / 72) for a, b, w in words])
    return found


@pytest.mark.parametrize(("paper_size", "players"), [("letter", 4), ("a4", 4), ("a4", 3)])
def test_blank_sheet_column_heads_are_centred_in_their_columns_on_every_page(paper_size, players):
    """The heads are drawn letter by letter from the font's advances (sheets.HEAD_ADVANCE):
    each sits in the middle of its column, on every page of a pad."""
    blank = sheets.blank_sheet(players=players, teams=True, paper_size=paper_size, rows=40)
    body = sheets.render_blank_pdf(blank)
    sides = len(blank.sides)
    width = layout.page_mm(paper_size)[0] - 2 * layout.PAGE_MARGIN_MM
    first = layout.PAGE_MARGIN_MM + sheets.HAND_COLUMN_MM + sheets.DEALER_COLUMN_MM
    each = (width - sheets.HAND_COLUMN_MM - sheets.DEALER_COLUMN_MM) / (5 * sides)
    boxes = word_boxes(body)
    assert len(boxes) == pages(body) == 2
    for words in boxes:
        heads = [w for w in words if w[0] in sheets.COLUMN_HEADS]
        assert [w[0] for w in heads] == list(sheets.COLUMN_HEADS) * sides
        for column, (_, left, right) in enumerate(heads):
            assert abs((left + right) / 2 - (first + each * (column + 0.5))) < 0.5


def test_a_race_blank_sheet_prints_what_a_race_has():
    """Urban rules: a race has no bid and no bags, and a match of best of three games takes
    three hands at most: the sheet heads each side Took and Games, and prints four rows (three
    and one for a misdeal), not a page of 27; the heads sit in the middle of their columns."""
    blank = sheets.blank_sheet(NAMES, rules=preset_rules("urban"), preset="urban")
    assert blank.row_count == 4
    body = sheets.render_blank_pdf(blank)
    [words] = word_boxes(body)
    heads = [w for w in words if w[0] in sheets.COLUMN_HEADS + sheets.RACE_HEADS]
    assert [w[0] for w in heads] == ["Took", "Games", "Took", "Games"]
    first = layout.PAGE_MARGIN_MM + sheets.HAND_COLUMN_MM + sheets.DEALER_COLUMN_MM
    width = layout.page_mm(blank.paper_size)[0] - 2 * layout.PAGE_MARGIN_MM
    each = (width - sheets.HAND_COLUMN_MM - sheets.DEALER_COLUMN_MM) / 4
    for column, (_, left, right) in enumerate(heads):
        assert abs((left + right) / 2 - (first + each * (column + 0.5))) < 0.5
    numbers = [w[0] for w in words if w[0].isdigit()]
    assert "4" in numbers and "5" not in numbers  # the rows' hand numbers end at 4


def test_a_race_game_sheet_has_no_bid_and_no_bags():
    data = {"format": "spades-scorekeeper/1", "players": list(NAMES), "rules": "urban",
            "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
            "hands": [{"tricks": {"Ann & Cy": 8, "Bob & Di": 5}},
                      {"tricks": {"Ann & Cy": 7, "Bob & Di": 6}}]}  # fmt: skip
    body, sheet = render(data)
    text = pdf_text(body)
    assert sheet.totals == {"Ann & Cy": 2, "Bob & Di": 0}
    assert "Took" in text and "Games" in text
    assert "Bid" not in text and "Bags" not in text


def test_the_column_heads_widths_are_the_fonts_own():
    font = TTFont(
        subprocess.run(
            ["fc-match", "-f", "%{file}", "DejaVu Sans:bold"], capture_output=True, check=True
        ).stdout.decode()
    )
    cmap, advances = font.getBestCmap(), font["hmtx"]
    assert font["head"].unitsPerEm == 2048
    assert set(sheets.HEAD_ADVANCE) == set("".join(sheets.COLUMN_HEADS + sheets.RACE_HEADS))
    for letter, advance in sheets.HEAD_ADVANCE.items():
        assert advances[cmap[ord(letter)]][0] == advance, letter


def test_blank_sheet_with_no_names_leaves_them_to_write():
    blank = sheets.blank_sheet(players=4, teams=True)
    assert blank.sides == ("", "") and blank.members == (("", ""), ("", ""))
    text = pdf_text(sheets.render_blank_pdf(blank))
    assert " vs " not in text


@pytest.mark.parametrize(
    ("names", "players", "teams", "sides"),
    [
        (["Ann", "Bob", "Cy", "Di"], 4, True, ("Ann & Cy", "Bob & Di")),
        (["Ann", "Bob", "Cy"], 3, True, ("Ann", "Bob", "Cy")),  # three cannot pair up
        (["A", "B", "C", "D", "E", "F"], 6, True, ("A & D", "B & E", "C & F")),
        (["Ann", "Bob"], 4, False, ("Ann", "Bob", "", "")),
        ([" Ann ", "", "Cy", ""], 4, True, ("Ann & Cy", "")),
    ],
)
def test_blank_sheet_sides_from_names(names, players, teams, sides):
    assert sheets.blank_sheet(names, players=players, teams=teams).sides == sides


def test_blank_sheet_rows_are_capped():
    assert sheets.blank_sheet(rows=500).row_count == sheets.MAX_BLANK_ROWS
    two = sheets.blank_sheet(rows=500, per_page=2)
    assert two.row_count == two.fill_rows()


def test_a_call_break_score_and_its_change_stay_in_their_column():
    """Call Break's PDF (four sides, tenths): "12.3 +4.1" is wider than a score column of a
    landscape page of sixteen, and the hand's change ran over the column's rule into the next
    (the walk of issue 22's presets saw it); it wraps under the score instead."""
    hand = {"bids": {"Ann": 4, "Bob": 2, "Cy": 3, "Di": 3},
            "tricks": {"Ann": 5, "Bob": 2, "Cy": 3, "Di": 3}}  # fmt: skip
    game = parse_game({"format": "spades-scorekeeper/1", "rules": "call-break",
                       "players": ["Ann", "Bob", "Cy", "Di"], "hands": [hand] * 5})  # fmt: skip
    sheet = score_game(game)
    body = sheets.render_game_pdf(game, sheet, paper_size="letter")
    words = word_boxes(body)[0]
    # Bid and Took are of one width (the distance between their heads' centres), the score
    # column wider: its left edge lies half a column right of Took's centre, its right edge as
    # far right of its head's centre (no Bags: Call Break has none, so the score is a side's
    # last column)
    heads = ("Bid", "Took", "Score", "Bags")
    centre = {h: [(a + b) / 2 for w, a, b in words if w == h] for h in heads}
    assert len(centre["Score"]) == 4 and not centre["Bags"]
    columns = zip(centre["Bid"], centre["Took"], centre["Score"], strict=True)
    scores = [(t + (t - b) / 2, 2 * s - t - (t - b) / 2) for b, t, s in columns]
    changes = [w for w in words if w[0] in ("+4.1", "+2.0", "+3.0")]
    assert len(changes) == 4 * 5  # each hand's four (the why-lines' have a comma or a stop)
    for word, left, right in changes:
        assert any(lo <= left and right <= hi for lo, hi in scores), (word, left, right, scores)
