"""A table game's figures, scored once a version: each table's game scored by the engine (or
counted as unfinished when its file no longer scores), kept by (game edit token, game version),
so a page that refreshes every few seconds scores only the games that changed since; a
corrected game gets a new version and is scored again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper import store
from scorekeeper.cache import SizedCache
from scorekeeper.rules import GameError, parse_game, score_game
from scorekeeper.rules.tenths import counted

Database = store.Database


# --- a table game's figures, scored once a version -------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """A table game as the engine scores it: per side (in the game's side order) the total and
    the bags; hands played (``hands`` counts misdeals too); finished and the winning side's
    index. ``problem`` is set when the stored file no longer scores (the table then counts as
    unfinished)."""

    sides: tuple[str, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    played: int
    hands: int
    finished: bool
    winner: int | None
    problem: str | None = None


def score_outcome(data: Mapping[str, Any]) -> Outcome:
    """Score one game file."""
    try:
        sheet = score_game(parse_game(data))
    except GameError as e:
        hands = data.get("hands") if isinstance(data, Mapping) else None
        count = len(hands) if isinstance(hands, list) else 0
        return Outcome((), (), (), 0, count, False, None, problem=str(e))
    sides = tuple(sheet.sides)
    winner = sides.index(sheet.winner) if sheet.finished and sheet.winner in sides else None
    return Outcome(
        sides,
        tuple(counted(sheet.totals[s]) for s in sides),  # whole points: no tenths at a club
        tuple(sheet.bags[s] for s in sides),
        sheet.played,
        len(sheet.hands),
        sheet.finished and winner is not None,
        winner,
    )


CACHE_LIMIT = 50_000  # table results kept (a few hundred bytes each), the least used dropped


_OUTCOMES: SizedCache[Outcome] = SizedCache(CACHE_LIMIT, lambda _outcome: 1)


def forget_outcomes() -> None:
    """Forget every scored game (``loading.clear_cache``: benchmarks and tests)."""
    global _OUTCOMES
    _OUTCOMES = SizedCache(CACHE_LIMIT, lambda _outcome: 1)


def outcomes_of(db: Database, tables: list[store.TableRecord]) -> dict[int, Outcome]:
    """Each table's outcome by table id: cached by (edit token, version), the rest read and
    scored (and cached under the version read with the file)."""
    out: dict[int, Outcome] = {}
    missing: list[store.TableRecord] = []
    for t in tables:
        hit = _OUTCOMES.get((t.edit_token, t.game_version))
        if hit is None:
            missing.append(t)
        else:
            out[t.id] = hit
    if missing:
        files = store.events.game_files(db, [t.game_id for t in missing])
        for t in missing:
            version, data = files[t.game_id]
            outcome = score_outcome(data)
            _OUTCOMES.put((t.edit_token, version), outcome)
            out[t.id] = outcome
    return out


__all__ = ["CACHE_LIMIT", "Outcome", "forget_outcomes", "outcomes_of", "score_outcome"]
