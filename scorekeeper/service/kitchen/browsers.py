"""What one browser sees of the instance: its games, the names it typed, its saved house rules.

A browser is a random id (the web keeps it in the browser's signed session cookie; see
scorekeeper.web.session). Nothing here is shared between browsers except house rules saved
before rules had owners.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from scorekeeper import store
from scorekeeper.rules import GameError, changes_line, parse_game, score_game

from .opening import game_label

Database = store.Database


@dataclass(frozen=True)
class GameSummary:
    """A game as a list shows it."""

    token: str
    label: str  # "Ann & Cy vs Bob & Di"
    totals: dict[str, int | Decimal]  # tenths as Decimals under score_tenths (Call Break)
    hands_played: int
    finished: bool
    winner: str | None
    updated_at: str
    problem: str | None = None  # the stored file no longer scores

    @property
    def updated_text(self) -> str:
        """``2024-05-01 14:03 UTC`` from the stored ISO time."""
        return self.updated_at[:16].replace("T", " ") + " UTC"


def summarize(record: store.GameRecord) -> GameSummary:
    """Players, totals, hands and winner of a stored game, scored by the engine."""
    try:
        if record.problem:
            raise GameError(record.problem)
        sheet = score_game(parse_game(record.data))
    except GameError as e:
        players = record.data.get("players") if isinstance(record.data, dict) else None
        label = game_label(record.title, players if isinstance(players, list) else [])[:200]
        return GameSummary(record.edit_token, label, {}, 0, record.finished, record.winner,
                           record.updated_at, problem=str(e))  # fmt: skip
    return GameSummary(
        token=record.edit_token,
        label=game_label(record.title, sheet.sides),
        totals=dict(sheet.totals),
        hands_played=sheet.played,
        finished=sheet.finished,
        winner=sheet.winner,
        updated_at=record.updated_at,
    )


@dataclass(frozen=True)
class Library:
    """A browser's games, in progress first."""

    in_progress: list[GameSummary]
    finished: list[GameSummary]


MAX_LISTED = 100  # games on a browser's home page, the most recently opened


MAX_NAMES = 200  # names suggested for a new game


def library(db: Database, browser_id: str | None) -> Library:
    """The games this browser created, opened or imported (most recently opened first)."""
    records = store.browser_games(db, browser_id, MAX_LISTED) if browser_id else []
    games = [summarize(r) for r in records]
    return Library([g for g in games if not g.finished], [g for g in games if g.finished])


def adopt_games(db: Database, browser_id: str, tokens: Sequence[str]) -> int:
    """Take a browser's games as an older version listed them (edit tokens, most recent first)
    into its list, in that order; returns how many games were found."""
    now = _parse(store.now_exact())
    stamps = (
        (now - timedelta(seconds=i)).isoformat(timespec="microseconds") for i in range(len(tokens))
    )
    return store.adopt_games(db, browser_id, zip(tokens, stamps, strict=False))


def _parse(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp)


def player_names(db: Database, browser_id: str | None) -> list[str]:
    """Names to suggest for this browser's next game: its own games' players, most recently
    opened first (never names typed in other browsers)."""
    return store.browser_player_names(db, browser_id, MAX_NAMES) if browser_id else []


# --- saved house rules -------------------------------------------------------------------------


@dataclass(frozen=True)
class SavedRules:
    """Saved house rules as a list shows them: with a line naming what they change."""

    id: int
    name: str
    spec: dict[str, Any]

    @property
    def line(self) -> str:
        return changes_line(self.spec)


def _saved(rules: store.HouseRules | None) -> SavedRules | None:
    return None if rules is None else SavedRules(rules.id, rules.name, rules.spec)


def all_house_rules(db: Database, owner: str | None) -> list[SavedRules]:
    """The rules this browser saved (and those saved before rules had owners)."""
    return [SavedRules(r.id, r.name, r.spec) for r in store.all_house_rules(db, owner)]


# SQLite integers are 64-bit: an id outside that range names nothing (and must not overflow).
_MAX_ID = 2**63 - 1


def house_rules(db: Database, rule_id: int, owner: str | None) -> SavedRules | None:
    """Saved rules by id, if this browser may use them; else None."""
    if not 0 < rule_id <= _MAX_ID:
        return None
    return _saved(store.house_rules_by_id(db, rule_id, owner))


def house_rules_named(db: Database, name: str, owner: str | None) -> SavedRules | None:
    """This browser's saved rules with this name, ignoring case."""
    if owner is None:
        return None
    return _saved(store.house_rules_by_name(db, name, owner))


def forget_house_rules(db: Database, rule_id: int, owner: str | None) -> SavedRules | None:
    """Forget saved rules this browser may use, in one transaction; returns what was forgotten
    (for the page to name), or None when this browser has none such (nothing changed)."""
    if not 0 < rule_id <= _MAX_ID:
        return None
    with store.write(db):
        saved = _saved(store.house_rules_by_id(db, rule_id, owner))
        if saved is not None:
            store.delete_house_rules(db, rule_id, owner)
    return saved


__all__ = [
    "GameSummary", "Library", "MAX_LISTED", "MAX_NAMES", "SavedRules", "adopt_games",
    "all_house_rules", "forget_house_rules", "house_rules", "house_rules_named", "library",
    "player_names", "summarize",
]  # fmt: skip
