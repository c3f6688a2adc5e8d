"""The end of the game: who won and why, checked after every played hand (contract section 4):
``end_after_hand`` is the fold's step, ``check_end`` the rules' order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .options import Rules

if TYPE_CHECKING:
    from .results import SideResult
    from .scoring import Context, State

TARGET, SET_OUT, LOSING, HANDS, BOSTON = "target", "set out", "losing score", "hands", "boston"


def _highest(totals: Mapping[str, int], among: list[str]) -> str | None:
    """The side with the highest score among ``among``; None on a tie (the game goes on)."""
    best = max(totals[s] for s in among)
    leaders = [s for s in among if totals[s] == best]
    return leaders[0] if len(leaders) == 1 else None


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
    # 1. a moon bid worth "win", or taking every trick under boston_wins
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
    # 4. someone reached the target
    if any(totals[s] >= rules.target_score for s in sides):
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
