"""What one browser sees of the instance: its games, the names typed, saved house rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper import store
from scorekeeper.rules import GameError, changes_line, parse_game, score_game

from .games import Database, game_label


@dataclass(frozen=True)
class GameSummary:
    """A game as a list shows it."""

    token: str
    label: str  # "Ann & Cy vs Bob & Di"
    totals: dict[str, int]
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
        sheet = score_game(parse_game(record.data))
    except GameError as e:
        players = record.data.get("players") if isinstance(record.data, dict) else None
        label = game_label(record.title, players if isinstance(players, list) else [])
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
    """A browser's games, in progress first, and the tokens it held of games now deleted."""

    in_progress: list[GameSummary]
    finished: list[GameSummary]
    gone: list[str]


def library(db: Database, tokens: list[str]) -> Library:
    """The games behind these edit tokens (most recent first)."""
    records = store.games_by_edit_tokens(db, tokens)
    found = {r.edit_token for r in records}
    games = [summarize(r) for r in records]
    return Library(
        [g for g in games if not g.finished],
        [g for g in games if g.finished],
        [t for t in tokens if t not in found],
    )


def player_names(db: Database) -> list[str]:
    """Names to suggest for a new game, most recently used first."""
    return store.player_names(db)


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


def all_house_rules(db: Database) -> list[SavedRules]:
    return [SavedRules(r.id, r.name, r.spec) for r in store.all_house_rules(db)]


# SQLite integers are 64-bit: an id outside that range names nothing (and must not overflow).
_MAX_ID = 2**63 - 1


def house_rules(db: Database, rule_id: int) -> SavedRules | None:
    if not 0 < rule_id <= _MAX_ID:
        return None
    return _saved(store.house_rules_by_id(db, rule_id))


def house_rules_named(db: Database, name: str) -> SavedRules | None:
    """The saved rules with this name, ignoring case."""
    return _saved(store.house_rules_by_name(db, name))


def delete_house_rules(db: Database, rule_id: int) -> bool:
    """Forget saved rules (games keep their own copy); False if there were none."""
    return store.delete_house_rules(db, rule_id)
