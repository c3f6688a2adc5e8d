"""An event's settings: what a director chooses, checked, and said in words.

Pure functions over the settings (no database): the rules every table's game is played under
(the event's rules with its round end), the checks that refuse an event that cannot run, and
the event's format, rules and round end in plain words for its pages and printouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as Date
from typing import Any

from scorekeeper import store
from scorekeeper.events import DEFAULT_TIEBREAKERS, FORMATS, TIEBREAKERS, EventConfig, EventError
from scorekeeper.rules import (
    FORMAT,
    MAX_HANDS,
    GameError,
    changes_line,
    parse_game,
    rules_from_spec,
    rules_to_spec,
)

from ..errors import EventRefused

EVENT_NAME_LENGTH = 80


MAX_ROUNDS = 30


MAX_ROUND_MINUTES = 600


CUTS = (2, 4, 8, 16)


@dataclass(frozen=True)
class EventWords:
    """An event's settings in words, for its pages and printouts."""

    format: str  # "Swiss, teams of two, 3 rounds"
    rules: str  # "Standard, changed: Nil: no."
    end: str  # "games to 300 or 4 hands, 45 minutes a round; time is called by the director"


FORMAT_WORDS = {
    "swiss": "Swiss",
    "round_robin": "Round robin",
    "progressive": "Progressive",
    "knockout": "Knockout",
}


def describe(event: store.EventRecord) -> EventWords:
    """The event's format, rules and round end in plain words."""
    if event.sides_per_table == 3:
        size = "cutthroat tables of three"
    elif event.format == "progressive":
        size = "individuals, partners change every round"
    else:
        size = "teams of two"
    rounds = f"{event.rounds} round{'s' if event.rounds != 1 else ''}"
    if event.format == "knockout":
        rounds = "single elimination to the final"
    elif event.cut:
        rounds += f", then the top {event.cut} in a knockout"
    try:
        target = rules_from_spec(game_rules(event)).target_score
    except GameError:
        target = None
    end = [f"games to {target}" if target is not None else "games to the target score"]
    if event.max_hands:
        end[0] += f" or {event.max_hands} hands"
    if event.round_minutes:
        end.append(f"{event.round_minutes} minutes a round")
    return EventWords(
        f"{FORMAT_WORDS.get(event.format, event.format)}, {size}, {rounds}",
        changes_line(event.rules),
        ", ".join(end),
    )


@dataclass(frozen=True)
class EventSettings:
    """What a director chooses when creating an event.

    ``rules`` is a rules spec as a game file writes it (a preset name or a preset plus house
    rules); ``target_score`` and ``max_hands`` override it for every table's game (how a
    round's game ends); ``round_minutes`` is the round's time for a timer (time is called by
    the director). ``cut`` sends the top 2/4/8/16 to single elimination after ``rounds``.
    ``sides_per_table`` is 2 (partnerships) or 3 (cutthroat tables of three players).
    """

    name: str
    date: str = ""
    rules: dict[str, Any] | str = "standard"
    format: str = "swiss"
    rounds: int = 3
    sides_per_table: int = 2
    target_score: int | None = None
    max_hands: int | None = None
    round_minutes: int | None = None
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS
    cut: int | None = None
    seed: int | None = None

    def columns(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "date": self.date,
            "rules": self.rules,
            "format": self.format,
            "rounds": self.rounds,
            "sides_per_table": self.sides_per_table,
            "target_score": self.target_score,
            "max_hands": self.max_hands,
            "round_minutes": self.round_minutes,
            "tiebreakers": list(self.tiebreakers),
            "cut": self.cut,
            "seed": self.seed,
        }


def _spec(rules: dict[str, Any] | str) -> dict[str, Any]:
    return {"preset": rules} if isinstance(rules, str) else dict(rules)


def event_rules(rules: dict[str, Any] | str) -> dict[str, Any]:
    """An event's rules spec as the engine writes it back: the preset and what differs."""
    spec = _spec(rules)
    preset = spec.get("preset", "standard")
    return rules_to_spec(rules_from_spec(spec), preset if isinstance(preset, str) else "standard")


def game_rules(event: store.EventRecord | EventSettings) -> dict[str, Any]:
    """The rules spec of every table's game: the event's rules with its round end."""
    spec = _spec(event.rules)
    if event.target_score is not None:
        spec["target_score"] = event.target_score
    if event.max_hands is not None:
        spec["max_hands"] = event.max_hands
    preset = spec.get("preset", "standard")
    return rules_to_spec(rules_from_spec(spec), preset if isinstance(preset, str) else "standard")


def check_settings(s: EventSettings) -> EventSettings:
    """The settings with names trimmed, or EventRefused naming the field that is wrong."""
    name = " ".join(s.name.split())
    if not name:
        raise EventRefused("Give the event a name.", field="name")
    if len(name) > EVENT_NAME_LENGTH:
        raise EventRefused(f"Keep the name to {EVENT_NAME_LENGTH} characters.", field="name")
    if s.date:
        try:
            Date.fromisoformat(s.date)
        except ValueError:
            raise EventRefused("The date is a day like 2024-05-17.", field="date") from None
    if s.format not in FORMATS:
        raise EventRefused(f"Choose a format: {', '.join(FORMATS)}.", field="format")
    if not 1 <= s.rounds <= MAX_ROUNDS:
        raise EventRefused(f"Rounds: from 1 to {MAX_ROUNDS}.", field="rounds")
    if s.round_minutes is not None and not 1 <= s.round_minutes <= MAX_ROUND_MINUTES:
        raise EventRefused(
            f"Round time: from 1 to {MAX_ROUND_MINUTES} minutes, or none.", field="round_minutes"
        )
    if s.max_hands is not None and not 1 <= s.max_hands <= MAX_HANDS:
        raise EventRefused(f"Hands a round: from 1 to {MAX_HANDS}, or none.", field="max_hands")
    if s.cut is not None:
        if s.cut not in CUTS:
            raise EventRefused("The cut is to the top 2, 4, 8 or 16.", field="cut")
        if s.format not in ("swiss", "round_robin") or s.sides_per_table != 2:
            raise EventRefused(
                "A cut to a knockout follows a Swiss or round robin of teams.", field="cut"
            )
    unknown = [t for t in s.tiebreakers if t not in TIEBREAKERS]
    if unknown or len(set(s.tiebreakers)) != len(s.tiebreakers):
        raise EventRefused("Choose each tie-breaker at most once.", field="tiebreakers")
    try:
        EventConfig(s.format, s.sides_per_table, tuple(s.tiebreakers), s.seed)
    except EventError as e:
        raise EventRefused(sentence(e.message), field=e.field or "format") from None
    try:
        spec = game_rules(s)
        if rules_from_spec(spec).score_tenths:
            raise EventRefused(
                "A club table scores whole points: standings and the memory add them up, so "
                "rules that score in tenths (Call Break) are for a game of their own.",
                field="rules",
            )
        for players in _table_shapes(s):  # the rules must suit every table the event seats
            parse_game({"format": FORMAT, "rules": spec, **players, "hands": []})
    except GameError as e:
        where = e.field or "rules"
        if where == "rules.target_score":
            where = "target_score"
        message = sentence(e.message)
        if where == "rules.bidding":
            message = "Partnership bidding needs teams: cutthroat tables have none."
        raise EventRefused(message, field=where) from None
    return EventSettings(**{**s.columns(), "name": name, "tiebreakers": tuple(s.tiebreakers)})


def _table_shapes(s: EventSettings) -> list[dict[str, Any]]:
    """Sample seatings of the tables the event will seat: four partners, or cutthroat tables
    of three (and two, when two players are left over)."""
    if s.sides_per_table == 3:
        return [{"players": ["A", "B", "C"]}, {"players": ["A", "B"]}]
    return [{"players": ["A", "B", "C", "D"], "teams": {"A & C": ["A", "C"], "B & D": ["B", "D"]}}]


def sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def is_individual(event: store.EventRecord | EventSettings) -> bool:
    """Whether entrants are single players (progressive, cutthroat) rather than teams of two."""
    return event.format == "progressive" or event.sides_per_table == 3


__all__ = [
    "CUTS", "EVENT_NAME_LENGTH", "EventSettings", "EventWords", "FORMAT_WORDS", "MAX_ROUNDS",
    "MAX_ROUND_MINUTES", "check_settings", "describe", "event_rules", "game_rules",
    "is_individual", "sentence",
]  # fmt: skip
