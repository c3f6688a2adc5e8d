"""The kitchen table's games: a game started, opened by its link, its hands added, changed and
taken back, its page and its shared page; a rematch, a game file imported and exported, a game
deleted; what one browser sees of the instance (its games, the names it typed, its saved house
rules).

Each use case is one function and one transaction. A club table's game is one of these games
(the club night creates it with :func:`create_game`); where it sits in its event is
``service.table_place``. The modules: ``opening`` (a game read by its link, kept while its
version stands), ``writing`` (a game created, imported, rematched, deleted; the one save each
change goes through), ``hands`` (add, edit, delete a hand, misdeal, undo, redo), ``typed_hands``
(a hand as the form sent it, and the one-tap buttons), ``pages`` (the game page and the
shared page), ``starting`` (the new game page, Start, Rematch, a file in and out, Delete),
``browsers`` (a browser's games, names and saved house rules).
"""

from __future__ import annotations

from scorekeeper.store import Database

from .browsers import (
    Library,
    SavedRules,
    adopt_games,
    all_house_rules,
    forget_house_rules,
    house_rules,
    library,
    player_names,
)
from .hands import TIME_CALLED, add_hand
from .opening import OpenGame, game_label, open_game, open_shared, outcome, version_of_shared
from .pages import GamePage, ShownGame, game_page, show_game, show_shared, unavailable
from .starting import (
    NewGamePage,
    delete_game,
    export_file,
    game_summary,
    import_file,
    new_game_page,
    rematch_game,
    start_game,
)
from .typed_hands import Tapped, change_hand, one_tap_back, submit_hand
from .writing import Submitted, create_game, import_game

__all__ = [
    "Database", "GamePage", "Library", "NewGamePage", "OpenGame", "SavedRules", "ShownGame",
    "Submitted",
    "TIME_CALLED", "Tapped", "add_hand", "adopt_games", "all_house_rules",
    "change_hand", "create_game", "delete_game", "export_file", "forget_house_rules", "game_label",
    "game_page", "game_summary", "house_rules", "import_file", "import_game", "library",
    "new_game_page", "one_tap_back", "open_game", "open_shared", "outcome", "player_names",
    "rematch_game", "show_game", "show_shared", "start_game", "submit_hand", "unavailable",
    "version_of_shared",
]  # fmt: skip
