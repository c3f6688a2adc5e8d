"""A random club for the stats tests: finished games among a few people, as the memory reads
them (PlayedGame values built from the engine's sheets)."""

from __future__ import annotations

import random

from scorekeeper.rules import Game, GameError, score_game
from scorekeeper.rules.sample import random_game, random_rules
from scorekeeper.rules.tenths import counted
from scorekeeper.stats import PlayedGame, tally_game

PEOPLE = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]


def finished_game(
    rng: random.Random, players: list[str], three: bool, variants: bool = False
) -> tuple[Game, object]:
    """A random finished game of four in two teams, or three for themselves (``variants``: the
    newer presets too, Call Break's tenths among them)."""
    for _ in range(200):
        preset, rules = random_rules(rng, variants)
        try:
            return _finished(rng, players, three, preset, rules)
        except (GameError, _Unfinished):  # a seating the variant refuses, or no winner
            continue
    raise AssertionError("no finished game")


class _Unfinished(Exception):
    pass


def _finished(rng: random.Random, players: list[str], three: bool, preset: str, rules):
    if three:
        if rules.bidding == "partnership":
            raise _Unfinished
        game = random_game(rng, 60, rules, preset, tuple(players[:3]), None)
    else:
        a, b, c, d = players[:4]
        teams = {f"{a} & {c}": (a, c), f"{b} & {d}": (b, d)}
        game = random_game(rng, 60, rules, preset, (a, b, c, d), teams)
    sheet = score_game(game)
    if sheet.finished and sheet.winner is not None:
        return game, sheet
    raise _Unfinished


def played(game: Game, sheet, key: str, order: int, person=str.lower) -> PlayedGame:
    sides = tuple(tuple(person(p) for p in game.members(s)) for s in sheet.sides)
    return PlayedGame(
        key=key,
        order=(f"2026-{1 + order // 28:02d}-{1 + order % 28:02d}", order),
        date=f"2026-{1 + order // 28:02d}-{1 + order % 28:02d}",
        label=f"game {order}",
        sides=sides,
        points=tuple(counted(sheet.totals[s]) for s in sheet.sides),
        bags=tuple(sheet.bags[s] for s in sheet.sides),
        winner=sheet.sides.index(sheet.winner),
        tallies=tally_game(game, sheet, {p: person(p) for p in game.players}),
        tenths=game.rules.score_tenths,
    )


def random_club(
    seed: int, games: int = 12, variants: bool = False
) -> list[tuple[Game, object, PlayedGame]]:
    """``games`` finished games among PEOPLE: (game, sheet, played)."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        three = rng.random() < 0.25
        players = rng.sample(PEOPLE, 3 if three else 4)
        game, sheet = finished_game(rng, players, three, variants)
        out.append((game, sheet, played(game, sheet, f"g{i}", i)))
    return out
