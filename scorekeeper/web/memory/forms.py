"""The keeper's forms: rename, merge, a new season. Each reads the posted data into what the
service takes, keeps what was typed, and puts each problem under its field's name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.service.memory import Merge, NewSeason, Rename
from scorekeeper.stats import Scheme, StatsError
from scorekeeper.stats.seasons import MAX_NIGHTS, MAX_PLACES, MAX_POINTS
from scorekeeper.web.fields import number


def _id(text: str) -> int | None:
    """A chosen id (ASCII digits only), or None."""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    return None


@dataclass
class RenameForm:
    person: str = ""
    name: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_post(cls, data: MultiDict) -> RenameForm:
        return cls(data.get("person", "")[:20], data.get("name", "")[:200])

    def values(self) -> Rename | None:
        person = _id(self.person)
        if person is None:
            self.errors["person"] = "Choose the person to rename."
        if not self.name.strip():
            self.errors["name"] = "Type the new name."
        return None if self.errors or person is None else Rename(person, self.name)


@dataclass
class MergeForm:
    person: str = ""
    into: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_post(cls, data: MultiDict) -> MergeForm:
        return cls(data.get("person", "")[:20], data.get("into", "")[:20])

    def values(self) -> Merge | None:
        person, into = _id(self.person), _id(self.into)
        if person is None:
            self.errors["person"] = "Choose the person to merge."
        if into is None:
            self.errors["into"] = "Choose the person to merge into."
        return None if person is None or into is None else Merge(person, into)


@dataclass
class SeasonForm:
    name: str = ""
    start: str = ""
    end: str = ""
    events: list[str] = field(default_factory=list)
    kind: str = "place"
    place_points: str = "6, 3, 1"
    win_points: str = "1"
    best_of: str = ""
    min_events: str = "0"
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_post(cls, data: MultiDict) -> SeasonForm:
        return cls(
            name=data.get("season_name", "")[:200],
            start=data.get("start", "").strip()[:20],
            end=data.get("end", "").strip()[:20],
            events=[e[:20] for e in data.getlist("events")[:1000]],
            kind=data.get("kind", "place")[:10],
            place_points=data.get("place_points", "").strip()[:400],
            win_points=data.get("win_points", "").strip()[:20],
            best_of=data.get("best_of", "").strip()[:20],
            min_events=data.get("min_events", "").strip()[:20] or "0",
        )

    def values(self) -> NewSeason | None:
        chosen = [_id(e) for e in self.events]
        if any(e is None for e in chosen):
            self.errors["events"] = "Choose events from the list."
        if self.kind not in ("place", "win"):
            self.errors["kind"] = "Choose points per place or points per win."
        place: tuple[int, ...] = (6, 3, 1)
        if self.kind == "place":
            parts = [p.strip() for p in self.place_points.split(",") if p.strip()]
            try:
                if not parts:
                    raise ValueError("Points per place: give the points for 1st place at least.")
                if len(parts) > MAX_PLACES:
                    raise ValueError(f"Points per place: {MAX_PLACES} places at most.")
                place = tuple(number(p, "Points per place", 0, MAX_POINTS) for p in parts)
            except ValueError as e:
                self.errors["place_points"] = str(e)
        numbers: dict[str, int | None] = {}
        for key, label, low, high, optional in (
            ("win_points", "Points per win", 1, MAX_POINTS, self.kind != "win"),
            ("best_of", "Best of", 1, MAX_NIGHTS, True),
            ("min_events", "Minimum nights", 0, MAX_NIGHTS, True),
        ):
            text = getattr(self, key)
            if not text and optional:
                numbers[key] = None
                continue
            try:
                numbers[key] = number(text, label, low, high)
            except ValueError as e:
                if not optional or text:
                    self.errors[key] = str(e)
        if self.errors:
            return None
        try:
            scheme = Scheme(
                self.kind, place, numbers["win_points"] or 1, numbers["best_of"],
                numbers["min_events"] or 0,
            )  # fmt: skip
        except StatsError as e:
            self.errors[e.field] = e.message
            return None
        events = [e for e in chosen if e is not None]
        return NewSeason(
            self.name,
            None if events else self.start,
            None if events else self.end,
            events or None,
            scheme,
        )


KEEPER_FIELDS = {
    "rename": {"person", "name"},
    "merge": {"person", "into"},
    "season": {"season_name", "start", "end", "events", "kind", "place_points", "win_points",
               "best_of", "min_events"},
}  # fmt: skip


def place_error(form: Any, which: str, field_name: str, message: str) -> None:
    """A refusal from the service, next to the field it names (else at the form's top)."""
    if which == "season" and field_name == "season_name":
        form.errors["name"] = message
        return
    known = KEEPER_FIELDS.get(which, set())
    form.errors[field_name if field_name in known else "form"] = message
