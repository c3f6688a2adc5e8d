"""What each side may bid in the next hand, for bid forms: ``bid_options(game)``; whether the
bids given for it are allowed, before any trick is played: ``check_bids(game, bids)``."""

from __future__ import annotations

from dataclasses import dataclass

from .game import BidValue, Game, Hand
from .scoring import Sheet, read_bids, score_game, start_state


@dataclass(frozen=True)
class SideBidOptions:
    """The bids open to one side in the next hand; a ``*_reason`` says why one is not."""

    side: str
    nil: bool
    nil_reason: str | None
    blind_nil: bool
    blind_nil_reason: str | None
    blind: bool
    blind_reason: str | None
    blind_min: int
    max_bid: int | None
    min_side_bid: int
    tricks_per_hand: int
    first_hand_no_bids: bool
    partnership: bool
    behind: int  # points behind the best other side (0 when ahead)
    game_over: bool


def bid_options(game: Game, sheet: Sheet | None = None) -> dict[str, SideBidOptions]:
    """Side -> SideBidOptions for the hand after ``game.hands`` (which must be valid).

    ``sheet`` is the game's sheet when the caller has it already (else it is scored here)."""
    if sheet is None:
        sheet = score_game(game)
    rules = game.rules
    totals = sheet.totals
    first = rules.first_hand_no_bids and sheet.played == 0
    over = "the game is over" if sheet.finished else None
    no_bids = "the first hand is played without bids" if first else None
    out = {}
    for side in sheet.sides:
        best = max(v for s, v in totals.items() if s != side)
        behind = max(best - totals[side], 0)
        deficit = rules.blind_deficit
        too_close = (
            f"blind bids only when {deficit} or more behind"
            if deficit is not None and behind < deficit
            else None
        )
        nil_reason = over or no_bids or (None if rules.nil else "nil bids are off in these rules")
        bnil_reason = (
            over
            or no_bids
            or (None if rules.blind_nil else "blind nil is off in these rules")
            or too_close
        )
        if over or no_bids:
            blind_reason = over or no_bids
        elif not rules.blind_bids:
            blind_reason = "blind bids are off in these rules"
        elif game.teams is not None and rules.bidding != "partnership":
            blind_reason = "a blind bid is a side's whole bid: it needs partnership bidding"
        else:
            blind_reason = too_close
        out[side] = SideBidOptions(
            side, nil_reason is None, nil_reason, bnil_reason is None, bnil_reason,
            blind_reason is None, blind_reason, rules.blind_min, rules.max_bid,
            rules.min_side_bid, game.tricks_per_hand, first, rules.bidding == "partnership",
            behind, sheet.finished,
        )  # fmt: skip
    return out


def check_bids(game: Game, bids: dict[str, BidValue], sheet: Sheet | None = None) -> None:
    """Raise GameError when ``bids`` are not allowed in the hand after ``game.hands``: the checks
    scoring makes (a missing bid, the board, the largest bid, blind eligibility), made while the
    bids are still being taken. ``sheet`` is the game's sheet when the caller has it."""
    if sheet is None:
        sheet = score_game(game)
    ctx, state = start_state(game)
    state.totals = dict(sheet.totals)  # blind eligibility looks at the score before the hand
    read_bids(ctx, state, Hand(bids=bids), len(game.hands) + 1)
