"""An event's entrants: registered (one at a time or from the form), dropped and reinstated,
their names and sides fixed.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import store
from scorekeeper.rules import (
    NAME_LENGTH,
    TEAM_NAME_LENGTH,
    team_name,
)
from scorekeeper.rules.names import NameProblem, clean_name, name_key
from scorekeeper.store import actions

from ..errors import EventRefused
from .events import ConsoleView, console_view
from .loading import EventRef, cached_load, changing
from .rounds import Done, once, open_round
from .settings import is_individual
from .views import EntrantView, RoundView, TableView

Database = store.Database


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


__all__ = [
    "DropQuestion", "Registration", "drop_question", "fix_entrant", "person_key", "register",
    "set_active", "submit_entrant",
]  # fmt: skip
