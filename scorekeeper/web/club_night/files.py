"""An event's files from the console: the event file (JSON), the results and standings (CSV),
and the printed round packet and standings (PDF)."""

from __future__ import annotations

from flask import (
    Response,
    current_app,
    flash,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper.printing import packets, pool
from scorekeeper.service import EventRefused, club_night
from scorekeeper.web import downloads
from scorekeeper.web.club_night.blueprint import bp
from scorekeeper.web.club_night.console_page import back_to_console
from scorekeeper.web.db import get_db
from scorekeeper.web.kitchen import export_filename
from scorekeeper.web.pdf_answers import paper_size, pdf_response, print_refused

# A round's packet may take longer than a game's sheet (PDF_TIMEOUT): ~0.25 s of one core a
# table here (bench/bench_packets.py), so allow a second a table on a busy laptop.
PACKET_SECONDS_A_TABLE = 1.0

# --- exports ---------------------------------------------------------------------------------


def _file(file: club_night.EventFile, ext: str, what: str) -> Response:
    """An event's file to download, named after the event, its day and what it holds: the
    event file as JSON, the results and standings as CSV for a spreadsheet."""
    name = f"{export_filename([file.name], file.day).removesuffix('.json')}-{what}.{ext}"
    if ext == "csv":
        return downloads.spreadsheet(file.text, name)
    return downloads.attachment(file.text, "application/json", name)


@bp.get("/e/<director_token>/event.json")
def export(director_token: str) -> Response:
    file = club_night.export_file(get_db(), director_token)
    return _file(file, "json", "event")


@bp.get("/e/<director_token>/results.csv")
def results_csv(director_token: str) -> Response:
    return _file(club_night.results_file(get_db(), director_token), "csv", "results")


@bp.get("/e/<director_token>/standings.csv")
def standings_csv(director_token: str) -> Response:
    file = club_night.standings_file(get_db(), director_token)
    return _file(file, "csv", "standings")


# --- printing --------------------------------------------------------------------------------


@bp.get("/e/<director_token>/rounds/<int:number>/packet.pdf")
def packet(director_token: str, number: int) -> ResponseReturnValue:
    """A round's packet: the pairings, a table card per table with the QR code of its scoring
    link (this server's address, as the director's browser reaches it), a pre-filled score
    sheet per table; made in the printing pool and kept while the event is unchanged."""
    try:
        data = club_night.packet_data(get_db(), director_token, number)
    except EventRefused as e:
        flash(e.message, "error")
        return back_to_console(director_token)
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
    sheet = club_night.standings_sheet(get_db(), director_token)
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
