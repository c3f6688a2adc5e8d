"""Every hint and rules-in-words line is true for the rules in force (issue 17): for every preset
and for random house rules, what each line claims is read back from its words and checked
against the engine, hand by hand, over random games scored by the engine.

Before: under the three-player preset the game page said "No bag penalty in these rules: the
Bags column is only a record" while every bag cost 10 points at once."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.rules import (
    PRESETS,
    Rules,
    parse_game,
    preset_rules,
    rules_summary,
    score_game,
)
from scorekeeper.rules.sample import random_game, random_rules, random_seating
from scorekeeper.rules.tenths import shown_points
from scorekeeper.rules.words import MINUS, bags_hint

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NUMBER = rf"([{MINUS}+]?\d+(?:\.\d)?)"  # whole, or tenths under score_tenths


def number(text: str) -> Decimal:
    return Decimal(text.replace(MINUS, "-"))


@dataclass
class BagClaims:
    """What the game page's bag hint says."""

    shown: bool
    record: bool = False  # "the Bags column is only a record": no bag penalty, ever
    per_bag: int | Decimal | None = None  # what each bag scores (negative: costs) at once
    max_over: int | None = None  # more than this many over a plain bid is a set
    blind_per_bag: int | None = None  # a blind bid's own rule, if it has one


def read_bag_hint(hint: str) -> BagClaims:
    if not hint:
        return BagClaims(shown=False)
    claims = BagClaims(shown=True, record="the Bags column is only a record" in hint)
    # rules without bags (Call Break) say "trick over the bid" where the others say "bag"
    if re.search("A (bag|trick over the bid) scores nothing", hint):
        claims.per_bag = 0
    elif m := re.search(r"Each (?:bag|trick over the bid) (costs|scores) (\d+(?:\.\d)?) points?",
                        hint):  # fmt: skip
        # a whole number, or tenths under score_tenths (Call Break: "0.1 points")
        claims.per_bag = Decimal(m[2]) * (-1 if m[1] == "costs" else 1)
    if m := re.search(r"more than (\d+) (?:bags?|tricks?) over a plain bid is a set", hint):
        claims.max_over = int(m[1])
    if re.search("a blind bid's (bags|tricks over) score nothing", hint):
        claims.blind_per_bag = 0
    elif m := re.search(r"a blind bid's (?:bags|tricks over) cost (\d+) points? each", hint):
        claims.blind_per_bag = -int(m[1])
    assert claims.per_bag is not None, hint  # a bag hint always says what a bag does
    return claims


def results(rules: Rules, preset: str, seed: int, games: int = 4):
    """Every side's result in a few random games under ``rules``."""
    rng = random.Random(seed)
    for _ in range(games):
        sheet = score_game(random_game(rng, 15, rules=rules, preset=preset))
        for hand in sheet.hands:
            if not hand.void:
                yield from hand.sides.values()


def check_bag_hint(rules: Rules, preset: str, seed: int) -> int:
    """The bag hint against the engine; returns how many bags it was checked on."""
    claims = read_bag_hint(bags_hint(rules))
    assert claims.shown == (rules.bag_limit is None)
    if not rules.has_bags:  # Call Break's tricks over are not bags: neither the hint's words
        assert not re.search(r"\bbags?\b", bags_hint(rules), re.I), bags_hint(rules)
    checked = 0
    for r in results(rules, preset, seed):
        if claims.record:
            assert r.bag_penalty == 0 and r.bag_penalties == 0
        if not claims.shown or r.contract is None:
            continue
        if r.made and r.overtricks:
            per = claims.per_bag
            if r.blind and claims.blind_per_bag is not None:
                per = claims.blind_per_bag
            assert r.overtrick_points == per * r.overtricks, (bags_hint(rules), r.explain)
            checked += r.overtricks
        if r.over_set:
            assert claims.max_over is not None, (bags_hint(rules), r.explain)
            assert r.toward - r.contract > claims.max_over, (bags_hint(rules), r.explain)
        if claims.max_over is not None and r.made and r.kind == "normal" and not r.blind:
            assert r.overtricks <= claims.max_over
        if r.nil_bags and rules.nil_tricks == "bags":
            word = "bag" if rules.has_bags else "over"  # no bags (tenths, no limit): "2 over"
            assert f"nil tricks: {r.nil_bags} {word}" in " ".join(r.explain)
    return checked


def check_summary(rules: Rules, preset: str, seed: int) -> None:
    """The rules in words at the top of a printed sheet, line by line, against the engine."""
    lines = rules_summary(rules, preset, 4)
    text = " | ".join(lines)
    if rules.race_tricks is not None:  # a race has no bids: its own words, and only them
        check_race_summary(rules, preset, seed, text)
        return
    made = next(line for line in lines if line.endswith(" a trick") or " a trick, " in line)
    trick_value = number(re.match(NUMBER, made)[1])
    assert trick_value == shown_points(rules.trick_value, rules.score_tenths)
    over = re.search(rf"bags {NUMBER}", made) or re.search(rf"{NUMBER} an extra trick", made)
    per_bag = number(over[1]) if over else 1  # "an extra trick": Call Break's words
    limit = re.search(rf"(\d+) bags: {MINUS}(-?\d+)", text)
    nil = re.search(rf"(?:^|\| )nil (-?\d+)(?:/{MINUS}(-?\d+))?", text)
    for r in results(rules, preset, seed, games=2):
        plain = r.contract is not None and r.kind == "normal" and not r.blind
        if plain and r.made and not r.double_back:
            assert r.contract_points == trick_value * r.contract, (text, r.explain)
            assert r.overtrick_points == per_bag * r.overtricks, (text, r.explain)
        if plain and not r.made and not r.over_set and not r.double_back:
            penalty = {"bid": r.contract, "shortfall": r.contract - r.toward, "none": 0}
            said = next(
                k for k, words in SET_WORDS.items()
                if words in text or words.replace("set:", "short:").replace("bid", "call") in text
            )  # fmt: skip
            assert r.contract_points == -trick_value * penalty[said], (text, r.explain)
        if r.bag_penalties:
            assert limit is not None, text
            assert r.bag_penalty == r.bag_penalties * int(limit[2]), (text, r.explain)
        for n in r.nils:
            if n.kind == "nil":
                assert nil is not None, text
                value = int(nil[1])
                lost = int(nil[2]) if nil[2] is not None else value
                assert n.points == (value if n.made else -lost), (text, r.explain)
        if r.blind and r.kind == "normal" and r.contract and not r.double_back:
            win, loss = rules.blind_win_multiplier, rules.blind_loss_multiplier
            blind = re.search(r"blind \d+\+ \u00d7(\d+)(?:, set \u00d7(\d+))?", text)
            assert blind is not None and int(blind[1]) == win, text  # the pad's ×win, ×loss
            assert int(blind[2] or blind[1]) == loss, text
            expected = (
                win * trick_value * r.contract if r.made else -loss * trick_value * r.contract
            )
            assert r.contract_points == expected, (text, r.explain)


def check_race_summary(rules: Rules, preset: str, seed: int, text: str) -> None:
    """A race's words (urban rules): "7 tricks win a hand", scoring 1, and nothing of the bids
    its hands never have (no trick value, set, bags or nil)."""
    race = re.search(r"a race, no bids: (\d+) tricks win a hand", text)
    assert race is not None, text
    for words in (" a trick", "set: ", " bags: ", "nil "):
        assert words not in text, text
    for r in results(rules, preset, seed, games=2):
        if not r.adjust and not r.extras:
            assert r.points == (1 if r.toward >= int(race[1]) else 0), (text, r.explain)


SET_WORDS = {"bid": f"set: {MINUS} the bid", "shortfall": f"set: {MINUS} the shortfall",
             "none": "set: no penalty"}  # fmt: skip


def test_the_three_player_hint_says_a_bag_costs_ten_at_once():
    rules = preset_rules("three-player")
    assert bags_hint(rules) == (
        "No bag limit in these rules: the Bags column is only a record. "
        "Each bag costs 10 points at once."
    )
    assert "No bag penalty" not in bags_hint(rules)
    assert bags_hint(preset_rules("nyc")) == (
        "No bag limit in these rules: the Bags column is only a record. A bag scores nothing; "
        "more than 2 bags over a plain bid is a set."
    )


def test_a_set_by_too_many_bags_says_how_many_and_the_hint_says_when():
    """NYC: at most 2 bags over a plain bid. Bid 4 and take 7 is a set: 3 over, not "0 over"."""
    game = {"format": "spades-scorekeeper/1", "rules": "nyc", "players": ["Ann", "Bob", "Cy", "Di"],
            "teams": {"A": ["Ann", "Cy"], "B": ["Bob", "Di"]},
            "hands": [{"tricks": {"A": 6, "B": 7}},
                      {"bids": {"A": 4, "B": 4}, "tricks": {"A": 7, "B": 6}}]}  # fmt: skip
    sheet = score_game(parse_game(game))
    a, b = sheet.hands[1].sides["A"], sheet.hands[1].sides["B"]
    claims = read_bag_hint(bags_hint(sheet.rules))
    assert a.over_set and a.toward - a.contract > claims.max_over
    assert b.made and b.overtricks == claims.max_over
    assert a.explain == [f"set: bid 4, took 7 (3 over, more than 2): {MINUS}40".replace(MINUS, "-")]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_presets_hints_say_what_the_engine_does(preset):
    rules = preset_rules(preset)
    checked = sum(check_bag_hint(rules, preset, seed) for seed in range(12))
    if rules.bag_limit is None:
        assert checked > 0  # the claim met real bags, not nothing
    for seed in range(6):
        check_summary(rules, preset, seed)


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_house_rules_hints_say_what_the_engine_does(seed):
    preset, rules = random_rules(random.Random(seed))
    check_bag_hint(rules, preset, seed)
    check_summary(rules, preset, seed)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_game_page_shows_the_presets_own_bag_hint(client, db, preset):
    rules = preset_rules(preset)
    players, teams = random_seating(random.Random(1), rules)
    data = {"format": "spades-scorekeeper/1", "rules": preset, "players": list(players)}
    if teams:
        data["teams"] = {k: list(v) for k, v in teams.items()}
    record = store.create_game(db, {**data, "hands": []})
    html = client.get(f"/g/{record.edit_token}").get_data(as_text=True)
    assert "No bag penalty" not in html
    hint = bags_hint(rules)
    assert (hint in html) if hint else ("the Bags column is only a record" not in html)
