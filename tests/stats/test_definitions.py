"""The figures as docs/stats.md defines them, each recomputed by hand from a small game or
night: own bid reached only where a player's tricks are written, a team's double nil of a
blind nil, a shared event place, the minimum attendance and exact ties on the ladder."""

from __future__ import annotations

from scorekeeper.events import Entrant, EventConfig, SideScore, TableResult
from scorekeeper.rules import parse_game, score_game
from scorekeeper.stats import (
    PlayedGame,
    Scheme,
    event_finishes,
    figures,
    rate,
    season_standings,
    tally_game,
)

TEAMS = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}


def _tallies(rules, hands):
    game = parse_game(
        {"format": "spades-scorekeeper/1", "rules": rules, "players": ["Ann", "Bob", "Cy", "Di"],
         "teams": TEAMS, "hands": hands}
    )  # fmt: skip
    return tally_game(game, score_game(game), {p: p for p in game.players})


def test_own_bid_reached_counts_only_hands_whose_tricks_are_written_per_player():
    t = _tallies(
        "standard",
        [
            # tricks per team: Ann's own tricks are not written
            {"bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3},
             "tricks": {"Ann & Cy": 7, "Bob & Di": 6}},
            # per player: Ann bid 3 and took 4
            {"bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3},
             "tricks": {"Ann": 4, "Bob": 3, "Cy": 2, "Di": 4}},
        ],
    )  # fmt: skip
    ann = t["Ann"]
    assert (ann.bids, ann.bid_total) == (2, 6)  # the average bid counts both hands
    assert (ann.reach_bids, ann.reached) == (1, 1)
    game = PlayedGame("g", (1,), "", "g", (("Ann", "Cy"), ("Bob", "Di")), (1, 0), (0, 0), 0,
                      tallies=t)  # fmt: skip
    assert figures("Ann", [game]).reached_pct == 100.0
    cy = figures("Cy", [game])
    assert cy.tally.reached == 0 and cy.reached_pct == 0.0  # bid 3, took 2
    # only tricks per team: "–", not 0 %
    only_team = _tallies(
        "standard",
        [{"bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 3},
          "tricks": {"Ann & Cy": 7, "Bob & Di": 6}}],
    )  # fmt: skip
    game = PlayedGame("g", (1,), "", "g", (("Ann", "Cy"), ("Bob", "Di")), (1, 0), (0, 0), 0,
                      tallies=only_team)  # fmt: skip
    assert figures("Ann", [game]).reached_pct is None
    assert figures("Ann", [game]).as_dict()["own_bids_with_tricks"] == 0


def test_a_teams_double_nil_counts_each_members_blind_nil_as_blind():
    rules = {"preset": "standard", "double_nil_value": 500, "blind_deficit": 0}
    t = _tallies(
        rules,
        [{"bids": {"Ann": "blind nil", "Bob": 6, "Cy": "nil", "Di": 7},
          "tricks": {"Ann": 0, "Cy": 0, "Bob & Di": 13}}],
    )  # fmt: skip
    assert (t["Ann"].blind_nils, t["Ann"].blind_nils_made, t["Ann"].nils) == (1, 1, 0)
    assert (t["Cy"].nils, t["Cy"].nils_made, t["Cy"].blind_nils) == (1, 1, 0)
    assert t["Ann"].bids == t["Cy"].bids == 0  # a nil is no number bid


def _night(wins_of: dict[int, int]) -> list[TableResult]:
    """One round: entrant ``a`` beats ``b`` 300 to 100 for each (a, b) in ``wins_of``."""
    return [
        TableResult(1, i, (SideScore((a,), 300), SideScore((b,), 100)), winner=0)
        for i, (a, b) in enumerate(wins_of.items(), 1)
    ]


def test_a_shared_event_place_is_that_place_for_everyone_who_shares_it():
    entrants = [Entrant(i, n) for i, n in enumerate(["A", "B", "C", "D"], 1)]
    people = {1: ("ann",), 2: ("bob",), 3: ("cy",), 4: ("di",)}
    # no tie-breakers: A and B share first with a win each, C and D share third
    config = EventConfig(tiebreakers=())
    finishes = event_finishes(1, "Night 1", "2026-03-01", entrants, people, _night({1: 3, 2: 4}),
                              config)  # fmt: skip
    assert {p: (f.place, f.shared) for p, f in finishes.items()} == {
        "ann": (1, True), "bob": (1, True), "cy": (3, True), "di": (3, True),
    }  # fmt: skip
    rows = season_standings([finishes], Scheme("place", (6, 3, 1)))
    assert {r.person: r.points for r in rows} == {"ann": 6, "bob": 6, "cy": 1, "di": 1}
    assert "6 (=1st Night 1)" in rows[0].why


def test_people_below_the_minimum_attendance_get_no_place_number():
    entrants = [Entrant(i, n) for i, n in enumerate(["A", "B", "C", "D"], 1)]
    people = {1: ("ann",), 2: ("bob",), 3: ("cy",), 4: ("di",)}
    one = event_finishes(1, "Night 1", "2026-03-01", entrants, people, _night({1: 3, 2: 4}),
                         EventConfig())  # fmt: skip
    two = event_finishes(2, "Night 2", "2026-03-08", entrants[:2], people, _night({2: 1}),
                         EventConfig())  # fmt: skip
    rows = season_standings([one, two], Scheme("place", (6, 3, 1), min_events=2))
    placed = [(r.person, r.place_label) for r in rows if r.eligible]
    assert [label for _, label in placed] == ["1", "2"]
    assert [r.place_label for r in rows if not r.eligible] == ["", ""]
    assert all("of the 2 nights needed" in r.why for r in rows if not r.eligible)


def test_exactly_tied_people_are_listed_by_name_whatever_their_keys():
    """Partners of one game are exactly level: the ladder lists them by name, so person ids
    (the database) and name keys (event files) give one order."""
    game = PlayedGame("g", (1,), "", "g", ((10, 9), (3, 4)), (300, 100), (0, 0), 0)
    names = {10: "Amy", 9: "Zed", 3: "Bob", 4: "Cy"}
    by_id = rate([game]).rows(name=names.__getitem__)
    assert [names[r.person] for r in by_id] == ["Amy", "Zed", "Bob", "Cy"]
    keyed = PlayedGame("g", (1,), "", "g", (("zed", "amy"), ("bob", "cy")), (300, 100), (0, 0), 0)
    by_key = rate([keyed]).rows(name={"amy": "Amy", "zed": "Zed", "bob": "Bob", "cy": "Cy"}.get)
    assert [r.person for r in by_key] == ["amy", "zed", "bob", "cy"]
    assert [r.rating for r in by_key] == [r.rating for r in by_id]
