"""Standings: each tie-breaker, head-to-head only for a tie of exactly two, Buchholz, byes,
shared places and the words that explain every place."""

import pytest

from scorekeeper.events import EventConfig, EventError, SideScore, TableResult, standings
from tests.events.sim import game, players, teams


def order(results, tiebreakers, n=4):
    rows = standings(teams(n), results, EventConfig(tiebreakers=tiebreakers))
    return [r.entrant for r in rows]


def why(results, tiebreakers, n=4):
    return [r.why for r in standings(teams(n), results, EventConfig(tiebreakers=tiebreakers))]


# (results, tie-breakers, expected order): 1 and 2 both win one game; one criterion splits them
CASES = [
    pytest.param(
        [game(1, 1, 1, 3, 350, 300), game(1, 2, 2, 4, 400, 200)],
        ("point_diff",), [2, 1, 3, 4], id="point_diff",
    ),
    pytest.param(
        [game(1, 1, 1, 3, 500, 100), game(1, 2, 2, 4, 520, 300)],
        ("total_points",), [2, 1, 4, 3], id="total_points",
    ),
    pytest.param(
        [game(1, 1, 1, 3, 500, 100), game(1, 2, 2, 4, 520, 300)],
        ("point_diff",), [1, 2, 4, 3], id="point_diff_not_total",
    ),
    pytest.param(
        [game(1, 1, 1, 3, 400, 300, (7, 0)), game(1, 2, 2, 4, 400, 300, (3, 1))],
        ("fewest_bags",), [2, 1, 3, 4], id="fewest_bags",
    ),
    pytest.param(
        [game(1, 1, 1, 3, 400, 300), game(1, 2, 2, 4, 400, 300)],
        (), [1, 2, 3, 4], id="none_falls_back_to_registration",
    ),
]  # fmt: skip


@pytest.mark.parametrize("results, tiebreakers, expected", CASES)
def test_each_tiebreaker_orders_a_tie_on_wins(results, tiebreakers, expected):
    assert order(results, tiebreakers) == expected


def test_point_differential_is_explained_in_words():
    results = [game(1, 1, 1, 3, 350, 300), game(1, 2, 2, 4, 400, 200)]
    assert why(results, ("point_diff",)) == [
        "1st: 1 win, ahead of T1 on point differential (+200 vs +50)",
        "2nd: 1 win, ahead of T3 on wins (1 vs 0)",
        "3rd: 0 wins, ahead of T4 on point differential (-50 vs -200)",
        "4th: 0 wins",
    ]


def test_opponents_wins_is_the_sum_of_opponents_wins():
    # 2 beat 3 (who then won again), 1 beat 4 (who never won); 6 beat 4 as well
    results = [
        game(1, 1, 2, 3, 300, 200),
        game(1, 2, 1, 4, 300, 200),
        game(2, 1, 3, 5, 300, 200),
        game(2, 2, 6, 4, 300, 200),
    ]
    rows = standings(teams(6), results, EventConfig(tiebreakers=("opponents_wins",)))
    assert [(r.entrant, r.opponents_wins, r.place_label) for r in rows] == [
        (2, 1, "=1"),
        (3, 1, "=1"),
        (1, 0, "=3"),
        (6, 0, "=3"),
        (4, 2, "5"),
        (5, 1, "6"),
    ]
    assert (
        rows[0].why
        == "=1st: 1 win, level with T3 on every tie-breaker (listed by registration order)"
    )
    assert rows[1].why == "=1st: 1 win, ahead of T1 on opponents' wins (1 vs 0)"


# 2 beat 1; then 1, 2 and 4 have one win each, 3 none
H2H = [game(1, 1, 2, 1, 300, 250), game(2, 1, 1, 3, 300, 200), game(2, 2, 4, 2, 300, 200)]


def test_head_to_head_decides_a_tie_of_exactly_two():
    # bags split 4 off first (9 bags), leaving exactly 1 and 2 tied: 2 beat 1
    results = [
        game(1, 1, 2, 1, 300, 250, (2, 2)),
        game(2, 1, 1, 3, 300, 200, (3, 0)),
        game(2, 2, 4, 2, 300, 200, (9, 3)),
    ]
    tiebreakers = ("fewest_bags", "head_to_head")
    assert order(results, tiebreakers) == [2, 1, 4, 3]
    assert (
        why(results, tiebreakers)[0] == "1st: 1 win, ahead of T1 on head-to-head (1-0 between them)"
    )


def test_head_to_head_is_skipped_when_three_are_tied():
    assert order(H2H, ("head_to_head",)) == [1, 2, 4, 3]


def test_head_to_head_passes_a_tie_on_when_the_two_never_met():
    results = [game(1, 1, 1, 3, 300, 200), game(1, 2, 2, 4, 300, 200)]
    assert order(results, ("head_to_head", "point_diff")) == [1, 2, 3, 4]
    results = [game(1, 1, 1, 3, 300, 200), game(1, 2, 2, 4, 400, 200)]
    assert order(results, ("head_to_head", "point_diff")) == [2, 1, 3, 4]


def test_a_bye_is_a_win_with_no_points_and_no_differential():
    results = [game(1, 1, 1, 2, 300, 200), TableResult.bye_for(1, 3)]
    row = {r.entrant: r for r in standings(teams(3), results, EventConfig())}[3]
    assert (row.played, row.wins, row.losses, row.byes) == (0, 1, 0, 1)
    assert (row.points_for, row.points_against, row.point_diff, row.bags) == (0, 0, 0, 0)
    assert row.place == 2  # behind the winner's +100, ahead of the loser


def test_an_unfinished_table_counts_for_nothing_yet():
    results = [game(1, 1, 1, 2, 300, 200, finished=False)]
    rows = standings(teams(2), results, EventConfig())
    assert [(r.played, r.wins) for r in rows] == [(0, 0), (0, 0)]


def test_a_named_winner_overrides_the_points():
    results = [game(1, 1, 1, 2, 300, 300, winner=1)]
    assert order(results, (), n=2) == [2, 1]


def test_a_tie_on_points_needs_a_named_winner():
    with pytest.raises(EventError, match="round 1 table 1: tied on 300 points; name the winner"):
        game(1, 1, 1, 2, 300, 300)


@pytest.mark.parametrize(
    "results, message",
    [
        ([game(1, 1, 1, 2, 3, 1), game(1, 1, 3, 4, 3, 1)], "round 1 table 1 is entered twice"),
        ([game(1, 1, 1, 9, 3, 1)], "no entrant has id 9"),
        ([game(1, 1, 1, 2, 3, 1), game(1, 2, 1, 3, 3, 1)], "T1 is already in round 1 table 1"),
    ],
)
def test_impossible_results_are_refused(results, message):
    with pytest.raises(EventError, match=message):
        standings(teams(4), results, EventConfig())


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"format": "ladder"}, "format 'ladder' is not one of"),
        ({"tiebreakers": ("coin",)}, "unknown tie-breaker 'coin'"),
        ({"tiebreakers": ("point_diff", "point_diff")}, "listed twice"),
        ({"sides_per_table": 4}, "2 \\(partners\\) or 3"),
        ({"format": "round_robin", "sides_per_table": 3}, "cutthroat runs as swiss"),
    ],
)
def test_impossible_configs_are_refused(kwargs, message):
    with pytest.raises(EventError, match=message):
        EventConfig(**kwargs)


def test_progressive_standings_are_per_player():
    results = [
        game(1, 1, (1, 3), (2, 4), 300, 200, (2, 5)),
        game(2, 1, (1, 2), (3, 4), 100, 400, (1, 0)),
    ]
    table = standings(players(4), results, EventConfig(format="progressive"))
    rows = {r.entrant: r for r in table}
    figures = {i: (r.wins, r.points_for, r.points_against, r.bags) for i, r in rows.items()}
    assert figures[1] == (1, 400, 600, 3)  # 300 with 3, then 100 with 2
    assert figures[3] == (2, 700, 300, 2)
    # opponents 2 (0 wins) and 4 (1), then 1 (1) and 2 (0)
    assert rows[3].opponents_wins == 2


def test_cutthroat_points_against_is_the_best_opponent():
    result = TableResult(1, 1, (SideScore((1,), 300), SideScore((2,), 250), SideScore((3,), 100)))
    rows = {r.entrant: r for r in standings(players(3), [result], EventConfig(sides_per_table=3))}
    assert [(rows[i].wins, rows[i].point_diff) for i in (1, 2, 3)] == [(1, 50), (0, -50), (0, -200)]


def test_dropped_entrants_keep_their_rows():
    entrants = teams(2)
    entrants[0] = entrants[0].__class__(1, "T1", ("a1", "b1"), active=False)
    rows = standings(entrants, [game(1, 1, 1, 2, 300, 200)], EventConfig())
    assert [(r.entrant, r.active, r.wins) for r in rows] == [(1, False, 1), (2, True, 0)]


ORDINALS = [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
            (13, "13th"), (21, "21st"), (102, "102nd")]  # fmt: skip


@pytest.mark.parametrize("n, text", ORDINALS)
def test_ordinals(n, text):
    from scorekeeper.events.standings import ordinal

    assert ordinal(n) == text


def test_no_entrants_have_no_standings():
    assert standings([], [], EventConfig()) == ()
