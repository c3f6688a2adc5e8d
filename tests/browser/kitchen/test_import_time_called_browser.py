"""A club night's game imported at home, on a phone (390 px): the table's game file, from a
round where the director called time after 2 of its 4 hands, chosen on the Import page. The
game page then says "time was called" and the night's "4 hands", as the club table's own page
did (it said "the last of 3 hands was played" and "3 hands"); a file whose call of time cannot
be is refused next to its field, and nothing is stored."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper import store
from tests.service.club_night.clubs import time_called_table

pytestmark = pytest.mark.browser


def club_night_file(page, live_server, live_db, tmp_path: Path) -> Path:
    """Table 1's game file as its page downloads it: time called after 2 of 4 hands, and the
    hand in play played."""
    table = time_called_table(live_db)
    download = page.request.get(f"{live_server}/g/{table.edit_token}/game.json")
    saved = tmp_path / "club-night-table-1.json"
    saved.write_bytes(download.body())
    return saved


def test_an_imported_club_game_says_time_was_called_on_the_phone(
    page, live_server, live_db, tmp_path, shot
):
    saved = club_night_file(page, live_server, live_db, tmp_path)
    page.goto(f"{live_server}/games/import")
    page.get_by_label("Game file (.json)").set_input_files(str(saved))
    page.get_by_role("button", name="Import the game").click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    status = page.locator("p.status")
    expect(status).to_contain_text("time was called.")
    assert "last of 3 hands" not in status.inner_text()
    assert status.is_visible()
    rules = page.locator("p.rules-line")
    expect(rules).to_contain_text("game to 500, 4 hands")
    assert "3 hands" not in rules.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "import-time-called.png", full_page=True)
    # Download it again: the same file the club's page gave
    token = page.url.rsplit("/", 1)[1]
    again = page.request.get(f"{live_server}/g/{token}/game.json").body()
    assert again == saved.read_bytes()


def test_a_call_of_time_that_cannot_be_is_refused_by_its_field(
    page, live_server, live_db, tmp_path
):
    saved = club_night_file(page, live_server, live_db, tmp_path)
    before = store.count_games(live_db)
    bad = {**json.loads(saved.read_text()), "time_called": {"round_hands": 3}}
    page.goto(f"{live_server}/games/import")
    box = page.get_by_label("Or paste the game file")
    box.fill(json.dumps(bad))
    page.get_by_role("button", name="Import the game").click()
    expect(page.locator("#text-error")).to_contain_text(
        "time_called: a call of time caps the game's hands below the round's own"
    )
    expect(box).to_have_value(json.dumps(bad))  # what was pasted is kept
    assert store.count_games(live_db) == before
