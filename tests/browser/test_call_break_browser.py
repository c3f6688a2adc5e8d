"""A hand of Call Break on a phone at 390 px (issue 22): four players without partners, started
from the preset as a scorer would, the bids and tricks tapped; the totals read in tenths (3.2,
never 3.2000000001), on the page, its PDF (text and picture) and the stored file's sheet; axe
finds nothing."""

from __future__ import annotations

import re
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

from tests.browser.phone import check_axe, play, start_game, stored_sheet

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/scorekeeper-shots")  # pictures to look at, not compared


def test_a_hand_of_call_break_scores_in_tenths_everywhere(page, live_server, tmp_path):
    page.set_viewport_size({"width": 390, "height": 844})
    url = start_game(page, live_server, ["Ann", "Bob", "Cy", "Di"], preset="call-break")
    assert page.locator("#contract-0").count() == 1  # four sides: every player bids
    assert "A game of 5 hands" in page.inner_text(".status")
    check_axe(page)  # the bids step
    # Bob bids first (Ann deals); the last bid moves on to the tricks
    play(page, {"bid-1": "4", "bid-2": "2", "bid-3": "2", "bid-0": "3"},
         {"tricks-0": "5", "tricks-1": "3", "tricks-2": "2"})  # fmt: skip
    cells = page.locator("table.sheet tfoot td").all_inner_texts()
    totals = [cells[3 * i + 1] for i in range(4)]
    assert totals == ["3.2", "\u22124.0", "2.0", "2.1"]  # Di's 3 tricks filled in for her
    sheet = stored_sheet(page, url)
    assert [sheet.totals[s] for s in sheet.sides] == [
        Decimal("3.2"), Decimal("-4.0"), Decimal("2.0"), Decimal("2.1")]  # fmt: skip
    row = page.locator("table.sheet tbody tr").first.inner_text()
    assert "+3.2" in row and "\u22124.0" in row
    assert "Ann" in page.inner_text(".status") and "3.2" in page.inner_text(".status")
    check_axe(page)  # the sheet after a hand
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "call-break-390.png"), full_page=True)
    # the hand's why-lines, a tap away
    page.locator("table.sheet tbody tr").first.locator("a").click()
    assert "bid 3, took 5: +3.0, 2 over +0.2" in page.inner_text("#hand")
    check_axe(page)
    # the PDF of the game shows tenths
    pdf = page.request.get(url + "/sheet.pdf")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    path = tmp_path / "call-break.pdf"
    path.write_bytes(pdf.body())
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    for shown in ("3.2", "\u22124.0", "2.0", "2.1", "bid 3, took 5: +3.0, 2 over +0.2"):
        assert shown in text, shown
    assert not re.search(r"\d\.\d{2,}", text)  # no float tails: 3.2, never 3.2000000001
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path),
                    str(SHOTS / "call-break-pdf")], check=True)  # fmt: skip
