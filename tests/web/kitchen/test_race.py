"""Urban rules on the game page (issue 22): a race has no bids, the page says so, a hand is its
tricks alone, and the match ends on two games or ten tricks in a hand."""

from __future__ import annotations

import re

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game
from tests.helpers import new_game


def add(client, token, **fields):
    html = client.get(f"/g/{token}/hands/misdeal").get_data(as_text=True)
    at = re.search(r'name="?version"? value="(\d+)"', html).group(1)
    return client.post(f"/g/{token}/hands", data={"version": at, **fields})


def test_an_urban_race_is_played_on_tricks_alone(client, db):
    token = new_game(client, preset="urban")
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "A race: no bids, 7 tricks win the hand." in html
    assert "name=bid-0" not in html and "Hand 1: bids" not in html
    assert add(client, token, **{"ttricks-0": "7", "ttricks-1": "6"}).status_code == 303
    assert add(client, token, **{"ttricks-0": "3", "ttricks-1": "10"}).status_code == 303
    data = store.game_by_edit_token(db, token).data
    assert [h.get("bids") for h in data["hands"]] == [None, None]
    sheet = score_game(parse_game(data))
    assert sheet.totals == {"Ann & Cy": 1, "Bob & Di": 1}
    assert (sheet.finished, sheet.winner, sheet.reason) == (True, "Bob & Di", "sweep")
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "took 10 tricks in a hand" in page


def test_a_race_two_sides_could_win_is_refused_by_its_field_with_what_was_typed(client):
    from tests.helpers import editor_fields, post_new

    response = post_new(client, **editor_fields("urban", race_tricks="6"))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    field = html[html.index('id="o-race_tricks"') :]
    assert 'value="6"' in field[:200]
    assert "6 tricks could win a hand for two sides" in field[:800]


def test_a_race_shows_no_bags_beside_its_totals_nor_in_its_printed_legend(client, db):
    """A race's hands have no bids, so no bags: the game page and the read-only sheet showed
    "2 0 bags" under each total, and the PDF's legend what 10 bags cost."""
    from scorekeeper.printing.sheets import legend

    token = new_game(client, preset="urban")
    assert add(client, token, **{"ttricks-0": "7", "ttricks-1": "6"}).status_code == 303
    html = client.get(f"/g/{token}").get_data(as_text=True)
    scores = html[html.index('class="scores"') : html.index("</div>", html.index('class="scores"'))]
    assert "bag" not in scores
    view_token = store.game_by_edit_token(db, token).view_token
    view = client.get(f"/v/{view_token}").get_data(as_text=True)
    assert "share-bags" not in view
    game = parse_game(store.game_by_edit_token(db, token).data)
    assert legend(game.rules, teams=True) == []
    standard = new_game(client)
    assert "0 bags" in client.get(f"/g/{standard}").get_data(as_text=True)  # a limit: shown
