"""The screens of a club night follow the director's console while they stay open (issue 34,
"The table's phone on a club night"): an open table phone hears that time was called at its next
clock poll, without a reload; the projector's clock follows Pause and Resume within one poll,
however long its screens show and however long the public pages hold the event's version.

The pages run on Playwright's clock (installed before they load, time flowing as it does): the
test runs it forward by one poll, so the page's own timer asks the real server at once instead
of after 15 s of the test's time; nothing reloads the page or calls its code."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service import club_night
from tests.browser.phone import TWO_PHONES, phone_at
from tests.service.club_night.clubs import event_with, play

pytestmark = pytest.mark.browser

SIZES = TWO_PHONES
TABLE_POLL = 15_000  # ms: a table phone asks for its clock every 15 s (static/clock.js)
PROJECTOR_POLL = 5_000  # ms: the projector's clock asks every poll (projector.POLL_SECONDS)
ANSWER = 20_000  # ms: the answer to a poll, on a slow shared machine
AFTER_A_POLL = 5_000  # ms: what the page does with one answer (a page fetched, parts put in place)

phone = phone_at(SIZES)


def sized(page, name: str) -> str:
    size = page.viewport_size
    return f"{name}-{size['width']}x{size['height']}.png"


def clock_answer(response):
    return "/clock.json" in response.url


@pytest.mark.parametrize("minutes", [30, None], ids=["clock", "no-clock"])
def test_an_open_table_phone_hears_that_time_was_called(phone, live_server, live_db, minutes, shot):
    event = event_with(live_db, 4, max_hands=4, round_minutes=minutes)
    rnd = club_night.seat_next_round(live_db, event)
    table = rnd.tables[0]
    play(live_db, table, 7)
    phone.clock.install()  # the page's timers, run forward below
    phone.goto(f"{live_server}/g/{table.edit_token}")
    phone.locator('input[name="bid-1"][value="3"]').check()  # a hand being tapped
    status, called = phone.locator("p.status"), phone.locator(".time-called")
    if minutes:
        expect(status).to_contain_text("Game to 500 or 4 hands, or when time is called.")
    else:
        expect(status).to_contain_text("Game to 500 or 4 hands.")
    expect(called).to_be_hidden()
    phone.evaluate("window.notReloaded = 1")

    director = phone.context.new_page()
    director.goto(f"{live_server}/e/{event.director_token}")
    director.get_by_role("link", name="Call time").click()
    director.get_by_role("button", name="Call time for round 1").click()
    expect(director.locator(".flash").first).to_contain_text("Time called")
    director.close()

    with phone.expect_response(clock_answer, timeout=ANSWER):
        phone.clock.run_for(TABLE_POLL)  # the phone's next clock poll, asked by itself
    expect(called).to_be_visible(timeout=AFTER_A_POLL)
    expect(called).to_have_text(
        "Time is called: finish the hand in play; the leader wins (a tie plays one more hand)."
    )
    expect(status).to_contain_text("Game to 500 or 4 hands; time is called.")
    expect(status).not_to_contain_text("or when time is called")
    expect(phone.locator(".rules-line")).not_to_contain_text("or when time is called")
    expect(phone.locator(".table-clock")).to_be_hidden()
    assert phone.evaluate("window.notReloaded") == 1  # the same page: nothing reloaded
    assert phone.locator('input[name="bid-1"][value="3"]').is_checked()  # the tap kept
    called.scroll_into_view_if_needed()
    shot(phone, sized(phone, f"table-time-called-{'clock' if minutes else 'no-clock'}"))


def next_clock(page, paused: bool, polls: int = 3):
    """Run the page's clock a poll at a time until one of its polls answers ``paused``: the
    first whose question was asked after the console's (one asked just before may answer as
    the clock was)."""
    for _ in range(polls):
        with page.expect_response(clock_answer, timeout=ANSWER) as answer:
            page.clock.run_for(PROJECTOR_POLL)
        if answer.value.json()["paused"] is paused:
            return
    raise AssertionError(f"no clock poll of the page answered paused={paused}")


def test_the_projector_follows_pause_and_resume_within_one_poll(
    phone, live_server, live_db, live_app, monkeypatch, shot
):
    """The projector was 12-15 s behind the console: the version it polls is held 5 s, it
    polls every 5 s, then it reloads only at its next screen. Its clock now asks for itself."""
    monkeypatch.setitem(live_app.config, "PUBLIC_HOLD_SECONDS", 5)  # as served
    event = event_with(live_db, 4, max_hands=4, round_minutes=30)
    club_night.seat_next_round(live_db, event)
    projector = phone
    projector.clock.install()  # the page's timers, run forward a poll at a time
    projector.goto(f"{live_server}/p/{event.public_token}/screen?seconds=120")  # screens stay
    clock = projector.locator(".pj-top .round-clock")
    note, time_left = clock.locator(".clock-note"), clock.locator(".clock-time")
    expect(time_left).to_be_visible()
    expect(note).to_be_hidden()
    projector.evaluate("window.notReloaded = 1")

    director = projector.context.new_page()
    director.goto(f"{live_server}/e/{event.director_token}")
    director.get_by_role("button", name="Pause round 1's clock").click()
    expect(director.locator(".flash").first).to_contain_text("paused")
    next_clock(projector, paused=True)
    expect(note).to_be_visible(timeout=AFTER_A_POLL)
    console_left = director.locator(".console-clock .clock-time").inner_text()
    expect(time_left).to_have_text(console_left)  # stands where the console's stands
    shot(projector, sized(projector, "projector-paused"))

    director.get_by_role("button", name="Resume round 1's clock").click()
    expect(director.locator(".flash").first).to_contain_text("runs again")
    next_clock(projector, paused=False)
    expect(note).to_be_hidden(timeout=AFTER_A_POLL)
    assert projector.evaluate("window.notReloaded") == 1  # the clock alone moved
    director.close()

    rotation = projector.get_by_role("button", name="Pause the screens' rotation")
    expect(rotation).to_be_visible()
    rotation.click()
    expect(projector.get_by_role("button", name="Resume the screens' rotation")).to_be_visible()
    shot(projector, sized(projector, "projector-rotation-paused"))
