"""docs/variants.md's rows say everything a text's words ask (issue 33): a row that leaves out
an option the text's own words need is a table that scores the variant wrong. Each case carries
the text's phrase and names its source (the texts themselves are not in the repository; where
they are, beside it in ../shared/rules-sources/, the phrase is checked to be in them)."""
# ruff: noqa: E501 (a case reads best on one line)

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.rules import rules_from_spec

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
SOURCES = ROOT.parent / "shared" / "rules-sources"

# (the row's variant, its text's file, the text's words, what the row must name, rules it gives)
CASES = [
    ("Szu Kay Wong", "pagat-spades.txt", "This will double all points",
     "`blind_overtricks` `penalty`", {"blind_bids": True, "blind_overtricks": "penalty"}),
    ("Bonus Trick", "wikipedia-spades.txt", "is not counted as a bag or overtrick",
     "`bag_card`", {"bonuses": [{"name": "Bonus trick", "value": 10}, "bag_card"]}),
    ("No trump bids", "pagat-spades.txt", "The value of the bid is double",
     "`no_trump_scope` `bidder`", {"no_trump": True, "no_trump_scope": "bidder"}),
]  # fmt: skip


def _row(variant: str) -> str:
    for line in DOC.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] == variant:
            return cells[2]
    raise AssertionError(f"docs/variants.md has no row {variant!r}")


@pytest.mark.parametrize(
    ("variant", "text", "words", "names", "spec"), CASES, ids=[c[0] for c in CASES]
)
def test_a_row_names_what_its_texts_words_ask(variant, text, words, names, spec):
    assert names in _row(variant)
    rules_from_spec({"preset": "standard", **spec})  # the row's options hold together


@pytest.mark.parametrize(
    ("variant", "text", "words"), [c[:3] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_phrase_is_its_texts_own_words(variant, text, words):
    """Where the texts sit beside the repository, each case's phrase is really its text's; a
    clone without them says so (a skip with the reason), never a silent pass."""
    source = SOURCES / text
    if not source.exists():
        pytest.skip(f"the rules texts are not beside this clone ({SOURCES}): phrases not compared")
    assert " ".join(words.split()) in " ".join(source.read_text(encoding="utf-8").split())
