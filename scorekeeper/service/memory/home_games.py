"""The kitchen table's games in the memory: a browser's own finished games, counted among their
players (never rated), for the memory's home figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper import store
from scorekeeper.cache import SizedCache
from scorekeeper.rules import GameError, parse_game, score_game
from scorekeeper.rules.names import NameProblem, clean_name, filing_key, name_key
from scorekeeper.rules.tenths import counted
from scorekeeper.stats import (
    Figures,
    PlayedGame,
    figures,
    sort_games,
    tally_game,
)
from scorekeeper.stats.model import Person

Database = store.Database


# --- the kitchen table -----------------------------------------------------------------------

HOME_GAMES = 1000  # a browser's games counted at most (the most recently opened)


@dataclass(frozen=True)
class HomeLine:
    name: str
    figures: Figures


@dataclass(frozen=True)
class HomeStats:
    """A browser's own finished games counted among their players (never rated)."""

    games: int
    lines: tuple[HomeLine, ...]
    head_to_head: tuple[tuple[str, str, int, int], ...]  # (player, opponent, games, wins)


def home_stats(db: Database, browser_id: str | None) -> HomeStats:
    """This browser's figures: people are the players' cleaned names, without case."""
    if browser_id is None:
        return HomeStats(0, (), ())
    games = []
    names: dict[Person, str] = {}
    for record in store.browser_games(db, browser_id, HOME_GAMES):
        hit = _HOME.get((record.edit_token, record.version))
        if hit is None:
            hit = _home_game(record)
            _HOME.put((record.edit_token, record.version), hit or False)
        if hit:
            game, seen = hit
            games.append(game)
            for k, n in seen.items():
                names.setdefault(k, n)
    games = sort_games(games)
    people = sorted({p for g in games for p in g.people}, key=lambda p: filing_key(names[p]))
    lines = tuple(HomeLine(names[p], figures(p, games)) for p in people)
    h2h = tuple(
        (line.name, names[o], r.games, r.wins)
        for p, line in zip(people, lines, strict=True)
        for o, r in sorted(line.figures.opponents.items(), key=lambda x: filing_key(names[x[0]]))
    )
    return HomeStats(len(games), lines, h2h)


_HOME: SizedCache[Any] = SizedCache(20_000, lambda _: 1)


def _home_game(record: store.GameRecord) -> tuple[PlayedGame, dict[str, str]] | None:
    try:
        game = parse_game(record.data)
        sheet = score_game(game)
    except (GameError, TypeError, ValueError):
        return None
    if not sheet.finished or sheet.winner not in sheet.sides:
        return None
    seen: dict[str, str] = {}
    person: dict[str, str] = {}
    for p in game.players:
        try:
            clean = clean_name(p)
        except NameProblem:
            return None
        person[p] = name_key(clean)
        seen.setdefault(person[p], clean)
    sides = tuple(tuple(person[p] for p in game.members(s)) for s in sheet.sides)
    try:
        played = PlayedGame(
            key=record.edit_token,
            order=(record.created_at, record.id),
            date=record.created_at[:10],
            label=record.title or " v ".join(sheet.sides),
            sides=sides,
            points=tuple(counted(sheet.totals[s]) for s in sheet.sides),  # tenths: whole tenths
            bags=tuple(sheet.bags[s] for s in sheet.sides),
            winner=sheet.sides.index(sheet.winner),
            tallies=tally_game(game, sheet, person),
            tenths=game.rules.score_tenths,  # counted apart from whole points (docs/stats.md)
        )
    except ValueError:
        return None
    return played, seen


__all__ = [
    "HOME_GAMES", "HomeLine", "HomeStats", "home_stats",
]  # fmt: skip
