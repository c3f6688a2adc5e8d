"""Creating a club night (the new event form) and importing one from its event file."""

from __future__ import annotations

from flask import (
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge

from scorekeeper.rules import PRESET_DESCRIPTIONS, PRESETS
from scorekeeper.service import EventRefused, club_night
from scorekeeper.web.club_night.blueprint import bp
from scorekeeper.web.club_night.event_forms import (
    FORMAT_CHOICES,
    ROUND_END_OPTIONS,
    SEATING_CHOICES,
    TIEBREAKER_SLOTS,
    TIEBREAKER_WORDS,
    EventForm,
    ImportForm,
)
from scorekeeper.web.db import get_db
from scorekeeper.web.kitchen import option_groups, preset_data
from scorekeeper.web.session import remember_event

# --- creating and importing ------------------------------------------------------------------


def _render_new(form: EventForm, status: int = 200) -> tuple[str, int]:
    page = render_template(
        "club_night/new.html",
        form=form,
        presets=PRESETS,
        descriptions=PRESET_DESCRIPTIONS,
        groups=option_groups(),
        preset_data=preset_data(),
        formats=FORMAT_CHOICES,
        seatings=SEATING_CHOICES,
        tiebreaker_words=TIEBREAKER_WORDS,
        slots=TIEBREAKER_SLOTS,
        hidden_options=ROUND_END_OPTIONS,
    )
    return page, status


@bp.route("/events/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    if request.method == "GET":
        return _render_new(EventForm.blank())
    form = EventForm.from_post(request.form)
    if form.apply_preset:
        return _render_new(form)
    settings = form.settings()
    if settings is None:
        return _render_new(form, 422)
    try:
        event = club_night.new_event(get_db(), settings)
    except EventRefused as e:
        form.place_error(e.field, e.message)
        return _render_new(form, 422)
    remember_event(event.director_token)
    flash("The event is ready. Register the entrants, then seat round 1.", "info")
    return redirect(url_for("events.console", director_token=event.director_token), 303)


@bp.route("/events/import", methods=["GET", "POST"])
def import_event() -> ResponseReturnValue:
    if request.method == "GET":
        return render_template("club_night/import.html", error="")
    # Reading the files or the form raises RequestEntityTooLarge: said by too_large below.
    form = ImportForm.from_post(request.form, request.files)
    if not form.errors:
        try:
            event = club_night.import_file(get_db(), form.text)
        except EventRefused as e:
            form.place_error(e.field, e.message)
        else:
            remember_event(event.director_token)
            flash("Imported as a new event, with new links for it and every table.", "info")
            return redirect(url_for("events.console", director_token=event.director_token), 303)
    return render_template("club_night/import.html", error=form.error), 422


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_e: RequestEntityTooLarge) -> tuple[str, int]:
    """An upload over its limit: the import page says how large an event file may be."""
    if request.endpoint != "events.import_event":
        return render_template(
            "errors/error.html", code=413, title="Too large", message="That upload is too large."
        ), 413
    limit = (request.max_content_length or 0) // (1024 * 1024)
    error = f"That is too large to be an event file here: at most {limit} MB."
    return render_template("club_night/import.html", error=error), 413
