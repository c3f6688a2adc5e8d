"""A game whose rules have no bags never speaks of bags: Call Break (a trick over the call is
worth 0.1, and nothing counts it) and a race (urban rules: no bids, so nothing over a bid).
Whether the rules have bags is one property (``Rules.has_bags``); the game page, its hand's why,
the read-only sheet, the PDF, the blank sheet and the text sheet of ``scorekeeper score`` all
read it. A standard game keeps its Bags column everywhere."""

from __future__ import annotations

import html as html_text
import json
import re
import subprocess

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import parse_game, rules_from_spec, score_game
from tests.helpers import make_game

CALL_BREAK_HANDS = [
    {"bids": {"Ann": 3, "Bob": 4, "Cy": 2, "Di": 2},
     "tricks": {"Ann": 5, "Bob": 3, "Cy": 2, "Di": 3}},
    {"bids": {"Ann": 1, "Bob": 4, "Cy": 5, "Di": 2},
     "tricks": {"Ann": 1, "Bob": 5, "Cy": 5, "Di": 2}},
]  # fmt: skip
URBAN_HANDS = [{"tricks": {"Ann & Cy": 8, "Bob & Di": 5}}]
STANDARD_HANDS = [{"bids": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 2},
                   "tricks": {"Ann": 3, "Bob": 3, "Cy": 5, "Di": 2}}]  # fmt: skip
BAG = re.compile(r"\bbags?\b", re.I)


def visible(html: str) -> str:
    """A page's words as a person reads them: no scripts, styles or tags."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return html_text.unescape(re.sub(r"<[^>]+>", " ", html))


def pdf_text(body: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=body, capture_output=True, check=True
    ).stdout.decode()


def call_break(db):
    return make_game(db, CALL_BREAK_HANDS, rules="call-break", teams=None)


@pytest.mark.parametrize(
    ("spec", "bags"),
    [
        ("call-break", False),  # a trick over is 0.1 and counts toward nothing
        ("urban", False),  # a race: no bids, nothing over one
        ({"preset": "standard", "score_tenths": True, "bag_limit": None}, False),
        ({"preset": "call-break", "bag_limit": 10}, True),  # tenths, but a limit counts them
        ("standard", True),
        ("nyc", True),  # no limit, but "at most 2 bags"
        ("highlander", True),  # no penalty: its Bags column is a record
        ("three-player", True),  # each bag costs 10
        ({"preset": "standard", "bag_limit": None, "overtrick_value": 0}, True),  # No Overs
    ],
)
def test_which_rules_have_bags(spec, bags):
    assert rules_from_spec(spec).has_bags is bags


def test_a_call_break_hands_tricks_over_read_as_points_not_bags():
    data = {"format": "spades-scorekeeper/1", "rules": "call-break",
            "players": ["Ann", "Bob", "Cy", "Di"], "hands": CALL_BREAK_HANDS}  # fmt: skip
    sheet = score_game(parse_game(data))
    # its why-lines speak as its table does: a call, "short" (explain.bid_word, set_mark)
    assert sheet.hands[0].sides["Ann"].explain == ["call 3, took 5: +3.0, 2 over +0.2"]
    assert sheet.hands[0].sides["Di"].explain == ["call 2, took 3: +2.0, 1 over +0.1"]


def test_a_call_break_game_page_has_no_bags_column_nor_word(client, db):
    game = call_break(db)
    for url in (f"/g/{game.edit_token}", f"/g/{game.edit_token}?hand=1",
                f"/v/{game.view_token}", f"/v/{game.view_token}?hand=1"):  # fmt: skip
        page = client.get(url).get_data(as_text=True)
        heads = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
        assert re.findall(r'<th scope="col">(\w+)</th>', heads) == ["Bid", "Took", "Score"] * 4
        assert not BAG.search(visible(page)), (url, BAG.findall(visible(page)))
        totals = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S).group(1)
        assert [c for c in re.findall(r"<td[^>]*>([^<]*)</td>", totals) if "." in c] == [
            "4.2", "0.1", "7.0", "4.1"]  # fmt: skip
        assert "+3.2" in page  # Ann's 2 over, as the hand's points: 3 + 0.2
    why = visible(client.get(f"/g/{game.edit_token}?hand=1").get_data(as_text=True))
    assert "call 3, took 5: +3.0, 2 over +0.2" in why


def test_a_call_break_games_pdf_has_no_bags_column_nor_word(client, db):
    game = call_break(db)
    for url in (f"/g/{game.edit_token}/sheet.pdf", f"/v/{game.view_token}/sheet.pdf"):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        text = pdf_text(response.data)
        assert "Score" in text and "call 3, took 5: +3.0, 2 over +0.2" in text
        assert not BAG.search(text), (url, text)


def test_a_call_break_blank_sheet_has_no_bags_column(client):
    response = client.post(
        "/print/blank",
        data={"players": "4", "name1": "Ann", "name2": "Bob", "name3": "Cy", "name4": "Di",
              "preset": "call-break", "rows": "5", "per_page": "1", "pages": "1",
              "paper": "letter", "title": ""},
    )  # fmt: skip
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    assert text.count("Took") == 4 and text.count("Total") >= 4
    assert not BAG.search(text), text


@pytest.mark.parametrize(
    ("rules", "hands", "teams"),
    [("call-break", CALL_BREAK_HANDS, None), ("urban", URBAN_HANDS, True)],
)
def test_the_text_sheet_of_a_game_without_bags_never_says_bags(tmp_path, capsys, rules, hands,
                                                               teams):  # fmt: skip
    data = {"format": "spades-scorekeeper/1", "rules": rules,
            "players": ["Ann", "Bob", "Cy", "Di"], "hands": hands}  # fmt: skip
    if teams:
        data["teams"] = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Took" in text and "Total" in text
    assert not BAG.search(text), text


def test_a_standard_game_still_shows_its_bags_everywhere(client, db, tmp_path, capsys):
    game = make_game(db, STANDARD_HANDS)
    for url in (f"/g/{game.edit_token}", f"/v/{game.view_token}"):
        page = client.get(url).get_data(as_text=True)
        heads = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
        assert re.findall(r'<th scope="col">(\w+)</th>', heads) == ["Bid", "Took", "Score",
                                                                    "Bags"] * 2  # fmt: skip
        assert "1 bag" in visible(page)  # the totals: Ann & Cy's one bag
    text = pdf_text(client.get(f"/g/{game.edit_token}/sheet.pdf").data)
    assert "Bags" in text and "1 bag +1" in text and "every 10 bags cost 100" in text
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.data), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Bags" in out and "! bag penalty" in out


def test_a_call_break_rules_page_speaks_of_tricks_over_not_bags(client, db):
    """The rules of this game (every option, each with a hand played under them): Call Break's
    examples never start "Ann at 20.0 with 9 bags"; a trick over is named as the game has it;
    the options only bags read are not used, and the page says why, once."""
    game = call_break(db)
    text = " ".join(visible(client.get(f"/g/{game.edit_token}/rules").get_data(as_text=True))
                    .split())  # fmt: skip
    assert "Points per trick over the bid: 0.1" in text  # in the sheet's tenths (+0.2 below)
    assert "Ann bids 5 and takes 7: Ann: call 5, took 7: +5.0, 2 over +0.2 (total 5.2)" in text
    why = "These rules have no bags: a trick over the bid scores its points and counts toward "
    why += "nothing."
    assert text.count(why) == 1
    used = text.split("Not used by these rules")[0]  # the unused name bag options, said why
    assert not BAG.search(used), BAG.findall(used)
