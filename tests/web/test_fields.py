"""One way to read a number typed in a form (``web.fields.number``), one message a problem, for
every form that reads numbers: the event forms and the keeper's forms alike."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.web.club_night import event_forms
from scorekeeper.web.fields import number
from scorekeeper.web.memory import forms as memory_forms


@pytest.mark.parametrize(
    "text, value",
    [("7", 7), (" 12 ", 12), ("0", 0), ("-3", -3), ("\u22123", -3), ("+4", 4)],
)
def test_ascii_digits_are_read(text, value):
    assert number(text, "Pages", -10, 20) == value


@pytest.mark.parametrize("text", ["", "x", "²", "①", "٣", "1.5", "1e3", "9" * 19, "- 3"])
def test_anything_but_ascii_digits_is_refused_in_one_message(text):
    with pytest.raises(ValueError, match=r"^Pages: type a whole number in digits 0-9\.$"):
        number(text, "Pages", 1, 20)


@pytest.mark.parametrize("text", ["0", "21", "-1", "999999999999999999"])
def test_out_of_range_says_the_range(text):
    with pytest.raises(ValueError, match=r"^Pages: from 1 to 20\.$"):
        number(text, "Pages", 1, 20)


def test_the_event_and_the_keeper_forms_say_the_same_by_the_field():
    event = event_forms.EventForm.from_post(MultiDict({"name": "Club", "rounds": "²"}))
    event.settings()
    season = memory_forms.SeasonForm.from_post(
        MultiDict({"season_name": "Spring", "kind": "place", "place_points": "²"})
    )
    season.values()
    assert event.errors["rounds"] == "Rounds: type a whole number in digits 0-9."
    assert season.errors["place_points"] == "Points per place: type a whole number in digits 0-9."
