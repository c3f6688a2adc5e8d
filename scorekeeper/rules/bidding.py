"""What each side may bid in the next hand, for bid forms: ``bid_options(game)``; whether the
bids given for it are allowed, before any trick is played: ``check_bids(game, bids)``; under
Suicide, which of a player's bids their partner's bid refuses: ``partner_bars``."""

from __future__ import annotations

from dataclasses import dataclass

from .bids import (
    bid_refused,
    contract_refused,
    plays_without_bids,
    read_bids,
    team_bids_refused,
)
from .game import BidValue, Game, Hand
from .scoring import Sheet, score_game, start_state
from .tenths_sheet import counted_totals

# Why a bid is not open, as a code (beside the words a person reads, in ``*_reason``)
GAME_OVER = "game_over"
FIRST_HAND_NO_BIDS = "first_hand_no_bids"
OFF = "off"  # the rules do not have it
NEEDS_PARTNERSHIP = "needs_partnership"  # a blind number with teams bidding one by one
NOT_BEHIND_ENOUGH = "not_behind_enough"  # blind only when far enough behind


@dataclass(frozen=True)
class SideBidOptions:
    """The bids open to one side in the next hand; a ``*_reason`` says why one is not, in
    words, and the ``*_code`` beside it says the same for code to read."""

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
    nil_code: str | None = None
    blind_nil_code: str | None = None
    blind_code: str | None = None
    barred: tuple[int, ...] = ()  # numbers no bid may be (bids.bid_refused)
    contracts: tuple[int, ...] | None = None  # a side's only contracts (bids.contract_refused)


def bid_options(game: Game, sheet: Sheet | None = None) -> dict[str, SideBidOptions]:
    """Side -> SideBidOptions for the hand after ``game.hands`` (which must be valid).

    ``sheet`` is the game's sheet when the caller has it already (else it is scored here)."""
    if sheet is None:
        sheet = score_game(game)
    rules = game.rules
    totals = counted_totals(sheet)  # as the rules' numbers count (tenths under score_tenths)
    race = rules.race_tricks is not None  # a race: no hand has bids
    first = plays_without_bids(rules, sheet.played)
    over = (GAME_OVER, "the game is over") if sheet.finished else None
    words = "a race is played without bids" if race else "the first hand is played without bids"
    no_bids = (FIRST_HAND_NO_BIDS, words) if first else None
    T = game.tricks_per_hand
    barred = tuple(n for n in range(T + 1) if bid_refused(rules, n) is not None)
    contracts = (
        None
        if rules.allowed_contracts is None
        else tuple(n for n in range(T + 1) if contract_refused(rules, n) is None)
    )
    out = {}
    for side in sheet.sides:
        best = max(v for s, v in totals.items() if s != side)
        behind = max(best - totals[side], 0)
        deficit = rules.blind_deficit
        too_close = (
            (NOT_BEHIND_ENOUGH, f"blind bids only when {deficit} or more behind")
            if deficit is not None and behind < deficit
            else None
        )
        nil = over or no_bids or (None if rules.nil else (OFF, "nil bids are off in these rules"))
        bnil = (
            over
            or no_bids
            or (None if rules.blind_nil else (OFF, "blind nil is off in these rules"))
            or too_close
        )
        if over or no_bids:
            blind = over or no_bids
        elif not rules.blind_bids:
            blind = (OFF, "blind bids are off in these rules")
        elif game.teams is not None and rules.bidding != "partnership":
            words = "a blind bid is a side's whole bid: it needs partnership bidding"
            blind = (NEEDS_PARTNERSHIP, words)
        else:
            blind = too_close
        nil_code, nil_reason = nil or (None, None)
        bnil_code, bnil_reason = bnil or (None, None)
        blind_code, blind_reason = blind or (None, None)
        out[side] = SideBidOptions(
            side, nil is None, nil_reason, bnil is None, bnil_reason,
            blind is None, blind_reason, rules.blind_min, rules.max_bid,
            rules.min_side_bid, game.tricks_per_hand, first, rules.bidding == "partnership",
            behind, sheet.finished, nil_code, bnil_code, blind_code, barred, contracts,
        )  # fmt: skip
    return out


def check_bids(game: Game, bids: dict[str, BidValue], sheet: Sheet | None = None) -> None:
    """Raise GameError when ``bids`` are not allowed in the hand after ``game.hands``: the checks
    scoring makes (a missing bid, the board, the largest bid, blind eligibility), made while the
    bids are still being taken. ``sheet`` is the game's sheet when the caller has it."""
    if sheet is None:
        sheet = score_game(game)
    ctx, state = start_state(game)
    state.totals = counted_totals(sheet)  # blind eligibility looks at the score before the hand
    if game.rules.no_vice_versa_bids:  # the last hand with bids: what No Vice Versa compares
        last = next((h for h in reversed(sheet.hands) if not h.void and not h.no_bids), None)
        state.last_bids = [] if last is None else [
            (last.number, tuple(last.sides[s].contract for s in sheet.sides))
        ]  # fmt: skip
    read_bids(ctx, state, Hand(bids=bids), len(game.hands) + 1)


Bars = dict[str, tuple[str, ...]]  # a key of a player's pad -> the partner's keys that refuse it


def partner_bars(game: Game, side: str, keys: dict[str, list[str]]) -> dict[str, Bars] | None:
    """Under Suicide, bidding by player, for a team of two whose pads hold ``keys`` (player ->
    the bid values of their pad): player -> each key still offered -> the partner's keys it
    may not go with (``bids.team_bids_refused``, the statement the check makes). A key that
    goes with none of the partner's keys is not offered at all (a 2 beside the partner's
    nil is under Suicide's board of 4, and beside a number makes no nil). None for any other
    team or rules: a player's bid is then free of the partner's, and the bids step checks
    the sum."""
    rules, team = game.rules, game.members(side)
    if not rules.suicide or rules.bidding == "partnership" or len(team) != 2:
        return None
    a, b = team
    T = game.tricks_per_hand
    refused = {
        (x, y): team_bids_refused(rules, T, side, team, {a: x, b: y}) is not None
        for x in keys[a]
        for y in keys[b]
    }
    offered_a = [x for x in keys[a] if not all(refused[x, y] for y in keys[b])]
    offered_b = [y for y in keys[b] if not all(refused[x, y] for x in offered_a)]
    return {
        a: {x: tuple(y for y in offered_b if refused[x, y]) for x in offered_a},
        b: {y: tuple(x for x in offered_a if refused[x, y]) for y in offered_b},
    }
