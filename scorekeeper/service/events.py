"""Club events, one use case a function: open an event by its link, see it as it stands,
create it, register, drop, reinstate and fix entrants; the rounds' use cases
(``event_rounds``) and the settings (``event_settings``) are re-exported here, so the whole
event API is ``service.events``; the event file and CSV are ``service.event_files``.

Every function takes a database connection; each change is one transaction (``store.write``)
that reads the event inside it, so a round is seated from the results as they are at that
moment. The event core (``scorekeeper.events``) decides pairings, seats and standings; the
engine scores each table's game; these modules only join them to the store.

Reading: :func:`open_director` / :func:`open_public` give the event record behind a link,
:func:`overview` the whole :class:`~.event_views.EventView` (entrants, rounds, tables with their
figures, standings, champion), from which pages, exports and printing take what they show;
:func:`packet_data` what a round's printed packet needs besides the tables' links.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.events import StandingRow, standings
from scorekeeper.rules import (
    NAME_LENGTH,
    TEAM_NAME_LENGTH,
    GameError,
    Rules,
    rules_from_spec,
    team_name,
)

from .errors import EventNotFound, EventRefused
from .event_rounds import (
    NextStep,
    call_time,
    clear_paper,
    close_round,
    enter_paper,
    next_step,
    repair_round,
    seat_next_round,
    swap,
)
from .event_settings import (
    CUTS,
    EVENT_NAME_LENGTH,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    EventSettings,
    EventWords,
    check_settings,
    describe,
    event_rules,
    game_rules,
    is_individual,
)
from .event_views import (
    EntrantView,
    EventView,
    RoundView,
    TableView,
    cached_load,
    event_config,
    load,
)

Database = store.Database


# --- opening an event ------------------------------------------------------------------------


def open_director(db: Database, token: str) -> store.EventRecord:
    """The event behind a director's link (the only link that can change it)."""
    return store.events.event_by_director_token(db, token)


def open_public(db: Database, token: str) -> store.EventRecord:
    """The event behind its public, read-only link."""
    return store.events.event_by_public_token(db, token)


def overview(db: Database, event: store.EventRecord) -> EventView:
    """The event as it stands now: entrants, rounds, tables, standings. While nothing changed
    since the last look this is one query; after a change, a few, and only the table games
    that changed are scored again."""
    return cached_load(db, event)


def events_of(db: Database, director_tokens: list[str]) -> list[store.EventRecord]:
    """The events behind these director's links (a browser's list); unknown ones skipped."""
    found = []
    for token in director_tokens:
        try:
            found.append(store.events.event_by_director_token(db, token))
        except EventNotFound:
            continue
    return found


def public_version(db: Database, token: str) -> str:
    """What the public and projector pages poll: it changes whenever anything they show does
    (the event, its entrants and rounds, or any table's game). One query."""
    return ".".join(str(n) for n in store.events.event_version_by_public_token(db, token))


def table_of_game(db: Database, game_id: int) -> store.TableRef | None:
    """The event, round and table a game is played at (the game page's header), or None."""
    return store.events.table_of_game(db, game_id)


def create_event(db: Database, settings: EventSettings) -> store.EventRecord:
    """A new event with its director's and public links; raises EventRefused."""
    checked = check_settings(settings)
    columns = checked.columns()
    columns["rules"] = event_rules(checked.rules)
    return store.events.create_event(db, columns)


# --- entrants --------------------------------------------------------------------------------


def register(
    db: Database, event: store.EventRecord, names: list[str], team: str = ""
) -> EntrantView:
    """Register a team (two names, and a team name or "Ann & Cy") or a player (one name), before
    or during the event. People are matched by name (ignoring case) across the club's events;
    new names become new people. A late entrant joins from the next round seated."""
    names = [" ".join(n.split()) for n in names]
    names = [n for n in names if n]
    team = " ".join(team.split())
    need = 1 if is_individual(event) else 2
    if len(names) != need:
        raise EventRefused(
            "Type the player's name." if need == 1 else "Type both partners' names.",
            field="names",
        )
    for n in names:
        if len(n) > NAME_LENGTH:
            raise EventRefused(f"Keep names to {NAME_LENGTH} characters.", field="names")
    if len({n.casefold() for n in names}) != len(names):
        raise EventRefused("The two partners need different names.", field="names")
    if len(team) > TEAM_NAME_LENGTH:
        raise EventRefused(f"Keep the team name to {TEAM_NAME_LENGTH} characters.", field="team")
    with store.write(db):
        view = load(db, event)
        if event.format == "knockout" and view.rounds:
            raise EventRefused("A knockout's bracket is set in round 1: no late entries.")
        people = store.events.people_named(db, names)
        for person in people:
            for e in view.entrants:
                if person.id in e.person_ids:
                    where = "" if e.name == person.name else f" (in {e.name})"
                    if e.active:
                        raise EventRefused(
                            f"{person.name} is already registered{where}.", field="names"
                        )
                    raise EventRefused(
                        f"{person.name} dropped out{where}: reinstate instead.", field="names"
                    )
        member_names = [p.name for p in people]
        name = member_names[0] if need == 1 else (team or team_name(member_names))
        taken = {e.name.casefold() for e in view.entrants}
        if name.casefold() in taken:
            raise EventRefused(f"{name} is already an entrant's name.", field="team")
        players = {m.casefold() for e in view.entrants for m in e.members} | {
            m.casefold() for m in member_names
        }
        if need == 2 and name.casefold() in players:
            raise EventRefused("A team's name cannot be a player's name.", field="team")
        record = store.events.add_entrant(
            db, event.id, name, [p.id for p in people], joined_round=len(view.rounds) + 1
        )
        store.events.touch_event(db, event.id)
    return EntrantView(
        record.id, name, tuple(member_names), record.members, record.ord, True,
        record.joined_round, None,
    )  # fmt: skip


def set_active(db: Database, event: store.EventRecord, entrant_id: int, active: bool) -> str:
    """Drop (``active=False``) or reinstate an entrant; returns their name. A dropped entrant
    keeps their results and row in the standings and is never seated again until reinstated;
    a table they already sit at plays on (re-pair the round if it has not started)."""
    with store.write(db):
        view = load(db, event)
        entrant = view.entrant(entrant_id)
        if active:
            for p in entrant.person_ids:
                for other in view.entrants:
                    if other.active and other.id != entrant.id and p in other.person_ids:
                        raise EventRefused(f"A player of {entrant.name} plays in {other.name}.")
        store.events.update_entrant(db, entrant.id, active=active)
        store.events.touch_event(db, event.id)
    return entrant.name


def fix_entrant(
    db: Database, event: store.EventRecord, entrant_id: int, table_number: int | None
) -> str:
    """Keep an entrant at one table number in every round (accessibility), or release them
    (``None``). Their table in the current round takes that number now if the round has not
    started (the table that had it takes theirs). Returns a sentence saying what happened."""
    if table_number is not None and not 1 <= table_number <= 1000:
        raise EventRefused("Tables are numbered from 1.", field="table")
    with store.write(db):
        view = load(db, event)
        entrant = view.entrant(entrant_id)
        store.events.update_entrant(db, entrant.id, fixed_table=table_number)
        said = f"{entrant.name} now plays at any table."
        current = view.current
        here = _table_of(current, entrant.id) if current and not current.closed else None
        if table_number is None:
            if here is not None and here.fixed:
                store.events.update_table(db, here.id, fixed=False)
        else:
            said = f"{entrant.name} stays at table {table_number} from now on."
            if here is not None and here.number == table_number:
                store.events.update_table(db, here.id, fixed=True)
            elif here is not None and current is not None and not current.started:
                other = current.table(table_number)
                numbers = {here.id: table_number}
                if other is not None:
                    numbers[other.id] = here.number
                    said += f" Table {here.number} is now played at table {table_number}."
                elif table_number > len(current.tables):
                    said += " This round has fewer tables; it applies when there are enough."
                    numbers = {}
                store.events.renumber_tables(db, current.id, numbers)
                if numbers:
                    store.events.update_table(db, here.id, fixed=True)
            elif here is not None:
                said += " This round has started, so from the next round on."
        store.events.touch_event(db, event.id)
    return said


def _table_of(rnd: RoundView, entrant_id: int) -> TableView | None:
    return next((t for t in rnd.tables if entrant_id in t.entrants), None)


# --- printing: what a round's packet shows ---------------------------------------------------

KNOCKOUT_ROUNDS = {1: "final", 2: "semi-finals", 4: "quarter-finals"}


@dataclass(frozen=True)
class PacketData:
    """What a round's printed packet shows, as plain values; the web adds each table's link
    (``/g/<edit_token>``, absolute) and hands it to ``printing.packets``.

    ``standings`` are those before this round (the qualifying rounds before it), None for the
    first round. ``version`` moves with any change to the event or its games: a cache key.
    """

    event: store.EventRecord
    round: RoundView
    round_name: str
    rules: Rules
    preset: str
    byes: tuple[str, ...]
    standings: tuple[StandingRow, ...] | None
    tiebreakers: tuple[str, ...]
    version: str


def packet_data(db: Database, event: store.EventRecord, number: int) -> PacketData:
    """A round's packet: its tables and byes, the rules every table plays, the standings so
    far; EventRefused for a round that does not exist."""
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
        event=event,
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
    "CUTS", "EVENT_NAME_LENGTH", "EntrantView", "EventNotFound", "EventRefused",
    "EventSettings", "EventView", "EventWords", "MAX_ROUNDS", "MAX_ROUND_MINUTES", "NextStep",
    "PacketData", "RoundView", "TableView", "call_time", "check_settings", "clear_paper",
    "close_round", "create_event", "describe", "enter_paper", "event_config", "event_rules",
    "events_of", "fix_entrant", "game_rules", "is_individual", "next_step", "open_director",
    "open_public", "overview", "packet_data", "public_version", "register", "repair_round",
    "seat_next_round", "set_active", "swap", "table_of_game",
]  # fmt: skip
