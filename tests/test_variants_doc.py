"""docs/variants.md stays complete and true (issue 22): every variant the rules texts name has a
row, by the text's own words, and every option, preset, special and bonus a row names exists.

The list is curated by reading the five rules texts, and kept with the tests so that a clone of
the project alone checks it: tests/data/variant_phrases.csv, a row a variant (the text, its file,
the line the words start on, the text's exact words). A new variant read in a text goes there
first; the test then fails until the catalogue has its row.

The texts themselves are not part of the project (they are other people's pages: pagat's Spades
page, Wikipedia's "Spades (card game)", a variants digest, an h2g2 guide entry, playjava's
Head-to-Head rules) and sit beside it in ../shared/rules-sources/ where the team keeps them.
Where they are, every phrase is checked to be really in its text at its line (a typo or a
paraphrase is caught); where they are not, that one test is skipped and says so."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from scorekeeper.rules import OPTION_BY_NAME, OPTIONS, PRESETS
from scorekeeper.rules.specials import BONUS_BY_KEY, SPECIAL_BY_KEY

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
PHRASES = ROOT / "tests" / "data" / "variant_phrases.csv"
SOURCES = ROOT.parent / "shared" / "rules-sources"  # beside the project, not in it


def _named() -> list[tuple[str, str, int, str]]:
    """(text, file, line, phrase) of each variant the texts name, as tests/data keeps them."""
    with PHRASES.open(encoding="utf-8", newline="") as f:
        return [(r["text"], r["file"], int(r["line"]), r["phrase"]) for r in csv.DictReader(f)]


ROWS = _named()
NAMED = [(text, phrase) for text, _, _, phrase in ROWS]
TEXTS = {text: file for text, file, _, _ in ROWS}  # the short name a row gives, its file


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
    assert any(
        _words(variant) == _words(phrase) and where == text for variant, where, _ in rows()
    ), f"docs/variants.md has no row for {phrase!r} ({text})"


def test_every_text_has_one_file_and_every_phrase_is_listed_once():
    assert len({(t, f) for t, f, _, _ in ROWS}) == len(TEXTS) == 5
    assert len({(t, _words(p)) for t, p in NAMED}) == len(NAMED)


def test_every_phrase_is_in_its_text_at_its_line():
    """Against the whole texts, where they are (../shared/rules-sources/): skipped, and saying
    so, in a clone of the project alone."""
    if not SOURCES.is_dir():
        pytest.skip(f"the rules texts are not here ({SOURCES}): the {len(ROWS)} phrases of "
                    f"{PHRASES.name} were not checked against their texts")  # fmt: skip
    lines = {f: (SOURCES / f).read_text(encoding="utf-8").splitlines() for f in TEXTS.values()}
    wrong = []
    for text, file, line, phrase in ROWS:
        # the phrase starts on its line and may run on over the next few
        there = _words(" ".join(lines[file][line - 1 : line + 3]))
        first = _words(lines[file][line - 1]) if line <= len(lines[file]) else ""
        if _words(phrase) not in there or not first or _words(phrase).split()[0] not in first:
            wrong.append(f"{phrase!r} is not at line {line} of {file} ({text})")
    assert wrong == []


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
