"""Printed sheets: a game's sheet as PDF (by edit or view link) and blank sheets for a pad.

The PDFs come from scorekeeper.printing, the same renderer the `scorekeeper pdf` and
`scorekeeper blank-sheet` commands use.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Blueprint, Response, current_app, render_template, request
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.printing import pdf, sheets
from scorekeeper.rules import (
    NAME_LENGTH,
    PRESET_DESCRIPTIONS,
    PRESETS,
    preset_title,
    rules_from_spec,
)
from scorekeeper.service import OpenGame, games
from scorekeeper.web.db import get_db

bp = Blueprint("printing", __name__)


@bp.get("/g/<token>/sheet.pdf")
def game_pdf(token: str) -> Response:
    return _game_pdf(games.open_game, token)


@bp.get("/v/<view_token>/sheet.pdf")
def view_pdf(view_token: str) -> Response:
    return _game_pdf(games.open_shared, view_token)


def _game_pdf(open_by: Callable[[games.Database, str], OpenGame], token: str) -> Response:
    current = open_by(get_db(), token)
    body = sheets.render_game_pdf(
        current.game,
        current.sheet,
        title=current.label,
        paper=_paper(request.args.get("paper")),
        date=current.record.created_at,
    )
    return _pdf_response(body, current.label)


# --- blank sheets -----------------------------------------------------------------------------


TITLE_LENGTH = 60


def _name_field(label: str, longest: int = NAME_LENGTH) -> StringField:
    """An optional text field, trimmed; too long is refused by the field, never cut short."""

    def at_most(_form: FlaskForm, field: StringField) -> None:
        if field.data and len(field.data) > longest:
            raise ValidationError(
                f"Keep it to {longest} characters: this one has {len(field.data)}."
            )

    return StringField(
        label,
        filters=[lambda text: text.strip() if text else text],
        validators=[Optional(), at_most],
    )


class BlankSheetForm(FlaskForm):
    """The options of a blank sheet; every field may stay as it is."""

    players = SelectField(
        "Players", choices=[SelectChoice(str(n), str(n)) for n in range(2, 7)], default="4"
    )
    teams = BooleanField("Partners sit opposite (teams, with 4 or 6 players)", default=True)
    name1 = _name_field("Player 1 (first dealer)")
    name2 = _name_field("Player 2")
    name3 = _name_field("Player 3")
    name4 = _name_field("Player 4")
    name5 = _name_field("Player 5")
    name6 = _name_field("Player 6")
    preset = SelectField(
        "Rules",
        choices=[SelectChoice(p, f"{preset_title(p)}: {PRESET_DESCRIPTIONS[p]}") for p in PRESETS],
        default="standard",
    )
    target_score = IntegerField(
        "Game to (empty: as the rules say)", validators=[Optional(), NumberRange(1, 100_000)]
    )
    rows = IntegerField(
        "Hand rows (empty: as many as fill the page)",
        validators=[Optional(), NumberRange(1, sheets.MAX_BLANK_ROWS)],
    )
    per_page = RadioField(
        "Sheets on a page",
        choices=[
            SelectChoice("1", "One sheet a page"),
            SelectChoice("2", "Two sheets a page (cut in half)"),
        ],
        default="1",
    )
    pages = IntegerField("Pages", default=1, validators=[Optional(), NumberRange(1, 20)])
    paper = SelectField(
        "Paper", choices=[SelectChoice("letter", "US Letter"), SelectChoice("a4", "A4")]
    )
    title = _name_field("Title (empty: Spades score sheet)", TITLE_LENGTH)

    def names(self) -> list[str]:
        return [f.data or "" for f in self.name_fields()]

    def name_fields(self) -> list[StringField]:
        return [self.name1, self.name2, self.name3, self.name4, self.name5, self.name6]

    def blank_sheet(self) -> sheets.BlankSheet:
        preset = self.preset.data
        spec = {"preset": preset}
        if self.target_score.data:
            spec["target_score"] = self.target_score.data
        return sheets.blank_sheet(
            self.names(),
            players=int(self.players.data),
            teams=bool(self.teams.data),
            rules=rules_from_spec(spec),
            preset=preset,
            rows=self.rows.data or None,
            per_page=int(self.per_page.data or 1),
            pages=self.pages.data or 1,
            title=self.title.data or "",
            paper=pdf.paper_size(self.paper.data),
        )


@bp.route("/print/blank", methods=["GET", "POST"])
def blank() -> Response | str:
    form = BlankSheetForm()
    if request.method == "GET":
        form.paper.data = _paper(None)
    if form.validate_on_submit():
        body = sheets.render_blank_pdf(form.blank_sheet())
        return _pdf_response(body, "spades-blank-sheet")
    return render_template("print/blank_form.html", form=form)


# --- helpers ----------------------------------------------------------------------------------


def _paper(asked: str | None) -> str:
    """The paper asked for in the link, else the app's PAPER_SIZE setting."""
    return pdf.paper_size(asked or current_app.config.get("PAPER_SIZE"))


def _pdf_response(body: bytes, name: str) -> Response:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:50] or "spades-sheet"
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'attachment; filename="{slug}.pdf"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response
