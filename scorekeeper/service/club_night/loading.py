"""An event's view read from the store: the event, its entrants, rounds and tables in a few
queries, each table's outcome (``outcomes``) and the standings handed to the event core, kept
per event while its version stands (``cached_load``), and each table's view while its record
and outcome are the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorekeeper import store

from ..errors import EventMoved
from ..table_place import clock_of
from .outcomes import CACHE_LIMIT, Outcome, forget_outcomes, outcomes_of
from .views import EntrantView, EventView, RoundView, TableView, event_facts, side_groups

Database = store.Database


# --- loading ---------------------------------------------------------------------------------

# Each table's view, kept while its record (the store hands back the same object for an
# unchanged row) and its game's outcome (one object a game version) are the same.
_TABLE_VIEWS: dict[str, tuple[store.TableRecord, Outcome, TableView]] = {}


def _table_view(
    t: store.TableRecord,
    outcome: Outcome,
    event: store.EventRecord,
    names: Mapping[int, EntrantView],
) -> TableView:
    kept = _TABLE_VIEWS.get(t.edit_token)
    if kept is not None and kept[0] is t and kept[1] is outcome:
        return kept[2]
    sides = side_groups(t.entrants, event)
    side_names = outcome.sides or tuple(
        " & ".join(names[e].name if e in names else str(e) for e in side) for side in sides
    )
    view = TableView(
        t.id, t.round_number, t.number, t.position, t.entrants, sides, side_names, t.seats,
        t.dealer, t.fixed, t.game_id, t.edit_token, t.view_token, outcome, t.paper,
        t.corrected_after_close,
    )  # fmt: skip
    if len(_TABLE_VIEWS) > CACHE_LIMIT:
        _TABLE_VIEWS.clear()
    _TABLE_VIEWS[t.edit_token] = (t, outcome, view)
    return view


def build_view(
    event: store.EventRecord,
    entrants: Iterable[store.EntrantRecord],
    people: Mapping[int, str],
    rounds: Iterable[store.RoundRecord],
    tables: Iterable[store.TableRecord],
    outcomes: Mapping[int, Outcome],
) -> EventView:
    """Put the records together (shared by the database and the event file)."""
    entrant_views = tuple(
        EntrantView(
            e.id,
            e.name,
            tuple(people.get(p, "?") for p in e.members),
            e.members,
            e.ord,
            e.active,
            e.joined_round,
            e.fixed_table,
        )  # fmt: skip
        for e in entrants
    )
    names = {e.id: e for e in entrant_views}
    by_round: dict[int, list[TableView]] = {}
    for t in tables:
        view = _table_view(t, outcomes[t.id], event, names)
        by_round.setdefault(t.round_id, []).append(view)
    round_views = tuple(
        RoundView(
            r.id,
            r.number,
            r.status,
            r.knockout,
            tuple(sorted(by_round.get(r.id, []), key=lambda t: t.number)),
            r.byes,
            r.notes,
            clock_of(r),
        )  # fmt: skip
        for r in sorted(rounds, key=lambda r: r.number)
    )
    return EventView(event_facts(event), entrant_views, round_views)


_VIEWS: dict[str, tuple[tuple[int, int, int], EventView]] = {}


def cached_load(db: Database, event: store.EventRecord) -> EventView:
    """:func:`load` for pages that only read: the whole view (standings included, once
    computed) is kept per event and reused while the event's version is the same. The
    version is one query and moves with every change to the event and every save of any of
    its table games (see ``store.events.event_version``), so a page refreshing every few
    seconds costs that query while nothing changed. Use cases that write call :func:`load`."""
    version = store.events.event_version(db, event.id)
    kept = _VIEWS.get(event.public_token)
    if kept is not None and kept[0] == version:
        return kept[1]
    view = load(db, store.events.event_by_id(db, event.id))
    if len(_VIEWS) > 1000:
        _VIEWS.clear()
    _VIEWS[event.public_token] = (version, view)
    return view


EventRef = store.EventRecord | str  # an event, or its director's link (what a console form has)


def changing(
    db: Database, event: EventRef, seen: int | None = None
) -> tuple[store.EventRecord, EventView]:
    """The event as it is now, its record and its view, for a use case that changes it (call it
    inside the write transaction): read by its director's link or again by its id, so the use
    case acts on the event as stored, never on a record read earlier. ``seen`` is the event's
    version a form was read at: when the event has moved on since (another tab, another device,
    an old page sent again), nothing is done and EventMoved says where the event is now. None
    (the command line, a test) acts on the event as it is."""
    if isinstance(event, str):
        record = store.events.event_by_director_token(db, event)
    else:
        record = store.events.event_by_id(db, event.id)
    view = load(db, record)
    if seen is not None and record.version != seen:
        raise EventMoved(
            f"Nothing was done: the event changed since this page was read ({where(view)}). "
            "Here it is as it stands now."
        )
    return record, view


def where(view: EventView) -> str:
    """Where an event stands, in a few words: "round 2 is playing", "no round seated yet"."""
    last = view.current
    if last is None:
        return "no round is seated yet"
    return f"round {last.number} is {last.status_words}"


def load(db: Database, event: store.EventRecord) -> EventView:
    """The event as it stands, in five queries (the event's own row is the caller's)."""
    entrants = store.events.entrants_of(db, event.id)
    people = store.events.people_by_ids(db, (p for e in entrants for p in e.members))
    rounds = store.events.rounds_of(db, event.id)
    tables = store.events.tables_of_event(db, event.id)
    outcomes = outcomes_of(db, tables)
    return build_view(
        event, entrants, {i: p.name for i, p in people.items()}, rounds, tables, outcomes
    )


def clear_cache() -> None:
    """Forget every scored game and kept view (for benchmarks and tests)."""
    forget_outcomes()
    _VIEWS.clear()
    _TABLE_VIEWS.clear()


__all__ = ["EventRef", "build_view", "cached_load", "changing", "clear_cache", "load", "where"]
