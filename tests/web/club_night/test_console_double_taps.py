"""A double tap on a console action (the same form sent twice: a phone that resends, Back then
the button again) acts once, and the second send is answered as the first was: done, never
"Nothing was done". A form read long ago (another tab, its id never used) is still refused.
Call time, Swap, Re-pair, Drop, Reinstate, a paper result, Clear paper result, a table's Fix
and the clock buttons (Pause, Resume, Extend, Start/Restart) carry a one-time id, as Seat and
Close do (service.event_rounds.once)."""

from __future__ import annotations

import html
import re

from scorekeeper import store
from scorekeeper.service import club_night
from scorekeeper.service.club_night import clock as club_night_clock
from tests.service.club_night.clubs import event_with, finish_round, play


def form_at(
    client, page_url: str, action: str, having: dict[str, str] | None = None
) -> dict[str, str]:
    """The hidden fields of the form of ``page_url`` that posts to ``action`` (the first whose
    hidden fields include ``having``: the clock's buttons share an address), as a browser
    reading the page would send them (its version and its one-time id)."""
    page = client.get(page_url).get_data(as_text=True)
    forms = re.findall(r'<form method="post"[^>]*action="([^"]+)"[^>]*>(.*?)</form>', page, re.S)
    for url, body in forms:
        if html.unescape(url).split("#")[0] == action:
            fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body))
            if (having or {}).items() <= fields.items():
                return fields
    raise AssertionError(f"no form posting to {action} on {page_url}")


def version(db, event) -> int:
    return store.events.event_by_id(db, event.id).version


def sent_twice(client, db, event, url: str, form: dict[str, str]) -> tuple[str, str]:
    """The same form sent twice; the pages each send leads to (its redirect's, or itself). The
    second send moves the event no further than the first did."""
    pages, versions = [], []
    for _ in range(2):
        response = client.post(url, data=form)
        versions.append(version(db, event))
        assert response.status_code in (303, 422), response.status_code
        if response.status_code == 303:
            pages.append(client.get(response.headers["Location"]).get_data(as_text=True))
        else:
            pages.append(response.get_data(as_text=True))
    assert versions[1] == versions[0]  # acted once
    return pages[0], pages[1]


def done_once(first: str, second: str, said: str) -> None:
    """The second page says what the first did (once), and no refusal."""
    assert said in first
    assert second.count(said) == 1, second
    assert "Nothing was done" not in second and "flash-error" not in second


def moved_on(db, event) -> None:
    """The event moves on in another tab."""
    club_night.register(db, event, ["Late", "Comer"])


def test_call_time_sent_twice_calls_time_once_and_says_so_both_times(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)  # round 1 has started
    url = f"/e/{event.director_token}"
    form = form_at(client, url + "/rounds/1/time", url + "/rounds/1/time")
    assert form["submission"]
    first, second = sent_twice(client, db, event, url + "/rounds/1/time", form)
    # table 1 ends after its second hand anyway (only table 2 is capped); both still play
    done_once(first, second, "Time called: tables 1, 2 finish the hand in play")
    done_once(first, second, "Table 1 was in its last hand already.")


def test_an_old_call_time_form_is_still_refused(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    play(db, rnd.tables[0], 7)
    url = f"/e/{event.director_token}"
    stale = form_at(client, url + "/rounds/1/time", url + "/rounds/1/time")
    moved_on(db, event)
    before = version(db, event)
    response = client.post(url + "/rounds/1/time", data=stale)
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    assert version(db, event) == before
    assert club_night.overview(db, event).current.status != "time_called"


def _round_two_swap(db, event) -> tuple[int, int, tuple[int, int]]:
    """Round 1 played and closed, round 2 seated: a swap of round 2 that seats two who met
    in round 1 together again (so it is warned about), and those two."""
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    view = club_night.overview(db, event)
    met = view.rounds[0].tables[0].entrants[:2]  # opponents in round 1
    rnd = club_night.seat_next_round(db, event)
    a, b = met
    at_a = next(t for t in rnd.tables if a in t.entrants)
    if b in at_a.entrants:
        raise AssertionError("round 2 repeated a pairing")
    partner = next(e for e in at_a.entrants if e != a)
    return partner, b, met


def test_a_swap_sent_twice_swaps_once_and_says_its_warnings_again(client, db):
    event = event_with(db, 4, max_hands=1)
    first_choice, second_choice, (a, b) = _round_two_swap(db, event)
    url = f"/e/{event.director_token}"
    form = form_at(client, url, url + "/rounds/2/swap")
    assert form["submission"]
    form = {**form, "first": str(first_choice), "second": str(second_choice)}
    first, second = sent_twice(client, db, event, url + "/rounds/2/swap", form)
    tables = [set(t.entrants) for t in club_night.overview(db, event).current.tables]
    assert any({a, b} <= t for t in tables)  # swapped once (a second swap would undo it)
    done_once(first, second, "Swapped: the tables they changed have new scoring links.")
    warnings = re.findall(r"Warning: [^<]*already met in round 1\.", first)
    assert warnings
    assert re.findall(r"Warning: [^<]*already met in round 1\.", second) == warnings


def test_an_old_swap_form_is_still_refused(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    stale = form_at(client, url, url + "/rounds/1/swap")
    moved_on(db, event)
    one, other = rnd.tables[0].entrants[0], rnd.tables[1].entrants[0]
    response = client.post(
        url + "/rounds/1/swap", data={**stale, "first": str(one), "second": str(other)}
    )
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    now = club_night.overview(db, event).current
    assert [t.entrants for t in now.tables] == [t.entrants for t in rnd.tables]


def test_a_re_pair_sent_twice_pairs_once_and_says_so_both_times(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    form = form_at(client, url, url + "/rounds/1/repair")
    assert form["submission"]
    first, second = sent_twice(client, db, event, url + "/rounds/1/repair", form)
    done_once(first, second, "Round 1 is paired again: 2 tables, new scoring links.")


def test_an_old_re_pair_form_is_still_refused(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    stale = form_at(client, url, url + "/rounds/1/repair")
    moved_on(db, event)
    page = client.get(
        client.post(url + "/rounds/1/repair", data=stale).headers["Location"]
    ).get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    now = club_night.overview(db, event).current
    assert [t.edit_token for t in now.tables] == [t.edit_token for t in rnd.tables]


def test_a_drop_sent_twice_drops_once_and_says_so_both_times(client, db):
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    entrant = club_night.overview(db, event).entrants[0]
    form = form_at(client, *[f"{url}/entrants/{entrant.id}/drop"] * 2)
    assert form["submission"]
    first, second = sent_twice(client, db, event, f"{url}/entrants/{entrant.id}/drop", form)
    assert not club_night.overview(db, event).by_id[entrant.id].active
    said = f"{html.escape(entrant.name)} dropped: kept in the standings"
    done_once(first, second, said)


def test_an_old_drop_form_is_still_refused(client, db):
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    entrant = club_night.overview(db, event).entrants[0]
    stale = form_at(client, *[f"{url}/entrants/{entrant.id}/drop"] * 2)
    moved_on(db, event)
    page = client.get(
        client.post(f"{url}/entrants/{entrant.id}/drop", data=stale).headers["Location"]
    ).get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    assert club_night.overview(db, event).by_id[entrant.id].active


def test_a_reinstate_sent_twice_reads_as_done(client, db):
    event = event_with(db, 4)
    url = f"/e/{event.director_token}"
    entrant = club_night.overview(db, event).entrants[0]
    club_night.set_active(db, event, entrant.id, False)
    form = form_at(client, url, f"{url}/entrants/{entrant.id}/reinstate")
    first, second = sent_twice(client, db, event, f"{url}/entrants/{entrant.id}/reinstate", form)
    assert club_night.overview(db, event).by_id[entrant.id].active
    done_once(first, second, f"{html.escape(entrant.name)} is back: seated next round.")


def test_a_paper_result_sent_twice_counts_once_and_says_so_both_times(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    paper = url + "/rounds/1/tables/1/paper"
    form = {**form_at(client, paper, paper), "points-0": "310", "points-1": "120"}
    assert form["submission"]
    first, second = sent_twice(client, db, event, paper, form)  # the console both times
    done_once(first, second, "Round 1 table 1: the paper result counts.")
    table = club_night.overview(db, event).current.tables[0]
    assert table.paper is not None and table.totals[:2] == (310, 120)


def test_an_old_paper_form_is_still_refused_with_what_was_typed(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    paper = url + "/rounds/1/tables/1/paper"
    stale = {**form_at(client, paper, paper), "points-0": "310", "points-1": "120"}
    moved_on(db, event)
    response = client.post(paper, data=stale)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    assert 'value="310"' in page
    assert club_night.overview(db, event).current.tables[0].paper is None


def test_a_clear_paper_sent_twice_clears_once_and_says_so_both_times(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    club_night.enter_paper(db, event, 1, 1, [310, 120], [0, 0])
    url = f"/e/{event.director_token}"
    paper, clear = url + "/rounds/1/tables/1/paper", url + "/rounds/1/tables/1/paper/clear"
    form = form_at(client, paper, clear)
    assert form["submission"]
    first, second = sent_twice(client, db, event, clear, form)
    done_once(first, second, "Round 1 table 1: its game counts again.")
    assert club_night.overview(db, event).current.tables[0].paper is None


def test_an_old_clear_paper_form_is_still_refused(client, db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    club_night.enter_paper(db, event, 1, 1, [310, 120], [0, 0])
    url = f"/e/{event.director_token}"
    clear = url + "/rounds/1/tables/1/paper/clear"
    stale = form_at(client, url + "/rounds/1/tables/1/paper", clear)
    moved_on(db, event)
    page = client.get(client.post(clear, data=stale).headers["Location"]).get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    assert club_night.overview(db, event).current.tables[0].paper is not None


def test_a_table_fix_sent_twice_fixes_once_and_says_so_both_times(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    fix = url + "/rounds/1/tables/2/fix"
    entrant = rnd.tables[1].entrants[0]
    form = {**form_at(client, url, fix), "entrant": str(entrant)}
    assert form["submission"]
    first, second = sent_twice(client, db, event, fix, form)
    name = club_night.overview(db, event).by_id[entrant].name
    done_once(first, second, f"{html.escape(name)} stays at table 2 from now on.")
    assert club_night.overview(db, event).by_id[entrant].fixed_table == 2


def test_an_old_table_fix_form_is_still_refused(client, db):
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    fix = url + "/rounds/1/tables/2/fix"
    entrant = rnd.tables[1].entrants[0]
    stale = {**form_at(client, url, fix), "entrant": str(entrant)}
    moved_on(db, event)
    page = client.get(client.post(fix, data=stale).headers["Location"]).get_data(as_text=True)
    assert "Nothing was done: the event changed since this page was read" in page
    assert club_night.overview(db, event).by_id[entrant].fixed_table is None


CLOCK_SAID = {
    "pause": r"Round 1&#39;s clock is paused with [^<.]+ left\.",
    "resume": r"Round 1&#39;s clock runs again: [^<.]+ left\.",
    "extend": r"Round 1: 5 more minutes\.",
    "restart": r"Round 1&#39;s clock starts again: [^<.]+\.",
}


def _clock_sent_twice(client, db, action: str) -> None:
    event = event_with(db, 4, round_minutes=45)
    club_night.seat_next_round(db, event)  # its clock runs
    if action == "resume":
        club_night_clock.round_clock(db, event.director_token, 1, "pause")
    url = f"/e/{event.director_token}"
    clock = url + "/rounds/1/clock"
    form = form_at(client, url, clock, {"action": action})
    assert form["submission"]
    if action == "extend":
        form["minutes"] = "5"
    first, second = sent_twice(client, db, event, clock, form)
    said = re.search(CLOCK_SAID[action], first)
    assert said, first
    done_once(first, second, said.group(0))


def test_a_clock_pause_sent_twice_pauses_once_and_says_so_both_times(client, db):
    _clock_sent_twice(client, db, "pause")


def test_a_clock_resume_sent_twice_resumes_once_and_says_so_both_times(client, db):
    _clock_sent_twice(client, db, "resume")


def test_a_clock_extend_sent_twice_extends_once_and_says_so_both_times(client, db):
    _clock_sent_twice(client, db, "extend")


def test_a_clock_restart_sent_twice_restarts_once_and_says_so_both_times(client, db):
    _clock_sent_twice(client, db, "restart")


def test_an_old_clock_form_is_still_refused(client, db):
    event = event_with(db, 4, round_minutes=45)
    club_night.seat_next_round(db, event)
    url = f"/e/{event.director_token}"
    clock = url + "/rounds/1/clock"
    stale = form_at(client, url, clock, {"action": "pause"})
    moved_on(db, event)
    before = version(db, event)
    response = client.post(clock, data=stale)
    assert response.status_code == 422
    assert "Nothing was done: the event changed since this page was read" in response.get_data(
        as_text=True
    )
    assert version(db, event) == before
    assert not club_night.overview(db, event).current.clock.paused
