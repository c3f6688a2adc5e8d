"""Why a bid is not open: words for people, and a code beside them for code to read."""

from __future__ import annotations

import pytest

from scorekeeper.rules import bid_options, parse_game
from scorekeeper.rules import bidding as b

TEAMS = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}


def game(rules, hands=(), teams=TEAMS):
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": ["Ann", "Bob", "Cy", "Di"]}
    if teams:
        data["teams"] = teams
    return parse_game({**data, "hands": list(hands)})


@pytest.mark.parametrize(
    "rules, field, code, words",
    [
        ({"preset": "standard", "nil": False}, "nil", b.OFF, "off in these rules"),
        ({"preset": "standard", "blind_nil": False}, "blind_nil", b.OFF, "off in these rules"),
        ({"preset": "standard", "blind_bids": False}, "blind", b.OFF, "off in these rules"),
        ({"preset": "standard", "blind_bids": True, "bidding": "individual"}, "blind",
         b.NEEDS_PARTNERSHIP, "partnership"),
        ({"preset": "standard", "blind_nil": True, "blind_deficit": 100}, "blind_nil",
         b.NOT_BEHIND_ENOUGH, "or more behind"),
        ({"preset": "standard", "first_hand_no_bids": True}, "nil", b.FIRST_HAND_NO_BIDS,
         "without bids"),
    ],
)  # fmt: skip
def test_each_reason_has_a_code_beside_its_words(rules, field, code, words):
    opts = bid_options(game(rules))["Ann & Cy"]
    assert getattr(opts, field) is False
    assert getattr(opts, f"{field}_code") == code
    assert words in getattr(opts, f"{field}_reason")


def test_an_open_bid_has_neither_code_nor_words():
    opts = bid_options(game({"preset": "standard", "nil": True}))["Ann & Cy"]
    assert (opts.nil, opts.nil_code, opts.nil_reason) == (True, None, None)


def test_a_finished_game_says_so_by_code():
    over = game(
        {"preset": "standard", "target_score": 50},
        [
            {
                "bids": {"Ann": 4, "Bob": 1, "Cy": 4, "Di": 1},
                "tricks": {"Ann & Cy": 10, "Bob & Di": 3},
            }
        ],
    )
    opts = bid_options(over)["Bob & Di"]
    assert (opts.nil_code, opts.blind_nil_code, opts.blind_code) == (b.GAME_OVER,) * 3
