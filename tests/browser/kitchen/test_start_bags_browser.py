"""The new game form at 390 px: "Carry on a game from paper" asks for bags only where the rules
picked have them. Picking Call Break (no bags: ``Rules.has_bags``) hides the start's bags fields
and words, by the flag the server wrote for each preset; picking Standard shows them again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_picking_call_break_hides_the_start_bags(page, live_server, shot):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server + "/games/new")
    for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.fill(f"#player-{i}", name)
    page.locator("summary", has_text="Carry on a game from paper").click()
    expect(page.locator("#start-bags-0")).to_be_visible()
    expect(page.locator("#start .hint").first).to_contain_text("The score and bags each side had")
    page.locator('input[name="preset"][value="call-break"]').check()
    expect(page.locator("#start-bags-0")).to_be_hidden()
    expect(page.locator("#start .hint").first).to_have_text(
        "The score each side had. Leave empty to start at 0. Under rules that score in tenths"
        " (Call Break), type a score with one decimal place at most: 3.2.",
        use_inner_text=True,
    )
    # its score range in its units: points, as the field's message says, not stored tenths
    expect(page.locator("#start-hint")).to_have_text("Scores -10000 to 10000.", use_inner_text=True)
    page.fill("#start-score-0", "3.2")
    shot(page.locator("#start"), "start-call-break-390.png")
    page.locator('input[name="preset"][value="standard"]').check()
    expect(page.locator("#start-bags-0")).to_be_visible()
    expect(page.locator("#start-hint")).to_have_text(
        "Scores -100000 to 100000; bags 0 to 999.", use_inner_text=True
    )
    page.locator('input[name="preset"][value="call-break"]').check()
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").click()
    expect(page.locator("table.sheet tbody tr.start")).to_contain_text("3.2")
