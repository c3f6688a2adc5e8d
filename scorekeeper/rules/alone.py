"""The worked examples at a table without partners (cutthroat, three-handed, head-to-head, Call
Break): the hands of examples.py played by players who each score alone, at the game's own
number of seats and tricks, scored by the engine under the game's own rules.

Ann is the player the example is about (Bob, when it is about what Ann's hand gives the
others); the other players take the rest of the tricks, shared as evenly as they go, and bid
what they take, as near as the rules allow (the smallest bid, the largest, the contracts a
player may make, the bids' total, no two bids alike): their bids only make the hand one the
rules accept, and the words say them only when the example is about them. A start score is
said as the sheet shows it (Call Break's 48.0, not the file's 480 tenths).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .errors import GameError
from .game import FORMAT, parse_game
from .options import Rules, rules_to_spec
from .results import SideResult
from .scoring import score_game
from .tenths import shown_points

SEATS = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
ANN, BOB = SEATS[0], SEATS[1]
# What the rules page says of the options only a team reads (a partner's own bid, a double
# nil, Suicide's pair of bids) when every player scores alone; they are named once under it.
ALONE = "every player scores alone: no partner, no team"
TEAM_OPTIONS = frozenset({
    "partner_bids", "both_exact_bonus", "nil_fail_sets_partner", "double_nil_value",
    "double_nil_penalty", "blind_double_nil_value", "blind_double_nil_penalty",
    "double_nil_opponents_bonus", "double_nil_deficit", "suicide", "no_moon_against_double_nil",
})  # fmt: skip
ALL, ALL_BUT_ONE = -1, -2  # a bid or a take of all the tricks of a hand, or all but one

Bid = int | str  # a number of tricks, or "nil", "blind nil", "blind 6", "blind no trump 6"


class Solo(NamedTuple):
    """A hand of one player's: the words ({bid}, {took}, {start}, {behind} and {bob}, Bob's bid
    and tricks, filled in), Ann's bid and tricks, her score and bags before it (a file's
    numbers), Bob's score before it (Ann's start being 0: her deficit), whose line to show,
    how many times the hand is played."""

    words: str
    bid: Bid
    took: int
    start: int = 0
    bags: int = 0
    behind: int = 0
    show: str = ANN
    hands: int = 1
    bob: int | None = None  # Bob's bid, when the example is about it (duplicate bids)


MADE = "Ann bids {bid} and takes {took}"
BEHIND = "Ann, {behind} behind Bob, bids {bid} and takes {took}"
SOLO: dict[str, Solo] = {
    "made": Solo(MADE, 5, 7),
    "set": Solo(MADE, 6, 4),
    "bags": Solo("Ann at {start} with 9 bags bids {bid} and takes {took}", 5, 7, start=200,
                 bags=9),
    "nil": Solo(MADE, "nil", 1),
    "blind nil": Solo("Ann, {behind} behind Bob, bids blind nil and takes none", "blind nil", 0,
                      behind=200),
    "blind": Solo(BEHIND, "blind 6", 7, behind=200),
    "ten": Solo(MADE, 10, 10),
    "lexington": Solo(MADE, ALL_BUT_ONE, ALL_BUT_ONE),
    "moon": Solo("Ann bids all {bid} and takes them all", ALL, ALL),
    "board": Solo(MADE, 2, 3),
    "seven": Solo(MADE, 8, 8),
    "small": Solo(MADE, 2, 2),
    "end": Solo("Ann at {start} bids {bid} and takes {took}", 4, 4, start=480),
    "rubicon": Solo("Ann at {start} bids {bid} and takes {took}", 5, 5, start=90),
    "majority": Solo(MADE + ", two hands in a row", 5, 7, hands=2),
    "part deux": Solo(MADE + ", two hands", 8, 8, hands=2),
    "race": Solo("A race hand: Ann takes {took}", 0, 7),
    "race sweep": Solo("A race hand: Ann takes {took}", 0, 10),
    "auction": Solo("Ann wins the auction with {bid} and takes {took}; {bob}", 7, 9, show=BOB),
    "over to others": Solo(MADE + "; {bob}", 5, 7, show=BOB),
    "short to others": Solo(MADE + "; {bob}", 6, 4, show=BOB),
    "duplicate": Solo("Ann and Bob both bid {bid}; Ann takes {took}", 4, 6, bob=4),
    "blind no trump": Solo(BEHIND, "blind no trump 6", 6, behind=200),
    "rubicon bags": Solo("Ann at {start} with 4 bags bids {bid} and takes {took}", 4, 7,
                         start=90, bags=4),
}  # fmt: skip


def side_line(side: str, result: SideResult) -> str:
    """What the engine made of a side's hand, as an example says it: its why-lines and total."""
    return f"{side}: " + "; ".join(result.explain) + f" (total {result.total})"


def near_the_target(rules: Rules) -> int:
    """The start score of the end-of-game example: two tricks' worth short of the target, so
    that a made bid of 4 reaches it (standard's 480 of 500, three-player's 280 of 300)."""
    return max(rules.target_score - 2 * rules.trick_value, 0)


def _count(n: int, tricks: int) -> int:
    return tricks if n == ALL else tricks - 1 if n == ALL_BUT_ONE else n


def _number(bid: Bid) -> int:
    """The tricks a bid counts toward the bids' total (a nil none)."""
    if isinstance(bid, int):
        return bid
    last = bid.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _share(tricks: int, others: int) -> list[int]:
    """``tricks`` shared among ``others`` players as evenly as they go, the first ones more."""
    each, left = divmod(max(tricks, 0), others)
    return [each + (i < left) for i in range(others)]


def _fits(rules: Rules, bid: int, taken: set[int]) -> bool:
    """Whether a player of the others may bid the number ``bid`` (0, a nil, left out)."""
    return (
        bid >= max(rules.min_side_bid, 1)
        and (rules.max_bid is None or bid <= rules.max_bid)
        and bid not in (rules.barred_bids or ())
        and (rules.allowed_contracts is None or bid in rules.allowed_contracts)
        and bid not in taken
    )


def _near(rules: Rules, tricks: int, want: int, taken: set[int]) -> int:
    """The number nearest ``want`` (from 0 to ``tricks``) a player may bid; ``want`` if none."""
    for step in range(tricks + 1):
        for bid in (want - step, want + step):
            if 0 <= bid <= tricks and _fits(rules, bid, taken):
                return bid
    return want


def others_bids(rules: Rules, tricks: int, mine: Bid, took: Sequence[int]) -> list[Bid]:
    """The bids of the players other than Ann, who take ``took``: each what they take, as
    near as the rules allow, then the whole table's total fitted to ``bids_total``; a player
    left nothing to bid bids nil, when nil is allowed. An auction's others pass (0)."""
    if rules.auction_min is not None:
        return [0 for _ in took]
    distinct = rules.no_duplicate_bids or rules.no_vice_versa_bids
    taken = {_number(mine)} if distinct else set()
    bids: list[int] = []
    for t in took:
        bids.append(_near(rules, tricks, t, taken))
        if distinct:
            taken.add(bids[-1])
    total = _number(mine) + sum(bids)
    if rules.bids_total in ("tricks", "at most tricks") and total != tricks:
        over = total - tricks
        if rules.bids_total == "tricks" or over > 0:
            for i in reversed(range(len(bids))):
                bids[i], over = max(bids[i] - over, 0), max(over - bids[i], 0)
    elif rules.bids_total == "not tricks" and total == tricks:
        bids[-1] += 1 if bids[-1] < tricks else -1
    nil_ok = rules.zero_is_nil and rules.nil_against is None
    return ["nil" if b == 0 and nil_ok else b for b in bids]


class Table(NamedTuple):
    """The example's table: its players and the tricks of a hand."""

    players: tuple[str, ...]
    tricks: int


def _hand(rules: Rules, table: Table, bid: Bid, took: int, bob: Bid | None) -> dict[str, Any]:
    """A hand of the file: Ann's bid and tricks, the others' fitted to the rules."""
    others = table.players[1:]
    shared = _share(table.tricks - took, len(others))
    tricks = dict(zip(table.players, (took, *shared), strict=True))
    if rules.race_tricks is not None:
        return {"tricks": tricks}
    bids = dict(zip(others, others_bids(rules, table.tricks, bid, shared), strict=True))
    if bob is not None:
        bids[BOB] = bob
    against = rules.nil_against
    if against is not None and bid in ("nil", "blind nil") and against[0] <= table.tricks:
        bids[BOB] = against[0]  # a nil only against these bids: Bob bids the first of them
    return {"bids": {ANN: bid, **bids}, "tricks": tricks}


def play_alone(
    rules: Rules, preset: str, seats: int, s: Solo, extra: dict[str, Any] | None = None
) -> tuple[str, list[str]]:
    """``s`` played at a table of ``seats`` players without partners under ``rules`` (with
    ``extra`` fields in the hand): its words and the engine's lines, or its refusal."""
    table = Table(SEATS[:seats], rules.tricks_for(seats))
    if rules.race_tricks is not None and not s.words.startswith("A race"):  # no bids at all
        s = s._replace(words=SOLO["race"].words, bid=0, start=0, bags=0, behind=0, bob=None)
    bid: Bid = _count(s.bid, table.tricks) if isinstance(s.bid, int) else s.bid
    took = _count(s.took, table.tricks)
    hand = {**_hand(rules, table, bid, took, s.bob), **(extra or {})}
    hands = [hand] * s.hands
    if rules.first_hand_no_bids and rules.race_tricks is None:  # Ann takes none in the first
        hands.insert(0, {"tricks": dict(zip(table.players, (0, *_share(table.tricks, seats - 1)),
                                            strict=True))})  # fmt: skip
    start = {ANN: {"score": s.start, "bags": s.bags}, BOB: {"score": s.behind}}
    limit = rules.bag_limit
    if limit is not None and s.bags >= limit:
        start[ANN]["bags"] = limit - 1
    data = {"format": FORMAT, "rules": rules_to_spec(rules, preset),
            "players": list(table.players), "start": start, "hands": hands}  # fmt: skip
    words = _words(rules, s, bid, took, hand)
    try:
        sheet = score_game(parse_game(data))
    except GameError as e:
        return words, [f"not allowed here: {e.message}"]
    result = sheet.hands[-1].sides[s.show]
    lines = [side_line(s.show, result)]
    if sheet.finished:
        lines.append(f"the game ends: {sheet.winner} wins")
    return words, lines


def _words(rules: Rules, s: Solo, bid: Bid, took: int, hand: dict[str, Any]) -> str:
    tenths = rules.score_tenths
    bob_bid = hand.get("bids", {}).get(BOB)
    bob_took = hand["tricks"][BOB]
    bob = (f"Bob passes and takes {bob_took}" if rules.auction_min is not None
           else f"Bob bids {bob_bid} and takes {bob_took}")  # fmt: skip
    return s.words.format(
        bid=bid,
        took=took,
        bob=bob,
        start=shown_points(s.start, tenths),
        behind=shown_points(s.behind, tenths),
    )


def vice_versa_alone(rules: Rules, preset: str, seats: int) -> tuple[str, list[str]]:
    """Two hands: Ann bids 4 and Bob 5, then Ann bids 5 (what Bob bid last) and takes 5."""
    table = Table(SEATS[:seats], rules.tricks_for(seats))
    one = _hand(rules, table, 4, 4, 5)
    two = _hand(rules, table, 5, 5, 4)
    data = {"format": FORMAT, "rules": rules_to_spec(rules, preset),
            "players": list(table.players), "hands": [one, two]}  # fmt: skip
    words = "Ann bids 4 and Bob 5; next hand Ann bids 5 and takes 5"
    try:
        result = score_game(parse_game(data)).hands[-1].sides[ANN]
    except GameError as e:
        return words, [f"not allowed here: {e.message}"]
    return words, [side_line(ANN, result)]


def first_hand_alone(rules: Rules, preset: str, seats: int) -> tuple[str, list[str]]:
    """The first hand, without bids: Ann takes 7, the others the rest."""
    table = Table(SEATS[:seats], rules.tricks_for(seats))
    took = dict(zip(table.players, (7, *_share(table.tricks - 7, seats - 1)), strict=True))
    data = {"format": FORMAT, "rules": rules_to_spec(rules, preset),
            "players": list(table.players), "hands": [{"tricks": took}]}  # fmt: skip
    result = score_game(parse_game(data)).hands[0].sides[ANN]
    words = "The first hand, without bids: Ann takes 7"
    return words, [side_line(ANN, result)]


def table_words(seats: int) -> str:
    """The table the examples are played at: "Ann, Bob and Cy, each playing alone"."""
    names = SEATS[:seats]
    return ", ".join(names[:-1]) + f" and {names[-1]}, each playing alone"
