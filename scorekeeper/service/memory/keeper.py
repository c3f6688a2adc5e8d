"""The club's keeper: renames, merges (and their undo) and seasons, each one use case in one
transaction. Only the keeper's link opens these (``scorekeeper keeper-link`` prints it; the
command line itself holds the same rights). Every refusal is a :class:`MemoryRefused` naming
its form field, and nothing is half-changed: each check runs before the one write.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from scorekeeper import store
from scorekeeper.rules import NAME_LENGTH
from scorekeeper.rules.names import NameProblem, clean_name, filing_key, name_key
from scorekeeper.stats import Scheme, StatsError

from ..errors import MemoryRefused
from .club import Club, load_club
from .season import season_events, season_when
from .tables import NotFound

Database = store.Database


SEASON_NAME_LENGTH = 60


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def keeper_link(db: Database, *, fresh: bool = False) -> str:
    """The keeper's link token, made the first time (``fresh``: a new one; the old stops)."""
    return store.club.club_link(db, "keeper", make=True, fresh=fresh) or ""


def reader_link(db: Database, *, fresh: bool = False) -> str:
    """The club's read-only link token (the ladder, players' pages, seasons)."""
    return store.club.club_link(db, "reader", make=True, fresh=fresh) or ""


@dataclass(frozen=True)
class ClubLinks:
    """The club's two links: the keeper's (rename, merge, seasons) and the read-only one."""

    keeper: str
    reader: str


def club_links(db: Database, *, new_keeper: bool = False) -> ClubLinks:
    """The club's links for whoever holds the machine that runs the server, as the command
    line gives them (the web shows them only to a request from that machine itself, as
    ``web/memory.py`` decides); made the first time, in one transaction. ``new_keeper``: a new
    keeper's link, the old one stops."""
    with store.write(db):
        return ClubLinks(keeper_link(db, fresh=new_keeper), reader_link(db))


CLI = None  # the command line holds the keeper's rights: it passes no link


def open_keeper(db: Database, token: str | None) -> None:
    """Only the keeper's link (or the command line, ``token=None``) passes."""
    if token is CLI:
        return
    if not token or store.club.link_kind(db, token) != "keeper":
        raise NotFound("No such link.")


def _person_id(db: Database, who: int | str, field: str) -> int:
    """A person by id, or by a name they have (or had) for the command line."""
    if isinstance(who, int):
        return who
    try:
        key = name_key(clean_name(who))
    except NameProblem as e:
        raise MemoryRefused(str(e), field=field) from None
    found = _owner_of(db, key)
    if found is None:
        raise MemoryRefused(f"No one in the club is called {who}.", field=field)
    return found


@dataclass(frozen=True)
class PersonLine:
    id: int
    name: str
    games: int
    merged_into: str | None
    merged_into_id: int | None


@dataclass(frozen=True)
class ChangeLine:
    id: int
    kind: str
    words: str
    when: str
    undone: bool
    can_undo: bool


@dataclass(frozen=True)
class KeeperPage:
    people: tuple[PersonLine, ...]
    changes: tuple[ChangeLine, ...]
    seasons: tuple[tuple[int, str, str], ...]
    events: tuple[tuple[int, str, str], ...]  # (id, date, name)
    reader: str


def keeper_page(db: Database, token: str) -> KeeperPage:
    """What the keeper's page shows: everyone with their games, what was done, the seasons."""
    open_keeper(db, token)
    club = load_club(db)
    return _page(db, club)


def _page(db: Database, club: Club) -> KeeperPage:
    people = store.club.people(db)
    games: dict[Hashable, int] = {}
    for g in club.games:
        for p in g.people:
            games[p] = games.get(p, 0) + 1
    lines = sorted(
        (
            PersonLine(
                p.id,
                p.name,
                games.get(p.id, 0),
                None if p.merged_into is None else club.name(p.merged_into),
                p.merged_into,
            )  # fmt: skip
            for p in people.values()
        ),
        key=lambda line: filing_key(line.name),
    )
    changes = []
    for c in store.club.changes(db):
        if c.kind == "rename":
            words = f"Renamed {c.old_name} to {c.new_name}"
        else:
            who = people.get(c.person_id)
            into = people.get(c.other_id or 0)
            words = f"Merged {who.name if who else '?'} into {into.name if into else '?'}"
        can_undo = (
            c.kind == "merge"
            and c.undone_at is None
            and c.person_id in people
            and people[c.person_id].merged_into == c.other_id
        )
        changes.append(
            ChangeLine(c.id, c.kind, words, c.created_at[:16], c.undone_at is not None, can_undo)
        )
    events = sorted(club.events.values(), key=lambda e: (e.date, e.id))
    return KeeperPage(
        tuple(lines),
        tuple(changes),
        tuple((s.id, s.name, season_when(s)) for s in club.seasons),
        tuple((e.id, e.date, e.name) for e in events),
        store.club.club_link(db, "reader", make=True) or "",
    )


def _clean(text: str, field: str, limit: int) -> str:
    try:
        name = clean_name(text)
    except NameProblem as e:
        raise MemoryRefused(str(e), field=field) from None
    if len(name) > limit:
        raise MemoryRefused(f"Keep the name to {limit} characters.", field=field)
    return name


def _owner_of(db: Database, key: str) -> int | None:
    """Who a name (as a key) belongs to: someone's name now, or a name they had before."""
    for p in store.club.people(db).values():
        if name_key(p.name) == key:
            return p.id
    return store.club.former_names(db).get(key)


def rename(db: Database, token: str | None, person: int | str, new_name: str) -> str:
    """Rename a person; their games keep counting for them. Returns the name given."""
    open_keeper(db, token)
    person_id = _person_id(db, person, "person")
    new = _clean(new_name, "name", NAME_LENGTH)
    with store.write(db):
        found = store.club.person(db, person_id)
        if found is None:
            raise MemoryRefused("That person is not in the club (perhaps the page is old).")
        if found.merged_into is not None:
            raise MemoryRefused(
                f"{found.name} was merged into someone else: undo the merge first, or rename "
                "the person they joined.",
                field="name",
            )
        key = name_key(new)
        owner = _owner_of(db, key)
        if owner is not None and owner != person_id:
            other = store.club.person(db, owner)
            raise MemoryRefused(
                f"{new} is already {other.name if other else 'someone'}'s name in the club: "
                "merge the two instead if they are one person.",
                field="name",
            )
        if new == found.name:
            raise MemoryRefused(f"{new} is already this person's name.", field="name")
        store.club.rename(db, person_id, found.name, new, name_key(found.name), key)
    return new


def merge(db: Database, token: str | None, person: int | str, into: int | str) -> str:
    """Merge ``person`` into ``into``: their games count as one person's from now on
    (recorded; undo brings them back). Returns what was done, in words."""
    open_keeper(db, token)
    person_id, into_id = _person_id(db, person, "person"), _person_id(db, into, "into")
    if person_id == into_id:
        raise MemoryRefused(
            "Choose two different people: a person cannot merge with themselves.", field="into"
        )
    with store.write(db):
        people = store.club.people(db)
        who, joined = people.get(person_id), people.get(into_id)
        if who is None:
            raise MemoryRefused("Choose the person to merge.", field="person")
        if joined is None:
            raise MemoryRefused("Choose the person to merge into.", field="into")
        if who.merged_into is not None:
            raise MemoryRefused(
                f"{who.name} is already merged into {people[who.merged_into].name}.",
                field="person",
            )
        if joined.merged_into is not None:
            target = people[joined.merged_into].name
            raise MemoryRefused(
                f"{joined.name} was merged away into {target}: merge into {target} instead.",
                field="into",
            )
        club = load_club(db)
        together = _same_event(club, person_id, into_id)
        if together:
            raise MemoryRefused(
                f"{who.name} and {joined.name} both played in {together}: they are two people.",
                field="into",
            )
        store.club.merge(db, person_id, into_id)
    return f"Merged {who.name} into {joined.name}."


def _same_event(club: Club, a: int, b: int) -> str | None:
    """An event both people played in (counting anyone merged into either), if any."""
    group_a = {a} | {p for p, q in club.merges.items() if q == a}
    group_b = {b} | {p for p, q in club.merges.items() if q == b}
    for event_id, members in club.members.items():
        here = {p for ps in members.values() for p in ps}
        if here & group_a and here & group_b:
            return club.events[event_id].name
    return None


def unmerge(db: Database, token: str | None, change_id: int | None, who: str = "") -> str:
    """Undo a merge (by its id, or the merge of the person named ``who``): the person's games
    are theirs again. Returns what was done."""
    open_keeper(db, token)
    with store.write(db):
        if change_id is None:
            pid = _person_id(db, who, "person")
            change_id = next(
                (c.id for c in store.club.changes(db)
                 if c.kind == "merge" and c.person_id == pid and c.undone_at is None),
                0,
            )  # fmt: skip
        change = store.club.change(db, change_id)
        if change is None or change.kind != "merge":
            raise MemoryRefused("That merge is not in the club's record (perhaps the page is old).")
        if change.undone_at is not None:
            raise MemoryRefused("That merge was undone already.")
        person = store.club.person(db, change.person_id)
        if person is None or person.merged_into != change.other_id:
            raise MemoryRefused("That merge is no longer in effect.")
        into = store.club.person(db, change.other_id or 0)
        store.club.unmerge(db, change_id, change.person_id)
    return f"{person.name} is separate from {into.name if into else '?'} again."


def _day(text: str | None, field: str) -> str | None:
    if not text:
        return None
    if not _DATE.fullmatch(text):
        raise MemoryRefused("Write the date as YYYY-MM-DD, in digits 0-9.", field=field)
    try:
        date.fromisoformat(text)
    except ValueError:
        raise MemoryRefused("That day is not in the calendar.", field=field) from None
    return text


def create_season(
    db: Database,
    token: str | None,
    name: str,
    start: str | None,
    end: str | None,
    events: Sequence[int] | None,
    scheme: Scheme | dict[str, Any],
) -> int:
    """A new season: a date range (both ends included) or chosen events, and its scheme."""
    open_keeper(db, token)
    return add_season(db, name, start, end, events, scheme)


def add_season(
    db: Database,
    name: str,
    start: str | None,
    end: str | None,
    events: Sequence[int] | None,
    scheme: Scheme | dict[str, Any],
) -> int:
    """:func:`create_season` for the command line (which holds the keeper's rights)."""
    season_name = _clean(name, "season_name", SEASON_NAME_LENGTH)
    if isinstance(scheme, dict):
        try:
            scheme = Scheme.from_dict(scheme)
        except (StatsError, TypeError) as e:
            raise MemoryRefused(
                getattr(e, "message", str(e)), field=getattr(e, "field", "form")
            ) from None
    first, last = _day(start, "start"), _day(end, "end")
    chosen = None if not events else tuple(dict.fromkeys(events))
    if chosen is None:
        if first is None:
            raise MemoryRefused(
                "Give the season's first day (or choose its events).", field="start"
            )
        if last is None:
            raise MemoryRefused("Give the season's last day (or choose its events).", field="end")
        if last < first:
            raise MemoryRefused("The last day comes before the first.", field="end")
    with store.write(db):
        if store.club.season_named(db, season_name) is not None:
            raise MemoryRefused(f"A season is already called {season_name}.", field="season_name")
        club = load_club(db)
        if chosen is not None:
            unknown = [e for e in chosen if e not in club.events]
            if unknown:
                raise MemoryRefused(
                    "Choose events of this club (perhaps the page is old).", field="events"
                )
        probe = store.club.SeasonRecord(0, season_name, first, last, chosen, scheme.as_dict(), "")
        if not season_events(club, probe):
            raise MemoryRefused(
                f"No event falls between {first} and {last}: a season needs events.",
                field="start",
            )
        return store.club.create_season(db, season_name, first, last, chosen, scheme.as_dict())


@dataclass(frozen=True)
class Rename:
    """A keeper's rename: the person (an id, or a name they have for the command line) and the
    name to give them."""

    person: int | str
    name: str


@dataclass(frozen=True)
class Merge:
    """A keeper's merge: ``person``'s games count as ``into``'s from now on."""

    person: int | str
    into: int | str


@dataclass(frozen=True)
class Unmerge:
    """A merge undone, by the id of its change."""

    change: int


@dataclass(frozen=True)
class NewSeason:
    """A new season: its name, a date range or chosen events, and its scheme."""

    name: str
    start: str | None
    end: str | None
    events: Sequence[int] | None
    scheme: Scheme


KeeperChange = Rename | Merge | Unmerge | NewSeason


@dataclass(frozen=True)
class KeeperResult:
    """What a keeper's form did: ``said`` when it was done; else the page to show the form
    again on (read in the same use case), with ``refused`` when the service refused it (None:
    the form did not read, and its own errors say why)."""

    said: str | None
    refused: MemoryRefused | None = None
    page: KeeperPage | None = None


def submit(db: Database, token: str, change: KeeperChange | None) -> KeeperResult:
    """One keeper's form, as the change it asks for; None for a form that did not read (nothing
    is changed: the answer carries the keeper's page, for the form to show again with its own
    errors). A refusal comes back with the keeper's page, so the form shows again by its
    field. An unknown link raises NotFound, whatever was sent."""
    open_keeper(db, token)
    if change is None:
        return KeeperResult(None, None, keeper_page(db, token))
    try:
        said = _apply(db, token, change)
    except MemoryRefused as e:
        return KeeperResult(None, e, keeper_page(db, token))
    return KeeperResult(said)


def _apply(db: Database, token: str, change: KeeperChange) -> str:
    """Make ``change``; what was done, in words."""
    if isinstance(change, Rename):
        return "Renamed: " + rename(db, token, change.person, change.name) + "."
    if isinstance(change, Merge):
        return merge(db, token, change.person, change.into)
    if isinstance(change, Unmerge):
        return unmerge(db, token, change.change)
    create_season(db, token, change.name, change.start, change.end, change.events, change.scheme)
    return f"Season {change.name} created."


__all__ = [
    "CLI", "ChangeLine", "ClubLinks", "KeeperChange", "KeeperPage", "KeeperResult", "Merge",
    "NewSeason", "PersonLine", "Rename", "SEASON_NAME_LENGTH", "Unmerge", "add_season",
    "club_links", "create_season", "keeper_link", "keeper_page", "merge", "open_keeper",
    "reader_link", "rename", "submit", "unmerge",
]  # fmt: skip
