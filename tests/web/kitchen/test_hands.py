"""Hands: entering, fixing, misdeals, undo, and two phones saving at once."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from tests.helpers import count_calls, editor_fields, new_game

FOUR = ["Ann", "Bob", "Cy", "Di"]


def version(client, token):
    """The version a page shows now: the one its forms send with a change."""
    html = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    return int(re.search(r'name="?version"? value="(\d+)"', html).group(1))


def add(client, token, at=None, **fields):
    at = version(client, token) if at is None else at
    return client.post(f"/g/{token}/hands", data={"version": at, **fields})


def stored(db, token):
    record = store.game_by_edit_token(db, token)
    return record, score_game(parse_game(record.data))


# Ann & Cy bid 3+4, Bob nil, Di 5; Ann & Cy took 7, Bob & Di 6 with Bob's 1.
NIL_HAND = {
    "bid-0": "3", "bid-1": "nil", "bid-2": "4", "bid-3": "5",
    "ttricks-0": "7", "ttricks-1": "6", "tricks-1": "1",
}  # fmt: skip


def test_a_hand_with_a_nil_is_saved_as_the_contract_says(client, db):
    token = new_game(client)
    assert add(client, token, **NIL_HAND).status_code == 303
    record, sheet = stored(db, token)
    assert record.data["hands"] == [
        {
            "bids": {"Ann": 3, "Bob": "nil", "Cy": 4, "Di": 5},
            "tricks": {"Ann & Cy": 7, "Bob": 1, "Di": 5},
        }
    ]
    assert sheet.totals == {"Ann & Cy": 70, "Bob & Di": -49}
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Bob & Di" not in html  # escaped
    assert "\u221249" in html and "nil✗" in html  # a true minus sign


def test_the_page_says_who_deals_and_who_bids_first(client):
    token = new_game(client, dealer="2")
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "<b>Cy</b> deals, <b>Di</b> bids first." in html
    # The pads come in bidding order, left of the dealer first.
    assert html.index("Di&#39;s bid") < html.index("Ann&#39;s bid") < html.index("Cy&#39;s bid")


def test_bids_first_then_tricks_each_pad_labelled_by_its_player_or_team(client):
    token = new_game(client)
    html = client.get(f"/g/{token}").get_data(as_text=True)
    for label in ("Ann&#39;s bid", "Bob&#39;s bid", "Cy&#39;s bid", "Di&#39;s bid"):
        assert f"<legend>{label}" in html
    assert "<legend>Ann &amp; Cy tricks" not in html
    bids = {k: v for k, v in NIL_HAND.items() if k.startswith("bid-")}
    html = client.get(f"/g/{token}", query_string={**bids, "step": "tricks"}).get_data(as_text=True)
    assert "<span>Ann &amp; Cy: 7</span><span>Bob &amp; Di: 5 + nil</span>" in html
    for label in ("Ann &amp; Cy tricks", "Bob &amp; Di tricks", "Bob&#39;s tricks"):
        assert f"<legend>{label}" in html
    assert "Ann&#39;s tricks" not in html  # only the nil bidder counts alone
    assert '<input type=hidden name=bid-1 value="nil">' in html


def test_a_missing_bid_keeps_the_bids_step(client):
    token = new_game(client)
    html = client.get(f"/g/{token}", query_string={"bid-0": "3", "step": "tricks"})
    html = html.get_data(as_text=True)
    assert "Tap Bob&#39;s bid." in html and 'name=bid-0 value="3" checked' in html
    assert "Bob &amp; Di tricks" not in html


def test_tricks_that_do_not_add_up_are_refused_with_everything_kept(client, db):
    token = new_game(client)
    response = add(client, token, **{**NIL_HAND, "ttricks-0": "8"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Tricks add up to 14, not 13." in html
    assert 'name=ttricks-0 value="8" checked' in html
    assert '<input type=hidden name=bid-1 value="nil">' in html
    assert stored(db, token)[0].data["hands"] == []


def test_a_missing_bid_is_named(client):
    token = new_game(client)
    fields = {k: v for k, v in NIL_HAND.items() if k != "bid-2"}
    assert "Tap Cy&#39;s bid." in add(client, token, **fields).get_data(as_text=True)


def test_blind_nil_is_offered_only_when_far_enough_behind(client):
    token = new_game(client)
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert 'value="blind nil"' not in html
    assert "Blind nil only when 100 or more behind." in html
    add(client, token, **{**NIL_HAND, "bid-1": "3", "ttricks-0": "13", "ttricks-1": "0"})
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert 'name=bid-1 value="blind nil"' in html
    assert 'name=bid-0 value="blind nil"' not in html


def test_first_hand_without_bids_shows_only_tricks(client, db):
    token = new_game(client, preset="nyc")
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "First hand: no bids" in html and "name=tbid-0" not in html
    assert add(client, token, **{"ttricks-0": "6", "ttricks-1": "7"}).status_code == 303
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert 'name=tbid-0 value="blind 6"' not in html  # not 100 behind
    assert 'name=tbid-0 value="4"' in html and 'name=tbid-0 value="11"' not in html
    assert stored(db, token)[1].totals == {"Ann & Cy": 60, "Bob & Di": 70}


def test_cutthroat_counts_each_player(client, db):
    token = new_game(client, ["Ann", "Bob", "Cy"], preset="three-player")
    fields = {"bid-0": "5", "bid-1": "6", "bid-2": "nil"}
    fields |= {"tricks-0": "7", "tricks-1": "10", "tricks-2": "0"}
    assert add(client, token, **fields).status_code == 303
    assert stored(db, token)[1].totals == {"Ann": 30, "Bob": 20, "Cy": 100}


def test_renege_defaults_to_three_tricks_and_adjust_keeps_a_note(client, db):
    token = new_game(client)
    fields = {**NIL_HAND, "renege": "1", "adjust-0": "50", "note": "aces"}
    assert add(client, token, **fields).status_code == 303
    hand = stored(db, token)[0].data["hands"][0]
    assert hand["renege"] == {"Bob & Di": 3}
    assert hand["adjust"] == {"Ann & Cy": 50}
    assert hand["note"] == "aces"


def test_edit_an_earlier_hand_and_everything_recomputes(client, db):
    token = new_game(client)
    add(client, token, **NIL_HAND)
    add(client, token, **{**NIL_HAND, "bid-1": "2", "ttricks-0": "5", "ttricks-1": "8"})
    page = client.get(f"/g/{token}/hands/1", follow_redirects=True).get_data(as_text=True)
    assert "Hand 1: why, or fix it" in page and 'name=tricks-1 value="1" checked' in page
    at = version(client, token)
    response = client.post(f"/g/{token}/hands/1", data={"version": at, **NIL_HAND, "tricks-1": "0"})
    assert response.status_code == 303
    record, sheet = stored(db, token)
    assert record.data["hands"][0]["tricks"] == {"Ann & Cy": 7, "Bob": 0, "Di": 6}
    assert sheet.hands[0].sides["Bob & Di"].points == 151
    assert len(record.data["hands"]) == 2


def test_delete_misdeal_and_undo(client, db):
    token = new_game(client)
    add(client, token, **NIL_HAND)
    client.post(f"/g/{token}/hands/misdeal", data={"version": version(client, token)})
    assert stored(db, token)[0].data["hands"][1] == {"misdeal": True}
    client.post(f"/g/{token}/hands/1/delete", data={"version": version(client, token)})
    assert stored(db, token)[0].data["hands"] == [{"misdeal": True}]
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Undo: delete hand 1" in html
    client.post(f"/g/{token}/hands/undo", data={"version": version(client, token)})
    assert len(stored(db, token)[0].data["hands"]) == 2
    client.post(f"/g/{token}/hands/undo", data={"version": version(client, token)})
    assert len(stored(db, token)[0].data["hands"]) == 1
    client.post(f"/g/{token}/hands/undo", data={"version": version(client, token)})
    assert stored(db, token)[0].data["hands"] == []


def test_a_form_from_before_submission_ids_is_saved_once_by_its_version(client, db):
    token = new_game(client)
    at = version(client, token)
    assert add(client, token, at=at, **NIL_HAND).status_code == 303
    assert add(client, token, at=at, **NIL_HAND).status_code == 409
    assert len(stored(db, token)[0].data["hands"]) == 1


def test_a_save_from_an_old_page_shows_the_sheet_now_and_keeps_the_typing(client, db):
    token = new_game(client)
    at = version(client, token)
    add(client, token, at=at, **NIL_HAND)
    other = {**NIL_HAND, "bid-0": "2", "ttricks-0": "6", "ttricks-1": "7"}
    response = add(client, token, at=at, **other)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "The sheet changed on another phone" in html
    assert '<input type=hidden name=bid-0 value="2">' in html
    assert 'name=ttricks-0 value="6" checked' in html
    assert f'name=version value="{at + 1}"' in html
    assert len(stored(db, token)[0].data["hands"]) == 1


def test_an_edit_from_an_old_page_does_not_overwrite(client, db):
    token = new_game(client)
    add(client, token, **NIL_HAND)
    at = version(client, token)
    client.post(f"/g/{token}/hands/1/delete", data={"version": at})
    response = client.post(f"/g/{token}/hands/1", data={"version": at, **NIL_HAND})
    assert response.status_code == 409
    assert stored(db, token)[0].data["hands"] == []


def test_a_hand_after_the_end_is_refused(client, db):
    token = new_game(client, **{"start-score-0": "490"})
    add(client, token, **{**NIL_HAND, "bid-1": "2"})
    record, sheet = stored(db, token)
    assert sheet.finished and record.finished and record.winner == "Ann & Cy"
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Game over" in html and 'id="hand"' not in html


def csrf_token_of(client, path):
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def new_game_with_csrf(client):
    """Start a four-player game through the page, as a browser does, CSRF token and all."""
    names = {f"player-{i}": n for i, n in enumerate(FOUR)}
    data = {"csrf_token": csrf_token_of(client, "/games/new"), **names}
    return client.post("/games/new", data=data).headers["Location"].rsplit("/", 1)[1]


def test_an_expired_session_keeps_the_hand_typed(csrf_app):
    client = csrf_app.test_client()
    token = new_game_with_csrf(client)
    stranger = csrf_app.test_client()  # the session cookie is gone
    response = stranger.post(f"/g/{token}/hands", data={"version": 1, **NIL_HAND})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "nothing was saved" in html
    assert '<input type=hidden name=bid-1 value="nil">' in html
    assert 'name=tricks-1 value="1" checked' in html


@pytest.mark.parametrize("path", ["/g/nope", "/g/nope/hands/1"])
def test_an_unknown_game_is_not_found(client, path):
    assert client.get(path).status_code == 404


def test_a_phone_left_on_the_table_for_hours_still_saves_the_next_hand(csrf_app, monkeypatch):
    import time

    client = csrf_app.test_client()
    token = new_game_with_csrf(client)
    csrf = csrf_token_of(client, f"/g/{token}")
    later = time.time() + 5 * 3600  # the form sat on the table for five hours
    monkeypatch.setattr(time, "time", lambda: later)
    response = client.post(f"/g/{token}/hands", data={"csrf_token": csrf, "version": 1, **NIL_HAND})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    db = store.connect(csrf_app.config["DATABASE"])
    assert len(store.game_by_edit_token(db, token).data["hands"]) == 1


# --- the cost of a hand: one read, one score, one write --------------------------------------


@pytest.mark.parametrize("edit", [False, True])
def test_a_hand_post_scores_the_game_once(client, monkeypatch, edit):
    from scorekeeper.rules import scoring

    token = new_game(client)
    add(client, token, **NIL_HAND)
    at = version(client, token)
    calls = count_calls(monkeypatch, scoring.score_game)
    path = f"/g/{token}/hands/1" if edit else f"/g/{token}/hands"
    response = client.post(path, data={"version": at, **NIL_HAND})
    assert response.status_code == 303
    assert len(calls) == 1


def test_a_hand_post_reads_the_game_once_and_writes_once(client, app, monkeypatch):
    """One read, and only of the version when the page of that version was just shown (the
    game as then read is kept): the file itself is not read nor decoded again."""
    from scorekeeper.store import games as stored_games

    token = new_game(client)
    at = version(client, token)
    versions = count_calls(monkeypatch, stored_games.version_by_edit_token)
    files = count_calls(monkeypatch, stored_games.game_by_edit_token)
    writes = count_calls(monkeypatch, stored_games.save_game)
    assert add(client, token, at=at, **NIL_HAND).status_code == 303
    assert (len(versions), len(files), len(writes)) == (1, 0, 1)


def test_a_new_game_with_its_players_and_saved_rules_is_one_transaction(client, monkeypatch):
    from scorekeeper.store import db as store_db

    commits: list[str] = []
    real = store_db.connect

    def traced(path, **options):
        db = real(path, **options)
        db.conn.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
        return db

    import scorekeeper.service as service

    monkeypatch.setattr(service, "connect", traced)
    data = {f"player-{i}": n for i, n in enumerate(FOUR)}
    response = client.post("/games/new", data={**data, "save_as": "Friday"})
    assert response.status_code == 303
    assert commits == ["COMMIT"]


def test_a_request_never_inherits_an_open_transaction(own_app):
    """Server threads keep their connection between requests: one that failed inside a
    transaction must not hand it on."""
    from flask import g

    from scorekeeper.web.db import get_db

    app, client = own_app, own_app.test_client()

    @app.get("/_test/fail-in-transaction")
    def fail_in_transaction():
        db = get_db()
        db.execute("BEGIN IMMEDIATE")
        g.kept = db
        raise RuntimeError("boom")

    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: the error page, not a raise
    assert client.get("/_test/fail-in-transaction").status_code == 500
    with app.test_request_context():
        db = get_db()
        assert not db.conn.in_transaction


# --- the kitchen table, second pass (issue 10) -----------------------------------------------


def test_a_save_lands_on_the_totals_and_the_next_hand(client):
    token = new_game(client)
    assert add(client, token, **NIL_HAND).headers["Location"] == f"/g/{token}#now"


@pytest.mark.parametrize(
    ("preset", "pad", "offered", "not_offered"),
    [
        ("nyc", "tbid-0", ["4", "10"], ["0", "1", "3", "11"]),  # the board, the largest bid
        ("barmore", "tbid-0", ["0", "1", "13"], []),  # no board
        ("military", "bid-0", ["nil", "1", "3", "13"], []),  # a partner's bid adds to it
    ],
)
def test_a_pad_offers_only_the_bids_its_side_may_make(client, preset, pad, offered, not_offered):
    token = new_game(client, preset=preset)
    if preset == "nyc":
        add(client, token, **{"ttricks-0": "6", "ttricks-1": "7"})
    html = client.get(f"/g/{token}").get_data(as_text=True)
    for value in offered:
        assert f'name={pad} value="{value}"' in html, value
    for value in not_offered:
        assert f'name={pad} value="{value}"' not in html, value


def test_a_pad_of_a_whole_side_starts_at_the_board():
    from scorekeeper.rules import bid_options, parse_game
    from scorekeeper.web.kitchen.hand_form import bid_pad

    data = {"format": "spades-scorekeeper/1", "players": ["Ann", "Bob", "Cy"],
            "rules": {"preset": "cutthroat", "min_side_bid": 4, "blind_bids": True,
                      "blind_min": 3, "blind_deficit": None}, "hands": []}  # fmt: skip
    game = parse_game(data)
    options = bid_options(game)["Ann"]
    values = [v for v, _ in bid_pad(game, "Ann", options, team=False)]
    assert values[:3] == ["nil", "4", "5"]  # nil stays: a nil is no contract at all
    assert "blind 3" not in values and "blind 4" in values and values[-1] == "blind nil"


UNDER = "Ann &amp; Cy bid 3, below the smallest bid of 4."
OVER = "Bob &amp; Di bid 11, above the largest bid of 10."


@pytest.mark.parametrize(
    ("preset", "bids", "pad", "message"),
    [
        ("nyc", {"tbid-0": "3", "tbid-1": "5"}, "tbid-0", UNDER),
        ("nyc", {"tbid-0": "5", "tbid-1": "11"}, "tbid-1", OVER),
        ("military", {"bid-0": "2", "bid-1": "4", "bid-2": "1", "bid-3": "4"}, "bid-0", UNDER),
    ],
)
def test_the_bids_step_refuses_what_the_rules_do_not_allow_by_the_pad(
    client, db, preset, bids, pad, message
):
    token = new_game(client, preset=preset)
    if preset == "nyc":
        add(client, token, **{"ttricks-0": "6", "ttricks-1": "7"})
    played = len(stored(db, token)[0].data["hands"])
    html = client.get(f"/g/{token}", query_string={**bids, "step": "tricks"}).get_data(as_text=True)
    assert f"Hand {played + 1}: bids" in html
    fieldset = re.search(rf'<fieldset [^>]*data-name="{pad}">(.*?)</fieldset>', html, re.S)
    assert f'<p class="error">{message}</p>' in fieldset.group(1)
    assert "Check the marked bids." in html and "ttricks-0" not in html
    assert len(stored(db, token)[0].data["hands"]) == played


def test_the_tricks_step_says_whose_tricks_a_teams_count_holds(client):
    token = new_game(client)
    bids = {k: v for k, v in NIL_HAND.items() if k.startswith("bid-")}
    html = client.get(f"/g/{token}", query_string={**bids, "step": "tricks"}).get_data(as_text=True)
    assert (
        '<legend>Bob &amp; Di tricks <span class="hint">all the team took, Bob&#39;s included'
        in html
    )
    assert "<legend>Ann &amp; Cy tricks</legend>" in html  # no nil: nothing to say


def test_deleting_a_hand_asks_first_and_says_what_it_scored(client, db):
    token = new_game(client)
    add(client, token, **NIL_HAND)
    edit = client.get(f"/g/{token}/hands/1", follow_redirects=True).get_data(as_text=True)
    assert f'href="/g/{token}/hands/1/delete">Delete hand 1&hellip;</a>' in edit
    assert f'action="/g/{token}/hands/1/delete"' not in edit  # no one-tap delete by Save
    page = client.get(f"/g/{token}/hands/1/delete").get_data(as_text=True)
    assert "<h1>Delete hand 1?</h1>" in page and "Dealt by Ann." in page
    assert "bid 7, took 7: +70" in page and "<b>Undo</b> on the game page brings it back" in page
    assert len(stored(db, token)[0].data["hands"]) == 1  # asking changes nothing
    client.post(f"/g/{token}/hands/1/delete", data={"version": version(client, token)})
    assert stored(db, token)[0].data["hands"] == []
    assert client.get(f"/g/{token}/hands/5/delete").status_code == 404


@pytest.mark.parametrize(("passes", "deals_next"), [("on", "Bob"), ("", "Ann")])
def test_a_misdeal_asks_first_and_says_who_deals_next(client, db, passes, deals_next):
    token = new_game(client, **editor_fields("standard", misdeal_deal_passes=passes))
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert f'href="/g/{token}/hands/misdeal">Misdeal: void hand 1&hellip;</a>' in html
    page = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    assert "<h1>Misdeal: void hand 1?</h1>" in page
    assert f"<b>{deals_next}</b> deals next." in page
    assert stored(db, token)[0].data["hands"] == []  # asking changes nothing
    client.post(f"/g/{token}/hands/misdeal", data={"version": version(client, token)})
    assert stored(db, token)[0].data["hands"] == [{"misdeal": True}]
    assert stored(db, token)[1].next_dealer == deals_next


def test_undo_offers_redo_until_the_next_change(client, db):
    token = new_game(client)
    add(client, token, **NIL_HAND)
    add(client, token, **{**NIL_HAND, "bid-1": "2", "ttricks-0": "5", "ttricks-1": "8"})
    for _ in range(2):
        client.post(f"/g/{token}/hands/undo", data={"version": version(client, token)})
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Redo: add hand 1" in html and "Undo:" not in html
    response = client.post(f"/g/{token}/hands/redo", data={"version": version(client, token)})
    assert response.status_code == 303 and response.headers["Location"].endswith("#now")
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Undo: add hand 1" in html and "Redo: add hand 2" in html
    assert len(stored(db, token)[0].data["hands"]) == 1
    add(client, token, **NIL_HAND)  # a new hand: nothing left to redo
    assert "Redo:" not in client.get(f"/g/{token}").get_data(as_text=True)


def test_a_redo_from_an_old_page_changes_nothing(client, db):
    token = new_game(client)
    add(client, token, **NIL_HAND)
    old = version(client, token)
    client.post(f"/g/{token}/hands/undo", data={"version": old})
    response = client.post(f"/g/{token}/hands/redo", data={"version": old})
    assert response.status_code == 409
    assert stored(db, token)[0].data["hands"] == []


def test_a_hands_edit_page_has_one_address_the_sheets_link(client):
    """The older address of a hand's edit page leads to the one the sheet links; a hand the
    game does not have is still not found."""
    token = new_game(client)
    add(client, token, **NIL_HAND)
    old = client.get(f"/g/{token}/hands/1")
    assert old.status_code == 302
    assert old.headers["Location"].endswith(f"/g/{token}?hand=1#hand")
    assert client.get(f"/g/{token}/hands/2").status_code == 404
