"""The rules editor's specials and bonuses (rules/specials.py): which of the catalogue's a table
switches on, their values, and the ones it names itself, as the new game and new event forms
show and read them.

Fields: ``sp-<key>`` (a catalogue special on), ``sp-<key>-made``, ``sp-<key>-failed``;
``bo-<key>`` (a catalogue bonus on), ``bo-<key>-value``, ``bo-<key>-exact``; a table's own,
``own-sp-<i>-name``/``-made``/``-failed`` and ``own-bo-<i>-name``/``-value``/``-exact``. A value
left empty is the catalogue's; a row of one's own left empty is no special. A row of one's own
needs its name and its points (a special's made, a bonus's points each; a special's failed left
empty is 0): points without a name, or a name without points, are refused by the empty field,
so nothing typed is dropped and no special worth nothing is made by a forgotten field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.rules import Rules
from scorekeeper.rules.specials import (
    BONUSES,
    MAX_EXTRA_NAME,
    MAX_EXTRA_POINTS,
    SPECIALS,
)
from scorekeeper.web.fields import range_words, whole_number

OWN_ROWS = 2  # empty rows for a table's own specials, and as many for its own bonuses
POINTS = range_words(-MAX_EXTRA_POINTS, MAX_EXTRA_POINTS)


def points_said(in_tenths: bool) -> str:
    """What a special's or bonus's points field takes, as its message says it. The editor's
    fields keep the stored numbers (docs/contract.md), so under ``score_tenths`` (Call Break) a
    field counts tenths of a point and says so, never "points" for a number ten times them."""
    if in_tenths:
        return f"a whole number of tenths of a point (5 is 0.5), {POINTS}"
    return f"a whole number of points, {POINTS}"


@dataclass(frozen=True)
class Row:
    """One line of the editor: a catalogue entry (``key``) or a row of one's own (``own``)."""

    prefix: str  # "sp-<key>" or "own-sp-<i>" (bonuses: "bo-", "own-bo-")
    label: str
    hint: str
    own: bool = False
    bonus: bool = False
    bag: bool = False  # on or off, no value: the bag-cancelling card, a doubling special


def special_rows(own: int = OWN_ROWS) -> list[Row]:
    rows = [Row(f"sp-{s.key}", s.name, _said(s.what, s.source), bag=s.doubles) for s in SPECIALS]
    return rows + [
        Row(f"own-sp-{i}", f"Your own special {i + 1}", "", own=True) for i in range(own)
    ]


def bonus_rows(own: int = OWN_ROWS) -> list[Row]:
    rows = [
        Row(f"bo-{b.key}", b.name, _said(b.what, b.source), bonus=True, bag=b.bag) for b in BONUSES
    ]
    return rows + [
        Row(f"own-bo-{i}", f"Your own bonus {i + 1}", "", own=True, bonus=True) for i in range(own)
    ]


def _from(source: str) -> str:
    return f"From {source}." if source else ""


def _said(what: str, source: str) -> str:
    return f"{what[:1].upper()}{what[1:]}. {_from(source)}"


def own_counts(texts: dict[str, str]) -> tuple[int, int]:
    """Rows of one's own to show: those named in the fields, and the empty ones."""
    named = [k for k in texts if k.startswith("own-") and k.endswith("-name")]
    return (
        sum(k.startswith("own-sp-") for k in named) + OWN_ROWS,
        sum(k.startswith("own-bo-") for k in named) + OWN_ROWS,
    )


def extras_texts(rules: Rules) -> dict[str, str]:
    """The editor's fields for ``rules``: the catalogue's values where an entry is off."""
    texts: dict[str, str] = {}
    on_s = {s.key: s for s in rules.specials}
    for s in SPECIALS:
        chosen = on_s.get(s.key, s)
        texts.update(
            {f"sp-{s.key}-made": str(chosen.made), f"sp-{s.key}-failed": str(chosen.failed)}
        )
        if s.key in on_s:
            texts[f"sp-{s.key}"] = "on"
    on_b = {b.key: b for b in rules.bonuses}
    for b in BONUSES:
        chosen_b = on_b.get(b.key, b)
        if not b.bag:
            texts[f"bo-{b.key}-value"] = str(chosen_b.value)
        if chosen_b.exact:
            texts[f"bo-{b.key}-exact"] = "on"
        if b.key in on_b:
            texts[f"bo-{b.key}"] = "on"
    own = [s for s in rules.specials if s.custom]
    for i, s in enumerate(own):
        texts.update({f"own-sp-{i}-name": s.name, f"own-sp-{i}-made": str(s.made),
                      f"own-sp-{i}-failed": str(s.failed)})  # fmt: skip
    for i, b in enumerate(b for b in rules.bonuses if b.custom):
        texts.update({f"own-bo-{i}-name": b.name, f"own-bo-{i}-value": str(b.value)})
        if b.exact:
            texts[f"own-bo-{i}-exact"] = "on"
    return texts


def posted_texts(form: MultiDict) -> dict[str, str]:
    """The editor's specials and bonuses fields as posted (only the names it has)."""
    names = []
    for row in [*special_rows(_OWN_MAX), *bonus_rows(_OWN_MAX)]:
        names += [row.prefix, *(f"{row.prefix}-{part}" for part in _PARTS)]
    return {n: form.get(n, "").strip()[: MAX_EXTRA_NAME + 10] for n in names if form.get(n)}


_OWN_MAX = 12  # rows of one's own read from a post (the rules' own limit on specials)
_PARTS = ("made", "failed", "value", "exact", "name")


def read_extras(
    texts: dict[str, str], errors: dict[str, str], in_tenths: bool = False
) -> dict[str, list[Any]]:
    """The rules spec's "specials" and "bonuses" lists from the editor's fields (empty lists
    left out), each field's problem put in ``errors`` under its name; ``in_tenths``: the rules
    score in tenths, so the fields count tenths (their messages say so)."""
    said = points_said(in_tenths)

    def points(name: str, default: int, what: str) -> int:
        text = texts.get(name, "")
        if not text:
            return default
        try:
            return whole_number(text, -MAX_EXTRA_POINTS, MAX_EXTRA_POINTS)
        except ValueError:
            errors[name] = f"{what}: {said}."
            return default

    def named(prefix: str, parts: tuple[str, ...], label: str) -> str:
        """A row of one's own's name, with its points (``parts[0]``) checked as given; '' (and
        the name field's error) when it has none but points were typed."""
        name = texts.get(f"{prefix}-name", "")
        if not name and any(texts.get(f"{prefix}-{part}") for part in parts):
            errors[f"{prefix}-name"] = f"{label}: a name for these points, or clear them."
        if name and not texts.get(f"{prefix}-{parts[0]}"):
            what = f"{name} {parts[0]}" if parts[0] == "made" else name
            errors[f"{prefix}-{parts[0]}"] = f"{what}: {said}."
        return name

    specials: list[Any] = []
    for s in SPECIALS:
        if texts.get(f"sp-{s.key}") == "on" and s.doubles:  # its points are the bid's
            specials.append(s.key)
        elif texts.get(f"sp-{s.key}") == "on":
            made = points(f"sp-{s.key}-made", s.made, f"{s.name} made")
            failed = points(f"sp-{s.key}-failed", s.failed, f"{s.name} failed")
            specials.append({"name": s.key, "made": made, "failed": failed})

    for i in range(_OWN_MAX):
        name = named(f"own-sp-{i}", ("made", "failed"), f"Your own special {i + 1}")
        if not name:
            continue
        made = points(f"own-sp-{i}-made", 0, f"{name} made")
        failed = points(f"own-sp-{i}-failed", 0, f"{name} failed")
        specials.append({"name": name, "made": made, "failed": failed})
    bonuses: list[Any] = []
    for b in BONUSES:
        if texts.get(f"bo-{b.key}") != "on":
            continue
        exact = texts.get(f"bo-{b.key}-exact") == "on"
        if b.bag:
            bonuses.append(b.key)
            continue
        value = points(f"bo-{b.key}-value", b.value, b.name)
        bonuses.append({"name": b.key, "value": value, "exact": exact})
    for i in range(_OWN_MAX):
        name = named(f"own-bo-{i}", ("value",), f"Your own bonus {i + 1}")
        if name:
            value = points(f"own-bo-{i}-value", 0, name)
            exact = texts.get(f"own-bo-{i}-exact") == "on"
            bonuses.append({"name": name, "value": value, "exact": exact})
    out: dict[str, list[Any]] = {}
    if specials:
        out["specials"] = specials
    if bonuses:
        out["bonuses"] = bonuses
    return out
