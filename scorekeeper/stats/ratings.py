"""Ratings: every finished game moves its players' ratings, with OpenSkill's Plackett-Luce
model (Weng-Lin Bayesian approximation) from the ``openskill`` library.

Each person has a skill ``mu`` and an uncertainty ``sigma``. A game is a match of its sides
(two partnerships, or three cutthroat players, or progressive partners of the night), ranked
by the result: the winning side first, the others by their points. Every person is rated as an
individual, so partners who rotate (progressive nights) separate one player's skill from
another's. The ladder orders by the conservative figure ``mu - 3 * sigma`` (0 for a newcomer)
and marks anyone with fewer than ``provisional`` games as provisional.

A :class:`Ladder` is built by replaying games in order (:func:`rate`) and takes one more game
at the end without a replay (:meth:`Ladder.add`); a correction or a merge replays from scratch,
which gives the same ratings as if the games had been right all along. Parameters are in
:class:`RatingParams` and written down in docs/stats.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from openskill.models import PlackettLuce
from openskill.models.weng_lin.plackett_luce import PlackettLuceRating

from .model import Person, PlayedGame


@dataclass(frozen=True)
class RatingParams:
    """The model's parameters (openskill's defaults) and how the ladder shows a rating."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0
    z: float = 3.0  # the ladder's figure is mu - z * sigma
    provisional: int = 10  # fewer games than this: provisional
    trend_games: int = 10  # "+3.4 over the last 10 games"

    def model(self) -> PlackettLuce:
        return PlackettLuce(mu=self.mu, sigma=self.sigma, beta=self.beta, tau=self.tau)


DEFAULT_PARAMS = RatingParams()


def ranks(game: PlayedGame) -> list[int]:
    """Each side's rank for the model: the winner 1, the others 2, 3, ... by points (level
    points share a rank)."""
    others = sorted({p for i, p in enumerate(game.points) if i != game.winner}, reverse=True)
    return [1 if i == game.winner else 2 + others.index(p) for i, p in enumerate(game.points)]


class Change(NamedTuple):
    """One game's change to one person's rating, with what a why-line says."""

    game: str
    label: str
    date: str
    person: Person
    side: int
    sides: tuple[tuple[Person, ...], ...]
    points: tuple[int, ...]
    won: bool
    expected: float  # the side's chance to win, before the game
    before: float  # the ladder figure before
    after: float  # ... and after
    mu: float
    sigma: float

    @property
    def delta(self) -> float:
        return self.after - self.before

    def why(self, name: Callable[[Person], str] = str) -> str:
        """ "expected to win 64% with Cy against Bob & Di; won 420 to 180: +1.8"."""
        partners = [name(p) for p in self.sides[self.side] if p != self.person]
        others = [
            " & ".join(name(p) for p in s) for i, s in enumerate(self.sides) if i != self.side
        ]
        with_ = f" with {' & '.join(partners)}" if partners else ""
        mine = self.points[self.side]
        theirs = " and ".join(
            signed_points(p)
            for p in sorted((p for i, p in enumerate(self.points) if i != self.side), reverse=True)
        )
        verb = "won" if self.won else "lost"
        return (
            f"expected to win {round(100 * self.expected)}%{with_} against {' and '.join(others)}; "
            f"{verb} {signed_points(mine)} to {theirs}: {signed_change(self.delta)}"
        )


def signed_points(n: int) -> str:
    return str(n).replace("-", "\u2212")


def signed_change(x: float) -> str:
    """+1.8, −0.4, ±0.0 (one decimal, a true minus)."""
    r = round(x, 1)
    if r == 0:
        return "\u00b10.0"
    return f"+{r:.1f}" if r > 0 else f"\u2212{-r:.1f}"


class LadderRow(NamedTuple):
    place: int
    person: Person
    rating: float  # mu - z * sigma
    mu: float
    sigma: float
    games: int
    wins: int
    provisional: bool
    trend: float  # change of the ladder figure over the last trend_games games


class Ladder:
    """Ratings after some games, with every person's changes in order (mutable: ``add``)."""

    def __init__(self, params: RatingParams = DEFAULT_PARAMS):
        self.params = params
        self._model = params.model()
        self.ratings: dict[Person, tuple[float, float]] = {}
        self.history: dict[Person, list[Change]] = {}
        self.keys: list[str] = []
        self.last_order: tuple[Any, ...] = ()
        self._objects: dict[
            Person, PlackettLuceRating
        ] = {}  # each person's rating as the library holds it
        self._people: list[tuple[Person, ...]] = []  # each rated game's people, in order
        self._orders: list[tuple[Any, ...]] = []  # ... and its place in the order

    def rating(self, person: Person) -> tuple[float, float]:
        return self.ratings.get(person, (self.params.mu, self.params.sigma))

    def figure(self, person: Person) -> float:
        mu, sigma = self.rating(person)
        return mu - self.params.z * sigma

    def add(self, game: PlayedGame) -> None:
        """Rate one more game (it must come after every game rated so far)."""
        m = self._model
        objects = self._objects
        teams = [[objects.get(p) or m.rating() for p in side] for side in game.sides]
        expected = m.predict_win(teams)
        rated = m.rate(teams, ranks=[float(r) for r in ranks(game)])
        z = self.params.z
        for i, side in enumerate(game.sides):
            for p, new in zip(side, rated[i], strict=True):
                mu0, s0 = self.rating(p)
                self.ratings[p] = (new.mu, new.sigma)
                objects[p] = new  # the library's own object, never changed: the next game's
                self.history.setdefault(p, []).append(
                    Change(
                        game.key,
                        game.label,
                        game.date,
                        p,
                        i,
                        game.sides,
                        game.points,
                        game.winner == i,
                        expected[i],
                        mu0 - z * s0,
                        new.mu - z * new.sigma,
                        new.mu,
                        new.sigma,
                    )  # fmt: skip
                )
        self.keys.append(game.key)
        self.last_order = (game.order, game.key)
        self._people.append(game.people)
        self._orders.append(self.last_order)

    def copy(self) -> Ladder:
        """A ladder to change while others still read this one (the lists are copied, the
        changes and the library's rating objects are never changed, so they are shared)."""
        other = Ladder(self.params)
        other.ratings = dict(self.ratings)
        other.history = {p: list(cs) for p, cs in self.history.items()}
        other.keys = list(self.keys)
        other.last_order = self.last_order
        other._objects = dict(self._objects)
        other._people = list(self._people)
        other._orders = list(self._orders)
        return other

    def rewind(self, n: int) -> None:
        """Forget every game after the first ``n``, as if they had never been rated: each
        person's rating goes back to what it was after their last game still kept. Rating other
        games from there gives what a replay from scratch gives (the model is deterministic)."""
        touched = set()
        while len(self.keys) > n:
            self.keys.pop()
            self._orders.pop()
            for p in self._people.pop():
                changes = self.history[p]
                changes.pop()
                touched.add(p)
                if not changes:
                    del self.history[p]
        for p in touched:
            kept = self.history.get(p)
            if kept:
                self.ratings[p] = (kept[-1].mu, kept[-1].sigma)
                self._objects[p] = self._model.rating(mu=kept[-1].mu, sigma=kept[-1].sigma)
            else:
                self.ratings.pop(p, None)
                self._objects.pop(p, None)
        self.last_order = self._orders[-1] if self._orders else ()

    def extend(self, games: Iterable[PlayedGame]) -> Ladder:
        for g in games:
            self.add(g)
        return self

    def rows(
        self, people: Iterable[Person] | None = None, name: Callable[[Person], str] = str
    ) -> list[LadderRow]:
        """The ladder: highest figure first; level figures by more games, then by ``name``
        without case (so a database's person ids and event files' name keys give one order)."""
        p = self.params
        out = []
        for person in self.ratings if people is None else people:
            changes = self.history.get(person, [])
            mu, sigma = self.rating(person)
            recent = changes[-p.trend_games :]
            trend = recent[-1].after - recent[0].before if recent else 0.0
            out.append(
                (
                    person,
                    mu - p.z * sigma,
                    mu,
                    sigma,
                    len(changes),
                    sum(c.won for c in changes),
                    len(changes) < p.provisional,
                    trend,
                )  # fmt: skip
            )
        out.sort(key=lambda r: (-round(r[1], 6), -r[4], name(r[0]).casefold(), str(r[0])))
        return [LadderRow(i, *r) for i, r in enumerate(out, 1)]


def rate(games: Iterable[PlayedGame], params: RatingParams = DEFAULT_PARAMS) -> Ladder:
    """Every game rated in the order given (sort with ``model.sort_games`` first)."""
    return Ladder(params).extend(games)


def rate_more(ladder: Ladder, games: list[PlayedGame]) -> bool:
    """Add ``games`` to ``ladder`` when they all come after its last game (True); False when
    one of them does not (the caller replays with :func:`rate`)."""
    last = ladder.last_order
    if any((g.order, g.key) <= last for g in games):
        return False
    for g in sorted(games, key=lambda g: (g.order, g.key)):
        ladder.add(g)
    return True


def history_points(changes: list[Change]) -> list[float]:
    """The ladder figure before the first game and after each one (for the chart)."""
    if not changes:
        return []
    return [changes[0].before, *(c.after for c in changes)]


def names_of(mapping: Mapping[Person, str]) -> Callable[[Person], str]:
    return lambda p: mapping.get(p, str(p))
