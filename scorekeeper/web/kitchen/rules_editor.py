"""The house rules editor's pieces, shared by the new game page and an event's new game form:
the options in their groups, and every preset's values for game.js to switch presets in place."""

from __future__ import annotations

import json

from scorekeeper.rules import GROUPS, OPTIONS, PRESETS, preset_rules
from scorekeeper.web.kitchen.new_game_form import option_value


def option_groups() -> list[tuple[str, list]]:
    groups = [(g, [o for o in OPTIONS if o.group == g]) for g in GROUPS]
    return [(g, opts) for g, opts in groups if opts]


def preset_data() -> tuple[str, str]:
    """The editor's field values for every preset, for game.js to switch presets in place."""
    base = preset_rules("standard")
    defaults = {o.name: option_value(o, getattr(base, o.name)) for o in OPTIONS}
    by_preset = {}
    for name in PRESETS:
        rules = preset_rules(name)
        values = {o.name: option_value(o, getattr(rules, o.name)) for o in OPTIONS}
        by_preset[name] = {k: v for k, v in values.items() if v != defaults[k]}
    return json.dumps(defaults), json.dumps(by_preset)


def preset_bags() -> str:
    """Whether each preset's rules have bags (``Rules.has_bags``), as JSON for new-game.js to
    hide the start's bags fields when a preset without them (Call Break) is picked: the rule
    is the engine's, read here, never restated in the script."""
    return json.dumps({name: preset_rules(name).has_bags for name in PRESETS})
