"""A game in tenths says its rules in its own units: a custom game that scores in tenths and
has a bag limit (10 bags cost 100 tenths) reads "10 bags: −10.0" on its rules line, its PDF's
legend and its blank sheet, as its sheet writes the penalty (−10.0), never the stored "−100";
Call Break's legend says its table's word ("short"), as its rules line does; and a game whose
rules have no bags (Call Break) takes no start bags from the new game form."""

from __future__ import annotations

import json
import re
import subprocess
from html import unescape

from scorekeeper.printing import sheets
from scorekeeper.rules import parse_game, rules_from_spec, score_game
from scorekeeper.rules import words as rule_words
from scorekeeper.rules.text import render_text
from scorekeeper.rules.words import changes_line, game_end, rules_line
from tests.helpers import created, editor_fields, make_game, post_new

MINUS = "\u2212"
TENTHS_BAGS = {"preset": "call-break", "bag_limit": 10, "bag_penalty": 100}
TENTHS_ALL = {
    "preset": "standard", "score_tenths": True, "losing_score": -2000,
    "specials": ["little_bemo"], "bonuses": ["last_trick"], "ten_for_200": True,
    "moon": True, "blind_bids": True, "blind_deficit": 1000, "nil_penalty_per_trick": 10,
}  # fmt: skip
HAND = {"bids": {"Ann": 4, "Bob": 2, "Cy": 3, "Di": 3},
        "tricks": {"Ann": 5, "Bob": 2, "Cy": 3, "Di": 3}}  # fmt: skip


def _text(body: bytes) -> str:
    out = subprocess.run(["pdftotext", "-", "-"], input=body, capture_output=True, check=True)
    return " ".join(out.stdout.decode().split())


def _game(rules=TENTHS_BAGS, hands=5):
    return parse_game({"format": "spades-scorekeeper/1", "rules": rules,
                       "players": ["Ann", "Bob", "Cy", "Di"], "hands": [HAND] * hands})  # fmt: skip


def test_the_rules_line_says_the_bag_penalty_in_tenths():
    line = rules_line(rules_from_spec(TENTHS_BAGS), "call-break", 4)
    assert f"10 bags: {MINUS}10.0" in line
    assert "100" not in line


def test_every_points_value_of_the_line_is_in_tenths():
    """Nil, blind nil, 10 for 200, the moon, specials, bonuses, the losing score and the
    blind deficit count tenths in a game in tenths, as the sheet's figures do."""
    line = rules_line(rules_from_spec(TENTHS_ALL))
    for words in ("game to 50.0", "out at -200.0", "nil 10.0", "blind nil 20.0",
                  "10 for 20.0", f"moon +20.0, set {MINUS}20.0", "Little Bemo \u00b16.0",
                  "Last trick +1.0", "blind when 100.0 behind", f"lost nil {MINUS}1.0 a trick",
                  f"10 bags: {MINUS}10.0"):  # fmt: skip
        assert words in line, (words, line)
    said_by_label = {"preset": "standard", "score_tenths": True, "rubicon_value": 50,
                     "lexington": "bid", "lexington_penalty": 40}  # fmt: skip
    line = rules_line(rules_from_spec(said_by_label))
    assert "Crossing the Rubicon: 5.0" in line and "Lexington loses: 4.0" in line
    assert game_end(rules_from_spec(TENTHS_ALL)) == f"Game to 50.0 (out at {MINUS}200.0)"


def test_the_pdf_legend_and_rules_say_the_penalty_as_the_sheet_does():
    game = _game()
    sheet = score_game(game)
    pdf = _text(sheets.render_game_pdf(game, sheet))
    assert f"10 bags: {MINUS}10.0" in pdf
    assert f"bags {MINUS}10.0: every 10 bags cost 10.0" in pdf
    assert "100" not in pdf
    blank = _text(
        sheets.render_blank_pdf(sheets.blank_sheet(rules=game.rules, preset="call-break"))
    )
    assert f"10 bags: {MINUS}10.0" in blank and "100" not in blank


def test_the_game_page_says_the_penalty_in_tenths(client, db):
    record = make_game(db, rules=TENTHS_BAGS)
    for url in (f"/g/{record.edit_token}", f"/v/{record.view_token}"):
        html = client.get(url).get_data(as_text=True)
        assert f"10 bags: {MINUS}10.0" in html, url
        assert f"10 bags: {MINUS}100" not in html, url


def test_call_break_legend_says_short_as_its_rules_line_does():
    game = _game("call-break")
    legend = sheets.legend(game.rules, teams=False, preset="call-break")
    assert "short: the call was not made" in legend
    assert not any(words.startswith("set:") for words in legend)
    pdf = _text(sheets.render_game_pdf(game, score_game(game)))
    assert "short: the call was not made" in pdf and "set: the bid" not in pdf
    assert "* short" in render_text(score_game(game)).splitlines()  # the text sheet's marks
    standard = sheets.legend(rules_from_spec("standard"), teams=True, preset="standard")
    assert "set: the bid was not made" in standard


def test_start_bags_are_refused_for_rules_without_bags(client, db):
    response = post_new(client, preset="call-break", **{"start-score-0": "3.2",
                                                        "start-bags-0": "4"})  # fmt: skip
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="start-bags-0-error"' in html
    assert "Bags: these rules have no bags" in html
    assert 'value="3.2"' in html and 'value="4"' in html  # what was typed is kept
    assert "start-bags-0-error" in _bags_box(html, 0)  # shown, by its field, with its reason


def test_start_bags_still_count_where_the_rules_have_them(client, db):
    custom = editor_fields("call-break", bag_limit="10", bag_penalty="100")
    record = created(db, post_new(client, **custom,
                                  **{"start-score-0": "3.2", "start-bags-0": "4"}))  # fmt: skip
    assert record.data["start"] == {"Ann": {"score": 32, "bags": 4}}
    record = created(db, post_new(client, preset="call-break", **{"start-bags-1": "0"}))
    assert all(not v["bags"] for v in record.data.get("start", {}).values())  # 0 is no bags


def _bags_box(html: str, seat: int) -> str:
    start = html.index(f'<div class="start-row" data-seat="{seat}">')
    return html[start : html.index("</div>\n    </div>", start)]


def test_the_form_asks_no_bags_of_rules_without_them(client):
    """A form rendered for Call Break leaves its start's bags out of sight (without JavaScript
    too); each preset's flag (the server's ``Rules.has_bags``) is on the page for the script."""
    html = post_new(client, ["Ann"], preset="call-break").get_data(as_text=True)
    assert '<div class="start-bags" hidden><label for="start-bags-0">' in html
    assert 'The score<span class="start-bags" hidden>' in html
    flags = json.loads(unescape(re.search(r'id="start" data-bags="([^"]*)"', html)[1]))
    assert flags["call-break"] is False and flags["urban"] is False and flags["standard"] is True
    standard = post_new(client, ["Ann"], preset="standard").get_data(as_text=True)
    assert '<div class="start-bags"><label for="start-bags-0">' in standard


def test_the_rules_page_and_a_change_of_rules_say_points_in_tenths(client, db):
    """The rules page ("Bag penalty: 5.0") and the words of a change from the preset (the
    text sheet's "Rules:" line, the game page's "changed") say a points option in tenths."""
    spec = {"preset": "call-break", "bag_limit": 10, "bag_penalty": 50}
    assert changes_line(spec) == "Call Break, changed: Bags that cost: 10; Bag penalty: 5.0."
    game = parse_game({"format": "spades-scorekeeper/1", "rules": spec,
                       "players": ["Ann", "Bob", "Cy", "Di"], "hands": [HAND]})  # fmt: skip
    assert "Bag penalty: 5.0" in render_text(score_game(game))
    record = make_game(db, rules=spec)
    html = client.get(f"/g/{record.edit_token}/rules").get_data(as_text=True)
    assert "Bag penalty: <b>5.0</b>" in html and "Points per trick bid: <b>1.0</b>" in html
    standard = client.get(f"/g/{make_game(db).edit_token}/rules").get_data(as_text=True)
    assert "Bag penalty: <b>100</b>" in standard  # a game in points says them as they are
    points = rule_words.POINTS_OPTIONS
    assert {"bag_penalty", "nil_value", "target_score", "moon_value"} <= points
    assert not {"bag_limit", "blind_min", "double_back", "blind_win_multiplier"} & points


def test_a_house_rules_why_line_says_its_points_in_tenths():
    """A house rule's why-line names its points as the sheet counts them: a lost nil at 1.0 a
    trick (10 tenths) reads "2 x -1.0", beside the nil's "-2.0", never "2 x -10"."""
    spec = {"preset": "standard", "score_tenths": True, "nil_penalty_per_trick": 10}
    hand = {"bids": {"Ann": 0, "Bob": 4, "Cy": 3, "Di": 4},
            "tricks": {"Ann": 2, "Bob": 4, "Cy": 3, "Di": 4}}  # fmt: skip
    game = parse_game({"format": "spades-scorekeeper/1", "rules": spec,
                       "players": ["Ann", "Bob", "Cy", "Di"], "hands": [hand]})  # fmt: skip
    why = score_game(game).hands[0].sides["Ann"].explain
    assert why[:2] == ["Ann nil lost: 2 x -1.0", "Ann nil, took 2: -2.0"]
