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

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from scorekeeper import store
from scorekeeper.cache import OneAtATime
from scorekeeper.events import Clock, StandingRow, standings
from scorekeeper.rules import (
    NAME_LENGTH,
    TEAM_NAME_LENGTH,
    GameError,
    Rules,
    rules_from_spec,
    team_name,
)
from scorekeeper.rules.names import NameProblem, clean_name, name_key
from scorekeeper.store import actions

from .errors import EventNotFound, EventRefused
from .event_rounds import (
    CLOCK_ACTIONS,
    Done,
    NextStep,
    TimeQuestion,
    TypedClock,
    TypedRoundMinutes,
    call_time,
    clear_paper,
    close_round,
    enter_paper,
    next_step,
    once,
    open_round,
    repair_round,
    round_clock,
    seat_next_round,
    set_round_minutes,
    submit_clock,
    submit_round_minutes,
    swap,
    time_question,
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
    EventFacts,
    EventLink,
    EventRef,
    EventView,
    RoundView,
    TablePlace,
    TableView,
    cached_load,
    changing,
    event_config,
    event_facts,
    event_link,
    table_of_game,
)
from .library import player_names

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


@dataclass(frozen=True)
class ClockNow:
    """The event's round clock at the moment asked: the round's number (0 before round 1),
    the seconds left (None: no clock to show) and whether it is paused."""

    round: int
    left: int | None
    paused: bool


def clock_now(db: Database, public_token: str, now: float | None = None) -> ClockNow:
    """What a table's phone polls to keep its clock true when the director pauses, extends or
    restarts it between hands. One query."""
    last = store.events.last_round_clock(db, public_token)
    if last is None:
        return ClockNow(0, None, False)
    number, status, deadline, left = last
    if status in ("closed", "time_called") or (deadline is None and left is None):
        return ClockNow(number, None, False)
    clock = Clock(deadline=deadline) if left is None else Clock(left=left)
    return ClockNow(number, clock.remaining(time.time() if now is None else now), clock.paused)


@dataclass(frozen=True)
class ConsoleView:
    """What the director's console shows: the event, its version as read before the rest (what
    the console's live script compares with the polled one), the whole view, the event in words,
    the next step and the names this browser typed before (for the entrant form; empty when
    not asked for)."""

    event: EventFacts
    version: str
    view: EventView
    about: EventWords
    step: NextStep
    known_people: tuple[str, ...] = ()


def console_view(
    db: Database, director_token: str, browser_id: str | None = None, *, known: bool = False
) -> ConsoleView:
    """The console's content behind a director's link: the version first, so a change made
    while the page is drawn shows at the next poll. While nothing changed, two queries;
    ``known``: with this browser's known names too (one more query when it has an id)."""
    event = store.events.event_by_director_token(db, director_token)
    version = public_version(db, event.public_token)
    view = cached_load(db, event)
    people = tuple(player_names(db, browser_id)) if known else ()
    about = describe(event)
    return ConsoleView(event_facts(event), version, view, about, next_step(view), people)


@dataclass(frozen=True)
class EventPage:
    """What the public page and the projector show: the event, its version as read before the
    rest (what their scripts compare with the polled one), the whole view and the event in
    words."""

    event: EventFacts
    version: str
    view: EventView
    about: EventWords


HOLD_SECONDS = 5.0  # what the public page and the projector are shown is read at most this often
_HELD: dict[str, tuple[float, str]] = {}  # by public link: (when read, the version read)
_PAGES: dict[str, EventPage] = {}  # by public link: the page read at the version held
# By public link: held while one thread of this process reads the page at a new version, so the
# room's phones that ask at once wait for that one reading rather than each making its own (at
# 1,000 tables a reading is about 76 ms of CPU; eight at once, sharing the interpreter, made the
# public page's slowest answers half a second: bench/bench_bignight.py).
_READING = OneAtATime()


def polled_version(
    db: Database, public_token: str, *, hold: float = 0.0, now: float | None = None
) -> str:
    """The event's version as its public pages poll it: read from the database (one query) at
    most every ``hold`` seconds in this process, so the version a room of phones polls moves at
    most that often however many tables save. ``now``: a monotonic clock reading, for tests.
    Several processes each hold their own reading: a phone may be told a version one process
    read up to ``hold`` seconds before another did, never one that was not the event's."""
    t = time.monotonic() if now is None else now
    kept = _HELD.get(public_token)
    if kept is not None and 0 <= t - kept[0] < hold:
        return kept[1]
    version = public_version(db, public_token)
    if len(_HELD) > 10_000:
        _HELD.clear()
    _HELD[public_token] = (t, version)
    return version


def event_page(
    db: Database, public_token: str, *, hold: float = 0.0, now: float | None = None
) -> EventPage:
    """The event behind its public link, as its read-only pages show it: the version first, so
    a change made while the page is drawn shows at the next poll. EventNotFound for an unknown
    link. ``hold``: the version is the one :func:`polled_version` holds, and the page read at
    it is answered again without a query; after a change, three queries and the tables that
    changed scored again."""
    version = polled_version(db, public_token, hold=hold, now=now)
    kept = _PAGES.get(public_token)
    if kept is not None and kept.version == version:
        return kept
    with _READING.lock(public_token):
        kept = _PAGES.get(public_token)
        if kept is not None and kept.version == version:
            return kept  # read by the thread this one waited for
        event = store.events.event_by_public_token(db, public_token)
        page = EventPage(event_facts(event), version, cached_load(db, event), describe(event))
        if len(_PAGES) > 1000:
            _PAGES.clear()
        _PAGES[public_token] = page
        return page


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


@dataclass(frozen=True)
class PaperTable:
    """A table of a round whose result is typed from its paper sheet: the event, its whole
    view, the round and the table."""

    event: EventFacts
    view: EventView
    round: RoundView
    table: TableView

    @property
    def current(self) -> bool:
        """Whether the table's round is the event's current one."""
        return self.round is self.view.current


def paper_table(db: Database, director_token: str, number: int, table: int) -> PaperTable:
    """Round ``number``'s table ``table`` behind a director's link, for its paper result;
    EventRefused when the round has no such table."""
    event = store.events.event_by_director_token(db, director_token)
    view = cached_load(db, event)
    rnd = view.round(number)
    found = rnd.table(table) if rnd else None
    if rnd is None or found is None:
        raise EventRefused(f"Round {number} has no table {table}.")
    return PaperTable(event_facts(event), view, rnd, found)


class TypedPaper(Protocol):
    """A paper result as a person typed it (the web's paper form) and the event's version it
    was read at, and its one-time id (a second send of the same form reads as done): read for
    a table of ``sides`` sides, it gives (points, bags, winner) as the service takes them, or
    None with its own errors filled in."""

    version: int
    submission: str | None

    def read(self, sides: int) -> tuple[list[int], list[int], int | None] | None: ...


@dataclass(frozen=True)
class PaperAnswer:
    """What came of a typed paper result: the table as it was read before (the page to show
    again when nothing was saved), whether it was saved and, if so, whether it corrected a
    closed round; ``refused``: the service's refusal (None when the typing itself was wrong:
    its errors are the form's)."""

    at: PaperTable
    saved: bool = False
    corrected: bool = False
    refused: EventRefused | None = None


def submit_paper(
    db: Database, director_token: str, number: int, table: int, typed: TypedPaper
) -> PaperAnswer:
    """Read a table's paper result as typed and enter it (:func:`enter_paper`, at the version
    the form was read at). EventRefused when the round has no such table; every other refusal
    is in the answer, with the table to show the form again."""
    at = paper_table(db, director_token, number, table)
    read = typed.read(len(at.table.sides))
    if read is None:
        return PaperAnswer(at)
    try:
        entered = enter_paper(
            db, director_token, number, table, *read, seen=typed.version,
            submission=typed.submission,
        )  # fmt: skip
    except EventRefused as e:
        return PaperAnswer(at, refused=e)
    return PaperAnswer(at, saved=True, corrected=entered is not None and entered.corrected)


def events_of(db: Database, director_tokens: list[str]) -> list[EventLink]:
    """The events behind these director's links (a browser's list); unknown ones skipped."""
    found = []
    for token in director_tokens:
        try:
            found.append(event_link(store.events.event_by_director_token(db, token)))
        except EventNotFound:
            continue
    return found


def public_version(db: Database, token: str) -> str:
    """What the public and projector pages poll: it changes whenever anything they show does
    (the event, its entrants and rounds, or any table's game). One query."""
    return ".".join(str(n) for n in store.events.event_version_by_public_token(db, token))


def create_event(
    db: Database, settings: EventSettings, *, created: str | None = None
) -> store.EventRecord:
    """A new event with its director's and public links; raises EventRefused. ``created``:
    when it was created, for an event read from a file (else now)."""
    checked = check_settings(settings)
    columns = checked.columns()
    columns["rules"] = event_rules(checked.rules)
    return store.events.create_event(db, columns, created=created)


def new_event(db: Database, settings: EventSettings) -> EventLink:
    """:func:`create_event` from the new event page: the event made, as its link (the page
    goes on to its console)."""
    return event_link(create_event(db, settings))


# --- entrants --------------------------------------------------------------------------------


def register(
    db: Database, event: EventRef, names: list[str], team: str = "", *, seen: int | None = None
) -> EntrantView:
    """Register a team (two names, and a team name or "Ann & Cy") or a player (one name), before
    or during the event. Names enter through ``rules.names.clean_name`` (one spelling for one
    person; a control character is refused, ``field`` naming the box) and are compared by
    ``name_key``; people are matched that way across the club's events, new names become new
    people. A late entrant joins from the next round seated."""
    typed = [n for n in names if n.strip()]
    cleaned = []
    for i, n in enumerate(names):
        if not n.strip():
            continue
        try:
            cleaned.append(clean_name(n))
        except NameProblem as e:
            raise EventRefused(str(e), field=f"name-{i}") from None
    for n in cleaned:
        if len(n) > NAME_LENGTH:
            raise EventRefused(f"Keep names to {NAME_LENGTH} characters.", field="names")
    if team.strip():
        try:
            team = clean_name(team)
        except NameProblem as e:
            raise EventRefused(str(e), field="team") from None
    else:
        team = ""
    if len(team) > TEAM_NAME_LENGTH:
        raise EventRefused(f"Keep the team name to {TEAM_NAME_LENGTH} characters.", field="team")
    with store.write(db):
        event, view = changing(db, event, seen)
        need = 1 if is_individual(event) else 2
        if len(typed) != need:
            raise EventRefused(
                "Type the player's name." if need == 1 else "Type both partners' names.",
                field="names",
            )
        if len({name_key(n) for n in cleaned}) != len(cleaned):
            raise EventRefused("The two partners need different names.", field="names")
        if event.format == "knockout" and view.rounds:
            raise EventRefused("A knockout's bracket is set in round 1: no late entries.")
        people = store.events.people_named(db, cleaned, person_key)
        for person in people:
            for entrant in view.entrants:
                if person.id in entrant.person_ids:
                    where = "" if entrant.name == person.name else f" (in {entrant.name})"
                    if entrant.active:
                        raise EventRefused(
                            f"{person.name} is already registered{where}.", field="names"
                        )
                    raise EventRefused(
                        f"{person.name} dropped out{where}: reinstate instead.", field="names"
                    )
        member_names = [p.name for p in people]
        name = member_names[0] if need == 1 else (team or team_name(member_names))
        taken = {name_key(e.name) for e in view.entrants}
        if name_key(name) in taken:
            raise EventRefused(f"{name} is already an entrant's name.", field="team")
        players = {name_key(m) for e in view.entrants for m in e.members} | {
            name_key(m) for m in member_names
        }
        if need == 2 and name_key(name) in players:
            raise EventRefused("A team's name cannot be a player's name.", field="team")
        record = store.events.add_entrant(
            db, event.id, name, [p.id for p in people], joined_round=len(view.rounds) + 1
        )
        store.events.touch_event(db, event.id)
    return EntrantView(
        record.id, name, tuple(member_names), record.members, record.ord, True,
        record.joined_round, None,
    )  # fmt: skip


@dataclass(frozen=True)
class Registration:
    """What came of an entrant sent from the console: the entrant registered, or the refusal
    with the console as it stands now (to show the form again, as typed)."""

    entrant: EntrantView | None = None
    refused: EventRefused | None = None
    console: ConsoleView | None = None


def submit_entrant(
    db: Database,
    director_token: str,
    names: list[str],
    team: str = "",
    *,
    seen: int | None = None,
    browser_id: str | None = None,
) -> Registration:
    """:func:`register` from the console's form, read at version ``seen``; refused, the answer
    carries the console (:func:`console_view`, with ``browser_id``'s known names)."""
    try:
        return Registration(register(db, director_token, names, team, seen=seen))
    except EventRefused as e:
        console = console_view(db, director_token, browser_id, known=True)
        return Registration(refused=e, console=console)


@dataclass(frozen=True)
class ClockAnswer:
    """What came of a clock form sent from the console (a clock button, the round length):
    the sentence saying what was done, or, when nothing was, the refusal (None when the typing
    itself was wrong: its errors are the form's) with the console as it stands now, to show
    the form again as typed with each problem by its field."""

    said: str | None = None
    refused: EventRefused | None = None
    console: ConsoleView | None = None


def _clock_answer(
    db: Database, director_token: str, browser_id: str | None, act: Callable[[], str | None]
) -> ClockAnswer:
    try:
        said = act()
    except EventRefused as e:
        return ClockAnswer(
            refused=e, console=console_view(db, director_token, browser_id, known=True)
        )
    if said is None:
        return ClockAnswer(console=console_view(db, director_token, browser_id, known=True))
    return ClockAnswer(said)


def console_clock(
    db: Database,
    director_token: str,
    number: int,
    typed: TypedClock,
    *,
    browser_id: str | None = None,
    now: float | None = None,
) -> ClockAnswer:
    """:func:`submit_clock` from the console's clock form; refused (or not read), the answer
    carries the console (with ``browser_id``'s known names) to show the form again."""
    return _clock_answer(
        db, director_token, browser_id,
        lambda: submit_clock(db, director_token, number, typed, now),
    )  # fmt: skip


def console_round_minutes(
    db: Database, director_token: str, typed: TypedRoundMinutes, *, browser_id: str | None = None
) -> ClockAnswer:
    """:func:`submit_round_minutes` from the console's round length form; refused (or not
    read), the answer carries the console to show the form again."""
    return _clock_answer(
        db, director_token, browser_id, lambda: submit_round_minutes(db, director_token, typed)
    )


def person_key(name: str) -> str:
    """What two people's names are compared by (``rules.names.name_key``); a name stored
    before names were cleaned as they enter is compared as it is."""
    try:
        return name_key(clean_name(name))
    except NameProblem:
        return name


@dataclass(frozen=True)
class DropQuestion:
    """What the director is asked before dropping an entrant: who, the event's version now
    (the confirming form's), and the table of the round under way they sit at, if any."""

    event_name: str
    version: int
    entrant: EntrantView
    round: int | None
    table: int | None


def drop_question(db: Database, director_token: str, entrant_id: int) -> DropQuestion:
    """The question before a Drop (read only); EventRefused for an entrant not in the event or
    already dropped."""
    event = store.events.event_by_director_token(db, director_token)
    view = cached_load(db, event)
    entrant = view.entrant(entrant_id)
    if not entrant.active:
        raise EventRefused(f"{entrant.name} has already dropped out.")
    current = view.current
    here = None
    if current is not None and not current.closed:
        here = _table_of(current, entrant.id)
    return DropQuestion(
        event.name, event.version, entrant, current.number if current and here else None,
        here.number if here else None,
    )  # fmt: skip


def set_active(
    db: Database,
    event: EventRef,
    entrant_id: int,
    active: bool,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> str:
    """Drop (``active=False``) or reinstate an entrant; returns their name. A dropped entrant
    keeps their results and row in the standings and is never seated again until reinstated;
    a table they already sit at plays on (re-pair the round if it has not started).
    ``submission``: the form's one-time id (``once``: sent again, the name, nothing done)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        entrant = view.entrant(entrant_id)
        if active:
            for p in entrant.person_ids:
                for other in view.entrants:
                    if other.active and other.id != entrant.id and p in other.person_ids:
                        raise EventRefused(f"A player of {entrant.name} plays in {other.name}.")
        store.events.update_entrant(db, entrant.id, active=active)
        store.events.touch_event(db, record.id)
        return Done(record, None, entrant.name)

    kind = actions.REINSTATE if active else actions.DROP
    with store.write(db):
        return str(once(db, event, submission, kind, None, act).outcome)


def fix_entrant(
    db: Database,
    event: EventRef,
    entrant_id: int | None,
    table_number: int | None,
    *,
    round_number: int | None = None,
    seen: int | None = None,
    submission: str | None = None,
) -> str:
    """Keep an entrant at one table number in every round (accessibility), or release them
    (``None``). Their table in the current round takes that number now if the round has not
    started (the table that had it takes theirs). ``round_number`` is given when the form was
    a table of that round (the round's "Fix"): it must be the current round, not started, with
    the entrant at that table, as for the other round actions. Returns a sentence saying what
    happened. ``submission``: the form's one-time id (``once``: sent again, the first send's
    sentence, nothing done)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        if entrant_id is None:
            raise EventRefused("Choose an entrant.", field="entrant")
        if table_number is not None and not 1 <= table_number <= 1000:
            raise EventRefused("A table number is a whole number from 1 to 1000.", field="table")
        entrant = view.entrant(entrant_id)
        if round_number is not None:
            at = open_round(view, round_number, "changed").table(table_number or 0)
            if at is None or entrant.id not in at.entrants:
                raise EventRefused(
                    f"{entrant.name} does not play at table {table_number} of round "
                    f"{round_number} (perhaps the page is old)."
                )
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
        store.events.touch_event(db, record.id)
        return Done(record, round_number, said)

    with store.write(db):
        return str(once(db, event, submission, actions.FIX_TABLE, round_number, act).outcome)


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
    "CLOCK_ACTIONS", "CUTS", "ClockAnswer", "ClockNow", "ConsoleView", "DropQuestion",
    "EVENT_NAME_LENGTH",
    "EntrantView", "EventFacts", "EventLink", "EventNotFound", "EventPage", "EventRefused",
    "EventSettings", "EventView", "EventWords", "MAX_ROUNDS", "MAX_ROUND_MINUTES", "NextStep",
    "PacketData", "PaperAnswer", "PaperTable", "Registration", "RoundView", "StandingsSheet",
    "TablePlace", "TableView", "TypedClock", "TypedPaper", "TypedRoundMinutes", "call_time",
    "check_settings", "clear_paper", "clock_now", "close_round", "console_clock",
    "console_round_minutes", "console_view", "create_event",
    "describe", "drop_question", "enter_paper", "event_config", "event_page", "event_rules",
    "events_of", "fix_entrant", "game_rules", "is_individual", "new_event", "next_step",
    "open_director", "open_public", "overview", "packet_data", "paper_table", "person_key",
    "public_version", "register", "repair_round", "round_clock", "seat_next_round", "set_active",
    "set_round_minutes", "standings_sheet", "submit_clock", "submit_entrant", "submit_paper",
    "submit_round_minutes", "swap", "table_of_game", "TimeQuestion", "time_question",
]  # fmt: skip
