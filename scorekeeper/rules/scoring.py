"""Scoring: a fold over the hands. ``score_hand`` is one step; ``score_game`` folds them all.

Each hand is checked against the rules as it is scored (blind bids depend on the running score),
so an invalid hand raises GameError naming the hand and the field. Results are light tuples;
the explain lines a person reads are built from them on demand.

The rules are stated once, one piece a function: the bid reader (``_bids_reader``: by team or
by player, with ``_bid`` and ``_check_side_bids``), the tricks reader (``_tricks_reader``) and
``_read_renege`` check a hand; the sides scorer (``_score_sides_with``) scores each side of it:
its nils (a team's double nil is ``_double_nil_scorer``) and its contract, a plain bid's rules
first, then the piece of rules that change whether it is made (``_special_contracts``), which
a side skips with one test when the game's rules have none of them (the fast path is the
statement itself, not a copy: tests/rules/test_fast_path.py); ``_check_end`` ends the game.
``_fold`` runs them in that order, hand after hand (``score_hand`` is the fold of one hand).
The readers and scorers are functions made once per game from these statements (``Context``:
the game and its rules read when they are made, not at every hand or every side of every
hand); a game remembers the valid bid values it has read (``_bid``).
tests/rules/test_reference_equivalence.py holds them to the sheets and exact errors of thousands
of random and broken games, as the engine gave them before it was made fast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from .ending import check_end
from .errors import GameError, show_number
from .explain import explain_lines
from .game import (
    BLIND,
    BNIL,
    MOON,
    NIL,
    NO_BIDS,
    NORMAL,
    NUM,
    TEN,
    Game,
    Hand,
    check_seating,
    check_start,
    read_bid,
)  # fmt: skip
from .options import Rules

_new = tuple.__new__  # builds result tuples without the NamedTuple constructor's cost


class NilResult(NamedTuple):
    """One nil bidder's outcome (or a team's double nil, with player = the team)."""

    player: str
    kind: str  # "nil", "blind nil" or "double nil"
    made: bool
    tricks: int
    points: int


class SideResult(NamedTuple):
    """What one hand did to one side. The first nine fields are the contract's JSON."""

    contract: int | None
    tricks: int
    points: int
    bags: int
    bag_penalty: int
    set: bool
    total: int
    bags_total: int
    # what the explain lines and the sheet are built from
    kind: str | None  # "normal", "ten", "moon", "no bids", or None: no contract
    blind: bool
    made: bool | None  # None without a contract
    toward: int  # tricks counted toward the contract (after renege)
    overtricks: int
    contract_points: int
    overtrick_points: int
    double_back: bool
    over_set: bool  # set by taking too many overtricks
    nils: tuple[NilResult, ...]
    nil_bags: int
    adjust: int
    renege_given: int
    renege_received: int
    renege_other: str | None
    bag_penalties: int  # how many times the bag limit struck
    sets_in_row: int
    took_all: bool
    note: str | None
    rules: Rules

    @property
    def nil_results(self) -> list[tuple[str, str, bool]]:
        """(player, kind, made) for each nil bid."""
        return [(n.player, n.kind, n.made) for n in self.nils]

    @property
    def bid_label(self) -> str:
        """The bid as a sheet shows it: "5", "B6", "nil", "4+nil", "-" without bids."""
        if self.kind == NO_BIDS:
            return "-"
        parts = []
        if self.contract is not None:
            parts.append(f"B{self.contract}" if self.blind else str(self.contract))
        for n in self.nils:
            parts.append({"nil": "nil", "blind nil": "bnil", "double nil": "dnil"}[n.kind])
        return "+".join(parts) or "-"

    @property
    def explain(self) -> list[str]:
        """The lines a person reads to see why the points are what they are."""
        return explain_lines(self)


class HandResult(NamedTuple):
    """One hand on the sheet: per side results, or a void hand (misdeal) with no sides."""

    number: int
    dealer: str
    void: bool
    note: str | None
    sides: dict[str, SideResult]
    no_bids: bool = False


class Sheet(NamedTuple):
    """The whole score sheet of a game."""

    sides: list[str]
    hands: list[HandResult]
    totals: dict[str, int]
    bags: dict[str, int]
    finished: bool
    winner: str | None
    reason: str | None
    next_dealer: str
    sets_in_row: dict[str, int]
    played: int
    start: dict[str, int]
    rules: Rules
    preset: str


# A side's bid, read: (contract or None, blind, ((player, nil kind), ...), any blind bid)
SideBid = tuple[int | None, bool, tuple[tuple[str, str], ...], bool]

_SEATINGS: dict[
    tuple[object, ...], Seating
] = {}  # seating key -> what Context needs about the seating (checked already)
_CACHE_LIMIT = 2048
_NEVER = 1 << 62  # a bag limit that is never reached (no bag limit)


def _seating(game: Game) -> Seating:
    """The checked seating of a game (check_seating, then the lookups scoring uses), remembered
    by value: players, teams, dealer and the bidding. The start is checked every time."""
    teams = game.teams
    key: tuple[object, ...] | None
    hit: Seating | None
    try:
        key = (
            game.players,
            None if teams is None else (*teams.items(),),  # members are tuples once parsed
            game.dealer,
            game.rules.bidding,
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
        "first_dealer",
        "first_no_bids",
        "by_side",
        "side_position",
        "target",
        "score_sides",
        "bids_read",
        "read_bids",
        "read_tricks",
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
        self.first_no_bids = r.first_hand_no_bids
        self.target = r.target_score
        # made per game, not remembered across games: games under ever new rules would keep
        # them alive for the garbage collector to walk (a cache of them cost the random games
        # of bench_scoring a fifth of their speed)
        self.bids_read: BidsRead = {}
        # the hand's pieces for this game (each takes what it needs of the game now, not the
        # Context itself: a Context held by its own functions would live on as garbage for the
        # collector to find)
        self.read_bids = _bids_reader(self)
        self.read_tricks = _tricks_reader(self)
        self.score_sides = _score_sides_with(self)
        # end-of-game checks other than the target, needed after every hand
        self.end_checks = bool(
            r.set_out is not None
            or r.losing_score is not None
            or r.max_hands is not None
            or r.boston_wins is not None
            or r.moon_value == "win"
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


def _err(number: int, field: str, message: str) -> GameError:
    return GameError(message, hand=number, field=field)


def _shown(value: object, show: Callable[[object], str] = str) -> str:
    """A value in a message: ``show(value)``, or a short form of an int too long to print
    (parse_game refuses those; a Game built by hand may still hold one)."""
    return show_number(value) if type(value) is int else show(value)


def score_hand(ctx: Context, state: State, hand: Hand, number: int) -> HandResult:
    """Score one hand (the fold's step): check it, update ``state``, return its results. The
    fold of this one hand (``_fold`` states the step once, for one hand or a game's)."""
    return _fold(ctx, state, (hand,), number)[0]


def _fold(ctx: Context, state: State, hands: Iterable[Hand], first: int) -> list[HandResult]:
    """Score ``hands`` (numbered from ``first``) in order, updating ``state``.

    A hand is checked whole, in the order its errors are reported (bids, tricks, renege,
    adjust), before it changes any state; then each side is scored and the game may end
    (``_check_end``). The pieces are the game's own (``Context``: its bid reader, tricks reader
    and sides scorer, made for its rules); what the loop reads of the game is read once, before
    it."""
    players = ctx.players
    n_players = len(players)
    side_set = ctx.side_set
    deal_passes = ctx.rules.misdeal_deal_passes
    first_no_bids = ctx.first_no_bids
    read_bids = ctx.read_bids
    read_tricks = ctx.read_tricks
    score_sides = ctx.score_sides
    end_checks = ctx.end_checks
    new = _new
    out: list[HandResult] = []
    append = out.append
    for number, hand in enumerate(hands, first):
        if state.finished:
            raise _err(number, "hands", f"the game ended after hand {state.ended_at}")
        seat = state.dealer
        if hand.misdeal:
            if deal_passes:
                state.dealer = (seat + 1) % n_players
            append(new(HandResult, (number, players[seat], True, hand.note, {}, False)))
            continue
        no_bids = first_no_bids and state.played == 0
        if no_bids:
            if hand.bids is not None:
                raise _err(number, "bids", "the first hand is played without bids")
            side_bids: Sequence[SideBid] = ctx.no_bids
        else:
            side_bids = read_bids(ctx, state, hand, number)
        tricks = hand.tricks
        if tricks is None:
            raise _missing(number, "tricks")
        taken = read_tricks(tricks, number, side_bids)
        given = hand.renege or None
        received = None if given is None else _read_renege(ctx, given, number)
        adjust = hand.adjust
        if adjust is not None:
            for side in adjust:
                if side not in side_set:
                    raise _err(number, f"adjust.{side}", f"adjust: unknown side {side}")
        # the hand is valid: score it side by side
        note = hand.note
        results = score_sides(
            state, side_bids, taken, tricks, given, received, adjust, no_bids, note
        )
        state.played += 1
        state.dealer = (seat + 1) % n_players
        if end_checks or state.reached:
            _check_end(ctx, state, results, taken, number)
        append(new(HandResult, (number, players[seat], False, note, results, no_bids)))
    return out


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
        "str | None",
    ],
    dict[str, SideResult],
]
BidsReader = Callable[["Context", "State", Hand, int], list[SideBid]]
TricksReader = Callable[[dict[str, int], int, Sequence[SideBid]], list[int]]
BidsRead = dict[object, tuple[str, int]]  # a bid value as written -> what ``_bid`` made of it
_BIDS_READ_LIMIT = 256  # bid values remembered in a game (the valid ones only)


def _score_sides_with(ctx: Context) -> SidesScorer:
    """Each side's result for a checked hand, under the game's rules: its nils (a team's double
    nil is ``_double_nil_scorer``), its contract (tricks it gave away by a renege are not its own;
    those it received count toward the contract), its bags and the bag limit, the running total
    and the run of sets. ``state`` moves on for each side.

    The contract rules are stated once: a plain bid's here, then the rules that change whether
    it is made (``_special_contracts``: moon, ten for 200, blind exact, an overtrick limit,
    double back), then its points. Under rules with none of these (``special`` false, read once
    per game) a side without a blind bid skips them with one test: the fast path is the same
    statement, not a copy of it."""
    rules, T, sides, other, target = ctx.rules, ctx.T, ctx.sides, ctx.other, ctx.target
    members, double, nil_values = ctx.members, _double_nil_scorer(rules), _nil_values(rules)
    nil_bags_always = rules.nil_tricks == "bags"
    nil_contract = rules.nil_tricks == "contract"
    limit = _NEVER if rules.bag_limit is None else rules.bag_limit
    tv, ov, bag_penalty = rules.trick_value, rules.overtrick_value, rules.bag_penalty
    set_penalty, double_back = rules.set_penalty, rules.double_back
    special, special_made = _special_contracts(rules, T)
    win_times, loss_times = rules.blind_win_multiplier, rules.blind_loss_multiplier
    blind_overtricks = rules.blind_overtricks
    moon_value = 0 if rules.moon_value == "win" else int(rules.moon_value)
    ten_value = rules.ten_for_200_value
    ten_penalty = ten_value if rules.ten_for_200_penalty is None else rules.ten_for_200_penalty
    moon_penalty = rules.moon_penalty

    def score_sides(
        state: State,
        side_bids: Sequence[SideBid],
        taken: list[int],
        tricks: dict[str, int],
        given: dict[str, int] | None,
        received: dict[str, int] | None,
        adjust: dict[str, int] | None,
        no_bids: bool,
        note: str | None,
    ) -> dict[str, SideResult]:
        totals = state.totals
        bags_now = state.bags
        sets = state.sets_in_row
        results: dict[str, SideResult] = {}
        g = r = add = 0
        reached = False
        for side, (contract, blind, nils, _), own_taken in zip(sides, side_bids, taken):  # noqa: B905
            if given is not None:
                g = given.get(side, 0)
                r = received.get(side, 0) if received else 0
            if adjust is not None:
                add = adjust.get(side, 0)
            if nils:
                if double is not None and len(nils) >= 2 and len(nils) == len(members[side]):
                    nil_results, nil_points, nt = double(side, nils, tricks)
                else:  # each nil on its own: its bonus when its bidder took no trick
                    nil_results, nil_points, nt = (), 0, 0
                    for p, nil_kind in nils:
                        took = tricks[p]
                        nt += took
                        name, nil_made, nil_lost = nil_values[nil_kind]
                        pts = nil_made if took == 0 else nil_lost
                        nil_points += pts
                        one = _new(NilResult, (p, name, took == 0, took, pts))
                        nil_results = (*nil_results, one)
                nil_bags = nt if nt and (nil_bags_always or contract is None) else 0
            else:
                nil_results, nil_points, nt, nil_bags = (), 0, 0, 0
            if contract is not None:
                earned = own_taken - g if nil_contract else own_taken - nt - g
                if earned < 0:
                    earned = 0
                toward = earned + r
                # made or set, and the overtricks (bags only when made)
                kind = NORMAL
                made = toward >= contract
                over = earned - contract if earned > contract else 0
                dback = over_set = False
                if special or blind:
                    kind, made, dback, over_set = special_made(
                        contract, blind, toward, earned, over, made
                    )
                # the contract's points and the overtricks'
                if made:
                    opoints = ov * over
                    if kind == NORMAL:
                        cpoints = tv * contract
                    elif kind == TEN:
                        cpoints = ten_value
                    else:
                        cpoints = moon_value
                    if blind:
                        cpoints *= win_times
                        if blind_overtricks == "none":
                            over = opoints = 0
                        elif blind_overtricks == "penalty":
                            opoints = -win_times * tv * over
                else:
                    over = opoints = 0
                    times = loss_times if blind else 1
                    if dback:
                        lost = double_back * tv * contract
                    elif kind == NORMAL:
                        if blind:
                            lost = tv * contract * times
                        elif set_penalty == "bid":
                            lost = tv * contract
                        elif set_penalty == "shortfall":
                            lost = tv * contract if over_set else tv * (contract - toward)
                        else:
                            lost = 0
                    elif kind == TEN:
                        lost = ten_penalty * times
                    else:
                        lost = moon_penalty * times
                    cpoints = -lost
            elif no_bids:
                kind, made, over, opoints, dback, over_set = NO_BIDS, None, 0, 0, False, False
                toward = max(own_taken - g, 0) + r
                cpoints = tv * toward
            else:
                kind, made = None, None
                toward = over = cpoints = opoints = 0
                dback = over_set = False
            is_set = made is False
            hand_bags = over + nil_bags
            points = cpoints + opoints + nil_points + add
            if nil_bags:
                points += ov * nil_bags
            bags = bags_now[side] + hand_bags
            if bags >= limit:
                penalties = bags // limit
                bags -= penalties * limit
                penalty = penalties * bag_penalty
                points -= penalty
            else:
                penalties = penalty = 0
            total = totals[side] = totals[side] + points
            if total >= target:
                reached = True
            bags_now[side] = bags
            streak = sets[side] = sets[side] + 1 if is_set else 0
            results[side] = _new(SideResult, (
                contract, own_taken, points, hand_bags, penalty, is_set, total, bags, kind, blind,
                made, toward, over, cpoints, opoints, dback, over_set, nil_results, nil_bags, add,
                g, r, other.get(side) if g or r else None, penalties, streak, own_taken == T,
                note if add else None, rules,  # the game's own rules
            ))  # fmt: skip
        state.reached = reached
        return results

    return score_sides


SpecialMade = Callable[[int, bool, int, int, int, bool], tuple[str, bool, bool, bool]]


def _special_contracts(rules: Rules, T: int) -> tuple[bool, SpecialMade]:
    """The rules that change whether a plain bid is made, for the sides scorer: (whether these
    rules have any besides blind bids, the function). The function takes (contract, blind,
    tricks toward it, tricks earned, overtricks, made as a plain bid) and gives (kind, made,
    double back, set by overtricks): a bid of every trick is a moon, of 10 a ten for 200 (when
    the rules have them), a blind bid may need its tricks exactly, and a plain bid made with too
    many overtricks is set (an overtrick limit, or double back)."""
    moon, ten, ten_exact = rules.moon, rules.ten_for_200, rules.ten_for_200_exact
    blind_exact, max_over, double_back = rules.blind_exact, rules.max_overtricks, rules.double_back

    def special_made(
        contract: int, blind: bool, toward: int, earned: int, over: int, made: bool
    ) -> tuple[str, bool, bool, bool]:
        kind = NORMAL
        if moon and contract == T:
            kind = MOON
            made = toward >= T
        elif ten and contract == 10:
            kind = TEN
            made = toward == 10 if ten_exact else toward >= 10
        if blind and blind_exact and toward != contract:
            made = False
        if made and kind == NORMAL and not blind:
            if max_over is not None and over > max_over:
                return kind, False, False, True
            if double_back and contract > 0 and earned >= 2 * contract:
                return kind, False, True, False
        return kind, made, False, False

    return bool(moon or ten or max_over is not None or double_back), special_made


def _check_end(
    ctx: Context, state: State, results: dict[str, SideResult], taken: list[int], number: int
) -> None:
    """End the game after this hand when the rules say so (``check_end``). Skipped when no rule
    could end it now (the usual case)."""
    rules = ctx.rules
    totals = state.totals
    took_all_side = next((s for s, t in zip(ctx.sides, taken) if t == ctx.T), None)  # noqa: B905
    if not (
        max(totals.values()) >= ctx.target
        or rules.moon_value == "win"
        or (took_all_side is not None and rules.boston_wins is not None)
        or (rules.set_out is not None and max(state.sets_in_row.values()) >= rules.set_out)
        or (rules.losing_score is not None and min(totals.values()) <= rules.losing_score)
        or (rules.max_hands is not None and state.played >= rules.max_hands)
    ):
        return
    end = check_end(
        ctx.sides, rules, results, totals, state.sets_in_row, state.played, took_all_side
    )
    if end is not None:
        state.finished = True
        state.winner, state.reason = end
        state.ended_at = number


def _blind_allowed(ctx: Context, state: State, side: str) -> str | None:
    """None when the side may bid blind now, else why not."""
    deficit = ctx.rules.blind_deficit
    if deficit is None:
        return None
    mine = state.totals[side]
    totals = state.totals
    best = (
        totals[ctx.other[side]] if ctx.two_sides else max(v for s, v in totals.items() if s != side)
    )
    if best - mine >= deficit:
        return None
    return f"blind bids only when {deficit} or more behind ({side} is {max(best - mine, 0)} behind)"


def read_bids(ctx: Context, state: State, hand: Hand, number: int) -> list[SideBid]:
    """Check the bids; per side in order: (contract or None, blind, nils, any blind). The
    game's bid reader (``_bids_reader``)."""
    return ctx.read_bids(ctx, state, hand, number)


def _bids_reader(ctx: Context) -> BidsReader:
    """The game's ``read_bids``, for its bidding (a number per team, or per player), with what
    it reads of the game read once. Side limits and blind eligibility are ``_check_side_bids``,
    called when a side's bid could break one."""
    return _team_bids(ctx) if ctx.partnership else _player_bids(ctx)


def _team_bids(ctx: Context) -> BidsReader:
    """Partnership bidding: each team bids its number; its players may bid nil by name."""
    sides = ctx.sides
    side_set = ctx.side_set
    side_of = ctx.side_of
    members = ctx.members
    nil_on = ctx.rules.nil

    def read_team_bids(ctx: Context, state: State, hand: Hand, number: int) -> list[SideBid]:
        bids = hand.bids
        if bids is None:
            raise _missing(number, "bids")
        out: list[SideBid] = []
        team_bid: dict[str, tuple[str, int]] = {}
        nils: dict[str, list[tuple[str, str]]] = {s: [] for s in sides}
        for who, value in bids.items():
            kind, n = _bid(ctx, number, who, value)
            if who in side_set:
                if kind in (NIL, BNIL):
                    raise _err(
                        number, f"bids.{who}", f"{who} is a team: a nil is bid by a player, by name"
                    )
                team_bid[who] = (kind, n)
            elif who in side_of:
                if kind == NUM and n == 0 and nil_on:
                    kind = NIL
                if kind not in (NIL, BNIL):
                    raise _err(
                        number,
                        f"bids.{who}",
                        f"in partnership bidding {who} may bid only nil by name; "
                        f"the team bids its number",
                    )
                nils[side_of[who]].append((who, kind))
            else:
                raise _err(number, f"bids.{who}", f"unknown player or team {who} in bids")
        for side in sides:
            team_nils = tuple(nils[side])
            has_bnil = any(k == BNIL for _, k in team_nils)
            all_nil = len(team_nils) == len(members[side])
            if side not in team_bid:
                if not all_nil:
                    raise _err(number, f"bids.{side}", f"no bid for {side}")
                out.append((None, False, team_nils, has_bnil))
                continue
            if all_nil:
                raise _err(
                    number, f"bids.{side}", f"every player of {side} bid nil: there is no team bid"
                )
            kind, n = team_bid[side]
            out.append((n, kind == BLIND, team_nils, has_bnil or kind == BLIND))
        _check_side_bids(ctx, state, out, number)
        return out

    return read_team_bids


def _player_bids(ctx: Context) -> BidsReader:
    """Every player bids: a side's contract is the sum of its players' numbers, its nils are
    theirs by name."""
    T = ctx.T
    player_set = ctx.player_set
    member_lists = ctx.member_lists
    teams = ctx.teams
    nil_on = ctx.rules.nil
    known = ctx.bids_read
    lo, within = _side_bid_range(ctx.rules, T)

    def read_player_bids(ctx: Context, state: State, hand: Hand, number: int) -> list[SideBid]:
        bids = hand.bids
        if bids is None:
            raise _missing(number, "bids")
        if bids.keys() != player_set:
            for who in bids:
                if who not in player_set:
                    raise _err(number, f"bids.{who}", f"unknown player {who} in bids")
            missing = next(p for p in ctx.players if p not in bids)
            raise _err(number, f"bids.{missing}", f"no bid for {missing}")
        out: list[SideBid] = []
        check = False  # a side's bid may break a limit or bid blind: _check_side_bids
        for members in member_lists:
            contract = 0
            has_number = blind = any_blind = False
            side_nils: tuple[tuple[str, str], ...] = ()
            for p in members:
                value = bids[p]
                if type(value) is int and 0 < value <= T:
                    contract += value
                    has_number = True
                    continue
                kind, n = (
                    known.get(value) if type(value) is str or type(value) is int else None
                ) or _bid(ctx, number, p, value)
                if kind == NUM and n == 0 and nil_on:
                    kind = NIL
                if kind in (NIL, BNIL):
                    side_nils = (*side_nils, (p, kind))
                    any_blind = any_blind or kind == BNIL
                    continue
                if kind == BLIND:
                    if teams:
                        raise _err(
                            number,
                            f"bids.{p}",
                            f"{p} bid {value}: a blind number is a side's whole bid, "
                            f"which needs partnership bidding",
                        )
                    blind = any_blind = True
                contract += n
                has_number = True
            if has_number:
                out.append((contract, blind, side_nils, any_blind))
                check = check or any_blind or not lo <= contract <= within
            else:
                out.append((None, blind, side_nils, any_blind))
                check = check or any_blind
        if check:
            _check_side_bids(ctx, state, out, number)
        return out

    return read_player_bids


def _side_bid_range(rules: Rules, T: int) -> tuple[int, int]:
    """(lo, hi): a side's bid from lo to hi passes every limit on a side's bid."""
    hi = rules.max_bid
    return rules.min_side_bid, T if hi is None else min(hi, T)


def _check_side_bids(ctx: Context, state: State, bids: list[SideBid], number: int) -> None:
    """Each side's bid read (in order) within the side limits, and blind only when allowed."""
    rules = ctx.rules
    T = ctx.T
    lo, within = _side_bid_range(rules, T)
    hi = rules.max_bid
    for side, (side_bid, blind, side_nils, any_blind) in zip(ctx.sides, bids):  # noqa: B905
        if any_blind:
            why = _blind_allowed(ctx, state, side)
            if why is not None:
                who = side if blind else next(p for p, k in side_nils if k == BNIL)
                raise _err(number, f"bids.{who}", why)
        if side_bid is None or lo <= side_bid <= within:
            continue
        if side_bid > T:
            raise _err(
                number, f"bids.{side}", f"{side} bid {side_bid}, more than the {T} tricks in a hand"
            )
        if side_bid < lo:
            raise _err(
                number, f"bids.{side}", f"{side} bid {side_bid}, below the smallest bid of {lo}"
            )
        if hi is not None and side_bid > hi and not blind and not (rules.moon and side_bid == T):
            raise _err(
                number, f"bids.{side}", f"{side} bid {side_bid}, above the largest bid of {hi}"
            )


def _missing(number: int, field: str) -> GameError:
    return _err(number, field, f"{field} are missing")


def _bid(ctx: Context, number: int, who: str, value: object) -> tuple[str, int]:
    """Read one bid value and check it is allowed by the rules (eligibility aside). What it
    reads depends on the rules and the value alone: valid values are remembered for the game
    (``Context.bids_read``), so a hand's bid may skip this when it is known."""
    try:
        kind, n = read_bid(value)
    except GameError as e:
        raise _err(number, f"bids.{who}", f"{who}'s bid: {e.message}") from None
    rules = ctx.rules
    if kind in (NUM, BLIND):
        if not 0 <= n <= ctx.T:
            raise _err(
                number, f"bids.{who}", f"{who}'s bid {_shown(value)} is out of range (0 to {ctx.T})"
            )
        if kind == BLIND:
            if not rules.blind_bids:
                raise _err(number, f"bids.{who}", "blind bids are not allowed in these rules")
            if n < rules.blind_min:
                raise _err(
                    number,
                    f"bids.{who}",
                    f"{who} bid {value}: the smallest blind bid is {rules.blind_min}",
                )
    elif kind == NIL:
        if not rules.nil:
            raise _err(number, f"bids.{who}", "nil bids are not allowed in these rules")
    elif not rules.blind_nil:
        raise _err(number, f"bids.{who}", "blind nil is not allowed in these rules")
    known = ctx.bids_read  # remembered by value (no bool: True would find 1), valid ones only
    if (type(value) is str or type(value) is int) and len(known) < _BIDS_READ_LIMIT:
        known[value] = (kind, n)
    return kind, n


def _tricks_reader(ctx: Context) -> TricksReader:
    """The game's tricks reader: (the hand's tricks, its number, its side bids) -> tricks taken
    per side (in order), the tricks checked. A nil bidder's tricks are always given by name
    (``hand.tricks[player]``): by team, they are refused here."""
    T = ctx.T
    index = ctx.side_index_of
    n_sides = len(ctx.sides)
    player_set = ctx.player_set
    side_set = ctx.side_set
    by_side = ctx.by_side
    position = ctx.side_position
    members = ctx.members
    players = ctx.players

    def read_tricks(tricks: dict[str, int], number: int, side_bids: Sequence[SideBid]) -> list[int]:
        taken = [0] * n_sides
        if tricks.keys() == player_set:
            for p, n in tricks.items():
                if type(n) is not int or not 0 <= n <= T:
                    raise _tricks_out_of_range(number, p, n, T)
                taken[index[p]] += n
        elif by_side and tricks.keys() == side_set:  # each team's tricks as one number
            for side, n in tricks.items():
                if type(n) is not int or not 0 <= n <= T:
                    raise _tricks_out_of_range(number, side, n, T)
                i = position[side]
                nilled = side_bids[i][2]
                if nilled:
                    raise _nil_tricks_by_team(number, side, nilled)
                taken[i] = n
        else:
            covered: dict[str, str] = {}
            for who, n in tricks.items():
                if type(n) is not int or not 0 <= n <= T:
                    raise _tricks_out_of_range(number, who, n, T)
                if who in index:  # a player
                    if who in covered:
                        raise _given_twice(number, who, who, covered[who])
                    covered[who] = who
                    taken[index[who]] += n
                    continue
                if who not in side_set:
                    raise _err(number, f"tricks.{who}", f"unknown player or team {who} in tricks")
                i = position[who]
                nilled = side_bids[i][2]
                if nilled:
                    raise _nil_tricks_by_team(number, who, nilled)
                for m in members[who]:
                    if m in covered:
                        raise _given_twice(number, who, m, covered[m])
                    covered[m] = who
                taken[i] += n
            if len(covered) < len(players):
                missing = next(p for p in players if p not in covered)
                raise _err(number, f"tricks.{missing}", f"no tricks for {missing}")
        total = sum(taken)
        if total != T:
            raise _err(number, "tricks", f"tricks add up to {total}, not {T}")
        return taken

    return read_tricks


def _tricks_out_of_range(number: int, who: str, n: object, T: int) -> GameError:
    return _err(
        number, f"tricks.{who}", f"{who}'s tricks {_shown(n, repr)} out of range (0 to {T})"
    )


def _given_twice(number: int, who: str, player: str, before: str) -> GameError:
    return _err(
        number, f"tricks.{who}", f"tricks for {player} are given twice ({before} and {who})"
    )


def _nil_tricks_by_team(number: int, team: str, nilled: tuple[tuple[str, str], ...]) -> GameError:
    return _err(
        number,
        f"tricks.{team}",
        f"{nilled[0][0]} bid nil: give the tricks of each player of {team}",
    )


def _read_renege(ctx: Context, renege: dict[str, int], number: int) -> dict[str, int]:
    """Check the renege penalties; return side -> penalty tricks received."""
    received: dict[str, int] = {}
    for side, n in renege.items():
        if side not in ctx.side_set:
            raise _err(number, f"renege.{side}", f"renege: unknown side {side}")
        if type(n) is not int or not 0 <= n <= ctx.T:
            raise _err(
                number, f"renege.{side}", f"renege tricks for {side} out of range (0 to {ctx.T})"
            )
        if ctx.two_sides:
            other = ctx.other[side]
            received[other] = received.get(other, 0) + n
    return received


NilsScore = tuple[tuple[NilResult, ...], int, int]


def _nil_values(rules: Rules) -> dict[str, tuple[str, int, int]]:
    """Each nil kind's (name, points when made, points when lost) under the rules."""
    return {
        NIL: ("nil", rules.nil_value, -(
            rules.nil_value if rules.nil_penalty is None else rules.nil_penalty
        )),
        BNIL: ("blind nil", rules.blind_nil_value, -(
            rules.blind_nil_value if rules.blind_nil_penalty is None else rules.blind_nil_penalty
        )),
    }  # fmt: skip


def _double_nil_scorer(
    rules: Rules,
) -> Callable[[str, tuple[tuple[str, str], ...], dict[str, int]], NilsScore] | None:
    """A team's double nil (every player of it bid nil), when the rules value one: one result
    for the team, (results, points, tricks the nil bidders took). None without the rule."""
    double = rules.double_nil_value
    if double is None:
        return None
    lost = -(double if rules.double_nil_penalty is None else rules.double_nil_penalty)

    def score_double_nil(
        side: str, nils: tuple[tuple[str, str], ...], tricks: dict[str, int]
    ) -> NilsScore:
        took_all = sum(tricks[p] for p, _ in nils)
        pts = double if took_all == 0 else lost
        return (NilResult(side, "double nil", took_all == 0, took_all, pts),), pts, took_all

    return score_double_nil


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
    return _new(Sheet, (
        list(sides), hands, totals, bags, state.finished, state.winner, state.reason,
        ctx.players[state.dealer], sets, state.played,
        {s: start[s].score if s in start else 0 for s in sides} if start
        else dict.fromkeys(sides, 0),
        ctx.rules, ctx.game.preset,
    ))  # fmt: skip


# --- explain lines --------------------------------------------------------------------------
