"""The hand form's specials and bonuses: shown only when the game's rules have them, one tap
each, read into the hand as the game file writes it, refused by their own field."""

from __future__ import annotations

import re

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from tests.helpers import make_game, new_game

BEMO = {"preset": "standard", "specials": ["little_bemo", "aces"], "bonuses": ["last_trick"]}
BIDS = {"bid-0": "3", "bid-1": "2", "bid-2": "4", "bid-3": "2"}


def version(client, token):
    html = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    return int(re.search(r'name="?version"? value="(\d+)"', html).group(1))


def pads(html):
    return re.findall(r'data-name="([^"]+)"', html)


def test_an_ordinary_game_has_no_specials_pads_in_either_step(client):
    token = new_game(client)
    bids_step = client.get(f"/g/{token}").get_data(as_text=True)
    tricks_step = client.get(f"/g/{token}", query_string={"step": "tricks", "hand_no": 1, **BIDS})
    for html in (bids_step, tricks_step.get_data(as_text=True)):
        assert not [p for p in pads(html) if p.startswith(("sp-", "bo-"))]
        assert "Specials and bonuses" not in html


def test_the_tricks_step_has_one_pad_a_side_and_special_with_not_bid_tapped(client, db):
    token = make_game(db, rules=BEMO).edit_token
    html = client.get(
        f"/g/{token}", query_string={"step": "tricks", "hand_no": 1, **BIDS}
    ).get_data(as_text=True)
    assert [p for p in pads(html) if p.startswith(("sp-", "bo-"))] == [
        "sp-0-0", "sp-0-1", "bo-0-0", "sp-1-0", "sp-1-1", "bo-1-0",
    ]  # fmt: skip
    assert "Ann &amp; Cy: Little Bemo" in html and "+60 made, \u221260 failed" in html
    # nothing to tap for a hand without them: "Not bid" and 0 are tapped already
    assert re.search(r'name=sp-0-0 value="" checked>Not bid', html)
    assert re.search(r'name=bo-1-0 value="" checked>0', html)
    # the bids step stays as it was
    first = client.get(f"/g/{token}").get_data(as_text=True)
    assert not [p for p in pads(first) if p.startswith(("sp-", "bo-"))]


def test_a_made_bemo_is_one_tap_and_its_why_line_shows(client, db):
    token = make_game(db, rules=BEMO).edit_token
    data = {**BIDS, "ttricks-0": "8", "ttricks-1": "5", "sp-0-0": "made", "bo-1-0": "1",
            "hand_no": "1", "version": version(client, token)}  # fmt: skip
    response = client.post(f"/g/{token}/hands", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    record = store.game_by_edit_token(db, token)
    assert record.data["hands"][0]["specials"] == {"Ann & Cy": {"little_bemo": "made"}}
    assert record.data["hands"][0]["bonuses"] == {"Bob & Di": {"last_trick": 1}}
    sheet = score_game(parse_game(record.data))
    assert sheet.totals == {"Ann & Cy": 70 + 1 + 60, "Bob & Di": 40 + 1 + 10}
    why = client.get(f"/g/{token}", query_string={"hand": 1}).get_data(as_text=True)
    assert "Little Bemo made: +60" in why and "Last trick: +10" in why
    # the edit form shows what was tapped
    assert re.search(r'name=sp-0-0 value="made" checked>', why)


def test_a_special_the_tricks_cannot_have_is_refused_by_its_pad(client, db):
    token = make_game(db, rules=BEMO).edit_token
    data = {**BIDS, "ttricks-0": "4", "ttricks-1": "9", "sp-0-0": "made",
            "hand_no": "1", "version": version(client, token)}  # fmt: skip
    response = client.post(f"/g/{token}/hands", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    pad = html[html.index('data-name="sp-0-0"') :]
    pad = pad[: pad.index("</fieldset>")]
    assert "Ann &amp; Cy made Little Bemo with 4 tricks: it needs 6." in pad
    assert re.search(r'value="made" checked', pad)  # what was tapped is kept


def test_a_count_out_of_range_is_refused_by_its_pad(client, db):
    token = make_game(db, rules=BEMO).edit_token
    data = {**BIDS, "ttricks-0": "7", "ttricks-1": "6", "bo-0-0": "2",
            "hand_no": "1", "version": version(client, token)}  # fmt: skip
    html = client.post(f"/g/{token}/hands", data=data).get_data(as_text=True)
    pad = html[html.index('data-name="bo-0-0"') :]
    assert "Ann &amp; Cy, Last trick: 0 to 1." in pad[: pad.index("</fieldset>")]


def test_the_page_kept_for_offline_entry_carries_the_specials_pads(client, db):
    # ?step=both is the page the phone keeps for hands typed without a network (web/offline.py):
    # a hand typed there with a special posts it like any other field
    token = make_game(db, rules=BEMO).edit_token
    html = client.get(f"/g/{token}", query_string={"step": "both"}).get_data(as_text=True)
    assert {"sp-0-0", "sp-1-1", "bo-0-0"} <= set(pads(html))
