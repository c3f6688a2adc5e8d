"""The end of the game: who won and why, checked after every played hand (contract section 4):
``end_after_hand`` is the fold's step, ``check_end`` the rules' order."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .options import Rules, at_defaults

if TYPE_CHECKING:
    from .results import SideResult
    from .state import Context, State

TARGET, SET_OUT, LOSING, HANDS, BOSTON = "target", "set out", "losing score", "hands", "boston"
DOUBLE_NIL_WON, DOUBLE_NIL_LOST, SWEEP = "double nil", "double nil lost", "sweep"
SPECIAL_WON = "special"  # a special that wins the game at once was made (the Dragon)


_AT_ONCE_OPTIONS = at_defaults(
    "moon_value", "race_sweep", "double_nil_value", "blind_double_nil_value",
    "double_nil_penalty", "blind_double_nil_penalty", "specials",
)  # fmt: skip


def ends_at_once(rules: Rules) -> bool:
    """Whether the rules have a way to end the game in any hand whatever the scores: a moon
    bid, a double nil (or blind double nil) that wins or loses the game, a race's sweep."""
    _, read, defaults = _AT_ONCE_OPTIONS
    if read(rules) == defaults:  # (the usual rules: none of them can say "win" or "lose")
        return False
    return (
        rules.moon_value == "win"
        or rules.race_sweep is not None
        or rules.double_nil_value == "win"
        or rules.blind_double_nil_value == "win"
        or rules.double_nil_penalty == "lose"
        or rules.blind_double_nil_penalty == "lose"
        or any(s.wins for s in rules.specials)
    )


def most_hands(rules: Rules, sides: int, tricks: int) -> int | None:
    """The most hands a game can take (misdeals aside), or None when nothing bounds it: a
    race (urban rules) of two sides whose ``race_tricks`` are at most half the ``tricks`` in a
    hand, rounded up, gives every hand's game to one side, so the match of ``target_score``
    games ends by the hand that gives the second side its last but one game and one more
    (best of three: 3 hands); a sweep only ends it sooner. For a blank sheet's rows."""
    race, target = rules.race_tricks, rules.target_score
    if race is None or target is None or sides != 2 or race > (tricks + 1) // 2:
        return None
    games = math.ceil(target)  # a side's games are whole: 1 a hand won
    if rules.race_third_game:  # a whitewash plays one more game (ending._game_forced)
        return max(2 * (games - 1) + 1, games + 1)
    return 2 * (games - 1) + 1


def _double_nil_end(
    sides: list[str], rules: Rules, results: Mapping[str, Any], totals: Mapping[str, int]
) -> tuple[str, str] | None:
    """A double nil that wins the game, or one lost that loses it (then the highest other side
    wins; a tie among them and the game goes on). Every side lost one in the same hand: none
    is left to win by it, so the highest score wins, as when every side is set out."""
    wins = {"double nil": rules.double_nil_value, "blind double nil": rules.blind_double_nil_value}
    loses = {
        "double nil": rules.double_nil_penalty,
        "blind double nil": rules.blind_double_nil_penalty,
    }
    lost = []
    for side in sides:
        for n in results[side].nils:
            if n.made and wins.get(n.kind) == "win":
                return side, DOUBLE_NIL_WON
            if not n.made and loses.get(n.kind) == "lose":
                lost.append(side)
    if lost:  # every side that lost one loses; all of them: the highest score wins (as set out)
        winner = _highest(totals, [s for s in sides if s not in lost] or sides)
        if winner is not None:
            return winner, DOUBLE_NIL_LOST
    return None


def _highest(totals: Mapping[str, int], among: list[str]) -> str | None:
    """The side with the highest score among ``among``; None on a tie (the game goes on)."""
    best = max(totals[s] for s in among)
    leaders = [s for s in among if totals[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def _game_forced(
    sides: list[str], rules: Rules, results: Mapping[str, Any], totals: Mapping[str, int]
) -> bool:
    """Urban's forced game (``race_third_game``): "as long as a team has made at least four
    books in each game and thus prevented an outright win, they can force a third game ...
    the trailing team can still win by taking 10 tricks in the third game". A side that
    reached the match's games while another has won none (no sweep ended it: that other took
    enough tricks in every hand) has not won yet: one more hand is played, unless this hand was
    it (the leader was at the target before it). Decided: a trailing side always forces it
    (it cannot lose by it)."""
    target = rules.target_score
    for side in sides:
        if totals[side] - results[side].points >= target:  # (a race's points: 0 or 1)
            return False  # this hand was the forced one
    return any(totals[s] <= 0 for s in sides)


def check_end(
    sides: list[str],
    rules: Rules,
    results: Mapping[str, Any],
    totals: Mapping[str, int],
    sets_in_row: Mapping[str, int],
    played: int,
    took_all: str | None,
) -> tuple[str, str] | None:
    """(winner, reason) if the hand just scored ends the game, else None.

    ``results`` maps side -> SideResult of the hand; ``took_all`` is the side that took every
    trick, if one did.
    """
    # 1. a special that wins the game (the Dragon); a moon bid worth "win", or taking every
    # trick under boston_wins; a double nil that wins or loses the game; a race's sweep (this
    # many tricks in a hand win the match)
    if rules.specials:
        for side in sides:
            if any(e.wins for e in results[side].extras):
                return side, SPECIAL_WON
    if rules.race_sweep is not None:
        for side in sides:
            if results[side].tricks >= rules.race_sweep:
                return side, SWEEP
    if rules.double_nil_value is not None or rules.blind_double_nil_value is not None:
        end = _double_nil_end(sides, rules, results, totals)
        if end is not None:
            return end
    if rules.moon_value == "win":
        for side in sides:
            r = results[side]
            if r.kind == "moon" and r.made:
                return side, BOSTON
    if took_all is not None and rules.boston_wins is not None:
        contract = results[took_all].contract
        if rules.boston_wins == "any" or (contract is not None and contract >= 10):
            return took_all, BOSTON
    # 2. set too many times in a row
    if rules.set_out is not None:
        out = [s for s in sides if sets_in_row[s] >= rules.set_out]
        if out:
            rest = [s for s in sides if s not in out] or sides
            winner = _highest(totals, rest)
            if winner is not None:
                return winner, SET_OUT
    # 3. at or below the losing score
    if rules.losing_score is not None:
        out = [s for s in sides if totals[s] <= rules.losing_score]
        if out:
            rest = [s for s in sides if s not in out] or sides
            winner = _highest(totals, rest)
            if winner is not None:
                return winner, LOSING
    # 4. someone reached the target (in a race with a forced game: not by a whitewash)
    if any(totals[s] >= rules.target_score for s in sides) and not (
        rules.race_third_game and _game_forced(sides, rules, results, totals)
    ):
        winner = _highest(totals, sides)
        if winner is not None:
            return winner, TARGET
    # 5. the number of hands is played
    if rules.max_hands is not None and played >= rules.max_hands:
        winner = _highest(totals, sides)
        if winner is not None:
            return winner, HANDS
    return None


def end_after_hand(
    ctx: Context, state: State, results: dict[str, SideResult], taken: list[int], number: int
) -> None:
    """End the game after this hand when the rules say so (``check_end``). Skipped when no rule
    could end it now (the usual case)."""
    rules = ctx.rules
    totals = state.totals
    T = ctx.T
    took_all_side = ctx.sides[taken.index(T)] if T in taken else None  # the first side that did
    if not (
        max(totals.values()) >= ctx.target
        or ctx.at_once  # ends_at_once(rules), read once a game
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
