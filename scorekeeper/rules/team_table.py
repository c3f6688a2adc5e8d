"""The table a team game's worked examples are played at (examples.py): its players seated
as the app seats them (partners opposite, seating.py), its teams named as the app names them,
its own tricks a hand.

The examples are written for Ann & Cy against Bob & Di at four seats (their roles: Ann and
Cy, the side the example is about; Bob and Di, the other). At six seats in three teams of two
(the six-player game: Ann & Di, Bob & Ed, Cy & Flo) the roles are played by the first two
teams (Cy's by Di, Di's by Ed) and the further team takes the tricks the four-seat hand does
not deal, four of 17, bidding what it takes as near as the rules allow: its bids only make
the hand one the rules accept, and the words say them ("; Cy & Flo bid 4 and take 4").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from .alone import SEATS
from .options import Rules
from .seating import opposite_teams, team_name
from .tricks import tricks_by_player

US, THEM = "Ann & Cy", "Bob & Di"  # the roles' teams, as the scenarios say them
ROLES = ("Ann", "Cy", "Bob", "Di")
BASE_TRICKS = 13  # the tricks of the table the scenarios are written for


class TeamTable(NamedTuple):
    """The players in seat order, the teams (the roles' two first, then the further ones),
    the roles' and their teams' names at this table, the tricks of a hand."""

    players: tuple[str, ...]
    teams: dict[str, list[str]]
    names: dict[str, str]
    tricks: int

    @property
    def further(self) -> list[str]:
        """The teams beyond the roles' two (none at four seats)."""
        return list(self.teams)[2:]

    def name(self, role: str) -> str:
        return self.names.get(role, role)

    def say(self, words: str) -> str:
        """``words`` written for the roles, said with this table's names."""
        if all(k == v for k, v in self.names.items()):
            return words
        return _ROLE_WORDS.sub(lambda m: self.names[m.group(0)], words)


_ROLE_WORDS = re.compile(rf"{US}|{THEM}|\b(?:Ann|Cy|Bob|Di)\b")


def team_table(rules: Rules, seats: int = 4, team_count: int = 2) -> TeamTable:
    """The examples' table for a game of ``seats`` players in ``team_count`` teams: three
    teams of two at six seats, else two teams of two at four (the roles' own table)."""
    if seats == 6 and team_count == 3:
        groups = opposite_teams(SEATS[:6], 3)  # Ann & Di, Bob & Ed, Cy & Flo
        roles = dict(zip(ROLES, (groups[0][0], groups[0][1], groups[1][0], groups[1][1]),
                         strict=True))  # fmt: skip
    else:
        seats = 4
        groups = opposite_teams(SEATS[:4], 2)  # Ann & Cy, Bob & Di
        roles = {r: r for r in ROLES}
    teams = {team_name(g): list(g) for g in groups}
    names = {**roles, US: team_name(groups[0]), THEM: team_name(groups[1])}
    return TeamTable(tuple(SEATS[:seats]), teams, names, rules.tricks_for(seats))


def renamed(hand: dict[str, Any], table: TeamTable) -> dict[str, Any]:
    """A hand of the file written for the roles, keyed by this table's names."""
    return {
        k: {table.name(who): v for who, v in value.items()} if isinstance(value, dict) else value
        for k, value in hand.items()
    }


def further_number(rules: Rules, took: int, fixed: Sequence[int], avoid: Sequence[int]) -> int:
    """A further team's contract: what it takes, at least 2 (each partner 1: no nil), within
    the smallest side bid and the contracts a side may make, unlike ``avoid`` (the other
    sides' contracts, where the rules forbid equal ones), the bids' total (with the roles'
    ``fixed`` contracts) fitted to ``bids_total``."""
    T = took + sum(fixed)  # what the hand's bids add up to when every side bids its tricks
    least = max(rules.min_side_bid, 2)
    n = max(took, least)
    allowed = rules.allowed_contracts
    distinct = rules.no_duplicate_bids or rules.no_vice_versa_bids
    for step in range(2 * T + 2):  # the nearest fitting number above, then below
        for m in (n + step, n - step):
            fits = (allowed is None or m in allowed) and not (distinct and m in avoid)
            if least <= m and (rules.max_bid is None or m <= rules.max_bid) and fits:
                n = m
                break
        else:
            continue
        break
    return n


def further_bids(
    rules: Rules, table: TeamTable, took: int, fixed: Sequence[int], avoid: Sequence[int] = ()
) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The further teams' bids, their tricks (``took`` each), and their words, for a hand
    whose two first teams bid ``fixed`` (their contracts)."""
    bids: dict[str, Any] = {}
    tricks: dict[str, Any] = {}
    words = ""
    for team in table.further:
        members = table.teams[team]
        if rules.auction_min is not None:  # an auction: every side but the winner passes
            n = 0
            shares: list[int | str] = [0 for _ in members]
        else:
            n = further_number(rules, took, fixed, avoid)
            total = sum(fixed) + n + took * (len(table.further) - 1)
            if rules.bids_total == "tricks" or (
                rules.bids_total == "at most tricks" and total > table.tricks
            ):
                n = max(n - (total - table.tricks), 0)
            elif rules.bids_total == "not tricks" and total == table.tricks:
                n += 1
            shares = _shares(rules, n, len(members))
        if rules.bidding == "partnership":
            bids[team] = n
        else:
            bids.update(zip(members, shares, strict=True))
        nils = [p for p, b in zip(members, shares, strict=True) if b == "nil"]
        if nils or tricks_by_player(rules):
            bidders = [p for p in members if p not in nils]
            tricks.update({p: 0 for p in nils})
            tricks.update(by_player(bidders, [int(bids.get(p, 0)) for p in bidders], took))
        else:
            tricks[team] = took
        words += "; " + _words(rules, team, members, n, shares, took)
    return bids, tricks, words


def _shares(rules: Rules, n: int, players: int) -> list[int | str]:
    """A team's contract ``n`` bid by its ``players``: Suicide's one number and nils, else
    as evenly as it goes; a 0 is a nil where nil is allowed."""
    if rules.suicide and n:
        return [n, *["nil"] * (players - 1)]
    each, left = divmod(n, players)
    shares: list[int | str] = [each + (i < left) for i in range(players)]
    return ["nil" if s == 0 and rules.nil else s for s in shares]


def by_player(players: Sequence[str], bids: Sequence[int], took: int) -> dict[str, int]:
    """A side's ``took`` tricks player by player: each takes their own bid (or what is left),
    the last player the rest."""
    out: dict[str, int] = {}
    for player, bid in zip(players[:-1], bids[:-1], strict=True):
        out[player] = min(bid, took)
        took -= out[player]
    if players:
        out[players[-1]] = took
    return out


def _words(
    rules: Rules, team: str, members: Sequence[str], n: int, shares: Sequence[int | str], took: int
) -> str:
    took_words = f"take {took}" if took else "take none"
    if rules.race_tricks is not None:
        return f"{team} {took_words}"
    if rules.auction_min is not None:
        return f"{team} pass and {took_words}"
    if all(s == "nil" for s in shares):
        return f"{team} bid nil and {took_words}"
    if "nil" in shares and rules.bidding != "partnership":
        said = ", ".join(f"{p} {s}" for p, s in zip(members, shares, strict=True))
        return f"{team} bid {n} ({said}) and {took_words}"
    return f"{team} bid {n} and {took_words}"


def without_bids(rules: Rules, table: TeamTable, took: dict[str, int]) -> dict[str, int]:
    """A hand without bids' tricks (``took``: each team's, by this table's names), given by
    player, as evenly as they go, where each partner's own tricks count (Highlander)."""
    if not tricks_by_player(rules):
        return took
    out: dict[str, int] = {}
    for team, n in took.items():
        members = table.teams[team]
        each, left = divmod(n, len(members))
        out.update({p: each + (i < left) for i, p in enumerate(members)})
    return out


def table_words(table: TeamTable, seats: int) -> str:
    """The table the examples are played at: "Ann & Cy against Bob & Di"; "Ann & Di, Bob & Ed
    and Cy & Flo" at three teams. A game of ``seats`` players seated otherwise (two teams of
    three) is told that its examples are played at four seats, and at how many tricks."""
    names = list(table.teams)
    said = ", ".join(names[:-1]) + f" and {names[-1]}"
    if len(names) == 2:
        said = f"{names[0]} against {names[1]}"
    if len(table.players) != seats:
        said += f", {len(table.players)} players at {table.tricks} tricks a hand"
    return said
