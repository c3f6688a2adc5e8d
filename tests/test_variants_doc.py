"""docs/variants.md stays complete and true (issue 22): every variant the rules texts name has a
row, by the text's own words, and every option, preset, special and bonus a row names exists.

The list below is curated by reading the five texts: (the text, the exact words it uses for a
variant). A new variant read in a text goes here first; the test then fails until the catalogue
has its row. Each phrase must really be in its text (so a typo or a paraphrase is caught)."""
# ruff: noqa: E501 (the list reads best one row to a line)

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.rules import OPTION_BY_NAME, OPTIONS, PRESETS
from scorekeeper.rules.specials import BONUS_BY_KEY, SPECIAL_BY_KEY

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
SOURCES = ROOT.parent / "shared" / "rules-sources"
TEXTS = {
    "pagat": "pagat-spades.txt",
    "Wikipedia": "wikipedia-spades.txt",
    "digest": "spades-variants-digest.txt",
    "h2g2": "house-rules-h2g2.txt",
    "head-to-head": "head-to-head-spades.txt",
}

NAMED = [
    ("pagat", "Spades for Four Players"), ("pagat", "Blind nil"), ("pagat", "Dennis J Barmore's rules"),
    ("pagat", "New York City rules"), ("pagat", "54 card pack"), ("pagat", "Widow Spades"),
    ("pagat", "Passing cards"), ("pagat", "Partnership Bidding"), ("pagat", "minimum of 4 tricks"),
    ("pagat", "must not add up to exactly 13 tricks"), ("pagat", "Round-the-table bidding"),
    ("pagat", "no one can bid 1"), ("pagat", "second round of bidding"), ("pagat", "The hand that bids itself"),
    ("pagat", "Misdeal"), ("pagat", "valued at 50 and 100 points"), ("pagat", "+100/-50 or +200/-100"),
    ("pagat", "count towards making the partner's contract"), ("pagat", "no penalty for sandbags when playing Blind Nil"),
    ("pagat", "partner's bid is automatically lost"), ("pagat", "Blind 6"), ("pagat", "10-for-200"),
    ("pagat", "Moon or Boston"), ("pagat", "Blind moon"), ("pagat", "No trump bids"), ("pagat", "Double Nil"),
    ("pagat", "Blind Double Nil"), ("pagat", "Bemo"), ("pagat", "Rake 'em and Shake 'em"),
    ("pagat", "minus 1 point each"), ("pagat", "units digit of the score to count sandbags"),
    ("pagat", "special card which cancels one sandbag"), ("pagat", "without any penalty for 10 sandbags"),
    ("pagat", "twice as many tricks as they bid"), ("pagat", "falls short of the bid"), ("pagat", "minus 500 or worse"),
    ("pagat", "1000 points rather than 500"), ("pagat", "Playing with aces"), ("pagat", "Solo Spades"),
    ("pagat", "Spades for Six Players"), ("pagat", "Spades for Three Players"), ("pagat", "count sandbags"),
    ("pagat", "Szu Kay Wong"), ("pagat", "Three-Player Spades with a Dummy"), ("pagat", "Spades for Two Players"),
    ("pagat", "SuperSpades"), ("pagat", "Double Nil Passing"),
    ("Wikipedia", "Blind bidding"), ("Wikipedia", "Blind Nil"), ("Wikipedia", "Double Blind Nil"), ("Wikipedia", "Misdeal"),
    ("Wikipedia", "Double Nil"), ("Wikipedia", "the minimum bid is one"),
    ("Wikipedia", "sum of all bids must not equal the number of tricks"), ("Wikipedia", "increase their bid by one point"),
    ("Wikipedia", "Reneging"), ("Wikipedia", "TRAMing"), ("Wikipedia", "bagged out"), ("Wikipedia", "fixed number of hands"),
    ("Wikipedia", "Face-up Deal"), ("Wikipedia", "Bottom Deal"), ("Wikipedia", "Kitty"), ("Wikipedia", "Deuce Starts"),
    ("Wikipedia", "Auction Spades"), ("Wikipedia", "No Trump Bids"), ("Wikipedia", "10-for-200"), ("Wikipedia", '"ACES"'),
    ("Wikipedia", "Big and Little Moe"), ("Wikipedia", "Bemo"), ("Wikipedia", "Blind 6"), ("Wikipedia", "Trailing blind bids"),
    ("Wikipedia", "No Blinds No 9's"), ("Wikipedia", "Boston/Shooting the Moon"), ("Wikipedia", "Boston on Fire/Blind Moon"),
    ("Wikipedia", "Lexington"), ("Wikipedia", "Half Tricks"), ("Wikipedia", "Suicide"), ("Wikipedia", "Jailhouse rules"),
    ("Wikipedia", "Whiz"), ("Wikipedia", "Mirrors"), ("Wikipedia", "No Duplicate Bidding"), ("Wikipedia", "No Vice Versa Bidding"),
    ("Wikipedia", "One is the Loneliest Number"), ("Wikipedia", "Deuces High"), ("Wikipedia", "Jokers High"),
    ("Wikipedia", "Bauer Trumps"), ("Wikipedia", "Differentiated Trump Values"), ("Wikipedia", "Passing Cards"),
    ("Wikipedia", "First Trick Clubs"), ("Wikipedia", "Card Exchange by Bids"), ("Wikipedia", "Trump Exchange"),
    ("Wikipedia", "High-Low Spades"), ("Wikipedia", "Speed-Spades"), ("Wikipedia", "Play to Beat, or Must Trump"),
    ("Wikipedia", "Talking across board"), ("Wikipedia", "Trampled Face Cards"), ("Wikipedia", "Carte Blanche"),
    ("Wikipedia", "End Winning Streak"), ("Wikipedia", "Face Card Hunt Scrapple"), ("Wikipedia", "Dix"),
    ("Wikipedia", "Last Trick Ace Victory"), ("Wikipedia", "Last Trick Ace on Nil"), ("Wikipedia", "Last Trick Deuce Victory"),
    ("Wikipedia", "Last Trick High Spade Victory"), ("Wikipedia", "Marriages Variation I"), ("Wikipedia", "Marriages Variation II"),
    ("Wikipedia", "Pinochle"), ("Wikipedia", "Little Willie Walks"), ("Wikipedia", "Straight Trick Victory"),
    ("Wikipedia", "Jack of Diamonds (or Ten of Diamonds)"), ("Wikipedia", "Last 3 out of 5, 9 or Above"),
    ("Wikipedia", "Points For Trumped Spades"), ("Wikipedia", "Trump Jack Bonus Points"), ("Wikipedia", "No Overs"),
    ("Wikipedia", "Double Over, Double Back"), ("Wikipedia", "Oh Hell Variation"), ("Wikipedia", "Quicksand"),
    ("Wikipedia", "Broken Contract Gives Points to Opposing Team"), ("Wikipedia", "Urban Rules"),
    ("Wikipedia", "Ace Penalty for withholding"), ("Wikipedia", "Bonus Trick"), ("Wikipedia", "Crossing the Rubicon"),
    ("Wikipedia", "Deficient Ends the Game"), ("Wikipedia", "Highlander Scoring"), ("Wikipedia", "Immediate Victory"),
    ("Wikipedia", "Individual Team Players"), ("Wikipedia", "Capture Designated Cards"), ("Wikipedia", "Sandbags 0 Till 10"),
    ("Wikipedia", "Sandbag Cancellation"), ("Wikipedia", "Sandbags Negative Value"), ("Wikipedia", "Seven Tricks or Higher!"),
    ("Wikipedia", "Seven Tricks or Higher Part Deux!"), ("Wikipedia", "Two Round Majority or Higher"),
    ("Wikipedia", "Win the last trick!"), ("Wikipedia", "Solo Spades"), ("Wikipedia", "Spades for Two Players"),
    ("Wikipedia", "Spades for Three Players"), ("Wikipedia", "Spades for Five Players"), ("Wikipedia", "Spades for Six Players"),
    ("Wikipedia", "call bridge"),
    ("digest", "Power checks"), ("digest", "Partnership spades"), ("digest", "both players meet their own stated individual bet"),
    ("digest", "minimum bid of two required of each player"), ("digest", "No Overs"), ("digest", "Double Over, Double Back"),
    ("digest", "the score is 0"), ("digest", "Sandbagging rule"), ("digest", "10-for-200"), ("digest", '"ACES"'),
    ("digest", "Bemo"), ("digest", "Big and Little Moe"), ("digest", "Blind 6"), ("digest", "Blind bids"),
    ("digest", "Boston or Moon"), ("digest", "Boston on Fire or Blind Moon"), ("digest", "Nil bids"),
    ("digest", "Double Nil"), ("digest", "No Trump Bids"), ("digest", "Suicide"),
    ("h2g2", "board"), ("h2g2", "Boston"), ("h2g2", "Blind Six"), ("h2g2", "Nil"), ("h2g2", "Ten for Two"),
    ("h2g2", "Sergeant Major"), ("h2g2", "Joker's Pull"), ("h2g2", "reneges"), ("h2g2", "power check"),
    ("h2g2", "two jokers included and the red twos removed"),
    ("head-to-head", "-10 for each"), ("head-to-head", "-100 for 10"), ("head-to-head", "-50 for 5"),
    ("head-to-head", "Head-to-Head Spades"),
]  # fmt: skip


def _words(text: str) -> str:
    return " ".join(text.split()).casefold()


def rows() -> list[tuple[str, str, str]]:
    """(variant, text, how) of each row of the catalogue's table."""
    out = []
    for line in DOC.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1] in TEXTS:
            out.append((cells[0], cells[1], cells[2]))
    return out


@pytest.mark.parametrize(("text", "phrase"), NAMED, ids=[f"{t}: {p}" for t, p in NAMED])
def test_every_variant_a_text_names_has_a_row(text, phrase):
    source = (SOURCES / TEXTS[text]).read_text(encoding="utf-8")
    assert _words(phrase) in _words(source), f"{phrase!r} is not in {TEXTS[text]}"
    assert any(
        _words(variant) == _words(phrase) and where == text for variant, where, _ in rows()
    ), f"docs/variants.md has no row for {phrase!r} ({text})"


def test_every_row_is_a_variant_of_the_list():
    """A row the list does not name is one nobody checked against its text."""
    named = {(t, _words(p)) for t, p in NAMED}
    extra = [(v, t) for v, t, _ in rows() if (t, _words(v)) not in named]
    assert extra == []


# what a row may name in backquotes: an option, a preset, a special or bonus of the catalogue,
# a field of a hand, or a word an option takes
CHOICES = {c for o in OPTIONS for c in o.choices}
HAND_FIELDS = {"renege", "adjust"}


@pytest.mark.parametrize(("variant", "text", "how"), rows(), ids=lambda v: str(v)[:40])
def test_every_name_a_row_gives_exists(variant, text, how):
    for name in re.findall(r"`([^`]+)`", how):
        assert (
            name in OPTION_BY_NAME or name in PRESETS or name in SPECIAL_BY_KEY
            or name in BONUS_BY_KEY or name in HAND_FIELDS or name in CHOICES
        ), f"{variant}: `{name}` is no option, preset, special or bonus"  # fmt: skip
    kinds = ("preset", "options", "special", "bonus", "rule of play", "not playable yet",
             "nothing to set", "the hand's")  # fmt: skip
    assert any(k in how for k in kinds), f"{variant}: say how it is played"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_has_a_row(preset):
    assert any(f"preset `{preset}`" in how for _, _, how in rows())
