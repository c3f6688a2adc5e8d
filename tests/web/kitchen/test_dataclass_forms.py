"""The blank sheet, import and hand forms read the one way every form reads (docs/contract.md
§6): a dataclass from the posted data, what was typed kept, each problem by its field, numbers
in ASCII digits with their range."""

from __future__ import annotations

import io

import pytest
from werkzeug.datastructures import FileStorage, MultiDict

from scorekeeper.web.kitchen.hand_form import HandForm
from scorekeeper.web.kitchen.printouts import BlankSheetForm
from scorekeeper.web.kitchen.share import ImportForm

SENT = {"players": "4", "teams": "y", "preset": "standard", "per_page": "1", "paper": "letter"}


def blank(**changes: str) -> BlankSheetForm:
    return BlankSheetForm.from_post(MultiDict({**SENT, **changes}))


@pytest.mark.parametrize(
    "changes, key, message",
    [
        ({"target_score": "²"}, "target_score", "Game to: a whole number, 1 to 100000."),
        ({"target_score": "٣"}, "target_score", "Game to: a whole number, 1 to 100000."),
        ({"target_score": "0"}, "target_score", "Game to: a whole number, 1 to 100000."),
        ({"rows": "61"}, "rows", "Hand rows: a whole number, 1 to 60."),
        ({"rows": "9" * 400}, "rows", "Hand rows: a whole number, 1 to 60."),
        ({"pages": "21"}, "pages", "Pages: a whole number, 1 to 20."),
        ({"pages": "-1"}, "pages", "Pages: a whole number, 1 to 20."),
        ({"name1": "x" * 31}, "name1", "Keep it to 30 characters: this one has 31."),
        ({"title": "t" * 61}, "title", "Keep it to 60 characters: this one has 61."),
        ({"players": "7"}, "players", "Not a valid choice."),
        ({"paper": "b5"}, "paper", "Not a valid choice."),
    ],
)
def test_a_blank_sheet_problem_is_said_by_its_field_and_the_typing_kept(changes, key, message):
    form = blank(**changes)
    assert form.errors == {key: message} and form.blank_sheet() is None
    [(name, typed)] = changes.items()
    shown = form.control(name)
    assert f'aria-describedby="{name}-error"' in shown
    if name not in ("players", "paper"):  # a choice not offered is not shown again
        assert typed[:40] in shown  # as typed


def test_a_blank_sheet_as_sent_is_read():
    form = blank(name1=" Ann ", target_score="300", rows="", pages="2", teams="")
    sheet = form.blank_sheet()
    assert form.errors == {} and sheet is not None
    assert form.names[0] == "Ann" and not form.teams
    assert 'value="300"' in form.control("target_score")


def test_empty_numbers_are_as_the_rules_say():
    form = blank(target_score=" ", rows="", pages="")
    assert form.errors == {} and form.blank_sheet() is not None


def test_an_import_reads_the_file_else_the_text_else_asks():
    upload = FileStorage(io.BytesIO(b'\xef\xbb\xbf{"a": 1}'), filename="g.json")
    form = ImportForm.from_post(MultiDict({"text": "pasted"}), MultiDict({"file": upload}))
    assert (form.source, form.source_field) == ('{"a": 1}', "file")
    form = ImportForm.from_post(MultiDict({"text": "pasted"}), MultiDict())
    assert (form.source, form.source_field) == ("pasted", "text")
    form = ImportForm.from_post(MultiDict({"text": "  "}))
    assert form.source is None and form.errors == {
        "file": "Choose a game file, or paste one below."
    }
    assert "  </textarea>" in form.control("text")  # what was typed, kept
    bad = FileStorage(io.BytesIO(b"\xff\xfe\x00"), filename="g.json")
    form = ImportForm.from_post(MultiDict(), MultiDict({"file": bad}))
    assert form.errors == {"file": "This file is not a text (UTF-8) game file."}


@pytest.mark.parametrize(
    "sent, version", [("7", 7), ("", -1), ("٣", -1), ("²", -1), ("-2", -1), ("9" * 12, -1)]
)
def test_the_hand_forms_version_is_ascii_digits_else_read_long_ago(sent, version):
    assert HandForm.from_post(MultiDict({"version": sent})).version == version
    assert HandForm.from_post(MultiDict()).version == -1
