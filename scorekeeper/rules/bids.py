"""Bids: the game's bid reader checks a hand's bids and reads each side's (``bids_reader``: by
team or by player, with ``_bid`` for one value and ``_check_side_bids`` for a side's limits and
blind eligibility). ``read_bids`` is the reader of a game's Context, for the bid forms
(bidding.py) as for scoring.

A game remembers the valid bid values it has read (``Context.bids_read``, filled by ``_bid``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from .errors import GameError, hand_error, missing_field, shown
from .game import BID_KINDS, BLIND, BNIL, BNT, NIL, NT, NUM, BidValue, Hand, bid_kinds, read_bid
from .options import Rules, at_defaults, numbers_text
from .results import SideBid
from .state import BidsReader

if TYPE_CHECKING:
    from .state import Context, State

_BIDS_READ_LIMIT = 256  # bid values remembered in a game (the valid ones only)


def plays_without_bids(rules: Rules, played: int) -> bool:
    """Whether the hand after ``played`` played hands has no bids: every hand of a race (urban
    rules), or the first hand under ``first_hand_no_bids``. (The fold reads the same rule from
    its Context: ``first_no_bids`` and the race, worked out once.)"""
    return rules.race_tricks is not None or (rules.first_hand_no_bids and played == 0)


def read_bids(ctx: Context, state: State, hand: Hand, number: int) -> list[SideBid]:
    """Check the bids; per side in order: (contract or None, blind, nils, any blind). The
    game's bid reader (``bids_reader``)."""
    return ctx.read_bids(ctx, state, hand, number)


def bids_reader(ctx: Context) -> BidsReader:
    """The game's ``read_bids``, for its bidding (a number per team, or per player), with what
    it reads of the game read once. Side limits and blind eligibility are ``_check_side_bids``,
    called when a side's bid could break one; the rules that forbid a whole hand's bids
    (``_forbidden_bids``) are checked after, and only under rules that have them (else the
    reader is the plain one, unchanged)."""
    read = _team_bids(ctx) if ctx.partnership else _player_bids(ctx)
    forbidden = _forbidden_bids(ctx) if ctx.variants else None
    if forbidden is None:
        return read
    passes = ctx.rules.auction_min is not None  # Auction: a side's 0 is a pass, no contract

    def read_allowed_bids(ctx: Context, state: State, hand: Hand, number: int) -> list[SideBid]:
        side_bids = read(ctx, state, hand, number)
        forbidden(state, hand.bids or {}, side_bids, number)
        if passes:
            side_bids = [(None, *b[1:]) if b[0] == 0 else b for b in side_bids]
        return side_bids

    return read_allowed_bids


# --- bids the rules forbid: each rule stated once, for the pads (bidding.py) and the check ---


def numbers_words(numbers: tuple[int, ...]) -> str:
    """(4, 5, 6, 7, 8, 10, 13) as words: "4 to 8, 10 or 13"."""
    text = numbers_text(numbers).replace("-", " to ")
    head, comma, last = text.rpartition(", ")
    return f"{head} or {last}" if comma else text


def bid_refused(rules: Rules, n: int) -> str | None:
    """Why one bid of ``n`` (a player's, or a team's number in partnership bidding) is not
    allowed by the barred bids, or None."""
    barred = rules.barred_bids
    if barred is not None and n in barred:
        return f"no one may bid {n} in these rules"
    return None


def contract_refused(rules: Rules, n: int) -> str | None:
    """Why a side's whole bid of ``n`` is not one of the contracts it may make, or None."""
    allowed = rules.allowed_contracts
    if allowed is not None and n not in allowed:
        return f"a side's bid must be {numbers_words(allowed)}"
    return None


def suicide_refused(team: Sequence[str], nils: int) -> str | None:
    """Suicide (option suicide): one player of each team bids nil, no more, no fewer. Why a
    team whose bids hold ``nils`` nils breaks it, or None."""
    if nils == 1:
        return None
    if not nils:
        return f"Suicide: {' or '.join(team)} must bid nil"
    return f"Suicide: only one of {' and '.join(team)} may bid nil"


def side_bid_refused(rules: Rules, T: int, side: str, side_bid: int, blind: bool) -> str | None:
    """Why a side's whole bid (``blind`` or not) is past the tricks in a hand, under the
    board (``min_side_bid``) or over the largest bid (``max_bid``: not for a blind bid, nor
    the moon under ``moon``), or None."""
    hi = rules.max_bid
    if side_bid > T:
        return f"{side} bid {side_bid}, more than the {T} tricks in a hand"
    if side_bid < rules.min_side_bid:
        return f"{side} bid {side_bid}, below the smallest bid of {rules.min_side_bid}"
    if hi is not None and side_bid > hi and not blind and not (rules.moon and side_bid == T):
        return f"{side} bid {side_bid}, above the largest bid of {hi}"
    return None


def team_bids_refused(
    rules: Rules, T: int, side: str, team: Sequence[str], bids: Mapping[str, BidValue]
) -> str | None:
    """Why one team's own bids (``bids``: a bid by each of its players, bidding by player)
    break a rule that reads the team alone, or None: Suicide's one nil (``suicide_refused``),
    then the side's bid they add up to (``side_bid_refused``, ``contract_refused``). The
    same statements the check makes (``_forbidden_bids``, ``_check_side_bids``), asked of a
    pair of bids before they are tapped: what a Suicide pad offers (bidding.partner_bars)."""
    nils = contract = 0
    numbers = blind = False
    for p in team:
        kind, n = read_bid(bids[p])
        if kind in (NIL, BNIL) or (kind == NUM and n == 0 and rules.zero_is_nil):
            nils += 1
            continue
        contract += n
        numbers = True
        blind = blind or kind in (BLIND, BNT)
    why = suicide_refused(team, nils) if rules.suicide else None
    if why is None and numbers:
        why = side_bid_refused(rules, T, side, contract, blind) or contract_refused(rules, contract)
    return why


def bid_rule_notes(rules: Rules, T: int) -> list[str]:
    """The rules that forbid bids, in a line each for the bids step ("A side's bid must be 4
    to 8, 10 or 13."), in the words of the checks above."""
    notes = []
    if rules.barred_bids is not None:
        notes.append(f"No one may bid {numbers_words(rules.barred_bids)}.")
    if rules.allowed_contracts is not None:
        notes.append(f"A side's bid must be {numbers_words(rules.allowed_contracts)}.")
    if rules.nil_against is not None:
        notes.append(f"Nil only when another side bids {numbers_words(rules.nil_against)}.")
    if rules.suicide:
        notes.append("Suicide: one player of each team bids nil.")
    if rules.double_nil_deficit is not None:
        notes.append(f"Double nil only when more than {rules.double_nil_deficit} behind.")
    if rules.auction_min is not None:
        notes.append(f"Auction: one side bids, {rules.auction_min} or more; the others pass (0).")
    if rules.no_duplicate_bids:
        notes.append("No duplicate bidding: two sides may not bid the same.")
    if rules.no_vice_versa_bids:
        notes.append("No vice versa: a side may not bid what another side bid last hand.")
    if rules.no_moon_against_double_nil:
        notes.append("No moon against a double nil, nor a double nil against the moon.")
    total = {"not tricks": f"may not add up to {T}", "tricks": f"add up to {T}",
             "at most tricks": f"add up to {T} at most"}.get(rules.bids_total or "")  # fmt: skip
    if total is not None:
        notes.append(f"All the bids together {total}.")
    return notes


ForbiddenBids = Callable[["State", dict[str, BidValue], list[SideBid], int], None]


def _forbidden_bids(ctx: Context) -> ForbiddenBids | None:
    """The check of the rules that forbid bids (options/bids.py), read once per game: barred
    bids, a side's allowed contracts, nil only against some bids, Suicide, double nil only when
    far enough behind, the bids' total (bids_total). None when the rules have none."""
    r = ctx.rules
    _, read, defaults = FORBIDDING_OPTIONS
    if read(r) == defaults:
        return None
    sides, members, T, nil_on = ctx.sides, ctx.members, ctx.T, r.zero_is_nil
    nil_against, deficit, suicide, total_rule = (
        r.nil_against,
        r.double_nil_deficit,
        r.suicide,
        r.bids_total,
    )
    barred = frozenset(r.barred_bids or ())
    allowed = r.allowed_contracts
    teams = [(i, side, members[side]) for i, side in enumerate(sides) if len(members[side]) > 1]
    per_team = suicide or deficit is not None
    equal_bids = (
        _equal_bids(ctx) if EQUAL_BIDS_OPTIONS.read(r) != EQUAL_BIDS_OPTIONS.defaults else None
    )

    said: dict[BidValue, tuple[str, int]] = {}  # bids said in words, read (valid: read before)

    def check(state: State, bids: dict[str, BidValue], side_bids: list[SideBid], n: int) -> None:
        if barred:  # a bid no one may make, as it was said
            for who, value in bids.items():
                if type(value) is int:
                    kind, bid = NUM, value
                else:
                    hit = said.get(value)
                    if hit is None:
                        hit = read_bid(value)
                        if len(said) < 256:
                            said[value] = hit
                    kind, bid = hit
                if bid in barred and (kind == BLIND or (kind == NUM and not (bid == 0 and nil_on))):
                    raise hand_error(n, f"bids.{who}", f"{who} bid {value}: {bid_refused(r, bid)}")
        if allowed is not None:
            for side, (contract, _, _, _) in zip(sides, side_bids):  # noqa: B905
                why = None if contract is None else contract_refused(r, contract)
                if why is not None:
                    raise hand_error(n, f"bids.{side}", f"{side} bid {contract}: {why}")
        if nil_against is not None:
            for i, (_, _, nils, _) in enumerate(side_bids):
                if nils and not _other_bid(side_bids, i, nil_against):
                    who = nils[0][0]
                    raise hand_error(
                        n,
                        f"bids.{who}",
                        f"{who} bid nil: nil only when another side bids "
                        f"{numbers_words(nil_against)}",
                    )
        if per_team:
            for i, side, team in teams:
                nils = side_bids[i][2]
                why = suicide_refused(team, len(nils)) if suicide else None
                if why is not None:
                    raise hand_error(n, f"bids.{side}", why)
                if deficit is not None and len(nils) == len(team):
                    totals = state.totals
                    behind = max(v for s, v in totals.items() if s != side) - totals[side]
                    if behind <= deficit:
                        raise hand_error(
                            n,
                            f"bids.{side}",
                            f"double nil only when more than {deficit} behind "
                            f"({side} is {max(behind, 0)} behind)",
                        )
        if total_rule is not None:
            total = 0
            for contract, _, _, _ in side_bids:
                if contract is not None:
                    total += contract
            why = _total_refused(total_rule, total, T)
            if why is not None:
                raise hand_error(n, "bids", why)
        if equal_bids is not None:
            equal_bids(state, side_bids, n)

    return check


# the bid rules that compare one side's bid with the others' (``_equal_bids``), and with them
# every rule that forbids bids (``_forbidden_bids``): each off by default (None, or False)
EQUAL_BIDS_OPTIONS = at_defaults(
    "auction_min", "no_duplicate_bids", "no_vice_versa_bids", "no_moon_against_double_nil"
)
FORBIDDING_OPTIONS = at_defaults(
    "barred_bids", "allowed_contracts", "nil_against", "suicide", "double_nil_deficit",
    "bids_total", *EQUAL_BIDS_OPTIONS.names,
)  # fmt: skip


def _equal_bids(ctx: Context) -> Callable[[State, list[SideBid], int], None]:
    """The bid rules that compare one side's bid with the others' (Wikipedia), checked in this
    order (docs/contract.md, section 2): Auction Spades (``auction_min``: one side bids, at
    least this; every other side passes with 0), No Duplicate Bidding (two sides' equal
    contracts), No Vice Versa Bidding (a contract another side made in the last hand with
    bids: ``State.last_bids`` remembers them), no moon against a double nil."""
    r, sides, members, T = ctx.rules, ctx.sides, ctx.members, ctx.T
    auction, duplicate, vice_versa = r.auction_min, r.no_duplicate_bids, r.no_vice_versa_bids
    moon_rule = r.no_moon_against_double_nil and r.moon

    def check(state: State, side_bids: list[SideBid], n: int) -> None:
        contracts: list[int | None] = []
        named: list[tuple[str, int]] = []  # the sides with a contract, in order
        for side, (c, _, _, _) in zip(sides, side_bids):  # noqa: B905
            contracts.append(c)
            if c is not None:
                named.append((side, c))
        if auction is not None:
            bidders = [(s, c) for s, c in named if c]
            if len(bidders) != 1:
                why = (
                    "every side passed"
                    if not bidders
                    else (
                        f"{bidders[0][0]} and {bidders[1][0]} both bid: every side but one "
                        f"passes (0)"
                    )
                )
                raise hand_error(n, "bids", f"Auction: {why}")
            named = bidders  # the passes (0) are no contract: nothing to compare them with
            side, c = bidders[0]
            if c < auction:
                raise hand_error(
                    n,
                    f"bids.{side}",
                    f"Auction: {side} bid {c}: the contract is at least {auction}",
                )
        if duplicate:
            first: dict[int, str] = {}  # a contract -> the first side that bid it
            for side, c in named:
                same = first.setdefault(c, side)
                if same != side:
                    raise hand_error(
                        n, f"bids.{side}",
                        f"No duplicate bidding: {side} bid {c}, as {same} did: one must change",
                    )  # fmt: skip
        if vice_versa:
            last = state.last_bids
            if last is None:
                last = state.last_bids = []
            while last and last[-1][0] >= n:  # a hand checked again (tried, then refused)
                last.pop()
            if last:
                before = last[-1][1]
                for side, c in named:
                    for other, d in zip(sides, before):  # noqa: B905
                        if d == c and other != side:
                            raise hand_error(
                                n, f"bids.{side}",
                                f"No vice versa bidding: {side} bid {c}, what {other} bid last "
                                f"hand",
                            )  # fmt: skip
            last.append((n, tuple(contracts)))
        if moon_rule:
            moon = next((s for s, c in named if c == T), None)
            double = next(
                (s for s, (_, _, nils, _) in zip(sides, side_bids)  # noqa: B905
                 if len(members[s]) > 1 and len(nils) == len(members[s])), None,
            )  # fmt: skip
            if moon is not None and double is not None:
                raise hand_error(
                    n, f"bids.{moon}",
                    f"{moon} bid the moon ({T}) and {double} double nil: one cannot be bid "
                    f"against the other",
                )  # fmt: skip

    return check


def _total_refused(rule: str, total: int, T: int) -> str | None:
    """Why all the bids of a hand together (``total``) break ``bids_total``, or None."""
    if rule == "not tricks" and total == T:
        return (
            f"the bids add up to {T}, the tricks in a hand, and these rules say they may not: "
            f"one bid must change"
        )
    if rule == "tricks" and total != T:
        return f"the bids add up to {total}: these rules say they add up to the {T} tricks"
    if rule == "at most tricks" and total > T:
        return f"the bids add up to {total}: these rules say at most the {T} tricks"
    return None


def _other_bid(side_bids: list[SideBid], i: int, among: tuple[int, ...]) -> bool:
    """Whether a side other than the ``i``th bid one of ``among``."""
    return any(c is not None and c in among for j, (c, _, _, _) in enumerate(side_bids) if j != i)


def _team_bids(ctx: Context) -> BidsReader:
    """Partnership bidding: each team bids its number; its players may bid nil by name."""
    sides = ctx.sides
    side_set = ctx.side_set
    side_of = ctx.side_of
    members = ctx.members
    nil_on = ctx.rules.zero_is_nil  # a player's 0 is a nil
    known = ctx.bids_read
    no_double = double_nil_barred(ctx.rules)

    def read_team_bids(ctx: Context, state: State, hand: Hand, number: int) -> list[SideBid]:
        bids = hand.bids
        if bids is None:
            raise missing_field(number, "bids")
        out: list[SideBid] = []
        team_bid: dict[str, tuple[str, int]] = {}
        nils: dict[str, list[tuple[str, str]]] = {s: [] for s in sides}
        for who, value in bids.items():
            kind, n = (
                known.get(value) if type(value) is str or type(value) is int else None
            ) or _bid(ctx, number, who, value)
            if who in side_set:
                if kind in (NIL, BNIL):
                    raise hand_error(
                        number, f"bids.{who}", f"{who} is a team: a nil is bid by a player, by name"
                    )
                team_bid[who] = (kind, n)
            elif who in side_of:
                if kind == NUM and n == 0 and nil_on:
                    kind = NIL
                if kind not in (NIL, BNIL):
                    raise hand_error(
                        number,
                        f"bids.{who}",
                        f"in partnership bidding {who} may bid only nil by name; "
                        f"the team bids its number",
                    )
                nils[side_of[who]].append((who, kind))
            else:
                raise hand_error(number, f"bids.{who}", f"unknown player or team {who} in bids")
        for side in sides:
            team_nils = tuple(nils[side])
            has_bnil = any(k == BNIL for _, k in team_nils) if team_nils else False
            all_nil = len(team_nils) == len(members[side])
            if side not in team_bid:
                if not all_nil:
                    raise hand_error(number, f"bids.{side}", f"no bid for {side}")
                if no_double:
                    _check_double_nil(ctx.rules, side, team_nils, number)
                out.append((None, False, team_nils, has_bnil))
                continue
            if all_nil:
                raise hand_error(
                    number, f"bids.{side}", f"every player of {side} bid nil: there is no team bid"
                )
            kind, n = team_bid[side]
            blind = kind in (BLIND, BNT)
            out.append((n, blind, team_nils, has_bnil or blind))
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
    nil_on = ctx.rules.zero_is_nil  # a player's 0 is a nil
    known = ctx.bids_read
    lo, within = _side_bid_range(ctx.rules, T)
    no_double = double_nil_barred(ctx.rules) and teams
    side_of = ctx.side_of
    # a player's own blind bid, in a team (Wikipedia's blind table: "if made exactly by that
    # player"): under the blind bonus scoring, the partner's bid beside it (house.py scores it)
    own_blind = ctx.rules.blind_scoring == "bonus"

    def read_player_bids(ctx: Context, state: State, hand: Hand, number: int) -> list[SideBid]:
        bids = hand.bids
        if bids is None:
            raise missing_field(number, "bids")
        if bids.keys() != player_set:
            for who in bids:
                if who not in player_set:
                    raise hand_error(number, f"bids.{who}", f"unknown player {who} in bids")
            missing = next(p for p in ctx.players if p not in bids)
            raise hand_error(number, f"bids.{missing}", f"no bid for {missing}")
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
                if kind in (BLIND, BNT):
                    if teams and not (kind == BLIND and own_blind):
                        raise hand_error(
                            number,
                            f"bids.{p}",
                            f"{p} bid {value}: a blind number is a side's whole bid, "
                            f"which needs partnership bidding",
                        )
                    if teams:  # Wikipedia's blind: "made exactly by that player" (house.py)
                        why = _blind_allowed(ctx, state, side_of[p])
                        if why is not None:
                            raise hand_error(number, f"bids.{p}", why)
                    else:
                        blind = True
                    any_blind = True
                contract += n
                has_number = True
            if has_number:
                out.append((contract, blind, side_nils, any_blind))
                if any_blind or not lo <= contract <= within:
                    check = True
            else:
                if no_double and len(side_nils) > 1:  # (a side of nils only: rare)
                    _check_double_nil(ctx.rules, side_of[members[0]], side_nils, number)
                out.append((None, blind, side_nils, any_blind))
                if any_blind:
                    check = True
        if check:
            _check_side_bids(ctx, state, out, number)
        return out

    return read_player_bids


def double_nil_barred(rules: Rules) -> bool:
    """Whether the rules value a double nil and let taking every trick win the game
    (``boston_wins`` any): the digest's double nil "only plays if the 13 trick game winning
    rule is not played", so a team's double nil is refused (``_check_double_nil``)."""
    return rules.double_nil_value is not None and rules.boston_wins == "any"


def _check_double_nil(
    rules: Rules, side: str, nils: tuple[tuple[str, str], ...], number: int
) -> None:
    """Refuse a team's double nil under ``double_nil_barred`` rules (a blind double nil of its
    own value, ``blind_double_nil_value``, is Wikipedia's and stays)."""
    if rules.blind_double_nil_value is not None and all(k == BNIL for _, k in nils):
        return
    raise hand_error(
        number,
        f"bids.{side}",
        f"{side} bid double nil: a double nil plays only without the rule that taking every "
        f"trick wins the game (boston_wins any)",
    )


def _side_bid_range(rules: Rules, T: int) -> tuple[int, int]:
    """(lo, hi): a side's bid from lo to hi passes every limit on a side's bid."""
    hi = rules.max_bid
    return rules.min_side_bid, T if hi is None else min(hi, T)


def _check_side_bids(ctx: Context, state: State, bids: list[SideBid], number: int) -> None:
    """Each side's bid read (in order) within the side limits, and blind only when allowed."""
    rules = ctx.rules
    T = ctx.T
    lo, within = _side_bid_range(rules, T)
    for side, (side_bid, blind, side_nils, any_blind) in zip(ctx.sides, bids):  # noqa: B905
        if any_blind:
            why = _blind_allowed(ctx, state, side)
            if why is not None:  # (a player's own blind number was checked as it was read)
                who = side if blind else next((p for p, k in side_nils if k == BNIL), side)
                raise hand_error(number, f"bids.{who}", why)
        if side_bid is None or lo <= side_bid <= within:
            continue
        why = side_bid_refused(rules, T, side, side_bid, blind)
        if why is not None:
            raise hand_error(number, f"bids.{side}", why)


def _bid(ctx: Context, number: int, who: str, value: object) -> tuple[str, int]:
    """Read one bid value and check it is allowed by the rules (eligibility aside). What it
    reads depends on the rules and the value alone: valid values are remembered for the game
    (``Context.bids_read``), so a hand's bid may skip this when it is known."""
    try:
        kind, n = read_bid(value)
    except GameError as e:
        said = e.message.replace(BID_KINDS, bid_kinds(ctx.rules), 1)
        raise hand_error(number, f"bids.{who}", f"{who}'s bid: {said}") from None
    rules = ctx.rules
    if kind in (NUM, BLIND, NT, BNT):
        if not 0 <= n <= ctx.T:
            raise hand_error(
                number, f"bids.{who}", f"{who}'s bid {shown(value)} is out of range (0 to {ctx.T})"
            )
        if kind == BLIND:
            if not rules.blind_bids:
                raise hand_error(number, f"bids.{who}", "blind bids are not allowed in these rules")
            if n < rules.blind_min:
                raise hand_error(
                    number,
                    f"bids.{who}",
                    f"{who} bid {value}: the smallest blind bid is {rules.blind_min}",
                )
        if kind == NT and not rules.no_trump:
            raise hand_error(number, f"bids.{who}", "No Trump bids are not allowed in these rules")
        if kind == BNT:
            if not rules.blind_no_trump:
                raise hand_error(
                    number, f"bids.{who}", "Blind No Trump bids are not allowed in these rules"
                )
            least = max(rules.blind_min - 1, 1)  # the digest: one less than a blind bid's
            if n < least:
                raise hand_error(
                    number,
                    f"bids.{who}",
                    f"{who} bid {value}: the smallest Blind No Trump bid is {least}",
                )
    elif kind == NIL:
        if not rules.nil:
            raise hand_error(number, f"bids.{who}", "nil bids are not allowed in these rules")
    elif not rules.blind_nil:
        raise hand_error(number, f"bids.{who}", "blind nil is not allowed in these rules")
    known = ctx.bids_read  # remembered by value (no bool: True would find 1), valid ones only
    if (type(value) is str or type(value) is int) and len(known) < _BIDS_READ_LIMIT:
        known[value] = (kind, n)
    return kind, n


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
