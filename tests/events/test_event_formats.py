"""Seating by each format's definition: circle schedules, Swiss rounds, knockout seeds,
progressive movement, cutthroat tables, seats and dealers."""

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.events import (
    Entrant,
    EventConfig,
    EventError,
    Pairing,
    SideScore,
    TableResult,
    bracket_order,
    champion,
    cutthroat_round,
    knockout_bracket,
    knockout_next,
    next_round,
    progressive_round,
    round_robin_round,
    round_robin_schedule,
    seat_tables,
    swiss_round,
)
from tests.events.sim import game, players, teams

SWISS = EventConfig(format="swiss")

# --- round robin ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 5, 6, 8])
def test_circle_schedule_meets_everybody_once_with_one_bye_each_when_odd(n):
    ids = list(range(1, n + 1))
    schedule = round_robin_schedule(ids)
    assert len(schedule) == n - 1 + n % 2
    met = Counter(frozenset(t) for r in schedule for t in r.tables)
    assert met == Counter(frozenset(p) for p in combinations(ids, 2))
    for r in schedule:
        assert sorted(r.seated) == ids
    byes = Counter(e for r in schedule for e in r.byes)
    assert byes == (Counter(ids) if n % 2 else Counter())


@pytest.mark.parametrize(
    "round_number, tables",
    [(1, ((4, 1), (2, 3))), (2, ((2, 4), (3, 1))), (3, ((4, 3), (1, 2))), (4, ((4, 1), (2, 3)))],
)
def test_circle_schedule_of_four_round_by_round_then_a_second_cycle(round_number, tables):
    assert round_robin_round([1, 2, 3, 4], round_number).tables == tables


def test_round_robin_gives_a_bye_to_the_opponent_of_a_dropped_team():
    pairing = round_robin_round([1, 2, 3, 4], 1, inactive={4})
    assert pairing.tables == ((2, 3),)
    assert pairing.byes == (1,)


def test_round_robin_through_next_round_uses_registration_order():
    entrants = [Entrant(10, "X", ("a", "b"), order=2), Entrant(20, "Y", ("c", "d"), order=1)]
    pairing = next_round(entrants, [], 1, EventConfig(format="round_robin"))
    assert pairing.tables == ((10, 20),)


# --- Swiss ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n, tables, byes",
    [
        (8, ((1, 5), (2, 6), (3, 7), (4, 8)), ()),
        (7, ((1, 4), (2, 5), (3, 6)), (7,)),
        (2, ((1, 2),), ()),
    ],
)
def test_swiss_round_one_is_top_half_against_bottom_half(n, tables, byes):
    pairing = swiss_round(teams(n), [], 1, SWISS)
    assert (pairing.tables, pairing.byes) == (tables, byes)


def test_swiss_round_one_with_a_seed_is_shuffled_the_same_way_every_time():
    config = EventConfig(format="swiss", seed=42)
    first = swiss_round(teams(10), [], 1, config)
    assert swiss_round(list(reversed(teams(10))), [], 1, config) == first
    assert first != swiss_round(teams(10), [], 1, SWISS)


def test_swiss_round_two_pairs_winners_with_winners_in_standings_order():
    results = [
        game(1, 1, 1, 5, 400, 200),
        game(1, 2, 2, 6, 350, 200),
        game(1, 3, 3, 7, 300, 200),
        game(1, 4, 4, 8, 250, 200),
    ]
    pairing = swiss_round(teams(8), results, 2, SWISS)
    assert pairing.tables == ((1, 2), (3, 4), (8, 7), (6, 5))
    assert pairing.notes == ()


def test_swiss_avoids_a_rematch_even_when_records_are_further_apart():
    # after two rounds 1 has 2 wins, 4 and 3 one each, 2 none; 1 has met 2 and 3, so 1 v 4
    results = [
        game(1, 1, 1, 2, 300, 200),
        game(1, 2, 3, 4, 300, 250),
        game(2, 1, 1, 3, 300, 290),
        game(2, 2, 4, 2, 300, 200),
    ]
    assert swiss_round(teams(4), results, 3, SWISS).tables == ((1, 4), (3, 2))


def test_swiss_repeats_only_when_it_must_and_says_so():
    results = [game(1, 1, 1, 2, 300, 200)]
    pairing = swiss_round(teams(2), results, 2, SWISS)
    assert pairing.tables == ((1, 2),)
    assert pairing.notes == ("1 repeat pairing(s): no round without one exists",)


def test_swiss_bye_goes_to_the_lowest_placed_team_without_one():
    results = [
        game(1, 1, 1, 2, 300, 200),
        game(1, 2, 3, 4, 300, 250),
        TableResult.bye_for(1, 5),
        game(2, 1, 1, 5, 600, 100),
        game(2, 2, 4, 3, 300, 290),
        TableResult.bye_for(2, 2),
    ]
    # one win each for 3 (+40), 4 (-40), 2 (-100, had a bye), 5 (-500, had a bye)
    assert swiss_round(teams(5), results, 3, SWISS).byes == (4,)


def test_swiss_never_pairs_a_dropped_team_and_takes_a_late_team_with_no_wins():
    entrants = teams(4)
    entrants[0] = Entrant(1, "T1", ("a1", "b1"), active=False)
    entrants.append(Entrant(5, "T5", ("a5", "b5")))
    results = [game(1, 1, 1, 3, 300, 200), game(1, 2, 2, 4, 300, 200)]
    pairing = swiss_round(entrants, results, 2, SWISS)
    assert 1 not in pairing.seated
    # the late team has no wins and a 0 differential: above the losers, below the winner
    assert pairing.tables == ((2, 5), (3, 4))


def test_swiss_refuses_to_pair_after_an_unfinished_table():
    results = [game(1, 1, 1, 2, 100, 50, finished=False), game(1, 2, 3, 4, 300, 200)]
    with pytest.raises(EventError, match="round 1 table 1 is not finished"):
        swiss_round(teams(4), results, 2, SWISS)


def test_swiss_repairing_a_round_ignores_its_own_results():
    results = [game(1, 1, 1, 3, 300, 200), game(1, 2, 2, 4, 300, 200)]
    again = swiss_round(teams(4), [*results, game(2, 1, 1, 2, 300, 100)], 2, SWISS)
    assert again == swiss_round(teams(4), results, 2, SWISS)


# --- knockout ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size, order",
    [(2, [1, 2]), (4, [1, 4, 2, 3]), (8, [1, 8, 4, 5, 2, 7, 3, 6])],
)
def test_bracket_order_keeps_the_top_seeds_apart(size, order):
    assert bracket_order(size) == order


def test_cut_to_eight_seeds_by_standings_and_winners_meet_in_bracket_order():
    seeds = [31, 32, 33, 34, 35, 36, 37, 38, 39]  # the ninth misses the cut
    quarter = knockout_bracket(seeds, 8, 9)
    assert quarter.tables == ((31, 38), (34, 35), (32, 37), (33, 36))
    results = [
        game(9, 1, 31, 38, 500, 100),
        game(9, 2, 34, 35, 200, 510),
        game(9, 3, 32, 37, 100, 500),
        game(9, 4, 33, 36, 500, 300),
    ]
    semi = knockout_next(results, 10)
    assert semi.tables == ((31, 35), (37, 33))
    final = knockout_next([*results, game(10, 1, 31, 35, 500, 0), game(10, 2, 37, 33, 0, 500)], 11)
    assert final.tables == ((31, 33),)
    assert champion([game(11, 1, 31, 33, 300, 520)], 11) == 33


@pytest.mark.parametrize("size", [3, 6, 0])
def test_a_cut_must_be_a_power_of_two(size):
    with pytest.raises(EventError, match="2, 4, 8"):
        knockout_bracket(list(range(1, 9)), size, 1)


def test_knockout_format_seeds_round_one_by_registration():
    pairing = next_round(teams(4), [], 1, EventConfig(format="knockout"))
    assert pairing.tables == ((1, 4), (2, 3))


# --- progressive ---------------------------------------------------------------------------

PROGRESSIVE = EventConfig(format="progressive")


def test_progressive_round_one_seats_four_a_table_in_registration_order():
    pairing = progressive_round(players(9), [], 1, PROGRESSIVE)
    assert pairing.tables == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert pairing.byes == (9,)


def test_progressive_winners_move_up_losers_move_down_and_partners_split():
    # table 1: N-S (1, 3) beat E-W (2, 4); table 2: E-W (6, 8) beat N-S (5, 7)
    results = [game(1, 1, (1, 3), (2, 4), 300, 200), game(1, 2, (5, 7), (6, 8), 100, 250)]
    pairing = progressive_round(players(8), results, 2, PROGRESSIVE)
    # table 1 keeps its winners and takes table 2's; table 2 takes table 1's losers
    assert pairing.tables == ((1, 3, 6, 8), (2, 4, 5, 7))


def test_progressive_with_three_tables_moves_one_table_at_a_time():
    results = [
        game(1, 1, (1, 3), (2, 4), 300, 200),
        game(1, 2, (5, 7), (6, 8), 300, 200),
        game(1, 3, (9, 11), (10, 12), 300, 200),
    ]
    pairing = progressive_round(players(12), results, 2, PROGRESSIVE)
    assert [set(t) for t in pairing.tables] == [{1, 3, 5, 7}, {2, 4, 9, 11}, {6, 8, 10, 12}]


# --- cutthroat -----------------------------------------------------------------------------

CUTTHROAT = EventConfig(format="swiss", sides_per_table=3)


@pytest.mark.parametrize(
    "n, tables, byes",
    [
        (6, ((1, 2, 3), (4, 5, 6)), ()),
        (7, ((1, 2, 3), (4, 5, 6)), (7,)),
        (8, ((1, 2, 3), (4, 5, 6), (7, 8)), ()),
        (2, ((1, 2),), ()),
    ],
)
def test_cutthroat_tables_of_three_a_bye_for_one_over_head_to_head_for_two(n, tables, byes):
    pairing = cutthroat_round(players(n), [], 1, CUTTHROAT)
    assert (pairing.tables, pairing.byes) == (tables, byes)


def test_cutthroat_later_rounds_group_by_standings():
    results = [
        TableResult(1, 1, (SideScore((1,), 100), SideScore((2,), 300), SideScore((3,), 200))),
        TableResult(1, 2, (SideScore((4,), 400), SideScore((5,), 0), SideScore((6,), 50))),
    ]
    pairing = cutthroat_round(players(6), results, 2, CUTTHROAT)
    assert pairing.tables == ((4, 2, 3), (1, 6, 5))


# --- seats and dealer ----------------------------------------------------------------------


def test_teams_sit_north_south_and_east_west_and_the_deal_turns():
    pairing = Pairing(2, ((1, 2), (3, 4)))
    first, second = seat_tables(pairing, teams(4), SWISS)
    assert first.seats == (("N", "a1"), ("E", "a2"), ("S", "b1"), ("W", "b2"))
    assert first.dealer == "a2"  # round 2, table 1: East
    assert second.dealer == "b3"  # round 2, table 2: South


def test_progressive_tables_are_already_in_seat_order():
    pairing = Pairing(1, ((4, 1, 3, 2),))
    (table,) = seat_tables(pairing, players(4), PROGRESSIVE)
    assert table.seats == (("N", "P4"), ("E", "P1"), ("S", "P3"), ("W", "P2"))
    assert table.dealer == "P4"


def test_a_team_of_one_cannot_sit_down_at_a_partnership_table():
    with pytest.raises(EventError, match="team Solo needs two players"):
        seat_tables(Pairing(1, ((1, 2),)), [Entrant(1, "Solo"), *teams(2)[1:]], SWISS)
