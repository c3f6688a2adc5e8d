"""The bound of an engine that compiles each game's rules into one function, for issue 22's
speed goal: the bench's two long games (bench_scoring's plain long game, and its every-rule
game, ``EVERY_NEW_RULE``) each scored by one function written by hand for its rules alone, as
such an engine would at best emit it: every option a constant, every rule the game leaves out
left out, every piece inline, no call per side.

These are measuring instruments, not an engine. They restate the rules of these two games on
purpose (the engine states each rule once, in scorekeeper/rules/): bench_scoring times them
beside the engine, and tests/test_bench.py holds their sheets to the engine's, hand for hand,
on several random games of each, so their figures are the bound of the same work. Each scores
valid games of its rules only (the engine's checks are written out as far as the bench's
games need: a valid game passes them) and refuses any other it can tell (``NotWritten``). Each
is one long function on purpose: a call is what they measure the absence of.

What they measured: docs/architecture.md, "The scoring engine's speed".
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import Game, Rules, rules_from_spec
from scorekeeper.rules.game import BNIL, LEXINGTON, MUCKED, NIL, NORMAL, NT, NUM, read_bid
from scorekeeper.rules.options import MAX_SCORE
from scorekeeper.rules.results import HandResult, NilResult, SideResult

# a running bonus and its ordinal, as the engine words them (each a call there as here)
from scorekeeper.rules.running import MAJORITY, PART_DEUX, RUBICON, _bonus, _nth
from scorekeeper.rules.specials import ExtraResult
from scorekeeper.rules.tenths import tenths
from scorekeeper.rules.tenths_sheet import TenthsSides

_new = tuple.__new__
# where a side's result holds what the running bonuses read and change
_POINTS, _SET, _TOTAL, _MADE, _TOWARD, _OVER, _EXTRAS, _KIND = (
    SideResult._fields.index(f)
    for f in ("points", "set", "total", "made", "toward", "overtricks", "extras", "kind")
)


class NotWritten(ValueError):
    """A game these functions were not written for: other rules or seats, an invalid hand, or
    a hand the bench's random hands never make (under the every-rule game's rules, a blind nil:
    they would take its bags away, which that function does not write out)."""


def score_plain_by_hand(game: Game) -> list[HandResult]:
    """The hands of ``game`` as ``score_game(game).hands`` gives them, for a valid game of four
    players in two teams under the usual rules (``Rules(target_score=MAX_SCORE)``), the
    bench's plain long game: player bids, nil and blind nil (blind only when 100 behind), tricks
    by player, by team or both, renege tricks, adjustments, misdeals, a start score."""
    rules = Rules(target_score=MAX_SCORE)
    if game.rules != rules or game.teams is None or len(game.teams) != 2:
        raise NotWritten("written for the bench's plain long game only")
    players = game.players
    sides = list(game.teams)
    members = [tuple(game.teams[s]) for s in sides]
    A, B = sides
    other = {A: B, B: A}
    index = {p: i for i, m in enumerate(members) for p in m}
    pset, sset = frozenset(players), frozenset(sides)
    start = game.start or {}
    totals = {s: start[s].score if s in start else 0 for s in sides}
    bags_now = {s: start[s].bags if s in start else 0 for s in sides}
    sets = {A: 0, B: 0}
    known: dict[Any, tuple[str, int]] = {}
    dealer = players.index(game.first_dealer)
    n_pl = len(players)
    out: list[HandResult] = []
    for number, hand in enumerate(game.hands, 1):
        if hand.misdeal:
            out.append(_new(HandResult, (number, players[dealer], True, hand.note, {}, False)))
            dealer = (dealer + 1) % n_pl
            continue
        bids, tricks = hand.bids, hand.tricks
        if bids is None or tricks is None or bids.keys() != pset:
            raise NotWritten(f"hand {number}: bids")
        side_bids = []
        for i in (0, 1):
            bid_sum = 0
            has = blind_nil = False
            nils: tuple[tuple[str, str], ...] = ()
            for p in members[i]:
                v = bids[p]
                if type(v) is int and 0 < v <= 13:
                    bid_sum += v
                    has = True
                    continue
                hit = known.get(v)
                if hit is None:
                    hit = known[v] = read_bid(v)
                bid_kind, n = hit
                if bid_kind == NUM and n == 0:
                    bid_kind = NIL
                if bid_kind in (NIL, BNIL):
                    nils = (*nils, (p, bid_kind))
                    if bid_kind == BNIL:
                        blind_nil = True
                    continue
                raise NotWritten(f"hand {number}: a bid of {v!r}")
            # blind nil only when 100 or more behind
            if blind_nil and totals[other[sides[i]]] - totals[sides[i]] < 100:
                raise NotWritten(f"hand {number}: blind nil")
            side_bids.append((bid_sum if has else None, nils))
        # tricks: by player, by team, or both
        taken = [0, 0]
        if tricks.keys() == pset:
            for p, n in tricks.items():
                if type(n) is not int or not 0 <= n <= 13:
                    raise NotWritten(f"hand {number}: tricks")
                taken[index[p]] += n
        else:
            covered = 0
            for who, n in tricks.items():
                if type(n) is not int or not 0 <= n <= 13:
                    raise NotWritten(f"hand {number}: tricks")
                if who in index:
                    taken[index[who]] += n
                    covered += 1
                elif who in sset:
                    i = sides.index(who)
                    if side_bids[i][1]:
                        raise NotWritten(f"hand {number}: a nil's tricks by team")
                    taken[i] += n
                    covered += 2
                else:
                    raise NotWritten(f"hand {number}: tricks")
            if covered != 4:
                raise NotWritten(f"hand {number}: tricks")
        if taken[0] + taken[1] != 13:
            raise NotWritten(f"hand {number}: tricks")
        given = hand.renege or None
        received: dict[str, int] | None = None
        if given is not None:
            received = {}
            for s, n in given.items():
                if s not in sset or type(n) is not int or not 0 <= n <= 13:
                    raise NotWritten(f"hand {number}: renege")
                received[other[s]] = received.get(other[s], 0) + n
        adjust = hand.adjust
        if adjust is not None and not adjust.keys() <= sset:
            raise NotWritten(f"hand {number}: adjust")
        results: dict[str, SideResult] = {}
        for i in (0, 1):
            side = sides[i]
            contract, nils = side_bids[i]
            own_taken = taken[i]
            add = adjust.get(side, 0) if adjust is not None else 0
            g = given.get(side, 0) if given else 0
            r = received.get(side, 0) if received else 0
            nil_results: tuple[NilResult, ...] = ()
            nil_points = ntk = 0
            for p, k in nils:
                took = tricks[p]
                ntk += took
                if k == NIL:
                    pts = 100 if took == 0 else -100
                    nil_results = (*nil_results, _new(NilResult, (p, "nil", took == 0, took, pts)))
                else:
                    pts = 200 if took == 0 else -200
                    one = _new(NilResult, (p, "blind nil", took == 0, took, pts))
                    nil_results = (*nil_results, one)
                nil_points += pts
            nil_bags = ntk
            if contract is not None:
                earned = own_taken - ntk - g
                if earned < 0:
                    earned = 0
                toward = earned + r
                kind: str | None = NORMAL
                made = toward >= contract
                if made:
                    over = earned - contract if earned > contract else 0
                    opoints = over
                    cpoints = 10 * contract
                else:
                    over = opoints = 0
                    cpoints = -10 * contract
            else:
                kind = made = None
                toward = over = cpoints = opoints = 0
            hand_bags = over + nil_bags
            points = cpoints + opoints + nil_points + add + nil_bags
            bags = bags_now[side] + hand_bags
            if bags >= 10:
                penalties = bags // 10
                bags -= penalties * 10
                penalty = penalties * 100
                points -= penalty
            else:
                penalties = penalty = 0
            total = totals[side] = totals[side] + points
            bags_now[side] = bags
            streak = sets[side] = sets[side] + 1 if made is False else 0
            results[side] = _new(SideResult, (
                contract, own_taken, points, hand_bags, penalty, made is False, total, bags, kind,
                False, made, toward, over, cpoints, opoints, False, False, nil_results, nil_bags,
                add, g, r, other[side] if g or r else None, penalties, streak, own_taken == 13,
                hand.note if add else None, (), (), rules,
            ))  # fmt: skip
        out.append(_new(HandResult, (number, players[dealer], False, hand.note, results, False)))
        dealer = (dealer + 1) % n_pl
    return out


def score_every_rule_by_hand(game: Game, rules_spec: dict[str, object]) -> list[HandResult]:
    """The hands of ``game`` as ``score_game(game).hands`` gives them, for a valid game of four
    players in two teams under ``rules_from_spec(rules_spec)``, the bench's EVERY_NEW_RULE."""
    rules: Rules = rules_from_spec(rules_spec)
    if game.rules != rules or game.teams is None or len(game.teams) != 2:
        raise NotWritten("written for the bench's every-rule game only")
    players = game.players
    sides = list(game.teams)
    members = {s: tuple(game.teams[s]) for s in sides}
    if sorted(p for m in members.values() for p in m) != sorted(players) or any(
        len(m) != 2 for m in members.values()
    ):
        raise NotWritten("two teams of two")
    A, B = sides
    ma, mb = members[A], members[B]
    other = {A: B, B: A}
    pset = frozenset(players)
    target = rules.target_score
    known: dict[Any, tuple[str, int]] = {}
    start = game.start or {}
    totals = {s: start[s].score if s in start else 0 for s in sides}
    bags_now = {s: start[s].bags if s in start else 0 for s in sides}
    sets = {A: 0, B: 0}
    top = max(0, max(totals.values()) // 1000)  # (a start score counts as reached; tenths)
    reached100, fell = {s for s, v in totals.items() if v >= 1000}, set()
    runs, sevens = {A: 0, B: 0}, {A: 0, B: 0}
    last: tuple[int | None, int | None] | None = None
    dealer = players.index(game.first_dealer)
    n_pl = len(players)
    out: list[HandResult] = []
    for number, hand in enumerate(game.hands, 1):
        if hand.misdeal:
            out.append(_new(HandResult, (number, players[dealer], True, hand.note, {}, False)))
            dealer = (dealer + 1) % n_pl
            continue
        bids, tricks = hand.bids, hand.tricks
        if bids is None or tricks is None or bids.keys() != pset or tricks.keys() != pset:
            raise NotWritten(f"hand {number}: each player's bid and tricks")
        # the bids: each side's contract, its nil, its No Trump, each partner's own bid
        side_bids = []
        total_bid = 0
        for side in sides:
            contract = 0
            has = False
            nils: tuple[tuple[str, str], ...] = ()
            nt = 0  # the players' own No Trump bids, added up (only they are doubled)
            nt_who: tuple[str, ...] = ()
            own: tuple[tuple[str, int, int], ...] = ()
            for p in members[side]:
                v = bids[p]
                if type(v) is int and 0 < v <= 13:
                    if v == 9:
                        raise NotWritten(f"hand {number}: a barred bid")
                    contract += v
                    has = True
                    own = (*own, (p, v, tricks[p]))
                    continue
                hit = known.get(v)
                if hit is None:
                    hit = known[v] = read_bid(v)
                kind, n = hit
                if kind == NUM and n == 0:
                    kind = NIL
                if kind == NIL:
                    nils = (*nils, (p, kind))
                    continue
                if (kind == NUM and n == 9) or kind not in (NUM, NT):
                    raise NotWritten(f"hand {number}: a bid of {v!r}")
                if kind == NT:
                    nt += n
                    nt_who = (*nt_who, f"{p}'s {n}")
                contract += n
                has = True
                own = (*own, (p, n, tricks[p]))
            if len(nils) != 1 or not has:
                raise NotWritten(f"hand {number}: Suicide")
            side_bids.append((contract, nils, nt, own, nt_who))
            total_bid += contract
        if total_bid == 13:
            raise NotWritten(f"hand {number}: the bids' total")
        ca, cb = side_bids[0][0], side_bids[1][0]
        if ca == cb:
            raise NotWritten(f"hand {number}: No Duplicate")
        if last is not None and (ca == last[1] or cb == last[0]):
            raise NotWritten(f"hand {number}: No Vice Versa")
        last = (ca, cb)
        for n in tricks.values():
            if type(n) is not int or not 0 <= n <= 13:
                raise NotWritten(f"hand {number}: tricks")
        taken = (tricks[ma[0]] + tricks[ma[1]], tricks[mb[0]] + tricks[mb[1]])
        if taken[0] + taken[1] != 13:
            raise NotWritten(f"hand {number}: tricks")
        given = hand.renege or None
        received: dict[str, int] | None = None
        if given is not None:
            received = {}
            for s, n in given.items():
                received[other[s]] = received.get(other[s], 0) + n
        mucked = given is not None and any(given.values())
        adjust = hand.adjust
        # each side's result as a list: the running bonuses below change its points, its
        # total and its extras before it is made a tuple, once
        vals: list[Any] = [None, None]
        for i in (0, 1):
            side = sides[i]
            contract, nils, nt, own, nt_who = side_bids[i]
            own_taken = taken[i]
            add = adjust.get(side, 0) if adjust is not None else 0
            g = given.get(side, 0) if given else 0
            r = received.get(side, 0) if received else 0
            lines: tuple[str, ...] = ()
            nil_results: tuple[NilResult, ...] = ()
            nil_points = ntk = 0
            lost_nils: tuple[NilResult, ...] = ()
            for p, _ in nils:  # each nil alone (Suicide: one a team, never a double nil)
                took = tricks[p]
                ntk += took
                if took == 0:
                    pts = 100
                    nil_results = (*nil_results, _new(NilResult, (p, "nil", True, 0, pts)))
                else:
                    pts = -10 * took  # a lost nil: 10 a trick (nil_penalty_per_trick)
                    lost = _new(NilResult, (p, "nil", False, took, pts))
                    nil_results = (*nil_results, lost)
                    lost_nils = (*lost_nils, lost)
                nil_points += pts
            nil_bags = ntk
            earned = own_taken - ntk - g
            if earned < 0:
                earned = 0
            toward = earned + r
            kind = NORMAL
            made: bool | None = toward >= contract
            over = earned - contract if earned > contract else 0
            extra = 0
            if g:
                made = False
            elif own_taken == 12:
                kind, made = LEXINGTON, True
            else:
                for p, bid, took in own:
                    if took < bid:
                        made = False
                        lines = (*lines, f"{p} bid {bid}, took {took}: set")
                for lost in lost_nils:
                    made = False
                    lines = (*lines, f"set by the lost nil of {lost.player}")
            if made:
                opoints = over
                cpoints = 10 * contract if kind == NORMAL else 240
            else:
                over = opoints = 0
                cpoints = -10 * contract
            if mucked:
                assert given is not None
                offenders = [s for s in sides if given.get(s)]
                over = opoints = nil_points = nil_bags = 0
                nil_results = ()
                if side in offenders:
                    cpoints = -10 * contract if kind == NORMAL else cpoints
                    shown = f"+{tenths(cpoints)}" if cpoints > 0 else str(tenths(cpoints))
                    lines = (f"renege: hand mucked, down the bid of {contract}: {shown}",)
                else:
                    cpoints = 0
                    lines = (f"renege by {' and '.join(offenders)}: hand mucked",)
                    made = None  # neither made nor set
                kind = MUCKED
            else:
                if kind == LEXINGTON:
                    over = opoints = 0
                if nt_who:  # the No Trump bidders' own share of the points, doubled
                    share = cpoints * nt // contract
                    said = f"{' and '.join(nt_who)}, {tenths(share)} x 2 = {tenths(2 * share)}"
                    lines = (*lines, f"No Trump {'made' if made else 'set'}: {said}")
                    cpoints += share
                if kind == NORMAL and made:
                    if toward == contract and contract < 3:
                        times = 6 if contract == 1 else 2
                        said = f"bid {contract} made exactly: {times} x {tenths(cpoints)}"
                        lines = (*lines, said)
                        cpoints *= times
                    if contract > 6:
                        extra += 10 * (contract - 6)
                        lines = (*lines, f"seven or higher: +{tenths(10 * (contract - 6))}")
                    if len(own) == 2 and own[0][1] == own[0][2] and own[1][1] == own[1][2]:
                        bonus = 10 * contract // 2 // 10 * 10
                        extra += bonus
                        said = f"each partner made their own bid exactly: +{tenths(bonus)}"
                        lines = (*lines, said)
                if made is False:
                    for p, bid, took in own:
                        if took > bid:
                            over += took - bid
                            opoints += took - bid
                            lines = (*lines, f"{p} {took - bid} over: +{tenths(took - bid)}")
                for lost in lost_nils:
                    nil_bags = max(nil_bags - lost.tricks, 0)
                    lines = (*lines, f"{lost.player} {lost.kind} lost: {lost.tricks} x -1.0")
            hand_bags = over + nil_bags
            points = cpoints + opoints + nil_points + extra + nil_bags + add
            bags = bags_now[side] + hand_bags
            if bags >= 10:
                penalties = bags // 10
                bags -= penalties * 10
                penalty = penalties * 100
                points -= penalty
            else:
                penalties = penalty = 0
            total = totals[side] = totals[side] + points
            bags_now[side] = bags
            streak = sets[side] = sets[side] + 1 if made is False else 0
            vals[i] = [
                contract, own_taken, points, hand_bags, penalty, made is False, total, bags, kind,
                False, made, toward, over, cpoints, opoints, False, False, nil_results, nil_bags,
                add, g, r, other[side] if g or r else None, penalties, streak, own_taken == 13,
                hand.note if add else None, (), lines, rules,
            ]  # fmt: skip
        # the running bonuses: Broken Contract first, then the Rubicon, Majority, Part Deux
        gifts: list[list[ExtraResult]] = [[], []]
        gained_by = [0, 0]
        for i in (0, 1):
            v = vals[i]
            c = v[0]
            if v[_MADE] and v[_OVER]:
                line, pts = f"{sides[i]} {v[_OVER]} over", 10 * v[_OVER]
            elif v[_SET] and v[_TOWARD] < c:
                short = c - v[_TOWARD]
                line, pts = f"{sides[i]} {short} short", 10 * short
            else:
                continue
            gifts[1 - i].append(_bonus(line, pts))
            gained_by[1 - i] += pts
        top_before = top
        for i in (0, 1):
            side = sides[i]
            v = vals[i]
            took = taken[i]
            if v[_KIND] == MUCKED:  # a mucked hand counts no tricks
                took = 0
            elif given is not None:  # the tricks after renege
                g = given.get(side, 0)
                r = received.get(side, 0) if received else 0
                took = max(took - g, 0) + r
            extras = gifts[i]
            gained = gained_by[i]
            mine: list[ExtraResult] = []
            own_gained = 0
            in_row = runs[side] = runs[side] + 1 if 2 * took > 13 else 0
            if in_row >= 2:
                mine.append(_bonus(f"{MAJORITY}, {in_row} hands in a row", 5 * (in_row - 1)))
                own_gained += 5 * (in_row - 1)
            if took >= 7:
                times = sevens[side] = sevens[side] + 1
                mine.append(_bonus(f"{PART_DEUX}, {_nth(times)} time", 10 * times))
                own_gained += 10 * times
            extras += mine
            gained += own_gained
            total = totals[side] + gained
            marks = total // 1000
            if marks > top_before:
                first = (
                    f"first to {marks * 100}"
                    if marks - top_before == 1
                    else f"first to {(top_before + 1) * 100}-{marks * 100}"
                )
                extras.append(_bonus(f"{RUBICON}, {first}", 5 * (marks - top_before)))
                gained += 5 * (marks - top_before)
            if total >= 1000:
                reached100.add(side)
            elif side in reached100 and side not in fell:
                fell.add(side)
                extras.append(_bonus(f"{RUBICON}, fell below 100", -5))
                gained -= 5
            if extras:
                v[_TOTAL] = totals[side] = totals[side] + gained
                v[_POINTS] += gained
                v[_EXTRAS] = tuple(extras)
        for side in sides:  # what the hand reached, its bonuses too
            if totals[side] >= 1000:
                reached100.add(side)
            top = max(top, totals[side] // 1000)
        results = {A: _new(SideResult, vals[0]), B: _new(SideResult, vals[1])}
        # in tenths (score_tenths), as the engine's sheet holds them: read lazily
        out.append(
            _new(HandResult, (number, players[dealer], False, hand.note, TenthsSides(results),
                              False))
        )  # fmt: skip
        dealer = (dealer + 1) % n_pl
        if max(totals.values()) >= target:
            if number != len(game.hands):
                raise NotWritten(f"hand {number}: the game ended")
            break
    return out
