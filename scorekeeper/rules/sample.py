"""Random valid games under random house rules, for property tests, benchmarks and demos.

Every game made here scores without error: each hand is made to fit the rules and the running
score (blind bids only when far enough behind), and the game stops when it ends.
"""

from __future__ import annotations

import random
from typing import Any

from .bids import plays_without_bids
from .errors import GameError
from .game import Game, Hand, Start
from .options import OPTIONS, PRESETS, WORDS, OptionInfo, Rules, rules_from_spec
from .scoring import score_hand, start_state

_NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
# values of the "numbers" options that random rules may take (two each)
_NUMBERS = {
    "barred_bids": ((1,), (9,)),
    "allowed_contracts": ((4, 5, 6, 7, 8, 10, 13), (2, 3, 4, 5, 6, 7, 8, 9, 10)),
    "nil_against": ((10, 13), (5, 6, 7, 8)),
}
_TRIES = 20  # random hands tried before a misdeal, when the rules forbid the bids made


# The presets and options random rules drew from before issue 22's variants, in their order:
# the golden games of tests/rules/test_reference_equivalence.py are made from a fixed seed over
# these, so a preset or an option added since joins only when asked for (``variants=True``),
# after the classic draws, and never changes the games a seed made before.
CLASSIC_PRESETS = (
    "standard",
    "nyc",
    "barmore",
    "military",
    "cutthroat",
    "three-player",
    "head-to-head",
    "six-player",
)
CLASSIC_OPTIONS = (
    "target_score", "losing_score", "max_hands", "set_out", "tricks_per_hand", "bidding",
    "first_hand_no_bids", "misdeal_deal_passes", "trick_value", "set_penalty", "min_side_bid",
    "max_bid", "overtrick_value", "bag_limit", "bag_penalty", "max_overtricks", "double_back",
    "nil", "nil_value", "nil_penalty", "nil_tricks", "blind_nil", "blind_nil_value",
    "blind_nil_penalty", "double_nil_value", "double_nil_penalty", "blind_bids", "blind_min",
    "blind_deficit", "blind_win_multiplier", "blind_loss_multiplier", "blind_exact",
    "blind_overtricks", "ten_for_200", "ten_for_200_value", "ten_for_200_penalty",
    "ten_for_200_exact", "moon", "moon_value", "moon_penalty", "boston_wins",
)  # fmt: skip


def random_rules(rng: random.Random, variants: bool = False) -> tuple[str, Rules]:
    """A preset and rules with a few random changes: (preset, rules). With ``variants``, the
    presets and options added since the classic ones may be drawn too (after them)."""
    preset = rng.choice(CLASSIC_PRESETS)
    spec: dict[str, Any] = {"preset": preset}
    classic = [o for o in OPTIONS if o.name in CLASSIC_OPTIONS]
    for info in rng.sample(classic, rng.randint(0, 8)):
        if info.name != "tricks_per_hand":
            spec[info.name] = _random_value(rng, info, classic=True)
    if variants:
        newer = [p for p in PRESETS if p not in CLASSIC_PRESETS]
        if newer and rng.random() < 0.3:
            preset = spec["preset"] = rng.choice(newer)
        added = [o for o in OPTIONS if o.name not in CLASSIC_OPTIONS]
        for info in rng.sample(added, rng.randint(0, min(4, len(added)))):
            spec[info.name] = _random_value(rng, info, classic=False)
    while True:  # options that contradict each other: the one named is left out (else the
        try:  # last one chosen, when it contradicts the preset)
            return preset, rules_from_spec(spec)
        except GameError as e:
            name = (e.field or "").removeprefix("rules.")
            if len(spec) == 1:
                raise
            del spec[name if name in spec and name != "preset" else list(spec)[-1]]


def _random_value(rng: random.Random, info: OptionInfo, classic: bool) -> Any:
    """A random value for one option (``classic``: drawn as before issue 22, where "win" was
    moon_value's alone)."""
    win = info.name == "moon_value" if classic else info.type in WORDS
    if info.nullable and rng.random() < 0.3:
        return None
    if info.type == "bool":
        return rng.random() < 0.5
    if info.type == "choice":
        return rng.choice(info.choices)
    if win and rng.random() < 0.3:
        return WORDS.get(info.type, "win")
    if info.name == "double_back":
        return rng.randint(0, 2)
    if info.name in ("min_side_bid", "max_overtricks", "set_out", "max_hands"):
        return rng.randint(1, 4)
    if info.name in ("blind_min", "max_bid"):
        return rng.randint(4, 10)
    if info.name == "bag_limit":
        return rng.choice([5, 10, 10])
    if info.name == "target_score":
        return rng.choice([200, 300, 500, 1000])
    if info.name == "losing_score":
        return rng.choice([-200, -500])
    if info.name == "blind_deficit":
        return rng.choice([0, 50, 100, 200])
    if info.type == "numbers":
        return _NUMBERS[info.name][rng.randrange(2)] if info.name in _NUMBERS else (1,)
    assert info.minimum is not None  # every number option has a least value
    lo = max(info.minimum, -20)  # a points value from -20, a multiplier from 0
    return rng.choice([lo, 1, 2, 5, 10, 50, 100, 200])


def random_seating(
    rng: random.Random, rules: Rules
) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]] | None]:
    """Players and teams (None: everyone for themselves) that suit the rules."""
    if rules.bidding == "partnership" or rules.suicide or rng.random() < 0.6:
        size = rng.choice([2, 2, 2, 3])
        n = rng.choice([4, 4, 6]) if size == 2 else 6
        players = tuple(_NAMES[:n])
        names = [players[i :: n // size] for i in range(n // size)]
        teams = {" & ".join(ms): tuple(ms) for ms in names}
        return players, teams
    return tuple(_NAMES[: rng.randint(2, 6)]), None


def random_game(
    rng: random.Random,
    hands: int = 15,
    rules: Rules | None = None,
    preset: str = "standard",
    players: tuple[str, ...] | None = None,
    teams: dict[str, tuple[str, ...]] | None = None,
) -> Game:
    """A valid game of up to ``hands`` hands (fewer when it ends sooner)."""
    if rules is None:
        preset, rules = random_rules(rng)
    if players is None:
        players, teams = random_seating(rng, rules)
    sides = list(teams) if teams else list(players)
    start = {}
    if rng.random() < 0.2:
        limit = rules.bag_limit or 10
        score, bags = rng.randint(-100, 300), rng.randint(0, limit - 1)  # (drawn in this order)
        start[rng.choice(sides)] = Start(score, bags if rules.has_bags else 0)  # no bags: none
    game = Game(players, rules, preset, teams, rng.choice(players), start, ())
    ctx, state = start_state(game)
    made: list[Hand] = []
    for number in range(1, hands + 1):
        if state.finished:
            break
        for _ in range(_TRIES):
            hand = random_hand(rng, ctx, state)
            try:  # a hand is checked whole before it changes the state
                score_hand(ctx, state, hand, number)
                break
            except GameError:  # bids the rules forbid (bids_total, nil_against, ...)
                continue
        else:
            hand = Hand(misdeal=True)
            score_hand(ctx, state, hand, number)
        made.append(hand)
    return game.with_hands(made)


def random_hand(rng: random.Random, ctx: Any, state: Any) -> Hand:
    """One valid hand for the game at ``state``."""
    rules: Rules = ctx.rules
    if rng.random() < 0.03:
        return Hand(misdeal=True, note="misdeal" if rng.random() < 0.5 else None)
    T = ctx.T
    players = ctx.players
    # deal the tricks: each trick to a random player
    per = dict.fromkeys(players, 0)
    weights = [rng.random() + 0.05 for _ in players]
    for p in rng.choices(players, weights, k=T):
        per[p] += 1
    no_bids = plays_without_bids(rules, state.played)
    totals = state.totals
    bids: dict[str, Any] = {}  # none at all when the hand has no bids
    nil_sides: set[str] = set()
    for side in ctx.sides:
        if no_bids:
            break
        members = ctx.members[side]
        best = max(v for s, v in totals.items() if s != side)
        blind_ok = rules.blind_deficit is None or best - totals[side] >= rules.blind_deficit
        nils = []
        if rules.suicide and len(members) > 1:  # one nil in each team, always
            nils.append((rng.choice(members), "nil"))
        for p in members if not nils else ():
            if rules.nil and rng.random() < 0.12:
                nils.append((p, "nil"))
            elif rules.blind_nil and blind_ok and rng.random() < 0.1:
                nils.append((p, "blind nil"))
        if len(nils) == len(members) and rng.random() < 0.5:
            nils = nils[:-1]
        for p, kind in nils:
            bids[p] = kind if (kind != "nil" or rng.random() < 0.5) else 0
            nil_sides.add(side)
        rest = [p for p in members if p not in dict(nils)]
        if not rest:
            continue
        lo = rules.min_side_bid
        hi = T if rules.max_bid is None else min(rules.max_bid, T)
        took = sum(per[p] for p in rest)
        want = max(0, took + rng.randint(-2, 1))
        blind = (
            rules.blind_bids
            and blind_ok
            and (ctx.partnership or not ctx.teams)
            and rules.blind_min <= T
            and rng.random() < 0.3
        )
        if blind:
            c = min(max(want, rules.blind_min), T)
        elif rules.moon and rng.random() < 0.03:
            c = T
        else:
            c = min(max(want, lo), max(hi, lo))
            if c > T or c < lo or c > hi:
                c = max(lo, 0)
        if rules.allowed_contracts is not None:  # the nearest contract the side may make
            c = min(rules.allowed_contracts, key=lambda a: (abs(a - c), a))
        no_trump = rules.no_trump and not blind and rng.random() < 0.2
        if ctx.partnership:
            bids[side] = f"blind {c}" if blind else f"no trump {c}" if no_trump else c
        elif blind:
            bids[rest[0]] = f"blind {c}"
        else:
            # a plain 0 reads as nil when nil is on, so then everyone bids at least 1
            least = 1 if rules.nil else 0
            c = max(c, least * len(rest))
            if c > hi and not (rules.moon and c == T):
                return Hand(misdeal=True)
            for p, n in zip(rest, _split(rng, c - least * len(rest), len(rest)), strict=True):
                bids[p] = n + least
            if no_trump:
                bids[rest[0]] = f"no trump {bids[rest[0]]}"
    tricks: dict[str, int] = {}
    for side in ctx.sides:
        members = ctx.members[side]
        by_team = rules.partner_bids == "team"  # else each partner's tricks, by name
        if (
            ctx.teams
            and by_team
            and side not in nil_sides
            and len(members) > 1
            and rng.random() < 0.3
        ):
            tricks[side] = sum(per[p] for p in members)
        else:
            for p in members:
                tricks[p] = per[p]
    renege = adjust = None
    if rng.random() < 0.05:
        renege = {rng.choice(ctx.sides): rng.randint(1, 3)}
    if rng.random() < 0.05:
        adjust = {rng.choice(ctx.sides): rng.choice([-50, 60, 100])}
    note = "aces" if adjust and rng.random() < 0.5 else None
    return Hand(None if no_bids else bids, tricks, renege, adjust, note)


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


def steady_game(
    hands: int,
    names: tuple[str, str, str, str] = ("Ann", "Bob", "Cy", "Di"),
    target: int = 5000,
    **rules: Any,
) -> dict[str, Any]:
    """A game file of four in two teams with sets, nils, bags and a misdeal, the same every time
    (for printed sheets in tests and benchmarks: long, and far from its target)."""
    played: list[dict[str, Any]] = []
    for i in range(hands):
        took = [4, 3, 2, 4][i % 4 :] + [4, 3, 2, 4][: i % 4]
        bid: list[Any] = [3, 4, 2, 3] if i % 3 else [4, 3, 3, 4]
        if i % 7 == 3:
            bid[1] = "nil"
        if i == 5:
            played.append({"misdeal": True})
        played.append(
            {
                "bids": dict(zip(names, bid, strict=True)),
                "tricks": dict(zip(names, took, strict=True)),
            }
        )
    return {
        "format": "spades-scorekeeper/1",
        "rules": {"preset": "standard", "target_score": target, **rules},
        "players": list(names),
        "teams": {
            f"{names[0]} & {names[2]}": [names[0], names[2]],
            f"{names[1]} & {names[3]}": [names[1], names[3]],
        },
        "hands": played,
    }
