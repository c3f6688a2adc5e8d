"""Under ``renege_mucks`` (Wikipedia: a renege mucks the hand, the offenders go down their bid)
the hand form asks for no penalty tricks and says the tricks of a mucked hand are not scored;
a renege tapped there mucks the hand. Other rules keep the penalty tricks field."""

from __future__ import annotations

import re

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from tests.helpers import FOUR, editor_fields, new_game

HAND = {"bid-0": "3", "bid-1": "4", "bid-2": "3", "bid-3": "2", "ttricks-0": "7", "ttricks-1": "6"}


def add(client, token, **fields):
    html = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    at = int(re.search(r'name="?version"? value="(\d+)"', html).group(1))
    return client.post(f"/g/{token}/hands", data={"version": at, **fields})


def tricks_step(client, token) -> str:
    bids = {k: v for k, v in HAND.items() if k.startswith("bid-")}
    return client.get(f"/g/{token}", query_string={**bids, "step": "tricks"}).get_data(as_text=True)


def test_a_mucking_renege_asks_no_penalty_tricks_and_says_tricks_are_not_scored(client, db):
    token = new_game(client, FOUR, **editor_fields(renege_mucks="on"))
    html = tricks_step(client, token)
    assert "Penalty tricks" not in html
    assert "a renege mucks the hand" in html and "not scored" in html
    assert add(client, token, **HAND, renege="1").status_code == 303
    record = store.game_by_edit_token(db, token)
    side = score_game(parse_game(record.data)).hands[0].sides
    assert side["Bob & Di"].points == -60 and side["Ann & Cy"].points == 0  # down the bid of 6


def test_other_rules_keep_the_penalty_tricks_field(client, db):
    html = tricks_step(client, new_game(client, FOUR))
    assert "Penalty tricks" in html and "mucks the hand" not in html
