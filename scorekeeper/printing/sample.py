"""A club night's round packet made up of realistic names, for tests, benchmarks and screenshots.

The tables are seated by the event core (round 1 of a Swiss event of teams), so the sample goes
through the same ``seat_tables`` a real event does.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.events import (
    Entrant,
    EventConfig,
    SideScore,
    TableResult,
    next_round,
    seat_tables,
    standings,
)

from .packets import PacketTable, RoundPacket

FIRST = (
    "Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Nia",
    "Otto", "Pam", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic", "Wes", "Xena", "Yuri", "Zoe",
)  # fmt: skip
LAST = ("Okafor", "Lindqvist", "Marchetti", "Nguyen", "Castillo", "Abernathy-Holt", "Brennan")

LINK = "http://192.168.1.20:5000/g/{token}"


def sample_entrants(teams: int) -> list[Entrant]:
    """``teams`` teams of two, every player's name different; every third team has a name."""
    entrants = []
    for i in range(teams):
        a, b = (_person(2 * i), _person(2 * i + 1))
        name = f"The {LAST[i % len(LAST)]} Spades" if i % 3 == 0 else f"{a} & {b}"
        entrants.append(Entrant(i + 1, name, (a, b)))
    return entrants


def _person(n: int) -> str:
    """Different for every n: the first and last names cycle at co-prime lengths (26, 7)."""
    first = FIRST[n % len(FIRST)]
    last = LAST[n % len(LAST)]
    extra = n // (len(FIRST) * len(LAST))
    return f"{first} {last}" + (f" {extra + 1}" if extra else "")


def sample_token(number: int) -> str:
    """A token shaped like a game's edit token (22 URL-safe characters), made from a number."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
    out, n = [], number * 7919 + 104_729
    for _ in range(22):
        n, r = divmod(n * 31 + 17, len(alphabet))
        out.append(alphabet[r])
    return "".join(out)


def sample_packet(tables: int, *, round_number: int = 1, **options: Any) -> RoundPacket:
    """A round packet of ``tables`` tables (two teams each), seated by the event core."""
    entrants = sample_entrants(2 * tables)
    config = EventConfig("swiss")
    pairing = next_round(entrants, [], 1, config)
    by_id = {e.id: e for e in entrants}
    packet_tables = tuple(
        PacketTable.from_seating(
            seating,
            LINK.format(token=sample_token(seating.table)),
            sides=tuple(by_id[e].name for e in pairing.tables[seating.table - 1]),
        )
        for seating in seat_tables(pairing, entrants, config)
    )
    return RoundPacket(
        event_name="Thursday Club Night",
        round_number=round_number,
        tables=packet_tables,
        date="2026-11-19",
        **options,
    )


def sample_standings(teams: int) -> tuple:
    """Standings after one round of :func:`sample_packet`'s teams (table winners alternate)."""
    entrants = sample_entrants(teams)
    config = EventConfig("swiss")
    pairing = next_round(entrants, [], 1, config)
    results = [
        TableResult(
            1,
            n,
            (SideScore((a,), 500 - 10 * n, n % 5), SideScore((b,), 300 + 20 * n, n % 3)),
        )
        for n, (a, b) in enumerate(pairing.tables, 1)
    ]
    results += [TableResult.bye_for(1, e) for e in pairing.byes]
    return standings(entrants, results, config)
