"""The hand form's use cases, one call each (``service.games``): submit_hand, change_hand,
one_tap. Each opens the game, checks the form's id and version and the hand, and saves, in one
transaction; a refusal is a named error carrying the game to show."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from scorekeeper import service
from scorekeeper.rules import Game
from scorekeeper.service.kitchen import hands as kitchen_hands
from scorekeeper.service.kitchen import opening as kitchen_opening
from scorekeeper.service.kitchen import typed_hands as kitchen_typed_hands
from scorekeeper.service.kitchen import writing as kitchen_writing
from tests.helpers import game_file, store_game

HAND = {"bids": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3}, "tricks": {"Ann & Cy": 7, "Bob & Di": 6}}
ID = "s" * 22


@dataclass
class Typed:
    """A typed hand as the web's form gives it: the hand, or None with errors."""

    made: dict[str, Any] | None
    asked: list[bool] = field(default_factory=list)

    def hand(self, game: Game, no_bids: bool) -> dict[str, Any] | None:
        self.asked.append(no_bids)
        return self.made


def hands(db, token: str) -> list:
    return list(service.kitchen.open_game(db, token).file["hands"])


def test_a_hand_submitted_is_saved_once_and_its_new_version_returned(db):
    token = store_game(db, game_file()).edit_token
    version = service.kitchen.submit_hand(db, token, Typed(HAND), 1, ID)
    assert version == 2 and hands(db, token) == [HAND]
    with pytest.raises(service.AlreadySaved):  # the same form again: checked first
        service.kitchen.submit_hand(db, token, Typed(HAND), 1, ID)
    assert hands(db, token) == [HAND]


@pytest.mark.parametrize(
    "typed, error",
    [
        (Typed(None), None),  # the typing did not read: the form's own errors say where
        (Typed({**HAND, "tricks": {"Ann & Cy": 9, "Bob & Di": 6}}), "tricks"),  # 15 tricks
    ],
)
def test_a_hand_that_does_not_read_or_breaks_a_rule_is_refused_with_the_game(db, typed, error):
    token = store_game(db, game_file()).edit_token
    with pytest.raises(service.HandRefused) as refused:
        service.kitchen.submit_hand(db, token, typed, 1, ID)
    assert refused.value.current.token == token
    if error is None:
        assert refused.value.error is None
    else:
        assert refused.value.error is not None
    assert hands(db, token) == [] and kitchen_writing.submitted(db, ID) is None


def test_a_form_read_before_a_save_is_stale_and_carries_the_game_now(db):
    token = store_game(db, game_file()).edit_token
    service.kitchen.submit_hand(db, token, Typed(HAND), 1)
    with pytest.raises(service.StaleGame) as stale:
        service.kitchen.change_hand(db, token, 1, Typed(HAND), 1, ID)
    assert stale.value.current.version == 2
    with pytest.raises(service.StaleGame):
        service.kitchen.submit_hand(db, token, Typed(HAND), 1, ID)
    assert hands(db, token) == [HAND]


def test_a_hand_changed_and_the_buttons_each_one_call(db):
    token = store_game(db, game_file()).edit_token
    service.kitchen.submit_hand(db, token, Typed(HAND), 1)
    changed = {**HAND, "tricks": {"Ann & Cy": 5, "Bob & Di": 8}}
    assert service.kitchen.change_hand(db, token, 1, Typed(changed), 2) == 3
    assert hands(db, token) == [changed]
    with pytest.raises(service.HandNotFound):
        service.kitchen.change_hand(db, token, 2, Typed(changed), 3)
    assert kitchen_typed_hands.one_tap(db, token, "undo", 3) == 4
    assert hands(db, token) == [HAND]
    assert kitchen_typed_hands.one_tap(db, token, "redo", 4) == 5
    assert kitchen_typed_hands.one_tap(db, token, "misdeal", 5) == 6
    assert kitchen_typed_hands.one_tap(db, token, "delete", 6, number=1) == 7
    assert hands(db, token) == [{"misdeal": True}]
    assert kitchen_typed_hands.one_tap(db, token, "redo", 7) is None  # nothing to redo
    with pytest.raises(service.HandNotFound):
        kitchen_typed_hands.one_tap(db, token, "delete", 7, number=5)


def test_a_stored_hand_is_read_through_the_opened_game(db):
    token = store_game(db, game_file(hands=[HAND])).edit_token
    current = service.kitchen.open_game(db, token)
    assert current.stored_hand(1) == HAND and current.version == 1
    with pytest.raises(service.HandNotFound):
        current.stored_hand(2)


# --- the game page, and the page a refusal carries ---------------------------------------------


def test_the_game_page_is_one_call_with_the_undo_words_and_no_table(db):
    token = store_game(db, game_file()).edit_token
    page = service.kitchen.game_page(db, token)
    assert page.current.token == token and page.last_action is None
    assert page.redo_action is None and page.event_table is None
    service.kitchen.submit_hand(db, token, Typed(HAND), 1)
    kitchen_typed_hands.one_tap(db, token, "undo", 2)
    page = service.kitchen.game_page(db, token)
    assert page.current.version == 3 and page.redo_action == "add hand 1"
    with pytest.raises(service.GameNotFound):
        service.kitchen.game_page(db, "no-such-token")


def test_the_game_page_opened_by_a_browser_puts_the_game_first_in_its_list(db):
    first, second = store_game(db, game_file()), store_game(db, game_file())
    service.kitchen.game_page(db, first.edit_token, "b" * 24)
    service.kitchen.game_page(db, second.edit_token)  # no browser: nothing recorded
    listed = service.kitchen.library(db, "b" * 24).in_progress
    assert [g.token for g in listed] == [first.edit_token]


def test_a_refused_hand_carries_the_game_page_as_it_is_now(db):
    token = store_game(db, game_file()).edit_token
    service.kitchen.submit_hand(db, token, Typed(HAND), 1)
    with pytest.raises(service.StaleGame) as stale:
        service.kitchen.submit_hand(db, token, Typed(HAND), 1, ID)
    page = stale.value.page
    assert page is not None and page.current.version == 2 and page.last_action == "add hand 1"
    with pytest.raises(service.HandRefused) as refused:
        service.kitchen.change_hand(db, token, 1, Typed(None), 2, ID)
    assert refused.value.page is not None and refused.value.page.current.version == 2
    with pytest.raises(service.StaleGame) as tapped:
        kitchen_typed_hands.one_tap(db, token, "undo", 1, ID)
    assert tapped.value.page is not None and tapped.value.page.last_action == "add hand 1"


def test_a_game_opened_long_ago_is_written_over_its_record_read_again_never_a_newer_one(
    db, monkeypatch
):
    """The record stays in the service, kept beside the game opened: once the cache has let
    it go, a write reads it again, and refuses when the game moved on since it was opened."""
    from scorekeeper.cache import SizedCache

    monkeypatch.setattr(kitchen_opening, "_opened", SizedCache(0, lambda _hit: 1))  # keeps none
    token = store_game(db, game_file()).edit_token
    current = service.kitchen.open_game(db, token)
    service.kitchen.add_hand(db, current, HAND)
    assert (
        hands(db, token) == [HAND]
        and service.kitchen.game_page(db, token).last_action == "add hand 1"
    )
    with pytest.raises(service.StaleGame) as stale:
        service.kitchen.add_hand(db, current, HAND)  # the game is at version 2 now
    assert stale.value.current.version == 2 and hands(db, token) == [HAND]
    with pytest.raises(service.StaleGame):
        kitchen_hands.undo(db, current, version=None)
