"""Presets as dicts of changes to the defaults, and a game file's ``rules`` read and written."""

from __future__ import annotations

from typing import Any

from ..errors import GameError
from ..specials import (
    bonuses_to_spec,
    check_apart,
    read_bonuses,
    read_specials,
    specials_to_spec,
)
from .house import DEFAULTS, Rules
from .info import MAX_SCORE, check_option, show_value
from .table import OPTION_BY_NAME, OPTIONS

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "nyc": {
        "bidding": "partnership",
        "min_side_bid": 4,
        "max_bid": 10,
        "nil": False,
        "blind_nil": False,
        "blind_bids": True,
        "blind_min": 6,
        "blind_win_multiplier": 2,
        "blind_loss_multiplier": 1,
        "overtrick_value": 0,
        "bag_limit": None,
        "max_overtricks": 2,
        "ten_for_200": True,
        "boston_wins": "ten",
        "set_out": 2,
        "first_hand_no_bids": True,
    },
    "barmore": {
        "bidding": "partnership",
        "nil": False,
        "blind_nil": False,
        "blind_bids": True,
        "blind_min": 7,
        "blind_win_multiplier": 2,
        "blind_loss_multiplier": 2,
        "blind_deficit": None,
    },
    "military": {
        "min_side_bid": 4,
        "blind_nil": False,
        "blind_bids": True,
        "blind_min": 6,
        "blind_win_multiplier": 2,
        "blind_loss_multiplier": 1,
        "blind_overtricks": "none",
        "ten_for_200": True,
        "ten_for_200_penalty": 100,
        "boston_wins": "any",
    },
    "cutthroat": {},
    "three-player": {"overtrick_value": -10, "bag_limit": None, "target_score": 300},
    "head-to-head": {"target_score": 300, "blind_nil": False},
    "six-player": {},
    # issue 22's systems (Wikipedia's names); each a row of data over the options above
    "suicide": {"suicide": True, "min_side_bid": 4},
    "whiz": {"blind_nil": False, "bids_total": "at most tricks"},
    "mirrors": {"blind_nil": False, "bids_total": "tricks"},
    "jailhouse": {
        "min_side_bid": 4,
        "allowed_contracts": (4, 5, 6, 7, 8, 10, 13),
        "nil_against": (10, 13),
        "ten_for_200": True,
        "moon": True,
    },
    "urban": {"race_tricks": 7, "race_sweep": 10, "target_score": 2},
    # issue 22, part C
    "highlander": {"partner_bids": "highlander", "overtrick_value": 5, "bag_limit": None},
    "call-break": {
        "score_tenths": True,
        "trick_value": 10,
        "overtrick_value": 1,
        "bag_limit": None,
        "nil": False,
        "blind_nil": False,
        "min_side_bid": 1,
        "max_hands": 5,
        "target_score": MAX_SCORE,
    },
}

# How a preset seats the players when the new game form is left to choose ("Usual for the
# players"), and how a blank sheet of it prints: Call Break is four players without partners,
# cutthroat everyone for themselves.
PRESET_TEAMS: dict[str, str] = {"call-break": "none", "cutthroat": "none"}

PRESET_DESCRIPTIONS: dict[str, str] = {
    # shown beside the preset's title ("Suicide: In each team ..."), so none repeats it
    "standard": "Four players in two teams, to 500; nil 100, blind nil 200, 10 bags cost 100.",
    "nyc": "Partnership bids of 4 to 10, no nil, blind 6 or more when 100 behind, at most 2 "
    "bags, 10 for 200, set twice in a row loses, first hand without bids (New York City's "
    "rules).",
    "barmore": "Partnership bids (Dennis J Barmore's rules), no nil, blind 7 or more any time "
    "for double.",
    "military": "Board of 4, blind 6 for double (lost singly, no bags), 10 for 200 (lost for "
    "100), taking every trick wins.",
    "cutthroat": "Everyone for themselves (no teams), standard scoring.",
    "three-player": "Three players, 17 tricks each hand; every bag costs 10, to 300.",
    "head-to-head": "Two players, 13 tricks; to 300, no blind nil.",
    "six-player": "Three teams of two, 17 tricks each hand; standard scoring.",
    "suicide": "In each team one player bids nil and the other at least four.",
    "whiz": "Each player bids the spades held or nil (the app checks only that the bids add up "
    "to 13 at most), no blind bids.",
    "mirrors": "Each player bids the spades held, nil with none (the app checks that the bids "
    "add up to 13), no blind bids.",
    "jailhouse": "A side bids 4 to 8, 10 (for 200) or 13 (Boston); nil only against 10 or 13.",
    "urban": "A race, no bids; 7 tricks win a hand (a game), two games win the match, 10 "
    "tricks in a hand win it at once.",
    "highlander": "Each partner must make their own bid; a partner's overtricks score 5 each, "
    "even when the side is set; no bag penalty.",
    "call-break": "Four players without partners (also called call bridge), five deals; a made "
    "bid scores the bid plus 0.1 a trick over, a set loses the bid; no nil.",
}


def rules_from_spec(spec: Any) -> Rules:
    """Rules from a file's ``rules``: a preset name, or {"preset": name, option: value, ...}."""
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, dict):
        raise GameError("rules must be a preset name or an object of options", field="rules")
    preset = spec.get("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise GameError(
            f"unknown preset {show_value(preset)} (known: {', '.join(PRESETS)})",
            field="rules.preset",
        )
    values = dict(DEFAULTS)
    values.update(PRESETS[preset])
    for name, value in spec.items():
        if name == "preset":
            continue
        if name in _EXTRAS:
            values[name] = _EXTRAS[name](value)
            continue
        if name not in OPTION_BY_NAME:
            raise GameError(f"unknown option {show_value(name)} in rules", field=f"rules.{name}")
        check_option(OPTION_BY_NAME[name], value)
        values[name] = value
    check_apart(values["specials"], values["bonuses"])
    return Rules(**values)


# the rules' lists of specials and bonuses: read (and checked) by rules/specials.py
_EXTRAS = {"specials": read_specials, "bonuses": read_bonuses}


def preset_rules(preset: str = "standard") -> Rules:
    """The rules of a preset, unchanged."""
    return rules_from_spec(preset)


def rules_to_spec(rules: Rules, preset: str = "standard") -> dict[str, Any]:
    """The smallest spec that gives ``rules``: {"preset": preset} plus the options that differ."""
    if preset not in PRESETS:
        raise GameError(
            f"unknown preset {show_value(preset)} (known: {', '.join(PRESETS)})",
            field="rules.preset",
        )
    base = {**DEFAULTS, **PRESETS[preset]}
    spec: dict[str, Any] = {"preset": preset}
    for info in OPTIONS:
        value = getattr(rules, info.name)
        if value != base[info.name] or type(value) is not type(base[info.name]):
            spec[info.name] = value
    if rules.specials != base["specials"]:
        spec["specials"] = specials_to_spec(rules.specials)
    if rules.bonuses != base["bonuses"]:
        spec["bonuses"] = bonuses_to_spec(rules.bonuses)
    return spec
