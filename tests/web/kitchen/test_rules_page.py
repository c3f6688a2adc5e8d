"""The rules page: every option said as it is in force (an empty setting by what it means, not
"none"), each with a worked example the engine scored under the game's own rules."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from scorekeeper.rules import OPTIONS, rules_from_spec
from scorekeeper.rules.examples import (
    RACE_OPTIONS,
    extras_examples,
    option_example,
    rules_explained,
)
from tests.helpers import make_game


def page_text(client, token):
    body = client.get(f"/g/{token}/rules").get_data(as_text=True)
    return html_lib.unescape(re.sub(r"<[^>]+>", "", body))


@pytest.mark.parametrize(
    ("said", "never"),
    [
        ("Nil loses: same as it wins", "Nil loses: none"),
        ("Blind nil loses: same as it wins", "Blind nil loses: none"),
        ("Tricks in a hand: by players, 2 and 4 play 13", "Tricks in a hand: none"),
        ("Losing score: never", "Losing score: none"),
    ],
)
def test_an_empty_setting_is_said_by_what_it_means(client, db, said, never):
    text = page_text(client, make_game(db).edit_token)
    assert said in text
    assert never not in text


def test_every_option_has_a_worked_example_scored_by_the_engine(client, db):
    text = page_text(client, make_game(db).edit_token)
    used, unused = rules_explained(rules_from_spec("standard"), "standard")
    assert text.count("Example: ") == len(used) >= len(OPTIONS) - 12
    assert len(used) + sum(len(group) for _, group in unused) == len(OPTIONS)
    for o in OPTIONS:  # each option said, used or not
        assert f"{o.label}: " in text or f"{o.label} (" in text, o.label
    # the trick value's: bid 5, take 7 under standard rules is 50 and two bags
    made = "Ann & Cy bid 5 (Ann 3, Cy 2) and take 7: Ann & Cy: bid 5, took 7: +50, 2 bags +2"
    assert made in text
    # a nil lost under standard rules costs its 100
    assert "Bob bids nil and takes 1; Di bids 4: Bob & Di: " in text
    assert "Bob nil, took 1: \u2212100" in text


def test_the_examples_follow_the_games_own_rules(client, db):
    token = make_game(db, rules={"preset": "standard", "nil_value": 50}).edit_token
    assert "Bob nil, took 1: \u221250" in page_text(client, token)
    nyc = page_text(client, make_game(db, rules="nyc").edit_token)
    assert "Nil bids are not allowed in these rules.So these options do not apply: " in nyc
    assert "not allowed here" not in nyc


def test_options_the_rules_do_not_use_are_said_once_not_each_with_a_refused_example(client, db):
    """Standard rules bid by player: a blind number cannot be bid, so the blind options are
    named under why, once, not each with a hand the rules refuse."""
    text = page_text(client, make_game(db).edit_token)
    assert "not allowed here" not in text
    why = "A blind number is a side's whole bid, which needs partnership bidding."
    assert text.count(why) == 1
    assert "Smallest blind bid (" in text.split(why)[1].split("Back to the game")[0]


def test_a_race_explains_only_what_a_race_uses(client, db):
    """Urban rules: the race's own options each with a race hand; the rest said not to apply,
    once, since a race has no bids."""
    text = page_text(client, make_game(db, rules="urban", hands=[]).edit_token)
    assert text.count("Example: A race hand") == text.count("Example: ") <= len(RACE_OPTIONS)
    assert "Example: A race hand: Ann & Cy take 10: Ann & Cy: " in text  # the sweep
    assert text.count("A race is played without bids: no nil, no blind bid, no bags.") == 1
    nil = next(o.label for o in OPTIONS if o.name == "nil")
    assert f"{nil} (" in text and f"{nil}: " not in text


def test_each_special_and_bonus_has_its_example(client, db):
    rules = {"preset": "standard", "specials": ["little_bemo"], "bonuses": ["trump_jack"]}
    text = page_text(client, make_game(db, rules=rules).edit_token)
    assert "Ann & Cy bid 8, take 8 and make Little Bemo: Ann & Cy: " in text
    assert "Little Bemo made: +60" in text
    assert "Trump jack: +5" in text


def test_an_example_for_every_option_and_preset_never_fails():
    for preset in ("standard", "nyc", "barmore", "military", "three-player", "head-to-head"):
        rules = rules_from_spec(preset)
        for o in OPTIONS:
            example = option_example(rules, preset, o.name)
            assert example.lines and example.words
    rules = rules_from_spec({"specials": ["big_moe", "aces"], "bonuses": ["bag_card"]})
    assert [name for name, _ in extras_examples(rules, "standard")] == [
        "Big Moe", "Aces", "Bag-cancelling card",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("standard", "Blind nil: yes, when 100 or more behind the leader"),
        ({"preset": "standard", "blind_deficit": None}, "Blind nil: yes, any time"),
        ("nyc", "Blind bids: yes, when 100 or more behind the leader"),
    ],
)
def test_the_blind_deficit_the_game_enforces_is_a_rule_in_force_and_said_by_blind(
    client, db, rules, said
):
    """Standard bids by player (no blind numbers) but limits blind nil to a side 100 behind:
    the deficit is a rule in force, with its example, never under "Not used by these rules"."""
    text = page_text(client, make_game(db, rules=rules).edit_token)
    assert said in text
    in_force, _, not_used = text.partition("Not used by these rules")
    assert "Blind only when behind by:" in in_force
    assert "Blind only when behind by (" not in not_used
