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

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional, ValidationError

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
from scorekeeper.service import OpenGame, UnreadableGame, games
from scorekeeper.web.db import get_db
from scorekeeper.web.forms import range_words, whole_number
from scorekeeper.web.pdf_answers import paper_size, pdf_response, print_refused

bp = Blueprint("printouts", __name__)


@bp.get("/g/<token>/sheet.pdf")
def game_pdf(token: str) -> Response | tuple:
    back = url_for("games.show", token=token)
    return _game_pdf(games.open_game, token, back, url_for("share.export", token=token))


@bp.get("/v/<view_token>/sheet.pdf")
def view_pdf(view_token: str) -> Response | tuple:
    return _game_pdf(
        games.open_shared, view_token, back=url_for("share.view", view_token=view_token)
    )


def _game_pdf(
    open_by: Callable[[games.Database, str], OpenGame],
    token: str,
    back: str,
    download: str | None = None,
) -> Response | tuple:
    current = open_by(get_db(), token)
    record, config = current.record, current_app.config
    size = paper_size(request.args.get("paper"))
    job = pool.GameJob(record.data, current.label, size, record.created_at)
    key = (config["DATABASE"], record.id, record.version, size)
    try:
        body = pool.printer().game_pdf(
            key, job, max_hands=config["PDF_MAX_HANDS"], timeout=config["PDF_TIMEOUT"]
        )
    except GameError as e:  # stored before a rule changed: the worker could not score it
        raise UnreadableGame(record, e) from e
    except pool.PrintRefused as e:
        return print_refused(e, back, download)
    return pdf_response(body, current.label)


# --- blank sheets -----------------------------------------------------------------------------

MAX_PAGES = 20


class WholeNumberField(IntegerField):
    """A number field read as the game forms read numbers: ASCII digits, at most a few of them.

    WTForms' IntegerField hands any int to NumberRange, which calls math.isnan() on it: a
    number of 400 digits overflows the float conversion. Here such text reads as no number,
    and the range check says what the field takes.
    """

    data: int | None  # none when what was typed is not a number

    def process_formdata(self, valuelist: list[str]) -> None:
        if valuelist:
            try:
                self.data = whole_number(valuelist[0])
            except ValueError:
                self.data = None


def _in_range(label: str, low: int, high: int) -> NumberRange:
    return NumberRange(low, high, message=f"{label}: a whole number, {range_words(low, high)}.")


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
    target_score = WholeNumberField(
        "Game to (empty: as the rules say)",
        validators=[Optional(), _in_range("Game to", 1, MAX_SCORE)],
    )
    rows = WholeNumberField(
        "Hand rows (empty: as many as fill the page)",
        validators=[Optional(), _in_range("Hand rows", 1, sheets.MAX_BLANK_ROWS)],
    )
    per_page = RadioField(
        "Sheets on a page",
        choices=[
            SelectChoice("1", "One sheet a page"),
            SelectChoice("2", "Two sheets a page (cut in half)"),
        ],
        default="1",
    )
    pages = WholeNumberField(
        "Pages", default=1, validators=[Optional(), _in_range("Pages", 1, MAX_PAGES)]
    )
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
            paper_size=layout.known_paper_size(self.paper.data),
        )


@bp.route("/print/blank", methods=["GET", "POST"])
def blank() -> Response | tuple:
    form = BlankSheetForm()
    if request.method == "GET":
        form.paper.data = paper_size(None)
    making = ""
    if form.validate_on_submit():
        blank = form.blank_sheet()
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
