"""Builders the event service tests share: an event with its entrants, hands that finish a
table's game, and the standings compared without the ids that differ between databases."""

from __future__ import annotations

from typing import Any

from scorekeeper import service
from scorekeeper.service import club_night
from scorekeeper.service.club_night import settings as club_night_settings

NAMES = [
    "Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max",
    "Ned", "Ola", "Pat", "Quinn", "Ray", "Sue", "Tom", "Uma", "Vic", "Wes", "Xan",
]  # fmt: skip


def event_with(db, teams: int = 8, **settings: Any):
    """An event (3 Swiss rounds of games of 2 hands by default) with ``teams`` entrants: teams
    of two, or single players when the format seats individuals."""
    chosen = {"name": "Club night", "rounds": 3, "max_hands": 2, **settings}
    event = club_night.create_event(db, club_night.EventSettings(**chosen))
    for i in range(teams):
        if club_night_settings.is_individual(event):
            club_night.register(db, event, [NAMES[i]])
        else:
            club_night.register(
                db, event, [NAMES[2 * i % 24] + str(i), NAMES[(2 * i + 1) % 24] + str(i)]
            )
    return event


def hand(game, took: int) -> dict[str, Any]:
    """A hand where everyone bids 3 (cutthroat: 5) and the first side takes ``took`` tricks."""
    sides = game.sides()
    if game.teams:
        a, b = sides
        return {"bids": {p: 3 for p in game.players}, "tricks": {a: took, b: 13 - took}}
    tricks_each = game.tricks_per_hand
    rest = tricks_each - took
    others = sides[1:]
    split = [rest // len(others)] * len(others)
    split[0] += rest - sum(split)
    tricks = {sides[0]: took, **dict(zip(others, split, strict=True))}
    return {"bids": {p: 5 for p in game.players}, "tricks": tricks}


def play(db, table, *took: int):
    """Add hands to a table's game: the first side takes each of ``took`` tricks."""
    for k in took:
        current = service.kitchen.open_game(db, table.edit_token)
        service.kitchen.add_hand(db, current, hand(current.game, k))


def finish(db, table, took: int = 7):
    """Play the table's game to its end (the first side wins by default)."""
    for _ in range(50):
        current = service.kitchen.open_game(db, table.edit_token)
        if current.sheet.finished:
            return current
        service.kitchen.add_hand(db, current, hand(current.game, took))
    raise AssertionError("the game did not end")


def finish_round(db, event, took: int = 7):
    rnd = club_night.overview(db, event).current
    for table in rnd.tables:
        finish(db, table, took)
    return club_night.close_round(db, event, rnd.number)


def table_of(view, number: int, table: int):
    return view.round(number).table(table)


def shown(view) -> list[tuple]:
    """The standings as a person reads them (names, figures and why: no ids)."""
    return [
        (s.place_label, s.name, s.active, s.played, s.wins, s.byes, s.points_for,
         s.points_against, s.bags, s.opponents_wins, s.why)
        for s in view.standings
    ]  # fmt: skip


def big_event(db, teams: int = 200, rounds: int = 8, hands: int = 12, seed: int = 1):
    """A big Swiss night, every round played and closed: ``teams`` teams with long names, each
    table's game ``hands`` random hands (written as whole files, not hand by hand, so 800 games
    take a second or two)."""
    import random

    from scorekeeper import store
    from scorekeeper.rules import parse_game, score_game

    rng = random.Random(seed)
    event = club_night.create_event(
        db,
        club_night.EventSettings(
            name="Regional open", rounds=rounds, target_score=10_000, max_hands=hands
        ),
    )
    first = ["Maximiliana", "Bartholomew", "Jo", "Kit", "Anneliese", "Cy", "Rosalind", "Theo"]
    for i in range(teams):
        club_night.register(db, event, [f"{rng.choice(first)} {i}a", f"{rng.choice(first)} {i}b"])
    for number in range(1, rounds + 1):
        for t in club_night.seat_next_round(db, event).tables:
            record = store.game_by_edit_token(db, t.edit_token)
            game = parse_game(record.data)
            a, b = game.sides()
            played: list = []
            sheet = None
            while sheet is None or not sheet.finished:  # a tie plays one more hand
                took = rng.randint(0, 13)
                played.append(
                    {"bids": {p: rng.randint(1, 5) for p in game.players},
                     "tricks": {a: took, b: 13 - took}}
                )  # fmt: skip
                if len(played) >= hands:
                    sheet = score_game(parse_game({**record.data, "hands": played}))
            data = {**record.data, "hands": played}
            store.save_game(
                db,
                record,
                data,
                action=store.Action("other"),
                finished=sheet.finished,
                winner=sheet.winner,
            )
        club_night.close_round(db, event, number)
    return event


def time_called_table(db, *, hand_in_play: bool = True):
    """Table 1 of a night of 4 hands a round (30 minutes), where the director called time after
    its 2nd hand, table 2 having played its 4: with ``hand_in_play`` it plays its 3rd hand, the
    last the call left it (the cap). The table (edit and read-only tokens)."""
    event = event_with(db, 4, round_minutes=30, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    table = rnd.tables[0]
    finish(db, rnd.tables[1])
    play(db, table, 7, 7)
    club_night.call_time(db, event, 1)
    if hand_in_play:
        play(db, table, 7)
    return table
