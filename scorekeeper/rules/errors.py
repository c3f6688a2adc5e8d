"""The engine's one error type: a broken contract, told in one line a person can act on."""

from __future__ import annotations

from collections.abc import Callable


class GameError(ValueError):
    """A game file or a hand that breaks the contract.

    ``hand`` is the 1-based position of the hand in the file (misdeals count), or None when
    the problem is not in a hand. ``field`` names what is wrong ("bids.Ann", "tricks",
    "rules.nil_value").
    ``message`` is the text without the "hand N: " prefix; ``str(error)`` adds it.
    """

    def __init__(self, message: str, *, hand: int | None = None, field: str | None = None):
        self.message = message
        self.hand = hand
        self.field = field
        super().__init__(f"hand {hand}: {message}" if hand is not None else message)

    def at_hand(self, hand: int) -> GameError:
        """The same error, placed at a hand."""
        return GameError(self.message, hand=hand, field=self.field)


def show_number(n: int) -> str:
    """A whole number as a message shows it: the digits, or "a number of about N digits" when
    it is too long to print (Python refuses to turn an int of over 4,300 digits into text)."""
    if -(10**18) < n < 10**18:
        return str(n)
    digits = int(n.bit_length() * 0.30103) + 1  # log10(2): right to within one digit
    return f"a number of about {digits} digits"


def hand_error(number: int, field: str, message: str) -> GameError:
    """The error of hand ``number``, naming its field."""
    return GameError(message, hand=number, field=field)


def missing_field(number: int, field: str) -> GameError:
    """Hand ``number`` lacks its ``field`` ("bids" or "tricks")."""
    return hand_error(number, field, f"{field} are missing")


def shown(value: object, show: Callable[[object], str] = str) -> str:
    """A value in a message: ``show(value)``, or a short form of an int too long to print
    (parse_game refuses those; a Game built by hand may still hold one)."""
    return show_number(value) if type(value) is int else show(value)
