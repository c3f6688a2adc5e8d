"""Hints that name the right side and the right case (issue 23), as a scorer sees them at 390
and 1366 px with the back/forward cache on: with Bob & Di 150 behind, the blind nil note names
Bob & Di, the side that may bid it (their pads have Blind nil, Ann's and Cy's do not), never
Ann & Cy, who may not; Cy taps Nil, and on the tricks step the pad of Cy's own tricks says Cy
bid nil, not "only when Cy bid nil"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import PHONE_AND_LAPTOP, bid, phone_at
from tests.helpers import game_file, store_game

pytestmark = pytest.mark.browser

SIZES = PHONE_AND_LAPTOP
BEHIND = game_file(start={"Ann & Cy": {"score": 150, "bags": 0}})  # Bob & Di 150 behind


phone = phone_at(SIZES)


def blind_nil_note(page):
    return page.locator("#hand > p.hint", has_text="Blind nil")


def test_the_hints_name_the_side_that_may_and_the_nil_cy_bid(phone, live_server, live_db):
    phone.goto(f"{live_server}/g/{store_game(live_db, BEHIND).edit_token}")
    note = blind_nil_note(phone)
    expect(note).to_have_text(["Blind nil only for Bob & Di: 100 or more behind."])
    expect(note).to_be_visible()
    notes = phone.locator("#hand > p.hint").all_inner_texts()
    assert not [n for n in notes if "Ann & Cy" in n], notes
    # The pads agree with the note: Bob and Di may bid blind nil, Ann and Cy may not.
    for seat, may in ((0, 0), (1, 1), (2, 0), (3, 1)):
        assert phone.locator(f'input[name="bid-{seat}"][value="blind nil"]').count() == may
    bid(phone, {"bid-1": "3", "bid-2": "nil", "bid-3": "3", "bid-0": "4"})  # Bob bids first
    cy = phone.locator('fieldset[data-name="tricks-2"] legend')
    expect(cy).to_be_visible()
    expect(cy).to_have_text("Cy's tricks Cy bid nil")
    assert "only when" not in cy.inner_text().lower()
    phone.go_back(wait_until="commit")  # Back to the bids: the same note, by the same name
    expect(blind_nil_note(phone)).to_have_text(["Blind nil only for Bob & Di: 100 or more behind."])
