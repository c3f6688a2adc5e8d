"""Declared specials and counted bonuses: the catalogue (data), reading a table's choice of them
from a rules spec, and the one function that scores a side's specials and bonuses in a hand.

A **special** is declared by a side and then made or failed (Little Bemo: the first six tricks,
+60 made, -60 failed, on top of the bid). A **bonus** is counted: the scorer gives how many times
a side did it in the hand (the last trick, a trick with the jack of spades), and each time is
worth its value (a penalty when negative). A table switches on any of the catalogue's, may
change their values, and may name its own. The texts each one comes from, and what was decided
where they are silent, are in docs/contract.md, section 7.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, NamedTuple, Protocol

from .errors import GameError, show_number
from .options.info import show_value

MAX_EXTRA_POINTS = 10_000  # a special's made or failed value, a bonus's value: +- this
MAX_SPECIALS = 12  # specials a table may switch on (the catalogue's five and its own)
MAX_BONUSES = 30  # bonuses a table may switch on
MAX_EXTRA_NAME = 30  # characters in the name a table gives its own special or bonus
MAX_COUNT = 52  # a bonus counted in one hand: at most a deck's worth (each bonus may say fewer)


@dataclass(frozen=True, slots=True)
class Special:
    """A special a side declares: ``made`` points when it makes it, ``failed`` when it fails.

    ``need``: the tricks a side must take to make it (a check on the scorer's tap: Little Bemo
    made with 4 tricks is a slip); ``first``: it needs the hand's first tricks, so only one side
    can make one; ``no_bags``: when made, the side's overtricks count for nothing (Moe);
    ``doubles``: made, and the side's bid made exactly, it scores the contract's points again
    (Wikipedia's "the points earned for each trick are doubled"; its made and failed are 0);
    ``wins``: made, the side wins the game at once, whatever the scores (Wikipedia's Dragon,
    "deemed to have won the game immediately")."""

    key: str
    name: str
    made: int
    failed: int
    need: int = 0
    first: bool = False
    no_bags: bool = False
    doubles: bool = False  # made with the bid made exactly: the contract's points again
    wins: bool = False  # made, the side wins the game at once (rules/ending.py)
    what: str = ""  # what it takes, in a few words ("the first 6 tricks")
    source: str = ""
    custom: bool = False


@dataclass(frozen=True, slots=True)
class Bonus:
    """A bonus counted per side: ``value`` points each time (negative: a penalty).

    ``most``: the most one hand can count, all sides together (None: the tricks in a hand), per
    deck when ``per_deck`` (a six-player game plays two decks); ``exact``: it counts only when
    the side makes its bid exactly; ``full_value``: the value each when a side counts all there
    are (designated cards: 10 each for all four); ``bag``: it cancels one of the side's bags in
    the hand instead of scoring points."""

    key: str
    name: str
    value: int
    most: int | None = None
    per_deck: bool = False
    exact: bool = False
    full_value: int | None = None
    bag: bool = False
    what: str = ""
    source: str = ""
    custom: bool = False


SPECIALS: tuple[Special, ...] = (
    Special("little_bemo", "Little Bemo", 60, -60, need=6, first=True,
            what="the first 6 tricks, on top of the bid", source="pagat; Wikipedia; digest"),
    Special("big_bemo", "Big Bemo", 90, -90, need=9, first=True,
            what="the first 9 tricks, on top of the bid", source="pagat; Wikipedia; digest"),
    Special("little_moe", "Little Moe", 150, 0, need=6, no_bags=True,
            what="6 tricks in a row; made, its bags are not counted",
            source="Wikipedia; digest"),
    Special("big_moe", "Big Moe", 300, 0, need=8, no_bags=True,
            what="8 tricks in a row; made, its bags are not counted",
            source="Wikipedia; digest"),
    Special("aces", "Aces", 100, 0, need=4,
            what="all four aces brought home; no penalty", source="pagat; Wikipedia; digest"),
    Special("last_three_high", "Last 3 of 5, 9 or above", 0, 0, need=3, doubles=True,
            what="three tricks in a row of the last five, each won with a spade nine or higher, "
            "and the bid made exactly: the bid's points doubled", source="Wikipedia"),
    Special("dragon", "Dragon", 0, 0, wins=True,
            what="a player dealt a 13-card straight (A to 2): the game is won at once",
            source="Wikipedia"),
)  # fmt: skip

BONUSES: tuple[Bonus, ...] = (
    Bonus("dix", "Dix", 10, 1, per_deck=True,
          what="the nine of spades wins a trick (Wikipedia: 1, 5 with another spade, 10 led)",
          source="Wikipedia"),
    Bonus("trump_jack", "Trump jack", 5, 1, per_deck=True,
          what="a trick with the jack of spades", source="Wikipedia"),
    Bonus("jack_of_diamonds", "Jack of diamonds", 10, 1, per_deck=True,
          what="a trick with the jack of diamonds (10 or 20)", source="Wikipedia"),
    Bonus("ten_of_diamonds", "Ten of diamonds", 10, 1, per_deck=True,
          what="a trick with the ten of diamonds (10 or 20)", source="Wikipedia"),
    Bonus("last_trick", "Last trick", 10, 1,
          what="the hand's last trick", source="Wikipedia"),
    Bonus("last_trick_deuce", "Last-trick deuce", 30, 1,
          what="the last trick won with a two that is not a spade", source="Wikipedia"),
    Bonus("last_trick_ace", "Last-trick ace", 10, 1,
          what="the last trick won with an ace (1 or 10; 20 with the ace of spades)",
          source="Wikipedia"),
    Bonus("winning_streak", "Winning streak", 30, 1,
          what="the hand's last three tricks (3 or 30)", source="Wikipedia"),
    Bonus("marriage", "Marriage", 20, 4, per_deck=True,
          what="a king and queen of one suit (1, 10 or 20)", source="Wikipedia"),
    Bonus("trump_marriage", "Trump marriage", 40, 1, per_deck=True,
          what="the king and queen of spades (1, 10 or 40)", source="Wikipedia"),
    Bonus("captured_spades", "Captured spades", 1, 13, per_deck=True,
          what="each other spade in a trick won with a spade (not spade-led)",
          source="Wikipedia"),
    Bonus("designated_cards", "Designated cards", 5, 4, per_deck=True, full_value=10,
          what="each of the named card the side took most of (all four: 10 each)",
          source="Wikipedia"),
    Bonus("trampled_face_card", "Trampled face card", -10, None,
          what="each partner's ten or face card trumped (1 or 10)", source="Wikipedia"),
    Bonus("ace_withheld", "Ace withheld", -20, 4, per_deck=True,
          what="each ace held back over two face cards (10 or 20; over three, 20 or 40)",
          source="Wikipedia"),
    Bonus("high_spade_last_tricks", "High-spade last tricks", 10, 6, per_deck=True, exact=True,
          what="each of the last tricks won in a row with a spade nine or higher, "
          "bid made exactly", source="pagat (Szu Kay Wong); Wikipedia"),
    Bonus("little_willie", "Little Willie", 50, 1, per_deck=True,
          what="a trick won by leading the two of clubs", source="Wikipedia"),
    Bonus("straight_tricks", "Straight tricks", 30, None,
          what="three tricks in a row won with three cards in sequence (10 or 30)",
          source="Wikipedia"),
    Bonus("bag_card", "Bag-cancelling card", 0, 1, per_deck=True, bag=True,
          what="the card that cancels one of the side's bags in the hand",
          source="pagat; Wikipedia"),
)  # fmt: skip

SPECIAL_BY_KEY = {s.key: s for s in SPECIALS}
BONUS_BY_KEY = {b.key: b for b in BONUSES}
_CATALOGUE_WORDS = (
    *SPECIAL_BY_KEY,
    *BONUS_BY_KEY,
    *(s.name for s in SPECIALS),
    *(b.name for b in BONUSES),
)


# --- reading a table's choice ------------------------------------------------------------------


def _points(value: Any, what: str, field: str) -> int:
    if type(value) is not int:
        raise GameError(f"{what} must be a whole number of points, not {_show(value)}", field=field)
    if not -MAX_EXTRA_POINTS <= value <= MAX_EXTRA_POINTS:
        raise GameError(
            f"{what} must be {-MAX_EXTRA_POINTS} to {MAX_EXTRA_POINTS}, not {show_number(value)}",
            field=field,
        )
    return value


def _show(value: Any) -> str:
    """A value of the game file as its JSON says it ("maybe" in double quotes, true, null), as
    every other message about the file does (options.info.show_value)."""
    return show_value(value)


def _custom_name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip() or value != value.strip():
        raise GameError(f"a special or bonus needs a name, not {_show(value)}", field=field)
    if len(value) > MAX_EXTRA_NAME:
        raise GameError(
            f"the name {value[:MAX_EXTRA_NAME]}... is longer than {MAX_EXTRA_NAME} characters",
            field=field,
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise GameError(f"the name {value!r} has a control character", field=field)
    return value


def _entry(raw: Any, field: str, allowed: set[str]) -> tuple[str, dict[str, Any]]:
    """A spec's entry: a catalogue key, or an object with a "name" and some of ``allowed``."""
    if isinstance(raw, str):
        return raw, {}
    if not isinstance(raw, dict) or "name" not in raw:
        raise GameError(
            f'each entry must be a name or an object with a "name", not {_show(raw)}', field=field
        )
    for key in raw:
        if key != "name" and key not in allowed:
            raise GameError(f"unknown field {_show(key)} in {_show(raw['name'])}", field=field)
    return raw["name"], {k: v for k, v in raw.items() if k != "name"}


def _chosen(
    spec: Any, what: str, limit: int, allowed: set[str], catalogue: dict[str, Any], needs: str
) -> list[tuple[str, dict[str, Any], Any]]:
    """A spec's list of specials or bonuses (``what``, plural): each entry as (its name, the
    values it gives, its catalogue entry or None for a table's own, whose name is checked and
    which must give ``needs``)."""
    field, one = f"rules.{what}", {"specials": "special", "bonuses": "bonus"}[what]
    if not isinstance(spec, list):
        raise GameError(f"{what} must be a list, not {_show(spec)}", field=field)
    if len(spec) > limit:
        raise GameError(f"at most {limit} {what}, not {len(spec)}", field=field)
    out = []
    for raw in spec:
        name, given = _entry(raw, field, allowed)
        base = catalogue.get(name) if isinstance(name, str) else None
        if base is None:
            if not given:
                raise GameError(
                    f"unknown {one} {_show(name)} (known: {', '.join(catalogue)}; "
                    f'or name your own with its "{needs}")',
                    field=field,
                )
            name = _custom_name(name, field)
            if needs not in given:
                words = "value" if needs == "value" else f"{needs} value"
                raise GameError(f"{one} {name}: give its {words}", field=field)
        out.append((name, given, base))
    return out


def read_specials(spec: Any) -> tuple[Special, ...]:
    """The specials a rules spec switches on (its "specials" list), checked."""
    field = "rules.specials"
    out: list[Special] = []
    for name, given, known in _chosen(
        spec, "specials", MAX_SPECIALS, {"made", "failed", "wins"}, SPECIAL_BY_KEY, "made"
    ):
        base = known or Special(name, name, 0, 0, custom=True)
        wins = given.pop("wins", base.wins)
        if type(wins) is not bool:
            raise GameError(
                f"special {base.name}: wins must be true or false, not {_show(wins)}", field=field
            )
        base = replace(base, wins=wins)
        if base.doubles and given:
            raise GameError(
                f"special {base.name} doubles the bid's points: it has no made or failed value",
                field=field,
            )
        special = replace(
            base,
            made=_points(given.get("made", base.made), f"special {base.name}: made", field),
            failed=_points(given.get("failed", base.failed), f"special {base.name}: failed", field),
        )
        out.append(special)
    _no_twice([s.key for s in out], [s.name for s in out], "special", field)
    return tuple(out)


def read_bonuses(spec: Any) -> tuple[Bonus, ...]:
    """The bonuses a rules spec switches on (its "bonuses" list), checked."""
    field = "rules.bonuses"
    out: list[Bonus] = []
    for name, given, known in _chosen(
        spec, "bonuses", MAX_BONUSES, {"value", "exact"}, BONUS_BY_KEY, "value"
    ):
        base = known or Bonus(name, name, 0, custom=True)
        if base.bag and "value" in given:
            raise GameError(f"bonus {base.name} cancels a bag: it has no value", field=field)
        exact = given.get("exact", base.exact)
        if type(exact) is not bool:
            raise GameError(
                f"bonus {base.name}: exact must be true or false, not {_show(exact)}", field=field
            )
        value = _points(given.get("value", base.value), f"bonus {base.name}", field)
        out.append(replace(base, value=value, exact=exact))
    _no_twice([b.key for b in out], [b.name for b in out], "bonus", field)
    return tuple(out)


def _no_twice(keys: list[str], names: list[str], what: str, field: str) -> None:
    seen: set[str] = set()
    catalogue = {k.casefold() for k in _CATALOGUE_WORDS}
    for key, name in zip(keys, names, strict=True):
        folded = key.casefold()
        if folded in seen:
            raise GameError(f"{what} {name} is named twice", field=field)
        if key not in SPECIAL_BY_KEY and key not in BONUS_BY_KEY and folded in catalogue:
            raise GameError(
                f"{name} is the name of one of the catalogue's: switch that one on instead",
                field=field,
            )
        seen.add(folded)


def check_apart(specials: tuple[Special, ...], bonuses: tuple[Bonus, ...]) -> None:
    """A special and a bonus of one name would read alike on the hand form ("Ann & Cy:
    Dragon" twice) and in the why-lines ("Dragon made: +10; Dragon: +6"): refused, by the
    bonus."""
    named = {s.name.casefold() for s in specials}
    for b in bonuses:
        if b.name.casefold() in named:
            raise GameError(
                f"{b.name} is the name of a special too: give the bonus another name",
                field="rules.bonuses",
            )


def specials_to_spec(specials: tuple[Special, ...]) -> list[Any]:
    """The "specials" list that gives ``specials`` back: a key, or an object when changed."""
    out: list[Any] = []
    for s in specials:
        base = SPECIAL_BY_KEY.get(s.key)
        if base is not None and (s.made, s.failed, s.wins) == (base.made, base.failed, base.wins):
            out.append(s.key)
        elif base is not None:
            out.append({"name": s.key, **_changed(s, base, ("made", "failed", "wins"))})
        else:
            wins = {"wins": True} if s.wins else {}
            out.append({"name": s.key, "made": s.made, "failed": s.failed, **wins})
    return out


def bonuses_to_spec(bonuses: tuple[Bonus, ...]) -> list[Any]:
    """The "bonuses" list that gives ``bonuses`` back."""
    out: list[Any] = []
    for b in bonuses:
        base = BONUS_BY_KEY.get(b.key)
        if base is not None and (b.value, b.exact) == (base.value, base.exact):
            out.append(b.key)
        elif base is not None:
            out.append({"name": b.key, **_changed(b, base, ("value", "exact"))})
        else:
            out.append({"name": b.key, "value": b.value, **({"exact": True} if b.exact else {})})
    return out


def _changed(entry: Any, base: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {n: getattr(entry, n) for n in names if getattr(entry, n) != getattr(base, n)}


# --- a hand ------------------------------------------------------------------------------------


SPECIAL, BONUS, BAG = "special", "bonus", "bag"


class ExtraResult(NamedTuple):
    """One special or bonus of a side in a hand, as scored."""

    name: str
    kind: str  # SPECIAL, BONUS or BAG (the bag-cancelling card)
    made: bool | None  # a special: made or failed; a bonus: None
    times: int  # a bonus's count (1 for a special)
    points: int | Decimal  # on a sheet in tenths (score_tenths): the Decimal of its tenths
    counted: bool  # False: a bonus that needs the bid made exactly, not made exactly
    bags: int  # bags it cancelled (the bag-cancelling card)
    no_bags: bool = False  # a special made whose side's overtricks count for nothing (Moe)
    wins: bool = False  # a special made that wins the game at once (the Dragon)


HandSpecials = dict[str, dict[str, str]]  # side -> special key -> "made" or "failed"
HandBonuses = dict[str, dict[str, int]]  # side -> bonus key -> count


def decks(players: int) -> int:
    """Decks in play: two for six players (pagat's 102 cards), else one."""
    return 2 if players == 6 else 1


HandExtras = tuple[
    "HandSpecials | None", "HandBonuses | None"
]  # a hand's, as the scorer takes them


class TableExtras(Protocol):
    """What a table switched on: the Rules' specials and bonuses (options/house.py holds them;
    it reads them with this module, so this module names no Rules: no import loop)."""

    @property
    def specials(self) -> tuple[Special, ...]: ...
    @property
    def bonuses(self) -> tuple[Bonus, ...]: ...


class DeclaredExtras(Protocol):
    """What a hand declared and counted: a Hand's specials and bonuses (game.py reads them with
    ``read_hand_extras``, so this module names no Hand: no import loop)."""

    @property
    def specials(self) -> HandSpecials | None: ...
    @property
    def bonuses(self) -> HandBonuses | None: ...


def check_hand_extras(
    rules: TableExtras,
    hand: DeclaredExtras,
    sides: list[str],
    taken: list[int],
    tricks: int,
    players: int,
    number: int,
) -> HandExtras:
    """Check a hand's specials and bonuses against the rules and the tricks taken (``taken``:
    each side's, in order; ``tricks``: in a hand); raises GameError naming the hand and the
    field. Gives them as the sides scorer takes them."""
    by_key = {s.key: s for s in rules.specials}
    first_made: str | None = None
    for side, chosen in (hand.specials or {}).items():
        if side not in sides:
            raise GameError(f"specials: unknown side {side}", hand=number, field=f"specials.{side}")
        took = taken[sides.index(side)]
        for key, outcome in chosen.items():
            field = f"specials.{side}.{key}"
            special = by_key.get(key)
            if special is None:
                raise GameError(f"these rules have no special {key}", hand=number, field=field)
            if outcome != "made":
                continue
            if took < special.need:
                raise GameError(
                    f"{side} made {special.name} with {took} trick{'' if took == 1 else 's'}: "
                    f"it needs {special.need}",
                    hand=number,
                    field=field,
                )
            if special.first:
                if first_made is not None and first_made != side:
                    raise GameError(
                        f"{first_made} and {side} cannot both take the first tricks",
                        hand=number,
                        field=field,
                    )
                first_made = side
    by_bonus = {b.key: b for b in rules.bonuses}
    counted: dict[str, int] = {}
    for side, counts in (hand.bonuses or {}).items():
        if side not in sides:
            raise GameError(f"bonuses: unknown side {side}", hand=number, field=f"bonuses.{side}")
        for key, n in counts.items():
            field = f"bonuses.{side}.{key}"
            bonus = by_bonus.get(key)
            if bonus is None:
                raise GameError(f"these rules have no bonus {key}", hand=number, field=field)
            top = most(bonus, tricks, players)
            counted[key] = counted.get(key, 0) + n
            if counted[key] > top:
                raise GameError(
                    f"{bonus.name} counted {counted[key]} times in a hand, at most {top}",
                    hand=number,
                    field=field,
                )
    return hand.specials, hand.bonuses


def most(bonus: Bonus, tricks_per_hand: int, players: int) -> int:
    """The most a hand can count of ``bonus``, all sides together."""
    if bonus.most is None:
        return tricks_per_hand
    return min(bonus.most * (decks(players) if bonus.per_deck else 1), MAX_COUNT)


ExtrasScorer = Callable[
    [str, HandExtras, int | None, int, int], tuple[tuple[ExtraResult, ...], int, int, int]
]


def extras_scorer(rules: TableExtras, players: int) -> ExtrasScorer:
    """The sides scorer's step for a hand with specials or bonuses, under the game's rules:
    (side, the hand's extras, its contract's points when it made its bid exactly or None, its
    overtricks, their points) -> (its results, their points, its overtricks and their points
    now). A Moe made leaves no overtricks; each bag-cancelling card takes one away (no more
    than there are); a doubling special made on a bid made exactly scores the contract's
    points again."""
    specials, bonuses, full = rules.specials, rules.bonuses, decks(players)

    def score(
        side: str, extras: HandExtras, exact: int | None, over: int, opoints: int
    ) -> tuple[tuple[ExtraResult, ...], int, int, int]:
        exactly = exact is not None  # (a side made exactly without a contract: its 0 points)
        chosen = extras[0].get(side) if extras[0] else None
        counts = extras[1].get(side) if extras[1] else None
        out: list[ExtraResult] = []
        points = 0
        if chosen:
            for s in specials:
                outcome = chosen.get(s.key)
                if outcome is None:
                    continue
                made = outcome == "made"
                pts = s.made if made else s.failed
                counted = exactly or not (made and s.doubles)
                if made and s.doubles:
                    pts = exact or 0
                if made and s.no_bags:
                    over = opoints = 0
                points += pts
                out.append(
                    ExtraResult(
                        s.name, SPECIAL, made, 1, pts, counted, 0, made and s.no_bags,
                        made and s.wins,
                    )
                )  # fmt: skip
        if counts:
            for b in bonuses:
                n = counts.get(b.key, 0)
                if not n:
                    continue
                if b.bag:
                    gone = min(n, over)
                    if gone:
                        opoints -= opoints // over * gone  # each overtrick is worth the same
                        over -= gone
                    out.append(ExtraResult(b.name, BAG, None, n, 0, True, gone))
                    continue
                counted = exactly or not b.exact
                each = b.value
                if b.full_value is not None and b.most is not None and n >= b.most * full:
                    each = b.full_value
                pts = each * n if counted else 0
                points += pts
                out.append(ExtraResult(b.name, BONUS, None, n, pts, counted, 0))
        return tuple(out), points, over, opoints

    return score


def made_exactly(contract: int | None, made: bool | None, toward: int, nils: bool, nt: int) -> bool:
    """Whether a side made its bid exactly, for a bonus that counts only then: its contract made
    with exactly its tricks toward it (section 2, step 2: a partner's nil, lost or made, is not
    the contract's; its points are the nil's own); a side without a contract: its nils made;
    without bids (a first hand without them): never."""
    if contract is None:
        return nils and nt == 0
    return bool(made) and toward == contract


def extra_line(e: ExtraResult) -> str:
    """The why-line of one special or bonus: "Little Bemo made: +60", "Last trick: +10",
    "Trump jack \u00d72: +10", "Bag-cancelling card: 1 bag cancelled"."""
    pts = f"+{e.points}" if e.points > 0 else str(e.points)
    if e.kind == SPECIAL:
        if not e.counted:
            return f"{e.name} made: not counted, the bid was not made exactly"
        if e.wins:
            return f"{e.name} made: wins the game" + (f", {pts}" if e.points else "")
        line = f"{e.name} {'made' if e.made else 'failed'}: {pts}"
        return line + ", bags not counted" if e.no_bags else line
    times = f" \u00d7{e.times}" if e.times != 1 else ""
    if e.kind == BAG:
        if not e.bags:
            return f"{e.name}{times}: no bag to cancel"
        return f"{e.name}{times}: {e.bags} bag{'' if e.bags == 1 else 's'} cancelled"
    if not e.counted:
        return f"{e.name}{times}: not counted, the bid was not made exactly"
    return f"{e.name}{times}: {pts}"


def read_hand_extras(
    data: dict[str, Any], number: int
) -> tuple[HandSpecials | None, HandBonuses | None]:
    """A hand's "specials" and "bonuses" as a file writes them, their shape and ranges checked
    (whether the rules have them is checked when the hand is scored): (specials, bonuses), each
    None when empty."""
    specials: HandSpecials = {}
    for side, chosen in _by_side(data, "specials", number).items():
        for key, outcome in chosen.items():
            if outcome not in ("made", "failed") or type(outcome) is not str:
                raise GameError(
                    f'special {key} of {side} must be "made" or "failed", not {_show(outcome)}',
                    hand=number,
                    field=f"specials.{side}.{key}",
                )
        if chosen:
            specials[side] = dict(chosen)
    bonuses: HandBonuses = {}
    for side, counts in _by_side(data, "bonuses", number).items():
        kept: dict[str, int] = {}
        for key, n in counts.items():
            if type(n) is not int or not 0 <= n <= MAX_COUNT:
                raise GameError(
                    f"bonus {key} of {side} must be counted 0 to {MAX_COUNT} times, not {_show(n)}",
                    hand=number,
                    field=f"bonuses.{side}.{key}",
                )
            if n:
                kept[key] = n
        if kept:
            bonuses[side] = kept
    return specials or None, bonuses or None


def _by_side(data: dict[str, Any], key: str, number: int) -> dict[str, dict[str, Any]]:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise GameError(f"{key} must be an object, not {_show(value)}", hand=number, field=key)
    for side, inner in value.items():
        if not isinstance(inner, dict):
            raise GameError(
                f"{key} of {side} must be an object, not {_show(inner)}",
                hand=number,
                field=f"{key}.{side}",
            )
    return value
