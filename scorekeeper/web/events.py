"""Club events: creating one, the director's console behind its own link, and the public page.

The director's link (``/e/<director_token>``) is a capability like a game's edit link: every
change to the event is addressed by it, and nothing else can change the event. The public link
(``/p/<public_token>``) only reads. Each table's phone uses its game's own edit link
(``/g/<token>``): the ordinary game page, with the event, round and table on top.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import datetime
from math import ceil
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Request,
    Response,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.config import is_loopback
from scorekeeper.events import MAX_EXTEND_MINUTES
from scorekeeper.printing import packets, pool
from scorekeeper.rules import PRESET_DESCRIPTIONS, PRESETS
from scorekeeper.service import EventRefused, TableReplaced
from scorekeeper.service import club_night as event_files
from scorekeeper.service import club_night as events
from scorekeeper.web import downloads, public_page, rendered
from scorekeeper.web import projector as screens
from scorekeeper.web.db import get_db
from scorekeeper.web.event_forms import (
    FORMAT_CHOICES,
    ROUND_END_OPTIONS,
    SEATING_CHOICES,
    TIEBREAKER_SLOTS,
    TIEBREAKER_WORDS,
    ButtonPost,
    ChooseForm,
    ClockForm,
    ConsoleForm,
    EntrantForm,
    EventForm,
    FixForm,
    ImportForm,
    PaperForm,
    RoundMinutesForm,
    SeatForm,
)
from scorekeeper.web.pdf_answers import paper_size, pdf_response, print_refused
from scorekeeper.web.rules_editor import option_groups, preset_data
from scorekeeper.web.session import browser_id, remember_event
from scorekeeper.web.share import export_filename

bp = Blueprint("events", __name__)

# The largest event file the web's import takes (as a file or pasted), every other request
# keeping MAX_CONTENT_LENGTH. The largest event the app is sized for is 200 teams (100 tables
# a round) over 30 rounds of games of about 12 hands: its compact event file is about 7 MB
# (200 teams over 8 rounds: 1.8 MB). Config EVENT_FILE_LIMIT overrides it.
EVENT_FILE_LIMIT = 8 * 1024 * 1024


class EventFileRequest(Request):
    """A request whose size limits are the app's, except the event import's, which takes the
    event file of the largest event the app supports (see EVENT_FILE_LIMIT)."""

    def _event_file(self) -> bool:
        return self.endpoint == "events.import_event" and bool(current_app)

    @property
    def max_content_length(self) -> int | None:
        if self._event_file():
            return int(current_app.config.get("EVENT_FILE_LIMIT", EVENT_FILE_LIMIT))
        return super().max_content_length

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value

    @property
    def max_form_memory_size(self) -> int | None:
        if self._event_file():
            return int(current_app.config.get("EVENT_FILE_LIMIT", EVENT_FILE_LIMIT))
        return super().max_form_memory_size

    @max_form_memory_size.setter
    def max_form_memory_size(self, value: int | None) -> None:
        self._max_form_memory_size = value


bp.record_once(lambda state: setattr(state.app, "request_class", EventFileRequest))

REFRESH_SECONDS = 5  # how often the public page and the console ask whether anything changed
# A round's packet may take longer than a game's sheet (PDF_TIMEOUT): ~0.25 s of one core a
# table here (bench/bench_packets.py), so allow a second a table on a busy laptop.
PACKET_SECONDS_A_TABLE = 1.0


# --- creating and importing ------------------------------------------------------------------


def _render_new(form: EventForm, status: int = 200) -> tuple[str, int]:
    page = render_template(
        "events/new.html",
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
        event = events.new_event(get_db(), settings)
    except EventRefused as e:
        form.place_error(e.field, e.message)
        return _render_new(form, 422)
    remember_event(event.director_token)
    flash("The event is ready. Register the entrants, then seat round 1.", "info")
    return redirect(url_for("events.console", director_token=event.director_token), 303)


@bp.route("/events/import", methods=["GET", "POST"])
def import_event() -> ResponseReturnValue:
    if request.method == "GET":
        return render_template("events/import.html", error="")
    # Reading the files or the form raises RequestEntityTooLarge: said by too_large below.
    form = ImportForm.from_post(request.form, request.files)
    if not form.errors:
        try:
            event = event_files.import_file(get_db(), form.text)
        except EventRefused as e:
            form.place_error(e.field, e.message)
        else:
            remember_event(event.director_token)
            flash("Imported as a new event, with new links for it and every table.", "info")
            return redirect(url_for("events.console", director_token=event.director_token), 303)
    return render_template("events/import.html", error=form.error), 422


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_e: RequestEntityTooLarge) -> tuple[str, int]:
    """An upload over its limit: the import page says how large an event file may be."""
    if request.endpoint != "events.import_event":
        return render_template(
            "errors/error.html", code=413, title="Too large", message="That upload is too large."
        ), 413
    limit = (request.max_content_length or 0) // (1024 * 1024)
    error = f"That is too large to be an event file here: at most {limit} MB."
    return render_template("events/import.html", error=error), 413


# --- the director's console ------------------------------------------------------------------


def _console(
    director_token: str,
    shown: events.ConsoleView,
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
        "events/console.html",
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
        max_round_minutes=events.MAX_ROUND_MINUTES,
        max_extend=MAX_EXTEND_MINUTES,
        live=live,
        **context,
    )
    return page, status


def _loopback(url: str) -> bool:
    """Whether ``url`` names this machine only: the table cards' QR codes would lead nowhere."""
    return is_loopback(urlsplit(url).hostname or "")


def _back(director_token: str, anchor: str = "round") -> BaseResponse:
    """Back to the console, at the part acted on, with what happened said there (``at``)."""
    url = url_for("events.console", director_token=director_token, at=anchor, _anchor=anchor)
    return redirect(url, 303)


Said = str | Sequence[str] | None  # what a console action says happened: flashed line by line


def _act(
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
    return _back(director_token, anchor)


PLACES = ("round", "entrants", "past")


@bp.get("/e/<director_token>")
def console(director_token: str) -> ResponseReturnValue:
    at = request.args.get("at", "")
    shown = events.console_view(get_db(), director_token, browser_id(create=False), known=True)
    return _console(director_token, shown, at=at if at in PLACES else "")


@bp.get("/e/<director_token>/live")
def console_live(director_token: str) -> Response:
    """The console as it is now, for its live script (one request only when the version it
    polls moved): tables, the still-playing line, the clock and the standings update in place.
    Rendered once a version for each director's session (its forms carry the session's CSRF
    token, which stays good) and host (the table cards' addresses), gzip-compressed."""
    shown = events.console_view(get_db(), director_token, None, known=False)
    rnd = shown.view.current
    now = time.time()
    step = None
    if rnd is not None:
        step = rendered.clock_step(rnd.clock_left(now), bool(rnd.clock and rnd.clock.paused), now)
    generate_csrf()  # the session's token exists before it is part of the key
    key = ("live", director_token, shown.version, step, request.host_url, session.get("csrf_token"))
    return rendered.answer(
        key, lambda: _console(director_token, shown, live=True)[0], cache_control="no-store"
    )


@bp.post("/e/<director_token>/rounds/<int:number>/clock")
def clock(director_token: str, number: int) -> ResponseReturnValue:
    """Pause, resume, extend or restart round ``number``'s clock (refused once the round has
    moved on: the number is the one the console showed). Refused, the console again with the
    form as typed and the problem by its field (422), as the entrant form is."""
    form = ClockForm.from_post(request.form)
    answer = events.console_clock(
        get_db(), director_token, number, form, browser_id=browser_id(create=False)
    )
    return _clock_answered(director_token, answer, clock=form)


@bp.post("/e/<director_token>/round-minutes")
def round_minutes(director_token: str) -> ResponseReturnValue:
    """The event's round length, for rounds seated from now on and the clock's restart;
    refused, the console again with what was typed and the problem next to the field."""
    form = RoundMinutesForm.from_post(request.form)
    answer = events.console_round_minutes(
        get_db(), director_token, form, browser_id=browser_id(create=False)
    )
    return _clock_answered(director_token, answer, round_minutes=form)


def _clock_answered(
    director_token: str,
    answer: events.ClockAnswer,
    *,
    clock: ClockForm | None = None,
    round_minutes: RoundMinutesForm | None = None,
) -> ResponseReturnValue:
    """A clock form's answer: done, back to the round with what was done said there; refused,
    the console again (422) with the form (``clock`` or ``round_minutes``) as typed and the
    problem by its field."""
    if answer.console is None:
        flash(answer.said or "", "info")
        return _back(director_token)
    form: ConsoleForm | None = clock or round_minutes
    if answer.refused is not None and form is not None:
        form.place_error(answer.refused.field, answer.refused.message)
    return _console(
        director_token, answer.console, clock=clock, round_minutes=round_minutes, status=422,
        at="round",
    )  # fmt: skip


@bp.post("/e/<director_token>/entrants")
def register(director_token: str) -> ResponseReturnValue:
    form = EntrantForm.from_post(request.form)
    answer = events.submit_entrant(
        get_db(), director_token, form.names, form.team, seen=form.version,
        browser_id=browser_id(create=False),
    )  # fmt: skip
    entrant = answer.entrant
    if entrant is None:
        assert answer.refused is not None and answer.console is not None  # said, with the page
        form.place_error(answer.refused.field, answer.refused.message)
        return _console(director_token, answer.console, register=form, status=422, at="entrants")
    later = f" (joins from round {entrant.joined_round})" if entrant.joined_round > 1 else ""
    flash(f"Registered {entrant.name}{later}.", "info")
    return _back(director_token, "entrants")


@bp.get("/e/<director_token>/entrants/<int:entrant>/drop")
def confirm_drop(director_token: str, entrant: int) -> ResponseReturnValue:
    """Drop asks first (a page of its own, then one POST): a Drop is easy to tap by mistake."""
    try:
        question = events.drop_question(get_db(), director_token, entrant)
    except EventRefused as e:
        flash(e.message, "error")
        return _back(director_token, "entrants")
    page = render_template("events/drop.html", question=question, token=director_token)
    return page


@bp.post("/e/<director_token>/entrants/<int:entrant>/drop")
def drop(director_token: str, entrant: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        name = events.set_active(
            get_db(), director_token, entrant, False, seen=form.version, submission=form.submission
        )
        return f"{name} dropped: kept in the standings, not seated again."

    return _act(director_token, "entrants", form, action)


@bp.post("/e/<director_token>/entrants/<int:entrant>/reinstate")
def reinstate(director_token: str, entrant: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        name = events.set_active(
            get_db(), director_token, entrant, True, seen=form.version, submission=form.submission
        )
        return f"{name} is back: seated next round."

    return _act(director_token, "entrants", form, action)


@bp.post("/e/<director_token>/entrants/<int:entrant>/fix")
def fix(director_token: str, entrant: int) -> BaseResponse:
    form = FixForm.from_post(request.form)
    return _act(
        director_token,
        form.at,
        form,
        lambda: events.fix_entrant(
            get_db(), director_token, entrant, form.number, seen=form.version
        ),
    )


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/fix")
def fix_table(director_token: str, number: int, table: int) -> BaseResponse:
    """Keep the chosen entrant of this table at its number in every round."""
    form = ChooseForm.from_post(request.form, ("entrant",))
    return _act(
        director_token,
        "round",
        form,
        lambda: events.fix_entrant(
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
        rnd = events.seat_next_round(
            get_db(), director_token, number=form.number, seen=form.version,
            submission=form.submission,
        )  # fmt: skip
        return [f"Round {rnd.number} is seated: {len(rnd.tables)} tables.", *rnd.notes]

    return _act(director_token, "round", form, action)


@bp.post("/e/<director_token>/rounds/<int:number>/swap")
def swap(director_token: str, number: int) -> BaseResponse:
    form = ChooseForm.from_post(request.form, ("first", "second"))

    def action() -> list[str]:
        first, second = form.entrant("first"), form.entrant("second")
        warnings = events.swap(
            get_db(), director_token, number, first, second, seen=form.version,
            submission=form.submission,
        )  # fmt: skip
        return ["Swapped: the tables they changed have new scoring links."] + [
            f"Warning: {w}" for w in warnings
        ]

    return _act(director_token, "round", form, action)


@bp.post("/e/<director_token>/rounds/<int:number>/repair")
def repair(director_token: str, number: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        rnd = events.repair_round(
            get_db(), director_token, number, seen=form.version, submission=form.submission
        )
        return f"Round {number} is paired again: {len(rnd.tables)} tables, new scoring links."

    return _act(director_token, "round", form, action)


@bp.get("/e/<director_token>/rounds/<int:number>/time")
def confirm_time(director_token: str, number: int) -> ResponseReturnValue:
    """Call time asks first (a page of its own, then one POST): it changes every table still
    playing, and cannot be taken back from the console."""
    try:
        question = events.time_question(get_db(), director_token, number)
    except EventRefused as e:
        flash(e.message, "error")
        return _back(director_token, "round")
    return render_template("events/time.html", question=question, token=director_token)


@bp.post("/e/<director_token>/rounds/<int:number>/time")
def call_time(director_token: str, number: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        capped = events.call_time(
            get_db(), director_token, number, seen=form.version, submission=form.submission
        )
        if not capped:
            return "Time called. No table was still playing."
        return (
            f"Time called: table{'s' if len(capped) > 1 else ''} "
            f"{', '.join(map(str, capped))} finish the hand in play; the leader wins "
            "(a tie plays one more hand)."
        )

    return _act(director_token, "round", form, action)


@bp.post("/e/<director_token>/rounds/<int:number>/close")
def close(director_token: str, number: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        events.close_round(
            get_db(), director_token, number, seen=form.version, submission=form.submission
        )
        return f"Round {number} is closed."

    return _act(director_token, "round", form, action)


def _paper_page(
    director_token: str, at: events.PaperTable, form: PaperForm, status: int = 200
) -> tuple[str, int]:
    page = render_template(
        "events/paper.html", event=at.event, view=at.view, rnd=at.round, table=at.table,
        form=form, token=director_token,
    )  # fmt: skip
    return page, status


@bp.get("/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper")
def paper(director_token: str, number: int, table: int) -> ResponseReturnValue:
    """A table's final points and bags typed from its paper sheet (a correction, too)."""
    try:
        at = events.paper_table(get_db(), director_token, number, table)
    except EventRefused as e:
        flash(e.message, "error")
        return _back(director_token)
    return _paper_page(director_token, at, PaperForm.blank(len(at.table.sides), at.table.paper))


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper")
def enter_paper(director_token: str, number: int, table: int) -> ResponseReturnValue:
    """The paper form sent: the result counts, or the form again with each problem by its
    field and what was typed."""
    form = PaperForm.from_post(request.form)
    try:
        answer = events.submit_paper(get_db(), director_token, number, table, form)
    except EventRefused as e:  # the round has no such table
        flash(e.message, "error")
        return _back(director_token)
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
    return _back(director_token, "round" if answer.at.current else "past")


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper/clear")
def clear_paper(director_token: str, number: int, table: int) -> BaseResponse:
    form = ButtonPost.from_post(request.form)

    def action() -> str:
        events.clear_paper(
            get_db(), director_token, number, table, seen=form.version, submission=form.submission
        )
        return f"Round {number} table {table}: its game counts again."

    return _act(director_token, "round", form, action)


# --- exports ---------------------------------------------------------------------------------


def _file(file: event_files.EventFile, ext: str, what: str) -> Response:
    """An event's file to download, named after the event, its day and what it holds: the
    event file as JSON, the results and standings as CSV for a spreadsheet."""
    name = f"{export_filename([file.name], file.day).removesuffix('.json')}-{what}.{ext}"
    if ext == "csv":
        return downloads.spreadsheet(file.text, name)
    return downloads.attachment(file.text, "application/json", name)


@bp.get("/e/<director_token>/event.json")
def export(director_token: str) -> Response:
    file = event_files.export_file(get_db(), director_token)
    return _file(file, "json", "event")


@bp.get("/e/<director_token>/results.csv")
def results_csv(director_token: str) -> Response:
    return _file(event_files.results_file(get_db(), director_token), "csv", "results")


@bp.get("/e/<director_token>/standings.csv")
def standings_csv(director_token: str) -> Response:
    file = event_files.standings_file(get_db(), director_token)
    return _file(file, "csv", "standings")


# --- printing --------------------------------------------------------------------------------


@bp.get("/e/<director_token>/rounds/<int:number>/packet.pdf")
def packet(director_token: str, number: int) -> ResponseReturnValue:
    """A round's packet: the pairings, a table card per table with the QR code of its scoring
    link (this server's address, as the director's browser reaches it), a pre-filled score
    sheet per table; made in the printing pool and kept while the event is unchanged."""
    try:
        data = events.packet_data(get_db(), director_token, number)
    except EventRefused as e:
        flash(e.message, "error")
        return _back(director_token)
    size = paper_size(request.args.get("paper"))
    tables = tuple(
        packets.PacketTable(
            t.number,
            t.seats,
            t.dealer,
            url_for("games.show", token=t.edit_token, _external=True),
            t.side_names,
        )
        for t in data.round.tables
    )
    event = data.event
    packet = packets.RoundPacket(
        event.name, number, tables, rules=data.rules, preset=data.preset,
        date=event.date or None, byes=data.byes, standings=data.standings,
        tiebreakers=data.tiebreakers, round_name=data.round_name, paper_size=size,
    )  # fmt: skip
    config = current_app.config
    key = (config["DATABASE"], "packet", event.id, number, data.version, size, request.host_url)
    timeout = config["PDF_TIMEOUT"] + PACKET_SECONDS_A_TABLE * len(tables)
    try:
        body = pool.printer().pdf(packet, key=key, timeout=timeout)
    except pool.PrintRefused as e:
        return print_refused(e, url_for("events.console", director_token=director_token))
    return pdf_response(body, f"{event.name} round {number}")


@bp.get("/e/<director_token>/standings.pdf")
def standings_pdf(director_token: str) -> ResponseReturnValue:
    """The standings to print: place, wins, the tie-breakers' figures and why."""
    sheet = events.standings_sheet(get_db(), director_token)
    size = paper_size(request.args.get("paper"))
    doc = packets.StandingsPrint(
        sheet.name, sheet.standings, sheet.tiebreakers, date=sheet.date or None,
        title=sheet.title, note=sheet.note, paper_size=size,
    )  # fmt: skip
    key = (current_app.config["DATABASE"], "standings", sheet.event_id, sheet.version, size)
    try:
        body = pool.printer().pdf(doc, key=key, timeout=current_app.config["PDF_TIMEOUT"])
    except pool.PrintRefused as e:
        return print_refused(e, url_for("events.console", director_token=director_token))
    return pdf_response(body, f"{sheet.name} standings")


# --- links of tables replaced before play ---------------------------------------------------


@bp.app_errorhandler(TableReplaced)
def table_replaced(e: TableReplaced) -> tuple[str, int]:
    """A table's link (scoring or read-only) whose game a swap or re-pair replaced: where to
    look now, never "No such game" (410: the game is gone for good)."""
    link = e.link
    try:
        at = datetime.fromisoformat(link.replaced_at).astimezone().strftime("%H:%M")
    except ValueError:
        at = ""
    return render_template("events/replaced.html", link=link, at=at), 410


# --- the public page -------------------------------------------------------------------------


def _held(public_token: str) -> events.EventPage:
    """The event as its public pages show it, read at most every PUBLIC_HOLD_SECONDS (config)
    by this process: the version a room of phones polls moves at most that often."""
    return events.event_page(get_db(), public_token, hold=_hold())


def _hold() -> float:
    return float(current_app.config.get("PUBLIC_HOLD_SECONDS", events.HOLD_SECONDS))


def _clock_step(shown: events.EventPage, now: float) -> int | None:
    rnd = shown.view.current
    if rnd is None:
        return None
    return rendered.clock_step(rnd.clock_left(now), bool(rnd.clock and rnd.clock.paused), now)


def _public_page(name: str, page: events.EventPage, now: float, **context: Any) -> str:
    return render_template(
        name,
        event=page.event,
        view=page.view,
        about=page.about,
        version=page.version,
        refresh_seconds=REFRESH_SECONDS,
        figure=screens.figure(page.event.tiebreakers),
        now=now,
        **context,
    )


@bp.get("/p/<public_token>")
def public(public_token: str) -> Response:
    """The public page: rendered once a version (and a running clock's step), served again
    with its ETag (304 for a phone that has it), gzip-compressed. ``?table=N``: with that
    table's card on top ("Your table")."""
    shown = _held(public_token)
    now = time.time()
    view = shown.view
    yours = public_page.your_table(view, public_page.table_number(request.args.get("table")))
    number = yours.number if yours else None
    key = ("public", public_token, shown.version, _clock_step(shown, now), number)
    rnd = view.current
    return rendered.answer(
        key,
        lambda: _public_page(
            "events/public.html",
            shown,
            now,
            yours=yours,
            big_round=public_page.big_round(view),
            big_standings=public_page.big_standings(view),
            top=public_page.top_standings(view),
            tables_a_page=public_page.TABLES_A_PAGE,
            standings_a_page=public_page.STANDINGS_A_PAGE,
            tables_pages=ceil(len(rnd.tables) / public_page.TABLES_A_PAGE) if rnd else 0,
        ),  # fmt: skip
    )


@bp.get("/p/<public_token>/tables")
def public_tables(public_token: str) -> Response:
    """A page of the current round's tables (``?page=N``), as the public page shows a round
    too big for it; rendered once a version, like it."""
    shown = _held(public_token)
    now = time.time()
    rnd = shown.view.current
    tables = rnd.tables if rnd else ()
    part = public_page.part(tables, public_page.page_number(request.args.get("page")),
                            public_page.TABLES_A_PAGE)  # fmt: skip
    key = ("tables", public_token, shown.version, _clock_step(shown, now), part.page)
    return rendered.answer(
        key, lambda: _public_page("events/public_tables.html", shown, now, shown=part)
    )


@bp.get("/p/<public_token>/standings")
def public_standings(public_token: str) -> Response:
    """A page of the standings (``?page=N``), as a big event's public page links them."""
    shown = _held(public_token)
    part = public_page.part(
        shown.view.standings, public_page.page_number(request.args.get("page")),
        public_page.STANDINGS_A_PAGE,
    )  # fmt: skip
    key = ("standings", public_token, shown.version, part.page)
    return rendered.answer(
        key, lambda: _public_page("events/public_standings.html", shown, 0.0, shown=part)
    )


@bp.get("/p/<public_token>/find")
def public_find(public_token: str) -> ResponseReturnValue:
    """ "Find your table": one table found goes to the public page with it on top; several,
    or none, are said on a page of their own, with the box to type again."""
    shown = _held(public_token)
    typed = request.args.get("name", "").strip()[:80]
    found = public_page.find(shown.view, typed)
    if len(found) == 1:
        url = url_for(
            "events.public", public_token=public_token, table=found[0].table, _anchor="your-table"
        )
        return redirect(url, 303)
    return _public_page(
        "events/public_find.html", shown, time.time(), found=found, typed=typed,
        limit=public_page.FOUND_AT_MOST,
    )  # fmt: skip


@bp.get("/p/<public_token>/version.json")
def public_version(public_token: str) -> Response:
    """What the public page polls: it reloads when anything it shows changed (the version as
    this process last read it, at most PUBLIC_HOLD_SECONDS ago)."""
    response = jsonify(version=events.polled_version(get_db(), public_token, hold=_hold()))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/p/<public_token>/clock.json")
def clock_now(public_token: str) -> Response:
    """What a table's phone polls to keep its round clock true between hands (a pause, an
    extension): the round, the seconds left (null: none to show), paused."""
    now = events.clock_now(get_db(), public_token)
    response = jsonify(round=now.round, left=now.left, paused=now.paused)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/p/<public_token>/screen")
def projector(public_token: str) -> Response:
    """The projector / TV page: large type, cycling between the standings and the round's
    tables (static/projector.js), reloading when the version moves. The version is read first,
    so a change made while the page is drawn shows at the next poll. Rendered once a version
    (and a minute of the room's clock it shows)."""
    shown = _held(public_token)
    now = time.time()
    seconds = screens.seconds(request.args.get("seconds"))
    updated = datetime.now().strftime("%H:%M")  # the server is in the room: its clock
    key = ("screen", public_token, shown.version, _clock_step(shown, now), seconds, updated)
    return rendered.answer(
        key,
        lambda: render_template(
            "events/projector.html",
            event=shown.event,
            view=shown.view,
            screens=screens.screens(shown.view),
            figure=screens.figure(shown.event.tiebreakers),
            version=shown.version,
            seconds=seconds,
            poll_seconds=screens.POLL_SECONDS,
            updated=updated,
            now=now,
        ),
    )
