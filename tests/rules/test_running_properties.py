"""Invariants of the running bonuses, the renege and the exact-only bonuses over random valid
games (issue 33: each was found broken in random games, hand by hand): every line the engine
writes is recounted here from the hand's own results, by docs/contract.md's words alone, with
none of rules/running.py's code.

- the tricks a side took after renege (section 2, step 2; a mucked hand counts none) decide
  Two Round Majority's run and Part Deux's count (step 11);
- the Rubicon: a side whose total with its other running bonuses of the hand is in a hundred
  above the highest any side had reached before the hand (earlier bonuses included) scores
  each such hundred; a side falls below 100 once, after having reached it (bonuses included);
- a renege moves its tricks toward the contract (at zero at worst) and its overtricks count
  the tricks after giving them up, or those taken (``renege_overtricks``);
- an exact-only bonus counts exactly when the side made its contract with its tricks toward it
  equal to it (a partner's nil aside), or, without a contract, made all its nils.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    Game,
    Hand,
    Rules,
    rules_from_spec,
    rules_to_spec,
    score_game,
    score_hand,
    start_state,
)
from scorekeeper.rules.running import MAJORITY, PART_DEUX, RUBICON
from scorekeeper.rules.sample import random_game, random_rules

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
BONUS = "Bonus trick"
RUNNING = (RUBICON, MAJORITY, PART_DEUX)


def _rules(rng: random.Random) -> tuple[str, Rules]:
    """Random classic rules with every running bonus, an exact-only bonus and a renege rule."""
    preset, rules = random_rules(rng)
    spec: dict[str, Any] = {
        **rules_to_spec(rules, preset),
        "rubicon_value": rng.choice([1, 5, 50]),
        "majority_bonus": rng.choice([5, 20]),
        "seven_times_value": 10,
        "seven_times_counts": rng.choice(["made", "taken"]),
        "bonuses": [{"name": BONUS, "value": 25, "exact": True}],
        "renege_overtricks": rng.choice(["after renege", "taken"]),
        "renege_mucks": rng.random() < 0.3,
        "blind_deficit": None,  # (the bonus changes the scores a blind bid was allowed at)
    }
    return preset, rules_from_spec(spec)


def game_of(seed: int) -> Game:
    rng = random.Random(seed)
    preset, rules = _rules(rng)
    game = random_game(rng, 20, rules, preset)
    sides = game.sides()
    ctx, state = start_state(game)  # (the bonuses may end the game sooner)
    hands: list[Hand] = []
    for number, h in enumerate(game.hands, 1):  # an exact-only bonus in most played hands
        if not h.misdeal and rng.random() < 0.7:
            h = dataclasses.replace(h, bonuses={rng.choice(sides): {BONUS: rng.randint(1, 2)}})
        score_hand(ctx, state, h, number)
        hands.append(h)
        if state.finished:
            break
    return game.with_hands(tuple(hands))


def _points(extras: Any, name: str) -> list[Any]:
    return [e for e in extras if e.name.startswith(name)]


@SETTINGS
@given(seeds)
def test_the_running_bonuses_recount_from_each_hands_results(seed):
    game = game_of(seed)
    rules, T = game.rules, game.tricks_per_hand
    sheet = score_game(game)
    sides = sheet.sides
    totals = dict(sheet.start)
    top = max(0, max(totals.values()) // 100)  # (a start score counts as reached)
    reached = {s for s in sides if totals[s] >= 100}
    fell: set[str] = set()
    runs = dict.fromkeys(sides, 0)
    sevens = dict.fromkeys(sides, 0)
    for h in sheet.hands:
        if h.void:
            continue
        top_before = top
        for side in sides:
            r = h.sides[side]
            took = (
                0 if r.kind == "mucked" else max(r.tricks - r.renege_given, 0) + r.renege_received
            )
            runs[side] = runs[side] + 1 if 2 * took > T else 0
            majority = _points(r.extras, MAJORITY)
            if runs[side] >= 2:
                want = rules.majority_bonus * (runs[side] - 1)
                assert [e.points for e in majority] == [want], (h.number, side)
            else:
                assert majority == [], (h.number, side)
            counts = (
                took >= 7
                if rules.seven_times_counts == "taken"
                else bool(r.made) and (r.contract or 0) >= 7
            )
            part = _points(r.extras, PART_DEUX)
            if counts:
                sevens[side] += 1
                assert [e.points for e in part] == [10 * sevens[side]], (h.number, side)
            else:
                assert part == [], (h.number, side)
            # the Rubicon sees the total with the side's other running bonuses of the hand
            rubicon = _points(r.extras, RUBICON)
            own = sum(e.points for e in r.extras if e.name.startswith(RUBICON))
            seen = r.total - own
            marks = seen // 100
            first = [e for e in rubicon if "first to" in e.name]
            if marks > top_before:
                assert [e.points for e in first] == [rules.rubicon_value * (marks - top_before)]
            else:
                assert first == [], (h.number, side)
            down = [e for e in rubicon if "fell below" in e.name]
            if seen >= 100:
                reached.add(side)
                assert down == []
            elif side in reached and side not in fell:
                fell.add(side)
                assert [e.points for e in down] == [-rules.rubicon_value], (h.number, side)
            else:
                assert down == [], (h.number, side)
        for side in sides:  # what the hand reached, its running bonuses included
            totals[side] = h.sides[side].total
            if totals[side] >= 100:
                reached.add(side)
            top = max(top, totals[side] // 100)


@SETTINGS
@given(seeds)
def test_a_renege_and_the_exact_bonus_recount_from_each_hands_results(seed):
    game = game_of(seed)
    rules = game.rules
    sheet = score_game(game)
    for h in sheet.hands:
        if h.void:
            continue
        for side, r in h.sides.items():
            bonus = _points(r.extras, BONUS)
            if r.kind == "mucked" or r.contract is None and not r.nils:
                continue
            nt = sum(n.tricks for n in r.nils) if rules.nil_tricks != "contract" else 0
            if r.contract is not None:
                earned = max(r.tricks - nt - r.renege_given, 0)
                assert r.toward == earned + r.renege_received, (h.number, side)
                if r.made and not r.blind and r.kind == "normal":
                    actual = r.tricks - nt if rules.renege_overtricks == "taken" else earned
                    assert r.overtricks == max(actual - r.contract, 0), (h.number, side)
                exact = bool(r.made) and r.toward == r.contract
            else:
                exact = all(n.made for n in r.nils)
            for e in bonus:
                assert e.counted == exact, (h.number, side)
                assert e.points == (25 * e.times if exact else 0), (h.number, side)


def test_the_random_games_meet_what_the_properties_check():
    """The games above do reach each case: a renege, a mucked hand, a Rubicon crossing and fall,
    a majority run, a Part Deux hand, an exact bonus counted and one not."""
    seen: set[str] = set()
    for seed in range(60):
        for h in score_game(game_of(seed)).hands:
            for r in h.sides.values():
                seen.update(e.name.split(",")[0] + ("" if e.counted else " not counted")
                            for e in r.extras)  # fmt: skip
                if r.renege_given:
                    seen.add("renege")
                if r.kind == "mucked":
                    seen.add("mucked")
                if any("fell below" in e.name for e in r.extras):
                    seen.add("fell")
    assert {RUBICON, MAJORITY, PART_DEUX.split(",")[0], BONUS, f"{BONUS} not counted", "renege",
            "mucked",
            "fell"} <= seen, seen  # fmt: skip
