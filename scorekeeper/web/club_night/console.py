"""The director's console: the page, its live part the console's script fetches, and the round
clock's forms."""

from __future__ import annotations

import time

from flask import (
    Response,
    flash,
    request,
    session,
)
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from scorekeeper.service import club_night
from scorekeeper.web.club_night import rendered
from scorekeeper.web.club_night.blueprint import bp
from scorekeeper.web.club_night.console_page import back_to_console, console_page
from scorekeeper.web.club_night.event_forms import (
    ClockForm,
    ConsoleForm,
    RoundMinutesForm,
)
from scorekeeper.web.db import get_db
from scorekeeper.web.session import browser_id

PLACES = ("round", "entrants", "past")


@bp.get("/e/<director_token>")
def console(director_token: str) -> ResponseReturnValue:
    at = request.args.get("at", "")
    shown = club_night.console_view(get_db(), director_token, browser_id(create=False), known=True)
    return console_page(director_token, shown, at=at if at in PLACES else "")


@bp.get("/e/<director_token>/live")
def console_live(director_token: str) -> Response:
    """The console as it is now, for its live script (one request only when the version it
    polls moved): tables, the still-playing line, the clock and the standings update in place.
    Rendered once a version for each director's session (its forms carry the session's CSRF
    token, which stays good) and host (the table cards' addresses), gzip-compressed."""
    shown = club_night.console_view(get_db(), director_token, None, known=False)
    rnd = shown.view.current
    now = time.time()
    step = None
    if rnd is not None:
        step = rendered.clock_step(rnd.clock_left(now), bool(rnd.clock and rnd.clock.paused), now)
    generate_csrf()  # the session's token exists before it is part of the key
    key = ("live", director_token, shown.version, step, request.host_url, session.get("csrf_token"))
    return rendered.answer(
        key, lambda: console_page(director_token, shown, live=True)[0], cache_control="no-store"
    )


@bp.post("/e/<director_token>/rounds/<int:number>/clock")
def clock(director_token: str, number: int) -> ResponseReturnValue:
    """Pause, resume, extend or restart round ``number``'s clock (refused once the round has
    moved on: the number is the one the console showed). Refused, the console again with the
    form as typed and the problem by its field (422), as the entrant form is."""
    form = ClockForm.from_post(request.form)
    answer = club_night.console_clock(
        get_db(), director_token, number, form, browser_id=browser_id(create=False)
    )
    return _clock_answered(director_token, answer, clock=form)


@bp.post("/e/<director_token>/round-minutes")
def round_minutes(director_token: str) -> ResponseReturnValue:
    """The event's round length, for rounds seated from now on and the clock's restart;
    refused, the console again with what was typed and the problem next to the field."""
    form = RoundMinutesForm.from_post(request.form)
    answer = club_night.console_round_minutes(
        get_db(), director_token, form, browser_id=browser_id(create=False)
    )
    return _clock_answered(director_token, answer, round_minutes=form)


def _clock_answered(
    director_token: str,
    answer: club_night.ClockAnswer,
    *,
    clock: ClockForm | None = None,
    round_minutes: RoundMinutesForm | None = None,
) -> ResponseReturnValue:
    """A clock form's answer: done, back to the round with what was done said there; refused,
    the console again (422) with the form (``clock`` or ``round_minutes``) as typed and the
    problem by its field."""
    if answer.console is None:
        flash(answer.said or "", "info")
        return back_to_console(director_token)
    form: ConsoleForm | None = clock or round_minutes
    if answer.refused is not None and form is not None:
        form.place_error(answer.refused.field, answer.refused.message)
    return console_page(
        director_token, answer.console, clock=clock, round_minutes=round_minutes, status=422,
        at="round",
    )  # fmt: skip
