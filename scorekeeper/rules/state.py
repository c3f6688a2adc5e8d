"""The fold's shared state, below the mechanisms that read it and the fold that makes it:
``Context`` (what scoring needs about a game, worked out once: its checked seating, remembered
by value, and the game's pieces), ``State`` (the running score between hands) and the shapes of
the pieces a Context holds (the bid reader, the tricks reader, the sides scorer, the running
bonuses). The mechanisms (bids.py, tricks.py, contracts.py, running.py, ending.py) and the fold
(scoring.py) import it; it imports none of them (tests/test_architecture.py: no import loop in
rules/, even for types)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .game import Game, Hand, check_seating, check_start
from .options import Rules
from .results import SideBid, SideResult
from .specials import HandExtras

__all__ = [
    "BidsRead", "BidsReader", "Context", "Running", "RunningScorer", "Seating", "SidesScorer",
    "State", "TricksReader", "rubicon_hundred",
]  # fmt: skip

BidsReader = Callable[["Context", "State", Hand, int], list[SideBid]]
BidsRead = dict[object, tuple[str, int]]  # a bid value as written -> what ``_bid`` made of it
TricksReader = Callable[[dict[str, int], int, Sequence[SideBid]], list[int]]
SidesScorer = Callable[
    [
        "State",
        Sequence[SideBid],
        list[int],
        dict[str, int],
        "dict[str, int] | None",
        "dict[str, int] | None",
        "dict[str, int] | None",
        bool,
        Hand,
        "HandExtras | None",
    ],
    dict[str, SideResult],
]
# (state, the hand's results, tricks taken per side, the hand's renege or None)
RunningScorer = Callable[["State", dict[str, SideResult], list[int], "dict[str, int] | None"], None]

_SEATINGS: dict[
    tuple[object, ...], Seating
] = {}  # seating key -> what Context needs about the seating (checked already)
_CACHE_LIMIT = 2048


def _seating(game: Game) -> Seating:
    """The checked seating of a game (check_seating, then the lookups scoring uses), remembered
    by value: players, teams, dealer, the bidding and Suicide. The start is checked every time."""
    teams = game.teams
    key: tuple[object, ...] | None
    hit: Seating | None
    try:
        key = (
            game.players,
            None if teams is None else (*teams.items(),),  # members are tuples once parsed
            game.dealer,
            game.rules.bidding,
            game.rules.suicide,  # checked with the seating: Suicide needs teams
        )
        hit = _SEATINGS.get(key)
    except TypeError:  # something unhashable: check it the long way (and fail there)
        key, hit = None, None
    if hit is None:
        hit = _check_seating(game, key)
    start = game.start
    if start or type(start) is not dict:
        check_start(game)
    return hit


class Seating(NamedTuple):
    """What scoring needs about a game's seating, worked out once per seating (and cached)."""

    sides: tuple[str, ...]
    members: dict[str, tuple[str, ...]]
    side_of: dict[str, str]
    player_set: frozenset[str]
    side_set: frozenset[str]
    member_lists: list[tuple[str, ...]]
    side_index_of: dict[str, int]
    other: dict[str, str]  # the other side, with exactly two sides
    two_sides: bool
    by_side: bool  # tricks may be read per team: teams, and no team has a player's name
    no_bids: tuple[SideBid, ...]  # the side bids of a hand without bids
    teams: bool
    first_dealer: int  # the first dealer's seat
    side_position: dict[str, int]  # side -> its place in ``sides``


def _check_seating(game: Game, key: tuple[object, ...] | None) -> Seating:
    """Check the seating and work out its lookups; remember them under ``key`` (if any)."""
    check_seating(game)
    teams = game.teams
    sides = game.sides()
    members = {s: game.members(s) for s in sides}
    side_of = {p: s for s, ms in members.items() for p in ms}
    two = len(sides) == 2
    player_set = frozenset(game.players)
    side_set = frozenset(sides)
    member_lists = [members[s] for s in sides]
    seating = Seating(
        sides=tuple(sides),
        members=members,
        side_of=side_of,
        player_set=player_set,
        side_set=side_set,
        member_lists=member_lists,
        side_index_of={p: sides.index(s) for p, s in side_of.items()},
        other={sides[0]: sides[1], sides[1]: sides[0]} if two else {},
        two_sides=two,
        by_side=teams is not None and side_set.isdisjoint(player_set),
        no_bids=((None, False, (), False),) * len(sides),
        teams=teams is not None,
        first_dealer=game.players.index(game.first_dealer),
        side_position={s: i for i, s in enumerate(sides)},
    )
    if key is not None:
        if len(_SEATINGS) >= _CACHE_LIMIT:
            _SEATINGS.clear()
        _SEATINGS[key] = seating
    return seating


class Context:
    """What scoring needs about a game, worked out once. This makes what the game and its rules
    say; the hand's pieces made from the mechanisms (``variants`` to ``end_checks``) are set by
    ``scoring.new_context``, the one way a Context is made."""

    __slots__ = (
        "game",
        "rules",
        "players",
        "sides",
        "members",
        "side_of",
        "player_set",
        "side_set",
        "teams",
        "partnership",
        "T",
        "two_sides",
        "other",
        "member_lists",
        "side_index_of",
        "no_bids",
        "end_checks",
        "at_once",
        "first_dealer",
        "first_no_bids",
        "by_side",
        "side_position",
        "target",
        "score_sides",
        "score_running",
        "bids_read",
        "read_bids",
        "read_tricks",
        "variants",
    )

    game: Game
    rules: Rules
    players: tuple[str, ...]
    sides: list[str]
    members: dict[str, tuple[str, ...]]
    side_of: dict[str, str]
    player_set: frozenset[str]
    side_set: frozenset[str]
    teams: bool
    partnership: bool
    T: int
    two_sides: bool
    other: dict[str, str]
    member_lists: list[tuple[str, ...]]
    side_index_of: dict[str, int]
    no_bids: tuple[SideBid, ...]
    end_checks: bool
    at_once: bool
    first_dealer: int
    first_no_bids: bool
    by_side: bool
    side_position: dict[str, int]
    target: int
    score_sides: SidesScorer
    score_running: RunningScorer | None
    bids_read: BidsRead
    read_bids: BidsReader
    read_tricks: TricksReader
    variants: bool

    def __init__(self, game: Game):
        seating = _seating(game)
        sides = seating.sides
        self.members = seating.members
        self.side_of = seating.side_of
        self.player_set = seating.player_set
        self.side_set = seating.side_set
        self.member_lists = seating.member_lists
        self.side_index_of = seating.side_index_of
        self.other = seating.other
        self.two_sides = seating.two_sides
        self.no_bids = seating.no_bids
        self.teams = seating.teams
        self.first_dealer = seating.first_dealer
        self.side_position = seating.side_position
        self.by_side = seating.by_side
        self.game = game
        r = self.rules = game.rules
        self.players = game.players
        self.sides = list(sides)
        self.partnership = r.bidding == "partnership"
        self.T = r.tricks_for(len(game.players))
        self.first_no_bids = r.first_hand_no_bids or r.race_tricks is not None
        self.target = r.target_score


class State:
    """The running score between hands: the fold's accumulator."""

    __slots__ = (
        "totals",
        "bags",
        "sets_in_row",
        "dealer",
        "played",
        "finished",
        "winner",
        "reason",
        "ended_at",
        "reached",
        "running",
        "last_bids",
    )

    def __init__(self, ctx: Context):
        start = ctx.game.start
        sides = ctx.sides
        if start:
            self.totals = {s: start[s].score if s in start else 0 for s in sides}
            self.bags = {s: start[s].bags if s in start else 0 for s in sides}
        else:
            self.totals = dict.fromkeys(sides, 0)
            self.bags = dict.fromkeys(sides, 0)
        self.sets_in_row = dict.fromkeys(sides, 0)
        self.dealer = ctx.first_dealer
        self.played = 0
        self.finished = False
        self.winner: str | None = None
        self.reason: str | None = None
        self.ended_at: int | None = None
        # a side is at or over the target (the sides scorer keeps it, hand after hand)
        self.reached = max(self.totals.values()) >= ctx.target
        # what the running bonuses remember (rules/running.py), under rules that have them
        self.running = None if ctx.score_running is None else Running(self.totals, ctx.rules)
        # (hand number, each side's contract) of the hands with bids, for No Vice Versa
        # Bidding (bids.py): made and filled only under that rule
        self.last_bids: list[tuple[int, tuple[int | None, ...]]] | None = None


class Running:
    """What the running bonuses remember between hands."""

    __slots__ = ("top_mark", "reached_100", "fell", "runs", "sevens")

    def __init__(self, totals: dict[str, int], rules: Rules):
        # the highest hundred any side has reached (a start score counts as reached)
        hundred = rubicon_hundred(rules)
        self.top_mark = max(0, max(totals.values()) // hundred)
        self.reached_100 = {s for s, v in totals.items() if v >= hundred}
        self.fell: set[str] = set()  # sides that lost the Rubicon once already
        self.runs = dict.fromkeys(totals, 0)  # hands in a row with most of the tricks
        self.sevens = dict.fromkeys(totals, 0)  # hands of seven or more (Part Deux)


HUNDRED = 100  # the Rubicon's step: each hundred of the sheet's points


def rubicon_hundred(rules: Rules) -> int:
    """The Rubicon's hundred as the engine counts points: a hundred of the sheet's points,
    1000 tenths under ``score_tenths`` (a game in tenths is first to 100.0, not to 10.0)."""
    return HUNDRED * 10 if rules.score_tenths else HUNDRED
