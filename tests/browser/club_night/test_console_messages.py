"""What a console action did is said where the page lands: after Seat, Close, Drop or Register
the console comes back scrolled to the round or the entrants, and the confirmation, or the
refusal ("Tables 1, 2 are not finished"), is there, inside the window, on a laptop and on a
phone."""

from __future__ import annotations

import pytest

from scorekeeper import service
from scorekeeper.service import club_night
from tests.service.club_night.clubs import finish

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def in_view(page, selector: str) -> bool:
    """Whether the element is wholly inside the window as the page landed (no scrolling)."""
    box = page.locator(selector).first.bounding_box()  # relative to the window
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def click_and_land(page, role: str, name: str) -> None:
    page.get_by_role(role, name=name, exact=True).first.click()
    page.wait_for_load_state()


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1366x768", "390x844"])
def test_what_an_action_did_is_inside_the_window_where_the_console_lands(
    browser, live_server, live_app, size
):
    db = service.connect(live_app.config["DATABASE"])
    event = club_night.create_event(db, club_night.EventSettings("Messages night", max_hands=2))
    for i in range(16):
        club_night.register(db, event, [f"Ann{i}", f"Bob{i}"])
    club_night.seat_next_round(db, event)
    page = browser.new_context(viewport=size).new_page()
    console = f"{live_server}/e/{event.director_token}"
    page.goto(console)

    # Close too early: refused, and the refusal is where the page lands.
    click_and_land(page, "button", "Close round 1")
    assert page.url.endswith("#round")
    assert "are not finished" in page.locator(".flash-error").inner_text()
    assert page.evaluate("window.scrollY") > 0  # the page did land lower down
    assert in_view(page, ".flash-error")

    # Close when every table is finished, then Seat: each confirmation is in view.
    for table in club_night.overview(db, event).current.tables:
        finish(db, table)  # (the tables' phones)
    page.goto(console)
    click_and_land(page, "button", "Close round 1")
    assert "Round 1 is closed." in page.locator(".flash-info").inner_text()
    assert in_view(page, ".flash-info")
    click_and_land(page, "button", "Seat round 2")
    assert "Round 2 is seated" in page.locator(".flash-info").first.inner_text()
    assert in_view(page, ".flash-info")

    # Drop (it asks first) lands at the entrants, the word with it.
    click_and_land(page, "link", "Drop Ann3 & Bob3")
    click_and_land(page, "button", "Drop Ann3 & Bob3")
    assert page.url.endswith("#entrants")
    assert "Ann3 & Bob3 dropped" in page.locator(".flash-info").inner_text()
    assert page.evaluate("window.scrollY") > 0
    assert in_view(page, ".flash-info")

    # A refused registration is said by its field, where the page lands.
    page.fill("#name-0", "Ann5")
    page.fill("#name-1", "Zed")
    click_and_land(page, "button", "Register a late entry")
    assert in_view(page, "#register-error") or in_view(page, "#name-0-error")
    page.context.close()
    db.close()
