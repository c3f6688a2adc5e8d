"""Rounds of an event, one use case a function: seat the next round (every table's game
created with it, one transaction), swap two entrants or re-pair before play starts, call time,
close a round, enter or clear a table's paper result; and what the console offers next.

The event core pairs and seats; each table's game is an ordinary game (``games``) with the
event's rules and round end, so a table's phone does what the kitchen-table scorer does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Protocol

from scorekeeper import store
from scorekeeper.events import (
    MAX_EXTEND_MINUTES,
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
    MAX_SCORE,
    GameError,
    parse_game,
    rules_to_spec,
    score_game,
    team_name,
)
from scorekeeper.rules.names import NameProblem, clean_name
from scorekeeper.store import actions

from . import games
from .errors import EventMoved, EventRefused
from .event_settings import MAX_ROUND_MINUTES, game_rules, sentence
from .event_views import (
    EventRef,
    EventView,
    RoundView,
    TableView,
    cached_load,
    changing,
    load,
    side_groups,
    where,
)

Database = store.Database


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
            record = games.create_game(db, _game_file(event, view, table, seat))
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
    number = _refuse_unless_ready(view)
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
    return _round(load(db, done.event), done.round)


@dataclass(frozen=True)
class Done:
    """What a console action did: the event (as read in its write), the round it acted on
    (None: no one round) and what it answers besides (plain JSON data: None when the round
    says it all), as :func:`once` records it with the form's one-time id."""

    event: store.EventRecord
    round: int | None = None
    outcome: Any = None


def once(
    db: Database,
    event: EventRef,
    submission: str | None,
    kind: str,
    number: int | None,
    act: Callable[[], Done],
) -> Done:
    """Inside a write: a console action done once a form. ``submission`` is the form's one-time
    id (web.saving). When it already did ``kind`` to this event (to round ``number``, when one
    is named), the same form was sent again (a double tap, a resend, Back then the button):
    the same person's one intent, done; nothing is done again and the answer is the first
    send's, even after the event moved on. Otherwise ``act`` does it, refusing a form read
    before a change it never saw (``changing``: EventMoved, as for any form whose id was never
    used), and the id is recorded with what it did, in the same transaction."""
    used = store.submission(db, submission) if submission else None
    if (
        used is not None
        and used.kind.kind == kind
        and (number is None or used.round_number == number)
    ):
        if isinstance(event, str):
            record = store.events.event_by_director_token(db, event)
        else:
            record = store.events.event_by_id(db, event.id)
        if used.event_id == record.id:
            return Done(record, used.round_number, used.outcome)
    done = act()
    if submission and used is None:
        store.record_submission(
            db, submission, game_id=None, action=store.Action(kind), version=None,
            event_id=done.event.id, round_number=done.round, outcome=done.outcome,
        )  # fmt: skip
    return done


def _round(view: EventView, number: int) -> RoundView:
    rnd = view.round(number)
    if rnd is None:
        raise EventRefused(f"There is no round {number} (perhaps the page is old).")
    return rnd


def open_round(view: EventView, number: int, doing: str) -> RoundView:
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
    return _round(load(db, done.event), number)


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
        record = games.create_game(db, _game_file(event, view, tuple(tables[i]), seat))
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


# --- during and after a round ----------------------------------------------------------------


@dataclass(frozen=True)
class TimeQuestion:
    """What the director is asked before calling time (it changes every table still playing):
    the round, the tables still playing (each finishes the hand in play), whether time was
    called before, and the event's version now (the confirming form's)."""

    event_name: str
    version: int
    round: int
    tables: tuple[int, ...]
    again: bool


def time_question(db: Database, director_token: str, number: int) -> TimeQuestion:
    """The question before Call time (read only); EventRefused, as :func:`call_time` would
    refuse it, when round ``number`` is not the round in play."""
    event = store.events.event_by_director_token(db, director_token)
    view = cached_load(db, event)
    rnd = _round(view, number)
    if rnd is not view.current or rnd.closed:
        raise EventRefused(f"Round {number} is closed: time can be called on the current one.")
    tables = tuple(t.number for t in rnd.tables if not t.finished)
    return TimeQuestion(event.name, event.version, number, tables, rnd.status == "time_called")


def call_time(
    db: Database,
    event: EventRef,
    number: int,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> list[int]:
    """Time is called: each unfinished table finishes the hand in play and the leader wins (a
    tie plays one more hand). Each such table's game gets ``max_hands`` = hands played + 1, so
    the engine ends it after that hand. Safe to repeat (a table that undid it is capped again).
    Returns the table numbers capped. ``submission``: the form's one-time id (:func:`once`:
    sent again, the tables the first send capped, nothing done)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        rnd = _round(view, number)
        if rnd is not view.current or rnd.closed:
            raise EventRefused(f"Round {number} is closed: time can be called on the current one.")
        capped = [t.number for t in rnd.tables if not t.finished and _cap(db, t.game_id)]
        store.events.update_round(db, rnd.id, status="time_called")
        store.events.touch_event(db, record.id)
        return Done(record, number, capped)

    with store.write(db):
        return list(once(db, event, submission, actions.TIME_CALLED, number, act).outcome)


def _cap(db: Database, game_id: int) -> bool:
    """Inside the write: a table's game ends after the hand in play (its ``max_hands`` is the
    hands played + 1); False when it already ends by then, or its file no longer scores (the
    director enters a paper result)."""
    record = store.game_by_id(db, game_id)
    try:
        game = parse_game(record.data)
        sheet = score_game(game)
    except GameError:
        return False
    cap = sheet.played + 1
    if game.rules.max_hands is not None and game.rules.max_hands <= cap:
        return False
    spec = {**rules_to_spec(game.rules, game.preset), "max_hands": cap}
    data = {**record.data, "rules": spec}
    finished, winner = games.outcome(data)
    store.save_game(db, record, data, action=games.TIME_CALLED, finished=finished, winner=winner)
    return True


CLOCK_ACTIONS = ("pause", "resume", "extend", "restart")


def round_clock(
    db: Database,
    director_token: str,
    number: int,
    action: str,
    minutes: int | None = None,
    now: float | None = None,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> str:
    """Pause, resume, extend (by ``minutes``) or restart (the event's round length, from now)
    round ``number``'s clock; returns what happened in a sentence. Refused when round
    ``number`` is not the round in play (a console read before the round moved on), and, like
    every console form, EventMoved when the event changed since version ``seen``.
    ``submission``: the button's one-time id (:func:`once`: sent again, the first send's
    sentence, the clock not touched again)."""
    if action not in CLOCK_ACTIONS:
        raise EventRefused("Choose pause, resume, extend or restart.", field="clock")
    if action == "extend" and (minutes is None or not 1 <= minutes <= MAX_EXTEND_MINUTES):
        raise EventRefused(f"Extend by 1 to {MAX_EXTEND_MINUTES} minutes.", field="minutes")
    now = time.time() if now is None else now

    def act() -> Done:
        event, view = changing(db, director_token, seen)
        rnd = _round(view, number)
        if rnd is not view.current or rnd.closed:
            raise EventRefused(
                f"Round {number} is over: the clock belongs to the round in play "
                "(perhaps the page is old)."
            )
        clock, length = rnd.clock, (event.round_minutes or 0) * 60
        if clock is None and action != "extend" and not length:
            raise EventRefused(
                "Set the minutes a round first, then start the clock.", field="clock"
            )
        if action == "restart" or clock is None:
            clock = Clock.start(length or (minutes or 0) * 60, now)
            said = f"Round {number}'s clock starts again: {_minutes(clock.remaining(now))}."
        elif action == "pause":
            clock = clock.pause(now)
            said = f"Round {number}'s clock is paused with {_minutes(clock.remaining(now))} left."
        elif action == "resume":
            clock = clock.resume(now)
            said = f"Round {number}'s clock runs again: {_minutes(clock.remaining(now))} left."
        else:
            clock = clock.extend((minutes or 0) * 60, now)
            said = f"Round {number}: {minutes} more minute{'' if minutes == 1 else 's'}."
        store.events.update_round(db, rnd.id, clock_deadline=clock.deadline, clock_left=clock.left)
        store.events.touch_event(db, event.id)
        return Done(event, number, said)

    with store.write(db):
        return str(once(db, director_token, submission, actions.CLOCK, number, act).outcome)


def _minutes(seconds: int) -> str:
    """ "45 minutes", "1 minute", "40 seconds"."""
    if seconds < 60:
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    m = round(seconds / 60)
    return f"{m} minute{'' if m == 1 else 's'}"


def set_round_minutes(
    db: Database, director_token: str, minutes: int | None, *, seen: int | None = None
) -> str:
    """Change the event's round length (None: no clock); rounds seated from now on, and the
    clock's "restart", use it. Returns what happened in a sentence. EventMoved when the event
    changed since version ``seen`` (the console form's)."""
    if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise EventRefused(
            f"Round time: from 1 to {MAX_ROUND_MINUTES} minutes, or none.", field="round_minutes"
        )
    with store.write(db):
        event, _ = changing(db, director_token, seen)
        store.events.touch_event(db, event.id, round_minutes=minutes)
    if minutes is None:
        return "Rounds have no clock from now on."
    return f"Rounds are {minutes} minutes from now on (restart the clock to apply it now)."


class TypedClock(Protocol):
    """A clock button as the console sent it (the web's form): the event's version it was read
    at, its problems by field (none: it read), and what it asks for (pause, resume, extend or
    restart; the minutes to extend)."""

    version: int
    errors: dict[str, str]
    submission: str | None

    def read(self) -> tuple[str, int | None]: ...


def submit_clock(
    db: Database, director_token: str, number: int, typed: TypedClock, now: float | None = None
) -> str | None:
    """The console's clock button: :func:`round_clock` with what it asks for. A button that did
    not read (``typed.errors`` say why) changes nothing and returns None; an unknown link is
    EventNotFound whatever was sent; a button read before the event changed is EventMoved."""
    if typed.errors:
        store.events.event_by_director_token(db, director_token)
        return None
    action, minutes = typed.read()
    return round_clock(
        db, director_token, number, action, minutes, now, seen=typed.version,
        submission=typed.submission,
    )  # fmt: skip


class TypedRoundMinutes(Protocol):
    """The console's round length form (the web's form): the event's version it was read at,
    its problems by field (none: it read) and the minutes a round (None: no clock)."""

    version: int
    errors: dict[str, str]

    def read(self) -> int | None: ...


def submit_round_minutes(db: Database, director_token: str, typed: TypedRoundMinutes) -> str | None:
    """The console's round length form: :func:`set_round_minutes` with the minutes typed. A form
    that did not read (``typed.errors`` say why) changes nothing and returns None; an unknown
    link is EventNotFound whatever was sent; a form read before the event changed is
    EventMoved."""
    if typed.errors:
        store.events.event_by_director_token(db, director_token)
        return None
    return set_round_minutes(db, director_token, typed.read(), seen=typed.version)


def close_round(
    db: Database,
    event: EventRef,
    number: int,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> RoundView:
    """Close the current round once every table is finished or has a paper result; else
    EventRefused naming the tables still playing. ``submission``: the form's one-time id
    (:func:`once`: the same Close sent again, the round, nothing done)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
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
        store.events.mark_closed(db, rnd.id)  # a later change of a table is a correction
        after = load(db, record)
        finished = {"status": "finished"} if after.complete else {}
        store.events.touch_event(db, record.id, **finished)
        return Done(record, number)

    with store.write(db):
        done = once(db, event, submission, actions.CLOSE_ROUND, number, act)
    return _round(load(db, done.event), number)


def enter_paper(
    db: Database,
    event: EventRef,
    number: int,
    table_number: int,
    points: list[int],
    bags: list[int],
    winner: int | None = None,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> TableView | None:
    """A table's final points and bags per side typed from its paper sheet (in any round: a
    correction too). It replaces the table's game in the standings until cleared. ``winner``
    (a side index) is needed when the top scores tie, and may name a side that won otherwise
    (set out, a losing score). ``submission``: the form's one-time id (:func:`once`: sent
    again, the table as it is, nothing entered again)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        rnd = _round(view, number)
        table = rnd.table(table_number)
        if table is None:
            raise EventRefused(f"Round {number} has no table {table_number}.")
        paper = _paper(len(table.sides), points, bags, winner)
        # After the round closed a paper result is a correction: kept, and said (the console,
        # the standings' why and the event file name the table).
        store.events.update_table(db, table.id, paper=paper, **_correcting(rnd))
        store.events.touch_event(db, record.id)
        return Done(record, number, table_number)

    with store.write(db):
        done = once(db, event, submission, actions.PAPER_RESULT, number, act)
    return _round(load(db, done.event), number).table(table_number)


def _paper(sides: int, points: list[int], bags: list[int], winner: int | None) -> dict[str, Any]:
    """A paper result as the store keeps it, or EventRefused by the field that is wrong."""
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
    return {
        "sides": [{"points": p, "bags": b} for p, b in zip(points, bags, strict=True)],
        "winner": winner,
    }


def _correcting(rnd: RoundView) -> dict[str, bool]:
    """The table change's mark: a correction once its round is closed."""
    return {"corrected": True} if rnd.closed else {}


def clear_paper(
    db: Database,
    event: EventRef,
    number: int,
    table_number: int,
    *,
    seen: int | None = None,
    submission: str | None = None,
) -> None:
    """Forget a table's paper result: its game counts again. ``submission``: the form's
    one-time id (:func:`once`: sent again, done, nothing cleared again)."""

    def act() -> Done:
        record, view = changing(db, event, seen)
        table = _round(view, number).table(table_number)
        if table is None:
            raise EventRefused(f"Round {number} has no table {table_number}.")
        if table.paper is None:
            raise EventRefused(f"Round {number} table {table_number} has no paper result.")
        store.events.update_table(db, table.id, paper=None, **_correcting(_round(view, number)))
        store.events.touch_event(db, record.id)
        return Done(record, number, table_number)

    with store.write(db):
        once(db, event, submission, actions.CLEAR_PAPER, number, act)


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
