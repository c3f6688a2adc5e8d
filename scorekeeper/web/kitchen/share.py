"""Sharing a game: the read-only live sheet, the chart, and the game file out and in.

The read-only link carries the *view* token, which no write endpoint accepts: every change is
addressed by the edit token (``/g/<token>/...``), so a shared link can show but never change.

static/share.js, the game page's read-only link in words (it has no comments of its own: the
game page has a weight budget): "Copy" and, where the phone has one, the native share sheet;
without JavaScript the link is plain selectable text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorekeeper.printing.packets import qr_svg
from scorekeeper.rules import GameError, Sheet
from scorekeeper.service import AlreadySaved, Unavailable, kitchen
from scorekeeper.web import saving
from scorekeeper.web.controls import input_tag, textarea_tag
from scorekeeper.web.db import get_db
from scorekeeper.web.filenames import slug
from scorekeeper.web.kitchen import chart
from scorekeeper.web.kitchen.fragments import sheet_html
from scorekeeper.web.session import browser_id

bp = Blueprint("share", __name__)

# How often the read-only page asks whether the sheet changed: a new hand shows within a few
# seconds (it took up to 10 s, 9 on average in a test, at 10). One ask is a tiny JSON answer
# (about 1.2 ms of the server's time in the test client), so 2 s costs a watching phone well
# under a thousandth of a core; a hidden page does not ask, and asks at once when shown again.
REFRESH_SECONDS = 2


def _svg(sheet: Sheet, title: str) -> Response:
    svg = chart.progression_svg(sheet, title=title)
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- the read-only live sheet ----------------------------------------------------------------


@bp.get("/v/<view_token>")
def view(view_token: str) -> Response:
    """The live sheet, read-only; ``?hand=N`` shows why hand N scored what it did (each hand's
    number links there, as on the edit page, with nothing that writes)."""
    shown = kitchen.show_shared(get_db(), view_token)
    current = shown.current
    number = request.args.get("hand", type=int)
    hands = current.sheet.hands
    page = render_template(
        "kitchen/share/view.html",
        current=current,
        shown=shown,
        game=current.game,
        sheet=current.sheet,
        sheet_html=sheet_html(current, edit_links=False, why_links=True),
        why=hands[number - 1] if number is not None and 1 <= number <= len(hands) else None,
        refresh_seconds=REFRESH_SECONDS,
    )
    # No edit link and no form here: a browser may keep it, asking again before showing it.
    return Response(page, mimetype="text/html", headers={"Cache-Control": "no-cache"})


@bp.get("/v/<view_token>/version.json")
def version(view_token: str) -> Response:
    """What the read-only page polls: it reloads when the version moves on."""
    version, updated_at = kitchen.version_of_shared(get_db(), view_token)
    response = jsonify(version=version, updated_at=updated_at)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/v/<view_token>/qr.svg")
def qr(view_token: str) -> Response:
    """The read-only link as a QR code, for the other phones at the table to open it (shown on
    the game page and the read-only page; made here, nothing fetched from elsewhere)."""
    kitchen.version_of_shared(get_db(), view_token)  # GameNotFound: no code for a link to nothing
    link = url_for("share.view", view_token=view_token, _external=True)
    response = Response(qr_svg(link), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "max-age=3600"  # a link never changes; a day's host may
    return response


@bp.get("/v/<view_token>/chart.svg")
def chart_svg(view_token: str) -> Response:
    loaded = kitchen.open_shared(get_db(), view_token)
    return _svg(loaded.sheet, loaded.label)


@bp.get("/g/<token>/chart.svg")
def game_chart(token: str) -> Response:
    loaded = kitchen.open_game(get_db(), token)
    return _svg(loaded.sheet, loaded.label)


# --- the game file out and in ----------------------------------------------------------------


def export_filename(players: list[str], day: str) -> str:
    """``spades-ann-bob-cy-di-2024-05-01.json``: ASCII, safe in any download folder."""
    words = [word for name in players if (word := slug(name, 80))]
    stem = "-".join(["spades", *words])[:80].rstrip("-")
    return f"{stem}-{day}.json"


@bp.get("/g/<token>/game.json")
def export(token: str) -> Response:
    exported = kitchen.export_file(get_db(), token)
    filename = export_filename(exported.players, exported.day)
    response = Response(exported.text, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@dataclass
class ImportForm:
    """The import form: a game file chosen, or pasted. ``source`` is the game's text, read from
    the file (UTF-8) when one was chosen, else the text pasted; None with the problem under the
    field's name in ``errors`` ("file" when neither was given)."""

    text: str = ""  # what was pasted, as pasted (shown again)
    source: str | None = None
    source_field: str = "file"  # where the source came from: "file" or "text"
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_post(cls, data: MultiDict, files: MultiDict | None = None) -> ImportForm:
        form = cls(text=data.get("text", ""))
        upload = (files or MultiDict()).get("file")
        if upload is not None and upload.filename:
            try:
                form.source = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                form.errors["file"] = "This file is not a text (UTF-8) game file."
        elif form.text.strip():
            form.source, form.source_field = form.text, "text"
        else:
            form.errors["file"] = "Choose a game file, or paste one below."
        return form

    def control(self, name: str) -> Markup:
        """The HTML of field ``name``'s control (a file is never shown again: chosen anew)."""
        if name == "file":
            return input_tag("file", self.errors, type="file", accept=".json,application/json")
        return textarea_tag(
            "text", self.text, self.errors, rows=8, spellcheck="false", autocomplete="off"
        )


@bp.get("/games/import")
def import_game() -> str:
    return render_template(
        "kitchen/share/import.html", form=ImportForm(), submission=saving.new_id()
    )


@bp.post("/games/import")
def import_file() -> Response | str | tuple:
    """Import a game file: one use case; Import sent twice goes to the game the first send
    imported."""
    form = ImportForm.from_post(request.form, request.files)
    sent = saving.posted()
    problem = ""
    if form.source is not None:
        try:
            token = kitchen.import_file(get_db(), form.source, browser_id(), sent)
        except GameError as e:
            form.errors[form.source_field] = f"Not a game this app can read: {e}"
        except AlreadySaved as e:  # Import tapped twice: that game, listed here again
            return saving.already_saved(e.submitted)  # GameDeleted if it is gone
        except Unavailable as e:
            problem = saving.not_saved(e, typed=form.source_field == "text")
            if form.source_field == "file":
                problem += " Choose the file again when you do."
        else:
            return redirect(url_for("games.show", token=token), 303)
    page = render_template(
        "kitchen/share/import.html", form=form, problem=problem, submission=sent or saving.new_id()
    )
    return saving.unavailable_response(page) if problem else page


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_e: RequestEntityTooLarge) -> tuple[str, int]:
    """An upload over MAX_CONTENT_LENGTH: say so next to the field, not on an error page."""
    if request.endpoint != "share.import_file":
        return render_template(
            "errors/error.html", code=413, title="Too large", message="That upload is too large."
        ), 413
    upload_mb = (request.max_content_length or 0) // (1024 * 1024)
    paste_kb = (request.max_form_memory_size or 0) // 1000
    form = ImportForm()
    form.errors["file"] = (
        f"That is too large to be a game file: at most {upload_mb} MB as a file, "
        f"{paste_kb} KB pasted."
    )
    return render_template("kitchen/share/import.html", form=form), 413
