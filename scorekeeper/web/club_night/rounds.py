"""The console's rounds: seating the next round, swapping and re-pairing, fixing a table,
calling time, closing the round, and a table's result typed from its paper sheet."""

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
from scorekeeper.web.club_night.console_page import act, back_to_console
from scorekeeper.web.club_night.event_forms import (
    ButtonPost,
    ChooseForm,
    PaperForm,
    SeatForm,
)
from scorekeeper.web.db import get_db


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/fix")
def fix_table(director_token: str, number: int, table: int) -> BaseResponse:
    """Keep the chosen entrant of this table at its number in every round."""
    form = ChooseForm.from_post(request.form, ("entrant",))
    return act(
        director_token,
        "round",
        form,
        lambda: club_night.fix_entrant(
            get_db(),
            director_token,
            form.entrant("entrant"),
            table,
            round_number=number,
            seen=form.version,
            submission=form.submission,
        ),  # fmt: skip
    )


@bp.post("/e/<director_token>/rounds")
def seat(director_token: str) -> BaseResponse:
    form = SeatForm.from_post(request.form)

    def action() -> list[str]:
        rnd = club_night.seat_next_round(
            get_db(), director_token, number=form.number, seen=form.version,
            submission=form.submission,
        )  # fmt: skip
        return [f"Round {rnd.number} is seated: {len(rnd.tables)} tables.", *rnd.notes]

    return act(director_token, "round", form, action)


@bp.post("/e/<director_token>/rounds/<int:number>/swap")
def swap(director_token: str, number: int) -> BaseResponse:
    form = ChooseForm.from_post(request.form, ("first", "second"))

    def action() -> list[str]:
        first, second = form.entrant("first"), form.entrant("second")
        warnings = club_night.swap(
            get_db(), director_token, number, first, second, seen=form.version,
            submission=form.submission,
        )  # fmt: skip
        return ["Swapped: the tables they changed have new scoring links."] + [
            f"Warning: {w}" for w in warnings
        ]

    return act(director_token, "round", form, action)


@bp.post("/e/<director_token>/rounds/<int:number>/repair")
def repair(director_token: str, number: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        rnd = club_night.repair_round(
            get_db(), director_token, number, seen=form.version, submission=form.submission
        )
        return f"Round {number} is paired again: {len(rnd.tables)} tables, new scoring links."

    return act(director_token, "round", form, action)


@bp.get("/e/<director_token>/rounds/<int:number>/time")
def confirm_time(director_token: str, number: int) -> ResponseReturnValue:
    """Call time asks first (a page of its own, then one POST): it changes every table still
    playing, and cannot be taken back from the console."""
    try:
        question = club_night.time_question(get_db(), director_token, number)
    except EventRefused as e:
        flash(e.message, "error")
        return back_to_console(director_token, "round")
    return render_template("club_night/time.html", question=question, token=director_token)


@bp.post("/e/<director_token>/rounds/<int:number>/time")
def call_time(director_token: str, number: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        called = club_night.call_time(
            get_db(), director_token, number, seen=form.version, submission=form.submission
        )
        return time_called_words(called)

    return act(director_token, "round", form, action)


def time_called_words(called: club_night.TimeCalled) -> str:
    """What Call time did, naming the tables the question named ("Still playing: tables 1, 2,
    4"), as the console's "Still playing" below it does: "Time called: tables 1, 2, 4 finish
    the hand in play; … Table 1 was in its last hand already."."""
    if not called.tables:
        return "Time called. No table was still playing."
    said = (
        f"Time called{' again' if called.again else ''}: {_tables(called.tables)} "
        f"finish{'es' if len(called.tables) == 1 else ''} the hand in play; the leader wins "
        "(a tie plays one more hand)."
    )
    if called.last_already and not called.again:
        one = len(called.last_already) == 1
        said += (
            f" {_tables(called.last_already).capitalize()} {'was' if one else 'were'} in "
            f"{'its' if one else 'their'} last hand already."
        )
    if called.unreadable:
        one = len(called.unreadable) == 1
        said += (
            f" {_tables(called.unreadable).capitalize()}: "
            f"{'its game no longer scores' if one else 'their games no longer score'}; enter "
            f"{'its paper result' if one else 'their paper results'}."
        )
    return said


def _tables(numbers: tuple[int, ...]) -> str:
    """ "table 3", "tables 1, 2, 4"."""
    return f"table{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"


@bp.post("/e/<director_token>/rounds/<int:number>/close")
def close(director_token: str, number: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        club_night.close_round(
            get_db(), director_token, number, seen=form.version, submission=form.submission
        )
        return f"Round {number} is closed."

    return act(director_token, "round", form, action)


def _paper_page(
    director_token: str, at: club_night.PaperTable, form: PaperForm, status: int = 200
) -> tuple[str, int]:
    page = render_template(
        "club_night/paper.html", event=at.event, view=at.view, rnd=at.round, table=at.table,
        form=form, token=director_token,
    )  # fmt: skip
    return page, status


@bp.get("/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper")
def paper(director_token: str, number: int, table: int) -> ResponseReturnValue:
    """A table's final points and bags typed from its paper sheet (a correction, too)."""
    try:
        at = club_night.paper_table(get_db(), director_token, number, table)
    except EventRefused as e:
        flash(e.message, "error")
        return back_to_console(director_token)
    return _paper_page(director_token, at, PaperForm.blank(len(at.table.sides), at.table.paper))


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper")
def enter_paper(director_token: str, number: int, table: int) -> ResponseReturnValue:
    """The paper form sent: the result counts, or the form again with each problem by its
    field and what was typed."""
    form = PaperForm.from_post(request.form)
    try:
        answer = club_night.submit_paper(get_db(), director_token, number, table, form)
    except EventRefused as e:  # the round has no such table
        flash(e.message, "error")
        return back_to_console(director_token)
    if not answer.saved:
        if answer.refused is not None:
            form.errors[answer.refused.field or "form"] = answer.refused.message
        return _paper_page(director_token, answer.at, form, 422)
    flash(f"Round {number} table {table}: the paper result counts.", "info")
    if answer.corrected:
        flash(
            f"Round {number} was closed: table {table} is marked as corrected after the round "
            "closed, on this console, in the standings' why lines and in the event file.",
            "info",
        )
    return back_to_console(director_token, "round" if answer.at.current else "past")


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper/clear")
def clear_paper(director_token: str, number: int, table: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        club_night.clear_paper(
            get_db(), director_token, number, table, seen=form.version, submission=form.submission
        )
        return f"Round {number} table {table}: its game counts again."

    return act(director_token, "round", form, action)
