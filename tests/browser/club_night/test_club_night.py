"""A club night in the browser: 16 teams (32 players) at 8 tables, 3 Swiss rounds, a late
entry and a drop. Each table's phone is its own browser context and the eight enter their
hands at the same time; the director calls time in round 2, corrects a round 1 result on the
table's game page, closes the rounds and reads the standings, which must be what the engine
and the event core make of the games as stored."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.events import Entrant, EventConfig, SideScore, TableResult, standings
from scorekeeper.rules import parse_game, score_game
from scorekeeper.rules.words import count, signed
from tests.browser.kitchen.test_play_game import check_axe, tap

pytestmark = pytest.mark.browser

TABLES = 8
DESKTOP = {"width": 1280, "height": 800}


def took(rnd: int, table: int, hand: int) -> int:
    """Tricks of the first side (everyone bids 3): 7 gives 61 v 60, 4 gives -60 v 63, so no
    game is ever level."""
    return 4 if (table * 7 + hand * 3 + rnd) % 5 == 0 else 7


def all_at_once(pages, action) -> None:
    """Start ``action`` on every phone (a click that navigates), then wait for all of them:
    the server sees the eight requests together."""
    for page in pages:
        action(page)


def bids(phones) -> None:
    """Every phone taps the four bids, the last all at once (it sends them): the hand is in
    play."""
    for page in phones:
        for seat in range(3):
            tap(page, f"bid-{seat}", "3")
    all_at_once(phones, lambda p: p.locator('input[name="bid-3"][value="3"]').click())
    for page in phones:
        page.wait_for_url(re.compile(r"step=tricks"))


def tricks(phones, rnd: int, hand: int) -> None:
    """Every phone taps the first side's tricks (the other side's fill in) and saves."""
    for n, page in enumerate(phones, 1):
        tap(page, "ttricks-0", str(took(rnd, n, hand)))
    all_at_once(phones, lambda p: p.get_by_role("button", name=f"Save hand {hand}").click())
    for page in phones:
        page.wait_for_url(re.compile(r"/g/[\w-]+#now$"))


def play_hand(phones, rnd: int, hand: int) -> None:
    bids(phones)
    tricks(phones, rnd, hand)


def director_click(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_load_state()
    assert "flash-error" not in page.content(), page.locator(".flash").all_inner_texts()


def scoring_links(page) -> list[str]:
    links = page.locator("#round a", has_text="Scoring page")
    return [links.nth(i).get_attribute("href") for i in range(links.count())]


def engine_standings(database: str, event_id: int) -> list[tuple[str, str]]:
    """The standings as the engine scores the stored games and the event core ranks them:
    (name, "wins–losses · ±diff · N points · bags bags") in order."""
    db = store.connect(database)
    try:
        entrants = [
            Entrant(e.id, e.name, (), e.active, e.ord)
            for e in store.events.entrants_of(db, event_id)
        ]
        results = []
        for r in store.events.rounds_of(db, event_id):
            results += [TableResult.bye_for(r.number, b) for b in r.byes]
        for t in store.events.tables_of_event(db, event_id):
            sheet = score_game(parse_game(store.game_by_id(db, t.game_id).data))
            sides = tuple(
                SideScore((e,), sheet.totals[s], sheet.bags[s])
                for e, s in zip(t.entrants, sheet.sides, strict=True)
            )
            winner = sheet.sides.index(sheet.winner) if sheet.finished else None
            results.append(TableResult(t.round_number, t.position, sides, sheet.finished, winner))
    finally:
        db.close()
    rows = standings(entrants, results, EventConfig("swiss"))
    return [
        (
            s.name,
            f"{s.wins}\u2013{s.losses}{f' ({s.byes} bye)' if s.byes else ''} \u00b7 "
            f"{signed(s.point_diff)} \u00b7 {count(s.points_for, 'point')} \u00b7 {s.bags} "
            f"bag{'' if s.bags == 1 else 's'}",
        )
        for s in rows
    ]


def shown_standings(page) -> list[tuple[str, str]]:
    rows = page.locator(".standing")
    return [
        (rows.nth(i).locator(".who b").inner_text(), rows.nth(i).locator(".figures").inner_text())
        for i in range(rows.count())
    ]


def test_a_club_night_of_eight_tables(browser, browser_context_args, live_server, live_app):
    director = browser.new_context(**{**browser_context_args, "viewport": DESKTOP}).new_page()
    phone = {**browser_context_args, "device_scale_factor": 1}  # nobody looks at the pixels
    contexts = [browser.new_context(**phone) for _ in range(TABLES)]
    phones = [c.new_page() for c in contexts]

    # The event: Swiss, 3 rounds, games of 2 hands.
    director.goto(live_server + "/events/new")
    director.fill("#name", "Club night")
    director.fill("#rounds", "3")
    director.fill("#max_hands", "2")
    director.get_by_role("button", name="Create the event").click()
    director.wait_for_url(re.compile(r"/e/[\w-]+"))
    console = director.url.split("#")[0]
    db = store.connect(live_app.config["DATABASE"])
    event = store.events.event_by_director_token(db, console.rsplit("/", 1)[1])
    db.close()
    for i in range(0, 32, 2):
        director.fill("#name-0", f"P{i + 1}")
        director.fill("#name-1", f"P{i + 2}")
        director_click(director, "Register")
    assert director.locator(".entrant").count() == 16

    # Round 1: eight tables, every phone on its own table's link, two hands each.
    director_click(director, "Seat round 1")
    links = scoring_links(director)
    assert len(links) == TABLES
    for page, link in zip(phones, links, strict=True):
        page.goto(live_server + link)
        assert "Round 1 \u00b7 Table" in page.locator(".event-table").inner_text()
    for hand in (1, 2):
        play_hand(phones, 1, hand)
    assert all(p.locator("text=Game over").count() for p in phones)
    director.goto(console)
    director_click(director, "Close round 1")

    # Between rounds: a late entry and a drop.
    director.fill("#name-0", "Late1")
    director.fill("#name-1", "Late2")
    director_click(director, "Register a late entry")
    director.get_by_role("link", name="Drop P9 & P10").click()  # Drop asks first
    expect(director.locator("h1")).to_contain_text("Drop P9 & P10?")  # the question's page
    director.get_by_role("button", name="Drop P9 & P10").click()
    director.wait_for_load_state()
    assert "P9 &amp; P10 dropped" in director.content()

    # Round 2: the late team plays, the dropped team does not. No "Call time" before a hand is
    # played; tables 1-4 play one, and time is called while tables 5-8 have their first hand
    # in play: each of those saves it (no conflict with the director's change) and its game
    # ends, the leader winning; tables 1-4 play their second and last hand.
    director_click(director, "Seat round 2")
    round_2 = director.locator("#round .tables").inner_text()
    assert "Late1 & Late2" in round_2 and "P9 & P10" not in round_2
    assert director.get_by_role("link", name="Call time").count() == 0
    for page, link in zip(phones, scoring_links(director), strict=True):
        page.goto(live_server + link)
    play_hand(phones[:4], 2, 1)
    bids(phones[4:])
    director.goto(console)
    with director.expect_navigation():  # it changes every table: asks first
        director.get_by_role("link", name="Call time").click()
    assert "Call time for round 2?" in director.locator("h1").inner_text()
    assert (
        "Still playing: tables 1, 2, 3, 4, 5, 6, 7, 8."
        in director.locator(".card p").first.inner_text()
    )
    director_click(director, "Call time for round 2")
    said = director.locator(".flash").inner_text()  # the tables the question named (issue 34)
    assert "Time called: tables 1, 2, 3, 4, 5, 6, 7, 8 finish" in said
    assert "Tables 1, 2, 3, 4 were in their last hand already." in said
    phones[4].reload()  # a phone that looks again is told; the others just save
    assert "Time is called" in phones[4].locator(".time-called").inner_text()
    tricks(phones[4:], 2, 1)
    play_hand(phones[:4], 2, 2)
    assert all(p.locator("text=Game over").count() for p in phones)
    assert not any(p.locator("#stale").count() for p in phones)

    # A correction in round 1: table 1's first hand was 2 tricks, not 7.
    director.goto(console)
    with director.expect_navigation():
        director.locator("#past a", has_text="hands").first.click()
    with director.expect_navigation():  # the hand's form, game.js and all, before the taps
        director.locator("table.sheet tbody tr").first.locator("a").click()
    tap(director, "ttricks-0", "2")
    tap(director, "ttricks-1", "11")
    director.get_by_role("button", name="Save hand 1").click()
    director.wait_for_url(re.compile(r"#now$"))
    director.goto(console)
    corrected = director.locator("#past .results li").first.inner_text()
    assert "Table 1: P1 & P2 1 – P17 & P18 125" in corrected  # was 122 to 120
    assert "corrected after the round closed" in corrected  # said, not silent
    assert "Corrected after the round closed: round 1 table 1." in director.content()
    director_click(director, "Close round 2")
    old_tab = director.context.new_page()  # a second tab, left open at "Seat round 3"
    old_tab.goto(console)
    director_click(director, "Seat round 3")
    old_tab.get_by_role("button", name="Seat round 3").click()  # a stale Seat: refused
    old_tab.wait_for_load_state()
    assert "Nothing was done" in old_tab.locator(".flash-error").inner_text()
    assert "Round 3 of 3" in old_tab.locator("#round-heading").inner_text()
    old_tab.close()
    for page, link in zip(phones, scoring_links(director), strict=True):
        page.goto(live_server + link)
    for hand in (1, 2):
        play_hand(phones, 3, hand)
    director.goto(console)
    director_click(director, "Close round 3")
    assert "Every round is played" in director.content()

    # The standings on the console and on a player's phone are the engine's.
    expected = engine_standings(live_app.config["DATABASE"], event.id)
    assert len(expected) == 17
    assert shown_standings(director) == expected
    public = phones[0]
    public.goto(director.locator("#public-url").input_value())
    assert shown_standings(public) == expected
    check_axe(public)
    for context in contexts:
        context.close()


def test_the_event_pages_are_accessible(page, live_server, live_app):
    from scorekeeper import service
    from scorekeeper.service import club_night

    db = service.connect(live_app.config["DATABASE"])
    event = club_night.create_event(db, club_night.EventSettings("Small night", round_minutes=30))
    for i in range(5):
        club_night.register(db, event, [f"A{i}x", f"B{i}x"])
    club_night.seat_next_round(db, event)
    db.close()
    for path in (
        "/events/new",
        f"/e/{event.director_token}",
        f"/e/{event.director_token}/rounds/1/tables/1/paper",
        f"/p/{event.public_token}",
        "/events/import",
    ):
        page.goto(live_server + path)
        page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
        check_axe(page)
