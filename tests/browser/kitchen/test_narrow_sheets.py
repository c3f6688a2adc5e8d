"""What a person sees of the sheets and tables at 390 px (and 1366 px), issue 23, measured by
the boxes of the words themselves: the three-player sheet's column heads apart ("Took Score
Bags", never "TookScoreBags"), a hand's "−60 set" on one line, a side's Bags and the next side's
Bid off the rule between them, the last figure off the screen's edge; the kitchen Stats table
saying that it scrolls, with its name column in view, and "Bags per hand"."""

from __future__ import annotations

import pytest

from scorekeeper.rules.sample import steady_game
from tests.browser.phone import PHONE_AND_LAPTOP, phone_at
from tests.helpers import game_file, store_game

pytestmark = pytest.mark.browser

SIZES = PHONE_AND_LAPTOP

THREE = {
    "format": "spades-scorekeeper/1", "rules": "three-player",
    "players": ["Annabelle", "Bartholomew", "Cy"],
    "hands": [
        {"bids": {"Annabelle": 4, "Bartholomew": 5, "Cy": 3},
         "tricks": {"Annabelle": 3, "Bartholomew": 6, "Cy": 8}},
        {"bids": {"Annabelle": 6, "Bartholomew": 2, "Cy": 4},
         "tricks": {"Annabelle": 4, "Bartholomew": 3, "Cy": 10}},
    ],
}  # fmt: skip
TWO = game_file(
    [{"bids": {"Ann": 4, "Bob": 3, "Cy": 4, "Di": 2}, "tricks": {"Ann & Cy": 6, "Bob & Di": 7}},
     {"bids": {"Ann": 6, "Bob": 3, "Cy": 4, "Di": 2}, "tricks": {"Ann & Cy": 6, "Bob & Di": 7}}]
)  # fmt: skip


phone = phone_at(SIZES)


# The boxes of the words in an element (not of its cell, which touches the next cell).
WORDS = """el => { const r = document.createRange(); r.selectNodeContents(el);
  return Array.from(r.getClientRects()).filter(b => b.width > 0)
    .map(b => ({left: b.left, right: b.right, top: b.top, bottom: b.bottom})); }"""


def words(locator) -> dict[str, float]:
    """The box around an element's words: left, right, top, bottom, and the lines they take."""
    rects = locator.evaluate(WORDS)
    assert rects, locator
    lines = len({round(r["top"]) for r in rects})
    return {
        "left": min(r["left"] for r in rects), "right": max(r["right"] for r in rects),
        "top": min(r["top"] for r in rects), "bottom": max(r["bottom"] for r in rects),
        "lines": lines,
    }  # fmt: skip


@pytest.mark.parametrize("data", [THREE, TWO], ids=["three-player", "two teams"])
def test_the_sheets_heads_and_figures_stand_apart_and_off_the_edge(
    phone, live_server, live_db, data
):
    phone.goto(f"{live_server}/g/{store_game(live_db, data).edit_token}")
    sides = len(data.get("teams") or data["players"])
    heads = phone.locator("table.sheet thead tr:nth-child(2) th")
    assert heads.count() == 4 * sides
    boxes = [words(heads.nth(i)) for i in range(heads.count())]
    texts = heads.all_inner_texts()
    for i in range(1, len(boxes)):
        gap = boxes[i]["left"] - boxes[i - 1]["right"]
        within_a_side = i % 4 != 0  # a space apart at least ("Score Bags" touched at 2 px)
        assert gap >= (4 if within_a_side else 5), (texts[i - 1], texts[i], gap)
    width = phone.viewport_size["width"]
    phone.locator("table.sheet").screenshot(
        path=f"/tmp/scorekeeper-shots/sheet-{sides}-{width}.png"
    )
    # Each hand's points and "set" on one line, under its score.
    sets = phone.locator("table.sheet td.set small")
    assert sets.count() >= 1
    for i in range(sets.count()):
        box = words(sets.nth(i))
        assert box["lines"] == 1, (sets.nth(i).inner_text(), box)
        assert "set" in sets.nth(i).inner_text()
    # The rule between two sides: the figures beside it stand off it.
    cells = phone.locator("table.sheet tbody tr").first.locator("td")
    for k in range(1, sides):
        bags, bid = cells.nth(4 * k - 1), cells.nth(4 * k)
        rule = bid.bounding_box()["x"]
        assert words(bags)["right"] <= rule - 2 and words(bid)["left"] >= rule + 4
    # The last figure of each row off the screen's edge (the sheet fits: nothing to scroll).
    width = phone.viewport_size["width"]
    wrap = phone.locator(".sheet-wrap")
    fits = wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
    assert fits
    for row in (
        "table.sheet thead tr:nth-child(2)",
        "table.sheet tbody tr",
        "table.sheet tfoot tr",
    ):
        last = phone.locator(row).first.locator("th, td").last
        assert (
            words(last)["right"]
            <= min(width, wrap.bounding_box()["x"] + wrap.bounding_box()["width"]) - 4
        ), row


def test_the_kitchen_stats_say_they_scroll_and_keep_the_name_in_view(phone, live_server, live_db):
    record = store_game(
        live_db, steady_game(10, ("Annabelle", "Bartholomew", "Cy", "Di"), target=300)
    )
    phone.goto(f"{live_server}/g/{record.edit_token}")  # this browser's game
    phone.goto(f"{live_server}/stats")
    head = phone.locator(".stats-table thead th").last
    assert head.inner_text().split() == ["Bags", "per", "hand"]
    wrap = phone.locator(".stats-wrap")
    note = phone.locator(".scroll-note")
    scrolls = wrap.evaluate("w => w.scrollWidth > w.clientWidth + 1")
    if phone.viewport_size["width"] < 600:
        assert scrolls  # the premise: Blind and Bags are off screen at first
        assert note.is_visible() and "scrolls sideways" in note.inner_text()
        assert note.bounding_box()["y"] < wrap.bounding_box()["y"]  # said before the table
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        name = phone.locator(".stats-table tbody th").first
        assert name.bounding_box()["x"] >= wrap.bounding_box()["x"] - 1  # still in view
        assert (
            head.bounding_box()["x"] + head.bounding_box()["width"]
            <= (phone.viewport_size["width"])
        )
    else:
        assert not scrolls and not note.is_visible()
