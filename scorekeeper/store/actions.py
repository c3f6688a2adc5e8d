"""What a save did, as code reads it: a kind (a short code) and the hand it was for.

A game's history rows and the one-time submission ids each record an :class:`Action`. Code
branches on ``kind`` and ``hand`` only; ``words`` ("add hand 3") is for people, and is what the
``action`` column has always held, so rows written before the codes read the same
(:func:`read_words` turns the old words back into an Action, for the migration that filled the
codes in).

A history row also has a ``step``: ``change`` (the save itself), ``undo`` (the state an undo
replaced) or ``redo`` (the state a redo replaced); its kind and hand are those of the change it
undid or redid, so the Undo and Redo buttons can name it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# the kinds of save (a game's history and the submission ids)
ADD_HAND = "add_hand"
EDIT_HAND = "edit_hand"
DELETE_HAND = "delete_hand"
MISDEAL = "misdeal"
TIME_CALLED = "time_called"  # an event's director called time: only the rules changed
# the kinds a submission id records besides those
UNDO = "undo"
REDO = "redo"
NEW_GAME = "new_game"
REMATCH = "rematch"
IMPORT = "import"
SEAT_ROUND = "seat_round"  # an event's console seated a round (the submission names it)
CLOSE_ROUND = "close_round"  # ... or closed one
SWAP = "swap"  # ... swapped two entrants (TIME_CALLED: called time)
REPAIR_ROUND = "repair_round"  # ... paired a round again
DROP = "drop"  # ... dropped an entrant
REINSTATE = "reinstate"  # ... or reinstated one
PAPER_RESULT = "paper_result"  # ... entered a table's paper result
CLEAR_PAPER = "clear_paper"  # ... cleared one
FIX_TABLE = "fix_table"  # ... kept an entrant at their table of a round (its table's Fix)
CLOCK = "clock"  # ... paused, resumed, extended or restarted a round's clock
OTHER = "other"  # words from before the codes that name none of these

# the steps of a history row
CHANGE = "change"
STEPS = (CHANGE, UNDO, REDO)

HAND_KINDS = {ADD_HAND: "add hand", EDIT_HAND: "edit hand", DELETE_HAND: "delete hand"}
WORDS = {
    MISDEAL: "misdeal",
    TIME_CALLED: "time called",
    UNDO: "undo",
    REDO: "redo",
    NEW_GAME: "new game",
    REMATCH: "rematch",
    IMPORT: "import",
    SEAT_ROUND: "seat round",
    CLOSE_ROUND: "close round",
    SWAP: "swap",
    REPAIR_ROUND: "re-pair round",
    DROP: "drop",
    REINSTATE: "reinstate",
    PAPER_RESULT: "paper result",
    CLEAR_PAPER: "clear paper result",
    FIX_TABLE: "fix table",
    CLOCK: "round clock",
}


@dataclass(frozen=True)
class Action:
    """A save's kind, and the hand it was for (1-based; None when it was for no one hand)."""

    kind: str
    hand: int | None = None

    @property
    def words(self) -> str:
        """The action as people read it (and as the ``action`` column holds it): "add hand 3"."""
        if self.kind in HAND_KINDS:
            return f"{HAND_KINDS[self.kind]} {self.hand}"
        return WORDS.get(self.kind, "")


_HAND_WORDS = re.compile(r"(add|edit|delete) hand (\d{1,9})")
_KINDS_BY_WORDS = {words: kind for kind, words in WORDS.items()}


def read_words(text: str | None) -> tuple[str, Action]:
    """(step, action) of an ``action`` column written before the codes: "undo redo add hand 3"
    is the step ``undo`` of "add hand 3" (the first word says the step; the innermost change
    is the one the buttons name). Words that say nothing known read as OTHER."""
    text = text or ""
    step = CHANGE
    if text.startswith(("undo ", "redo ")):
        step = text[:4]
    while text.startswith(("undo ", "redo ")):
        text = text[5:]
    if m := _HAND_WORDS.fullmatch(text):
        return step, Action(f"{m.group(1)}_hand", int(m.group(2)))
    return step, Action(_KINDS_BY_WORDS.get(text, OTHER))
