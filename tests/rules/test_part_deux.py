"""Seven Tricks or Higher Part Deux (Wikipedia): "Team that bids and then wins seven tricks per
round is given 10 points the first time, 20 the second, and each time thereafter the points
increase by 10. Overtricks do not count." Highlander's version counts a team that "wins seven
or more tricks" (options ``seven_times_value``, ``seven_times_counts``; docs/contract.md,
step 11)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import parse_game, score_game, sheet_to_json

US, THEM = "Ann & Cy", "Bob & Di"


def hand(us_bid: int, us_took: int, them_bid: int = 2) -> dict:
    a = us_bid // 2
    b = them_bid // 2
    return {"bids": {"Ann": us_bid - a, "Cy": a, "Bob": them_bid - b, "Di": b},
            "tricks": {US: us_took, THEM: 13 - us_took}}  # fmt: skip


def sheet(hands, preset="standard", **options):
    data = {"format": "spades-scorekeeper/1", "rules": {"preset": preset, **options},
            "players": ["Ann", "Bob", "Cy", "Di"],
            "teams": {US: ["Ann", "Cy"], THEM: ["Bob", "Di"]}, "hands": hands}  # fmt: skip
    return score_game(parse_game(data))


def bonuses(s, side=US) -> list[int]:
    """The Part Deux points of each hand for ``side`` (0 where it scored none)."""
    out = []
    for h in s.hands:
        found = [e.points for e in h.sides[side].extras if e.name.startswith("Seven or higher")]
        out.append(found[0] if found else 0)
    return out


@pytest.mark.parametrize(
    ("hands", "counts", "expected"),
    [
        # the text's own numbers: 10 the first time, 20 the second, then 30, 40
        ([hand(7, 7)] * 4, "made", [10, 20, 30, 40]),
        # "overtricks do not count": a bid of 8 taking 10 counts once, no more
        ([hand(8, 10), hand(7, 7)], "made", [10, 20]),
        # a hand that does not count leaves the count where it was (the game's count, not a run)
        ([hand(7, 7), hand(5, 5), hand(7, 8)], "made", [10, 0, 20]),
        # "bids and then wins": taking seven on a bid of five does not count; a set does not
        ([hand(5, 7), hand(7, 6), hand(7, 7)], "made", [0, 0, 10]),
        # Highlander's "wins seven or more tricks", whatever the bid
        ([hand(5, 7), hand(7, 6), hand(4, 9)], "taken", [10, 0, 20]),
    ],
)  # fmt: skip
def test_part_deux_rises_by_ten_each_time(hands, counts, expected):
    s = sheet(hands, seven_times_value=10, seven_times_counts=counts)
    assert bonuses(s) == expected
    if counts == "made":  # Bob & Di bid 2: never seven (taken: 13 tricks, one side has 7)
        assert bonuses(s, THEM) == [0] * len(hands)
    else:
        assert bonuses(s, THEM) == [0, 10, 0]


def test_each_side_keeps_its_own_count_and_says_it():
    hands = [hand(7, 7), hand(7, 7), hand(2, 6, them_bid=7)]
    s = sheet(hands, seven_times_value=10)
    assert bonuses(s) == [10, 20, 0] and bonuses(s, THEM) == [0, 0, 10]
    lines = sheet_to_json(s)["hands"][1]["sides"][US]["explain"]
    assert lines[-1] == "Seven or higher, Part Deux, 2nd time: +20"
    assert s.totals[US] == 70 + 10 + 70 + 20 + 24  # then a bid of 2 with 6: +20 and 4 bags


def test_highlanders_worked_example_with_its_bonus():
    """Wikipedia's Highlander example (A bids 5 wins 4, B bids 3 wins 4: -75), with the
    team's eight tricks counting for the first time: +10."""
    example = {"bids": {"Ann": 5, "Cy": 3, "Bob": 2, "Di": 2},
               "tricks": {"Ann": 4, "Cy": 4, "Bob": 3, "Di": 2}}  # fmt: skip
    plain = sheet([example], preset="highlander")
    assert plain.totals[US] == -75
    played = sheet([example, example], "highlander", seven_times_value=10,
                   seven_times_counts="taken")  # fmt: skip
    assert [h.sides[US].points for h in played.hands] == [-65, -55]


def test_part_deux_off_is_nothing():
    s = sheet([hand(7, 7)] * 3)
    assert bonuses(s) == [0, 0, 0] and s.totals[US] == 210
