"""Names as they enter: one spelling for one person (scorekeeper.rules.names)."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.names import (
    INVISIBLE,
    NameProblem,
    bare_letters,
    clean_name,
    filing_key,
    name_key,
    same_name,
    typed_twice,
)


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("Ann", "Ann"),
        ("  Ann  ", "Ann"),
        ("Ann   Marie", "Ann Marie"),
        ("Ann\tMarie\n", "Ann Marie"),
        ("Ann\u00a0Marie", "Ann Marie"),  # a no-break space pasted from a chat
        ("I\u200bvy", "Ivy"),  # a zero-width space
        ("\u200fDana\u200e", "Dana"),  # bidi marks
        ("\ufeffBo", "Bo"),  # a byte-order mark
        ("Jos\u0065\u0301", "Jos\u00e9"),  # e + combining acute is é
    ],
)
def test_a_name_is_cleaned_to_one_spelling(typed, clean):
    assert clean_name(typed) == clean


@pytest.mark.parametrize("typed", ["Ann\x00", "B\x07ob", "\x1bCy", "Di\x7f"])
def test_a_control_character_is_refused(typed):
    with pytest.raises(NameProblem, match="control character"):
        clean_name(typed)


@pytest.mark.parametrize("typed", ["", "   ", "\u200b\u200b", "\u200e \ufeff"])
def test_a_name_with_nothing_visible_is_refused(typed):
    with pytest.raises(NameProblem, match="visible"):
        clean_name(typed)


def test_names_are_the_same_person_whatever_the_case_or_spelling():
    assert same_name("José", "jose\u0301")
    assert same_name("Ivy", "i\u200bvy ")
    assert not same_name("Ann", "Anne")
    assert not same_name("Ann", "\x00")


@given(st.text(max_size=30))
def test_cleaning_is_idempotent_and_keeps_the_key(text):
    try:
        once = clean_name(text)
    except NameProblem:
        return
    assert clean_name(once) == once
    assert name_key(clean_name(once)) == name_key(once)
    assert once == once.strip() and "  " not in once
    assert unicodedata.is_normalized("NFC", once)
    assert not set(once) & INVISIBLE


def test_names_file_by_their_letters_whatever_the_accents_or_case():
    typed = ["Zoë", "Émile", "ann", "Łukasz", "Åsa", "Ærøskøbing", "Emma", "Øystein", "Lee",
             "Ola", "Bob", "Élodie", "Ed"]  # fmt: skip
    assert sorted(typed, key=filing_key) == [
        "Ærøskøbing", "ann", "Åsa", "Bob", "Ed", "Élodie", "Émile", "Emma", "Lee", "Łukasz",
        "Ola", "Øystein", "Zoë",
    ]  # fmt: skip


def test_names_that_file_alike_keep_one_order():
    assert sorted(["José", "Jose", "JOSE"], key=filing_key) == sorted(
        ["JOSE", "José", "Jose"], key=filing_key
    )


@pytest.mark.parametrize(
    "name, bare",
    [("Élodie", "elodie"), ("Łukasz Nguyễn", "lukasz nguyen"), ("Søren Ærø", "soren aero"),
     ("STRAßE", "strasse"), ("O'Brien", "o'brien")],
)  # fmt: skip
def test_a_names_bare_letters_are_what_a_keyboard_without_accents_types(name, bare):
    assert bare_letters(name) == bare


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Ann", "Bob", "Cy", "Di"], None),
        (["Ann", "", "", "Bob"], None),  # empty seats are not names
        (["Ann", "Bob", "ann"], (2, "ann is typed twice: give each a different name.")),
        (["José", "JOSÉ", "José"], (1, "JOSÉ is typed twice: give each a different name.")),
    ],
)
def test_typed_twice_finds_the_first_seat_naming_a_person_again(names, expected):
    assert typed_twice(names) == expected
