"""One line that says the house rules (rules.words.rules_line): the same words on the game page,
the read-only sheet, the PDF and the blank sheets, and every option in force is in it, a new
one too, by its label, without a phrase written for it."""

from __future__ import annotations

import dataclasses
import subprocess

import pytest

from scorekeeper.printing import sheets
from scorekeeper.rules import OPTIONS, Rules, parse_game, rules_from_spec, score_game
from scorekeeper.rules.words import rules_line, rules_summary
from tests.helpers import game_file, make_game


def other_value(o):
    """A value of option ``o`` other than the standard one, within its range."""
    now = getattr(Rules(), o.name)
    if o.type == "numbers":  # a set of numbers (bids barred, contracts allowed)
        return (9,)
    if o.type == "bool":
        return not now
    if o.type == "choice":
        return next(c for c in (*o.choices, None) if c != now and (c is not None or o.nullable))
    if now is None:
        return o.minimum if o.minimum is not None and o.minimum > 0 else 1
    return now + 1 if o.maximum is None or now < o.maximum else now - 1


# options that matter only with another on: changed with it on
PARENTS = {"blind_bids": True, "ten_for_200": True, "moon": True, "blind_scoring": "bonus",
           "no_trump": True, "lexington": "bid"}  # fmt: skip
# where those clash with the option: the blind bonus pays exact blind bids itself
OWN_BASE = {
    # a race has no bids, so the options of bids, nil and bags are not in force in one: only
    # its sweep is changed with the race on
    "race_sweep": {"race_tricks": 7},
    "race_third_game": {"race_tricks": 7, "race_sweep": 10},
    "blind_scoring": {"blind_bids": True},
    "blind_exact": {"blind_bids": True},
    # an auction's passes are bids of 0: nil off, and its defenders' points with it
    "auction_min": {"nil": False, "blind_nil": False},
    "defender_trick_value": {"nil": False, "blind_nil": False, "auction_min": 6},
    # Blind No Trump's multipliers count with its bids, which need No Trump and blind bids
    **dict.fromkeys(
        ("blind_no_trump_win_multiplier", "blind_no_trump_loss_multiplier"),
        {"no_trump": True, "blind_bids": True, "blind_no_trump": True},
    ),
}


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_every_option_changed_from_the_standard_is_in_the_line(option):
    base = Rules(**OWN_BASE.get(option.name, {} if option.name in PARENTS else PARENTS))
    rules = dataclasses.replace(base, **{option.name: other_value(option)})
    assert rules_line(rules) != rules_line(base)


def test_specials_and_bonuses_are_named_with_their_points():
    rules = rules_from_spec({"specials": ["little_bemo", "aces"],
                             "bonuses": ["last_trick", "bag_card",
                                         {"name": "high_spade_last_tricks"}]})  # fmt: skip
    line = rules_line(rules)
    for words in ("Little Bemo \u00b160", "Aces +100", "Last trick +10",
                  "Bag-cancelling card: \u22121 bag",
                  "High-spade last tricks +10 exactly"):  # fmt: skip
        assert words in line
    assert line.startswith("Standard rules \u00b7 game to 500")


BEMO = {"preset": "standard", "specials": ["little_bemo"], "ten_for_200": True}


def test_the_game_page_and_the_read_only_sheet_say_the_line(client, db):
    record = make_game(db, rules=BEMO)
    line = rules_line(rules_from_spec(BEMO))
    game = client.get(f"/g/{record.edit_token}").get_data(as_text=True)
    view = client.get(f"/v/{record.view_token}").get_data(as_text=True)
    shown = line.replace("&", "&amp;")
    assert shown in game and shown in view
    assert "Little Bemo" in line and "10 for 200" in line


def _text(body: bytes) -> str:
    out = subprocess.run(["pdftotext", "-", "-"], input=body, capture_output=True, check=True)
    return " ".join(out.stdout.decode().split())


def test_the_pdf_and_the_blank_sheet_say_the_same_words():
    game = parse_game(game_file(rules=BEMO))
    pdf = _text(sheets.render_game_pdf(game, score_game(game)))
    blank = _text(sheets.render_blank_pdf(sheets.blank_sheet(rules=game.rules)))
    for phrase in rules_summary(game.rules, "standard"):
        assert phrase in pdf, phrase
        assert phrase in blank, phrase


# Issue 22's systems, as the game page's line says them: each rule in words of its own (not
# "Suicide: yes" or "All the bids together: at most tricks"), and a race (urban) without the
# bids, sets, bags and nil its hands never have.
ISSUE_22_LINES = [
    ("suicide", "one player of each team bids nil", "Suicide: yes"),
    ("whiz", "the bids add up to at most the tricks", "All the bids together"),
    ("mirrors", "the bids add up to the tricks", "All the bids together"),
    ("jailhouse", "contracts 4-8, 10 or 13 \u00b7 nil only against 10 or 13",
     "The only contracts"),
    ("urban", "Urban rules \u00b7 a race, no bids: 7 tricks win a hand \u00b7 first to win 2 hands"
     " \u00b7 10 tricks in a hand win the match", "game to 2"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "says", "not_said"), ISSUE_22_LINES)
def test_issue_22_presets_say_their_rules_in_words(preset, says, not_said):
    line = rules_line(rules_from_spec(preset), preset)
    assert says in line
    assert not_said not in line


def test_the_line_counts_the_tricks_a_total_of_bids_must_make_when_it_knows_the_players():
    line = rules_line(rules_from_spec("mirrors"), "mirrors", 4)
    assert "the bids add up to the 13 tricks" in line


def test_a_race_line_names_none_of_the_bids_it_never_has():
    line = rules_line(rules_from_spec("urban"), "urban")
    for words in ("10 a trick", "set:", "bags", "nil", "blind"):
        assert words not in line


def test_call_break_is_said_in_a_call_break_tables_words():
    """A Call Break table calls, and its tricks over a call are extra tricks: no "board" (a
    partnership game's word), no bags (extra tricks never cost), a short call loses it."""
    line = rules_line(rules_from_spec("call-break"), "call-break", 4)
    assert "call at least 1" in line
    assert "1.0 a trick, +0.1 an extra trick" in line
    assert "short: \u2212 the call" in line
    assert "board" not in line and "bag" not in line and "set:" not in line
    standard = rules_line(rules_from_spec({"preset": "standard", "min_side_bid": 4}))
    assert "board 4" in standard and "set: \u2212 the bid" in standard  # Spades' own words
