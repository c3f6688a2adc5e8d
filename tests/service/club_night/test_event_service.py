"""The event service: an evening from registration to the final standings, each use case one
transaction, results read from the table games every time."""

from __future__ import annotations

import pytest

from scorekeeper import service, store
from scorekeeper.rules import parse_game, score_game
from scorekeeper.service import EventRefused, club_night, table_place
from scorekeeper.service.club_night import outcomes as club_night_outcomes
from scorekeeper.service.club_night import rounds as club_night_rounds
from scorekeeper.service.club_night import settings as club_night_settings
from scorekeeper.service.kitchen import hands as kitchen_hands
from scorekeeper.service.kitchen import writing as kitchen_writing
from tests.service.club_night.clubs import (
    event_with,
    finish,
    finish_round,
    hand,
    play,
    shown,
    table_of,
)


def counts(db) -> dict[str, int]:
    return {
        name: db[name].count
        for name in ("games", "event_rounds", "event_tables", "event_entrants", "people")
    }


# --- creating and registering ----------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, field, words",
    [
        ({"name": "  "}, "name", "name"),
        ({"name": "x" * 81}, "name", "80 characters"),
        ({"date": "17 May"}, "date", "2024-05-17"),
        ({"format": "ladder"}, "format", "format"),
        ({"rounds": 0}, "rounds", "from 1"),
        ({"rounds": 31}, "rounds", "from 1 to 30"),
        ({"max_hands": 0}, "max_hands", "from 1"),
        ({"round_minutes": 601}, "round_minutes", "600"),
        ({"cut": 6}, "cut", "2, 4, 8 or 16"),
        ({"cut": 4, "format": "progressive"}, "cut", "Swiss or round robin"),
        ({"tiebreakers": ("point_diff", "point_diff")}, "tiebreakers", "once"),
        ({"tiebreakers": ("luck",)}, "tiebreakers", "once"),
        ({"sides_per_table": 3, "format": "round_robin"}, "sides", "cutthroat"),
        ({"target_score": 10**9}, "target_score", "target"),
        ({"rules": {"preset": "nope"}}, "rules.preset", "preset"),
        ({"rules": "nyc", "sides_per_table": 3}, "rules.bidding", "needs teams"),
    ],
)
def test_creating_an_event_refuses_settings_that_cannot_run(db, changes, field, words):
    settings = club_night.EventSettings(**{"name": "Club night", **changes})
    with pytest.raises(EventRefused, match=words) as refused:
        club_night.create_event(db, settings)
    assert refused.value.field == field
    assert db["events"].count == 0


def test_an_event_has_two_unguessable_links_and_its_round_end_in_the_rules(db):
    event = club_night.create_event(
        db,
        club_night.EventSettings("Friday", rules={"preset": "nyc"}, target_score=300, max_hands=8),
    )
    assert len(event.director_token) >= 32 and len(event.public_token) >= 32
    assert event.director_token != event.public_token
    assert club_night_settings.game_rules(event) == {
        "preset": "nyc",
        "target_score": 300,
        "max_hands": 8,
    }
    assert club_night.open_director(db, event.director_token).id == event.id
    with pytest.raises(service.EventNotFound):
        club_night.open_director(db, event.public_token)  # the public link changes nothing
    with pytest.raises(service.EventNotFound):
        club_night.open_public(db, event.director_token)


@pytest.mark.parametrize(
    "names, team, words",
    [
        (["Ann"], "", "both partners"),
        (["Ann", "ann"], "", "different names"),
        (["Ann", "Cy", "Di"], "", "both partners"),
        (["A" * 31, "Cy"], "", "30 characters"),
        (["Zed", "Cy"], "x" * 101, "100 characters"),
        (["Ann", "Zed"], "", "Ann is already registered"),
        (["ANN", "Zed"], "", "Ann is already registered"),
        (["Zed", "Yan"], "Bob", "a player's name"),
        (["Zed", "Yan"], "ann & BOB", "already an entrant's name"),
    ],
)
def test_registering_refuses_what_would_seat_someone_twice(db, names, team, words):
    event = club_night.create_event(db, club_night.EventSettings("Friday"))
    club_night.register(db, event, ["Ann", "Bob"])
    before = counts(db)
    with pytest.raises(EventRefused, match=words):
        club_night.register(db, event, names, team)
    assert counts(db) == before


def test_a_person_is_followed_across_events_by_name(db):
    first = club_night.create_event(db, club_night.EventSettings("Monday"))
    second = club_night.create_event(db, club_night.EventSettings("Friday", format="progressive"))
    team = club_night.register(db, first, ["Ann", "Bob"], "The Aces")
    solo = club_night.register(db, second, ["  ann "])
    assert team.name == "The Aces" and team.members == ("Ann", "Bob")
    assert solo.name == "Ann" and solo.person_ids == team.person_ids[:1]
    assert db["people"].count == 2


def test_a_dropped_entrant_is_reinstated_rather_than_registered_again(db):
    event = event_with(db, 4)
    entrant = club_night.overview(db, event).entrants[0]
    club_night.set_active(db, event, entrant.id, False)
    with pytest.raises(EventRefused, match="dropped out"):
        club_night.register(db, event, [entrant.members[0], "Someone"])
    club_night.set_active(db, event, entrant.id, True)
    assert club_night.overview(db, event).entrants[0].active


# --- seating a round -------------------------------------------------------------------------


def test_seating_round_one_creates_every_tables_game(db):
    event = event_with(db, 8, target_score=300, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    assert [t.number for t in rnd.tables] == [1, 2, 3, 4]
    assert rnd.status == "seated" and not rnd.byes
    for t in rnd.tables:
        game = parse_game(store.game_by_edit_token(db, t.edit_token).data)
        a, b = (club_night.overview(db, event).by_id[e] for e in t.entrants)
        # partners opposite: the first team North-South, the second East-West
        assert game.players == (a.members[0], b.members[0], a.members[1], b.members[1])
        assert game.teams == {a.name: a.members, b.name: b.members}
        assert game.first_dealer == t.dealer == dict(t.seats)["NESW"[(t.position - 1) % 4]]
        assert (game.rules.target_score, game.rules.max_hands) == (300, 4)
    # Swiss round 1: top half against bottom half in registration order
    assert [t.entrants for t in rnd.tables] == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_seating_a_round_is_one_transaction(db, monkeypatch):
    event = event_with(db, 8)
    before = counts(db)
    version = store.events.event_by_id(db, event.id).version
    real, calls = store.events.add_table, []

    def add_table(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("the disk is full")
        return real(*args, **kwargs)

    monkeypatch.setattr(store.events, "add_table", add_table)
    with pytest.raises(RuntimeError):
        club_night.seat_next_round(db, event)
    assert len(calls) == 3  # two tables and their games were written before the failure
    assert counts(db) == before  # ... and none of it is left: no round, table or game
    assert store.events.event_by_id(db, event.id).version == version
    monkeypatch.undo()
    assert len(club_night.seat_next_round(db, event).tables) == 4


@pytest.mark.parametrize(
    "step, words",
    [
        ("seat twice", "Close round 1 before seating the next"),
        ("close unfinished", "Tables 1, 2 are not finished"),
        ("past the last round", "Every round of this event has been played"),
    ],
)
def test_the_round_order_is_kept(db, step, words):
    event = event_with(db, 4, rounds=1)
    club_night.seat_next_round(db, event)
    if step == "past the last round":
        finish_round(db, event)
    with pytest.raises(EventRefused, match=words):
        if step == "close unfinished":
            club_night.close_round(db, event, 1)
        else:
            club_night.seat_next_round(db, event)


def test_a_round_with_an_odd_count_gives_a_bye_and_it_counts_as_a_win(db):
    event = event_with(db, 5, rounds=2)
    rnd = club_night.seat_next_round(db, event)
    assert len(rnd.tables) == 2 and rnd.byes == (5,)
    finish_round(db, event)
    row = next(s for s in club_night.overview(db, event).standings if s.entrant == 5)
    assert (row.wins, row.byes, row.played, row.points_for) == (1, 1, 0, 0)
    second = club_night.seat_next_round(db, event)
    assert 5 not in second.byes  # never the same entrant twice while avoidable


# --- during the round ------------------------------------------------------------------------


def test_call_time_ends_each_game_after_the_hand_in_play(db):
    event = event_with(db, 6, max_hands=None, target_score=500)
    club_night.seat_next_round(db, event)
    view = club_night.overview(db, event)
    t1, t2, t3 = view.current.tables
    play(db, t1, 7, 7)  # two hands in: the third is in play
    finish(db, t3)  # already over: time changes nothing there
    called = club_night.call_time(db, event, 1)
    assert called == club_night.TimeCalled((1, 2))  # both capped, neither at its last hand
    for t, cap in ((t1, 3), (t2, 1)):
        assert parse_game(store.game_by_edit_token(db, t.edit_token).data).rules.max_hands == cap
    rnd = club_night.overview(db, event).current
    assert rnd.status == "time_called"
    play(db, t1, 6)  # the hand in play: the leader wins
    sheet = service.kitchen.open_game(db, t1.edit_token).sheet
    assert sheet.finished and sheet.reason == "hands" and sheet.winner == sheet.sides[0]
    # already capped: nothing to do again (its hand in play is its last already)
    assert club_night.call_time(db, event, 1) == club_night.TimeCalled((2,), True, (2,))
    current = service.kitchen.open_game(db, t2.edit_token)
    assert service.kitchen.game_page(db, t2.edit_token).last_action == "time called"
    kitchen_hands.undo(db, current, version=current.version)  # the phone undid it
    # ... so calling again caps it again
    assert club_night.call_time(db, event, 1) == club_night.TimeCalled((2,), True)
    play(db, t2, 6)  # 60 v 61: the second side wins the one hand in play
    sheet = service.kitchen.open_game(db, t2.edit_token).sheet
    assert sheet.finished and sheet.winner == sheet.sides[1]
    assert club_night.close_round(db, event, 1).status == "closed"


def test_a_call_of_time_recorded_before_it_named_the_tables_still_playing_reads(db):
    """A Call time sent again answers as the first send did, from what it recorded: the tables
    capped (a list), before it recorded the tables still playing and what it did to each."""
    assert club_night.TimeCalled.recorded([1, 2]) == club_night.TimeCalled((1, 2))
    assert club_night.TimeCalled.recorded(None) == club_night.TimeCalled(())


def test_a_hand_typed_before_time_was_called_still_saves(db):
    event = event_with(db, 2, max_hands=None)
    club_night.seat_next_round(db, event)
    (t,) = club_night.overview(db, event).current.tables
    play(db, t, 7)
    typing = service.kitchen.open_game(db, t.edit_token)  # the tricks step, read at this version
    club_night.call_time(db, event, 1)
    now = service.kitchen.open_game(db, t.edit_token)
    service.kitchen.add_hand(db, now, hand(now.game, 7), version=typing.version)
    sheet = service.kitchen.open_game(db, t.edit_token).sheet
    assert sheet.finished and sheet.played == 2  # the hand in play ended the game
    # ... but a hand saved by another phone meanwhile is a conflict, time called or not
    other = event_with(db, 2, max_hands=None)
    club_night.seat_next_round(db, other)
    (t,) = club_night.overview(db, other).current.tables
    typing = service.kitchen.open_game(db, t.edit_token)
    play(db, t, 7)
    club_night.call_time(db, other, 1)
    now = service.kitchen.open_game(db, t.edit_token)
    with pytest.raises(service.StaleGame):
        service.kitchen.add_hand(db, now, hand(now.game, 7), version=typing.version)


def test_a_tied_game_at_time_plays_one_more_hand(db):
    event = event_with(db, 2, max_hands=None)
    club_night.seat_next_round(db, event)
    (t,) = club_night.overview(db, event).current.tables
    play(db, t, 6)  # bids 3 each: 60 v 61
    club_night.call_time(db, event, 1)  # the hand in play is the second
    play(db, t, 7)  # 121 v 121: level when time runs out
    sheet = service.kitchen.open_game(db, t.edit_token).sheet
    assert list(sheet.totals.values()) == [121, 121] and not sheet.finished
    play(db, t, 8)  # one more hand decides it
    sheet = service.kitchen.open_game(db, t.edit_token).sheet
    assert sheet.finished and sheet.winner == sheet.sides[0] and sheet.played == 3


def test_closing_says_which_tables_are_still_playing(db):
    event = event_with(db, 6)
    club_night.seat_next_round(db, event)
    finish(db, table_of(club_night.overview(db, event), 1, 2))
    with pytest.raises(EventRefused, match=r"Tables 1, 3 are not finished"):
        club_night.close_round(db, event, 1)


def test_a_paper_result_counts_instead_of_the_game_until_cleared(db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    t1, t2 = club_night.overview(db, event).current.tables
    finish(db, t2)
    with pytest.raises(EventRefused, match="Tied on 250"):
        club_night.enter_paper(db, event, 1, 1, [250, 250], [1, 2])
    club_night.enter_paper(db, event, 1, 1, [250, 250], [1, 2], winner=1)
    club_night.close_round(db, event, 1)
    table = table_of(club_night.overview(db, event), 1, 1)
    assert table.on_paper and table.finished and table.winner == 1
    assert table.result.sides[1].points == 250 and table.result.winning_side == 1
    club_night.clear_paper(db, event, 1, 1)
    assert not table_of(club_night.overview(db, event), 1, 1).finished  # the empty game counts


# --- swaps, fixed tables, re-pairing ---------------------------------------------------------


def test_a_swap_before_play_reseats_both_tables_and_warns_of_a_repeat(db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    finish_round(db, event)  # round 1: 1 v 3, 2 v 4
    second = club_night.seat_next_round(db, event)
    assert [t.entrants for t in second.tables] == [(1, 2), (3, 4)]  # winners meet, losers meet
    old_links = {t.edit_token for t in second.tables}
    warnings = club_night.swap(db, event, 2, 2, 3)  # 1 v 3 again, 2 v 4 again
    assert warnings == [
        "Ann0 & Bob0 and Eve2 & Fay2 already met in round 1.",
        "Cy1 & Di1 and Gus3 & Hal3 already met in round 1.",
    ]
    after = club_night.overview(db, event).current
    assert [t.entrants for t in after.tables] == [(1, 3), (2, 4)]
    assert not old_links & {t.edit_token for t in after.tables}  # new games, new links
    assert db["games"].count == 4  # the old games are gone
    game = parse_game(store.game_by_edit_token(db, after.tables[0].edit_token).data)
    assert set(game.teams) == {"Ann0 & Bob0", "Eve2 & Fay2"}
    play(db, after.tables[0], 7)
    with pytest.raises(EventRefused, match="has started"):
        club_night.swap(db, event, 2, 1, 4)


def test_a_bye_can_be_swapped_to_a_seated_entrant(db):
    event = event_with(db, 3)
    rnd = club_night.seat_next_round(db, event)
    assert rnd.byes == (3,)
    club_night.swap(db, event, 1, 3, 1)
    after = club_night.overview(db, event).current
    assert after.byes == (1,) and after.tables[0].entrants == (3, 2)


def test_a_fixed_entrant_keeps_its_table_number_every_round(db):
    event = event_with(db, 8)
    club_night.seat_next_round(db, event)
    said = club_night.fix_entrant(db, event, 7, 1)  # entrant 7 sits at table 3 in round 1
    assert "Table 3 is now played at table 1" in said
    rnd = club_night.overview(db, event).current
    assert rnd.table(1).entrants == (3, 7) and rnd.table(1).fixed
    assert rnd.table(3).entrants == (1, 5)
    finish_round(db, event)
    for number in (2, 3):
        rnd = club_night.seat_next_round(db, event)
        assert rnd.number == number
        assert 7 in rnd.table(1).entrants and rnd.table(1).fixed
        assert sorted(t.number for t in rnd.tables) == [1, 2, 3, 4]
        finish_round(db, event)
    # the pairing's own order is kept for the core (movement, dealers): only numbers move
    assert sorted(t.position for t in rnd.tables) == [1, 2, 3, 4]


def test_repairing_a_round_takes_in_late_entries_and_leaves_drops(db):
    event = event_with(db, 4, rounds=3)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    club_night.seat_next_round(db, event)
    late = club_night.register(db, event, ["Zed", "Yan"])
    club_night.set_active(db, event, 2, False)
    assert late.joined_round == 3
    games_before = db["games"].count
    rnd = club_night.repair_round(db, event, 2)
    seated = {e for e, _ in rnd.placements}
    assert late.id in seated and 2 not in seated
    assert db["games"].count == games_before  # two old tables out, two new in
    assert club_night.overview(db, event).by_id[late.id].joined_round == 2
    play(db, rnd.tables[0], 7)
    with pytest.raises(EventRefused, match="has started"):
        club_night.repair_round(db, event, 2)


def test_a_dropped_entrant_keeps_their_row_and_is_not_seated_again(db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    club_night.set_active(db, event, 4, False)
    rnd = club_night.seat_next_round(db, event)
    assert 4 not in {e for e, _ in rnd.placements}
    row = next(s for s in club_night.overview(db, event).standings if s.entrant == 4)
    assert not row.active and row.played == 1


# --- standings -------------------------------------------------------------------------------


def test_a_corrected_result_gives_the_standings_as_if_entered_right(db):
    """Two identical nights, one with a wrong hand in round 1 corrected after round 2 was
    seated and played: the standings read the same."""
    right, wrong = event_with(db, 6), event_with(db, 6)
    for event, took in ((right, 9), (wrong, 4)):
        club_night.seat_next_round(db, event)
        view = club_night.overview(db, event)
        play(db, table_of(view, 1, 1), took, 7)
        for t in view.current.tables[1:]:
            play(db, t, 7, 7)
        club_night.close_round(db, event, 1)
    # the wrong night pairs round 2 from the wrong result; fix it now
    wrong_view = club_night.overview(db, wrong)
    assert shown(wrong_view) != shown(club_night.overview(db, right))
    current = service.kitchen.open_game(db, table_of(wrong_view, 1, 1).edit_token)
    kitchen_hands.edit_hand(db, current, 1, hand(current.game, 9), version=current.version)
    said = ". Round 1 table 1 was corrected after its round closed."  # its own sentence
    fixed = club_night.overview(db, wrong)
    at_table = set(table_of(fixed, 1, 1).entrants)
    assert [s.why.endswith(said) for s in fixed.standings] == [
        s.entrant in at_table for s in fixed.standings
    ]  # the correction is kept in the why of those it touched, and only theirs
    unsaid = [(*row[:-1], row[-1].removesuffix(said)) for row in shown(fixed)]
    assert unsaid == shown(club_night.overview(db, right))
    # the same correction as a paper result over the game
    right_sheet = score_game(
        parse_game(
            store.game_by_edit_token(
                db, table_of(club_night.overview(db, right), 1, 1).edit_token
            ).data
        )
    )
    club_night.enter_paper(
        db, wrong, 1, 1, [right_sheet.totals[s] for s in right_sheet.sides],
        [right_sheet.bags[s] for s in right_sheet.sides],
    )  # fmt: skip
    unsaid = [
        (*row[:-1], row[-1].removesuffix(said)) for row in shown(club_night.overview(db, wrong))
    ]
    assert unsaid == shown(club_night.overview(db, right))


def test_a_game_changed_after_its_round_closed_holds_the_next_round(db):
    event = event_with(db, 4)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    table = table_of(club_night.overview(db, event), 1, 1)
    current = service.kitchen.open_game(db, table.edit_token)
    kitchen_hands.delete_hand(db, current, 2, version=current.version)
    with pytest.raises(EventRefused, match="Round 1 table 1 is no longer finished"):
        club_night.seat_next_round(db, event)
    assert club_night_rounds.next_step(club_night.overview(db, event)).blocked


@pytest.mark.parametrize(
    "settings, players, tables, sides",
    [
        ({"format": "progressive"}, 8, 2, 2),
        ({"format": "swiss", "sides_per_table": 3, "rules": "cutthroat"}, 7, 2, 3),
        ({"format": "progressive", "sides_per_table": 3, "rules": "cutthroat"}, 6, 2, 3),
    ],
)
def test_individual_events_score_each_player(db, settings, players, tables, sides):
    event = event_with(db, players, rounds=2, **settings)
    for _ in range(2):
        rnd = club_night.seat_next_round(db, event)
        assert len(rnd.tables) == tables
        assert all(len(t.sides) == sides for t in rnd.tables)
        finish_round(db, event)
    view = club_night.overview(db, event)
    assert len(view.standings) == players  # one row a player
    assert all(len(e.members) == 1 for e in view.entrants)
    first = view.round(1).tables[0]
    game = parse_game(store.game_by_edit_token(db, first.edit_token).data)
    assert (game.teams is None) == (sides == 3)
    if settings["format"] == "progressive" and sides == 2:  # partners change every round
        partners = [frozenset(s) for r in view.rounds for t in r.tables for s in t.sides]
        assert len(partners) == len(set(partners))


def test_a_cut_to_a_final_crowns_a_champion(db):
    event = event_with(db, 4, rounds=2, cut=2)
    for _ in range(2):
        club_night.seat_next_round(db, event)
        finish_round(db, event)
    top = [s.entrant for s in club_night.overview(db, event).standings[:2]]
    final = club_night.seat_next_round(db, event)
    assert final.knockout and final.tables[0].entrants == tuple(top)
    finish_round(db, event, took=3)  # the second seed wins the final
    view = club_night.overview(db, event)
    assert view.champion == view.name_of(top[1]) and view.complete
    assert store.events.event_by_id(db, event.id).status == "finished"
    assert len(view.standings[0].why) > 0 and view.standings[0].played == 2  # before the cut


def test_a_knockout_event_plays_down_to_one_table(db):
    event = event_with(db, 4, format="knockout")
    assert len(club_night.seat_next_round(db, event).tables) == 2
    finish_round(db, event)
    with pytest.raises(EventRefused, match="no late entries"):
        club_night.register(db, event, ["Zed", "Yan"])
    assert len(club_night.seat_next_round(db, event).tables) == 1
    finish_round(db, event)
    view = club_night.overview(db, event)
    assert view.champion and view.complete
    assert club_night_rounds.next_step(view).action == "done"


def test_the_standings_score_each_game_once_a_version(db, monkeypatch):
    event = event_with(db, 8)
    club_night.seat_next_round(db, event)
    club_night.clear_cache()
    scored = []
    real = club_night_outcomes.score_outcome
    monkeypatch.setattr(
        club_night_outcomes, "score_outcome", lambda data: scored.append(1) or real(data)
    )
    club_night.overview(db, event).standings  # noqa: B018
    assert len(scored) == 4
    club_night.overview(db, event).standings  # noqa: B018
    assert len(scored) == 4  # nothing changed: nothing scored
    play(db, club_night.overview(db, event).current.tables[0], 7)
    view = club_night.overview(db, event)
    assert len(scored) == 5 and view.current.tables[0].played == 1


def test_the_public_version_moves_with_any_table_or_change(db):
    event = event_with(db, 4)
    seen = {club_night.public_version(db, event.public_token)}
    club_night.seat_next_round(db, event)
    seen.add(club_night.public_version(db, event.public_token))
    play(db, club_night.overview(db, event).current.tables[1], 7)
    seen.add(club_night.public_version(db, event.public_token))
    club_night.set_active(db, event, 1, False)
    seen.add(club_night.public_version(db, event.public_token))
    assert len(seen) == 4


def test_a_tables_game_cannot_be_deleted_from_its_page(db):
    event = event_with(db, 2)
    (t,) = club_night.seat_next_round(db, event).tables
    with pytest.raises(service.GameInEvent) as refused:
        kitchen_writing.delete_game(db, t.edit_token)
    assert refused.value.where.table_number == 1 and refused.value.where.event_name == "Club night"
    assert table_place.table_of_game(db, t.game_id).round_number == 1
