"""A small club for the memory's tests: a few nights (teams, progressive, cutthroat) played
through the event service, with results that vary by a seed."""

from __future__ import annotations

import random

from scorekeeper.service import club_night
from tests.service.club_night.clubs import finish

PEOPLE = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]


def night(db, rng: random.Random, name: str, date: str, kind: str, rounds: int = 2):
    """One event played to its end; ``kind``: "teams", "progressive" or "cutthroat"."""
    settings = {"name": name, "date": date, "rounds": rounds, "max_hands": 2}
    if kind == "progressive":
        settings["format"] = "progressive"
    if kind == "cutthroat":
        settings["sides_per_table"] = 3
    event = club_night.create_event(db, club_night.EventSettings(**settings))
    people = rng.sample(PEOPLE, 6 if kind == "cutthroat" else 8)
    if kind == "teams":
        for i in range(0, 8, 2):
            club_night.register(db, event, people[i : i + 2])
    else:
        for p in people:
            club_night.register(db, event, [p])
    for _ in range(rounds):
        club_night.seat_next_round(db, event)
        rnd = club_night.overview(db, event).current
        for table in rnd.tables:
            finish(db, table, rng.choice([2, 4, 9, 11]))
        club_night.close_round(db, event, rnd.number)
    return event


def club(db, seed: int, nights: int = 4):
    rng = random.Random(seed)
    kinds = ["teams", "progressive", "cutthroat"]
    return [
        night(db, rng, f"Night {i + 1}", f"2026-03-{i + 1:02d}", kinds[i % 3])
        for i in range(nights)
    ]
