"""Printed sheets: a game's sheet as PDF (by edit or view link) and blank sheets for a pad.

The PDFs come from scorekeeper.printing, the same renderer the `scorekeeper pdf` and
`scorekeeper blank-sheet` commands use, made in its pool of worker processes
(``printing.pool``): a long sheet never holds up the pages, a game too long to print is refused
with a message before any work, one that takes too long answers "try again", and a sheet
downloaded again comes from the cache. When the printers already have as many requests waiting
as they may, a PDF is answered at once with a page saying it is being made (202); that page
asks again for it (static/pdf-wait.js) and downloads it when it is ready, or offers a Download
link that does the same without JavaScript.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from scorekeeper.printing import layout, pool, sheets
from scorekeeper.rules import (
    MAX_SCORE,
    NAME_LENGTH,
    PRESET_DESCRIPTIONS,
    PRESETS,
    GameError,
    preset_title,
    rules_from_spec,
)
from scorekeeper.rules.names import NameProblem, clean_name, typed_twice
from scorekeeper.rules.options import PRESET_TEAMS
from scorekeeper.service import UnreadableGame, kitchen
from scorekeeper.service.kitchen import SavedRules, ShownGame
from scorekeeper.web.controls import input_tag, select_tag
from scorekeeper.web.db import get_db
from scorekeeper.web.fields import range_words, whole_number
from scorekeeper.web.pdf_answers import paper_size, pdf_response, print_refused
from scorekeeper.web.session import browser_id

bp = Blueprint("printouts", __name__)


@bp.get("/g/<token>/sheet.pdf")
def game_pdf(token: str) -> Response | tuple:
    back = url_for("games.show", token=token)
    return _game_pdf(kitchen.show_game, token, back, url_for("share.export", token=token))


@bp.get("/v/<view_token>/sheet.pdf")
def view_pdf(view_token: str) -> Response | tuple:
    return _game_pdf(
        kitchen.show_shared, view_token, back=url_for("share.view", view_token=view_token)
    )


def _game_pdf(
    show: Callable[[kitchen.Database, str], ShownGame],
    token: str,
    back: str,
    download: str | None = None,
) -> Response | tuple:
    shown = show(get_db(), token)
    current = shown.current
    facts, config = current.facts, current_app.config
    size = paper_size(request.args.get("paper"))
    called, hands = shown.time_called, shown.round_hands
    job = pool.GameJob(current.file, current.label, size, facts.created_at, called, hands)
    # a club table's sheet prints the call of time and the round's hands: they are in its key
    key = (config["DATABASE"], facts.edit_token, facts.version, size, called, hands)
    try:
        body = pool.printer().game_pdf(
            key, job, max_hands=config["PDF_MAX_HANDS"], timeout=config["PDF_TIMEOUT"]
        )
    except GameError as e:  # stored before a rule changed: the worker could not score it
        raise UnreadableGame(facts, e) from e
    except pool.PrintRefused as e:
        return print_refused(e, back, download)
    return pdf_response(body, current.label)


# --- blank sheets -----------------------------------------------------------------------------

MAX_PAGES = 20
TITLE_LENGTH = 60
NAME_FIELDS = tuple(f"name{i}" for i in range(1, 7))
PLAYER_CHOICES = tuple((str(n), str(n)) for n in range(2, 7))
PRESET_CHOICES = tuple((p, f"{preset_title(p)}: {PRESET_DESCRIPTIONS[p]}") for p in PRESETS)
PER_PAGE_CHOICES = (("1", "One sheet a page"), ("2", "Two sheets a page (cut in half)"))
PAPER_CHOICES = (("letter", "US Letter"), ("a4", "A4"))
# The number fields: (label as a message says it, lowest, highest).
NUMBERS = {
    "target_score": ("Game to", 1, MAX_SCORE),
    "rows": ("Hand rows", 1, sheets.MAX_BLANK_ROWS),
    "pages": ("Pages", 1, MAX_PAGES),
}
NOT_A_CHOICE = "Not a valid choice."  # only a post not made by the page chooses otherwise


@dataclass
class BlankSheetForm:
    """The options of a blank sheet, as typed (to show again) and as read (the sheet to print).
    Every field may stay as it is: an empty number is "as the rules say" or "as fill the page";
    each problem is put under its field's name in ``errors``."""

    players: str = "4"
    teams: bool = True
    names: list[str] = field(default_factory=lambda: [""] * len(NAME_FIELDS))
    preset: str = "standard"
    target_score: str = ""
    rows: str = ""
    per_page: str = "1"
    pages: str = "1"
    paper: str | None = None
    title: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    # This browser's saved house rules, offered beside the presets as "house-<id>".
    house: tuple[SavedRules, ...] = ()

    @property
    def rules_choices(self) -> tuple[tuple[str, str], ...]:
        saved = tuple(
            (f"house-{r.id}", f"Your house rules: {r.name} ({r.line})") for r in self.house
        )
        return saved + PRESET_CHOICES

    @classmethod
    def first_asked(
        cls, paper: str | None, house: tuple[SavedRules, ...], asked: str
    ) -> BlankSheetForm:
        """The form as first shown: the rules ``asked`` for (?rules=house-<id>, the saved rules'
        own Print link), else the first listed (this browser's saved rules, listed first because
        they are its own; Standard without any)."""
        form = cls(paper=paper, house=house)
        choices = form.rules_choices
        form.preset = asked if asked in dict(choices) else choices[0][0]
        return form

    def _saved(self) -> SavedRules | None:
        """The saved house rules chosen, if the choice is some of them."""
        return next((r for r in self.house if self.preset == f"house-{r.id}"), None)

    @classmethod
    def from_post(cls, data: MultiDict, house: tuple[SavedRules, ...] = ()) -> BlankSheetForm:
        """What was sent, kept as typed (names and title trimmed), and checked. A field not sent
        keeps its default, but for Teams: a box not ticked is not sent, so not sent is unticked."""
        form = cls(
            players=data.get("players", "4"),
            teams=data.get("teams", "") not in ("", "false"),
            names=[data.get(n, "").strip() for n in NAME_FIELDS],
            preset=data.get("preset", "standard"),
            target_score=data.get("target_score", ""),
            rows=data.get("rows", ""),
            per_page=data.get("per_page", "1"),
            pages=data.get("pages", "1"),
            paper=data.get("paper"),
            title=data.get("title", "").strip(),
            house=house,
        )
        form.read()
        return form

    def read(self) -> None:
        """Check every field, each problem by its field."""
        for name, value, choices in (
            ("players", self.players, PLAYER_CHOICES),
            ("preset", self.preset, self.rules_choices),
            ("per_page", self.per_page, PER_PAGE_CHOICES),
            ("paper", self.paper, PAPER_CHOICES),
        ):
            if value not in dict(choices):
                self.errors[name] = NOT_A_CHOICE
        for i, text in enumerate(self.names):  # one spelling a person, as a game's names
            try:
                self.names[i] = clean_name(text) if text else ""
            except NameProblem as e:
                self.errors[NAME_FIELDS[i]] = str(e)
        seated = int(self.players) if "players" not in self.errors else len(NAME_FIELDS)
        twice = typed_twice(self.names[:seated])  # the seats printed, as a new game's
        if twice and NAME_FIELDS[twice[0]] not in self.errors:
            self.errors[NAME_FIELDS[twice[0]]] = twice[1]
        for name, text in (*zip(NAME_FIELDS, self.names, strict=True), ("title", self.title)):
            longest = TITLE_LENGTH if name == "title" else NAME_LENGTH
            if len(text) > longest:
                self.errors[name] = f"Keep it to {longest} characters: this one has {len(text)}."
        for name, (label, low, high) in NUMBERS.items():
            if self._number(name) is None and getattr(self, name).strip():
                self.errors[name] = f"{label}: a whole number, {range_words(low, high)}."

    def _number(self, name: str) -> int | None:
        """The number typed in field ``name`` if it is one in the field's range, else None."""
        _label, low, high = NUMBERS[name]
        try:
            return whole_number(getattr(self, name), low, high)
        except ValueError:
            return None

    def control(self, name: str) -> Markup:
        """The HTML of field ``name``'s control, showing what was typed."""
        if name in NUMBERS:
            _label, low, high = NUMBERS[name]
            value = getattr(self, name)
            return input_tag(name, self.errors, type="number", min=low, max=high, value=value)
        if name in NAME_FIELDS or name == "title":
            value = self.title if name == "title" else self.names[NAME_FIELDS.index(name)]
            return input_tag(name, self.errors, type="text", value=value)
        choices = {"players": PLAYER_CHOICES, "preset": self.rules_choices, "paper": PAPER_CHOICES}
        return select_tag(name, choices[name], getattr(self, name), self.errors)

    def teams_control(self) -> Markup:
        return input_tag("teams", self.errors, type="checkbox", value="y", checked=self.teams)

    def per_page_controls(self) -> list[tuple[Markup, str]]:
        """The radio buttons of "Sheets on a page", each with its words (only a post the page
        did not make chooses neither, so no message is placed by them)."""
        return [
            (
                input_tag(
                    "per_page",
                    {},
                    id=f"per_page-{i}",
                    type="radio",
                    value=value,
                    checked=value == self.per_page,
                ),
                words,
            )  # fmt: skip
            for i, (value, words) in enumerate(PER_PAGE_CHOICES)
        ]

    def blank_sheet(self) -> sheets.BlankSheet | None:
        """The sheet to print, or None when a field has a problem (``errors`` says which)."""
        if self.errors:
            return None
        saved = self._saved()
        spec: dict[str, Any] = {"preset": self.preset} if saved is None else dict(saved.spec)
        target = self._number("target_score")
        if target:
            spec["target_score"] = target
        preset = spec.get("preset", "standard")
        try:
            rules = rules_from_spec(spec)
        except GameError as e:  # saved before a rule changed: said by the field, never a 500
            self.errors["preset"] = f"These saved rules no longer load: {e}"
            return None
        return sheets.blank_sheet(
            self.names,
            players=int(self.players),
            # a preset without partners (Call Break, cutthroat) prints its own seating, whatever
            # the box (ticked by default) says
            teams=self.teams and PRESET_TEAMS.get(preset) != "none",
            rules=rules,
            preset=preset if isinstance(preset, str) else "standard",
            rules_name="" if saved is None else saved.name,
            rows=self._number("rows"),
            per_page=int(self.per_page),
            pages=self._number("pages") or 1,
            title=self.title,
            paper_size=layout.known_paper_size(self.paper),
        )


@bp.route("/print/blank", methods=["GET", "POST"])
def blank() -> Response | tuple:
    house = tuple(kitchen.all_house_rules(get_db(), browser_id(create=False)))
    if request.method == "GET":  # ?rules=house-<id>: the saved rules' own Print link
        form = BlankSheetForm.first_asked(paper_size(None), house, request.args.get("rules", ""))
        return render_template("print/blank_form.html", form=form, making=""), 200
    form = BlankSheetForm.from_post(request.form, house)
    making = ""
    blank = form.blank_sheet()
    if blank is not None:
        try:
            body = pool.printer().pdf(
                blank, key=("blank", blank), timeout=current_app.config["PDF_TIMEOUT"]
            )
        except pool.Printing:  # the form as sent, to send again: then it comes from the cache
            making = "Your sheet is being made: press Download the PDF again in a few seconds."
        except pool.PrintRefused as e:
            return print_refused(e, url_for("printouts.blank"))
        else:
            return pdf_response(body, "spades-blank-sheet")
    status = 422 if form.errors else 202 if making else 200
    return render_template("print/blank_form.html", form=form, making=making), status
