"""The games a club's memory counts, as plain values, and people as one key a person.

A :class:`PlayedGame` is one finished game as the memory needs it: who sat on each side (people,
in the game's side order), each side's final points and bags, the winning side, and what each
person did in the hands (a :class:`Tally`, empty for a result typed from paper). Where it comes
from (a club event's table, a browser's own game, an event file) is the caller's business; the
figures, the ratings and the seasons are pure functions of a list of these.

People are any hashable key (the store's person id, or a name's ``name_key`` at the kitchen
table). A merge is a mapping from a key to the key it joined (:func:`merged_games`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

Person = Hashable


class StatsError(ValueError):
    """Input the memory cannot use (a points scheme out of range, a season with no events),
    with ``field`` naming what is wrong for a form to show it by the field."""

    def __init__(self, message: str, *, field: str = "form"):
        self.message = message
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class Tally:
    """What one person did in the hands of one game (misdeals left out).

    ``hands``: hands played. ``contracts``/``made``: hands their side had a contract / made it.
    ``sets``: hands their side was set. ``bids``: hands the person bid a number of their own (a
    plain or blind bid, not nil); ``reach_bids``/``reached``: those of them whose tricks were
    written per player / where the person took at least that many tricks themselves.
    ``bid_total``/``tricks_total`` over ``bids`` and ``trick_hands`` (hands whose tricks were
    written per player); ``reach_bid_total``/``reach_tricks_total``: the person's bids and tricks
    over the same ``reach_bids`` hands (the average bid and tricks a page shows side by side).
    ``nils``/``nils_made`` and ``blind_nils``/``blind_nils_made``: the person's own nil bids
    (a team's double nil counts as one for each member: a blind nil for a member who bid it
    blind). ``bags``: bags their side took, over ``bag_hands`` (hands of
    games whose rules have bags: Call Break's tricks over the call are no bags).
    ``bag_penalties``: times the bag limit struck their side.
    """

    hands: int = 0
    contracts: int = 0
    made: int = 0
    sets: int = 0
    bids: int = 0
    reached: int = 0
    bid_total: int = 0
    trick_hands: int = 0
    tricks_total: int = 0
    nils: int = 0
    nils_made: int = 0
    blind_nils: int = 0
    blind_nils_made: int = 0
    bags: int = 0
    bag_penalties: int = 0
    reach_bids: int = 0
    reach_bid_total: int = 0
    reach_tricks_total: int = 0
    bag_hands: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(a + b for a, b in zip(_values(self), _values(other), strict=True)))


def _values(t: Tally) -> tuple[int, ...]:
    return (
        t.hands, t.contracts, t.made, t.sets, t.bids, t.reached, t.bid_total, t.trick_hands,
        t.tricks_total, t.nils, t.nils_made, t.blind_nils, t.blind_nils_made, t.bags,
        t.bag_penalties, t.reach_bids, t.reach_bid_total, t.reach_tricks_total, t.bag_hands,
    )  # fmt: skip


ZERO = Tally()


@dataclass(frozen=True)
class PlayedGame:
    """One finished game. ``order`` sorts games into the order they were played (the date,
    then the event, round and table); ``key`` names the game for good (a correction keeps it).
    ``event`` is the event's key (None for a home game) and ``label`` how a person names the
    game ("Friday club, round 3 table 4"). ``sides``/``points``/``bags`` follow the game's side
    order; ``winner`` is a side index. ``tallies`` holds each person's hand figures.
    ``tenths``: the points are whole tenths (rules that score in tenths, Call Break's): a
    person's figures count them apart from whole points, never added to them."""

    key: str
    order: tuple[Any, ...]
    date: str
    label: str
    sides: tuple[tuple[Person, ...], ...]
    points: tuple[int, ...]
    bags: tuple[int, ...]
    winner: int
    event: Hashable | None = None
    link: str | None = None
    tallies: Mapping[Person, Tally] = field(default_factory=dict)
    tenths: bool = False

    def __post_init__(self) -> None:
        if len(self.sides) < 2 or len(self.points) != len(self.sides):
            raise StatsError(f"{self.label}: a game needs two or more sides, each with points")
        if not 0 <= self.winner < len(self.sides):
            raise StatsError(f"{self.label}: the winner must be one of the sides")
        seated = [p for s in self.sides for p in s]
        if len(set(seated)) != len(seated) or not all(self.sides):
            raise StatsError(f"{self.label}: a person sits at one place of a game")

    @property
    def people(self) -> tuple[Person, ...]:
        return tuple(p for s in self.sides for p in s)

    def side_of(self, person: Person) -> int:
        for i, side in enumerate(self.sides):
            if person in side:
                return i
        raise KeyError(person)

    def against(self, side: int) -> int:
        """The points against a side: the other side's, or at a table of three the best
        opponent's (as the event standings count them)."""
        return max(p for i, p in enumerate(self.points) if i != side)


def resolve(person: Person, merges: Mapping[Person, Person]) -> Person:
    """Who ``person`` is after the merges (a chain is followed; a loop stops where it began)."""
    seen = {person}
    while person in merges:
        person = merges[person]
        if person in seen:
            break
        seen.add(person)
    return person


class MergedTallies(Mapping[Person, Tally]):
    """A game's tallies with every merged person joined into the one they joined, added up
    the first time they are read (the ladder never reads them)."""

    __slots__ = ("_joined", "_merges", "inner")

    def __init__(self, inner: Mapping[Person, Tally], merges: Mapping[Person, Person]) -> None:
        self.inner = inner
        self._merges = merges
        self._joined: dict[Person, Tally] | None = None

    def _get(self) -> dict[Person, Tally]:
        joined = self._joined
        if joined is None:
            joined = {}
            for p, t in self.inner.items():
                q = resolve(p, self._merges)
                joined[q] = joined.get(q, ZERO) + t
            self._joined = joined
        return joined

    def __getitem__(self, person: Person) -> Tally:
        return self._get()[person]

    def __iter__(self) -> Iterator[Person]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def merged_games(games: Iterable[PlayedGame], merges: Mapping[Person, Person]) -> list[PlayedGame]:
    """The games with every merged person replaced by the one they joined. Two people merged
    into one who sat in the same game cannot be (the keeper is refused such a merge); here the
    game is left out rather than counted wrong."""
    if not merges:
        return list(games)
    merges = dict(merges)  # the games' tallies join by it later: a copy nobody changes
    out = []
    for g in games:
        if not any(p in merges for p in g.people):
            out.append(g)
            continue
        sides = tuple(tuple(resolve(p, merges) for p in s) for s in g.sides)
        try:
            out.append(replace(g, sides=sides, tallies=MergedTallies(g.tallies, merges)))
        except StatsError:
            continue
    return out


def sort_games(games: Iterable[PlayedGame]) -> list[PlayedGame]:
    """Games in the order they were played (``order``, then ``key``)."""
    return sorted(games, key=lambda g: (g.order, g.key))
