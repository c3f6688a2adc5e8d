"""Scoring: a fold over the hands. ``score_hand`` is one step; ``score_game`` folds them all.

Each hand is checked against the rules as it is scored (blind bids depend on the running score),
so an invalid hand raises GameError naming the hand and the field. Results are light tuples
(results.py); the explain lines a person reads are built from them on demand.

The rules are stated once, one mechanism a module: the bid reader (bids.py, ``bids_reader``:
by team or by player), the tricks reader and the renege (tricks.py) check a hand; the sides
scorer (contracts.py, ``score_sides_with``) scores each side of it: its nils and its contract,
a plain bid's rules first, then the piece of rules that change whether it is made
(``special_contracts``), which a side skips with one test when the game's rules have none of
them (the fast path is the statement itself, not a copy: tests/rules/test_fast_path.py); the
game's end (ending.py, ``end_after_hand``) ends the game.
``_fold`` runs them in that order, hand after hand (``score_hand`` is the fold of one hand).
The readers and scorers are functions made once per game from these statements (``Context``:
the game and its rules read when they are made, not at every hand or every side of every
hand); a game remembers the valid bid values it has read (bids.py).
tests/rules/test_reference_equivalence.py holds them to the sheets and exact errors of thousands
of random and broken games, as the engine gave them before it was made fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .bids import FORBIDDING_OPTIONS, BidsRead, bids_reader, read_bids
from .contracts import score_sides_with
from .ending import end_after_hand, ends_at_once
from .errors import hand_error, missing_field
from .game import Game, Hand, check_seating, check_start
from .house import HOUSE_OPTIONS
from .options import at_defaults
from .results import HandResult, NilResult, Sheet, SideBid, SideResult, in_table_words
from .running import RUNNING_OPTIONS, Running, running_scorer
from .specials import check_hand_extras
from .tenths import sheet_in_tenths
from .tricks import read_renege, tricks_reader

__all__ = [
    "Context", "HandResult", "NilResult", "Seating", "Sheet", "SideBid", "SideResult", "State",
    "read_bids", "score_game", "score_hand", "sheet_from_state", "start_state",
]  # fmt: skip

_new = tuple.__new__  # builds result tuples without the NamedTuple constructor's cost

# the options of the variants whose pieces are made only under them (Context.variants)
VARIANTS = at_defaults(
    *HOUSE_OPTIONS.names, "lexington", *RUNNING_OPTIONS.names, *FORBIDDING_OPTIONS.names
)

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
    """What scoring needs about a game, worked out once."""

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
        # whether the rules have any of the variants whose pieces are made only under them
        # (the house rules of contracts, the running bonuses, the bids the rules forbid): when
        # not, no piece asks its own options (each asks a part of what this asks)
        self.variants = VARIANTS.read(r) != VARIANTS.defaults
        # made per game, not remembered across games: games under ever new rules would keep
        # them alive for the garbage collector to walk (a cache of them cost the random games
        # of bench_scoring a fifth of their speed)
        self.bids_read: BidsRead = {}
        # the hand's pieces for this game (each takes what it needs of the game now, not the
        # Context itself: a Context held by its own functions would live on as garbage for the
        # collector to find)
        self.read_bids = bids_reader(self)
        self.read_tricks = tricks_reader(self)
        self.score_sides = score_sides_with(self)
        # None without running bonuses
        self.score_running = running_scorer(self) if self.variants else None
        # end-of-game checks other than the target, needed after every hand
        self.at_once = ends_at_once(r)  # read once a game, not after every hand (ending.py)
        self.end_checks = bool(
            r.set_out is not None
            or r.losing_score is not None
            or r.max_hands is not None
            or r.boston_wins is not None
            or self.at_once
        )


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


def score_hand(ctx: Context, state: State, hand: Hand, number: int) -> HandResult:
    """Score one hand (the fold's step): check it, update ``state``, return its results. The
    fold of this one hand (``_fold`` states the step once, for one hand or a game's)."""
    return _fold(ctx, state, (hand,), number)[0]


def _fold(ctx: Context, state: State, hands: Iterable[Hand], first: int) -> list[HandResult]:
    """Score ``hands`` (numbered from ``first``) in order, updating ``state``.

    A hand is checked whole, in the order its errors are reported (bids, tricks, renege,
    adjust), before it changes any state; then each side is scored and the game may end
    (``end_after_hand``). The pieces are the game's own (``Context``: its bid reader, tricks reader
    and sides scorer, made for its rules); what the loop reads of the game is read once, before
    it."""
    players = ctx.players
    n_players = len(players)
    side_set = ctx.side_set
    deal_passes = ctx.rules.misdeal_deal_passes
    first_no_bids = ctx.first_no_bids
    race = ctx.rules.race_tricks is not None  # every hand without bids
    read_bids = ctx.read_bids
    read_tricks = ctx.read_tricks
    score_sides = ctx.score_sides
    score_running = ctx.score_running
    end_checks = ctx.end_checks
    after_hand = score_running is not None or end_checks
    new = _new
    out: list[HandResult] = []
    append = out.append
    for number, hand in enumerate(hands, first):
        if state.finished:
            raise hand_error(number, "hands", f"the game ended after hand {state.ended_at}")
        seat = state.dealer
        if hand.misdeal:
            if deal_passes:
                state.dealer = (seat + 1) % n_players
            append(new(HandResult, (number, players[seat], True, hand.note, {}, False)))
            continue
        no_bids = first_no_bids and (race or state.played == 0)
        if no_bids:
            if hand.bids is not None:
                which = "a race is" if race else "the first hand is"
                raise hand_error(number, "bids", f"{which} played without bids")
            side_bids: Sequence[SideBid] = ctx.no_bids
        else:
            side_bids = read_bids(ctx, state, hand, number)
        tricks = hand.tricks
        if tricks is None:
            raise missing_field(number, "tricks")
        taken = read_tricks(tricks, number, side_bids)
        given = hand.renege or None
        received = None if given is None else read_renege(ctx, given, number)
        adjust = hand.adjust
        if adjust is not None:
            for side in adjust:
                if side not in side_set:
                    raise hand_error(number, f"adjust.{side}", f"adjust: unknown side {side}")
        extras = None  # the hand's specials and bonuses (none given: stored as None, parse_hand)
        if hand.specials or hand.bonuses:
            extras = check_hand_extras(ctx.rules, hand, ctx.sides, taken, ctx.T, n_players, number)
        # the hand is valid: score it side by side
        results = score_sides(state, side_bids, taken, tricks, given, received, adjust, no_bids,
                              hand, extras)  # fmt: skip
        state.played += 1
        state.dealer = (seat + 1) % n_players
        if after_hand or state.reached:  # the running bonuses, then the game's end
            if score_running is not None:
                score_running(state, results, taken, given)
            if end_checks or state.reached:
                end_after_hand(ctx, state, results, taken, number)
        append(new(HandResult, (number, players[seat], False, hand.note, results, no_bids)))
    return out


def start_state(game: Game) -> tuple[Context, State]:
    """The fold's starting point for a game."""
    ctx = Context(game)
    return ctx, State(ctx)


def score_game(game: Game) -> Sheet:
    """Score every hand of a game (a fold of ``score_hand``); raises GameError when invalid."""
    ctx = Context(game)
    state = State(ctx)
    hands = _fold(ctx, state, game.hands, 1)
    # the state ends here: its dicts go to the sheet as they are
    return _sheet(ctx, state, hands, state.totals, state.bags, state.sets_in_row)


def sheet_from_state(ctx: Context, state: State, hands: list[HandResult]) -> Sheet:
    """The sheet for the hands folded so far."""
    return _sheet(ctx, state, hands, dict(state.totals), dict(state.bags), dict(state.sets_in_row))


def _sheet(
    ctx: Context,
    state: State,
    hands: list[HandResult],
    totals: dict[str, int],
    bags: dict[str, int],
    sets: dict[str, int],
) -> Sheet:
    start = ctx.game.start
    sides = ctx.sides
    hands = in_table_words(ctx.game.preset, hands)  # (Call Break's words: results.py)
    sheet = _new(Sheet, (
        list(sides), hands, totals, bags, state.finished, state.winner, state.reason,
        ctx.players[state.dealer], sets, state.played,
        {s: start[s].score if s in start else 0 for s in sides} if start
        else dict.fromkeys(sides, 0),
        ctx.rules, ctx.game.preset,
    ))  # fmt: skip
    return sheet_in_tenths(sheet) if ctx.rules.score_tenths else sheet
