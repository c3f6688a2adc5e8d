"""House rules of contracts (issue 22, part C): what the rules texts do to a contract that the
plain statement in contracts.py does not, as two pieces the sides scorer calls only when the
game's rules have any of them (``house_rules`` gives None otherwise, so a side under plain
rules skips them with one test: tests/rules/test_fast_path.py).

- ``made``: whether a contract is made, after the plain and special rules: a Lexington taken
  (``lexington`` "take"), each partner's own bid (``partner_bids``), a lost nil that sets the
  partner (``nil_fail_sets_partner``), a renege that mucks the hand (``renege_mucks``);
- ``points``: once the contract's points are known, what the rules change or add, in this order
  (docs/contract.md, section 2, "House rules of contracts"): a mucked hand; a Lexington taken;
  No Trump; a small bid made exactly; seven or higher; the blind bonus; Highlander's overtricks
  of a set side; a lost nil's cost per trick; no bags on a blind nil hand; the opponents' bonus
  for a double nil both bidders broke. Each change says itself in a why-line.

Points beyond the contract's, its bags and its nils ride in the nil points (the sum the sides
scorer adds as it is), so the one statement of a side's points stays the sides scorer's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from operator import attrgetter
from typing import Any

from .game import BLIND, BNT, LEXINGTON, MUCKED, NORMAL, NT, NUM, VOID, read_bid
from .options import Rules, at_defaults
from .results import NilResult, SideBid
from .tenths import tenths

_new = tuple.__new__

Lines = tuple[str, ...]
MadeRule = Callable[
    [str, int, str, bool, int, tuple[NilResult, ...], Mapping[str, int], Any, int],
    tuple[str, bool],
]
PointsResult = tuple[str | None, int, int, int, tuple[NilResult, ...], int, int, Lines]
PointsRule = Callable[..., PointsResult]

_KIND = attrgetter("kind")
SMALL_BID_TIMES = {1: 6, 2: 2}  # exact_small_bids: bid 1 made exactly x6, bid 2 x2


HOUSE_OPTIONS = at_defaults(
    "no_trump", "blind_scoring", "double_nil_opponents_bonus", "seven_or_higher_value",
    "exact_small_bids", "nil_penalty_per_trick", "partner_bids", "nil_fail_sets_partner",
    "blind_nil_no_bags", "renege_mucks", "both_exact_bonus", "renege_voids",
)  # fmt: skip


def uses_house_rules(rules: Rules) -> bool:
    """Whether the rules have any house rule of contracts (else the sides scorer skips them):
    an option of them away from its default (No Trump; the blind bonus; the opponents' bonus
    for a double nil broken by both; seven or higher; exact small bids; a lost nil's cost per
    trick; each partner's own bid; a lost nil setting the partner; no bags on a blind nil hand;
    a renege that mucks the hand; each partner exact), or a Lexington taken."""
    _, read, defaults = HOUSE_OPTIONS
    return read(rules) != defaults or rules.lexington == "take"


def _pts(n: int | Decimal) -> str:
    return f"+{n}" if n > 0 else str(n)


Say = Callable[[int], int | Decimal]  # points as the game's sheet counts them (tenths.py)


def _say(rules: Rules) -> Say:
    """How the why-lines say the engine's points: as they are, or under ``score_tenths`` as
    the decimals of their tenths ("No Trump made: 2 x 7.0"), as the sheet shows its scores."""
    return tenths if rules.score_tenths else int


def _number_bid(value: object) -> tuple[str, int]:
    """A bid value as (kind, n), or ("", 0) for what is not a bid (checked before: never)."""
    try:
        return read_bid(value)
    except Exception:  # noqa: BLE001 -- the bid reader has refused it already
        return "", 0


def house_rules(
    rules: Rules, T: int, sides: Sequence[str], members: Mapping[str, tuple[str, ...]]
) -> tuple[MadeRule, PointsRule] | None:
    """The game's two pieces (``made``, ``points``), or None when its rules have none of them."""
    if not uses_house_rules(rules):
        return None
    r = rules
    # the made piece's why-lines and its reading of the side's bids, for the points piece
    pending: dict[str, tuple[Lines, SideReading]] = {}
    own = r.partner_bids
    ov, tv = r.overtrick_value, r.trick_value
    zero_is_nil = (r.nil or r.blind_nil) and r.zero_bid == "nil"
    # the options, read once a game (the pieces below run for every side of every hand)
    mucks, lex_take, no_trump = r.renege_mucks, r.lexington == "take", r.no_trump
    small, seven = r.exact_small_bids, r.seven_or_higher_value
    blind_bonus = r.blind_bonus if r.blind_scoring == "bonus" else None
    per_trick, bnil_no_bags = r.nil_penalty_per_trick, r.blind_nil_no_bags
    broken, sets_partner = r.double_nil_opponents_bonus, r.nil_fail_sets_partner
    both_exact, voids = r.both_exact_bonus, r.renege_voids
    nt_times = _no_trump_times(r)  # No Trump's and Blind No Trump's multipliers
    nt_bidder = r.no_trump_scope == "bidder"  # only the No Trump bidder's own bid multiplied
    reads_own = no_trump or own == "highlander" or both_exact  # each partner's bid and tricks
    read_side = _side_reader(sides, members, zero_is_nil, r.bidding == "partnership")
    partnered = {side for side in sides if len(members[side]) > 1}  # of two players or more
    own_bids, exactly = own != "team", own == "each exactly"
    own_blind = blind_bonus is not None and r.bidding != "partnership"  # a player's (bids.py)
    reads = reads_own or own_bids  # a side's bids read by the made piece (once a side a hand)
    say = _say(r)  # the points a why-line names, in the sheet's units

    def made_rule(
        side: str,
        contract: int,
        kind: str,
        made: bool,
        own_taken: int,
        nils: tuple[NilResult, ...],
        tricks: Mapping[str, int],
        bids: Any,
        given: int,
    ) -> tuple[str, bool]:
        lines: Lines = ()
        mine = read_side(side, bids, tricks) if reads else _UNREAD
        if mucks and given:
            made = False
        elif voids and given:  # a renege voids the contract: the points piece scores it 0
            pass
        elif lex_take and own_taken == T - 1:
            kind, made = LEXINGTON, True
        else:
            if own_bids and side in partnered:
                for p, bid, took in mine[1]:
                    if took < bid or (exactly and took != bid):
                        made = False
                        lines = (*lines, f"{p} bid {bid}, took {took}: set")
            if sets_partner:
                for n in nils:
                    if not n.made and n.kind != "double nil":
                        made = False
                        lines = (*lines, f"set by the lost nil of {n.player}")
        pending[side] = lines, mine  # (the points piece of this side takes them next)
        return kind, made

    def points_rule(
        side: str,
        side_bids: Sequence[SideBid],
        contract: int | None,
        kind: str | None,
        blind: bool,
        made: bool | None,
        toward: int,
        over: int,
        cpoints: int,
        opoints: int,
        nils: tuple[NilResult, ...],
        nil_points: int,
        nil_bags: int,
        tricks: Mapping[str, int],
        bids: Any,
        given: Mapping[str, int] | None,
    ) -> PointsResult:
        # (a side with a contract went through the made piece; one without has no bids read)
        lines, mine = pending.pop(side, _NOTHING_PENDING)
        if given:  # a hand with a renege: mucked (renege_mucks) or a contract void
            if mucks and any(given.values()):
                return _mucked(sides, tv, side, contract, kind, blind, cpoints, given, say)
            if voids and contract is not None and given.get(side):  # (renege_voids)
                line = f"renege: the bid of {contract} is void: 0"
                return VOID, 0, 0, 0, nils, nil_points, nil_bags, (*lines, line)
        extra = 0
        if lex_take and kind == LEXINGTON:
            over = opoints = 0
        if contract is not None and kind is not None:
            if mine[0]:  # a No Trump bid (the bid reader refuses one under rules without)
                cpoints, lines = _no_trump(
                    mine[0], contract, cpoints, made, nt_times, mine[2] if nt_bidder else (),
                    lines, say,
                )  # fmt: skip
            plain = kind == NORMAL and not blind
            if small and plain and made and toward == contract:
                times = SMALL_BID_TIMES.get(contract, 1)
                if times > 1:
                    lines = (*lines, f"bid {contract} made exactly: {times} x {say(cpoints)}")
                    cpoints *= times
            if seven and kind == NORMAL and made and contract > 6:
                bonus = seven * (contract - 6)
                extra += bonus
                lines = (*lines, f"seven or higher: +{say(bonus)}")
            if own_blind and not blind:  # each partner's own blind bid (bids.py: one of a team)
                blinds = _players_bids(members[side] if side in partnered else (), bids, BLIND)
                if blinds:
                    extra, lines = _own_blinds(blinds, tricks, blind_bonus or 0, extra, lines, say)
            if blind and blind_bonus is not None:
                delta, outcome, worth = _blind_bonus(toward, contract, blind_bonus, say)
                extra += delta
                lines = (*lines, f"blind {outcome}: {worth}")
            if both_exact and made and plain:
                extra, lines = _both_exact(
                    mine[1], len(members[side]), tv, contract, extra, lines, say
                )
            if own == "highlander" and made is False:
                over, opoints, lines = _highlander_overs(mine[1], ov, over, opoints, lines, say)
        if per_trick is not None and nils:
            nils, nil_points, nil_bags, lines = _nils_per_trick(
                nils, nil_points, nil_bags, lines, per_trick, say
            )
        if bnil_no_bags and over + nil_bags and _has_blind_nil(nils):
            count = over + nil_bags
            moved = ov * nil_bags  # the nil tricks' points stay, as points, not bags
            worth = _pts(say(opoints + moved))
            lines = (*lines, f"blind nil hand: {count} over {worth}, no bags")
            extra += moved  # the overtricks keep their points (opoints), the nil tricks theirs
            over = nil_bags = 0
        if broken is not None:  # each other side's double nil both its bidders broke
            for other, (_, _, other_nils, _) in zip(sides, side_bids):  # noqa: B905
                if (
                    len(other_nils) > 1
                    and other != side
                    and _both_broke(members[other], other_nils, tricks)
                ):
                    extra += broken
                    lines = (*lines, f"double nil broken by both: +{say(broken)}")
        return kind, over, cpoints, opoints, nils, nil_points + extra, nil_bags, lines

    return made_rule, points_rule


Own = tuple[tuple[str, int, int], ...]  # (player, bid, tricks) of each partner bidding a number
# a side's No Trump kind (NT, BNT or ""), its partners' own bids, and its players' own No Trump
# bids (player, n) in a side of two or more (a team's, or a lone player's, is its whole contract)
SideReading = tuple[str, Own, tuple[tuple[str, int], ...]]
SideReader = Callable[[str, Any, Mapping[str, int]], SideReading]
_UNREAD: SideReading = ("", (), ())  # a side's bids not read (the rules need none of them)
_NOTHING_PENDING: tuple[Lines, SideReading] = ((), _UNREAD)


def _side_reader(
    sides: Sequence[str],
    members: Mapping[str, tuple[str, ...]],
    zero_is_nil: bool,
    team_bids: bool,
) -> SideReader:
    """The pieces' reading of a side's bids in a hand: (its No Trump bid's kind, NT or BNT, or
    "", each partner's bid and tricks), read once a side a hand (by the made piece, which hands
    it to the points piece) and each bid value said in words once a game."""
    players = {p for side in sides for p in members[side]}
    # a team's own key is read when it may bid (partnership bidding; not under player bidding,
    # whose bids are the players' alone, unless the team has a player's name)
    keys = {side: (side, *members[side]) if team_bids or side in players else members[side]
            for side in sides}  # fmt: skip
    numbered = (NUM, NT, BLIND, BNT)
    single = {side: len(members[side]) == 1 for side in sides}  # a side of one player
    read: dict[str, tuple[str, int]] = {}  # bid values said in words, read (valid ones: checked)

    def read_side(side: str, bids: Any, tricks: Mapping[str, int]) -> SideReading:
        if bids is None:
            return _UNREAD
        nt = ""
        numbers: Own = ()
        nt_own: tuple[tuple[str, int], ...] = ()
        for key in keys[side]:
            value = bids.get(key)
            if value is None:
                continue
            if type(value) is int:  # a number: a partner's own (0 is a nil, if nil is on)
                if key != side and (value or not zero_is_nil):
                    numbers = (*numbers, (key, value, tricks.get(key, 0)))
                continue
            hit = read.get(value) if type(value) is str else None
            if hit is None:
                hit = _number_bid(value)
                if type(value) is str and len(read) < 256:
                    read[value] = hit
            kind, n = hit
            if kind in (NT, BNT):
                nt = kind
                if key != side and not single[side]:
                    nt_own = (*nt_own, (key, n))
            if key != side and kind in numbered and (n or kind != NUM or not zero_is_nil):
                numbers = (*numbers, (key, n, tricks.get(key, 0)))
        return nt, numbers, nt_own

    return read_side


NoTrumpTimes = dict[str, tuple[tuple[int, int], tuple[int, int]]]
_NO_TRUMP_WORDS = {NT: "No Trump", BNT: "Blind No Trump"}


def _no_trump_times(r: Rules) -> NoTrumpTimes:
    """Per No Trump kind, made and set: (the multiplier its points carry from steps 5 and 6,
    its own). A No Trump bid's carry none (1); a Blind No Trump bid's carry the blind one (1
    under the blind bonus scoring), which its own replaces."""
    bonus = r.blind_scoring == "bonus"
    return {
        NT: ((1, r.no_trump_win_multiplier), (1, r.no_trump_loss_multiplier)),
        BNT: ((1 if bonus else r.blind_win_multiplier, r.blind_no_trump_win_multiplier),
              (1 if bonus else r.blind_loss_multiplier, r.blind_no_trump_loss_multiplier)),
    }  # fmt: skip


def _no_trump(
    kind: str,
    contract: int,
    cpoints: int,
    made: bool | None,
    times: NoTrumpTimes,
    own: tuple[tuple[str, int], ...],
    lines: Lines,
    say: Say,
) -> tuple[int, Lines]:
    """A No Trump contract (``no_trump``): its points x its multiplier ("No Trump made: bid 6,
    60 x 2 = 120"); with ``own`` (``no_trump_scope`` "bidder": the partners' own No Trump bids,
    pagat's "the value of the bid is double", Wikipedia's "each trick taken by that player as
    double") only their share of the contract's points (n / contract of them) is multiplied, the
    partner's bid counts once ("No Trump made: Ann's 4, 40 x 2 = 80"). A Blind No Trump one
    (``blind_no_trump``): its points as a blind bid with its own multiplier in place of the
    blind one (pagat, the digest: "triple the basic amount")."""
    carried, times_own = times[kind][0] if made else times[kind][1]
    base = cpoints // carried  # exact: a blind contract's points are its value x the carried
    words = f"{_NO_TRUMP_WORDS[kind]} {'made' if made else 'set'}"
    if own and kind == NT:
        if len(own) == 1:  # (one No Trump bidder: the usual case)
            p, n = own[0]
            who = f"{p}'s {n}"
        else:
            n = sum(bid for _, bid in own)
            who = " and ".join(f"{p}'s {bid}" for p, bid in own)
        share = base * n // contract if contract else 0
        line = f"{words}: {who}, {say(share)} x {times_own} = {say(share * times_own)}"
        return base - share + share * times_own, (*lines, line)
    bid = f"{'blind' if kind == BNT else 'bid'} {contract}"
    line = f"{words}: {bid}, {say(base)} x {times_own} = {say(base * times_own)}"
    return base * times_own, (*lines, line)


def _players_bids(players: tuple[str, ...], bids: Any, kind: str) -> tuple[tuple[str, int], ...]:
    """The players' own bids of ``kind`` (BLIND) in a side of two or more: (player, n), read
    again only under the rules they count in (the blind bonus scoring), not for every side."""
    out: tuple[tuple[str, int], ...] = ()
    if bids is None:
        return out
    for p in players:
        value = bids.get(p)
        if type(value) is str:
            read, n = _number_bid(value)
            if read == kind:
                out = (*out, (p, n))
    return out


def _own_blinds(
    blinds: tuple[tuple[str, int], ...],
    tricks: Mapping[str, int],
    bonus: int,
    extra: int,
    lines: Lines,
    say: Say,
) -> tuple[int, Lines]:
    """A player's own blind bid in a team (``blind_scoring`` bonus), "made exactly by that
    player" (Wikipedia's blind table): the blind bonus on that player's own tricks."""
    for p, bid in blinds:
        took = tricks.get(p, 0)
        delta, outcome, worth = _blind_bonus(took, bid, bonus, say)
        extra += delta
        took_words = "" if took == bid else f", took {took}"
        lines = (*lines, f"{p} blind {bid} {outcome}{took_words}: {worth}")
    return extra, lines


def _blind_bonus(took: int, bid: int, bonus: int, say: Say) -> tuple[int, str, str]:
    """The blind bonus (``blind_scoring`` bonus), a side's blind bid and a player's own alike,
    from Wikipedia's blind table: made exactly, the bonus; "failing to make the bid results in
    the bonus being subtracted"; over it, nothing. The points, the outcome and its worth in
    words."""
    if took == bid:
        return bonus, "made exactly", f"+{say(bonus)}"
    if took < bid:
        return -bonus, "short", f"-{say(bonus)}"
    return 0, "over", "0"


def _highlander_overs(
    partners: tuple[tuple[str, int, int], ...],
    ov: int,
    over: int,
    opoints: int,
    lines: Lines,
    say: Say,
) -> tuple[int, int, Lines]:
    """Highlander, a set side: each partner who took more than their own bid scores its
    overtricks, which are the side's bags."""
    for p, bid, took in partners:
        if took > bid:
            over += took - bid
            opoints += ov * (took - bid)
            lines = (*lines, f"{p} {took - bid} over: {_pts(say(ov * (took - bid)))}")
    return over, opoints, lines


def _both_exact(
    partners: tuple[tuple[str, int, int], ...],
    players: int,
    tv: int,
    contract: int,
    extra: int,
    lines: Lines,
    say: Say,
) -> tuple[int, Lines]:
    """Wikipedia's Individual Team Players (``both_exact_bonus``): when every partner of a team
    bid a number and took exactly it, half the bid's value, rounded down to a whole trick's
    value (bid 7: 70 / 2 = 35, rounded down to 30)."""
    if players < 2 or len(partners) != players or any(t != b for _, b, t in partners):
        return extra, lines
    bonus = tv * contract // 2 // tv * tv if tv else 0
    return extra + bonus, (*lines, f"each partner made their own bid exactly: +{say(bonus)}")


def _nils_per_trick(
    nils: tuple[NilResult, ...], nil_points: int, nil_bags: int, lines: Lines, per: int, say: Say
) -> tuple[tuple[NilResult, ...], int, int, Lines]:
    """A lost nil (not a double nil) costs ``per`` a trick taken; those tricks are not bags."""
    out: tuple[NilResult, ...] = ()
    for n in nils:
        if n.made or n.kind == "double nil":
            out = (*out, n)
            continue
        cost = -per * n.tricks
        nil_points += cost - int(n.points)  # the engine counts in ints
        nil_bags = max(nil_bags - n.tricks, 0)
        lines = (*lines, f"{n.player} {n.kind} lost: {n.tricks} x -{say(per)}")
        out = (*out, _new(NilResult, (n.player, n.kind, False, n.tricks, cost)))
    return out, nil_points, nil_bags, lines


def _has_blind_nil(nils: tuple[NilResult, ...]) -> bool:
    """Whether a side's nils hold a blind nil (``blind_nil_no_bags``; read in C, no generator
    to make for every side)."""
    return "blind nil" in map(_KIND, nils)


def _both_broke(
    team: tuple[str, ...], nils: tuple[tuple[str, str], ...], tricks: Mapping[str, int]
) -> bool:
    """Whether every player of a team of two or more bid nil and each took a trick."""
    return len(team) >= 2 and len(nils) == len(team) and all(tricks.get(p, 0) for p, _ in nils)


def _mucked(
    sides: Sequence[str],
    tv: int,
    side: str,
    contract: int | None,
    kind: str | None,
    blind: bool,
    cpoints: int,
    given: Mapping[str, int],
    say: Say,
) -> PointsResult:
    """A hand a renege mucked (``renege_mucks``): the offender goes down its bid, the others
    score nothing."""
    offenders = [s for s in sides if given.get(s)]
    if side in offenders:
        if contract is None:
            return MUCKED, 0, 0, 0, (), 0, 0, ("renege: hand mucked, no bid to go down",)
        lost = -tv * contract if kind == NORMAL and not blind else cpoints
        line = f"renege: hand mucked, down the bid of {contract}: {_pts(say(lost))}"
        return MUCKED, 0, lost, 0, (), 0, 0, (line,)
    return MUCKED, 0, 0, 0, (), 0, 0, (f"renege by {' and '.join(offenders)}: hand mucked",)
