"""Each person's figures, counted from the games: the record, the points, the hands.

:func:`tally_game` reads one scored game (the engine's ``Game`` and ``Sheet``) into each
person's :class:`Tally`; :func:`figures` adds up a person's games into the figures a player's
page shows. Every figure is defined in docs/stats.md; nothing here is stored.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Game, GameError, Sheet
from scorekeeper.rules.game import BLIND, BNIL, NUM, read_bid

from .model import ZERO, Person, PlayedGame, Tally


def tally_game(game: Game, sheet: Sheet, person_of: Mapping[str, Person]) -> dict[Person, Tally]:
    """Each person's hand figures in one scored game. ``person_of`` maps the game's player
    names to people; a player missing from it is not counted."""
    counts: dict[str, list[int]] = {p: [0] * 19 for p in game.players if p in person_of}
    has_bags = game.rules.has_bags  # Call Break's tricks over the call are no bags
    side_of = {p: s for s in sheet.sides for p in game.members(s)}
    for hand, result in zip(game.hands, sheet.hands, strict=False):
        if result.void:
            continue
        bids = hand.bids or {}
        tricks = hand.tricks or {}
        for player, c in counts.items():
            side = result.sides.get(side_of[player])
            if side is None:
                continue
            c[0] += 1
            if side.made is not None:
                c[1] += 1
                c[2] += bool(side.made)
            c[3] += bool(side.set)
            own = bids.get(player)
            took = tricks.get(player)
            if isinstance(took, int):
                c[7] += 1
                c[8] += took
            kind, number = NUM, 0
            if own is not None:
                with contextlib.suppress(GameError):  # a bid the engine scored reads
                    kind, number = read_bid(own)
            nils = [
                n for n in side.nils
                if n.player == player or (n.kind == "double nil" and n.player == side_of[player])
            ]  # fmt: skip
            if own is not None and kind in (NUM, BLIND) and not nils:
                c[4] += 1
                c[6] += number
                if isinstance(took, int):  # reached: only where P's own tricks are written
                    c[15] += 1
                    c[5] += took >= number
                    c[16] += number
                    c[17] += took
            for n in nils:
                # a double nil is each member's own nil bid: blind where they bid it blind
                blind = n.kind == "blind nil" or (n.kind == "double nil" and kind == BNIL)
                c[11 if blind else 9] += 1
                c[12 if blind else 10] += bool(n.made)
            if has_bags:
                c[13] += side.bags
                c[14] += side.bag_penalties
                c[18] += 1
    return {person_of[p]: Tally(*c) for p, c in counts.items()}


@dataclass(frozen=True)
class Record:
    """Games together (or against) and how many of them the person won."""

    games: int = 0
    wins: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins


@dataclass(frozen=True)
class Figures:
    """A person's figures over some games (all of them, or a season's). Points are counted
    apart by their unit: ``points_for``/``points_against`` over the ``point_games`` scored in
    whole points, ``tenths_for``/``tenths_against`` (whole tenths) over the ``tenths_games``
    scored in tenths (Call Break's, ``tenths_wins`` of them won): 5.2 is never 52 points."""

    games: int
    wins: int
    points_for: int
    points_against: int
    tally: Tally
    partners: dict[Person, Record]
    opponents: dict[Person, Record]
    point_games: int = 0
    tenths_games: int = 0
    tenths_for: int = 0
    tenths_against: int = 0
    tenths_wins: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_pct(self) -> float | None:
        return _pct(self.wins, self.games)

    @property
    def for_per_game(self) -> float | None:
        """Points for a game, over the games scored in whole points."""
        return _per(self.points_for, self.point_games)

    @property
    def against_per_game(self) -> float | None:
        return _per(self.points_against, self.point_games)

    @property
    def tenths_for_per_game(self) -> float | None:
        """Points for a game (5.2, not 52), over the games scored in tenths."""
        return _per(self.tenths_for, 10 * self.tenths_games)

    @property
    def tenths_against_per_game(self) -> float | None:
        return _per(self.tenths_against, 10 * self.tenths_games)

    @property
    def contracts_pct(self) -> float | None:
        return _pct(self.tally.made, self.tally.contracts)

    @property
    def reached_pct(self) -> float | None:
        return _pct(self.tally.reached, self.tally.reach_bids)

    @property
    def nil_pct(self) -> float | None:
        return _pct(self.tally.nils_made, self.tally.nils)

    @property
    def blind_nil_pct(self) -> float | None:
        return _pct(self.tally.blind_nils_made, self.tally.blind_nils)

    @property
    def bags_per_hand(self) -> float | None:
        """Bags a hand, over the hands of games with bags."""
        return _per(self.tally.bags, self.tally.bag_hands)

    @property
    def average_bid(self) -> float | None:
        """The person's own number bid, averaged over the same hands as
        :attr:`average_tricks`: those they bid a number with their own tricks written."""
        return _per(self.tally.reach_bid_total, self.tally.reach_bids)

    @property
    def average_tricks(self) -> float | None:
        """The person's own tricks over the hands of :attr:`average_bid`."""
        return _per(self.tally.reach_tricks_total, self.tally.reach_bids)

    @property
    def average_bid_all(self) -> float | None:
        """The person's own number bid over every hand they bid one (tricks written or not)."""
        return _per(self.tally.bid_total, self.tally.bids)

    def as_dict(self, name: Callable[[Person], str] = str) -> dict[str, Any]:
        """Every figure as plain JSON values (rates rounded as docs/stats.md says)."""
        t = self.tally
        return {
            "games": self.games, "wins": self.wins, "losses": self.losses,
            "win_pct": self.win_pct, "point_games": self.point_games,
            "points_for_per_game": self.for_per_game,
            "points_against_per_game": self.against_per_game,
            "tenths_games": self.tenths_games, "tenths_wins": self.tenths_wins,
            "tenths_for_per_game": self.tenths_for_per_game,
            "tenths_against_per_game": self.tenths_against_per_game,
            "contracts": t.contracts, "contracts_made": t.made,
            "contracts_made_pct": self.contracts_pct, "own_bids": t.bids,
            "own_bids_with_tricks": t.reach_bids, "own_bids_reached": t.reached,
            "own_bid_reached_pct": self.reached_pct,
            "sets": t.sets, "nil_tried": t.nils, "nil_made": t.nils_made,
            "nil_made_pct": self.nil_pct, "blind_nil_tried": t.blind_nils,
            "blind_nil_made": t.blind_nils_made, "blind_nil_made_pct": self.blind_nil_pct,
            "hands": t.hands, "bag_hands": t.bag_hands, "bags": t.bags,
            "bags_per_hand": self.bags_per_hand, "bag_penalties": t.bag_penalties,
            "average_bid": self.average_bid, "average_tricks": self.average_tricks,
            "average_bid_all": self.average_bid_all,
            "partners": {name(p): [r.games, r.wins] for p, r in self.partners.items()},
            "opponents": {name(p): [r.games, r.wins] for p, r in self.opponents.items()},
        }  # fmt: skip


def _pct(part: int, whole: int) -> float | None:
    return None if whole == 0 else round(100 * part / whole, 1)


def _per(total: int, count: int) -> float | None:
    return None if count == 0 else round(total / count, 2)


def figures(person: Person, games: Iterable[PlayedGame]) -> Figures:
    """``person``'s figures over the games they played among ``games``."""
    played = wins = pf = pa = whole = tenths = tf = ta = tw = 0
    tally = ZERO
    partners: dict[Person, list[int]] = {}
    opponents: dict[Person, list[int]] = {}
    for g in games:
        try:
            side = g.side_of(person)
        except KeyError:
            continue
        won = g.winner == side
        played += 1
        wins += won
        if g.tenths:
            tenths += 1
            tw += won
            tf += g.points[side]
            ta += g.against(side)
        else:
            whole += 1
            pf += g.points[side]
            pa += g.against(side)
        t = g.tallies.get(person)
        if t is not None:
            tally = tally + t
        for i, members in enumerate(g.sides):
            into = partners if i == side else opponents
            for other in members:
                if other == person:
                    continue
                r = into.setdefault(other, [0, 0])
                r[0] += 1
                r[1] += won
    return Figures(
        played, wins, pf, pa, tally,
        {p: Record(*r) for p, r in partners.items()},
        {p: Record(*r) for p, r in opponents.items()},
        whole, tenths, tf, ta, tw,
    )  # fmt: skip


def people_of(games: Iterable[PlayedGame]) -> set[Person]:
    return {p for g in games for p in g.people}
