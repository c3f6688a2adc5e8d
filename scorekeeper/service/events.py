"""Club events, one use case a function: create an event; register, drop and reinstate
entrants; seat the next round (every table's game created with it); swap, fix, re-pair; call
time; close a round; enter or clear a paper result; standings; exports (``event_files``).

Every function takes a database connection; each change is one transaction (``store.write``)
that reads the event inside it, so a round is seated from the results as they are at that
moment. The event core (``scorekeeper.events``) decides pairings, seats and standings; the
engine scores each table's game; this module only joins them to the store.

Reading: :func:`open_director` / :func:`open_public` give the event record behind a link,
:func:`overview` the whole :class:`~.event_views.EventView` (entrants, rounds, tables with their
figures, standings, champion), from which pages, exports and printing take what they show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date as Date
from itertools import combinations
from typing import Any

from scorekeeper import store
from scorekeeper.events import (
    DEFAULT_TIEBREAKERS,
    FORMATS,
    TIEBREAKERS,
    EventConfig,
    EventError,
    Pairing,
    TableSeating,
    knockout_bracket,
    knockout_next,
    next_round,
    ranking,
    seat_tables,
)
from scorekeeper.rules import (
    FORMAT,
    MAX_HANDS,
    MAX_SCORE,
    NAME_LENGTH,
    TEAM_NAME_LENGTH,
    GameError,
    changes_line,
    parse_game,
    rules_from_spec,
    rules_to_spec,
    score_game,
    team_name,
)

from . import games
from .errors import EventNotFound, EventRefused
from .event_views import (
    EntrantView,
    EventView,
    RoundView,
    TableView,
    cached_load,
    event_config,
    load,
    side_groups,
)

Database = store.Database

EVENT_NAME_LENGTH = 80
MAX_ROUNDS = 30
MAX_ROUND_MINUTES = 600
CUTS = (2, 4, 8, 16)


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
    (the event, its entrants and rounds, or any table's game)."""
    event = open_public(db, token)
    return ".".join(str(n) for n in store.events.event_version(db, event.id))


def table_of_game(db: Database, game_id: int) -> store.TableRef | None:
    """The event, round and table a game is played at (the game page's header), or None."""
    return store.events.table_of_game(db, game_id)


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


# --- creating an event -----------------------------------------------------------------------


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
        raise EventRefused(_sentence(e.message), field=e.field or "format") from None
    try:
        game_rules(s)
    except GameError as e:
        where = e.field or "rules"
        if where == "rules.target_score":
            where = "target_score"
        raise EventRefused(_sentence(e.message), field=where) from None
    return EventSettings(**{**s.columns(), "name": name, "tiebreakers": tuple(s.tiebreakers)})


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def create_event(db: Database, settings: EventSettings) -> store.EventRecord:
    """A new event with its director's and public links; raises EventRefused."""
    checked = check_settings(settings)
    columns = checked.columns()
    columns["rules"] = rules_to_spec(
        rules_from_spec(_spec(checked.rules)), _spec(checked.rules).get("preset", "standard")
    )
    return store.events.create_event(db, columns)


# --- entrants --------------------------------------------------------------------------------


def is_individual(event: store.EventRecord | EventSettings) -> bool:
    """Whether entrants are single players (progressive, cutthroat) rather than teams of two."""
    return event.format == "progressive" or event.sides_per_table == 3


def _entrant(view: EventView, entrant_id: int) -> EntrantView:
    entrant = view.by_id.get(entrant_id)
    if entrant is None:
        raise EventRefused("That entrant is not in this event (perhaps the page is old).")
    return entrant


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
        entrant = _entrant(view, entrant_id)
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
        entrant = _entrant(view, entrant_id)
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
            elif here is not None and not current.started:
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


# --- seating a round -------------------------------------------------------------------------


def _refuse_unless_ready(view: EventView) -> int:
    """The number of the round to seat next, or EventRefused saying why not."""
    last = view.current
    if last is not None and not last.closed:
        raise EventRefused(f"Close round {last.number} before seating the next.")
    if view.complete:
        raise EventRefused("Every round of this event has been played.")
    for r in view.rounds:
        late = [str(t.number) for t in r.unfinished]
        if late:
            raise EventRefused(
                f"Round {r.number} table {', '.join(late)} is no longer finished (its game was "
                "changed after the round closed): finish it or enter a paper result first."
            )
    return len(view.rounds) + 1


def _pairing(view: EventView, number: int) -> tuple[Pairing, bool]:
    """The core's pairing of round ``number`` and whether it is a knockout round."""
    event, config = view.event, view.config
    entrants = [e.core for e in view.entrants]
    try:
        if event.cut and number > event.rounds:
            ko = view.knockout_rounds
            if not ko:
                order = ranking(entrants, view.results(), config)
                seeds = [i for i in order if view.by_id[i].active]
                return knockout_bracket(seeds, event.cut, number), True
            return knockout_next(ko[-1].results(), number), True
        pairing = next_round(entrants, view.results(), number, config)
        return pairing, event.format == "knockout"
    except EventError as e:
        raise EventRefused(_sentence(e.message)) from None


def _numbers(
    tables: tuple[tuple[int, ...], ...], view: EventView
) -> tuple[list[int], list[bool], list[str]]:
    """Table numbers for the pairing's tables: an entrant fixed at a table keeps its number
    (the first fixed entrant of a table wins; the others are told), the rest fill the free
    numbers in pairing order. Returns (numbers, fixed flags, notes)."""
    count = len(tables)
    numbers: list[int | None] = [None] * count
    fixed = [False] * count
    taken: set[int] = set()
    notes: list[str] = []
    for i, table in enumerate(tables):
        for e in sorted(table, key=lambda e: view.by_id[e].order):
            wanted = view.by_id[e].fixed_table
            if wanted is None:
                continue
            if numbers[i] is None and wanted <= count and wanted not in taken:
                numbers[i], fixed[i] = wanted, True
                taken.add(wanted)
            elif numbers[i] != wanted:
                notes.append(
                    f"{view.name_of(e)} is fixed at table {wanted} but plays at another this "
                    "round (the table is taken or there are fewer tables)."
                )
    free = iter(n for n in range(1, count + 1) if n not in taken)
    return [n if n is not None else next(free) for n in numbers], fixed, notes


def _game_file(
    event: store.EventRecord, view: EventView, table: tuple[int, ...], seating: TableSeating
) -> dict[str, Any]:
    """The game of one table: players in seat order (partners opposite), the first dealer and
    the event's rules with its round end."""
    players = [name for _, name in seating.seats]
    data: dict[str, Any] = {"format": FORMAT, "rules": game_rules(event), "players": players}
    if event.sides_per_table == 2:
        teams: dict[str, list[str]] = {}
        groups = []
        for side in side_groups(table, event):
            if len(side) == 1:  # a team entrant: its name and its members
                entrant = view.by_id[side[0]]
                members = [m for m in players if m in entrant.members]
                teams[entrant.name] = members
            else:  # progressive partners for the round
                members = [view.name_of(e) for e in side]
                teams[team_name(members)] = members
            groups.append(members)
        if len(teams) != len(groups) or any(name in players for name in teams):
            teams = {team_name(m): m for m in groups}
        data["teams"] = teams
    data["dealer"] = seating.dealer
    data["hands"] = []
    return data


def _create_tables(
    db: Database,
    view: EventView,
    round_id: int,
    pairing: Pairing,
    numbers: list[int],
    fixed: list[bool],
) -> None:
    event = view.event
    seating = seat_tables(pairing, [e.core for e in view.entrants], view.config)
    for pos, (table, seat) in enumerate(zip(pairing.tables, seating, strict=True), 1):
        number = numbers[pos - 1]
        try:
            record = games.create_game(db, _game_file(event, view, table, seat))
        except GameError as e:
            raise EventRefused(f"Table {number} cannot be seated: {_sentence(e.message)}") from None
        store.events.add_table(
            db, round_id, number=number, position=pos, entrants=table, seats=seat.seats,
            dealer=seat.dealer, game_id=record.id, fixed=fixed[pos - 1],
        )  # fmt: skip


def _seat_next(db: Database, event: store.EventRecord) -> int:
    """Seat the next round inside the caller's transaction; returns its number."""
    view = load(db, event)
    number = _refuse_unless_ready(view)
    pairing, knockout = _pairing(view, number)
    if not pairing.tables:
        raise EventRefused("Nobody can be seated: register entrants (or reinstate them) first.")
    numbers, fixed, notes = _numbers(pairing.tables, view)
    rnd = store.events.add_round(
        db, event.id, number, byes=pairing.byes, notes=[*pairing.notes, *notes],
        knockout=knockout,
    )  # fmt: skip
    _create_tables(db, view, rnd.id, pairing, numbers, fixed)
    store.events.touch_event(db, event.id)
    return number


def seat_next_round(db: Database, event: store.EventRecord) -> RoundView:
    """Pair and seat the next round and create every table's game, in one transaction: a
    failure half-way leaves no round, no table and no game. Raises EventRefused."""
    with store.write(db):
        number = _seat_next(db, event)
    return _round(load(db, event), number)


def _round(view: EventView, number: int) -> RoundView:
    rnd = view.round(number)
    if rnd is None:
        raise EventRefused(f"There is no round {number} (perhaps the page is old).")
    return rnd


def _open_round(view: EventView, number: int, doing: str) -> RoundView:
    """The current round, before play starts, or EventRefused."""
    rnd = _round(view, number)
    if rnd is not view.current or rnd.closed:
        raise EventRefused(f"Round {number} is over: only the current round can be {doing}.")
    started = [str(t.number) for t in rnd.tables if t.started]
    if started:
        raise EventRefused(
            f"Round {number} has started (table {', '.join(started)}): it can be {doing} only "
            "before any hand is entered."
        )
    return rnd


def repair_round(db: Database, event: store.EventRecord, number: int) -> RoundView:
    """Pair a round that has not started again: its tables and their (empty) games go, late
    entrants and reinstated entrants are included, drops left out. One transaction."""
    with store.write(db):
        view = load(db, event)
        rnd = _open_round(view, number, "re-paired")
        for game_id in store.events.delete_round(db, rnd.id):
            store.delete_game(db, store.game_by_id(db, game_id))
        store.events.move_late_entrants(db, event.id, number)
        _seat_next(db, event)
    return _round(load(db, event), number)


def swap(db: Database, event: store.EventRecord, number: int, first: int, second: int) -> list[str]:
    """Swap two entrants' places in a round that has not started (at tables or on a bye); the
    tables they leave are seated again with new games. Returns warnings: a swap that makes a
    pairing repeat (opponents who met in an earlier round) is done and said."""
    if first == second:
        raise EventRefused("Choose two different entrants to swap.", field="swap")
    with store.write(db):
        view = load(db, event)
        rnd = _open_round(view, number, "changed")
        a, b = _entrant(view, first), _entrant(view, second)
        ordered = sorted(rnd.tables, key=lambda t: t.position)  # the pairing's order
        tables = [list(t.entrants) for t in ordered]
        byes = list(rnd.byes)
        spots = {}
        for who in (a.id, b.id):
            spot = next(
                ((i, j) for i, t in enumerate(tables) for j, e in enumerate(t) if e == who), None
            )
            if spot is None and who in byes:
                spot = (-1, byes.index(who))
            if spot is None:
                raise EventRefused(
                    f"{view.name_of(who)} is not seated in round {number}: re-pair the round "
                    "to include them.",
                    field="swap",
                )
            spots[who] = spot
        (ta, ja), (tb, jb) = spots[a.id], spots[b.id]
        place = lambda t: byes if t == -1 else tables[t]  # noqa: E731
        place(ta)[ja], place(tb)[jb] = b.id, a.id
        pairing = Pairing(number, tuple(tuple(t) for t in tables), tuple(byes))
        seating = seat_tables(pairing, [e.core for e in view.entrants], view.config)
        changed = sorted({t for t in (ta, tb) if t != -1})
        for i in changed:
            old, seat = ordered[i], seating[i]
            record = games.create_game(db, _game_file(event, view, tuple(tables[i]), seat))
            store.events.update_table(
                db, old.id, entrants=tables[i], seats=seat.seats, dealer=seat.dealer,
                game_id=record.id,
            )  # fmt: skip
            store.delete_game(db, store.game_by_id(db, old.game_id))
        if -1 in (ta, tb):
            store.events.update_round(db, rnd.id, byes=byes)
        store.events.touch_event(db, event.id)
        return _repeats(view, number, [tables[i] for i in changed])


def _repeats(view: EventView, number: int, tables: list[list[int]]) -> list[str]:
    """Warnings for opponents at these tables who met in an earlier round."""
    met: dict[frozenset[int], int] = {}
    for r in view.rounds:
        if r.number >= number:
            continue
        for t in r.tables:
            for s1, s2 in combinations(t.sides, 2):
                for x in s1:
                    for y in s2:
                        met.setdefault(frozenset((x, y)), r.number)
    warnings = []
    for table in tables:
        for s1, s2 in combinations(side_groups(tuple(table), view.event), 2):
            for x in s1:
                for y in s2:
                    when = met.get(frozenset((x, y)))
                    if when is not None:
                        warnings.append(
                            f"{view.name_of(x)} and {view.name_of(y)} already met in round {when}."
                        )
    return warnings


# --- during and after a round ----------------------------------------------------------------


def call_time(db: Database, event: store.EventRecord, number: int) -> list[int]:
    """Time is called: each unfinished table finishes the hand in play and the leader wins (a
    tie plays one more hand). Each such table's game gets ``max_hands`` = hands played + 1, so
    the engine ends it after that hand. Safe to repeat (a table that undid it is capped again).
    Returns the table numbers capped."""
    with store.write(db):
        view = load(db, event)
        rnd = _round(view, number)
        if rnd is not view.current or rnd.closed:
            raise EventRefused(f"Round {number} is closed: time can be called on the current one.")
        capped = []
        for t in rnd.tables:
            if t.finished:
                continue
            record = store.game_by_id(db, t.game_id)
            try:
                game = parse_game(record.data)
                sheet = score_game(game)
            except GameError:
                continue  # a file that no longer scores: the director enters a paper result
            cap = sheet.played + 1
            if game.rules.max_hands is not None and game.rules.max_hands <= cap:
                continue
            spec = {**rules_to_spec(game.rules, game.preset), "max_hands": cap}
            data = {**record.data, "rules": spec}
            finished, winner = games.outcome(data)
            store.save_game(
                db, record, data, action="time called", finished=finished, winner=winner
            )
            capped.append(t.number)
        store.events.update_round(db, rnd.id, status="time_called")
        store.events.touch_event(db, event.id)
    return capped


def close_round(db: Database, event: store.EventRecord, number: int) -> RoundView:
    """Close the current round once every table is finished or has a paper result; else
    EventRefused naming the tables still playing."""
    with store.write(db):
        view = load(db, event)
        rnd = _round(view, number)
        if rnd.closed:
            raise EventRefused(f"Round {number} is already closed.")
        if rnd.unfinished:
            which = ", ".join(str(t.number) for t in rnd.unfinished)
            many = len(rnd.unfinished) > 1
            raise EventRefused(
                f"Table{'s' if many else ''} {which} {'are' if many else 'is'} not finished: "
                "let them finish (call time to end the round) or enter a paper result."
            )
        store.events.update_round(db, rnd.id, status="closed")
        after = load(db, event)
        store.events.touch_event(db, event.id, **({"status": "finished"} if after.complete else {}))
    return _round(after, number)


def enter_paper(
    db: Database,
    event: store.EventRecord,
    number: int,
    table_number: int,
    points: list[int],
    bags: list[int],
    winner: int | None = None,
) -> TableView:
    """A table's final points and bags per side typed from its paper sheet (in any round: a
    correction too). It replaces the table's game in the standings until cleared. ``winner``
    (a side index) is needed when the top scores tie, and may name a side that won otherwise
    (set out, a losing score)."""
    with store.write(db):
        view = load(db, event)
        rnd = _round(view, number)
        table = rnd.table(table_number)
        if table is None:
            raise EventRefused(f"Round {number} has no table {table_number}.")
        sides = len(table.sides)
        if len(points) != sides or len(bags) != sides:
            raise EventRefused("Give every side's points and bags.", field="points")
        if any(abs(p) > MAX_SCORE * 10 for p in points):
            raise EventRefused("Those points are out of range.", field="points")
        if any(not 0 <= b <= 10_000 for b in bags):
            raise EventRefused("Bags are 0 or more.", field="bags")
        best = max(points)
        if winner is not None and not 0 <= winner < sides:
            raise EventRefused("Choose the side that won.", field="winner")
        if winner is None and points.count(best) > 1:
            raise EventRefused(
                f"Tied on {best}: say which side won (a tie plays one more hand).", field="winner"
            )
        paper = {
            "sides": [{"points": p, "bags": b} for p, b in zip(points, bags, strict=True)],
            "winner": winner,
        }
        store.events.update_table(db, table.id, paper=paper)
        store.events.touch_event(db, event.id)
    return _round(load(db, event), number).table(table_number)  # type: ignore[return-value]


def clear_paper(db: Database, event: store.EventRecord, number: int, table_number: int) -> None:
    """Forget a table's paper result: its game counts again."""
    with store.write(db):
        view = load(db, event)
        table = _round(view, number).table(table_number)
        if table is None:
            raise EventRefused(f"Round {number} has no table {table_number}.")
        store.events.update_table(db, table.id, paper=None)
        store.events.touch_event(db, event.id)


@dataclass(frozen=True)
class NextStep:
    """What the console offers next: the action and, when it cannot be taken, why."""

    action: str  # "seat", "close", "done"
    round: int
    blocked: str = ""
    tables: list[int] = field(default_factory=list)


def next_step(view: EventView) -> NextStep:
    """Seat the next round, close the current one, or nothing more to do."""
    last = view.current
    if last is not None and not last.closed:
        return NextStep("close", last.number, tables=[t.number for t in last.unfinished])
    if view.complete:
        return NextStep("done", last.number if last else 0)
    try:
        number = _refuse_unless_ready(view)
    except EventRefused as e:
        return NextStep("seat", len(view.rounds) + 1, blocked=e.message)
    return NextStep("seat", number)


__all__ = [
    "CUTS", "EVENT_NAME_LENGTH", "EventNotFound", "EventRefused", "EventSettings", "EventView",
    "EventWords", "MAX_ROUNDS", "MAX_ROUND_MINUTES", "NextStep", "call_time", "check_settings",
    "clear_paper", "close_round", "create_event", "describe", "enter_paper", "event_config",
    "events_of", "fix_entrant", "game_rules", "is_individual", "next_step", "open_director",
    "open_public", "overview", "public_version", "register", "repair_round", "seat_next_round",
    "set_active", "swap", "table_of_game",
]  # fmt: skip
