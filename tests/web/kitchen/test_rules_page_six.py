"""The rules page of a six-player game (three teams of two, 17 tricks a hand): its worked
examples are hands at the game's own table, seated as the app seats six (partners opposite:
Ann & Di, Bob & Ed, Cy & Flo), every trick of the 17 given to a team, each figure the
engine's for that table."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from scorekeeper.rules import parse_game, rules_from_spec, score_game
from scorekeeper.rules.examples import extras_examples, rules_explained
from tests.helpers import make_game, new_game

SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
TEAMS = {"Ann & Di": ["Ann", "Di"], "Bob & Ed": ["Bob", "Ed"], "Cy & Flo": ["Cy", "Flo"]}
# urban's race to 7 is refused at 17 tricks (two sides could both reach it): no such game
TEAM_PRESETS = ["standard", "six-player", "suicide", "whiz", "mirrors", "jailhouse",
                "highlander", "military", "barmore", "nyc"]  # fmt: skip
# Jailhouse's contracts (4 to 8, 10 or 13) have no moon (all 17) at 17 tricks
NOT_AT_17 = {"jailhouse": {"moon", "moon_value", "moon_penalty", "boston_wins",
                           "no_moon_against_double_nil"}}  # fmt: skip


def page_text(client, token):
    body = client.get(f"/g/{token}/rules").get_data(as_text=True)
    return html_lib.unescape(re.sub(r"<[^>]+>", "", body))


def examples(text: str) -> list[str]:
    """The page's worked examples, one a line, from "Example: " to the line's end."""
    return re.findall(r"Example: (.*)", text)


def engine_line(preset: str, side: str, bids, tricks) -> str:
    """What the engine makes of ``side``'s hand at the six-player table, as the page says it."""
    data = {"format": "spades-scorekeeper/1", "rules": preset, "players": list(SIX),
            "teams": TEAMS, "hands": [{"bids": bids, "tricks": tricks}]}  # fmt: skip
    result = score_game(parse_game(data)).hands[-1].sides[side]
    return f"{side}: {'; '.join(result.explain)} (total {result.total})".replace("-", "\u2212")


def test_the_page_of_a_six_player_game_plays_its_examples_with_three_teams(client):
    text = page_text(client, new_game(client, SIX, preset="six-player"))
    assert "teams: Ann & Di, Bob & Ed, Cy & Flo. 17 tricks a hand." in text
    assert "a hand at a table of Ann & Di, Bob & Ed and Cy & Flo, scored" in text
    assert "Ann & Cy" not in text and "Bob & Di" not in text
    shown = examples(text)
    assert len(shown) > 20
    assert all("Cy & Flo" in line for line in shown)  # every trick of a hand given to a team
    assert "Example: Ann & Di bid all 17 and take them all; Cy & Flo " in text
    assert not re.search(r"(?<![\d.])13(?!\d)", " ".join(shown))  # no hand of 13 tricks


@pytest.mark.parametrize("preset", ["six-player", "standard"])
def test_each_six_player_example_is_the_engines_figure_at_its_table(client, preset):
    text = page_text(client, new_game(client, SIX, preset=preset))
    bids = {"Ann": 3, "Di": 2, "Bob": 2, "Ed": 2, "Cy": 2, "Flo": 2}
    made = {"Ann & Di": 7, "Bob & Ed": 6, "Cy & Flo": 4}
    line = engine_line(preset, "Ann & Di", bids, made)
    assert line == "Ann & Di: bid 5, took 7: +50, 2 bags +2 (total 52)"
    words = "Ann & Di bid 5 (Ann 3, Di 2) and take 7; Cy & Flo bid 4 and take 4"
    assert f"Example: {words}: {line}." in text
    set_bids = {**bids, "Di": 3}
    set_tricks = {"Ann & Di": 4, "Bob & Ed": 9, "Cy & Flo": 4}
    line = engine_line(preset, "Ann & Di", set_bids, set_tricks)
    assert f"Example: Ann & Di bid 6 and take 4; Cy & Flo bid 4 and take 4: {line}." in text
    # Bob's nil, shown for Bob & Ed: Ed takes what Ann & Di (8) and Cy & Flo (4) leave him
    nil_bids = {"Ann": 3, "Di": 3, "Bob": "nil", "Ed": 4, "Cy": 2, "Flo": 2}
    nil_tricks = {"Ann & Di": 8, "Bob": 1, "Ed": 4, "Cy & Flo": 4}
    line = engine_line(preset, "Bob & Ed", nil_bids, nil_tricks)
    words = "Bob bids nil and takes 1; Ed bids 4; Cy & Flo bid 4 and take 4"
    assert f"Example: {words}: {line}." in text


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_every_example_at_three_teams_is_accepted_as_at_two(preset):
    """Fitted to the table, no example the engine accepts at four seats is refused at six
    (but what its rules refuse at 17 tricks), each hand at 17 tricks with three teams."""
    rules = rules_from_spec(preset)
    four = {o.name for o, _ in rules_explained(rules, preset).used}
    six = rules_explained(rules, preset, seats=6, team_count=3)
    assert four - {o.name for o, _ in six.used} == NOT_AT_17.get(preset, set())
    for o, ex in six.used:
        said = f"{ex.words}: {'; '.join(ex.lines)}"
        assert "Cy & Flo" in said and "Ann & Cy" not in said, (o.name, said)
        assert "not allowed" not in said, (o.name, said)


def test_each_special_and_bonus_is_made_by_a_team_of_the_six(client, db):
    rules = {"preset": "six-player", "specials": ["little_bemo"], "bonuses": ["trump_jack"]}
    game = make_game(db, rules=rules, players=list(SIX), teams=TEAMS)
    text = page_text(client, game.edit_token)
    assert "Ann & Di bid 8, take 8 and make Little Bemo; Cy & Flo bid 4 and take 4: " in text
    assert "Little Bemo made: +60" in text
    made = extras_examples(rules_from_spec(rules), "six-player", 6, team_count=3)
    assert [name for name, _ in made] == ["Little Bemo", "Trump jack"]


def test_a_first_hand_without_bids_is_given_by_player_where_each_counts_their_own(client, db):
    """Highlander counts each partner's own tricks: its first hand without bids gives them by
    player (the page answered 500: "give the tricks of each player of Ann & Cy")."""
    rules = {"preset": "highlander", "first_hand_no_bids": True}
    for game in (make_game(db, rules=rules),
                 make_game(db, rules=rules, players=list(SIX), teams=TEAMS)):  # fmt: skip
        response = client.get(f"/g/{game.edit_token}/rules")
        assert response.status_code == 200
        text = page_text(client, game.edit_token)
        assert "not allowed here" not in text
    assert "The first hand, without bids: Ann & Di take 7; Cy & Flo take 4: Ann & Di: " in text
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": list(SIX),
            "teams": TEAMS, "hands": [{"tricks": {"Ann": 4, "Di": 3, "Bob": 3, "Ed": 3,
                                                  "Cy": 2, "Flo": 2}}]}  # fmt: skip
    ann = score_game(parse_game(data)).hands[0].sides["Ann & Di"]
    assert f"Ann & Di: {'; '.join(ann.explain)} (total {ann.total})." in text


def test_two_teams_of_three_are_told_their_examples_are_played_at_four_seats(client):
    """Six players in two teams of three (Ann, Cy & Ed against Bob, Di & Flo): the examples
    are still hands of four players at 13 tricks, and the page says so beside its own 17."""
    text = page_text(client, new_game(client, SIX, preset="six-player", teams="two"))
    assert "teams: Ann, Cy & Ed, Bob, Di & Flo. 17 tricks a hand." in text
    four = "a table of Ann & Cy against Bob & Di, 4 players at 13 tricks a hand, scored"
    assert four in text
