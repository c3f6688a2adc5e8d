"""The director's console page as a route draws it, and a console action's landing: back to
the console at the part acted on, with what happened (or the refusal) said there.

The director's link (``/e/<director_token>``) is a capability like a game's edit link: every
change to the event is addressed by it, and nothing else can change the event."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

from flask import (
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.config import is_loopback
from scorekeeper.events import MAX_EXTEND_MINUTES
from scorekeeper.service import EventRefused, club_night
from scorekeeper.web.club_night import projector as screens
from scorekeeper.web.club_night.blueprint import REFRESH_SECONDS
from scorekeeper.web.club_night.event_forms import (
    ClockForm,
    ConsoleForm,
    EntrantForm,
    RoundMinutesForm,
)
from scorekeeper.web.session import remember_event

# --- the director's console ------------------------------------------------------------------


def console_page(
    director_token: str,
    shown: club_night.ConsoleView,
    *,
    register: EntrantForm | None = None,
    clock: ClockForm | None = None,
    round_minutes: RoundMinutesForm | None = None,
    status: int = 200,
    at: str = "",
    live: bool = False,
) -> tuple[str, int]:
    """The console, as its route's use case read it (``shown``). ``live``: what the console's
    script fetches when the event's version moved (static/console.js takes the parts marked
    data-live from it): the same page without the parts that are never replaced (the entrants
    and their forms, the links), the one-time messages (they belong to the page the director
    lands on) and the known names."""
    context: dict[str, Callable[[], str]] = {}
    if live:
        context["flashed_notes"] = lambda: ""
    else:
        remember_event(director_token)
    page = render_template(
        "club_night/console.html",
        event=shown.event,
        view=shown.view,
        about=shown.about,
        step=shown.step,
        version=shown.version,
        register=register or EntrantForm.blank(),
        clock_form=clock,
        minutes_form=round_minutes,
        at=at,
        known_people=list(shown.known_people),
        token=director_token,
        local_address=_loopback(request.host_url),
        now=time.time(),
        figure=screens.figure(shown.event.tiebreakers),
        poll_seconds=REFRESH_SECONDS,
        max_round_minutes=club_night.MAX_ROUND_MINUTES,
        max_extend=MAX_EXTEND_MINUTES,
        live=live,
        **context,
    )
    return page, status


def _loopback(url: str) -> bool:
    """Whether ``url`` names this machine only: the table cards' QR codes would lead nowhere."""
    return is_loopback(urlsplit(url).hostname or "")


def back_to_console(director_token: str, anchor: str = "round") -> BaseResponse:
    """Back to the console, at the part acted on, with what happened said there (``at``)."""
    url = url_for("events.console", director_token=director_token, at=anchor, _anchor=anchor)
    return redirect(url, 303)


Said = str | Sequence[str] | None  # what a console action says happened: flashed line by line


def act(
    director_token: str, anchor: str, form: ConsoleForm, action: Callable[[], Said]
) -> BaseResponse:
    """Run a console action (one service call, given the form read); its refusal (by the
    form's field) or its sentence shows where the console lands."""
    try:
        said = action()
    except EventRefused as e:
        form.place_error(e.field, e.message)
        said = None
    for message in form.errors.values():
        flash(message, "error")
    if said:
        for line in [said] if isinstance(said, str) else said:
            flash(line, "info")
    return back_to_console(director_token, anchor)
