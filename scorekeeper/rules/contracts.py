"""Contracts: the sides scorer (``score_sides_with``) scores each side of a checked hand: its
nils (a team's double nil is ``_double_nil_scorer``), its contract (a plain bid's rules first,
then the rules that change whether it is made, ``special_contracts``, which a side skips with
one test when the game's rules have none of them: the fast path is the statement itself, not a
copy, tests/rules/test_fast_path.py), its bags and the bag limit, the running total and the run
of sets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .game import BNIL, LEXINGTON, MOON, MUCKED, NIL, NO_BIDS, NORMAL, TEN, VOID, Hand
from .house import house_rules
from .options import Rules, at_defaults
from .results import NilResult, SideBid, SideResult
from .specials import ExtraResult, HandExtras, extras_scorer, made_exactly
from .state import SidesScorer

if TYPE_CHECKING:
    from .state import Context, State

_new = tuple.__new__  # builds result tuples without the NamedTuple constructor's cost
_NO_EXTRAS: tuple[ExtraResult, ...] = ()  # a side's specials and bonuses in the usual hand
_NONE_LISTED = extras_scorer(Rules(), 4)  # the specials and bonuses of rules that list none
_NO_NILS: tuple[tuple[NilResult, ...], int, int, int] = ((), 0, 0, 0)  # a side without nils
_NEVER = 1 << 62  # a bag limit that is never reached (no bag limit)


def score_sides_with(ctx: Context) -> SidesScorer:
    """Each side's result for a checked hand (its nils, its contract, its bags and the bag
    limit, the running total, the run of sets; ``state`` moves on), the contract rules stated
    once: the module's docstring says how."""
    rules, T, sides, other, target = ctx.rules, ctx.T, ctx.sides, ctx.other, ctx.target
    members, double, nil_values = ctx.members, _double_nil_scorer(rules), _nil_values(rules)
    nil_bags_always, nil_contract = rules.nil_tricks == "bags", rules.nil_tricks == "contract"
    limit = _NEVER if rules.bag_limit is None else rules.bag_limit
    tv, ov, bag_penalty = rules.trick_value, rules.overtrick_value, rules.bag_penalty
    special, special_made = special_contracts(rules, T)
    set_penalty, double_back = rules.set_penalty, rules.double_back
    win_times, loss_times, blind_overtricks, made_value, lost_value = _contract_values(rules)
    # a race: a hand without bids scores 1 to a side that took this many; a renege's overtricks
    race, renege_taken = rules.race_tricks, rules.renege_overtricks == "taken"
    listed = rules.specials or rules.bonuses  # specials and bonuses (specials.py)
    side_extras = extras_scorer(rules, len(ctx.players)) if listed else _NONE_LISTED
    house = house_rules(rules, T, sides, members) if ctx.variants else None  # (house.py)
    house_made, house_points = house or (None, None)
    # what may change whether a bid is made, or its overtricks (renege_overtricks "taken")
    changes = special or house_made is not None or renege_taken

    def score_sides(  # (the arguments as SidesScorer names them)
        state: State, side_bids: Sequence[SideBid], taken: list[int], tricks: dict[str, int],
        given: dict[str, int] | None, received: dict[str, int] | None,
        adjust: dict[str, int] | None, no_bids: bool, hand: Hand, extras: HandExtras | None,
    ) -> dict[str, SideResult]:  # fmt: skip
        totals, bags_now, sets = state.totals, state.bags, state.sets_in_row
        results: dict[str, SideResult] = {}
        g = r = add = 0
        extra = _NO_EXTRAS  # a side's specials and bonuses: set for each side when the hand has any
        house: tuple[str, ...] = ()  # the house rules' why-lines: set for each side under them
        dback = over_set = False  # only special_made makes them true, and then it sees every bid
        reached = False
        for side, (contract, blind, nils, _), own_taken in zip(sides, side_bids, taken):  # noqa: B905
            if given is not None:
                g = given.get(side, 0)
                r = received.get(side, 0) if received else 0
            if adjust is not None:
                add = adjust.get(side, 0)
            if nils:
                scored = None
                if double is not None and len(nils) >= 2 and len(nils) == len(members[side]):
                    scored = double(side, nils, tricks)
                if scored is not None:
                    nil_results, nil_points, nt = scored
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
                nil_results, nil_points, nt, nil_bags = _NO_NILS
            if contract is not None:
                earned = own_taken - g if nil_contract else own_taken - nt - g
                if earned < 0:
                    earned = 0
                toward = earned + r
                kind = NORMAL  # made or set, and the overtricks (bags only when made)
                made = toward >= contract
                over = earned - contract if earned > contract else 0
                if changes or blind:  # (one test for a side under plain rules)
                    if renege_taken and g:  # a renege's overtricks: the tricks it took
                        took = own_taken if nil_contract else own_taken - nt
                        over = took - contract if took > contract else 0
                    if special or blind:
                        kind, made, dback, over_set = special_made(
                            contract, blind, toward, earned, over, made
                        )
                    if house_made is not None:
                        kind, made = house_made(side, contract, kind, made, own_taken,
                                                nil_results, tricks, hand.bids, g)  # fmt: skip
                if made:  # the contract's points and the overtricks'
                    opoints = ov * over
                    cpoints = tv * contract if kind == NORMAL else made_value[kind]
                    if blind:
                        cpoints *= win_times
                        if blind_overtricks == "none":
                            over = opoints = 0
                        elif blind_overtricks == "penalty":
                            opoints = -win_times * tv * over
                else:  # set: what it loses
                    over = opoints = 0
                    if dback:
                        cpoints = -double_back * tv * contract
                    elif kind != NORMAL:
                        cpoints = -lost_value[kind] * (loss_times if blind else 1)
                    elif blind:
                        cpoints = -tv * contract * loss_times
                    elif set_penalty == "bid":
                        cpoints = -tv * contract
                    elif set_penalty == "shortfall":  # (none short of it: the whole bid)
                        cpoints = -tv * (contract - toward if toward < contract else contract)
                    else:
                        cpoints = 0
            elif no_bids:
                kind, made, over, opoints, dback, over_set = NO_BIDS, None, 0, 0, False, False
                toward = max(own_taken - g, 0) + r
                cpoints = tv * toward if race is None else 1 if toward >= race else 0
            else:
                kind, made = None, None
                toward = over = cpoints = opoints = 0
                dback = over_set = False
            if house_points is not None:
                kind, over, cpoints, opoints, nil_results, nil_points, nil_bags, house = (
                    house_points(
                        side, side_bids, contract, kind, blind, made, toward, over, cpoints,
                        opoints, nil_results, nil_points, nil_bags, tricks, hand.bids, given,
                    )
                )  # fmt: skip
                if given is not None and ((kind == MUCKED and not g) or kind == VOID):
                    made = None  # mucked: only the side that reneged is set; void: neither
            if extras is not None:  # specials and bonuses (rules/specials.py)
                exact = cpoints if made_exactly(contract, made, toward, bool(nils), nt) else None
                extra, epoints, over, opoints = side_extras(side, extras, exact, over, opoints)
                nil_points += epoints  # rides with the nils' points, as the house rules' do
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
                hand.note if add else None, extra, house, rules,  # extras, house lines, its rules
            ))  # fmt: skip
        state.reached = reached
        return results

    return score_sides


def _contract_values(
    rules: Rules,
) -> tuple[int, int, str, dict[str, int], dict[str, int]]:
    """What the sides scorer reads of the rules for a contract's points: (a made blind bid's
    multiplier, a set one's, what its overtricks do, the points of a contract of each kind
    other than a plain bid when made, and what each loses when set)."""
    win_times, loss_times = rules.blind_win_multiplier, rules.blind_loss_multiplier
    blind_overtricks = rules.blind_overtricks
    if rules.blind_scoring == "bonus":  # a blind bid scores as a plain one, plus its bonus
        win_times = loss_times = 1
        blind_overtricks = "bags"
    if not (rules.moon or rules.ten_for_200 or rules.lexington is not None):
        return win_times, loss_times, blind_overtricks, _NO_KINDS, _NO_KINDS  # every bid plain
    ten, lex = rules.ten_for_200_value, rules.lexington_value
    made = {
        TEN: ten,
        LEXINGTON: lex,
        MOON: 0 if rules.moon_value == "win" else int(rules.moon_value),
    }
    lost = {
        TEN: ten if rules.ten_for_200_penalty is None else rules.ten_for_200_penalty,
        LEXINGTON: lex if rules.lexington_penalty is None else rules.lexington_penalty,
        MOON: rules.moon_penalty,
    }
    return win_times, loss_times, blind_overtricks, made, lost


_NO_KINDS: dict[str, int] = {}  # rules without contracts of their own kind (moon, ten, Lexington)


SpecialMade = Callable[[int, bool, int, int, int, bool], tuple[str, bool, bool, bool]]
_SPECIAL_OPTIONS = at_defaults(
    "moon",
    "ten_for_200",
    "lexington",
    "max_overtricks",
    "double_back",
    "blind_bids",
    "blind_no_trump",
    "blind_exact",
)  # each off by default (without blind bids of either kind no side bids blind)


def special_contracts(rules: Rules, T: int) -> tuple[bool, SpecialMade]:
    """The rules that change whether a plain bid is made, for the sides scorer: (whether these
    rules have any besides blind bids, the function). The function takes (contract, blind,
    tricks toward it, tricks earned, overtricks, made as a plain bid) and gives (kind, made,
    double back, set by overtricks): a bid of every trick is a moon, of 10 a ten for 200 (when
    the rules have them), a blind bid may need its tricks exactly, and a plain bid made with too
    many overtricks is set (an overtrick limit, or double back)."""
    _, read, defaults = _SPECIAL_OPTIONS
    if read(rules) == defaults:  # the usual rules: a plain bid is all there is
        return False, _plain_made
    moon, ten, ten_exact = rules.moon, rules.ten_for_200, rules.ten_for_200_exact
    lexington = rules.lexington == "bid"
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
        elif lexington and contract == T - 1:
            kind = LEXINGTON
            made = toward >= T - 1
        if blind and blind_exact and toward != contract:
            made = False
        if made and kind == NORMAL and not blind:
            if max_over is not None and over > max_over:
                return kind, False, False, True
            if double_back and contract > 0 and earned >= 2 * contract:
                return kind, False, True, False
        return kind, made, False, False

    return bool(moon or ten or lexington or max_over is not None or double_back), special_made


def _plain_made(
    contract: int, blind: bool, toward: int, earned: int, over: int, made: bool
) -> tuple[str, bool, bool, bool]:
    """``special_made`` of rules with none of its rules nor blind bids: never called (no side
    has a special contract or a blind bid), and were it, a plain bid's."""
    return NORMAL, made, False, False


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


DOUBLE_NIL, BLIND_DOUBLE_NIL = "double nil", "blind double nil"


def double_nil_values(rules: Rules) -> dict[str, tuple[int | str, int | str]]:
    """Each double nil kind the rules value: kind -> (made, lost), each points or the words
    "win" and "lose" (the game's end, rules/ending.py, reads those). The lost points are as a
    penalty, taken off: None in the rules means the same as made, or nothing when made wins."""
    out: dict[str, tuple[int | str, int | str]] = {}
    for kind, made, lost in (
        (DOUBLE_NIL, rules.double_nil_value, rules.double_nil_penalty),
        (BLIND_DOUBLE_NIL, rules.blind_double_nil_value, rules.blind_double_nil_penalty),
    ):
        if made is not None:
            out[kind] = made, (0 if made == "win" else made) if lost is None else lost
    return out


def _double_nil_scorer(
    rules: Rules,
) -> Callable[[str, tuple[tuple[str, str], ...], dict[str, int]], NilsScore | None] | None:
    """A team's double nil (every player of it bid nil), when the rules value one: one result
    for the team, (results, points, tricks the nil bidders took); a blind double nil when every
    one of them bid blind nil and the rules value that. None without the rule (and the scorer
    gives None for nils it does not value: each is then scored on its own). A double nil that
    wins or loses the game scores 0 (the game's end says the rest)."""
    if rules.double_nil_value is None and rules.blind_double_nil_value is None:
        return None  # (the usual rules: asked before the values are made)
    values = double_nil_values(rules)
    double = values.get(DOUBLE_NIL)
    blind = values.get(BLIND_DOUBLE_NIL)

    def score_double_nil(
        side: str, nils: tuple[tuple[str, str], ...], tricks: dict[str, int]
    ) -> NilsScore | None:
        kind, value = DOUBLE_NIL, double
        if blind is not None and all(k == BNIL for _, k in nils):
            kind, value = BLIND_DOUBLE_NIL, blind
        if value is None:
            return None
        took_all = sum(tricks[p] for p, _ in nils)
        made, lost = value
        pts = (
            (made if type(made) is int else 0)
            if took_all == 0
            else -lost
            if type(lost) is int
            else 0
        )
        return (NilResult(side, kind, took_all == 0, took_all, pts),), pts, took_all

    return score_double_nil
