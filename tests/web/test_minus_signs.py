"""One minus sign on every page and PDF of a game (issue 17): the typographic minus (U+2212)
everywhere a person reads a number, the plain hyphen-minus only in files (the game file, the CLI's
text as docs/contract.md shows it). Before: "−100" beside "-56" on one screen."""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from scorekeeper.rules.words import MINUS, figure, signed, with_minus
from scorekeeper.service.club_night import views as club_night_views
from scorekeeper.web.club_night import projector
from tests.helpers import game_file

HYPHEN_NUMBER = re.compile(r"(?<![\w\-/.:])-\d")  # "-56", not "2026-11-24", "a-1" or a path

NEGATIVE_HANDS = [  # a set, a lost nil, a bag penalty: negative points and totals on the sheet
    {"bids": {"Ann": 4, "Bob": "nil", "Cy": 4, "Di": 4},
     "tricks": {"Ann & Cy": 5, "Bob": 2, "Di": 6}},
    {"bids": {"Ann": 5, "Bob": 3, "Cy": 4, "Di": 1}, "tricks": {"Ann & Cy": 6, "Bob & Di": 7}},
]  # fmt: skip
START = {"Ann & Cy": {"score": -120, "bags": 9}, "Bob & Di": {"score": 40, "bags": 9}}


class Text(HTMLParser):
    """What a person reads on a page: its text, without tags, scripts or attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def read(html: str) -> str:
    parser = Text()
    parser.feed(html)
    return " ".join(parser.parts)


def pdf_text(body: bytes) -> str:
    run = subprocess.run(["pdftotext", "-", "-"], input=body, capture_output=True, check=True)
    return run.stdout.decode()


@pytest.fixture
def record(db):
    data = game_file(
        NEGATIVE_HANDS, start=START, rules={"preset": "standard", "overtrick_value": -2}
    )
    sheet = score_game(parse_game(data))
    assert min(sheet.totals.values()) < 0  # the game shows negative figures to check
    return store.create_game(db, data, finished=sheet.finished, winner=sheet.winner)


def pages(client, record):
    edit, view = record.edit_token, record.view_token
    yield "the game page", read(client.get(f"/g/{edit}").get_data(as_text=True))
    for n in (1, 2):  # the why-lines of each hand
        yield f"hand {n}", read(client.get(f"/g/{edit}?hand={n}").get_data(as_text=True))
        delete = client.get(f"/g/{edit}/hands/{n}/delete")  # its why, asked before deleting
        yield f"deleting hand {n}", read(delete.get_data(as_text=True))
    yield "the rules page", read(client.get(f"/g/{edit}/rules").get_data(as_text=True))
    yield "read-only", read(client.get(f"/v/{view}").get_data(as_text=True))
    yield "home", read(client.get("/").get_data(as_text=True))
    yield "the chart", read(client.get(f"/g/{edit}/chart.svg").get_data(as_text=True))
    yield "the PDF sheet", pdf_text(client.get(f"/g/{edit}/sheet.pdf").data)
    yield "the read-only PDF", pdf_text(client.get(f"/v/{view}/sheet.pdf").data)
    fields = {"players": "4", "teams": "y", "name1": "Ann", "name2": "Bob", "name3": "Cy",
              "name4": "Di", "preset": "three-player", "rows": "10", "per_page": "1",
              "pages": "1", "paper": "a4"}  # fmt: skip
    blank = client.post("/print/blank", data=fields)
    assert blank.mimetype == "application/pdf"
    yield "the blank sheet", pdf_text(blank.data)


def test_every_page_and_pdf_of_a_game_shows_one_minus_sign(client, record):
    seen = 0
    for where, text in pages(client, record):
        found = [text[max(0, m.start() - 50) : m.end()] for m in HYPHEN_NUMBER.finditer(text)]
        assert not found, (where, found)
        seen += MINUS in text
    assert seen >= 6  # the negative figures are there, with the true minus


def test_files_keep_the_plain_hyphen_minus(client, record):
    exported = client.get(f"/g/{record.edit_token}/game.json").get_data(as_text=True)
    assert MINUS not in exported and '"score": -120' in exported


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("set: bid 8, took 6: -80", f"set: bid 8, took 6: {MINUS}80"),
        ("20 bags: -100; 3 bags -6", f"20 bags: {MINUS}100; 3 bags {MINUS}6"),
        ("Bob nil, took 2: -100", f"Bob nil, took 2: {MINUS}100"),
        ("adjust: +50 (Ann-2 aces)", "adjust: +50 (Ann-2 aces)"),  # a name's hyphen stays
        ("2026-11-24", "2026-11-24"),
    ],
)
def test_why_lines_read_with_the_minus_sign(text, shown):
    assert with_minus(text) == shown


def test_every_minus_helper_says_it_the_one_way():
    for n in (-1040, -30, 0, 7, 120):
        assert projector.signed(n) == signed(n)
        assert club_night_views._points(n) == figure(n)  # noqa: SLF001 -- the helper itself
