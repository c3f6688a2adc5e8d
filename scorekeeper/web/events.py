"""Club events: creating one, the director's console behind its own link, and the public page.

The director's link (``/e/<director_token>``) is a capability like a game's edit link: every
change to the event is addressed by it, and nothing else can change the event. The public link
(``/p/<public_token>``) only reads. Each table's phone uses its game's own edit link
(``/g/<token>``): the ordinary game page, with the event, round and table on top.
"""

from __future__ import annotations

import ipaddress
from datetime import datetime
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.exceptions import RequestEntityTooLarge

from scorekeeper.printing import packets, pool
from scorekeeper.rules import PRESET_DESCRIPTIONS, PRESETS
from scorekeeper.service import EventRefused, event_files, events, library
from scorekeeper.web import projector as screens
from scorekeeper.web.db import get_db
from scorekeeper.web.event_forms import (
    FORMAT_CHOICES,
    ROUND_END_OPTIONS,
    SEATING_CHOICES,
    TIEBREAKER_SLOTS,
    TIEBREAKER_WORDS,
    EventForm,
    PaperForm,
)
from scorekeeper.web.games import _option_groups, _preset_data
from scorekeeper.web.paper import _paper_size, _pdf_response, _refused
from scorekeeper.web.session import browser_id, remember_event
from scorekeeper.web.share import export_filename

bp = Blueprint("events", __name__)

REFRESH_SECONDS = 10  # how often the public page asks whether anything changed
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
        groups=_option_groups(),
        preset_data=_preset_data(),
        formats=FORMAT_CHOICES,
        seatings=SEATING_CHOICES,
        tiebreaker_words=TIEBREAKER_WORDS,
        slots=TIEBREAKER_SLOTS,
        hidden_options=ROUND_END_OPTIONS,
    )
    return page, status


@bp.route("/events/new", methods=["GET", "POST"])
def new():
    if request.method == "GET":
        return _render_new(EventForm.blank())
    form = EventForm.from_post(request.form)
    if request.form.get("apply_preset"):
        return _render_new(form)
    settings = form.settings()
    if settings is None:
        return _render_new(form, 422)
    try:
        event = events.create_event(get_db(), settings)
    except EventRefused as e:
        form.place_error(e.field, e.message)
        return _render_new(form, 422)
    remember_event(event.director_token)
    flash("The event is ready. Register the entrants, then seat round 1.", "info")
    return redirect(url_for("events.console", director_token=event.director_token), 303)


@bp.route("/events/import", methods=["GET", "POST"])
def import_event():
    error = ""
    if request.method == "POST":
        try:
            upload = request.files.get("file")
            text = upload.read().decode("utf-8") if upload and upload.filename else ""
        except UnicodeDecodeError:
            text, error = "", "That file is not UTF-8 text: is it an event file?"
        except RequestEntityTooLarge:
            raise
        text = text or request.form.get("text", "")
        if not error and not text.strip():
            error = "Choose an event file (or paste its text)."
        if not error:
            try:
                event = event_files.import_event(get_db(), text)
            except EventRefused as e:
                error = e.message
            else:
                remember_event(event.director_token)
                flash("Imported as a new event, with new links for it and every table.", "info")
                return redirect(url_for("events.console", director_token=event.director_token), 303)
    page = render_template("events/import.html", error=error)
    return page, 422 if error else 200


# --- the director's console ------------------------------------------------------------------


def _open(director_token: str):  # type: ignore[no-untyped-def]
    return events.open_director(get_db(), director_token)


def _console(director_token: str, *, register: dict | None = None, status: int = 200):  # type: ignore[type-arg]
    db = get_db()
    event = _open(director_token)
    view = events.overview(db, event)
    remember_event(director_token)
    page = render_template(
        "events/console.html",
        event=event,
        view=view,
        about=events.describe(event),
        step=events.next_step(view),
        register=register or {"names": ["", ""], "team": "", "error": ""},
        known_people=library.player_names(db, browser_id(create=False)),
        token=director_token,
        local_address=_loopback(request.host_url),
    )
    return page, status


def _loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (localhost): a phone cannot open such a link,
    so the table cards' QR codes would lead nowhere."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _back(director_token: str, anchor: str = "round") -> Response:
    return redirect(url_for("events.console", director_token=director_token, _anchor=anchor), 303)


def _act(director_token: str, anchor: str, action) -> Response:  # type: ignore[no-untyped-def]
    """Run a console action; its refusal (or its sentence) shows at the top of the console."""
    try:
        said = action(_open(director_token))
    except EventRefused as e:
        flash(e.message, "error")
    else:
        if said:
            for line in [said] if isinstance(said, str) else said:
                flash(line, "info")
    return _back(director_token, anchor)


@bp.get("/e/<director_token>")
def console(director_token: str):
    return _console(director_token)


@bp.post("/e/<director_token>/entrants")
def register(director_token: str):
    names = [request.form.get(f"name-{i}", "").strip()[:200] for i in range(2)]
    team = request.form.get("team", "").strip()[:200]
    event = _open(director_token)
    try:
        entrant = events.register(get_db(), event, names, team)
    except EventRefused as e:
        typed = {"names": names, "team": team, "error": e.message}
        return _console(director_token, register=typed, status=422)
    later = f" (joins from round {entrant.joined_round})" if entrant.joined_round > 1 else ""
    flash(f"Registered {entrant.name}{later}.", "info")
    return _back(director_token, "entrants")


@bp.post("/e/<director_token>/entrants/<int:entrant>/drop")
def drop(director_token: str, entrant: int):
    def action(event):  # type: ignore[no-untyped-def]
        name = events.set_active(get_db(), event, entrant, False)
        return f"{name} dropped: kept in the standings, not seated again."

    return _act(director_token, "entrants", action)


@bp.post("/e/<director_token>/entrants/<int:entrant>/reinstate")
def reinstate(director_token: str, entrant: int):
    def action(event):  # type: ignore[no-untyped-def]
        return f"{events.set_active(get_db(), event, entrant, True)} is back: seated next round."

    return _act(director_token, "entrants", action)


def _table_number(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii() or len(text) > 4:
        raise EventRefused("A table number is a whole number, like 3.")
    return int(text)


@bp.post("/e/<director_token>/entrants/<int:entrant>/fix")
def fix(director_token: str, entrant: int):
    anchor = request.form.get("from", "entrants")
    anchor = anchor if anchor in ("entrants", "round") else "entrants"

    def action(event):  # type: ignore[no-untyped-def]
        number = _table_number(request.form.get("table", ""))
        return events.fix_entrant(get_db(), event, entrant, number)

    return _act(director_token, anchor, action)


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/fix")
def fix_table(director_token: str, number: int, table: int):
    """Keep the chosen entrant of this table at its number in every round."""

    def action(event):  # type: ignore[no-untyped-def]
        return events.fix_entrant(get_db(), event, _entrant_id("entrant"), table)

    return _act(director_token, "round", action)


@bp.post("/e/<director_token>/rounds")
def seat(director_token: str):
    def action(event):  # type: ignore[no-untyped-def]
        rnd = events.seat_next_round(get_db(), event)
        return [f"Round {rnd.number} is seated: {len(rnd.tables)} tables.", *rnd.notes]

    return _act(director_token, "round", action)


def _entrant_id(name: str) -> int:
    text = request.form.get(name, "")
    if not text.isdigit() or not text.isascii() or len(text) > 18:
        raise EventRefused("Choose an entrant." if name == "entrant" else "Choose two to swap.")
    return int(text)


@bp.post("/e/<director_token>/rounds/<int:number>/swap")
def swap(director_token: str, number: int):
    def action(event):  # type: ignore[no-untyped-def]
        first, second = _entrant_id("first"), _entrant_id("second")
        warnings = events.swap(get_db(), event, number, first, second)
        return ["Swapped: the tables they changed have new scoring links."] + [
            f"Warning: {w}" for w in warnings
        ]

    return _act(director_token, "round", action)


@bp.post("/e/<director_token>/rounds/<int:number>/repair")
def repair(director_token: str, number: int):
    def action(event):  # type: ignore[no-untyped-def]
        rnd = events.repair_round(get_db(), event, number)
        return f"Round {number} is paired again: {len(rnd.tables)} tables, new scoring links."

    return _act(director_token, "round", action)


@bp.post("/e/<director_token>/rounds/<int:number>/time")
def call_time(director_token: str, number: int):
    def action(event):  # type: ignore[no-untyped-def]
        capped = events.call_time(get_db(), event, number)
        if not capped:
            return "Time called. No table was still playing."
        return (
            f"Time called: table{'s' if len(capped) > 1 else ''} "
            f"{', '.join(map(str, capped))} finish the hand in play; the leader wins "
            "(a tie plays one more hand)."
        )

    return _act(director_token, "round", action)


@bp.post("/e/<director_token>/rounds/<int:number>/close")
def close(director_token: str, number: int):
    def action(event):  # type: ignore[no-untyped-def]
        events.close_round(get_db(), event, number)
        return f"Round {number} is closed."

    return _act(director_token, "round", action)


def _paper_table(director_token: str, number: int, table: int):  # type: ignore[no-untyped-def]
    """(event, overview, round, table) a paper result is for; None, with a note for the
    console, when the round has no such table."""
    event = _open(director_token)
    view = events.overview(get_db(), event)
    rnd = view.round(number)
    found = rnd.table(table) if rnd else None
    if rnd is None or found is None:
        flash(f"Round {number} has no table {table}.", "error")
        return None
    return event, view, rnd, found


def _paper_page(director_token: str, at, form: PaperForm, status=200):  # type: ignore[no-untyped-def]
    event, view, rnd, found = at
    page = render_template(
        "events/paper.html", event=event, view=view, rnd=rnd, table=found, form=form,
        token=director_token,
    )  # fmt: skip
    return page, status


@bp.route(
    "/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper", methods=["GET", "POST"]
)
def paper(director_token: str, number: int, table: int):
    """A table's final points and bags typed from its paper sheet (a correction, too)."""
    at = _paper_table(director_token, number, table)
    if at is None:
        return _back(director_token)
    event, view, rnd, found = at
    if request.method == "GET":
        return _paper_page(director_token, at, PaperForm.blank(len(found.sides), found.paper))
    form = PaperForm.from_post(request.form, len(found.sides))
    read = form.read()
    if read is None:
        return _paper_page(director_token, at, form, 422)
    try:
        events.enter_paper(get_db(), event, number, table, *read)
    except EventRefused as e:
        form.errors[e.field or "form"] = e.message
        return _paper_page(director_token, at, form, 422)
    flash(f"Round {number} table {table}: the paper result counts.", "info")
    return _back(director_token, "round" if rnd is view.current else "past")


@bp.post("/e/<director_token>/rounds/<int:number>/tables/<int:table>/paper/clear")
def clear_paper(director_token: str, number: int, table: int):
    def action(event):  # type: ignore[no-untyped-def]
        events.clear_paper(get_db(), event, number, table)
        return f"Round {number} table {table}: its game counts again."

    return _act(director_token, "round", action)


# --- exports ---------------------------------------------------------------------------------


def _download(text: str, mimetype: str, name: str) -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _filename(event, ext: str, what: str = "") -> str:  # type: ignore[no-untyped-def]
    stem = export_filename([event.name], event.date or event.created_at[:10]).removesuffix(".json")
    return f"{stem}{'-' + what if what else ''}.{ext}"


@bp.get("/e/<director_token>/event.json")
def export(director_token: str) -> Response:
    event = _open(director_token)
    text = event_files.export_text(get_db(), event)
    return _download(text, "application/json", _filename(event, "json", "event"))


@bp.get("/e/<director_token>/results.csv")
def results_csv(director_token: str) -> Response:
    event = _open(director_token)
    text = event_files.results_csv(events.overview(get_db(), event))
    return _download(text, "text/csv", _filename(event, "csv", "results"))


@bp.get("/e/<director_token>/standings.csv")
def standings_csv(director_token: str) -> Response:
    event = _open(director_token)
    text = event_files.standings_csv(events.overview(get_db(), event))
    return _download(text, "text/csv", _filename(event, "csv", "standings"))


# --- printing --------------------------------------------------------------------------------


@bp.get("/e/<director_token>/rounds/<int:number>/packet.pdf")
def packet(director_token: str, number: int) -> Response | tuple:
    """A round's packet: the pairings, a table card per table with the QR code of its scoring
    link (this server's address, as the director's browser reaches it), a pre-filled score
    sheet per table; made in the printing pool and kept while the event is unchanged."""
    event = _open(director_token)
    try:
        data = events.packet_data(get_db(), event, number)
    except EventRefused as e:
        flash(e.message, "error")
        return _back(director_token)
    size = _paper_size(request.args.get("paper"))
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
        return _refused(e, url_for("events.console", director_token=director_token))
    return _pdf_response(body, f"{event.name} round {number}")


@bp.get("/e/<director_token>/standings.pdf")
def standings_pdf(director_token: str) -> Response | tuple:
    """The standings to print: place, wins, the tie-breakers' figures and why."""
    db = get_db()
    event = _open(director_token)
    view = events.overview(db, event)
    current = view.current
    if view.complete:
        title = "Final standings"
    elif current is None or current.closed:
        title = f"Standings after round {current.number}" if current else "Standings"
    else:
        title = f"Standings during round {current.number} (its finished tables count)"
    note = events.describe(event).format
    if view.champion:
        note += f". Champion: {view.champion}"
    size = _paper_size(request.args.get("paper"))
    doc = packets.StandingsPrint(
        event.name, view.standings, view.config.tiebreakers, date=event.date or None,
        title=title, note=note, paper_size=size,
    )  # fmt: skip
    version = events.public_version(db, event.public_token)
    key = (current_app.config["DATABASE"], "standings", event.id, version, size)
    try:
        body = pool.printer().pdf(doc, key=key, timeout=current_app.config["PDF_TIMEOUT"])
    except pool.PrintRefused as e:
        return _refused(e, url_for("events.console", director_token=director_token))
    return _pdf_response(body, f"{event.name} standings")


# --- the public page -------------------------------------------------------------------------


@bp.get("/p/<public_token>")
def public(public_token: str) -> str:
    db = get_db()
    event = events.open_public(db, public_token)
    view = events.overview(db, event)
    return render_template(
        "events/public.html",
        event=event,
        view=view,
        about=events.describe(event),
        version=events.public_version(db, public_token),
        refresh_seconds=REFRESH_SECONDS,
    )


@bp.get("/p/<public_token>/version.json")
def public_version(public_token: str) -> Response:
    """What the public page polls: it reloads when anything it shows changed."""
    response = jsonify(version=events.public_version(get_db(), public_token))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/p/<public_token>/screen")
def projector(public_token: str) -> str:
    """The projector / TV page: large type, cycling between the standings and the round's
    tables (static/projector.js), reloading when the version moves. The version is read first,
    so a change made while the page is drawn shows at the next poll."""
    db = get_db()
    version = events.public_version(db, public_token)
    event = events.open_public(db, public_token)
    view = events.overview(db, event)
    return render_template(
        "events/projector.html",
        event=event,
        view=view,
        screens=screens.screens(view),
        figure=screens.figure(event.tiebreakers),
        version=version,
        seconds=screens.seconds(request.args.get("seconds")),
        poll_seconds=screens.POLL_SECONDS,
        updated=datetime.now().strftime("%H:%M"),  # the server is in the room: its clock
    )
