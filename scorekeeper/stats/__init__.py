"""The club's memory, as pure functions of the games: each person's figures, ratings (OpenSkill's
Plackett-Luce model) and season standings. No Flask, no SQL: the service reads the games and
hands them here as :class:`PlayedGame` values. Definitions in docs/stats.md.
"""

from .figures import Figures, Record, figures, people_of, tally_game
from .model import (
    ZERO,
    PlayedGame,
    StatsError,
    Tally,
    merged_games,
    resolve,
    sort_games,
)
from .ratings import (
    DEFAULT_PARAMS,
    Change,
    Ladder,
    LadderRow,
    RatingParams,
    history_points,
    ranks,
    rate,
    rate_more,
    signed_change,
)
from .seasons import SCHEMES, Finish, Scheme, SeasonRow, event_finishes, season_standings

__all__ = [
    "DEFAULT_PARAMS", "SCHEMES", "ZERO", "Change", "Figures", "Finish", "Ladder", "LadderRow",
    "PlayedGame", "RatingParams", "Record", "Scheme", "SeasonRow", "StatsError", "Tally",
    "event_finishes", "figures", "history_points", "merged_games", "people_of", "rate",
    "rate_more", "ranks", "resolve", "season_standings", "signed_change", "sort_games",
    "tally_game",
]  # fmt: skip
