"""A hand of Call Break on a phone at 390 px (issue 22): four players without partners, started
from the preset as a scorer would, the bids and tricks tapped; the totals read in tenths (3.2,
never 3.2000000001), on the page, its PDF (text and picture) and the stored file's sheet; axe
finds nothing."""

from __future__ import annotations

import re
import subprocess
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.browser.phone import check_axe, play, start_game, stored_sheet
from tests.conftest import SHOTS

pytestmark = pytest.mark.browser

BAG = re.compile(r"\bbags?\b", re.I)


def check_no_bags(page):
    """Call Break has no bags: the sheet's heads are a side's bid, tricks and score, and no word
    the page shows says "bag" (its totals, hints, rules line, why-lines)."""
    expect(page.locator("table.sheet thead tr + tr th")).to_have_text(["Bid", "Took", "Score"] * 4)
    shown = page.inner_text("main")
    assert not BAG.search(shown), BAG.findall(shown)


def test_a_hand_of_call_break_scores_in_tenths_everywhere(
    page, live_server, tmp_path, shot, pytestconfig
):
    page.set_viewport_size({"width": 390, "height": 844})
    url = start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="call-break")
    assert page.locator("#contract-0").count() == 1  # four sides: every player bids
    assert "A game of 5 hands" in page.inner_text(".status")
    check_axe(page)  # the bids step
    # Bob bids first (Ann deals); the last bid moves on to the tricks
    play(page, {"bid-1": "4", "bid-2": "2", "bid-3": "2", "bid-0": "3"},
         {"tricks-0": "5", "tricks-1": "3", "tricks-2": "2"})  # fmt: skip
    cells = page.locator("table.sheet tfoot td").all_inner_texts()
    totals = [cells[2 * i + 1] for i in range(4)]  # a side's "needs" cell, then its total
    assert totals == ["3.2", "\u22124.0", "2.0", "2.1"]  # Di's 3 tricks filled in for her
    check_no_bags(page)
    sheet = stored_sheet(page, url)
    assert [sheet.totals[s] for s in sheet.sides] == [
        Decimal("3.2"), Decimal("-4.0"), Decimal("2.0"), Decimal("2.1")]  # fmt: skip
    row = page.locator("table.sheet tbody tr").first.inner_text()
    assert "+3.2" in row and "\u22124.0" in row
    assert "Ann" in page.inner_text(".status") and "3.2" in page.inner_text(".status")
    check_axe(page)  # the sheet after a hand
    shot(page, "call-break-390.png", full_page=True)
    # the hand's why-lines, a tap away
    with page.expect_navigation():  # #hand is on both pages: the hand's, loaded, for axe
        page.locator("table.sheet tbody tr").first.locator("a").click()
    expect(page.locator("#hand")).to_contain_text("call 3, took 5: +3.0, 2 over +0.2")
    check_no_bags(page)
    check_axe(page)
    # the PDF of the game shows tenths
    pdf = page.request.get(url + "/sheet.pdf")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    path = tmp_path / "call-break.pdf"
    path.write_bytes(pdf.body())
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    for shown in ("3.2", "\u22124.0", "2.0", "2.1", "call 3, took 5: +3.0, 2 over +0.2"):
        assert shown in text, shown
    assert not BAG.search(text), text  # Call Break has no bags: no column, no word
    assert not re.search(r"\d\.\d{2,}", text)  # no float tails: 3.2, never 3.2000000001
    if pytestconfig.getoption("shots"):  # its picture, as the shot fixture keeps pages'
        SHOTS.mkdir(exist_ok=True)
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path),
                        str(SHOTS / "call-break-pdf")], check=True)  # fmt: skip


def test_call_break_at_320_reads_without_bags(page, live_server, shot):
    """The smallest phone: the totals above the sheet whole, the sheet three cells a player
    (it scrolls sideways, as four sides always did), no word of bags; axe finds nothing."""
    page.set_viewport_size({"width": 320, "height": 640})
    start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="call-break")
    play(page, {"bid-1": "4", "bid-2": "2", "bid-3": "2", "bid-0": "3"},
         {"tricks-0": "5", "tricks-1": "3", "tricks-2": "2"})  # fmt: skip
    expect(page.locator("#now .score b")).to_have_text(["3.2", "\u22124.0", "2.0", "2.1"])
    check_no_bags(page)
    check_axe(page)
    shot(page, "call-break-320.png", full_page=True)
