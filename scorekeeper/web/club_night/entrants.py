"""The console's entrants: registering, dropping, reinstating and fixing an entrant's names."""

from __future__ import annotations

from flask import (
    flash,
    render_template,
    request,
)
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.service import EventRefused, club_night
from scorekeeper.web.club_night.blueprint import bp
from scorekeeper.web.club_night.console_page import act, back_to_console, console_page
from scorekeeper.web.club_night.event_forms import (
    ButtonPost,
    EntrantForm,
    FixForm,
)
from scorekeeper.web.db import get_db
from scorekeeper.web.session import browser_id


@bp.post("/e/<director_token>/entrants")
def register(director_token: str) -> ResponseReturnValue:
    form = EntrantForm.from_post(request.form)
    answer = club_night.submit_entrant(
        get_db(), director_token, form.names, form.team, seen=form.version,
        browser_id=browser_id(create=False),
    )  # fmt: skip
    entrant = answer.entrant
    if entrant is None:
        assert answer.refused is not None and answer.console is not None  # said, with the page
        form.place_error(answer.refused.field, answer.refused.message)
        return console_page(
            director_token, answer.console, register=form, status=422, at="entrants"
        )
    later = f" (joins from round {entrant.joined_round})" if entrant.joined_round > 1 else ""
    flash(f"Registered {entrant.name}{later}.", "info")
    return back_to_console(director_token, "entrants")


@bp.get("/e/<director_token>/entrants/<int:entrant>/drop")
def confirm_drop(director_token: str, entrant: int) -> ResponseReturnValue:
    """Drop asks first (a page of its own, then one POST): a Drop is easy to tap by mistake."""
    try:
        question = club_night.drop_question(get_db(), director_token, entrant)
    except EventRefused as e:
        flash(e.message, "error")
        return back_to_console(director_token, "entrants")
    page = render_template("club_night/drop.html", question=question, token=director_token)
    return page


@bp.post("/e/<director_token>/entrants/<int:entrant>/drop")
def drop(director_token: str, entrant: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        name = club_night.set_active(
            get_db(), director_token, entrant, False, seen=form.version, submission=form.submission
        )
        return f"{name} dropped: kept in the standings, not seated again."

    return act(director_token, "entrants", form, action)


@bp.post("/e/<director_token>/entrants/<int:entrant>/reinstate")
def reinstate(director_token: str, entrant: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        name = club_night.set_active(
            get_db(), director_token, entrant, True, seen=form.version, submission=form.submission
        )
        return f"{name} is back: seated next round."

    return act(director_token, "entrants", form, action)


@bp.post("/e/<director_token>/entrants/<int:entrant>/fix")
def fix(director_token: str, entrant: int) -> BaseResponse:
    form = FixForm.from_post(request.form)
    return act(
        director_token,
        form.at,
        form,
        lambda: club_night.fix_entrant(
            get_db(), director_token, entrant, form.number, seen=form.version
        ),
    )
