"""Numbers typed in a form, read one way by every form: ASCII digits only (``"²"``, ``"①"`` and
``"٣"`` pass ``str.isdigit()`` but are no number), a few of them at most, each with the range its
field takes and one message by the field when the typing is no number or out of range."""

from __future__ import annotations

__all__ = ["MAX_DIGITS", "number", "range_words", "whole_number"]


# A typed number is at most this many digits before it is read: nothing longer is in any range,
# and a long one is never handed to int() (which refuses over 4,300 digits, slowly).
MAX_DIGITS = 18


def whole_number(text: str, low: int | None = None, high: int | None = None) -> int:
    """A typed whole number, ``low`` to ``high``; ValueError for anything else.

    ASCII digits only, with a leading minus (or the typographic minus a phone may type):
    ``str.isdigit()`` alone takes "²" and "①", which ``int()`` refuses.
    """
    text = text.strip().replace("\u2212", "-")
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        raise ValueError(text[:40])
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(text)
    return value


def range_words(low: int | None, high: int | None) -> str:
    """A range as a field's hint and message say it: "1 to 100000"."""
    return f"{low} to {high}"


def number(text: str, label: str, low: int, high: int) -> int:
    """A whole number typed in the field ``label``, ``low`` to ``high``; ValueError with the
    message to show by the field ("Rounds: type a whole number in digits 0-9." or "Rounds:
    from 1 to 20.")."""
    try:
        value = whole_number(text)
    except ValueError:
        raise ValueError(f"{label}: type a whole number in digits 0-9.") from None
    if not low <= value <= high:
        raise ValueError(f"{label}: from {low} to {high}.")
    return value
