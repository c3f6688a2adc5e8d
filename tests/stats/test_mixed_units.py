"""A standard game and a Call Break game counted together: each person's figures agree with a
count by hand (tests/stats/mixed_games.py), points in tenths never added to whole points and
Call Break's tricks over the call never counted as bags."""

from __future__ import annotations

import pytest

from scorekeeper.rules import parse_game, score_game
from scorekeeper.rules.tenths import counted
from scorekeeper.stats import PlayedGame, figures, tally_game
from tests.stats.mixed_games import BY_HAND, CALL_BREAK, STANDARD


def _played(data, key):
    game = parse_game(data)
    sheet = score_game(game)
    return PlayedGame(
        key=key, order=(key,), date="", label=key,
        sides=tuple(tuple(game.members(s)) for s in sheet.sides),
        points=tuple(counted(sheet.totals[s]) for s in sheet.sides),
        bags=tuple(sheet.bags[s] for s in sheet.sides),
        winner=sheet.sides.index(sheet.winner),
        tallies=tally_game(game, sheet, {p: p for p in game.players}),
        tenths=game.rules.score_tenths,
    )  # fmt: skip


@pytest.mark.parametrize("person", sorted(BY_HAND))
def test_a_standard_and_a_call_break_game_count_as_a_person_counts_them(person):
    games = [_played(STANDARD, "a"), _played(CALL_BREAK, "b")]
    played, won, pf, pa, tf, ta, bags, bid_sum, trick_sum, hands = BY_HAND[person]
    f = figures(person, games)
    assert (f.games, f.wins, f.point_games, f.tenths_games) == (played, won, 1, 1)
    assert f.tenths_wins == (person == "Cy")
    assert (f.for_per_game, f.against_per_game) == (pf, pa)  # never (211 + 114) / 2
    assert (f.tenths_for_per_game, f.tenths_against_per_game) == (tf, ta)
    assert (f.tally.bags, f.tally.bag_hands) == (bags, 3)  # the Call Break hands have no bags
    assert f.bags_per_hand == round(bags / 3, 2)
    assert f.tally.reach_bids == hands
    assert f.average_bid == round(bid_sum / hands, 2)
    assert f.average_tricks == round(trick_sum / hands, 2)
