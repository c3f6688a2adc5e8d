"""A club table's links after a swap or re-pair replaced its game before play: a phone that
opened one, or a table card printed before, is told the table was re-paired and where to look
(the event's public page; the table's read-only sheet now), never "No such game", and an old
scoring link never hands out the new table's scoring link (docs/events.md)."""

from __future__ import annotations

import pytest

from scorekeeper import store
from scorekeeper.service import club_night
from tests.service.club_night.clubs import event_with


def links(rnd) -> dict[int, tuple[str, str]]:
    return {t.number: (t.edit_token, t.view_token) for t in rnd.tables}


def assert_replaced_page(response, event, number: int, table: int, now) -> str:
    assert response.status_code == 410
    page = response.get_data(as_text=True)
    assert "This table was re&#8209;paired" in page and "No such game" not in page
    assert f"round {number}, table {table}" in page
    assert f'href="/p/{event.public_token}"' in page
    for t in now.tables:  # no scoring link of the round as it is now, to anyone
        assert t.edit_token not in page
    return page


@pytest.mark.parametrize("kind", ["edit", "view"])
def test_a_swapped_tables_old_links_lead_to_the_event_not_to_no_such_game(client, db, kind):
    event = event_with(db, 4)
    before = club_night.seat_next_round(db, event)
    first, second = before.tables[0].entrants[0], before.tables[1].entrants[0]
    club_night.swap(db, event, 1, first, second)
    now = club_night.overview(db, event).current
    for number, (edit, view) in links(before).items():
        response = client.get(f"/g/{edit}" if kind == "edit" else f"/v/{view}")
        page = assert_replaced_page(response, event, 1, number, now)
        assert "swapped players at this table" in page
        # what the public page already shows: that table's read-only sheet now
        assert f'href="/v/{now.table(number).view_token}"' in page
        scoring = "your table&#39;s new card" in page or "your table's new card" in page
        assert scoring == (kind == "edit")


def test_a_re_paired_rounds_old_links_say_so_and_the_read_only_sheet_now(client, db):
    event = event_with(db, 6)
    before = club_night.seat_next_round(db, event)
    club_night.register(db, event, ["Late", "Comer"])
    club_night.register(db, event, ["Later", "Still"])
    club_night.repair_round(db, event, 1)
    now = club_night.overview(db, event).current
    assert len(now.tables) == 4 and not set(links(before).values()) & set(links(now).values())
    for number, (edit, view) in links(before).items():
        for url in (f"/g/{edit}", f"/v/{view}"):
            page = assert_replaced_page(client.get(url), event, 1, number, now)
            assert "paired round 1 again" in page
            assert f'href="/v/{now.table(number).view_token}"' in page


def test_a_replaced_link_whose_table_is_gone_points_to_the_event_only(client, db):
    event = event_with(db, 8)
    before = club_night.seat_next_round(db, event)
    for e in before.tables[3].entrants:
        club_night.set_active(db, event, e, False)  # table 4's teams leave: 3 tables after
    club_night.repair_round(db, event, 1)
    now = club_night.overview(db, event).current
    assert [t.number for t in now.tables] == [1, 2, 3]
    page = assert_replaced_page(client.get(f"/g/{before.tables[3].edit_token}"), event, 1, 4, now)
    assert 'href="/v/' not in page


def test_a_replaced_links_other_addresses_never_fail_and_a_made_up_link_is_no_such_game(client, db):
    event = event_with(db, 4)
    before = club_night.seat_next_round(db, event)
    club_night.repair_round(db, event, 1)
    edit, view = before.tables[0].edit_token, before.tables[0].view_token
    for url in (
        f"/g/{edit}/version", f"/g/{edit}/sheet.pdf", f"/g/{edit}/game.json", f"/g/{edit}/rules",
        f"/g/{edit}/chart.svg", f"/v/{view}/version.json", f"/v/{view}/qr.svg",
        f"/v/{view}/chart.svg", f"/v/{view}?hand=1", f"/g/{view}", f"/v/{edit}",
    ):  # fmt: skip
        assert client.get(url).status_code in (404, 410), url
    hand = client.post(f"/g/{edit}/hands", data={"version": "1"})
    assert hand.status_code in (400, 404, 410)
    made_up = client.get("/g/" + "x" * 32)
    assert made_up.status_code == 404 and "No such game" in made_up.get_data(as_text=True)


def test_the_links_are_kept_in_the_swaps_own_transaction(db):
    """A swap refused (the round has started) keeps no link: nothing was replaced."""
    event = event_with(db, 4)
    rnd = club_night.seat_next_round(db, event)
    club_night.swap(db, event, 1, rnd.tables[0].entrants[0], rnd.tables[1].entrants[0])
    kept = db.conn.execute("select count(*) from replaced_links").fetchone()[0]
    assert kept == 2
    assert store.events.replaced_link(db, rnd.tables[0].edit_token, "view") is None
    assert store.events.replaced_link(db, rnd.tables[0].view_token, "view").table_number == 1
