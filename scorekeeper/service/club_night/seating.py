"""Seating a round: the event core pairs and seats, every table's game created with it in one
transaction; a round that has not started re-paired, two entrants swapped.

Each table's game is an ordinary game (``service.kitchen``) with the event's rules and round
end, so a table's phone does what the kitchen-table scorer does.
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any

from scorekeeper import store
from scorekeeper.events import (
    Clock,
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
    GameError,
    team_name,
)
from scorekeeper.rules.names import NameProblem, clean_name
from scorekeeper.store import actions

from .. import kitchen
from ..errors import EventMoved, EventRefused
from .loading import EventRef, changing, load, where
from .rounds import Done, once, open_round, refuse_unless_ready, round_of
from .settings import game_rules, sentence
from .views import EventView, RoundView, side_groups

Database = store.Database


# --- seating a round -------------------------------------------------------------------------


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
        raise EventRefused(sentence(e.message)) from None


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


def _name_to_fix(view: EventView, table: tuple[int, ...]) -> str:
    """When an entrant at this table has a name that is not one (stored before names were
    cleaned as they enter: a control character), the sentence naming them and what to do."""
    for e in table:
        entrant = view.by_id[e]
        for name in (entrant.name, *entrant.members):
            try:
                clean_name(name)
            except NameProblem as problem:
                shown = "".join(c if c.isprintable() else "\ufffd" for c in entrant.name)
                return (
                    f"the entrant {shown} has a name that cannot be printed or scored "
                    f"({str(problem)[:-1].lower()}). Drop {shown} and register them again with "
                    "the names typed afresh, then seat the round."
                )
    return ""


def _create_tables(
    db: Database,
    event: store.EventRecord,
    view: EventView,
    round_id: int,
    pairing: Pairing,
    numbers: list[int],
    fixed: list[bool],
) -> None:
    seating = seat_tables(pairing, [e.core for e in view.entrants], view.config)
    for pos, (table, seat) in enumerate(zip(pairing.tables, seating, strict=True), 1):
        number = numbers[pos - 1]
        try:
            record = kitchen.create_game(db, _game_file(event, view, table, seat))
        except GameError as e:
            why = _name_to_fix(view, table) or sentence(e.message)
            raise EventRefused(f"Table {number} cannot be seated: {why}") from None
        store.events.add_table(
            db, round_id, number=number, position=pos, entrants=table, seats=seat.seats,
            dealer=seat.dealer, game_id=record.id, fixed=fixed[pos - 1],
        )  # fmt: skip


def _seat_next(db: Database, event: store.EventRecord) -> int:
    """Seat the next round inside the caller's transaction; returns its number."""
    view = load(db, event)
    number = refuse_unless_ready(view)
    pairing, knockout = _pairing(view, number)
    if not pairing.tables:
        raise EventRefused("Nobody can be seated: register entrants (or reinstate them) first.")
    numbers, fixed, notes = _numbers(pairing.tables, view)
    minutes = store.events.event_by_id(db, event.id).round_minutes  # as it is now
    rnd = store.events.add_round(
        db, event.id, number, byes=pairing.byes, notes=[*pairing.notes, *notes],
        knockout=knockout,
        clock_deadline=Clock.start(minutes * 60, time.time()).deadline if minutes else None,
    )  # fmt: skip
    _create_tables(db, event, view, rnd.id, pairing, numbers, fixed)
    store.events.touch_event(db, event.id)
    return number


def seat_next_round(
    db: Database,
    event: EventRef,
    *,
    number: int | None = None,
    seen: int | None = None,
    submission: str | None = None,
) -> RoundView:
    """Pair and seat the next round and create every table's game, in one transaction: a
    failure half-way leaves no round, no table and no game. ``number`` is the round the form
    offered to seat and ``seen`` the version it was read at: EventMoved when either is no
    longer so. ``submission`` is the form's one-time id (:func:`once`: sent again, the round
    it seated, nothing done). Raises EventRefused."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        if number is not None and number != len(view.rounds) + 1:
            raise EventMoved(
                f"Nothing was done: the page offered to seat round {number}, but "
                f"{where(view)}. Here is the event as it stands now."
            )
        return Done(record, _seat_next(db, record))

    with store.write(db):
        done = once(db, event, submission, actions.SEAT_ROUND, number, act)
    assert done.round is not None
    return round_of(load(db, done.event), done.round)


def repair_round(
    db: Database,
    event: EventRef,
    number: int,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> RoundView:
    """Pair a round that has not started again: its tables and their (empty) games go, late
    entrants and reinstated entrants are included, drops left out. One transaction.
    ``submission``: the form's one-time id (:func:`once`: sent again, the round as it is)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        rnd = open_round(view, number, "re-paired")
        numbers = {t.game_id: t.number for t in rnd.tables}
        for game_id in store.events.delete_round(db, rnd.id):
            _replace_game(db, record.id, number, numbers[game_id], game_id, "repair")
        store.events.move_late_entrants(db, record.id, number)
        _seat_next(db, record)
        return Done(record, number)

    with store.write(db):
        done = once(db, event, submission, actions.REPAIR_ROUND, number, act)
    return round_of(load(db, done.event), number)


def swap(
    db: Database,
    event: EventRef,
    number: int,
    first: int | None,
    second: int | None,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> list[str]:
    """Swap two entrants' places in a round that has not started (at tables or on a bye); the
    tables they leave are seated again with new games. Returns warnings: a swap that makes a
    pairing repeat (opponents who met in an earlier round) is done and said. ``submission``:
    the form's one-time id (:func:`once`: sent again, the first send's warnings)."""

    def act() -> Done:
        record, warnings = _swap(db, event, number, first, second, seen)
        return Done(record, number, warnings)

    with store.write(db):
        return list(once(db, event, submission, actions.SWAP, number, act).outcome)


def _swap(
    db: Database,
    event: EventRef,
    number: int,
    first: int | None,
    second: int | None,
    seen: int | None,
) -> tuple[store.EventRecord, list[str]]:
    """Inside the write: :func:`swap` done; the event and the warnings."""
    event, view = changing(db, event, seen)
    if first is None or second is None:
        raise EventRefused("Choose two to swap.", field="swap")
    if first == second:
        raise EventRefused("Choose two different entrants to swap.", field="swap")
    rnd = open_round(view, number, "changed")
    a, b = view.entrant(first), view.entrant(second)
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

    def place(t: int) -> list[int]:
        return byes if t == -1 else tables[t]

    place(ta)[ja], place(tb)[jb] = b.id, a.id
    pairing = Pairing(number, tuple(tuple(t) for t in tables), tuple(byes))
    seating = seat_tables(pairing, [e.core for e in view.entrants], view.config)
    changed = sorted({t for t in (ta, tb) if t != -1})
    for i in changed:
        old, seat = ordered[i], seating[i]
        record = kitchen.create_game(db, _game_file(event, view, tuple(tables[i]), seat))
        store.events.update_table(
            db, old.id, entrants=tables[i], seats=seat.seats, dealer=seat.dealer,
            game_id=record.id,
        )  # fmt: skip
        _replace_game(db, event.id, number, old.number, old.game_id, "swap")
    if -1 in (ta, tb):
        store.events.update_round(db, rnd.id, byes=byes)
    store.events.touch_event(db, event.id)
    return event, _repeats(view, number, [tables[i] for i in changed])


def _replace_game(
    db: Database, event_id: int, number: int, table: int, game_id: int, why: str
) -> None:
    """Delete a table's game that a swap or re-pair replaced (no hand in it), keeping its
    links (store.events.record_replaced): whoever opens one is told where to look now."""
    record = store.game_by_id(db, game_id)
    store.events.record_replaced(
        db, event_id=event_id, round_number=number, table_number=table,
        edit_token=record.edit_token, view_token=record.view_token, why=why,
    )  # fmt: skip
    store.delete_game(db, record)


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


__all__ = [
    "repair_round", "seat_next_round", "swap",
]  # fmt: skip
