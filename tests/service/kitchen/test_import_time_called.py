"""A club table's game that the director's call of time capped, imported on its own (issue:
it kept the cap and dropped the call, so at home it read "the last of 3 hands was played"
where the club's page said "time was called"). It keeps its call of time: stored with the
game, said by every page of it, written back by its export."""

from __future__ import annotations

import json

import pytest

from scorekeeper import service, store
from scorekeeper.rules import GameError
from scorekeeper.service.kitchen import hands as kitchen_hands
from scorekeeper.service.kitchen import import_game
from scorekeeper.service.kitchen import writing as kitchen_writing
from scorekeeper.service.kitchen.opening import export_text, find_game
from tests.service.club_night.clubs import hand, time_called_table


def capped_table(db):
    """The game file of a table the director's call of time capped, as its page exports it."""
    table = time_called_table(db)
    return export_text(db, find_game(db, table.edit_token))


def test_an_imported_tables_game_keeps_its_call_of_time(db):
    exported = capped_table(db)
    assert json.loads(exported)["time_called"] == {"round_hands": 4}
    record = import_game(db, exported)
    assert (record.time_called, record.round_hands) == (True, 4)
    page = service.kitchen.game_page(db, record.edit_token)
    assert page.event_table is None and (page.time_called, page.round_hands) == (True, 4)
    shown = service.kitchen.show_shared(db, record.view_token)
    assert (shown.time_called, shown.round_hands) == (True, 4)
    assert shown.current.sheet.finished and shown.current.game.rules.max_hands == 3


def test_export_import_export_gives_the_same_file(db):
    exported = capped_table(db)
    again = export_text(db, find_game(db, import_game(db, exported).edit_token))
    assert again == exported
    third = export_text(db, find_game(db, import_game(db, again).edit_token))
    assert third == exported


def steady(hands: int, **rules) -> dict:
    from scorekeeper.rules.sample import steady_game

    return steady_game(hands, ("Ann", "Bob", "Cy", "Di"), 5000, **rules)


def test_a_round_without_a_number_of_hands_round_trips_too(db):
    """`"round_hands": null`: the round was a game to a score only, and time capped it."""
    text = json.dumps({**steady(2, max_hands=2), "time_called": {"round_hands": None}})
    record = import_game(db, text)
    assert (record.time_called, record.round_hands) == (True, None)
    exported = export_text(db, find_game(db, record.edit_token))
    assert json.loads(exported)["time_called"] == {"round_hands": None}
    assert export_text(db, find_game(db, import_game(db, exported).edit_token)) == exported


def test_a_file_without_a_call_of_time_imports_as_before(db):
    record = import_game(db, json.dumps(steady(3, max_hands=3)))
    assert (record.time_called, record.round_hands) == (False, None)
    assert service.kitchen.game_page(db, record.edit_token).time_called is False
    assert "time_called" not in export_text(db, find_game(db, record.edit_token))


def test_a_hand_past_the_cap_is_refused_as_at_the_club(db):
    """The decision (docs/contract.md, section 1): the cap stays, so a hand past it is refused
    as the club table's own game refuses it; hands within it may be fixed, and deleting the
    last hand leaves a game that time is called on, still to finish its hand in play."""
    record = import_game(db, capped_table(db))
    current = service.kitchen.open_game(db, record.edit_token)
    with pytest.raises(GameError):
        service.kitchen.add_hand(db, current, hand(current.game, 7), version=current.version)
    assert store.game_by_edit_token(db, record.edit_token).version == current.version
    kitchen_hands.delete_hand(db, current, 3, version=current.version)
    page = service.kitchen.game_page(db, record.edit_token)
    assert not page.current.sheet.finished and page.time_called  # the hand in play, to finish
    service.kitchen.add_hand(db, page.current, hand(page.current.game, 7), version=None)
    page = service.kitchen.game_page(db, record.edit_token)
    assert page.current.sheet.finished and page.time_called


@pytest.mark.parametrize(
    "called, field",
    [
        ({"round_hands": 3}, "time_called"),  # not below the cap: no call of time capped it
        ({"round_hands": 0}, "time_called.round_hands"),
        ({"round_hands": "4"}, "time_called.round_hands"),
        ({"hands": 4}, "time_called"),
        (None, "time_called"),
    ],
)
def test_a_call_of_time_that_cannot_be_is_refused_by_field_and_nothing_is_stored(db, called, field):
    text = json.dumps({**steady(3, max_hands=3), "time_called": called})
    with pytest.raises(GameError) as refused:
        import_game(db, text)
    assert refused.value.field == field and "\n" not in str(refused.value)
    assert store.count_games(db) == 0


@pytest.mark.parametrize("round_hands, max_hands", [(4, 4), (None, None)])
def test_a_rematch_plays_to_the_rounds_own_hands_not_the_cap(db, round_hands, max_hands):
    """The cap of 3 hands was the director's call of time, not the table's rules: a rematch
    at home is a game of the night's own 4 hands (or to the score only), with no call of time."""
    text = json.dumps({**steady(2, max_hands=2), "time_called": {"round_hands": round_hands}})
    record = import_game(db, text)
    created, game = kitchen_writing.rematch(db, record.edit_token)
    assert game.rules.max_hands == max_hands and game.hands == ()
    assert (created.time_called, service.kitchen.game_page(db, created.edit_token).time_called) == (
        False,
        False,
    )
    plain = import_game(db, json.dumps(steady(2, max_hands=2)))
    assert kitchen_writing.rematch(db, plain.edit_token)[1].rules.max_hands == 2
