"""The kitchen table's games on the web: the new game page, the game page and its hand form,
the hands' edits, the rules page, the read-only link, import and export, the library of this
browser's games, house rules, and the game's and blank sheets' printouts.

What the other parts of the web use of it: its blueprints (``BLUEPRINTS``, registered in this
order), ``init_app`` (the sheet fragments' cache), the new game form and its option words
(``NewGame``, ``minimal_spec``, ``option_words``, ``option_range``: the club night's event form
reuses the rules editor), the rules editor's groups (``option_groups``, ``preset_data``) and
``export_filename`` (a downloaded file's name).
"""

from __future__ import annotations

from scorekeeper.web.kitchen import (
    games,
    hands,
    house_rules,
    library,
    printouts,
    share,
)
from scorekeeper.web.kitchen.fragments import init_app
from scorekeeper.web.kitchen.new_game_form import NewGame, minimal_spec, option_range, option_words
from scorekeeper.web.kitchen.rules_editor import option_groups, preset_data
from scorekeeper.web.kitchen.share import export_filename

BLUEPRINTS = (library.bp, share.bp, games.bp, hands.bp, printouts.bp, house_rules.bp)

__all__ = [
    "BLUEPRINTS",
    "NewGame",
    "export_filename",
    "init_app",
    "minimal_spec",
    "option_groups",
    "option_range",
    "option_words",
    "preset_data",
]
