"""Bonuses on the running score, after each hand (Wikipedia's scoring variations): Crossing the
Rubicon (``rubicon_value``: the first side to reach each hundred scores it; a side that reached
100 and falls below loses it once) and Two Round Majority (``majority_bonus``: most of the
tricks two hands in a row scores it, three in a row twice it, ...) and Seven Tricks or Higher
Part Deux (``seven_times_value``: a side's nth hand of seven or more scores n times it; which
hands count: ``seven_times_counts``). Each is a why-line of the
side's hand ("Crossing the Rubicon, first to 200: +5"). The scorer exists only under rules that
have one (``running_scorer`` is None otherwise: the fold skips it with one test)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .game import MUCKED
from .options import Rules, at_defaults
from .results import SideResult
from .specials import BAG, BONUS, ExtraResult
from .state import RunningScorer, rubicon_hundred

if TYPE_CHECKING:
    from .state import Context, State

RUBICON, MAJORITY = "Crossing the Rubicon", "Two round majority"
PART_DEUX = "Seven or higher, Part Deux"
_new = tuple.__new__  # builds result tuples without the NamedTuple constructor's cost
_POINTS, _TOTAL, _EXTRAS, _BAGS_TOTAL = (
    SideResult._fields.index(f) for f in ("points", "total", "extras", "bags_total")
)


RUNNING_OPTIONS = at_defaults(
    "rubicon_value", "rubicon_bags", "majority_bonus", "seven_times_value", "auction_min",
    "overtricks_to_others", "undertricks_to_others",
)  # fmt: skip


def uses_running(rules: Rules) -> bool:
    """Whether the rules have any running bonus (else the fold skips them with one test): an
    option of them set (each is off, None, by default)."""
    _, read, defaults = RUNNING_OPTIONS
    return read(rules) != defaults


def running_scorer(ctx: Context) -> RunningScorer | None:
    """The game's running bonuses: (state, the hand's results, tricks taken per side, the
    hand's renege or None) -> the results and the state with the bonuses added. None under
    rules without them."""
    rules = ctx.rules
    if not uses_running(rules):
        return None
    rubicon, majority = rules.rubicon_value, rules.majority_bonus
    rubicon_bags = rules.rubicon_bags
    sevens, on_made = rules.seven_times_value, rules.seven_times_counts == "made"
    sides, T, target = ctx.sides, ctx.T, ctx.target
    hundred = rubicon_hundred(rules)
    rubicon_on = rubicon is not None or rubicon_bags is not None
    mucks = rules.renege_mucks
    defend = rules.defender_trick_value if rules.auction_min is not None else None
    over_each, under_each = rules.overtricks_to_others, rules.undertricks_to_others
    to_others = defend is not None or over_each is not None or under_each is not None

    def score_running(
        state: State,
        results: dict[str, SideResult],
        taken: list[int],
        renege: dict[str, int] | None,
    ) -> None:
        run = state.running
        assert run is not None  # made by State under these rules
        totals = state.totals
        # first what a side's hand gives the others, so the running bonuses see the totals
        # with it (a side's lines: those, then its own bonuses, in one change of its result)
        given = _to_others(results, taken, defend, over_each, under_each) if to_others else None
        top_before = run.top_mark
        if renege is not None:  # the sides' tricks after renege (a mucked hand's: none)
            taken = _after_renege(results, taken, mucks)
        for side, took in zip(sides, taken):  # noqa: B905
            extras: list[ExtraResult] = given.get(side, []) if given is not None else []
            gained = _points(extras) if extras else 0  # the lines' points, as they come
            if majority is not None:
                run.runs[side] = in_row = run.runs[side] + 1 if 2 * took > T else 0
                if in_row >= 2:
                    pts = majority * (in_row - 1)
                    gained += pts
                    extras.append(_bonus(f"{MAJORITY}, {in_row} hands in a row", pts))
            if sevens is not None and (
                took >= 7 if not on_made else _made_seven(results[side])
            ):  # which hands count for Part Deux (``seven_times_counts``)
                run.sevens[side] = times = run.sevens[side] + 1
                gained += sevens * times
                extras.append(_bonus(f"{PART_DEUX}, {_nth(times)} time", sevens * times))
            if rubicon_on:  # last: it sees the total with every other line of the hand
                total = totals[side] + gained
                marks = total // hundred
                if marks > top_before:
                    first = (
                        f"first to {marks * 100}"
                        if marks - top_before == 1
                        else (f"first to {(top_before + 1) * 100}-{marks * 100}")
                    )
                    name = f"{RUBICON}, {first}"
                    if rubicon_bags is not None:  # the variant that cancels bags instead
                        if extras:  # (after the lines of the hand's other bonuses)
                            _add(results, totals, side, extras, gained)
                            extras, gained = [], 0
                        _cancel_bags(state, results, side, name, rubicon_bags, marks - top_before)
                    else:
                        pts = (rubicon or 0) * (marks - top_before)
                        gained += pts
                        extras.append(_bonus(name, pts))
                if total >= hundred:
                    run.reached_100.add(side)
                elif rubicon is not None and side in run.reached_100 and side not in run.fell:
                    run.fell.add(side)
                    gained -= rubicon
                    extras.append(_bonus(f"{RUBICON}, fell below 100", -rubicon))
            if extras:
                _add(results, totals, side, extras, gained)
        high = max(totals.values())
        # the hundred reached in this hand, its bonuses too, counts before the next (a side's
        # reaching 100 is counted above: the Rubicon's own points never lift one to it)
        if rubicon_on and high // hundred > run.top_mark:
            run.top_mark = high // hundred
        state.reached = high >= target

    return score_running


def _after_renege(results: dict[str, SideResult], taken: list[int], mucks: bool) -> list[int]:
    """Each side's tricks after renege, in order (section 2, step 2: at zero at worst), for the
    running bonuses; a hand a renege mucked counts none (``renege_mucks``)."""
    return [
        0 if mucks and r.kind == MUCKED else max(took - r.renege_given, 0) + r.renege_received
        for r, took in zip(results.values(), taken)  # noqa: B905
    ]


def _add(
    results: dict[str, SideResult],
    totals: dict[str, int],
    side: str,
    extras: list[ExtraResult],
    gained: int,
) -> None:
    """Add ``extras`` (worth ``gained`` points together) to a side's result of the hand: its
    points, its total, its why-lines."""
    total = totals[side] = totals[side] + gained
    old = results[side]
    one: list[object] = list(old)
    one[_POINTS] = old.points + gained
    one[_TOTAL] = total
    one[_EXTRAS] = (*old.extras, *extras)
    results[side] = _new(SideResult, one)


def _points(extras: list[ExtraResult]) -> int:
    """The points of a side's running bonuses (whole numbers: they are made here)."""
    gained = 0
    for e in extras:
        gained += int(e.points)
    return gained


def _cancel_bags(
    state: State, results: dict[str, SideResult], side: str, name: str, rule: str, marks: int
) -> None:
    """Crossing the Rubicon's variant (``rubicon_bags``): the side's bags are cancelled instead
    of its points: all of them, or five for each hundred it is first to."""
    bags = state.bags[side]
    gone = bags if rule == "all" else min(bags, 5 * marks)
    state.bags[side] = bags - gone
    old = results[side]
    one: list[object] = list(old)
    one[_BAGS_TOTAL] = bags - gone
    one[_EXTRAS] = (*old.extras, ExtraResult(name, BAG, None, 1, 0, True, gone))
    results[side] = _new(SideResult, one)


def _to_others(
    results: dict[str, SideResult],
    taken: list[int],
    defend: int | None,
    over_each: int | None,
    under_each: int | None,
) -> dict[str, list[ExtraResult]]:
    """The points a side's hand gives the other sides (Wikipedia's Auction Spades and Broken
    Contract): each other side scores ``over_each`` for each overtrick of a made contract and
    ``under_each`` for each trick a set contract fell short; under an auction (``defend`` not
    None) a side that passed scores ``defend`` for each trick it took. Side -> its lines."""
    out: dict[str, list[ExtraResult]] = {}  # (only the sides given something)
    if defend is not None:
        for (side, r), took in zip(results.items(), taken):  # noqa: B905
            if r.contract is None and r.kind is None and not r.nils:
                out.setdefault(side, []).append(
                    _bonus(f"passed, defending: took {took}", defend * took)
                )
    for side, r in results.items():
        if r.contract is None:
            continue
        if over_each is not None and r.made and r.overtricks:
            line, pts = f"{side} {r.overtricks} over", over_each * r.overtricks
        elif under_each is not None and r.set and r.toward < r.contract:
            short = r.contract - r.toward
            line, pts = f"{side} {short} short", under_each * short
        else:
            continue
        for other in results:
            if other != side:
                out.setdefault(other, []).append(_bonus(line, pts))
    return out


def _made_seven(result: SideResult) -> bool:
    """Whether a side's hand counts for Part Deux when it must be made (``made``: "bids and
    then wins seven tricks"); under ``taken`` (Highlander's "wins seven or more tricks") a side
    that took seven or more counts."""
    return result.made is True and result.contract is not None and result.contract >= 7


def _nth(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else _ENDS.get(n % 10, 'th')}"


_ENDS = {1: "st", 2: "nd", 3: "rd"}


def _bonus(name: str, points: int) -> ExtraResult:
    bonus: ExtraResult = _new(ExtraResult, (name, BONUS, None, 1, points, True, 0, False, False))
    return bonus
