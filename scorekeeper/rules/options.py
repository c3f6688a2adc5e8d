"""House rules as data: one frozen ``Rules`` value, presets as dicts of changes to it.

Every option comes from a real table's house rules (see docs/contract.md, section 3). ``OPTIONS``
describes each option in plain words, in the order a settings page shows them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from .errors import GameError, show_number
from .specials import Bonus, Special, bonuses_to_spec, read_bonuses, read_specials, specials_to_spec

# tricks in a hand by number of players, when ``tricks_per_hand`` is null
# The ranges of the numbers (docs/contract.md, section 6, "Ranges"): wide enough for any table,
# narrow enough that every score stays a short number and every page stays small.
MAX_TRICKS_PER_HAND = 52  # a whole deck
MAX_SCORE = 100_000  # target and losing score, blind deficit, start scores: +- this
MAX_POINTS = 10_000  # every points value of an option: +- this (some may not be negative)
MAX_MULTIPLIER = 1_000  # blind win and loss multipliers: 0 to this
MAX_HANDS = 1_000  # max_hands; also the most hands (misdeals included) a game file may hold
MAX_BAG_LIMIT = 1_000
MAX_SET_OUT = 100
TRICKS_BY_PLAYERS = {2: 13, 3: 17, 4: 13, 5: 10, 6: 17}


class OptionInfo(NamedTuple):
    """One option as a form or a docs page needs it.

    ``type`` is "int", "bool", "choice" or "int|win" (a whole number or the word "win");
    ``nullable`` says whether null (None) is allowed and what it means is in ``help``;
    ``choices`` lists the words a "choice" takes; a number must be from ``minimum`` to
    ``maximum`` (both given for every number: the ranges and why are in docs/contract.md, §6).
    """

    name: str
    type: str
    default: Any
    group: str
    label: str
    help: str
    nullable: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


# The groups of options, in the order the rules editor shows them.
GROUPS = ("Bags", "Nil", "Blind", "Big bids", "End of game", "Scoring", "Play")

OPTIONS: list[OptionInfo] = [
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
        "tricks_per_hand",
        "int",
        None,
        "Play",
        "Tricks in a hand",
        "Empty: by players, 2 and 4 play 13, 3 and 6 play 17, 5 play 10.",
        nullable=True,
        minimum=1,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "bidding",
        "choice",
        "individual",
        "Play",
        "Bidding",
        "Individual: every player bids and partners' bids add up. "
        "Partnership: each team agrees one bid.",
        choices=("individual", "partnership"),
    ),
    OptionInfo(
        "first_hand_no_bids",
        "bool",
        False,
        "Play",
        "First hand without bids",
        "The first hand is played without bids; each side scores its tricks.",
    ),
    OptionInfo(
        "misdeal_deal_passes",
        "bool",
        True,
        "Play",
        "Deal passes after a misdeal",
        "After a misdeal the next player deals; off: the same dealer deals again.",
    ),
    OptionInfo(
        "trick_value",
        "int",
        10,
        "Scoring",
        "Points per trick bid",
        "Points for each trick of a contract that is made.",
        minimum=0,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "set_penalty",
        "choice",
        "bid",
        "Scoring",
        "A set loses",
        "Bid: the value of the bid. Shortfall: only the tricks it fell short. None: nothing.",
        choices=("bid", "shortfall", "none"),
    ),
    OptionInfo(
        "min_side_bid",
        "int",
        0,
        "Scoring",
        "Smallest bid for a side",
        'A side must bid at least this many tricks ("board"), unless all its players bid nil.',
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "max_bid",
        "int",
        None,
        "Scoring",
        "Largest bid",
        "The largest bid a side may make, blind and moon bids aside (empty: any).",
        nullable=True,
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "overtrick_value",
        "int",
        1,
        "Bags",
        "Points per bag",
        'Points for each trick over the bid: 0 for "no overs", negative to punish '
        'them (\u22129 is "\u221210 for each bag" on top of the bag\'s point).',
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "bag_limit",
        "int",
        10,
        "Bags",
        "Bags that cost",
        "Collecting this many bags costs the bag penalty; the rest carry over (empty: never).",
        nullable=True,
        minimum=1,
        maximum=MAX_BAG_LIMIT,
    ),
    OptionInfo(
        "bag_penalty",
        "int",
        100,
        "Bags",
        "Bag penalty",
        "Points lost each time the bags reach the limit.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "max_overtricks",
        "int",
        None,
        "Bags",
        "Most bags allowed",
        "Taking more than this many tricks over a plain bid is a set (empty: any).",
        nullable=True,
        minimum=0,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "double_back",
        "int",
        0,
        "Bags",
        "Double over, double back",
        "0: off. 1 or 2: taking twice the bid or more loses that many times the "
        "bid's value, as a set.",
        minimum=0,
        maximum=2,
    ),
    OptionInfo(
        "nil",
        "bool",
        True,
        "Nil",
        "Nil bids",
        "A player may bid to take no trick. Off: a bid of 0 is a plain bid.",
    ),
    OptionInfo(
        "nil_value",
        "int",
        100,
        "Nil",
        "Nil wins",
        "Points for a nil that is made.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "nil_penalty",
        "int",
        None,
        "Nil",
        "Nil loses",
        "Points lost for a nil that takes a trick (empty: same as it wins).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "nil_tricks",
        "choice",
        "bags",
        "Nil",
        "A nil bidder's tricks",
        "Bags: they count as bags, not for the partner's bid. Contract: they count "
        "toward the partner's bid. Ignore: they count for nothing.",
        choices=("bags", "contract", "ignore"),
    ),
    OptionInfo(
        "blind_nil",
        "bool",
        True,
        "Nil",
        "Blind nil",
        "A player may bid nil before looking at the cards.",
    ),
    OptionInfo(
        "blind_nil_value",
        "int",
        200,
        "Nil",
        "Blind nil wins",
        "Points for a blind nil that is made.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "blind_nil_penalty",
        "int",
        None,
        "Nil",
        "Blind nil loses",
        "Points lost for a blind nil that takes a trick (empty: same as it wins).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "double_nil_value",
        "int",
        None,
        "Nil",
        "Double nil wins",
        "When every player of a team bids nil, the team wins this instead of two "
        "nils (empty: two separate nils).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "double_nil_penalty",
        "int",
        None,
        "Nil",
        "Double nil loses",
        "Points a double nil loses when anyone takes a trick (empty: same as it wins).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "blind_bids",
        "bool",
        False,
        "Blind",
        "Blind bids",
        "A side may bid a number of tricks before looking at its cards.",
    ),
    OptionInfo(
        "blind_min",
        "int",
        6,
        "Blind",
        "Smallest blind bid",
        "The smallest number a blind bid may be.",
        minimum=1,
        maximum=MAX_TRICKS_PER_HAND,
    ),
    OptionInfo(
        "blind_deficit",
        "int",
        100,
        "Blind",
        "Blind only when behind by",
        "Blind bids (and blind nil) only when this many points behind the leader "
        "(empty: any time).",
        nullable=True,
        minimum=0,
        maximum=MAX_SCORE,
    ),
    OptionInfo(
        "blind_win_multiplier",
        "int",
        2,
        "Blind",
        "A made blind bid scores ×",
        "A made blind bid scores its value times this.",
        minimum=0,
        maximum=MAX_MULTIPLIER,
    ),
    OptionInfo(
        "blind_loss_multiplier",
        "int",
        2,
        "Blind",
        "A set blind bid loses ×",
        "A set blind bid loses its value times this.",
        minimum=0,
        maximum=MAX_MULTIPLIER,
    ),
    OptionInfo(
        "blind_exact",
        "bool",
        False,
        "Blind",
        "Blind bids must be exact",
        "A blind bid is made only by taking exactly the tricks bid.",
    ),
    OptionInfo(
        "blind_overtricks",
        "choice",
        "bags",
        "Blind",
        "Overtricks on a blind bid",
        "Bags: as usual. None: worth nothing and no bags. Penalty: each costs the "
        "blind multiplier times the trick value.",
        choices=("bags", "none", "penalty"),
    ),
    OptionInfo(
        "ten_for_200",
        "bool",
        False,
        "Big bids",
        "10 for 200",
        "A bid of exactly 10 is worth a fixed score instead of 100.",
    ),
    OptionInfo(
        "ten_for_200_value",
        "int",
        200,
        "Big bids",
        "10 for 200 wins",
        "Points for a made bid of 10.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "ten_for_200_penalty",
        "int",
        None,
        "Big bids",
        "10 for 200 loses",
        "Points lost when a bid of 10 is set (empty: same as it wins).",
        nullable=True,
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "ten_for_200_exact",
        "bool",
        False,
        "Big bids",
        "10 for 200 must be exact",
        "A bid of 10 is made only with exactly 10 tricks.",
    ),
    OptionInfo(
        "moon",
        "bool",
        False,
        "Big bids",
        "Moon (Boston) bids",
        "A bid of all the tricks is a moon bid with its own value.",
    ),
    OptionInfo(
        "moon_value",
        "int|win",
        200,
        "Big bids",
        "Moon wins",
        'Points for a made moon bid, or "win": it wins the game.',
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "moon_penalty",
        "int",
        200,
        "Big bids",
        "Moon loses",
        "Points lost when a moon bid is set.",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    ),
    OptionInfo(
        "boston_wins",
        "choice",
        None,
        "Big bids",
        "Taking every trick wins",
        "Any: a side that takes every trick wins the game. Ten: only with a bid of 10 "
        "or more. Empty: it does not.",
        nullable=True,
        choices=("any", "ten"),
    ),
]

OPTION_BY_NAME: dict[str, OptionInfo] = {o.name: o for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class Rules:
    """All the house rules of one game. Build one with ``rules_from_spec``; values are checked."""

    target_score: int = 500
    losing_score: int | None = None
    max_hands: int | None = None
    tricks_per_hand: int | None = None
    bidding: str = "individual"
    trick_value: int = 10
    overtrick_value: int = 1
    bag_limit: int | None = 10
    bag_penalty: int = 100
    set_penalty: str = "bid"
    max_overtricks: int | None = None
    double_back: int = 0
    min_side_bid: int = 0
    max_bid: int | None = None
    nil: bool = True
    nil_value: int = 100
    nil_penalty: int | None = None
    nil_tricks: str = "bags"
    blind_nil: bool = True
    blind_nil_value: int = 200
    blind_nil_penalty: int | None = None
    double_nil_value: int | None = None
    double_nil_penalty: int | None = None
    blind_bids: bool = False
    blind_min: int = 6
    blind_win_multiplier: int = 2
    blind_loss_multiplier: int = 2
    blind_exact: bool = False
    blind_overtricks: str = "bags"
    blind_deficit: int | None = 100
    ten_for_200: bool = False
    ten_for_200_value: int = 200
    ten_for_200_penalty: int | None = None
    ten_for_200_exact: bool = False
    moon: bool = False
    moon_value: int | str = 200
    moon_penalty: int = 200
    boston_wins: str | None = None
    set_out: int | None = None
    first_hand_no_bids: bool = False
    misdeal_deal_passes: bool = True
    # declared specials and counted bonuses (rules/specials.py): lists, read and checked there
    specials: tuple[Special, ...] = ()
    bonuses: tuple[Bonus, ...] = ()

    def __post_init__(self) -> None:
        for info in OPTIONS:
            check_option(info, getattr(self, info.name))

    def tricks_for(self, players: int) -> int:
        """Tricks in a hand for this many players."""
        if self.tricks_per_hand is not None:
            return self.tricks_per_hand
        return TRICKS_BY_PLAYERS.get(players, 13)


DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Rules)}

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
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": "Four players in two teams, to 500; nil 100, blind nil 200, 10 bags cost 100.",
    "nyc": "New York City: partnership bids of 4 to 10, no nil, blind 6 or more when 100 "
    "behind, at most 2 bags, 10 for 200, set twice in a row loses, first hand without bids.",
    "barmore": "Dennis J Barmore's rules: partnership bids, no nil, blind 7 or more any time "
    "for double.",
    "military": "Military: board of 4, blind 6 for double (lost singly, no bags), "
    "10 for 200 (lost for 100), taking every trick wins.",
    "cutthroat": "Everyone for themselves (no teams), standard scoring.",
    "three-player": "Three players, 17 tricks each hand; every bag costs 10, to 300.",
    "head-to-head": "Two players, 13 tricks; to 300, no blind nil.",
    "six-player": "Three teams of two, 17 tricks each hand; standard scoring.",
}


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if type(value) is int:
        return show_number(value)
    try:
        text = repr(value)
    except ValueError:  # holds an int too long to print
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= 40 else text[:37] + "..."


def check_option(info: OptionInfo, value: Any) -> None:
    """Raise GameError (field ``rules.<name>``) unless ``value`` suits the option."""
    field = f"rules.{info.name}"
    if value is None:
        if info.nullable:
            return
        raise GameError(f"option {info.name} cannot be empty", field=field)
    if info.type == "bool":
        if type(value) is not bool:
            raise GameError(
                f"option {info.name} must be true or false, not {_show(value)}", field=field
            )
        return
    if info.type == "choice":
        if value not in info.choices or type(value) is not str:
            raise GameError(
                f"option {info.name} must be one of {', '.join(info.choices)}, not {_show(value)}",
                field=field,
            )
        return
    if info.type == "int|win" and value == "win" and type(value) is str:
        return
    if type(value) is not int:
        words = 'a whole number or "win"' if info.type == "int|win" else "a whole number"
        raise GameError(f"option {info.name} must be {words}, not {_show(value)}", field=field)
    lo, hi = info.minimum, info.maximum
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise GameError(
            f"option {info.name} must be {lo} to {hi}, not {show_number(value)}", field=field
        )


def rules_from_spec(spec: Any) -> Rules:
    """Rules from a file's ``rules``: a preset name, or {"preset": name, option: value, ...}."""
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, dict):
        raise GameError("rules must be a preset name or an object of options", field="rules")
    preset = spec.get("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise GameError(
            f"unknown preset {_show(preset)} (known: {', '.join(PRESETS)})", field="rules.preset"
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
            raise GameError(f"unknown option {_show(name)} in rules", field=f"rules.{name}")
        check_option(OPTION_BY_NAME[name], value)
        values[name] = value
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
            f"unknown preset {_show(preset)} (known: {', '.join(PRESETS)})", field="rules.preset"
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
