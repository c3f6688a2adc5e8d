"""The kitchen table's use cases around a game, one call each (``service.kitchen``): Start,
Rematch, Import (each answering a form sent twice inside its own transaction), Export, Delete
and the pages beside them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper import service, store
from scorekeeper.rules import GameError
from scorekeeper.service import kitchen
from scorekeeper.service.kitchen import writing as kitchen_writing
from tests.helpers import game_file, store_game

ME, OTHER = "b" * 24, "c" * 24
ID = "s" * 22


@dataclass
class Typed:
    """A new game's form as the web gives it: the game file, or None (its own errors)."""

    made: dict[str, Any] | None
    save_as: str = ""
    replace_saved: bool = False
    asked: int = 0

    def game_to_start(self) -> dict[str, Any] | None:
        self.asked += 1
        return None if self.made is None else dict(self.made)


def listed(db, browser: str) -> list[str]:
    return [r.edit_token for r in store.browser_games(db, browser, 100)]


def count_games(db) -> int:
    return db.conn.execute("select count(*) from games").fetchone()[0]


def test_start_stores_the_game_first_in_the_browsers_list_with_its_rules_saved(db):
    token = kitchen.start_game(db, ME, Typed(game_file(), save_as="Ours"), ID)
    assert listed(db, ME) == [token]
    assert [r.name for r in kitchen.new_game_page(db, ME).saved_rules] == ["Ours"]
    assert kitchen.new_game_page(db, ME).known_players == ["Ann", "Bob", "Cy", "Di"]


def test_start_sent_twice_starts_one_game_and_lists_it_for_the_browser_that_sent_it(db):
    token = kitchen.start_game(db, ME, Typed(game_file()), ID)
    again = Typed(game_file())
    with pytest.raises(service.AlreadySaved) as seen:
        kitchen.start_game(db, OTHER, again, ID)  # the same form's id, from another tab
    assert seen.value.submitted.token == token and count_games(db) == 1
    assert again.asked == 0  # answered before the form is read
    assert listed(db, OTHER) == [token]  # listed, though the error answered (committed)


def test_a_start_that_does_not_read_starts_nothing_and_carries_the_page(db):
    kitchen.start_game(db, ME, Typed(game_file()), None)
    with pytest.raises(service.StartRefused) as refused:
        kitchen.start_game(db, ME, Typed(None), ID)
    page = refused.value.page
    assert page.known_players == ["Ann", "Bob", "Cy", "Di"] and refused.value.error is None
    assert count_games(db) == 1 and kitchen_writing.submitted(db, ID) is None


def test_the_engines_refusal_is_carried_for_the_form_to_place(db):
    broken = game_file(rules={"preset": "standard", "target_score": -5})
    with pytest.raises(service.StartRefused) as refused:
        kitchen.start_game(db, ME, Typed(broken), ID)
    assert isinstance(refused.value.error, GameError) and count_games(db) == 0


def test_saved_rules_of_that_name_are_not_replaced_unless_asked(db):
    store.save_house_rules(db, "Ours", {"preset": "standard", "target_score": 300}, owner=ME)
    with pytest.raises(service.StartRefused) as refused:
        kitchen.start_game(db, ME, Typed(game_file(), save_as="ours"), ID)
    assert refused.value.taken == "Ours" and count_games(db) == 0
    kitchen.start_game(db, ME, Typed(game_file(), save_as="ours", replace_saved=True), ID)
    [saved] = kitchen.new_game_page(db, ME).saved_rules
    assert saved.spec == "standard"  # replaced by the rules of the game started


def test_a_busy_database_is_start_unavailable_with_the_page(db, monkeypatch):
    def busy(*_a: Any, **_k: Any) -> None:
        raise store.Unavailable("busy")

    monkeypatch.setattr(store, "create_game", busy)
    with pytest.raises(service.StartUnavailable) as refused:
        kitchen.start_game(db, ME, Typed(game_file()), ID)
    assert refused.value.reason == "busy" and refused.value.page.saved_rules == []


def test_the_new_game_page_finds_the_saved_rules_asked_for_only_for_their_owner(db):
    saved = store.save_house_rules(db, "Ours", {"preset": "nyc"}, owner=ME)
    assert kitchen.new_game_page(db, ME, saved.id).chosen is not None
    assert kitchen.new_game_page(db, OTHER, saved.id).chosen is None
    assert kitchen.new_game_page(db, ME, 0).chosen is None
    assert kitchen.new_game_page(db, ME).chosen is None


def test_rematch_sent_twice_makes_one_game(db):
    token = store_game(db, game_file(dealer="Ann")).edit_token
    made = kitchen.rematch_game(db, token, ME, ID)
    assert made.dealer == "Bob" and listed(db, ME) == [made.token]
    with pytest.raises(service.AlreadySaved) as seen:
        kitchen.rematch_game(db, token, OTHER, ID)
    assert seen.value.submitted.token == made.token and count_games(db) == 2
    assert listed(db, OTHER) == [made.token]


def test_import_sent_twice_imports_once_and_a_bad_file_imports_nothing(db):
    text = json.dumps(game_file())
    token = kitchen.import_file(db, text, ME, ID)
    with pytest.raises(service.AlreadySaved):
        kitchen.import_file(db, text, OTHER, ID)
    assert count_games(db) == 1 and listed(db, OTHER) == [token]
    with pytest.raises(GameError):
        kitchen.import_file(db, '{"format": 1}', ME, "t" * 22)
    assert count_games(db) == 1


def test_export_gives_the_file_and_what_its_name_is_made_of(db):
    record = store_game(db, game_file())
    exported = kitchen.export_file(db, record.edit_token)
    assert json.loads(exported.text)["players"] == exported.players == ["Ann", "Bob", "Cy", "Di"]
    assert exported.day == record.updated_at[:10]
    with pytest.raises(service.GameNotFound):
        kitchen.export_file(db, "no-such-token")


def test_delete_answers_what_it_deleted_and_the_game_is_gone(db):
    token = store_game(db, game_file()).edit_token
    assert kitchen.game_summary(db, token).label == "Ann & Cy vs Bob & Di"
    assert kitchen.delete_game(db, token).label == "Ann & Cy vs Bob & Di"
    with pytest.raises(service.GameNotFound):
        kitchen.delete_game(db, token)


@pytest.mark.parametrize(
    "typed",
    [Typed(None), Typed(game_file(rules={"preset": "standard", "target_score": -5}))],
    ids=["its own errors", "the engine's refusal"],
)
def test_a_start_that_does_not_read_is_refused_while_another_writer_holds_the_database(
    db, monkeypatch, typed
):
    """Its messages are the answer, not "busy": the form is read before the write begins."""

    def held(_db: Any) -> Any:
        raise store.Unavailable("busy")

    monkeypatch.setattr(store, "write", held)
    with pytest.raises(service.StartRefused) as refused:
        kitchen.start_game(db, ME, typed, ID)
    assert refused.value.page.saved_rules == [] and count_games(db) == 0


def test_a_start_sent_twice_is_listed_again_though_the_form_now_has_errors(db):
    token = kitchen.start_game(db, ME, Typed(game_file()), ID)
    with pytest.raises(service.AlreadySaved) as seen:
        kitchen.start_game(db, ME, Typed(None), ID)  # Back, a field emptied, Start again
    assert seen.value.submitted.token == token and count_games(db) == 1
