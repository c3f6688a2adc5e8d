"""An event out and in: the whole event as one JSON file (event, people, entrants, rounds,
tables with their game files) that imports again as a new event.

An event file carries no links: importing it makes new director, public and table links, so a
file passed around never hands over the right to change anything.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, cast

from scorekeeper import store
from scorekeeper.events import EventError
from scorekeeper.rules import (
    NAME_LENGTH,
    TEAM_NAME_LENGTH,
    GameError,
    dump_game,
    parse_game,
)
from scorekeeper.rules.names import NameProblem, clean_name, name_key

from .. import kitchen
from ..errors import EventRefused
from .entrants import person_key
from .events import create_event
from .loading import build_view, load
from .outcomes import score_outcome
from .settings import EventSettings, check_settings, is_individual
from .views import ROUND_STATUSES, EventLink, EventView, event_link, side_groups

Database = store.Database


EVENT_FORMAT = "spades-scorekeeper-event/1"


_SETTINGS = (
    "name", "date", "rules", "format", "rounds", "sides_per_table", "target_score", "max_hands",
    "round_minutes", "tiebreakers", "cut", "seed",
)  # fmt: skip


# --- out -------------------------------------------------------------------------------------


def export_data(db: Database, event: store.EventRecord) -> dict[str, Any]:
    """The event as one JSON-ready dict: settings, people, entrants, rounds, tables and each
    table's game file. No tokens; entrants and people are numbered within the file (by
    registration order), so an imported event exports the same file again."""
    event = store.events.event_by_id(db, event.id)  # as it is now (status, settings)
    view = load(db, event)
    tables = [t for r in view.rounds for t in r.tables]
    files = store.events.game_files(db, [t.game_id for t in tables])
    entrant_no = {e.id: n for n, e in enumerate(view.entrants, 1)}
    person_no: dict[int, int] = {}
    people: list[dict[str, Any]] = []
    for e in view.entrants:
        for pid, name in zip(e.person_ids, e.members, strict=True):
            if pid not in person_no:
                person_no[pid] = len(person_no) + 1
                people.append({"id": person_no[pid], "name": name})
    settings = {k: getattr(event, k) for k in _SETTINGS}
    settings["tiebreakers"] = list(event.tiebreakers)
    return {
        "format": EVENT_FORMAT,
        "event": {**settings, "status": event.status, "created": event.created_at},
        "people": people,
        "entrants": [
            {
                "id": entrant_no[e.id],
                "name": e.name,
                "members": [person_no[p] for p in e.person_ids],
                "order": entrant_no[e.id],
                "active": e.active,
                "joined_round": e.joined_round,
                "fixed_table": e.fixed_table,
            }  # fmt: skip
            for e in view.entrants
        ],
        "rounds": [
            {
                "number": r.number,
                "status": r.stored_status,
                "knockout": r.knockout,
                "byes": [entrant_no[b] for b in r.byes],
                "notes": list(r.notes),
                "tables": [
                    {
                        "number": t.number,
                        "position": t.position,
                        "entrants": [entrant_no[e] for e in t.entrants],
                        "seats": [list(s) for s in t.seats],
                        "dealer": t.dealer,
                        "fixed": t.fixed,
                        "paper": t.paper,
                        "corrected": t.corrected,
                        "game": files[t.game_id][1],
                    }  # fmt: skip
                    for t in r.tables
                ],
            }
            for r in view.rounds
        ],
    }


def export_text(db: Database, event: store.EventRecord) -> str:
    """The event file as text: compact (no indentation nor spaces; a 200-team night of 8 rounds
    is about 1.8 MB so, against 3.4 MB indented), so what the console exports, the web's
    import takes back (``web.events.EVENT_FILE_LIMIT``)."""
    return json.dumps(export_data(db, event), ensure_ascii=False, separators=(",", ":")) + "\n"


# --- reading an event file -------------------------------------------------------------------


class _Bad(Exception):
    pass


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise _Bad(f"{where}: {what}")


def _int(value: Any, where: str, *, low: int = 0, high: int = 1_000_000, null: bool = False) -> Any:
    if value is None and null:
        return None
    _need(isinstance(value, int) and not isinstance(value, bool), where, "a whole number")
    _need(low <= value <= high, where, f"from {low} to {high}")
    return value


def _str(value: Any, where: str, limit: int) -> str:
    """A person's, team's or table side's name: cleaned as every name that enters is
    (``rules.names.clean_name``), at most ``limit`` characters."""
    _need(isinstance(value, str), where, "a name (text)")
    try:
        name = clean_name(value)
    except NameProblem as e:
        raise _Bad(f"{where}: {str(e)[:-1].lower()}") from None
    _need(len(name) <= limit, where, f"a name of at most {limit} characters")
    return name


def _text(value: Any, where: str, limit: int = 200, default: str = "") -> str:
    """Plain text (a date, a format, a note)."""
    if value is None:
        return default
    _need(
        isinstance(value, str) and len(value) <= limit, where, f"text of {limit} characters at most"
    )
    return cast(str, value)


def _bool(value: Any, where: str, default: bool) -> bool:
    if value is None:
        return default
    _need(isinstance(value, bool), where, "true or false")
    return cast(bool, value)


def _ids(value: Any, where: str) -> tuple[int, ...]:
    """A list of ids (whole numbers), as the file numbers people and entrants."""
    return tuple(
        _int(v, f"{where}[{k}]", low=1, high=2**62) for k, v in enumerate(_list(value, where))
    )


def _list(value: Any, where: str) -> list[Any]:
    _need(isinstance(value, list), where, "a list")
    return cast(list[Any], value)


def _dict(value: Any, where: str) -> dict[str, Any]:
    _need(isinstance(value, dict), where, "an object")
    return cast(dict[str, Any], value)


def read_event_file(text: str) -> tuple[EventSettings, EventView, dict[int, dict[str, Any]]]:
    """Read and check an event file: its settings, the event as it stands (tables scored from
    their game files) and the game files by table id. Raises EventRefused saying where the
    file is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise EventRefused(f"This is not an event file: not JSON ({e}).", field="file") from None
    try:
        return _read(data)
    except _Bad as e:
        raise EventRefused(f"This event file is not right: {e}.", field="file") from None


def _read(data: Any) -> tuple[EventSettings, EventView, dict[int, dict[str, Any]]]:
    top = _dict(data, "the file")
    _need(top.get("format") == EVENT_FORMAT, "format", f'must be "{EVENT_FORMAT}"')
    settings, event = _read_settings(top)
    people = _read_people(top)
    entrants = _read_entrants(top, settings, people)
    rounds, tables, game_files = _read_rounds(top, event, {e.id for e in entrants})
    outcomes = {t.id: score_outcome(game_files[t.id]) for t in tables}
    view = build_view(event, entrants, people, rounds, tables, outcomes)
    try:
        view.standings  # noqa: B018 -- the core checks every result against the entrants
    except EventError as e:
        raise _Bad(e.message) from None
    return settings, view, game_files


def _read_settings(top: dict[str, Any]) -> tuple[EventSettings, store.EventRecord]:
    """The file's ``event``: its settings, checked as the new-event form checks them."""
    raw = _dict(top.get("event"), "event")
    try:
        rules = raw.get("rules", "standard")
        _need(isinstance(rules, str | dict), "event.rules", "a preset's name or an object")
        tiebreakers = _list(raw.get("tiebreakers", []), "event.tiebreakers")
        for k, t in enumerate(tiebreakers):
            _text(t, f"event.tiebreakers[{k}]", 40)
        settings = check_settings(
            EventSettings(
                name=_text(raw.get("name"), "event.name"),
                date=_text(raw.get("date"), "event.date", 40),
                rules=rules,
                format=_text(raw.get("format"), "event.format", 40),
                rounds=_int(raw.get("rounds"), "event.rounds", low=1, high=1000),
                sides_per_table=_int(raw.get("sides_per_table", 2), "event.sides_per_table"),
                target_score=_int(
                    raw.get("target_score"),
                    "event.target_score",
                    low=-(10**9),
                    high=10**9,
                    null=True,
                ),  # fmt: skip
                max_hands=_int(raw.get("max_hands"), "event.max_hands", null=True),
                round_minutes=_int(raw.get("round_minutes"), "event.round_minutes", null=True),
                tiebreakers=tuple(tiebreakers),
                cut=_int(raw.get("cut"), "event.cut", null=True),
                seed=_int(raw.get("seed"), "event.seed", low=-(2**62), high=2**62, null=True),
            )
        )
    except EventRefused as e:
        raise _Bad(f"event.{e.field or 'settings'}: {e.message}") from None
    except (TypeError, ValueError, GameError) as e:
        raise _Bad(f"event.rules: {e}") from None
    status = raw.get("status", "open")
    _need(status in ("open", "finished"), "event.status", 'is "open" or "finished"')
    created = _text(raw.get("created"), "event.created", 40)
    _need(not created or _is_time(created), "event.created", "a time like 2026-03-01T19:30:00")
    event = store.EventRecord(
        0, settings.name, settings.date, settings.rules, settings.format, settings.rounds,
        settings.sides_per_table, settings.target_score, settings.max_hands,
        settings.round_minutes, tuple(settings.tiebreakers), settings.cut, settings.seed, "", "",
        status, 1, created, "",
    )  # fmt: skip
    return settings, event


def _is_time(text: str) -> bool:
    """An ISO time as the store writes one (when an event was created)."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return text[:4].isdigit() and text.isascii()


def _read_people(top: dict[str, Any]) -> dict[int, str]:
    """The file's ``people``: each id's name, cleaned, no name twice."""
    people: dict[int, str] = {}
    for i, p in enumerate(_list(top.get("people", []), "people")):
        p = _dict(p, f"people[{i}]")
        pid = _int(p.get("id"), f"people[{i}].id", low=1, high=2**62)
        _need(pid not in people, f"people[{i}].id", "used twice")
        people[pid] = _str(p.get("name"), f"people[{i}].name", NAME_LENGTH)
    _need(len({name_key(n) for n in people.values()}) == len(people), "people", "a name twice")
    return people


def _read_entrants(
    top: dict[str, Any], settings: EventSettings, people: dict[int, str]
) -> list[store.EntrantRecord]:
    """The file's ``entrants``: each of known people, none in two, no id, order or name twice."""
    size = 1 if is_individual(settings) else 2
    entrants: list[store.EntrantRecord] = []
    seen_people: set[int] = set()
    for i, ent in enumerate(_list(top.get("entrants", []), "entrants")):
        where = f"entrants[{i}]"
        ent = _dict(ent, where)
        members = _ids(ent.get("members"), f"{where}.members")
        _need(len(members) == size, f"{where}.members", f"{size} people")
        for m in members:
            _need(m in people, f"{where}.members", f"no person has id {m!r}")
            _need(m not in seen_people, f"{where}.members", "a person in two entrants")
            seen_people.add(m)
        fixed = _int(ent.get("fixed_table"), f"{where}.fixed_table", low=1, high=1000, null=True)
        active = _bool(ent.get("active"), f"{where}.active", True)
        entrants.append(
            store.EntrantRecord(
                _int(ent.get("id"), f"{where}.id", low=1, high=2**62),
                0,
                _str(ent.get("name"), f"{where}.name", TEAM_NAME_LENGTH),
                members,
                _int(ent.get("order", i + 1), f"{where}.order", low=1, high=2**62),
                active,
                _int(ent.get("joined_round", 1), f"{where}.joined_round", low=1),
                fixed,
            )  # fmt: skip
        )
    ids = {e.id for e in entrants}
    _need(len(ids) == len(entrants), "entrants", "an id used twice")
    _need(len({e.ord for e in entrants}) == len(entrants), "entrants", "an order used twice")
    _need(len({name_key(e.name) for e in entrants}) == len(entrants), "entrants", "a name twice")
    return entrants


def _read_rounds(
    top: dict[str, Any], event: store.EventRecord, ids: set[int]
) -> tuple[list[store.RoundRecord], list[store.TableRecord], dict[int, dict[str, Any]]]:
    """The file's ``rounds``: each with its tables, their seats, games and paper results."""
    rounds: list[store.RoundRecord] = []
    tables: list[store.TableRecord] = []
    game_files: dict[int, dict[str, Any]] = {}
    for i, r in enumerate(_list(top.get("rounds", []), "rounds")):
        where = f"rounds[{i}]"
        r = _dict(r, where)
        _need(r.get("number") == i + 1, f"{where}.number", f"rounds count 1, 2, 3: this is {i + 1}")
        state = "seated" if r.get("status") == "playing" else r.get("status")
        _need(state in ROUND_STATUSES, f"{where}.status", f"one of {', '.join(ROUND_STATUSES)}")
        byes = _ids(r.get("byes", []), f"{where}.byes")
        _need(all(b in ids for b in byes), f"{where}.byes", "an unknown entrant")
        notes = tuple(
            _text(n, f"{where}.notes[{k}]", 1000)
            for k, n in enumerate(_list(r.get("notes", []), f"{where}.notes"))
        )
        knockout = _bool(r.get("knockout"), f"{where}.knockout", False)
        rounds.append(store.RoundRecord(i + 1, 0, i + 1, str(state), knockout, byes, notes, "", ""))
        numbers: set[int] = set()
        positions: set[int] = set()
        for j, t in enumerate(_list(r.get("tables", []), f"{where}.tables")):
            tw = f"{where}.tables[{j}]"
            t = _dict(t, tw)
            number = _int(t.get("number"), f"{tw}.number", low=1, high=1000)
            position = _int(t.get("position", number), f"{tw}.position", low=1, high=1000)
            _need(number not in numbers, f"{tw}.number", "two tables with one number")
            _need(position not in positions, f"{tw}.position", "two tables with one position")
            numbers.add(number)
            positions.add(position)
            seated = _ids(t.get("entrants"), f"{tw}.entrants")
            _need(all(e in ids for e in seated), f"{tw}.entrants", "an unknown entrant")
            try:
                sides = side_groups(seated, event)
            except (ValueError, TypeError):
                raise _Bad(f"{tw}.entrants: not a table of this format") from None
            seats = []
            for k, seat in enumerate(_list(t.get("seats", []), f"{tw}.seats")):
                _need(isinstance(seat, list) and len(seat) == 2, f"{tw}.seats[{k}]", "[seat, name]")
                seats.append(
                    (
                        _text(seat[0], f"{tw}.seats[{k}][0]", 20),
                        _str(seat[1], f"{tw}.seats[{k}][1]", NAME_LENGTH),
                    )
                )
            try:
                game = parse_game(_dict(t.get("game"), f"{tw}.game"))
            except GameError as e:
                raise _Bad(f"{tw}.game: {e}") from None
            _need(len(game.sides()) == len(sides), f"{tw}.game", "sides do not match the table")
            paper = _paper(t.get("paper"), len(sides), f"{tw}.paper")
            dealer = _text(t.get("dealer"), f"{tw}.dealer", NAME_LENGTH) or game.first_dealer
            table_id = len(tables) + 1
            game_files[table_id] = dump_game(game)
            tables.append(
                store.TableRecord(
                    table_id,
                    i + 1,
                    i + 1,
                    number,
                    position,
                    seated,
                    tuple(seats),
                    dealer,
                    table_id,
                    _bool(t.get("fixed"), f"{tw}.fixed", False),
                    paper,
                    "",
                    "",
                    1,
                    None,
                    _bool(t.get("corrected"), f"{tw}.corrected", False) and state == "closed",
                )  # fmt: skip
            )
    return rounds, tables, game_files


def _paper(value: Any, sides: int, where: str) -> dict[str, Any] | None:
    if value is None:
        return None
    value = _dict(value, where)
    rows = _list(value.get("sides"), f"{where}.sides")
    _need(len(rows) == sides, f"{where}.sides", f"{sides} sides")
    out = []
    for k, row in enumerate(rows):
        row = _dict(row, f"{where}.sides[{k}]")
        out.append(
            {
                "points": _int(
                    row.get("points"), f"{where}.sides[{k}].points", low=-(10**7), high=10**7
                ),  # fmt: skip
                "bags": _int(row.get("bags"), f"{where}.sides[{k}].bags", high=10_000),
            }
        )
    winner = _int(value.get("winner"), f"{where}.winner", high=sides - 1, null=True)
    points = [s["points"] for s in out]
    _need(winner is not None or points.count(max(points)) == 1, where, "a tie names the winner")
    return {"sides": out, "winner": winner}


def view_of_file(text: str) -> EventView:
    """An event file as it stands, for the command line (no database)."""
    return read_event_file(text)[1]


# --- in --------------------------------------------------------------------------------------


def import_file(db: Database, text: str) -> EventLink:
    """:func:`import_event` from the import page: the event made, as its link (the page goes
    on to its console). Raises EventRefused."""
    return event_link(import_event(db, text))


def import_event(db: Database, text: str) -> store.EventRecord:
    """Store an event file as a new event (new links for the event and every table), in one
    transaction. People are matched by name with the club's people. Raises EventRefused."""
    settings, view, files = read_event_file(text)
    with store.write(db):
        # the file's creation time is kept: the club's memory orders events by it
        event = create_event(db, settings, created=view.event.created_at or None)
        names = [m for e in view.entrants for m in e.members]
        people = store.events.people_named(db, names, person_key)
        person_of = dict(zip([p for e in view.entrants for p in e.person_ids], people, strict=True))
        entrant_of: dict[int, int] = {}
        for e in sorted(view.entrants, key=lambda e: e.order):
            record = store.events.add_entrant(
                db, event.id, e.name, [person_of[p].id for p in e.person_ids],
                joined_round=e.joined_round, active=e.active, fixed_table=e.fixed_table,
            )  # fmt: skip
            entrant_of[e.id] = record.id
        for r in view.rounds:
            rnd = store.events.add_round(
                db, event.id, r.number, byes=[entrant_of[b] for b in r.byes], notes=r.notes,
                knockout=r.knockout, status=r.stored_status,
            )  # fmt: skip
            for t in r.tables:
                try:
                    game = kitchen.create_game(db, files[t.id])
                except GameError as e:
                    raise EventRefused(f"Round {r.number} table {t.number}: {e}.") from None
                store.events.add_table(
                    db, rnd.id, number=t.number, position=t.position,
                    entrants=[entrant_of[e] for e in t.entrants], seats=t.seats,
                    dealer=t.dealer, game_id=game.id, fixed=t.fixed, paper=t.paper,
                    closed_version=game.version if r.closed else None, corrected=t.corrected,
                )  # fmt: skip
        if view.event.status == "finished":
            store.events.touch_event(db, event.id, status="finished")
    return store.events.event_by_id(db, event.id)


__all__ = [
    "EVENT_FORMAT", "export_data", "export_text", "import_event", "import_file", "read_event_file",
    "view_of_file",
]  # fmt: skip
