"""The club's memory: every finished table game of every event counted into the ladder, a
player's page, a season's standings and the home games' figures; the keeper's renames, merges
and seasons; the same figures as text, CSV or JSON for scripts and spreadsheets.

The modules: ``tables`` (a club table's game as the memory counts it), ``club`` (the club as a
whole, its games in order, and the ladder, each cached), ``ladder``, ``player``, ``season`` and
``home_games`` (the pages' figures), ``keeper`` (the keeper's changes, each one transaction),
``files`` (the reports and files).
"""

from __future__ import annotations

from .club import clear_caches, load_club
from .files import ladder_report, player_report, scheme_of, season_file, season_report
from .home_games import home_stats
from .keeper import (
    CLI,
    ClubLinks,
    KeeperChange,
    KeeperPage,
    Merge,
    NewSeason,
    Rename,
    Unmerge,
    add_season,
    club_links,
    keeper_link,
    keeper_page,
    merge,
    reader_link,
    rename,
    submit,
    unmerge,
)
from .ladder import ladder_page
from .player import PlayerPage, find_person, player_page
from .season import season_page
from .tables import NotFound

__all__ = [
    "CLI", "ClubLinks", "KeeperChange", "KeeperPage", "Merge", "NewSeason", "NotFound",
    "PlayerPage", "Rename", "Unmerge", "add_season", "clear_caches", "club_links", "find_person",
    "home_stats", "keeper_link", "keeper_page", "ladder_page", "ladder_report", "load_club",
    "merge", "player_page", "player_report", "reader_link", "rename", "scheme_of", "season_file",
    "season_page", "season_report", "submit", "unmerge",
]  # fmt: skip
