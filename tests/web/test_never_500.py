"""Whatever is sent to whatever page, the answer is a page or a clear refusal, never a 500."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store

GAME = {
    "format": "spades-scorekeeper/1",
    "rules": "standard",
    "players": ["Ann", "Bob", "Cy", "Di"],
    "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
    "hands": [
        {"bids": {"Ann": 3, "Bob": "nil", "Cy": 4, "Di": 5},
         "tricks": {"Ann": 4, "Bob": 1, "Cy": 3, "Di": 5}},
    ],
}  # fmt: skip

# Field names the forms use, and values a confused phone (or a hostile script) might send.
FIELDS = st.sampled_from(
    ["player-0", "player-1", "player-2", "player-3", "player-4", "player-5", "preset", "teams",
     "dealer", "version", "bid-0", "bid-1", "bid-2", "bid-3", "tbid-0", "tbid-1", "tricks-0",
     "tricks-1", "tricks-2", "tricks-3", "ttricks-0", "ttricks-1", "renege_side", "renege",
     "adjust-0", "adjust-1", "note", "step", "rows", "players", "paper", "per_page", "text",
     "target_score", "bag_limit", "nil_value", "blind_min", "house_rules", "save_rules_as",
     "start-score-0", "start-bags-1", "names", "title", "confirm"]
)  # fmt: skip
VALUES = st.one_of(
    st.sampled_from(["", "0", "13", "14", "-1", "nil", "blind nil", "blind 6", "blind 99", "x",
                     "999999999999999999999", "1e9", "None", "null", "<b>Ann</b>", "Ann",
                     "a4", "letter", "standard", "nyc", "cutthroat", "1", "2", "true"]),
    st.text(max_size=20),
)  # fmt: skip
FORMS = st.dictionaries(FIELDS, VALUES, max_size=12)


def routes(app, edit: str, view: str):
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        url = re.sub(r"<int:number>", "1", rule.rule)
        url = url.replace("<token>", edit).replace("<view_token>", view)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, url


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(form=FORMS)
def test_no_form_content_makes_a_server_error(app, client, db, form):
    game = store.create_game(db, GAME)
    for method, url in routes(app, game.edit_token, game.view_token):
        if method == "POST":
            response = client.post(url, data=form)
        else:
            response = client.get(url, query_string=form)
        assert response.status_code < 500, (method, url, form, response.status_code)


def test_unknown_tokens_and_hand_numbers_are_404(app, client, db):
    game = store.create_game(db, GAME)
    for method, url in routes(app, "no-such-token", "no-such-view"):
        if "no-such" not in url:
            continue
        response = client.post(url) if method == "POST" else client.get(url)
        assert response.status_code == 404, (method, url)
    for number in (0, 2, 99):
        assert client.get(f"/g/{game.edit_token}/hands/{number}").status_code == 404
