"""Scoring: a fold over the hands. ``score_hand`` is one step; ``score_game`` folds them all.

Each hand is checked against the rules as it is scored (blind bids depend on the running score),
so an invalid hand raises GameError naming the hand and the field. Results are light tuples
(results.py); the explain lines a person reads are built from them on demand.

The rules are stated once, one mechanism a module: the bid reader (bids.py, ``bids_reader``:
by team or by player), the tricks reader and the renege (tricks.py) check a hand; the sides
scorer (contracts.py, ``score_sides_with``) scores each side of it: its nils and its contract,
a plain bid's rules first, then the piece of rules that change whether it is made
(``special_contracts``), which a side skips with one test when the game's rules have none of
them (the fast path is the statement itself, not a copy: tests/rules/test_fast_path.py); the
game's end (ending.py, ``end_after_hand``) ends the game.
``_fold`` runs them in that order, hand after hand (``score_hand`` is the fold of one hand).
The readers and scorers are functions made once per game from these statements (``Context``:
the game and its rules read when they are made, not at every hand or every side of every
hand); a game remembers the valid bid values it has read (bids.py).
tests/rules/test_reference_equivalence.py holds them to the sheets and exact errors of thousands
of random and broken games, as the engine gave them before it was made fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .bids import FORBIDDING_OPTIONS, bids_reader, read_bids
from .contracts import score_sides_with
from .ending import end_after_hand, ends_at_once
from .errors import hand_error, missing_field
from .game import Game, Hand
from .house import HOUSE_OPTIONS
from .options import at_defaults
from .results import HandResult, NilResult, Sheet, SideBid, SideResult, in_table_words
from .running import RUNNING_OPTIONS, running_scorer
from .specials import check_hand_extras
from .state import Context, State
from .tenths_sheet import sheet_in_tenths
from .tricks import read_renege, tricks_reader

__all__ = [
    "HandResult", "NilResult", "Sheet", "SideBid", "SideResult", "new_context", "read_bids",
    "score_game", "score_hand", "sheet_from_state", "start_state",
]  # fmt: skip

_new = tuple.__new__  # builds result tuples without the NamedTuple constructor's cost

# the options of the variants whose pieces are made only under them (Context.variants)
VARIANTS = at_defaults(
    *HOUSE_OPTIONS.names, "lexington", *RUNNING_OPTIONS.names, *FORBIDDING_OPTIONS.names
)


def new_context(game: Game) -> Context:
    """What scoring needs about ``game`` (``Context``), with the game's pieces made from the
    mechanisms' statements."""
    ctx = Context(game)
    r = ctx.rules
    # whether the rules have any of the variants whose pieces are made only under them
    # (the house rules of contracts, the running bonuses, the bids the rules forbid): when
    # not, no piece asks its own options (each asks a part of what this asks)
    ctx.variants = VARIANTS.read(r) != VARIANTS.defaults
    # made per game, not remembered across games: games under ever new rules would keep
    # them alive for the garbage collector to walk (a cache of them cost the random games
    # of bench_scoring a fifth of their speed)
    ctx.bids_read = {}
    # the hand's pieces for this game (each takes what it needs of the game now, not the
    # Context itself: a Context held by its own functions would live on as garbage for the
    # collector to find)
    ctx.read_bids = bids_reader(ctx)
    ctx.read_tricks = tricks_reader(ctx)
    ctx.score_sides = score_sides_with(ctx)
    # None without running bonuses
    ctx.score_running = running_scorer(ctx) if ctx.variants else None
    # end-of-game checks other than the target, needed after every hand
    ctx.at_once = ends_at_once(r)  # read once a game, not after every hand (ending.py)
    ctx.end_checks = bool(
        r.set_out is not None
        or r.losing_score is not None
        or r.max_hands is not None
        or r.boston_wins is not None
        or ctx.at_once
    )
    return ctx


def score_hand(ctx: Context, state: State, hand: Hand, number: int) -> HandResult:
    """Score one hand (the fold's step): check it, update ``state``, return its results. The
    fold of this one hand (``_fold`` states the step once, for one hand or a game's)."""
    return _fold(ctx, state, (hand,), number)[0]


def _fold(ctx: Context, state: State, hands: Iterable[Hand], first: int) -> list[HandResult]:
    """Score ``hands`` (numbered from ``first``) in order, updating ``state``.

    A hand is checked whole, in the order its errors are reported (bids, tricks, renege,
    adjust), before it changes any state; then each side is scored and the game may end
    (``end_after_hand``). The pieces are the game's own (``Context``: its bid reader, tricks reader
    and sides scorer, made for its rules); what the loop reads of the game is read once, before
    it."""
    players = ctx.players
    n_players = len(players)
    side_set = ctx.side_set
    deal_passes = ctx.rules.misdeal_deal_passes
    first_no_bids = ctx.first_no_bids
    race = ctx.rules.race_tricks is not None  # every hand without bids
    read_bids = ctx.read_bids
    read_tricks = ctx.read_tricks
    score_sides = ctx.score_sides
    score_running = ctx.score_running
    end_checks = ctx.end_checks
    after_hand = score_running is not None or end_checks
    new = _new
    out: list[HandResult] = []
    append = out.append
    for number, hand in enumerate(hands, first):
        if state.finished:
            raise hand_error(number, "hands", f"the game ended after hand {state.ended_at}")
        seat = state.dealer
        if hand.misdeal:
            if deal_passes:
                state.dealer = (seat + 1) % n_players
            append(new(HandResult, (number, players[seat], True, hand.note, {}, False)))
            continue
        no_bids = first_no_bids and (race or state.played == 0)
        if no_bids:
            if hand.bids is not None:
                which = "a race is" if race else "the first hand is"
                raise hand_error(number, "bids", f"{which} played without bids")
            side_bids: Sequence[SideBid] = ctx.no_bids
        else:
            side_bids = read_bids(ctx, state, hand, number)
        tricks = hand.tricks
        if tricks is None:
            raise missing_field(number, "tricks")
        taken = read_tricks(tricks, number, side_bids)
        given = hand.renege or None
        received = None if given is None else read_renege(ctx, given, number)
        adjust = hand.adjust
        if adjust is not None:
            for side in adjust:
                if side not in side_set:
                    raise hand_error(number, f"adjust.{side}", f"adjust: unknown side {side}")
        extras = None  # the hand's specials and bonuses (none given: stored as None, parse_hand)
        if hand.specials or hand.bonuses:
            extras = check_hand_extras(ctx.rules, hand, ctx.sides, taken, ctx.T, n_players, number)
        # the hand is valid: score it side by side
        results = score_sides(state, side_bids, taken, tricks, given, received, adjust, no_bids,
                              hand, extras)  # fmt: skip
        state.played += 1
        state.dealer = (seat + 1) % n_players
        if after_hand or state.reached:  # the running bonuses, then the game's end
            if score_running is not None:
                score_running(state, results, taken, given)
            if end_checks or state.reached:
                end_after_hand(ctx, state, results, taken, number)
        append(new(HandResult, (number, players[seat], False, hand.note, results, no_bids)))
    return out


def start_state(game: Game) -> tuple[Context, State]:
    """The fold's starting point for a game."""
    ctx = new_context(game)
    return ctx, State(ctx)


def score_game(game: Game) -> Sheet:
    """Score every hand of a game (a fold of ``score_hand``); raises GameError when invalid."""
    ctx = new_context(game)
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
    hands = in_table_words(ctx.game.preset, hands)  # (Call Break's words: results.py)
    sheet = _new(Sheet, (
        list(sides), hands, totals, bags, state.finished, state.winner, state.reason,
        ctx.players[state.dealer], sets, state.played,
        {s: start[s].score if s in start else 0 for s in sides} if start
        else dict.fromkeys(sides, 0),
        ctx.rules, ctx.game.preset,
    ))  # fmt: skip
    return sheet_in_tenths(sheet) if ctx.rules.score_tenths else sheet
