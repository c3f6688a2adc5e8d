"""The projector page on a 1920x1080 screen: it cycles between the standings and the round's
tables by itself, every screen fits (nothing overflows, even with the longest names), it
reloads when a table enters a hand, and axe finds nothing. Without JavaScript every screen
shows, one under the other, with a Refresh link.

The cycling page runs on Playwright's clock: it stands still while the test looks at a screen
and is run forward by one screen's time to the next, so the page's own timer moves it at once
(and never two screens while the machine is slow); axe and the reload run on time as it flows."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from scorekeeper import service
from scorekeeper.rules import NAME_LENGTH
from scorekeeper.service import club_night
from tests.browser.kitchen.test_play_game import check_axe
from tests.service.club_night.clubs import play

pytestmark = pytest.mark.browser

SCREEN = {"width": 1920, "height": 1080}
EVENT_NAME = "Wednesday night at the Riverside Community Hall: the spring progressive league"
WAIT = 30_000  # ms expect may wait for the next screen (each shows 3 s here)
SCREEN_MS = 3_000  # ms each screen shows (?seconds=3)
POLL = 5_000  # ms: the page asks for the event's version every 5 s (projector.POLL_SECONDS)

# Everything of the page inside the window: the widest and lowest edge of any element shown.
EDGES = """() => {
  let right = 0, bottom = 0;
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    right = Math.max(right, r.right);
    bottom = Math.max(bottom, r.bottom);
  }
  return {right, bottom, scrollWidth: document.documentElement.scrollWidth,
          scrollHeight: document.documentElement.scrollHeight};
}"""


def long_name(i: int) -> str:
    """Names as long as a name may be, most of them wide letters."""
    return f"{'Wilhelmina Montgomery-Wood'[: NAME_LENGTH - 4]} {i:03d}"[:NAME_LENGTH]


def night(database: str, **settings) -> club_night.EventView:
    """An event with its first round seated and under way: one table finished, one part-way."""
    db = service.connect(database)
    try:
        event = club_night.create_event(
            db, club_night.EventSettings(EVENT_NAME, max_hands=3, **settings)
        )
        for i in range(32 if settings.get("sides_per_table", 2) == 2 else 30):
            club_night.register(db, event, [long_name(i)])
        rnd = club_night.seat_next_round(db, event)
        play(db, rnd.tables[0], 7, 7, 7)
        play(db, rnd.tables[1], 4)
        return club_night.overview(db, event)
    finally:
        db.close()


def stand_still(page, now: float) -> None:
    """The page's time (Playwright's clock) stopped a minute after ``now`` (Unix seconds, at least
    its time now): its timers fire only as the test runs the clock."""
    page.clock.pause_at(now + 60)


def fits(page) -> None:
    edges = page.evaluate(EDGES)
    assert edges["scrollWidth"] <= SCREEN["width"], edges
    assert edges["scrollHeight"] <= SCREEN["height"], edges
    assert edges["right"] <= SCREEN["width"] and edges["bottom"] <= SCREEN["height"], edges


@pytest.mark.parametrize(
    "settings, screens",
    [
        # 32 players at 8 tables: two screens of standings (two columns of 8), one of tables
        ({"format": "progressive"}, ["standings", "standings", "tables"]),
        # 30 cutthroat players at 10 tables of three: two screens of standings, two of 5 tables
        (
            {"format": "swiss", "sides_per_table": 3, "rules": "cutthroat"},
            ["standings", "standings", "tables", "tables"],
        ),
    ],
    ids=["progressive-32", "cutthroat-30"],
)
def test_the_projector_cycles_and_every_screen_fits(
    browser, live_server, live_app, settings, screens
):
    view = night(live_app.config["DATABASE"], **settings)
    page = browser.new_context(viewport=SCREEN, device_scale_factor=1).new_page()
    page.clock.install()
    stand_still(page, time.time())  # from its load: the first screen stays until run forward
    page.goto(f"{live_server}/p/{view.event.public_token}/screen?seconds=3")
    shown = page.locator("#pj")
    expect(page.locator(".pj-screen")).to_have_count(len(screens))
    pause = page.get_by_role("button", name="Pause")
    for n, kind in enumerate([*screens, screens[0]], 1):  # round the cycle and back
        number = (n - 1) % len(screens) + 1
        now = f'#pj[data-screen="{number}"][data-showing="{kind}"]'
        expect(page.locator(now)).to_be_attached(timeout=WAIT)
        if n > len(screens):
            break
        pause.click()  # held still while it is looked at
        expect(page.get_by_role("button", name="Resume")).to_be_visible()
        expect(page.locator(".pj-screen.is-shown")).to_have_count(1)
        page.clock.resume()  # axe waits on the page's timers
        fits(page)
        check_axe(page)
        stand_still(page, page.evaluate("Date.now()") / 1000)
        page.get_by_role("button", name="Resume").click()
        page.clock.run_for(SCREEN_MS)  # the page moves on to its next screen by itself
    assert page.locator(".pj-refresh a").is_hidden()

    # A hand entered at a table: the page reloads (at its next screen) with the new version.
    version = shown.get_attribute("data-version")
    asked = shown.get_attribute("data-version-url")
    db = service.connect(live_app.config["DATABASE"])
    play(db, view.current.tables[2], 7)
    db.close()
    page.clock.resume()  # time flows again: the reload at the next screen, whenever it falls
    with page.expect_response(lambda r: r.url.endswith(asked)):
        page.clock.run_for(POLL)  # the page's next version poll, by itself
    page.clock.run_for(SCREEN_MS)  # its next screen
    expect(shown).not_to_have_attribute("data-version", version, timeout=WAIT)
    expect(page.locator(".pj-status").nth(2)).to_have_text("1 hand played")
    page.context.close()


def test_without_javascript_every_screen_shows_with_a_refresh_link(browser, live_server, live_app):
    view = night(live_app.config["DATABASE"], format="progressive")
    context = browser.new_context(viewport=SCREEN, java_script_enabled=False)
    page = context.new_page()
    url = f"{live_server}/p/{view.event.public_token}/screen"
    page.goto(url)
    for screen in page.locator(".pj-screen").all():
        expect(screen).to_be_visible()
    assert page.locator("#pj").get_attribute("data-showing") is None
    refresh = page.get_by_role("link", name="Refresh")
    expect(refresh).to_be_visible()
    with page.expect_navigation(url=url):  # the same address: wait_for_url would not wait
        refresh.click()
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    context.close()
