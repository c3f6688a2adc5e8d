"""The rules page of a game without partners (cutthroat, three-handed, Call Break): its worked
examples are hands at the game's own table (each player scoring alone, the game's own number
of tricks), each figure the engine's for that table, in tenths where the game scores them."""

from __future__ import annotations

import html as html_lib
import re
from decimal import Decimal

import pytest

from scorekeeper.rules import OPTIONS, parse_game, rules_from_spec, score_game
from scorekeeper.rules.examples import rules_explained
from scorekeeper.rules.tenths import shown_points
from tests.helpers import make_game, new_game

THREE = ("Ann", "Bob", "Cy")
FOUR = ("Ann", "Bob", "Cy", "Di")
ALONE = "Every player scores alone: no partner, no team."
FOR_PARTNERS = {  # what only a team reads: a partner's bid, a double nil, Suicide's pair
    "partner_bids", "both_exact_bonus", "nil_fail_sets_partner", "double_nil_value",
    "double_nil_penalty", "blind_double_nil_value", "blind_double_nil_penalty",
    "double_nil_opponents_bonus", "double_nil_deficit", "suicide", "no_moon_against_double_nil",
}  # fmt: skip


def page_text(client, token):
    body = client.get(f"/g/{token}/rules").get_data(as_text=True)
    return html_lib.unescape(re.sub(r"<[^>]+>", "", body))


def examples(text: str) -> list[str]:
    """The page's worked examples, one a line, from "Example: " to the line's end."""
    return re.findall(r"Example: (.*)", text)


def engine_line(preset: str, players, bids, tricks, start=None) -> str:
    """What the engine makes of Ann's hand at this table, as the page shows it."""
    data = {"format": "spades-scorekeeper/1", "rules": preset, "players": list(players),
            "hands": [{"bids": bids, "tricks": tricks}]}  # fmt: skip
    if start:
        data["start"] = start
    ann = score_game(parse_game(data)).hands[-1].sides["Ann"]
    return f"Ann: {'; '.join(ann.explain)} (total {ann.total})".replace("-", "\u2212")


@pytest.mark.parametrize(
    ("preset", "players"),
    [("cutthroat", THREE), ("three-player", THREE), ("call-break", FOUR), ("cutthroat", FOUR)],
)
def test_a_game_without_partners_explains_with_players_scoring_alone(client, preset, players):
    text = page_text(client, new_game(client, players, preset=preset))
    shown = examples(text)
    assert len(shown) > 20
    for line in shown:
        assert "&" not in line and "team" not in line.lower() and "partner" not in line.lower()
    assert "Ann & Cy" not in text and "Bob & Di" not in text
    names = ", ".join(players[:-1]) + f" and {players[-1]}"
    assert f"a hand at a table of {names}, each playing alone" in text


@pytest.mark.parametrize(
    ("preset", "players", "made", "bids", "tricks"),
    [
        # 17 tricks at a table of three: Ann 7, Bob and Cy the other 10
        ("cutthroat", THREE, "Ann bids 5 and takes 7", {"Ann": 5, "Bob": 5, "Cy": 5},
         {"Ann": 7, "Bob": 5, "Cy": 5}),
        # three-player: every bag costs 10
        ("three-player", THREE, "Ann bids 5 and takes 7", {"Ann": 5, "Bob": 5, "Cy": 5},
         {"Ann": 7, "Bob": 5, "Cy": 5}),
        ("call-break", FOUR, "Ann bids 5 and takes 7", {"Ann": 5, "Bob": 2, "Cy": 2, "Di": 2},
         {"Ann": 7, "Bob": 2, "Cy": 2, "Di": 2}),
    ],
)  # fmt: skip
def test_each_example_is_the_engines_figure_at_the_games_own_table(
    client, preset, players, made, bids, tricks
):
    text = page_text(client, new_game(client, players, preset=preset))
    line = f"{made}: {engine_line(preset, players, bids, tricks)}."
    assert line in text
    set_bids = {**bids, "Ann": 6}
    set_tricks = {**tricks, "Ann": 4, "Bob": tricks["Bob"] + 3}
    assert f"Ann bids 6 and takes 4: {engine_line(preset, players, set_bids, set_tricks)}." in text


def test_three_handed_examples_count_seventeen_tricks(client):
    text = page_text(client, new_game(client, THREE, preset="cutthroat"))
    assert "17 tricks a hand" in text
    assert "Example: Ann bids all 17 and takes them all: Ann: " in text
    assert "Example: Ann bids 16 and takes 16: Ann: " in text  # all but one: a Lexington
    assert not re.search(r"(?<![\d.])13(?!\d)", " ".join(examples(text)))


def test_call_break_examples_are_in_tenths(client):
    """Call Break: a made call scores the call and 0.1 a trick over, a call short loses it (its
    why-lines say "call" and "short", as its rows do); a start score said as the sheet shows it
    (9.0, not 90); five deals end the game."""
    text = page_text(client, new_game(client, FOUR, preset="call-break"))
    assert "Ann bids 5 and takes 7: Ann: call 5, took 7: +5.0, 2 over +0.2 (total 5.2)." in text
    short = "Ann: short: call 6, took 4: \u22126.0 (total \u22126.0)."
    assert "Ann bids 6 and takes 4: " + short in text
    start = shown_points(90, True)  # the file's 90 tenths, said as the sheet shows them
    assert start == Decimal("9.0")
    assert f"Ann at {start} bids 5 and takes 5: Ann: call 5, took 5: +5.0 (total 14.0)." in text
    # five deals and no target to reach: the target said by what it means, the end shown
    assert "Game to: none, a game of 5 hands" in text and "100000" not in text
    end = "Ann bids 4 and takes 4, 5 hands: Ann: call 4, took 4: +4.0 (total 20.0); the game "
    assert end + "ends: Ann wins." in text
    shown = " ".join(examples(text))
    assert not re.search(r"\d\.\d\d", shown)  # one decimal, never 3.2000000001
    assert not re.search(r"(?<![\d.])(480|300|90)(?![\d.])", shown)  # no file numbers as points


def test_options_for_partners_are_named_once_under_why(client):
    text = page_text(client, new_game(client, THREE, preset="cutthroat"))
    assert text.count(ALONE) == 1
    after = text.split(ALONE)[1].split("Back to the game")[0]
    for o in OPTIONS:
        if o.name in FOR_PARTNERS:
            assert f"{o.label} (" in after and f"{o.label}: " not in text, o.label
    assert "not allowed here" not in text


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize(
    "preset", ["cutthroat", "three-player", "head-to-head", "call-break", "jailhouse", "whiz",
               "mirrors", "urban", "military", "nyc"],
)  # fmt: skip
def test_every_example_at_a_table_without_partners_is_played_alone(preset, seats):
    rules = rules_from_spec(preset)
    if rules.bidding == "partnership":  # partnership bidding needs teams: such a game is refused
        rules = rules_from_spec({"preset": preset, "bidding": "individual"})
    explained = rules_explained(rules, preset, seats=seats, teams=False)
    for o, ex in explained.used:
        assert ex.words and ex.lines, o.name
        said = f"{ex.words}: {'; '.join(ex.lines)}"
        assert "&" not in said and "partner" not in said and "team" not in said, (o.name, said)
        assert not said.startswith("not allowed"), (o.name, said)
    unused = [o.name for _, group in explained.unused for o in group]
    assert len(explained.used) + len(unused) == len(OPTIONS)
    assert len(unused) == len(set(unused))


def test_each_special_and_bonus_is_made_by_a_player_alone(client, db):
    rules = {"preset": "cutthroat", "specials": ["little_bemo"], "bonuses": ["trump_jack"]}
    game = make_game(db, rules=rules, players=list(THREE), teams=None)
    text = page_text(client, game.edit_token)
    assert "Ann bids 8, takes 8 and makes Little Bemo: Ann: " in text
    assert "Little Bemo made: +60" in text
    assert "Ann bids 8, takes 9 and counts one Trump jack: Ann: " in text
    assert "Trump jack: +5" in text


def test_a_game_without_bags_explains_its_tricks_over_without_bags(client, db):
    """Call Break counts no bags (Rules.has_bags): no example speaks of bags, and the options
    that count them are named once under why; a team game scoring tenths without a bag limit
    the same."""
    why = "These rules have no bags: a trick over the bid scores its points and counts toward "
    why += "nothing."
    for token in (
        new_game(client, FOUR, preset="call-break"),
        make_game(db, rules={"score_tenths": True, "bag_limit": None}).edit_token,
    ):
        text = page_text(client, token)
        assert not [line for line in examples(text) if "bag" in line], token
        assert text.count(why) == 1
        after = text.split(why)[1]
        assert "Bags that cost (never)" in after and "Bag penalty (" in after


def test_a_team_game_in_tenths_says_its_start_scores_in_tenths(client, db):
    """Ann & Cy's start of 480 tenths is 48.0 on the sheet; the example says so."""
    text = page_text(client, make_game(db, rules={"score_tenths": True}).edit_token)
    end = "Ann & Cy at 48.0 bid 4 and take 4: Ann & Cy: bid 4, took 4: +4.0 (total 52.0); the "
    end += "game ends: Ann & Cy win."
    assert end in text
    assert "Ann & Cy 20.0 behind bid blind" not in text  # blind numbers: partnership only
    assert "Bob & Di 20.0 behind; Bob bids blind nil and takes none: Bob & Di: " in text


def test_the_end_of_game_example_starts_short_of_the_games_own_target(client):
    """Three-player plays to 300: its example starts at 280, not past the target at 480."""
    text = page_text(client, new_game(client, THREE, preset="three-player"))
    bids, tricks = {"Ann": 4, "Bob": 7, "Cy": 6}, {"Ann": 4, "Bob": 7, "Cy": 6}
    line = engine_line("three-player", THREE, bids, tricks, start={"Ann": {"score": 280}})
    assert line == "Ann: bid 4, took 4: +40 (total 320)"
    assert "Game to: 300" in text
    assert f"Example: Ann at 280 bids 4 and takes 4: {line}; the game ends: Ann wins." in text
    assert "at 480" not in text
