"""Numbers typed in a form, read one way by every form: ASCII digits only (``"²"``, ``"①"`` and
``"٣"`` pass ``str.isdigit()`` but are no number), a few of them at most, each with the range its
field takes and one message by the field when the typing is no number or out of range."""

from __future__ import annotations

__all__ = [
    "MAX_DIGITS",
    "number",
    "points_number",
    "points_words",
    "range_words",
    "tenths_text",
    "whole_number",
]


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


def points_number(text: str, top: int, in_tenths: bool) -> int:
    """Points typed in a field (a hand's adjust, a start score), -``top`` to ``top`` as the
    engine counts them; ValueError for anything else. In a game that scores in tenths (Call
    Break) a person types points with at most one decimal place ("0.5", "-1.2", "3"), read
    exactly as whole tenths (5, -12, 30); elsewhere a whole number of points."""
    if not in_tenths:
        return whole_number(text, -top, top)
    text = text.strip().replace("\u2212", "-")
    whole, dot, tenth = text.partition(".")
    if dot and not (len(tenth) == 1 and tenth.isascii() and tenth.isdigit()):
        raise ValueError(text[:40])
    negative = whole.startswith("-")
    digits = whole[1:] if whole[:1] in ("-", "+") else whole
    if digits[:1] in ("-", "+"):
        raise ValueError(text[:40])
    n = whole_number(digits or ("0" if dot else digits))  # "-.5" and ".5" are half a point
    value = n * 10 + (int(tenth) if dot else 0)
    value = -value if negative else value
    if not -top <= value <= top:
        raise ValueError(text)
    return value


def tenths_text(n: int) -> str:
    """Whole tenths as a person types them back: 5 -> "0.5", -12 -> "-1.2", 30 -> "3"."""
    whole, tenth = divmod(abs(n), 10)
    sign = "-" if n < 0 else ""
    return f"{sign}{whole}.{tenth}" if tenth else f"{sign}{whole}"


def points_words(top: int, in_tenths: bool) -> str:
    """What a points field takes, as its message says it: "a whole number of points, -5000 to
    5000", or under tenths "points with at most one decimal place (0.5), -500.0 to 500.0"."""
    if not in_tenths:
        return f"a whole number of points, {range_words(-top, top)}"
    most = tenths_text(top)
    return f"points with at most one decimal place (like 0.5 or -1.2), -{most} to {most}"


def range_words(low: int | str | None, high: int | str | None) -> str:
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
