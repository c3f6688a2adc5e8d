"""Invariants of the engine over random valid games (hypothesis), and the engine's purity."""

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    Game,
    GameError,
    dump_game,
    parse_game,
    render_text,
    score_game,
    score_hand,
    sheet_to_json,
    start_state,
    with_hand_added,
)
from scorekeeper.rules.sample import random_game

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def game_of(seed: int, hands: int = 15) -> Game:
    return random_game(random.Random(seed), hands)


@SETTINGS
@given(seeds)
def test_every_generated_game_scores_and_renders(seed):
    game = game_of(seed)
    sheet = score_game(game)
    assert len(sheet.hands) == len(game.hands)
    render_text(sheet)
    sheet_to_json(sheet)


@SETTINGS
@given(seeds)
def test_scoring_a_game_equals_folding_it_hand_by_hand(seed):
    game = game_of(seed)
    whole = score_game(game)
    ctx, state = start_state(game)
    for number, hand in enumerate(game.hands, 1):
        step = score_hand(ctx, state, hand, number)
        assert step == whole.hands[number - 1]
        # and scoring the game up to this hand gives the running state
        prefix = score_game(game.with_hands(game.hands[:number]))
        assert prefix.totals == state.totals
        assert prefix.bags == state.bags
    assert (whole.totals, whole.finished, whole.winner) == (
        state.totals,
        state.finished,
        state.winner,
    )


@SETTINGS
@given(seeds)
def test_every_total_is_its_start_plus_its_hand_points(seed):
    game = game_of(seed)
    sheet = score_game(game)
    for side in sheet.sides:
        points = sum(h.sides[side].points for h in sheet.hands if not h.void)
        assert sheet.totals[side] == sheet.start[side] + points
        running = sheet.start[side]
        for h in sheet.hands:
            if not h.void:
                running += h.sides[side].points
                assert h.sides[side].total == running


@SETTINGS
@given(seeds)
def test_bags_stay_below_the_bag_limit(seed):
    game = game_of(seed)
    limit = game.rules.bag_limit
    sheet = score_game(game)
    for h in sheet.hands:
        for r in h.sides.values():
            assert r.bags_total >= 0
            if limit is not None:
                assert r.bags_total < limit


@SETTINGS
@given(seeds)
def test_listing_the_sides_in_another_order_only_reorders_the_results(seed):
    game = game_of(seed)
    if game.teams:
        flipped = Game(game.players, game.rules, game.preset, dict(reversed(game.teams.items())),
                       game.dealer, game.start, game.hands)  # fmt: skip
    else:
        return  # without teams the sides are the seating, which decides the deal
    a, b = score_game(game), score_game(flipped)
    assert b.sides == list(reversed(a.sides))
    assert (a.totals, a.bags, a.winner, a.reason) == (b.totals, b.bags, b.winner, b.reason)
    for ha, hb in zip(a.hands, b.hands, strict=True):
        assert ha.sides == hb.sides


@SETTINGS
@given(seeds)
def test_a_written_game_reads_back_equal(seed):
    game = game_of(seed)
    assert parse_game(dump_game(game)) == game
    assert parse_game(copy.deepcopy(dump_game(game))) == game


@SETTINGS
@given(seeds, st.integers(min_value=0, max_value=3))
def test_a_hand_added_to_a_read_game_is_the_game_read_with_that_hand(seed, mutations):
    """Saving a hand reads only the new hand (the others were read on opening): the game, or
    the error, is the one reading the whole file with that hand appended would give."""
    data = dump_game(game_of(seed))
    if not data["hands"]:
        return
    *before, last = data["hands"]
    rng = random.Random(seed)
    for _ in range(mutations):  # the hand as a form or a file might send it, often wrong
        if isinstance(last, dict) and last:
            mutate(last, rng)
    game = parse_game({**data, "hands": before})
    try:
        whole = parse_game({**data, "hands": [*before, last]})
    except GameError as e:
        with pytest.raises(GameError) as added:
            with_hand_added(game, last)
        assert (str(added.value), added.value.field) == (str(e), e.field)
    else:
        assert with_hand_added(game, last) == whole


WEIRD = [None, -1, 99, "x", 1.5, True, [], {}, "blind 99", "nil", "blind nil", "blind 3", 0]


def mutate(data: dict, rng: random.Random) -> None:
    """Change one thing somewhere in a game file."""
    target = data
    path = []
    while isinstance(target, (dict, list)) and target and rng.random() < 0.8:
        key = rng.choice(list(target)) if isinstance(target, dict) else rng.randrange(len(target))
        path.append((target, key))
        target = target[key]
    if not path:
        data[rng.choice(["format", "players", "hands", "rules", "x"])] = rng.choice(WEIRD)
        return
    parent, key = path[-1]
    action = rng.random()
    if action < 0.5:
        parent[key] = rng.choice(WEIRD)
    elif action < 0.7 and isinstance(parent, dict):
        del parent[key]
    elif isinstance(parent, dict):
        parent[rng.choice(["Zed", "Ann & Zed", "Ann", "misdeal", "preset"])] = rng.choice(WEIRD)
    elif isinstance(target, int) and not isinstance(target, bool):
        parent[key] = target + rng.choice([-1, 1, 13])
    else:
        parent.append(rng.choice(WEIRD))


@settings(max_examples=400, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=3))
def test_every_mutated_game_scores_or_raises_the_engines_own_error(seed, changes):
    rng = random.Random(seed)
    data = dump_game(random_game(rng, 6))
    for _ in range(changes):
        mutate(data, rng)
    try:
        sheet = score_game(parse_game(data))
    except GameError as e:
        assert "\n" not in str(e)
        return
    render_text(sheet)
    sheet_to_json(sheet)


@SETTINGS
@given(seeds)
def test_one_trick_too_many_is_always_an_error(seed):
    game = game_of(seed, 6)
    data = dump_game(game)
    played = [i for i, h in enumerate(data["hands"]) if "tricks" in h]
    if not played:
        return
    i = played[0]
    who = next(iter(data["hands"][i]["tricks"]))
    data["hands"][i]["tricks"][who] += 1
    try:
        score_game(parse_game(data))
    except GameError as e:
        assert e.hand == i + 1
    else:
        raise AssertionError("one trick too many was accepted")
