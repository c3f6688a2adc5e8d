"""Games stored before the engine checked what it checks now (a million tricks in a hand, a
number of thousands of digits, a target near 1e308) still open: every page that reads one says
what is wrong (409 "Cannot open", or a line in a list), and its file still downloads whole."""

from __future__ import annotations

import json

import pytest

from scorekeeper import store
from tests.helpers import HAND, game_file, listed, remember

GOOD = game_file([HAND])
BROKEN = {
    "a million tricks": (
        json.dumps({**GOOD, "rules": {"preset": "standard", "tricks_per_hand": 1_000_000}}),
        "option tricks_per_hand must be 1 to 52, not 1000000",
    ),
    "a bid of 5,000 digits": (
        json.dumps(GOOD).replace('"Ann": 3,', '"Ann": ' + "9" * 5000 + ",", 1),
        "the stored file holds a number of 5000 digits, far too long for a game",
    ),
    "a target near 1e308": (
        json.dumps({**GOOD, "rules": {"preset": "standard", "target_score": 10**308}}),
        "option target_score must be 1 to 100000, not a number of about 309 digits",
    ),
    "a float target": (
        json.dumps({**GOOD, "rules": {"preset": "standard", "target_score": 1e308}}),
        "option target_score must be a whole number",
    ),
    "a start score of 301 digits": (
        json.dumps({**GOOD, "start": {"Ann & Cy": {"score": 10**300, "bags": 0}}}),
        "start score of Ann &amp; Cy must be -100000 to 100000",
    ),
    "not a game file": ("[1, 2]", "the stored file is not a game file"),
    "not JSON": ("{not json", "the stored file is not readable JSON"),
}


def store_raw(db, text: str) -> store.GameRecord:
    """A game whose stored text is ``text``, as an older version might have left it."""
    record = store.create_game(db, {"placeholder": True})
    with store.write(db):
        db.conn.execute("update games set data = ? where id = ?", (text, record.id))
    return store.game_by_edit_token(db, record.edit_token)


def pages(edit: str, view: str) -> list[tuple[str, str]]:
    """Every page and action that reads a game, by its edit or its read-only link."""
    return [
        ("GET", f"/g/{edit}"),
        ("GET", f"/g/{edit}?hand=1"),
        ("GET", f"/g/{edit}/rules"),
        ("GET", f"/g/{edit}/chart.svg"),
        ("GET", f"/g/{edit}/sheet.pdf"),
        ("GET", f"/g/{edit}/hands/1"),
        ("POST", f"/g/{edit}/hands"),
        ("POST", f"/g/{edit}/hands/1"),
        ("POST", f"/g/{edit}/hands/1/delete"),
        ("POST", f"/g/{edit}/hands/misdeal"),
        ("POST", f"/g/{edit}/hands/undo"),
        ("GET", f"/v/{view}"),
        ("GET", f"/v/{view}/chart.svg"),
        ("GET", f"/v/{view}/sheet.pdf"),
    ]


@pytest.mark.parametrize("case", BROKEN)
def test_every_page_of_a_broken_game_says_it_cannot_open_it(client, db, case):
    text, problem = BROKEN[case]
    record = store_raw(db, text)
    for method, url in pages(record.edit_token, record.view_token):
        response = client.open(url, method=method, data={"version": "1"})
        html = response.get_data(as_text=True)
        assert response.status_code == 409, (url, response.status_code)
        assert "Cannot open" in html and problem in html, url
        assert "Nothing in it was lost" in html
        if url.startswith("/g/"):
            assert f'href="/g/{record.edit_token}/game.json">Download the game file' in html
        else:
            assert "game.json" not in html  # a read-only link never leads to the edit link
    assert store.game_by_edit_token(db, record.edit_token).version == 1  # nothing was saved


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_game_still_exports_exactly_as_stored_and_can_be_deleted(client, db, case):
    text, _problem = BROKEN[case]
    record = store_raw(db, text)
    response = client.get(f"/g/{record.edit_token}/game.json")
    assert response.status_code == 200
    exported = response.get_data(as_text=True)
    readable = store.game_by_edit_token(db, record.edit_token).problem is None
    assert json.loads(exported) == json.loads(text) if readable else exported == text
    assert response.headers["Content-Disposition"].startswith('attachment; filename="spades-')

    page = client.get(f"/g/{record.edit_token}/delete")
    assert page.status_code == 200 and "Delete this game?" in page.get_data(as_text=True)
    assert client.post(f"/g/{record.edit_token}/delete").status_code == 303
    with pytest.raises(store.GameNotFound):
        store.game_by_edit_token(db, record.edit_token)


def test_the_home_page_lists_broken_games_with_what_is_wrong(client, db):
    good = store.create_game(db, GOOD, title="Fine game")
    broken = [store_raw(db, text) for text, _ in BROKEN.values()]
    remember(db, client, good.edit_token, *(r.edit_token for r in broken))
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Fine game" in html
    for _text, problem in BROKEN.values():
        assert problem in html
    assert len(listed(db, client)) == len(BROKEN) + 1


def test_a_rematch_of_a_broken_game_says_why_and_makes_nothing(client, db):
    record = store_raw(db, BROKEN["a bid of 5,000 digits"][0])
    response = client.post(f"/g/{record.edit_token}/rematch", follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "This game cannot be replayed" in html
    assert response.status_code == 409
    assert store.count_games(db) == 1


def test_the_read_only_page_s_poll_still_answers(client, db):
    record = store_raw(db, BROKEN["not JSON"][0])
    response = client.get(f"/v/{record.view_token}/version.json")
    assert response.status_code == 200 and response.json["version"] == 1


def test_saved_house_rules_with_a_huge_number_open_the_new_game_page_with_a_message(client, db):
    saved = store.save_house_rules(db, "Old", {"preset": "standard"})
    spec = '{"preset":"standard","target_score":' + "9" * 5000 + "}"
    with store.write(db):
        db.conn.execute("update house_rules set spec = ? where id = ?", (spec, saved.id))
    assert client.get("/house-rules").status_code == 200
    response = client.get(f"/games/new?rules={saved.id}")
    assert response.status_code == 200
    assert "The saved rules “Old” no longer load" in response.get_data(as_text=True)
