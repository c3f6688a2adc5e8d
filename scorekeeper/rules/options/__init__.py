"""House rules as data: one frozen ``Rules`` value (house.py), presets as dicts of changes to
it (presets.py).

Every option comes from a real table's house rules (see docs/contract.md, section 3). ``OPTIONS``
describes each option in plain words, in the order a settings page shows them: one table a
group of options, a module each (end_of_game.py, play.py, scoring.py, bags.py, nil.py,
blind.py, big_bids.py), joined in table.py; what an option is and its check are in info.py.
"""

from .bags import NO_BAGS, ONLY_BAGS, WITHOUT_BAGS
from .house import DEFAULTS, Rules, at_defaults
from .info import (
    GROUPS,
    MAX_BAG_LIMIT,
    MAX_HANDS,
    MAX_MULTIPLIER,
    MAX_POINTS,
    MAX_SCORE,
    MAX_SET_OUT,
    MAX_TRICKS_PER_HAND,
    TRICKS_BY_PLAYERS,
    WORDS,
    OptionInfo,
    check_option,
    numbers_text,
    read_numbers,
    show_value,
)
from .presets import (
    PRESET_DESCRIPTIONS,
    PRESET_TEAMS,
    PRESETS,
    preset_rules,
    rules_from_spec,
    rules_to_spec,
)
from .table import OPTION_BY_NAME, OPTIONS

__all__ = [
    "DEFAULTS", "GROUPS", "MAX_BAG_LIMIT", "MAX_HANDS", "MAX_MULTIPLIER", "MAX_POINTS",
    "MAX_SCORE", "MAX_SET_OUT", "MAX_TRICKS_PER_HAND", "NO_BAGS", "ONLY_BAGS", "OPTIONS",
    "OPTION_BY_NAME", "WITHOUT_BAGS",
    "PRESETS", "PRESET_DESCRIPTIONS", "PRESET_TEAMS", "TRICKS_BY_PLAYERS", "WORDS", "OptionInfo",
    "Rules", "at_defaults",
    "check_option", "numbers_text", "preset_rules", "read_numbers", "rules_from_spec",
    "rules_to_spec", "show_value",
]  # fmt: skip
