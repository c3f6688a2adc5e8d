"""The scoring engine: pure Python, standard library only. See docs/contract.md."""

from .bidding import SideBidOptions, bid_options, check_bids
from .ending import check_end
from .errors import GameError
from .explain import explain_lines
from .game import (
    FORMAT,
    MAX_ADJUST,
    MAX_START_BAGS,
    MAX_START_SCORE,
    NAME_LENGTH,
    NOTE_LENGTH,
    TEAM_NAME_LENGTH,
    Game,
    Hand,
    Start,
    dump_game,
    dump_game_text,
    load_game_text,
    parse_game,
    parse_hand,
    with_hand_added,
)
from .options import (
    GROUPS,
    MAX_BAG_LIMIT,
    MAX_HANDS,
    MAX_MULTIPLIER,
    MAX_POINTS,
    MAX_SCORE,
    MAX_SET_OUT,
    MAX_TRICKS_PER_HAND,
    OPTION_BY_NAME,
    OPTIONS,
    PRESET_DESCRIPTIONS,
    PRESETS,
    OptionInfo,
    Rules,
    preset_rules,
    rules_from_spec,
    rules_to_spec,
)
from .scoring import (
    HandResult,
    NilResult,
    Sheet,
    SideResult,
    new_context,
    score_game,
    score_hand,
    start_state,
)
from .seating import opposite_teams, rematch_of, team_name
from .sheet_json import sheet_to_json
from .state import Context, State
from .text import render_text
from .words import (
    changes_line,
    end_reason,
    option_word,
    preset_title,
    result_line,
    rules_summary,
)

__all__ = [
    "FORMAT", "GROUPS", "MAX_ADJUST", "MAX_BAG_LIMIT", "MAX_HANDS", "MAX_MULTIPLIER", "MAX_POINTS",
    "MAX_SCORE", "MAX_SET_OUT", "MAX_START_BAGS", "MAX_START_SCORE", "MAX_TRICKS_PER_HAND",
    "NAME_LENGTH", "NOTE_LENGTH", "OPTION_BY_NAME", "OPTIONS", "TEAM_NAME_LENGTH", "PRESETS",
    "PRESET_DESCRIPTIONS", "Context", "Game", "GameError",
    "Hand", "HandResult", "NilResult", "OptionInfo", "Rules", "Sheet", "SideBidOptions",
    "SideResult", "Start", "State", "bid_options", "changes_line", "check_bids", "check_end",
    "dump_game", "dump_game_text", "end_reason", "explain_lines", "load_game_text",
    "new_context", "opposite_teams",
    "option_word", "parse_game", "parse_hand", "preset_rules", "preset_title", "rematch_of",
    "render_text", "result_line", "rules_from_spec", "rules_summary", "rules_to_spec",
    "score_game", "score_hand", "sheet_to_json", "start_state", "team_name", "with_hand_added",
]  # fmt: skip
