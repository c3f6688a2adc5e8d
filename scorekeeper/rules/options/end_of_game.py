"""The options of the group "End of game": when a game ends: the target, a losing score, a
number of hands, sets in a row."""

from __future__ import annotations

from .info import MAX_HANDS, MAX_SCORE, MAX_SET_OUT, OptionInfo

END_OF_GAME: list[OptionInfo] = [
    OptionInfo(
        "target_score",
        "int",
        500,
        "End of game",
        "Game to",
        "A side at or above this score after a hand can win; the highest score wins.",
        minimum=1,
        maximum=MAX_SCORE,
    ),
    OptionInfo(
        "losing_score",
        "int",
        None,
        "End of game",
        "Losing score",
        "A side at or below this score after a hand is out (empty: never).",
        nullable=True,
        minimum=-MAX_SCORE,
        maximum=MAX_SCORE,
    ),
    OptionInfo(
        "max_hands",
        "int",
        None,
        "End of game",
        "Hands in a game",
        "The game ends after this many played hands (empty: no limit).",
        nullable=True,
        minimum=1,
        maximum=MAX_HANDS,
    ),
    OptionInfo(
        "set_out",
        "int",
        None,
        "End of game",
        "Sets in a row that lose",
        "A side set this many hands in a row loses the game (empty: never).",
        nullable=True,
        minimum=1,
        maximum=MAX_SET_OUT,
    ),
]
