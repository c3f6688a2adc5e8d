"""Reading the event forms: a new event, an entrant, a paper result, the console's buttons
and an event file to import.

Like the game forms, each is read from the posted data into the values the service takes and
the errors to show next to each field (``errors[field] = message``). The rules editor is the
new game page's (``NewGame``'s options), so an event's rules are set exactly as a game's.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.events import DEFAULT_TIEBREAKERS, MAX_EXTEND_MINUTES, TIEBREAKERS
from scorekeeper.service.club_night import (
    CLOCK_ACTIONS,
    CUTS,
    EVENT_NAME_LENGTH,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    EventSettings,
)
from scorekeeper.web import saving
from scorekeeper.web.fields import number, whole_number
from scorekeeper.web.kitchen import NewGame, minimal_spec, option_words

FORMAT_CHOICES = {
    "swiss": "Swiss: teams with equal records meet, never the same opponents twice",
    "round_robin": "Round robin: every team meets every other team once",
    "progressive": "Progressive: individuals, new partners every round; winners move up a table",
    "knockout": "Knockout: single elimination from round 1 (2, 4, 8, 16 teams)",
}
SEATING_CHOICES = {
    "partners": "Partnerships: four at a table, partners opposite",
    "cutthroat": "Cutthroat: three at a table, no partners (Swiss or progressive)",
}
TIEBREAKER_WORDS = {
    "point_diff": "Point differential",
    "total_points": "Total points",
    "head_to_head": "Head-to-head",
    "fewest_bags": "Fewest bags",
    "opponents_wins": "Opponents' wins",
}
TIEBREAKER_SLOTS = len(TIEBREAKERS)
# The rules editor's options that the event's "round end" sets for every table instead.
ROUND_END_OPTIONS = ("target_score", "max_hands")


@dataclass
class EventForm:
    """The new event form, as typed (to render again) and as read (the event's settings)."""

    name: str = ""
    date: str = ""
    format: str = "swiss"
    seating: str = "partners"
    rounds: str = "3"
    target_score: str = ""
    max_hands: str = ""
    round_minutes: str = ""
    tiebreakers: list[str] = field(default_factory=lambda: list(DEFAULT_TIEBREAKERS))
    cut: str = ""
    shuffle: bool = False
    rules: NewGame = field(default_factory=NewGame.blank)
    errors: dict[str, str] = field(default_factory=dict)
    apply_preset: bool = False  # the no-JavaScript "Use this preset" button: show, not create

    @classmethod
    def blank(cls) -> EventForm:
        form = cls()
        form.target_score = form.rules.options.get("target_score", "")
        return form

    @classmethod
    def from_post(cls, data: MultiDict) -> EventForm:
        rules = NewGame.from_post(data)
        # The round end is set by its own fields below, not by the editor: keep the editor's
        # copies at the preset's values so they read as unchanged.
        baseline = NewGame.blank(rules.editor_preset).options
        for key in ROUND_END_OPTIONS:
            rules.options[key] = baseline.get(key, "")
        slots = [data.get(f"tiebreaker-{i}", "") for i in range(TIEBREAKER_SLOTS)]
        form = cls(
            name=data.get("name", "").strip()[:200],
            date=data.get("date", "").strip()[:40],
            format=data.get("format", "swiss"),
            seating=data.get("seating", "partners"),
            rounds=data.get("rounds", "").strip()[:20],
            target_score=data.get("target_score", "").strip()[:20],
            max_hands=data.get("max_hands", "").strip()[:20],
            round_minutes=data.get("round_minutes", "").strip()[:20],
            tiebreakers=[t for t in slots if t],
            cut=data.get("cut", "").strip()[:5],
            shuffle=data.get("shuffle") == "on",
            rules=rules,
            apply_preset=bool(data.get("apply_preset")),
        )
        if form.apply_preset:  # no JavaScript: show the chosen preset's options
            rules.set_rules(rules.preset)
            form.target_score = rules.options.get("target_score", "")
        return form

    def slot(self, i: int) -> str:
        return self.tiebreakers[i] if i < len(self.tiebreakers) else ""

    def settings(self) -> EventSettings | None:
        """The event's settings, or None with ``errors`` filled in."""
        if self.format not in FORMAT_CHOICES:
            self.errors["format"] = "Choose a format."
        if self.seating not in SEATING_CHOICES:
            self.errors["seating"] = "Choose how the tables are seated."
        values: dict[str, int | None] = {}
        for key, label, low, high, optional in (
            ("rounds", "Rounds", 1, MAX_ROUNDS, False),
            ("target_score", "Target score", 1, 100_000, False),
            ("max_hands", "Hands a round", 1, 1000, True),
            ("round_minutes", "Minutes a round", 1, MAX_ROUND_MINUTES, True),
        ):
            text = getattr(self, key)
            if not text and optional:
                values[key] = None
                continue
            try:
                values[key] = number(text, label, low, high)
            except ValueError as e:
                self.errors[key] = str(e)
        cut = None
        if self.cut:
            try:
                cut = number(self.cut, "Cut", min(CUTS), max(CUTS))
            except ValueError:
                cut = None
            if cut not in CUTS:
                self.errors["cut"] = "Choose a cut."
                cut = None
        chosen = [t for t in self.tiebreakers if t in TIEBREAKERS]
        if len(chosen) != len(self.tiebreakers) or len(set(chosen)) != len(chosen):
            self.errors["tiebreakers"] = "Choose each tie-breaker once at most."
        spec = self.rules.read_options()
        self.errors.update(self.rules.errors)
        if self.errors:
            return None
        for key in ROUND_END_OPTIONS:
            spec.pop(key, None)  # the round end below sets them for every table
        return EventSettings(
            name=self.name,
            date=self.date,
            rules=minimal_spec(spec),
            format=self.format,
            rounds=values["rounds"] or 1,
            sides_per_table=3 if self.seating == "cutthroat" else 2,
            target_score=values["target_score"],
            max_hands=values["max_hands"],
            round_minutes=values["round_minutes"],
            tiebreakers=tuple(chosen),
            cut=cut,
            seed=secrets.randbelow(2**31) if self.shuffle else None,
        )

    def place_error(self, field_name: str | None, message: str) -> None:
        """An error the service found, next to the field it names."""
        key = field_name or "form"
        if key.startswith("rules.") or key.startswith("o-"):
            name = key.split(".", 1)[-1].removeprefix("o-")
            message = option_words(message, name)  # by the label the form shows
            self.rules.errors[f"o-{name}"] = message
            self.errors["rules"] = message
            return
        known = {"name", "date", "format", "rounds", "target_score", "max_hands",
                 "round_minutes", "tiebreakers", "cut"}  # fmt: skip
        if key == "sides":
            key = "seating"
        self.errors[key if key in known or key == "seating" else "form"] = message


NAME_MAX = EVENT_NAME_LENGTH


def read_version(data: MultiDict) -> int:
    """The event's version a console form was read at: ASCII digits. A form without one (or
    with anything else) reads as version 0, which no event has, so the service refuses it as a
    page out of date rather than act on what the page never showed."""
    text = data.get("version", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else 0


@dataclass
class EntrantForm:
    """Registering an entrant: the names as typed (shown again when refused), the version the
    console was read at, and each problem by its field (``name-0``, ``name-1``, ``team``,
    ``names`` for both, ``form``)."""

    names: list[str] = field(default_factory=lambda: ["", ""])
    team: str = ""
    version: int = 0
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def blank(cls) -> EntrantForm:
        return cls()

    @classmethod
    def from_post(cls, data: MultiDict) -> EntrantForm:
        names = [data.get(f"name-{i}", "")[:200] for i in range(2)]
        return cls(names, data.get("team", "")[:200], read_version(data))

    def place_error(self, field_name: str | None, message: str) -> None:
        key = field_name if field_name in ("name-0", "name-1", "team", "names") else "form"
        self.errors[key] = message

    @property
    def error(self) -> str:
        """The first problem, for the form's heading."""
        return next(iter(self.errors.values()), "")


PAPER_SIDES = 8  # fields read a side: more than a club table has sides (2, or 3 at cutthroat)


@dataclass
class PaperForm:
    """A table's final points and bags per side, typed from its paper sheet; the version read
    at and the form's one-time id (a second send of the same form reads as done)."""

    points: list[str]
    bags: list[str]
    winner: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    version: int = 0
    submission: str | None = None

    @classmethod
    def blank(cls, sides: int, paper: dict[str, Any] | None) -> PaperForm:
        if paper is None:
            return cls([""] * sides, ["0"] * sides)
        rows = paper["sides"]
        winner = "" if paper.get("winner") is None else str(paper["winner"])
        return cls([str(s["points"]) for s in rows], [str(s["bags"]) for s in rows], winner)

    @classmethod
    def from_post(cls, data: MultiDict) -> PaperForm:
        """Every side's fields as typed, as many as a table can have: :meth:`read` keeps the
        table's own."""
        return cls(
            [data.get(f"points-{k}", "").strip()[:20] for k in range(PAPER_SIDES)],
            [data.get(f"bags-{k}", "").strip()[:20] or "0" for k in range(PAPER_SIDES)],
            data.get("winner", "").strip()[:3],
            version=read_version(data),
            submission=saving.posted(data),
        )

    def read(self, sides: int) -> tuple[list[int], list[int], int | None] | None:
        """The points, bags and winner of a table of ``sides`` sides (what the service takes:
        ``service.events.TypedPaper``), or None with ``errors`` filled in."""
        self.points = (self.points + [""] * sides)[:sides]
        self.bags = (self.bags + ["0"] * sides)[:sides]
        points, bags = [], []
        for k, (p, b) in enumerate(zip(self.points, self.bags, strict=True)):
            try:
                points.append(number(p, "Points", -1_000_000, 1_000_000))
            except ValueError as e:
                self.errors[f"points-{k}"] = str(e)
            try:
                bags.append(number(b, "Bags", 0, 10_000))
            except ValueError as e:
                self.errors[f"bags-{k}"] = str(e)
        winner = None
        if self.winner:
            text = self.winner  # ASCII digits only: '¹' passes str.isdigit() but not int()
            if text.isascii() and text.isdigit() and int(text) < len(self.points):
                winner = int(text)
            else:
                self.errors["winner"] = "Choose the side that won."
        return None if self.errors else (points, bags, winner)


# --- the console's other forms -----------------------------------------------------------------
#
# A console form is posted and answered by a redirect to the console, where its problems show as
# messages at the part acted on (``errors`` flashed in order). Each names the version the console
# was read at; the service refuses a form read before a change (EventMoved) before it reads the
# fields, so a field the form cannot read is passed on as a value the service refuses by its
# field (a table 0, no entrant), and an old page is said to be old first.


@dataclass
class ConsoleForm:
    """The part every console form has: the version read at, the problems by field, and the
    form's one-time id when it carries one (web.saving: the same form sent twice, a double
    tap, reads as done; service.event_rounds.once)."""

    version: int = 0
    errors: dict[str, str] = field(default_factory=dict)
    submission: str | None = None

    def place_error(self, field_name: str | None, message: str) -> None:
        """A problem the service found, under the field it names (``form``: none)."""
        self.errors[field_name or "form"] = message


@dataclass
class ButtonPost(ConsoleForm):
    """A console button (Close, Drop, Repair, Call time...): the version of the event it was
    read at, and its one-time id when it carries one."""

    @classmethod
    def from_post(cls, data: MultiDict) -> ButtonPost:
        return cls(read_version(data), submission=saving.posted(data))


def _digits(text: str, longest: int) -> int | None:
    """ASCII digits, at most ``longest`` of them, as a number; None for anything else."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= longest else None


@dataclass
class SeatForm(ConsoleForm):
    """Seat: the round the button offered to seat (0, which no round is, when it names none)."""

    round: str = ""

    @classmethod
    def from_post(cls, data: MultiDict) -> SeatForm:
        return cls(
            read_version(data), round=data.get("round", "")[:20], submission=saving.posted(data)
        )

    @property
    def number(self) -> int:
        return _digits(self.round, 4) or 0


@dataclass
class FixForm(ConsoleForm):
    """Keep an entrant at a table number (from the entrants' list or the round's): the number
    typed (empty: any table; no number: 0, which the service refuses by the field) and the part
    of the console to land on (``from``: entrants or round)."""

    table: str = ""
    at: str = "entrants"

    @classmethod
    def from_post(cls, data: MultiDict) -> FixForm:
        at = data.get("from", "entrants")
        return cls(
            read_version(data),
            table=data.get("table", "").strip()[:20],
            at=at if at in ("entrants", "round") else "entrants",
        )

    @property
    def number(self) -> int | None:
        return None if not self.table else _digits(self.table, 4) or 0


@dataclass
class ChooseForm(ConsoleForm):
    """Entrants chosen in a round's form (its table's Fix: ``entrant``; Swap: ``first`` and
    ``second``), each None, which the service refuses, when none is chosen."""

    chosen: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_post(cls, data: MultiDict, names: tuple[str, ...]) -> ChooseForm:
        return cls(
            read_version(data), submission=saving.posted(data),
            chosen={n: data.get(n, "")[:20] for n in names},
        )  # fmt: skip

    def entrant(self, name: str) -> int | None:
        return _digits(self.chosen.get(name, ""), 18)


@dataclass
class ClockForm(ConsoleForm):
    """A clock button: what to do (pause, resume, extend, restart) and, to extend, by how many
    minutes (ASCII digits, 1 to MAX_EXTEND_MINUTES). The round is in the address."""

    action: str = ""
    minutes: str = ""

    @classmethod
    def from_post(cls, data: MultiDict) -> ClockForm:
        form = cls(
            read_version(data),
            action=data.get("action", "")[:20],
            minutes=data.get("minutes", "").strip()[:20],
            submission=saving.posted(data),
        )
        if form.action not in CLOCK_ACTIONS:
            form.errors["action"] = "Choose pause, resume, extend or restart."
        if form.action == "extend":
            try:
                whole_number(form.minutes, 1, MAX_EXTEND_MINUTES)
            except ValueError:
                form.errors["minutes"] = f"Extend by 1 to {MAX_EXTEND_MINUTES} minutes."
        return form

    def read(self) -> tuple[str, int | None]:
        minutes = whole_number(self.minutes) if self.action == "extend" else None
        return self.action, minutes


@dataclass
class RoundMinutesForm(ConsoleForm):
    """The event's round length: ASCII digits, 1 to MAX_ROUND_MINUTES, or empty for none."""

    minutes: str = ""

    @classmethod
    def from_post(cls, data: MultiDict) -> RoundMinutesForm:
        form = cls(read_version(data), minutes=data.get("round_minutes", "").strip()[:20])
        if form.minutes:
            try:
                whole_number(form.minutes, 1, MAX_ROUND_MINUTES)
            except ValueError:
                form.errors["round_minutes"] = (
                    f"Minutes a round: 1 to {MAX_ROUND_MINUTES}, or empty for no clock."
                )
        return form

    def read(self) -> int | None:
        return whole_number(self.minutes) if self.minutes else None


@dataclass
class ImportForm:
    """An event file to import: uploaded (``file``) or pasted (``text``); the file wins when
    both are sent. ``errors["form"]``: what is wrong, shown above the form."""

    text: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_post(cls, data: MultiDict, files: MultiDict) -> ImportForm:
        form = cls()
        upload = files.get("file")
        if upload is not None and upload.filename:
            try:
                form.text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                form.errors["form"] = "That file is not UTF-8 text: is it an event file?"
                return form
        form.text = form.text or data.get("text", "")
        if not form.text.strip():
            form.errors["form"] = "Choose an event file (or paste its text)."
        return form

    def place_error(self, field_name: str | None, message: str) -> None:
        self.errors["form"] = message

    @property
    def error(self) -> str:
        return self.errors.get("form", "")
