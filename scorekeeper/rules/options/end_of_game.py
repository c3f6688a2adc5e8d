"""The options of the group "End of game": when a game ends: the target, a losing score, a
number of hands, sets in a row."""

from __future__ import annotations

from .info import MAX_HANDS, MAX_POINTS, MAX_SCORE, MAX_SET_OUT, MAX_TRICKS_PER_HAND, OptionInfo

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
    OptionInfo(
        "race_tricks",
        "int",
        None,
        "End of game",
        "A race: tricks that win a hand",
        "Urban rules: every hand is played without bids and a side that takes this many "
        "tricks wins it, scoring 1 (a game won); set the target to the games a match needs "
        "(best of three: 2). Empty: not a race.",
        nullable=True,
        minimum=1,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "race_sweep",
        "int",
        None,
        "End of game",
        "A race: tricks in a hand that win the match",
        "A side that takes this many tricks in one hand of a race wins the match at once "
        "(urban: 10 books). Empty: never.",
        nullable=True,
        minimum=1,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "race_third_game",
        "bool",
        False,
        "End of game",
        "A race: the trailing side forces one more game",
        "Urban: a side that won no game yet is not beaten when the other reaches the games a "
        "match needs without a sweep: one more game is played, which it wins the match by "
        "sweeping; otherwise the leader wins.",
    ),
    OptionInfo(
        "rubicon_value",
        "int",
        None,
        "End of game",
        "Crossing the Rubicon",
        "Points for the first side to reach each hundred (100, 200, ...); a side that "
        "reached 100 and falls below it loses them once (Wikipedia: 1 or 5). Empty: off.",
        nullable=True,
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "rubicon_bags",
        "choice",
        None,
        "End of game",
        "Crossing the Rubicon cancels bags",
        "The Rubicon's variant that cancels bags instead of scoring points: the first side to "
        "reach each hundred loses all its bags, or five for each hundred (Wikipedia). "
        "Empty: off.",
        nullable=True,
        choices=("all", "five"),
    ),
    OptionInfo(
        "majority_bonus",
        "int",
        None,
        "End of game",
        "Two round majority",
        "A side that takes most of the tricks two hands in a row scores this, three in a row "
        "twice this, and so on (Wikipedia: 5). Empty: off.",
        nullable=True,
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "seven_times_value",
        "int",
        None,
        "End of game",
        "Seven or higher, Part Deux",
        "A side's first hand of seven or more tricks scores this, its second twice this, its "
        "third three times, and so on; overtricks do not count (Wikipedia: 10). Empty: off.",
        nullable=True,
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "seven_times_counts",
        "choice",
        "made",
        "End of game",
        "Part Deux counts",
        "Which hands count for Part Deux: made (the side bid seven or more and made it: "
        "Part Deux) or taken (the side took seven or more tricks, whatever it bid: Highlander).",
        choices=("made", "taken"),
    ),
]
