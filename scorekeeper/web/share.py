"""Sharing a game: the read-only live sheet, the chart, and the game file out and in.

The read-only link carries the *view* token, which no write endpoint accepts: every change is
addressed by the edit token (``/g/<token>/...``), so a shared link can show but never change.
"""

from __future__ import annotations

import re
import unicodedata

from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response
from wtforms import SubmitField, TextAreaField

from scorekeeper.rules import GameError, Sheet
from scorekeeper.service import AlreadySaved, Unavailable, games, kitchen
from scorekeeper.web import chart, saving
from scorekeeper.web.db import get_db
from scorekeeper.web.fragments import sheet_html
from scorekeeper.web.session import browser_id

bp = Blueprint("share", __name__)

REFRESH_SECONDS = 10  # how often the read-only page asks whether the sheet changed


def _svg(sheet: Sheet, title: str) -> Response:
    svg = chart.progression_svg(sheet, title=title)
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- the read-only live sheet ----------------------------------------------------------------


@bp.get("/v/<view_token>")
def view(view_token: str) -> Response:
    current = games.open_shared(get_db(), view_token)
    page = render_template(
        "share/view.html",
        current=current,
        game=current.game,
        sheet=current.sheet,
        sheet_html=sheet_html(current, edit_links=False),
        refresh_seconds=REFRESH_SECONDS,
    )
    # No edit link and no form here: a browser may keep it, asking again before showing it.
    return Response(page, mimetype="text/html", headers={"Cache-Control": "no-cache"})


@bp.get("/v/<view_token>/version.json")
def version(view_token: str) -> Response:
    """What the read-only page polls: it reloads when the version moves on."""
    version, updated_at = games.version_of_shared(get_db(), view_token)
    response = jsonify(version=version, updated_at=updated_at)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/v/<view_token>/chart.svg")
def chart_svg(view_token: str) -> Response:
    loaded = games.open_shared(get_db(), view_token)
    return _svg(loaded.sheet, loaded.label)


@bp.get("/g/<token>/chart.svg")
def game_chart(token: str) -> Response:
    loaded = games.open_game(get_db(), token)
    return _svg(loaded.sheet, loaded.label)


# --- the game file out and in ----------------------------------------------------------------


def export_filename(players: list[str], day: str) -> str:
    """``spades-ann-bob-cy-di-2024-05-01.json``: ASCII, safe in any download folder."""
    words = []
    for name in players:
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
        if slug:
            words.append(slug)
    stem = "-".join(["spades", *words])[:80].rstrip("-")
    return f"{stem}-{day}.json"


@bp.get("/g/<token>/game.json")
def export(token: str) -> Response:
    exported = kitchen.export_file(get_db(), token)
    filename = export_filename(exported.players, exported.day)
    response = Response(exported.text, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class ImportForm(FlaskForm):
    file = FileField("Game file (.json)", render_kw={"accept": ".json,application/json"})
    text = TextAreaField(
        "Or paste the game file",
        render_kw={"rows": 8, "spellcheck": "false", "autocomplete": "off"},
    )
    submit = SubmitField("Import the game")


def _read_upload(form: ImportForm) -> tuple[str, object] | None:
    """(text, field it came from), or None with an error set on the form."""
    upload = form.file.data
    if upload and getattr(upload, "filename", ""):
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig"), form.file
        except UnicodeDecodeError:
            form.file.errors.append("This file is not a text (UTF-8) game file.")
            return None
    if form.text.data and form.text.data.strip():
        return form.text.data, form.text
    form.file.errors.append("Choose a game file, or paste one below.")
    return None


@bp.route("/games/import", methods=["GET", "POST"])
def import_game() -> str | Response | tuple:
    form = ImportForm()
    sent = saving.posted() if request.method == "POST" else None
    problem = ""
    if form.validate_on_submit() and (source := _read_upload(form)):
        text, field = source
        try:
            token = kitchen.import_file(get_db(), text, browser_id(), sent)
        except GameError as e:
            field.errors.append(f"Not a game this app can read: {e}")  # type: ignore[attr-defined]
        except AlreadySaved as e:  # Import tapped twice: that game, listed here again
            return saving.already_saved(e.submitted)  # GameDeleted if it is gone
        except Unavailable as e:
            problem = saving.not_saved(e, typed=field is form.text)
            if field is form.file:
                problem += " Choose the file again when you do."
        else:
            return redirect(url_for("games.show", token=token), 303)
    page = render_template(
        "share/import.html", form=form, problem=problem, submission=sent or saving.new_id()
    )
    return saving.unavailable_response(page) if problem else page


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_e: RequestEntityTooLarge) -> tuple[str, int]:
    """An upload over MAX_CONTENT_LENGTH: say so next to the field, not on an error page."""
    if request.endpoint != "share.import_game":
        return render_template(
            "errors/error.html", code=413, title="Too large", message="That upload is too large."
        ), 413
    form = ImportForm(formdata=None)
    upload_mb = (request.max_content_length or 0) // (1024 * 1024)
    paste_kb = (request.max_form_memory_size or 0) // 1000
    form.file.errors = [
        f"That is too large to be a game file: at most {upload_mb} MB as a file, "
        f"{paste_kb} KB pasted."
    ]
    return render_template("share/import.html", form=form), 413
