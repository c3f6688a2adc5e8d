"""Who sits where: partners opposite, team names, and the seating of a rematch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .game import Game

Seat = TypeVar("Seat")  # a name, or whatever a caller seats (a packet: (seat word, name) pairs)


def opposite_teams(seats: Sequence[Seat], teams: int) -> list[tuple[Seat, ...]]:
    """Partners sit opposite: with ``teams`` teams round the table, seat i's partners are
    i + teams, i + 2·teams, ... (4 seats, 2 teams: 1 & 3 v 2 & 4; 6 seats, 3 teams: 1 & 4,
    2 & 5, 3 & 6; 6 seats, 2 teams: 1, 3, 5 v 2, 4, 6)."""
    if teams < 2 or len(seats) % teams:
        raise ValueError(f"{len(seats)} seats do not make {teams} teams")
    return [tuple(seats[i::teams]) for i in range(teams)]


def team_name(members: Sequence[str]) -> str:
    """ "Ann & Cy"; "Ann, Bob & Cy" for three."""
    if len(members) <= 2:
        return " & ".join(members)
    return ", ".join(members[:-1]) + " & " + members[-1]


def rematch_of(game: Game) -> Game:
    """Same players, teams and rules, no hands and no carried-over start scores.

    The deal moves on one seat from where the previous game *started* (not from where it ended),
    so over a series of rematches every player takes a turn dealing the first hand.
    """
    seat = game.players.index(game.first_dealer)
    dealer = game.players[(seat + 1) % len(game.players)]
    return Game(game.players, game.rules, game.preset, game.teams, dealer, {}, ())
