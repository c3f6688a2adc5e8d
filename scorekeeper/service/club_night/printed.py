"""What the printed sheets need of an event: the standings sheet, and a round's packet besides
its tables' links (the round's name in a knockout, its tables and byes).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.events import StandingRow, standings
from scorekeeper.rules import (
    GameError,
    Rules,
    rules_from_spec,
)

from ..errors import EventRefused
from .events import overview, public_version
from .loading import EventRef, cached_load
from .settings import describe, game_rules
from .views import EventFacts, RoundView, event_facts

Database = store.Database


@dataclass(frozen=True)
class StandingsSheet:
    """The standings to print, as plain values: the event's name, date (empty: none) and id,
    its version (with the id, the printed sheet's cache key: it moves with any change to the
    event or its games), the standings and the tie-breakers that order them, a title saying
    when they stand, and a note (the format, and the champion once there is one)."""

    event_id: int
    name: str
    date: str
    version: str
    standings: tuple[StandingRow, ...]
    tiebreakers: tuple[str, ...]
    title: str
    note: str


def standings_sheet(db: Database, director_token: str) -> StandingsSheet:
    """The standings to print behind a director's link; EventNotFound for an unknown link."""
    event = store.events.event_by_director_token(db, director_token)
    view = cached_load(db, event)
    current = view.current
    if view.complete:
        title = "Final standings"
    elif current is None or current.closed:
        title = f"Standings after round {current.number}" if current else "Standings"
    else:
        title = f"Standings during round {current.number} (its finished tables count)"
    note = describe(event).format
    if view.champion:
        note += f". Champion: {view.champion}"
    version = public_version(db, event.public_token)
    return StandingsSheet(
        event.id, event.name, event.date or "", version, view.standings,
        view.config.tiebreakers, title, note,
    )  # fmt: skip


# --- printing: what a round's packet shows ---------------------------------------------------

KNOCKOUT_ROUNDS = {1: "final", 2: "semi-finals", 4: "quarter-finals"}


@dataclass(frozen=True)
class PacketData:
    """What a round's printed packet shows, as plain values; the web adds each table's link
    (``/g/<edit_token>``, absolute) and hands it to ``printing.packets``.

    ``standings`` are those before this round (the qualifying rounds before it), None for the
    first round. ``version`` moves with any change to the event or its games: a cache key.
    """

    event: EventFacts
    round: RoundView
    round_name: str
    rules: Rules
    preset: str
    byes: tuple[str, ...]
    standings: tuple[StandingRow, ...] | None
    tiebreakers: tuple[str, ...]
    version: str


def packet_data(db: Database, event: EventRef, number: int) -> PacketData:
    """A round's packet: its tables and byes, the rules every table plays, the standings so
    far; ``event`` is the event or its director's link (EventNotFound for an unknown one);
    EventRefused for a round that does not exist."""
    if isinstance(event, str):
        event = store.events.event_by_director_token(db, event)
    view = overview(db, event)
    rnd = view.round(number)
    if rnd is None:
        raise EventRefused(f"There is no round {number} to print (perhaps the page is old).")
    spec = game_rules(event)
    try:
        rules = rules_from_spec(spec)
    except GameError as e:
        raise EventRefused(f"The event's rules no longer load: {e}") from None
    preset = spec.get("preset", "standard")
    earlier = [r for r in view.qualifying_rounds if r.number < number]
    before = None
    if earlier:
        before = standings([e.core for e in view.entrants], view.results(earlier), view.config)
    name = f"Round {number}"
    if rnd.knockout and len(rnd.tables) in KNOCKOUT_ROUNDS:
        name += f": {KNOCKOUT_ROUNDS[len(rnd.tables)]}"
    return PacketData(
        event=event_facts(event),
        round=rnd,
        round_name=name,
        rules=rules,
        preset=preset if isinstance(preset, str) else "standard",
        byes=tuple(view.name_of(e) for e in rnd.byes),
        standings=before,
        tiebreakers=view.config.tiebreakers,
        version=".".join(str(n) for n in store.events.event_version(db, event.id)),
    )


__all__ = [
    "KNOCKOUT_ROUNDS", "PacketData", "StandingsSheet", "packet_data", "standings_sheet",
]  # fmt: skip
