"""The engine's behaviour, frozen: every sheet and every error message of a fixed set of games.

The golden file (data/golden_sheets.json.gz) was written by the engine as it was before it was
optimised for speed. The games are made again from a fixed seed (the sample generator and
``mutate`` below); the file holds a digest of each game, so a changed generator is caught rather
than silently comparing other games. For each valid game it holds what scoring gave: the whole
sheet as JSON (explain lines included) plus the SideResult fields the web pages and the PDF read,
in full for the first N_FULL games (with the game itself) and as a digest of the same for the
rest. For mutated games (a bid, trick count, renege, adjust, seating or option changed, most
often into something invalid) it holds the exact GameError (hand, field, message, str) or, when
the mutation is still valid, a digest of the outcome.

Games are built with the Game and Hand constructors, not parse_game, so values parse_game would
refuse or normalise ("NIL", True, 2.5, unknown names) reach score_game as they are.

Regenerate only when a change of behaviour is intended:
    python tests/rules/test_reference_equivalence.py --write
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import (
    OPTIONS,
    Game,
    GameError,
    Hand,
    Rules,
    Start,
    dump_game,
    parse_game,
    rules_from_spec,
    rules_to_spec,
    score_game,
    sheet_to_json,
)
from scorekeeper.rules.options import MAX_SCORE
from scorekeeper.rules.sample import CLASSIC_OPTIONS, random_game

# the options as they were when the golden file was written (issue 22's are added after)
CLASSIC = [o for o in OPTIONS if o.name in CLASSIC_OPTIONS]
GOLDEN = Path(__file__).parent / "data" / "golden_sheets.json.gz"
SEED = 20240601
N_GAMES = 3000  # random games under random house rules, scored in full
N_LONG = 3  # long games under standard rules
N_MUTANTS = 4000  # mutated games, mostly invalid: the error must be the same, word for word
N_FULL = 200  # valid games stored in full (readable diffs); the rest as a digest of the same

# --- games as plain data, built without parse_game ----------------------------------------


def game_to_raw(game: Game) -> dict[str, Any]:
    """A game as JSON data that keeps every value as it is (no normalising)."""
    return {
        "players": list(game.players),
        "rules": rules_to_spec(game.rules, game.preset),
        "preset": game.preset,
        "teams": None if game.teams is None else {t: list(m) for t, m in game.teams.items()},
        "dealer": game.dealer,
        "start": {s: [v.score, v.bags] for s, v in game.start.items()},
        "hands": [[h.bids, h.tricks, h.renege, h.adjust, h.note, h.misdeal] for h in game.hands],
    }


def raw_to_game(raw: dict[str, Any]) -> Game:
    teams = raw["teams"]
    return Game(
        tuple(raw["players"]),
        rules_from_spec(raw["rules"]),
        raw["preset"],
        None if teams is None else {t: tuple(m) for t, m in teams.items()},
        raw["dealer"],
        {s: Start(score, bags) for s, (score, bags) in raw["start"].items()},
        tuple(Hand(*h) for h in raw["hands"]),
    )


# --- what scoring gives --------------------------------------------------------------------


def _side_extra(r: Any) -> list[Any]:
    """The SideResult fields beyond the contract's JSON, as the sheet and the PDF read them."""
    return [
        r.kind, r.blind, r.made, r.toward, r.overtricks, r.contract_points, r.overtrick_points,
        r.double_back, r.over_set, [list(n) for n in r.nils], r.nil_bags, r.adjust,
        r.renege_given, r.renege_received, r.renege_other, r.bag_penalties, r.sets_in_row,
        r.took_all, r.note, r.bid_label, [list(x) for x in r.nil_results],
    ]  # fmt: skip


def outcome(game: Game) -> dict[str, Any]:
    """What score_game says about a game: the sheet, or the error."""
    try:
        sheet = score_game(game)
    except GameError as e:
        return {"error": [e.hand, e.field, e.message, str(e)]}
    extra = {
        "sets_in_row": sheet.sets_in_row,
        "played": sheet.played,
        "start": sheet.start,
        "preset": sheet.preset,
        "rules_same": sheet.rules is game.rules,
        "hands": [
            [h.note, h.no_bids, {s: _side_extra(r) for s, r in h.sides.items()}]
            for h in sheet.hands
        ],
    }
    for h in sheet.hands:
        for r in h.sides.values():
            assert r.rules is game.rules
    return {"sheet": sheet_to_json(sheet), "extra": extra}


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


# --- the games ------------------------------------------------------------------------------

_BAD_BIDS: list[Any] = [
    -1, 0, 1, 14, 18, 99, "nil", "NIL", "blind nil", " Blind  Nil ", "blind 3", "blind 6",
    "blind 7", "blind 13", "blind 17", "blind 99", "blind -1", "7", "x", "", True, False, 2.5,
    None, [3], "٣",
]  # fmt: skip
_BAD_TRICKS: list[Any] = [-1, 0, 1, 14, 18, True, "3", 2.0, None]


def _pick_played(rng: random.Random, game: Game) -> int | None:
    played = [i for i, h in enumerate(game.hands) if not h.misdeal]
    return rng.choice(played) if played else None


def _sides(game: Game) -> list[str]:
    return list(game.teams) if game.teams else list(game.players)


def mutate(rng: random.Random, game: Game) -> Game:
    """The game with one thing changed, most often into something invalid."""
    what = rng.random()
    if what < 0.12:
        return _mutate_setup(rng, game)
    if what < 0.27:
        # another value for one option (valid rules; the hands may no longer fit them)
        info = rng.choice(CLASSIC)
        values = [info.default, None, True, False, 0, 1, 2, 4, 6, 10, 13, -50, 200, "win"]
        values += list(info.choices)
        for _ in range(20):
            value = rng.choice(values)
            if value == "win" and info.name != "moon_value":  # refused before issue 22
                continue
            try:
                rules = dataclasses.replace(game.rules, **{info.name: value})
            except (GameError, TypeError):
                if not _accepted_before_maximums(info, value):
                    continue
                rules = _unchecked_rules(game.rules, info.name, value)
            return dataclasses.replace(game, rules=rules)
        return game
    i = _pick_played(rng, game)
    if i is None:
        return game.with_hands((*game.hands, Hand(misdeal=True)))
    hands = list(game.hands)
    h = hands[i]
    bids = dict(h.bids) if h.bids is not None else None
    tricks = dict(h.tricks) if h.tricks is not None else None
    renege, adjust = h.renege, h.adjust
    sides = _sides(game)
    players = list(game.players)
    kind = rng.randrange(16)
    if kind <= 3 and bids:
        who = rng.choice([*bids, *players, *sides])
        bids[who] = rng.choice(_BAD_BIDS)
    elif kind == 4 and bids:
        del bids[rng.choice(list(bids))]
    elif kind == 5:
        bids = rng.choice([None, {}, {"Zed": 3}, dict(reversed(list((bids or {}).items())))])
    elif kind <= 8 and tricks:
        who = rng.choice([*tricks, *players, *sides])
        tricks[who] = rng.choice([*_BAD_TRICKS, tricks.get(who, 0) + 1])
    elif kind == 9 and tricks:
        del tricks[rng.choice(list(tricks))]
    elif kind == 10 and tricks:
        # one trick moves between two keys: still adds up
        a, b = rng.choice(list(tricks)), rng.choice(list(tricks))
        if tricks[a] > 0:
            tricks[a] -= 1
            tricks[b] += 1
    elif kind == 11:
        tricks = rng.choice([None, {}, {"Zed": 13}, dict(reversed(list((tricks or {}).items())))])
    elif kind == 12:
        renege = {rng.choice([*sides, "Zed"]): rng.choice([-1, 0, 1, 2, 5, 14, True])}
    elif kind == 13:
        adjust = {rng.choice([*sides, "Zed"]): rng.choice([-50, 0, 30, 100])}
    elif kind == 14:
        hands[i] = Hand(misdeal=True, note=rng.choice([None, "redeal"]))
        return game.with_hands(hands)
    else:
        # a hand after the end, or the first hand with bids when it must have none
        extra = Hand(bids, tricks, renege, adjust, h.note)
        return game.with_hands((*hands, extra) if rng.random() < 0.5 else (extra, *hands))
    hands[i] = Hand(bids, tricks, renege, adjust, h.note)
    return game.with_hands(hands)


# The mutants were made when an option's number had only these lower bounds (and double_back
# was 0 to 2). A value only the ranges added since refuse (tricks_per_hand 200, target_score
# -50, ...) is set unchecked, so the random stream, and so every mutant, stays the stored one;
# the engine must still score such rules as it did (parse_game refuses them now).
_MINIMUM_BEFORE_MAXIMUMS = {
    "max_hands": 1, "set_out": 1, "tricks_per_hand": 1, "trick_value": 0, "min_side_bid": 0,
    "max_bid": 0, "bag_limit": 1, "max_overtricks": 0, "double_back": 0, "blind_min": 1,
    "blind_deficit": 0, "blind_win_multiplier": 0, "blind_loss_multiplier": 0,
}  # fmt: skip


def _accepted_before_maximums(info: Any, value: Any) -> bool:
    if type(value) is not int or info.type not in ("int", "int|win"):
        return False  # types were checked then as now
    low = _MINIMUM_BEFORE_MAXIMUMS.get(info.name)
    return (low is None or value >= low) and not (info.name == "double_back" and value > 2)


def _unchecked_rules(rules: Rules, name: str, value: Any) -> Rules:
    """``rules`` with one option set to ``value`` without checking it."""
    new = object.__new__(Rules)
    for f in dataclasses.fields(Rules):
        object.__setattr__(new, f.name, value if f.name == name else getattr(rules, f.name))
    return new


def _mutate_setup(rng: random.Random, game: Game) -> Game:
    players = list(game.players)
    kind = rng.randrange(9)
    if kind == 0:
        return dataclasses.replace(game, players=(*players, players[0]))
    if kind == 1:
        return dataclasses.replace(game, players=tuple(players[:1]))
    if kind == 2:
        more = ("P1", "P2", "P3", "P4", "P5", "P6", "P7")
        return dataclasses.replace(game, players=more)
    if kind == 3:
        return dataclasses.replace(game, dealer="Zed")
    if kind == 4:
        side = rng.choice([*_sides(game), "Zed"])
        return dataclasses.replace(
            game, start={side: Start(rng.randint(-50, 50), rng.choice([-1, 0, 3, 9, 10, 12]))}
        )  # noqa: E501
    if game.teams is None:
        return dataclasses.replace(
            game, rules=dataclasses.replace(game.rules, bidding="partnership")
        )  # noqa: E501
    teams = {t: list(m) for t, m in game.teams.items()}
    names = list(teams)
    if kind == 5:
        teams[names[0]].append("Zed")
    elif kind == 6:
        teams[names[0]].append(teams[names[1]][0])
    elif kind == 7:
        teams = {names[0]: teams[names[0]]}
    else:
        teams[players[0]] = teams.pop(names[0])
    return dataclasses.replace(game, teams={t: tuple(m) for t, m in teams.items()})


def reference_games() -> list[Game]:
    rng = random.Random(SEED)
    games = [random_game(rng, rng.choice([1, 5, 15, 15, 25])) for _ in range(N_GAMES)]
    teams = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}
    for _ in range(N_LONG):
        games.append(
            random_game(
                rng,
                300,
                Rules(target_score=MAX_SCORE),
                "standard",
                ("Ann", "Bob", "Cy", "Di"),
                teams,
            )  # noqa: E501
        )
    return games


def mutant_games(games: list[Game]) -> list[Game]:
    rng = random.Random(SEED + 1)
    return [mutate(rng, rng.choice(games[:N_GAMES])) for _ in range(N_MUTANTS)]


def build() -> dict[str, Any]:
    games = reference_games()
    valid = []
    for n, g in enumerate(games):
        out = outcome(g)
        raw = game_to_raw(g)
        full = {"game": raw, **out} if n < N_FULL else {"digest": digest(out)}
        valid.append({"game_digest": digest(raw), **full})
    mutants = []
    for game in mutant_games(games):
        out = outcome(game)
        if "sheet" in out:
            out = {"digest": digest(out)}
        mutants.append({"game_digest": digest(game_to_raw(game)), **out})
    return {"seed": SEED, "valid": valid, "mutants": mutants}


def load() -> dict[str, Any]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return json.load(f)


# --- the tests ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load()


@pytest.fixture(scope="module")
def games(golden) -> list[Game]:
    """The reference games, made again from the seed: they must be the very games stored."""
    made = reference_games()
    assert len(made) == len(golden["valid"])
    for n, (game, case) in enumerate(zip(made, golden["valid"], strict=True)):
        raw = _roundtrip(game_to_raw(game))
        assert digest(raw) == case["game_digest"], (
            f"game {n} is not the stored one: the generator or the scoring it uses changed"
        )
        if "game" in case:
            assert raw == case["game"]
    return made


def _roundtrip(value: Any) -> Any:
    """As JSON would give it back (tuples become lists)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def test_the_golden_file_has_every_kind_of_case(golden, games):
    assert len(golden["valid"]) == N_GAMES + N_LONG
    errors = [m for m in golden["mutants"] if "error" in m]
    assert len(errors) > N_MUTANTS // 2
    fields = {m["error"][1].split(".")[0] for m in errors}
    assert {"bids", "tricks", "renege", "adjust", "players", "teams", "hands"} <= fields
    # and the valid games cover the rarer shapes
    hands = [h for g in games for h in g.hands]
    assert any(h.misdeal for h in hands)
    assert any(h.renege for h in hands) and any(h.adjust for h in hands)
    bids = [str(b) for h in hands if h.bids for b in h.bids.values()]
    assert any("blind nil" in b for b in bids) and any(b.startswith("blind ") for b in bids)
    assert any(g.rules.bidding == "partnership" for g in games)
    assert any(g.rules.first_hand_no_bids for g in games)
    assert any(len(g.hands) == 300 for g in games)


def test_stored_games_build_the_same_game(golden, games):
    for n, case in enumerate(golden["valid"][:N_FULL]):
        assert raw_to_game(case["game"]) == games[n]


def test_valid_games_score_exactly_as_before(golden, games):
    for n, (game, case) in enumerate(zip(games, golden["valid"], strict=True)):
        got = _roundtrip(outcome(game))
        assert "error" not in got, f"valid game {n}: {got.get('error')}"
        if "digest" in case:
            assert digest(got) == case["digest"], f"valid game {n}"
        else:
            assert got["sheet"] == case["sheet"], f"valid game {n}"
            assert got["extra"] == case["extra"], f"valid game {n}"


def test_parsed_games_score_the_same_as_built_ones(games):
    for n, game in enumerate(games[:500]):
        parsed = parse_game(dump_game(game))
        want = digest(_roundtrip(outcome(game)))
        assert digest(_roundtrip(outcome(parsed))) == want, f"valid game {n}"
        # scoring twice gives the same (nothing cached goes stale)
        assert digest(_roundtrip(outcome(parsed))) == want, f"valid game {n}"


def test_mutated_games_fail_or_score_exactly_as_before(golden, games):
    mutants = mutant_games(games)
    for n, (game, case) in enumerate(zip(mutants, golden["mutants"], strict=True)):
        assert digest(_roundtrip(game_to_raw(game))) == case["game_digest"], f"mutant {n}"
        got = _roundtrip(outcome(game))
        if "error" in case:
            assert got.get("error") == case["error"], f"mutant {n}"
        else:
            assert "error" not in got, f"mutant {n}: {got.get('error')}"
            assert digest(got) == case["digest"], f"mutant {n}"


def test_a_game_changed_after_scoring_is_checked_again():
    """Validation may be remembered, but not for a different game."""
    teams = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}
    game = random_game(random.Random(1), 5, Rules(), "standard", ("Ann", "Bob", "Cy", "Di"), teams)
    score_game(game)
    bad = dataclasses.replace(game, dealer="Zed")
    with pytest.raises(GameError, match="the dealer Zed is not a player"):
        score_game(bad)
    game.teams["Ann & Cy"] = ()  # the same object, changed in place
    with pytest.raises(GameError, match="team Ann & Cy has no players"):
        score_game(game)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/rules/test_reference_equivalence.py --write")
    data = build()
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    with gzip.GzipFile(GOLDEN, "wb", compresslevel=9, mtime=0) as f:
        f.write(text.encode())
    print(f"{GOLDEN}: {len(text):,} bytes of JSON, {GOLDEN.stat().st_size:,} compressed")
