"""The game file as values: ``Game`` and ``Hand``, read from and written to plain JSON data.

``parse_game`` checks the file's shape (types, names, who is in which team); whether the hands
obey the rules is for ``score_game``, which needs the running score to judge blind bids.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .errors import GameError, show_number
from .names import NameProblem, clean_game_names
from .options import (
    MAX_HANDS,
    MAX_POINTS,
    MAX_SCORE,
    MAX_TRICKS_PER_HAND,
    Rules,
    rules_from_spec,
    rules_to_spec,
)
from .specials import read_hand_extras

FORMAT = "spades-scorekeeper/1"

# The ranges of what a game file holds besides its options (docs/contract.md, section 6).
NAME_LENGTH = 30  # a player's name, in characters (the new game form's limit)
TEAM_NAME_LENGTH = 100  # a team's name: room for three player names joined ("A, B & C")
NOTE_LENGTH = 200  # a hand's note (the hand form's limit)
MAX_START_SCORE = MAX_SCORE  # a start score is -MAX_START_SCORE to MAX_START_SCORE
MAX_START_BAGS = 999  # start bags without a bag limit (with one: below the limit)
MAX_ADJUST = MAX_POINTS  # a hand's adjust for a side is -MAX_ADJUST to MAX_ADJUST
# MAX_HANDS (from options): the most hands a game file holds, misdeals included

BidValue = int | str  # 5, "nil", "blind nil", "blind 6"

# A bid read: (kind, number). Kinds: "num" (a plain number), "nil", "bnil", "blind" (blind n),
# "nt" (no trump n: a number whose contract scores the No Trump multipliers, option no_trump).
NUM, NIL, BNIL, BLIND, NT = "num", "nil", "bnil", "blind", "nt"
BNT = "bnt"  # a Blind No Trump bid (options no_trump and blind_no_trump): blind and No Trump
# the kinds of contract a side can have (SideResult.kind); "mucked": a renege mucked the hand
NORMAL, TEN, MOON, NO_BIDS = "normal", "ten", "moon", "no bids"
LEXINGTON, MUCKED = "lexington", "mucked"
VOID = "void"  # a contract a renege voided (option renege_voids): neither made nor set, 0


@dataclass(frozen=True)
class Start:
    """A side's score and bags before the first hand."""

    score: int = 0
    bags: int = 0


@dataclass(frozen=True)
class Hand:
    """One hand as written down: bids and tricks, or a misdeal.

    ``bids`` keys are players (or teams, in partnership bidding); ``tricks`` keys are players or
    teams; ``renege`` and ``adjust`` are keyed by side. Empty mappings are stored as None.
    """

    bids: dict[str, BidValue] | None = None
    tricks: dict[str, int] | None = None
    renege: dict[str, int] | None = None
    adjust: dict[str, int] | None = None
    note: str | None = None
    misdeal: bool = False
    # declared specials and counted bonuses (rules/specials.py), by side; None when none
    specials: dict[str, dict[str, str]] | None = None
    bonuses: dict[str, dict[str, int]] | None = None


@dataclass(frozen=True)
class Game:
    """A whole game: who plays, in which teams, under which rules, and the hands so far."""

    players: tuple[str, ...]
    rules: Rules = field(default_factory=Rules)
    preset: str = "standard"
    teams: dict[str, tuple[str, ...]] | None = None
    dealer: str | None = None
    start: dict[str, Start] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()

    def sides(self) -> list[str]:
        """Teams in the order given, else players in seating order."""
        return list(self.teams) if self.teams else list(self.players)

    def members(self, side: str) -> tuple[str, ...]:
        """The players of a side."""
        if self.teams:
            return self.teams[side]
        return (side,)

    def side_of(self, player: str) -> str:
        """The side a player plays for."""
        if self.teams:
            for team, members in self.teams.items():
                if player in members:
                    return team
            raise KeyError(player)
        if player not in self.players:
            raise KeyError(player)
        return player

    @property
    def tricks_per_hand(self) -> int:
        return self.rules.tricks_for(len(self.players))

    @property
    def first_dealer(self) -> str:
        return self.dealer if self.dealer is not None else self.players[0]

    def with_hands(self, hands: list[Hand] | tuple[Hand, ...]) -> Game:
        """The same game with other hands (an edit is just a new list of hands)."""
        return Game(
            self.players, self.rules, self.preset, self.teams, self.dealer, self.start, tuple(hands)
        )


# --- reading bids -------------------------------------------------------------------------


BID_KINDS = 'a number, "nil", "blind nil" or "blind N"'  # what read_bid takes, as it says it


def bid_kinds(rules: Rules) -> str:
    """What a bid may be, as a message about a bid says it under ``rules``: read_bid's words,
    or under rules with neither nil nor blind nil (Call Break) only what they take, never a
    nil ("a number", "a number or \"blind N\""). (Rules with a nil keep the sentence a file's
    messages always had.)"""
    if rules.nil or rules.blind_nil:
        return BID_KINDS
    kinds = ["a number"]
    if rules.blind_bids:
        kinds.append('"blind N"')
    if rules.no_trump:
        kinds.append('"no trump N"')
    return kinds[0] if len(kinds) == 1 else f"{', '.join(kinds[:-1])} or {kinds[-1]}"


def _in_units(n: int, in_tenths: bool) -> str:
    """Points a message quotes, as the sheet says them: whole, or under ``score_tenths`` the
    decimal of their tenths (10001 tenths: "1000.1"), never the stored number."""
    return str(Decimal(n).scaleb(-1)) if in_tenths else show_number(n)


def read_bid(value: Any) -> tuple[str, int]:
    """A bid value as (kind, number); raises GameError (no hand, no field) if it is not a bid.

    Whether 0 is a nil depends on the rules and is decided by the scorer, so 0 reads as NUM 0.
    """
    t = type(value)
    if t is int:
        return (NUM, value)
    if t is not str:
        raise GameError(f"a bid must be {BID_KINDS}, not {_show(value)}")
    words = value.lower().split()
    if words == ["nil"]:
        bid = (NIL, 0)
    elif words == ["blind", "nil"]:
        bid = (BNIL, 0)
    elif len(words) == 2 and words[0] == "blind" and words[1].isdigit() and words[1].isascii():
        bid = (BLIND, _digits(words[1], value))
    elif len(words) == 1 and words[0].isdigit() and words[0].isascii():
        bid = (NUM, _digits(words[0], value))
    elif words[:-1] in (["no", "trump"], ["nt"]) and words[-1].isdigit() and words[-1].isascii():
        bid = (NT, _digits(words[-1], value))
    elif (
        words[:-1] in (["blind", "no", "trump"], ["blind", "nt"])
        and words[-1].isdigit()
        and words[-1].isascii()
    ):
        bid = (BNT, _digits(words[-1], value))
    else:
        raise GameError(f"a bid must be {BID_KINDS}, not {_show(value)}")
    return bid


def _digits(text: str, value: str) -> int:
    """The number a bid writes in digits; too many digits to be any bid is an error (and
    Python will not read over 4,300 digits)."""
    if len(text) > 18:
        raise GameError(f"a bid of {_show(value)} is out of range (0 to {MAX_TRICKS_PER_HAND})")
    return int(text)


def bid_text(kind: str, number: int) -> BidValue:
    """The canonical file form of a read bid."""
    if kind == NUM:
        return number
    if kind == NIL:
        return "nil"
    if kind == BNIL:
        return "blind nil"
    if kind == NT:
        return f"no trump {number}"
    if kind == BNT:
        return f"blind no trump {number}"
    return f"blind {number}"


# --- parsing --------------------------------------------------------------------------------


def _show(value: Any) -> str:
    if type(value) is int:
        return show_number(value)
    try:
        text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    except ValueError:  # holds an int too long to print
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _name(value: Any, what: str, field_name: str, limit: int = NAME_LENGTH) -> str:
    if not isinstance(value, str) or not value.strip():
        raise GameError(f"{what} must be a non-empty name, not {_show(value)}", field=field_name)
    if len(value) > limit:
        raise GameError(
            f"{what} {_show(value)} is longer than {limit} characters ({len(value)})",
            field=field_name,
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise GameError(f"{what} {_show(value)} has a control character", field=field_name)
    return value


def _int(value: Any, what: str, field_name: str, hand: int | None = None) -> int:
    if type(value) is not int:
        raise GameError(
            f"{what} must be a whole number, not {_show(value)}", hand=hand, field=field_name
        )
    return value


def _points(value: Any, what: str, field_name: str, hand: int | None, in_tenths: bool) -> int:
    """Points in the file (an adjust, a start score) as the engine counts them. A whole number
    is whole points, or whole tenths under ``score_tenths`` (5 is 0.5), as files always wrote;
    under ``score_tenths`` a number written with a decimal point counts points, one decimal
    place at most (0.5 is 5 tenths, -1.2 is -12, 3.0 is 30), read exactly, never as a float."""
    if not (in_tenths and type(value) is float):
        if in_tenths and type(value) is not int:  # points, not "a whole number" (0.5 is one)
            raise GameError(
                f"{what} must be points with at most one decimal place (0.5), not {_show(value)}",
                hand=hand,
                field=field_name,
            )
        return _int(value, what, field_name, hand)
    tenths = Decimal(repr(value)).scaleb(1) if math.isfinite(value) else None
    if tenths is None or tenths != tenths.to_integral_value():
        raise GameError(
            f"{what} must be points with at most one decimal place (0.5), not {_show(value)}",
            hand=hand,
            field=field_name,
        )
    return int(tenths)


def _mapping(value: Any, what: str, field_name: str, hand: int | None = None) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise GameError(
            f"{what} must be an object, not {_show(value)}", hand=hand, field=field_name
        )
    return value


_TOP_KEYS = {"format", "rules", "players", "teams", "dealer", "start", "hands"}
_PLAYED_KEYS = {"bids", "tricks", "renege", "adjust", "note", "specials", "bonuses"}
_VOID_KEYS = {"misdeal", "note"}


def parse_game(data: Any) -> Game:
    """A Game from the decoded JSON of a game file; raises GameError naming what is wrong."""
    data = _mapping(data, "a game file", "game")
    for key in data:
        if key not in _TOP_KEYS:
            raise GameError(f"unknown field {_show(key)} in the game file", field=str(key))
    if data.get("format") != FORMAT:
        raise GameError(
            f"format must be {_show(FORMAT)}, not {_show(data.get('format'))}", field="format"
        )
    spec = data.get("rules", "standard")
    rules = rules_from_spec(spec)
    preset = spec if isinstance(spec, str) else spec.get("preset", "standard")

    players = data.get("players")
    if not isinstance(players, list):
        raise GameError(f"players must be a list of names, not {_show(players)}", field="players")
    players_t = tuple(_name(p, "a player", "players") for p in players)

    teams = None
    if data.get("teams") is not None:
        raw = _mapping(data["teams"], "teams", "teams")
        teams = {}
        for team, members in raw.items():
            _name(team, "a team", "teams", TEAM_NAME_LENGTH)
            if not isinstance(members, list):
                raise GameError(
                    f"team {team} must list its players, not {_show(members)}",
                    field=f"teams.{team}",
                )
            teams[team] = tuple(_name(m, "a player", f"teams.{team}") for m in members)

    dealer = data.get("dealer")
    if dealer is not None:
        _name(dealer, "the dealer", "dealer")
    elif players_t:
        dealer = players_t[0]

    start: dict[str, Start] = {}
    in_tenths = rules.score_tenths
    for side, value in _mapping(data.get("start", {}), "start", "start").items():
        value = _mapping(value, f"start of {side}", f"start.{side}")
        for key in value:
            if key not in ("score", "bags"):
                raise GameError(
                    f"unknown field {_show(key)} in start of {side}", field=f"start.{side}"
                )
        start[side] = Start(
            _points(value.get("score", 0), "a start score", f"start.{side}.score", None, in_tenths),
            _int(value.get("bags", 0), "start bags", f"start.{side}.bags"),
        )

    hands_raw = data.get("hands", [])
    if not isinstance(hands_raw, list):
        raise GameError(f"hands must be a list, not {_show(hands_raw)}", field="hands")
    _check_hand_count(len(hands_raw))

    game = Game(players_t, rules, preset, teams, dealer, start)
    check_setup(game)
    tricks = game.tricks_per_hand
    kinds = bid_kinds(rules)
    hands = tuple(
        parse_hand(h, number, tricks, in_tenths, kinds) for number, h in enumerate(hands_raw, 1)
    )
    return game.with_hands(hands)


def _check_hand_count(count: int) -> None:
    if count > MAX_HANDS:
        raise GameError(
            f"a game holds at most {MAX_HANDS} hands (misdeals included), not {count}",
            field="hands",
        )


def with_hand_added(game: Game, data: Any) -> Game:
    """``game`` with one more hand, read from its JSON object: what :func:`parse_game` gives
    for the game's file with that hand appended, without reading its other hands again."""
    number = len(game.hands) + 1
    _check_hand_count(number)
    rules = game.rules
    hand = parse_hand(data, number, game.tricks_per_hand, rules.score_tenths, bid_kinds(rules))
    return game.with_hands((*game.hands, hand))


def parse_hand(
    data: Any,
    number: int,
    tricks_per_hand: int = MAX_TRICKS_PER_HAND,
    in_tenths: bool = False,
    kinds: str = BID_KINDS,
) -> Hand:
    """One hand from its JSON object; ``number`` (1-based) goes into error messages.

    Every number is checked against its range: bids, tricks and renege tricks 0 to
    ``tricks_per_hand`` (the game's, when known; else the most any game has), adjust
    -MAX_ADJUST to MAX_ADJUST (said in points under ``in_tenths``). A bid that is none is
    told what it may be: ``kinds`` (``bid_kinds`` of the game's rules). Whether the hand fits
    the game is for ``score_game``.
    """
    T = tricks_per_hand
    data = _mapping(data, "a hand", "hand", number)
    note = data.get("note")
    if note is not None and not isinstance(note, str):
        raise GameError(f"note must be text, not {_show(note)}", hand=number, field="note")
    if note is not None and len(note) > NOTE_LENGTH:
        raise GameError(
            f"a note is at most {NOTE_LENGTH} characters, not {len(note)}",
            hand=number,
            field="note",
        )
    if "misdeal" in data:
        if data["misdeal"] is not True:
            raise GameError(
                f"misdeal must be true, not {_show(data['misdeal'])}", hand=number, field="misdeal"
            )
        for key in data:
            if key not in _VOID_KEYS:
                raise GameError(f"a misdeal has no {key}", hand=number, field=str(key))
        return Hand(note=note, misdeal=True)
    for key in data:
        if key not in _PLAYED_KEYS:
            raise GameError(f"unknown field {_show(key)} in a hand", hand=number, field=str(key))

    bids: dict[str, BidValue] | None = None
    if data.get("bids") is not None:
        bids = {}
        for who, value in _mapping(data["bids"], "bids", "bids", number).items():
            try:
                kind, n = read_bid(value)
            except GameError as e:
                said = e.message.replace(BID_KINDS, kinds, 1)
                raise GameError(f"{who}'s bid: {said}", hand=number, field=f"bids.{who}") from None
            if not 0 <= n <= T:  # as score_game would say it
                shown = (
                    show_number(n)
                    if kind == NUM
                    else f"{str(bid_text(kind, 0))[:-1]}{show_number(n)}"
                )
                raise GameError(
                    f"{who}'s bid {shown} is out of range (0 to {T})",
                    hand=number,
                    field=f"bids.{who}",
                )
            bids[who] = bid_text(kind, n)
        bids = bids or None
    maps: dict[str, dict[str, int] | None] = {}
    for key in ("tricks", "renege", "adjust"):
        if data.get(key) is None:
            maps[key] = None
            continue
        out = {}
        for who, value in _mapping(data[key], key, key, number).items():
            if key == "adjust":  # points: with one decimal place in a game in tenths
                n = out[who] = _points(
                    value, f"adjust for {who}", f"adjust.{who}", number, in_tenths
                )
            else:
                n = out[who] = _int(value, f"{key} for {who}", f"{key}.{who}", number)
            if key == "adjust":
                if not -MAX_ADJUST <= n <= MAX_ADJUST:
                    top = _in_units(MAX_ADJUST, in_tenths)
                    raise GameError(
                        f"adjust for {who} must be -{top} to {top}, not {_in_units(n, in_tenths)}",
                        hand=number,
                        field=f"adjust.{who}",
                    )
            elif not 0 <= n <= T:  # as score_game would say it
                what = (
                    f"{who}'s tricks {show_number(n)}"
                    if key == "tricks"
                    else f"renege tricks for {who}"
                )
                raise GameError(
                    f"{what} out of range (0 to {T})", hand=number, field=f"{key}.{who}"
                )
        maps[key] = out if (out or key == "tricks") else None
    specials, bonuses = read_hand_extras(data, number)
    return Hand(
        bids, maps["tricks"], maps["renege"], maps["adjust"], note, False, specials, bonuses
    )


def check_setup(game: Game) -> None:
    """Check the seating: players, teams, dealer, start, and a race's tricks. Raises GameError."""
    check_seating(game)
    check_race(game)
    check_start(game)


def check_race(game: Game) -> None:
    """A race (urban) gives each hand to one side at most, and its sweep to a side that won the
    hand: the tricks that win a hand are more than half the hand's (6 of 13 would give it to two
    sides, and a match could stay tied for ever), and the tricks that win the match are no fewer
    than those (5 would give the match to the side that lost the hand). Raises GameError."""
    race, sweep = game.rules.race_tricks, game.rules.race_sweep
    if race is None:
        return
    tricks = game.tricks_per_hand
    if 2 * race <= tricks:
        raise GameError(
            f"option race_tricks: {race} tricks could win a hand for two sides: more than half "
            f"the {tricks} tricks of a hand ({tricks // 2 + 1} or more)",
            field="rules.race_tricks",
        )
    if sweep is not None and sweep < race:
        raise GameError(
            f"option race_sweep: {sweep} tricks would win the match for a side that lost the "
            f"hand: {race} (the tricks that win a hand) or more",
            field="rules.race_sweep",
        )


def check_seating(game: Game) -> None:
    """Check players, teams and dealer (``check_setup`` without the start). Raises GameError."""
    players = game.players
    if not 2 <= len(players) <= 6:
        raise GameError(f"a game needs 2 to 6 players, not {len(players)}", field="players")
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        raise GameError(f"player {dup} is listed twice", field="players")
    if game.teams is not None:
        if len(game.teams) < 2:
            raise GameError("teams: a game needs at least two teams", field="teams")
        seen: dict[str, str] = {}
        for team, members in game.teams.items():
            if team in players and (team,) != tuple(members):
                raise GameError(f"team {team} has the name of a player", field=f"teams.{team}")
            if not members:
                raise GameError(f"team {team} has no players", field=f"teams.{team}")
            for m in members:
                if m not in players:
                    raise GameError(f"team {team}: unknown player {m}", field=f"teams.{team}")
                if m in seen:
                    raise GameError(
                        f"player {m} is in two teams ({seen[m]} and {team})", field=f"teams.{team}"
                    )
                seen[m] = team
        missing = [p for p in players if p not in seen]
        if missing:
            raise GameError(f"player {missing[0]} is in no team", field="teams")
    elif game.rules.bidding == "partnership":
        raise GameError("partnership bidding needs teams", field="rules.bidding")
    if game.rules.suicide and (game.teams is None or any(len(m) < 2 for m in game.teams.values())):
        raise GameError("option suicide: Suicide needs teams of two or more", field="rules.suicide")
    if game.dealer is not None and game.dealer not in players:
        raise GameError(f"the dealer {game.dealer} is not a player", field="dealer")


def check_start(game: Game) -> None:
    """Check the scores and bags the sides start with. Raises GameError."""
    sides = game.sides()
    limit = game.rules.bag_limit
    in_tenths = game.rules.score_tenths
    for side, start in game.start.items():
        if side not in sides:
            raise GameError(f"start: unknown side {side}", field=f"start.{side}")
        score, bags = start.score, start.bags
        if not -MAX_START_SCORE <= score <= MAX_START_SCORE:
            top, tenths = _in_units(MAX_START_SCORE, in_tenths), in_tenths
            raise GameError(
                f"start score of {side} must be -{top} to {top}, not {_in_units(score, tenths)}",
                field=f"start.{side}.score",
            )
        if bags and not game.rules.has_bags:  # (Call Break: the form refuses them too)
            raise GameError(
                f"start bags of {side}: these rules have no bags (a trick over the bid scores "
                f"its points and nothing counts it), not {show_number(bags)}",
                field=f"start.{side}.bags",
            )
        if bags < 0 or (limit is not None and bags >= limit):
            top = f" to {limit - 1}" if limit is not None else " or more"
            raise GameError(
                f"start bags of {side} must be 0{top}, not {show_number(bags)}",
                field=f"start.{side}.bags",
            )
        if limit is None and bags > MAX_START_BAGS:
            raise GameError(
                f"start bags of {side} must be 0 to {MAX_START_BAGS}, not {show_number(bags)}",
                field=f"start.{side}.bags",
            )


def dump_game(game: Game) -> dict[str, Any]:
    """The game as JSON data; ``parse_game(dump_game(g)) == g``."""
    spec = rules_to_spec(game.rules, game.preset)
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.preset if len(spec) == 1 else spec,
        "players": list(game.players),
    }
    if game.teams is not None:
        out["teams"] = {team: list(members) for team, members in game.teams.items()}
    out["dealer"] = game.first_dealer
    if game.start:
        out["start"] = {side: {"score": s.score, "bags": s.bags} for side, s in game.start.items()}
    out["hands"] = [dump_hand(h) for h in game.hands]
    return out


def dump_hand(hand: Hand) -> dict[str, Any]:
    """One hand as JSON data."""
    if hand.misdeal:
        out: dict[str, Any] = {"misdeal": True}
    else:
        out = {}
        for key in ("bids", "tricks", "renege", "adjust"):
            value = getattr(hand, key)
            if value is not None:
                out[key] = dict(value)
        for key in ("specials", "bonuses"):
            extra = getattr(hand, key)
            if extra is not None:
                out[key] = {side: dict(chosen) for side, chosen in extra.items()}
    if hand.note is not None:
        out["note"] = hand.note
    return out


def load_game_text(text: str) -> Game:
    """A Game from the text of a game file; bad JSON is a GameError too."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise GameError("the file is nested too deeply to be a game file", field="game") from None
    except json.JSONDecodeError as e:
        raise GameError(
            f"not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}", field="game"
        ) from None
    except ValueError as e:
        if "digits" not in str(e):
            raise GameError(f"not valid JSON: {e}", field="game") from None
        # an integer of over 4,300 digits, more than Python reads (sys.get_int_max_str_digits)
        raise GameError(
            "the file holds a number far too long for a game (thousands of digits)", field="game"
        ) from None
    try:  # names enter as everywhere: one spelling a person (rules.names)
        data = clean_game_names(data)
    except NameProblem as e:
        raise GameError(str(e).rstrip("."), field="players") from None
    return parse_game(data)


def dump_game_text(game: Game) -> str:
    """The text of a game file, as the export writes it."""
    return json.dumps(dump_game(game), ensure_ascii=False, indent=2) + "\n"
