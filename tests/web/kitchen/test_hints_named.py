"""Hints that name the right side and the right case (issue 23): a nil bidder's own tricks pad
says the bidder bid nil once they did, not "only when"; the blind nil note names the sides that
may bid it, not the one that may not."""

from __future__ import annotations

import re

from tests.helpers import new_game


def version(client, token):
    html = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    return int(re.search(r'name="?version"? value="(\d+)"', html).group(1))


def legend(html, name):
    pad = html[html.index(f'data-name="{name}"') :]
    return re.sub(r"<[^>]+>", "", pad[pad.index("<legend>") : pad.index("</legend>")])


def test_the_tricks_step_says_cy_bid_nil_once_cy_did(client):
    token = new_game(client)
    bids = {"bid-0": "4", "bid-1": "3", "bid-2": "nil", "bid-3": "3"}
    html = client.get(
        f"/g/{token}", query_string={"step": "tricks", "hand_no": 1, **bids}
    ).get_data(as_text=True)
    cy = legend(html, "tricks-2")
    assert "Cy bid nil" in cy
    assert "Only when" not in cy


def test_the_blind_nil_note_names_the_side_that_may_bid_it(client):
    token = new_game(client)
    # Ann & Cy take all 13 of a hand: 130 ahead; Bob & Di may now bid blind nil, they may not
    hand = {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "3", "ttricks-0": "13",
            "ttricks-1": "0", "hand_no": "1", "version": version(client, token)}  # fmt: skip
    assert client.post(f"/g/{token}/hands", data=hand).status_code == 303
    html = client.get(f"/g/{token}").get_data(as_text=True)
    notes = re.findall(r'<p class="hint">([^<]*)</p>', html)
    assert "Blind nil only for Bob &amp; Di: 100 or more behind." in notes
    assert not [n for n in notes if n.startswith("Ann &amp; Cy")]


def test_a_blind_nil_bidders_tricks_pad_says_blind_nil(client):
    """Issue 34: Di bid blind nil and her pad read "Di bid nil"."""
    token = new_game(client)
    # Ann & Cy take all 13 of a hand: 130 ahead; Bob & Di may now bid blind nil
    hand = {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "3", "ttricks-0": "13",
            "ttricks-1": "0", "hand_no": "1", "version": version(client, token)}  # fmt: skip
    assert client.post(f"/g/{token}/hands", data=hand).status_code == 303
    bids = {"bid-0": "4", "bid-1": "3", "bid-2": "nil", "bid-3": "blind nil"}
    html = client.get(
        f"/g/{token}", query_string={"step": "tricks", "hand_no": 2, **bids}
    ).get_data(as_text=True)
    assert "Di bid blind nil" in legend(html, "tricks-3")
    assert "Cy bid nil" in legend(html, "tricks-2")  # a plain nil says nil
