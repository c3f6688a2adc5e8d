"""Undo takes back a hand, not its bids (issue 23): after a wrong tricks entry, Undo lands on
that hand's tricks step with its bids kept, so only the tricks are tapped again."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from scorekeeper import store
from tests.helpers import new_game

HAND = {"bid-0": "3", "bid-1": "nil", "bid-2": "4", "bid-3": "5",
        "ttricks-0": "7", "ttricks-1": "6", "tricks-1": "1"}  # fmt: skip


def version(client, token):
    html = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    return int(re.search(r'name="?version"? value="(\d+)"', html).group(1))


def test_undo_of_a_new_hand_asks_for_its_tricks_again_with_its_bids_kept(client, db):
    token = new_game(client)
    data = {**HAND, "hand_no": "1", "version": version(client, token)}
    saved = client.post(f"/g/{token}/hands", data=data)
    assert saved.status_code == 303
    undone = client.post(f"/g/{token}/hands/undo", data={"version": version(client, token)})
    assert undone.status_code == 303
    where = urlparse(undone.headers["Location"])
    query = {k: v[0] for k, v in parse_qs(where.query).items()}
    assert query == {"step": "tricks", "hand_no": "1", "bid-0": "3", "bid-1": "nil",
                     "bid-2": "4", "bid-3": "5"}  # fmt: skip
    assert where.fragment == "hand"
    page = client.get(undone.headers["Location"]).get_data(as_text=True)
    assert "Hand 1: tricks" in page
    assert "Hand 1 taken back. Its bids are kept: tap its tricks again" in page
    assert "Ann &amp; Cy: 7" in page  # the contracts, from the kept bids
    assert store.game_by_edit_token(db, token).data["hands"] == []
    # the tricks alone, tapped again, save the hand
    again = {"ttricks-0": "8", "ttricks-1": "5", "tricks-1": "0", "hand_no": "1",
             "version": version(client, token), **{k: v for k, v in query.items()
                                                    if k.startswith("bid-")}}  # fmt: skip
    assert client.post(f"/g/{token}/hands", data=again).status_code == 303
    assert store.game_by_edit_token(db, token).data["hands"][0]["tricks"] == {
        "Ann & Cy": 8,
        "Bob": 0,
        "Di": 5,
    }


def test_undo_of_a_misdeal_or_an_edit_lands_on_the_sheet_as_before(client):
    token = new_game(client)
    client.post(f"/g/{token}/hands/misdeal", data={"version": version(client, token)})
    undone = client.post(f"/g/{token}/hands/undo", data={"version": version(client, token)})
    assert undone.headers["Location"].endswith("#now")


def test_undo_keeps_the_hands_renege_bonus_and_note_as_well(client, db):
    """What was typed beside the bids stays too: tapping the tricks again and Save must not
    lose the +50 for the aces or the renege that nobody will remember to type again."""
    token = new_game(client)
    typed = {"renege": "1", "renege-tricks": "2", "adjust-0": "50", "note": "Ann's aces"}
    data = {**HAND, **typed, "hand_no": "1", "version": version(client, token)}
    assert client.post(f"/g/{token}/hands", data=data).status_code == 303
    kept = store.game_by_edit_token(db, token).data["hands"][0]
    undone = client.post(f"/g/{token}/hands/undo", data={"version": version(client, token)})
    query = {k: v[0] for k, v in parse_qs(urlparse(undone.headers["Location"]).query).items()}
    assert {k: query.get(k) for k in typed} == typed
    assert not any(k.startswith(("tricks-", "ttricks-")) for k in query)  # tapped again
    page = client.get(undone.headers["Location"]).get_data(as_text=True)
    assert 'value="Ann&#39;s aces"' in page and 'value="50"' in page
    again = {**query, "ttricks-0": "7", "ttricks-1": "6", "tricks-1": "1"}
    again["version"] = version(client, token)
    assert client.post(f"/g/{token}/hands", data=again).status_code == 303
    assert store.game_by_edit_token(db, token).data["hands"] == [kept]
