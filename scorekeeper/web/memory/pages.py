"""The club's memory on the web: the ladder, players' pages and seasons behind a read-only link
(the club's own, ``/m/<token>``, or any event's public token), the keeper's pages behind the
keeper's link (``/k/<token>``), and the kitchen table's Stats page (this browser's games).

Read-only pages never show a director's or the keeper's link; every route calls one use case.
"""

from __future__ import annotations

import ipaddress

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)

from scorekeeper.config import proxy_count
from scorekeeper.printing import layout, pool
from scorekeeper.printing.seasons import SeasonPrint
from scorekeeper.service import memory
from scorekeeper.web import downloads
from scorekeeper.web.db import get_db
from scorekeeper.web.filenames import slug
from scorekeeper.web.memory.chart import rating_svg
from scorekeeper.web.memory.figures_doc import stats_doc
from scorekeeper.web.memory.forms import MergeForm, RenameForm, SeasonForm, place_error
from scorekeeper.web.session import browser_id

bp = Blueprint("memory", __name__)


# --- read-only ---------------------------------------------------------------------------------


@bp.get("/m/<token>")
def ladder(token: str) -> str:
    page = memory.ladder_page(get_db(), token)
    return render_template("memory/ladder.html", page=page, token=token)


@bp.get("/m/<token>/people/<int:person>")
def player(token: str, person: int) -> str:
    page = memory.player_page(get_db(), token, person)
    return _player(page, token)


@bp.get("/m/<token>/who/<name>")
def player_named(token: str, name: str) -> str:
    """A player's page by name (the links beside the names at a table)."""
    page = memory.player_page(get_db(), token, name[:200])
    return _player(page, token)


def _player(page: memory.PlayerPage, token: str) -> str:
    chart = rating_svg(page.chart, page.name)
    return render_template("memory/player.html", page=page, token=token, chart=chart)


@bp.get("/m/<token>/seasons/<int:season>")
def season(token: str, season: int) -> str:
    page = memory.season_page(get_db(), token, season)
    return render_template("memory/season.html", page=page, token=token)


@bp.get("/m/<token>/seasons/<int:season>.csv")
def season_csv(token: str, season: int) -> Response:
    file = memory.season_file(get_db(), token, season)
    return downloads.spreadsheet(file.text, f"{_slug(file.name)}.csv")


@bp.get("/m/<token>/seasons/<int:season>.pdf")
def season_pdf(token: str, season: int) -> Response | tuple[str, int]:
    page = memory.season_page(get_db(), token, season)
    paper = layout.known_paper_size(
        request.args.get("paper") or current_app.config.get("PAPER_SIZE")
    )
    doc = SeasonPrint(
        page.name, page.when, page.scheme.words(),
        tuple((r.row.place_label, r.name, r.row.points, r.row.attended, r.row.wins,
               r.row.eligible, r.row.why) for r in page.lines),
        paper,
    )  # fmt: skip
    try:
        timeout = current_app.config["PDF_TIMEOUT"]
        body = pool.printer().pdf(doc, key=("season", doc), timeout=timeout)
    except pool.PrintRefused as e:
        message = str(e) or "The PDF could not be made just now: try again."
        page_html = render_template(
            "errors/error.html", code=503, title="Not printed", message=message
        )
        return page_html, 503
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'attachment; filename="{_slug(page.name)}.pdf"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/m/<token>/seasons/<int:season>/screen")
def season_screen(token: str, season: int) -> str:
    page = memory.season_page(get_db(), token, season)
    return render_template("memory/season_screen.html", page=page, token=token)


def _slug(name: str) -> str:
    return slug(name, 50) or "season"


@bp.get("/club/figures")
def figures_doc() -> str:
    """How every figure is counted: docs/stats.md, as a page (no link needed: it names no
    one)."""
    return render_template("memory/figures_doc.html", doc=stats_doc())


# --- the club's links, on the machine that runs the server --------------------------------------

# Headers a proxy adds: a request that carries one came through a proxy, whatever its address
# says (waitress drops the X-Forwarded ones it does not trust, so the others count too).
_PROXY_HEADERS = ("Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Real-IP", "Via")


def _loopback(name: str | None) -> bool:
    if not name:
        return False
    if name.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def on_this_computer() -> bool:
    """Whether this request came from the machine that runs the server, and says so in every
    way it can: its peer is a loopback address; the address typed in the browser (Host) is this
    machine's own, so a page elsewhere whose name was made to point at 127.0.0.1 (DNS
    rebinding) is not; and no proxy stands between (PROXY_FIX is 0, no proxy header came):
    behind a proxy every request would come from the proxy's loopback address."""
    if proxy_count(current_app.config) or any(h in request.headers for h in _PROXY_HEADERS):
        return False
    host = request.host
    name = host[: host.index("]") + 1] if host.startswith("[") else host.rsplit(":", 1)[0]
    return _loopback(request.remote_addr) and _loopback(name)


def _club_page(links: memory.ClubLinks | None) -> Response:
    # where the machine that runs the server opens this page: its own port on 127.0.0.1 (none
    # to say behind a proxy, where the keeper uses the command line)
    port = request.environ.get("SERVER_PORT", "")
    here = None if proxy_count(current_app.config) or not port.isdigit() else port
    # the links as the phones in the room open them (the address `scorekeeper serve` found on
    # the club's network), else as this browser did
    lan = current_app.config.get("LAN_ADDRESSES") or []
    base = lan[0] if lan else request.host_url
    html = render_template(
        "memory/club.html", links=links, local=links is not None, port=here, base=base
    )
    response = Response(html)
    response.headers["Cache-Control"] = "no-store"  # the keeper's link is kept nowhere
    return response


@bp.get("/club")
def club() -> Response:
    """The club's memory: what it is and, on the machine that runs the server (whoever sits
    there holds the database and the command line already), the keeper's and the read-only
    links; elsewhere, how to get them. A director's phone never sees the keeper's link."""
    if not on_this_computer():
        return _club_page(None)
    return _club_page(memory.club_links(get_db()))


@bp.post("/club/keeper-link")
def new_keeper_link():
    """A new keeper's link (the old one stops), from the machine that runs the server only."""
    if not on_this_computer():
        abort(404)
    memory.club_links(get_db(), new_keeper=True)
    flash("A new keeper's link: the old one no longer opens the keeper's page.", "info")
    return redirect(url_for("memory.club"), 303)


# --- the kitchen table -------------------------------------------------------------------------


@bp.get("/stats")
def home_stats() -> str:
    stats = memory.home_stats(get_db(), browser_id(create=False))
    return render_template("memory/home_stats.html", stats=stats)


# --- the keeper --------------------------------------------------------------------------------


def _keeper(token: str, page: memory.KeeperPage, forms: dict, status: int = 200):
    blank = {"rename": RenameForm(), "merge": MergeForm(), "season": SeasonForm()}
    blank.update(forms)
    html = render_template("memory/keeper.html", page=page, token=token, forms=blank)
    return html, status


@bp.get("/k/<token>")
def keeper_home(token: str):
    return _keeper(token, memory.keeper_page(get_db(), token), {})


def _submit(token: str, which: str, form, change: memory.KeeperChange | None):
    """Send one keeper's form (None: it did not read); refused, show the page again with the
    form as typed."""
    result = memory.submit(get_db(), token, change)
    if result.said is None:
        assert result.page is not None  # keeper.submit returns a refusal with its page
        if result.refused is not None:
            place_error(form, which, result.refused.field, result.refused.message)
        return _keeper(token, result.page, {which: form}, 422)
    flash(result.said, "info")
    return redirect(url_for("memory.keeper_home", token=token, _anchor=which), 303)


@bp.post("/k/<token>/rename")
def rename(token: str):
    form = RenameForm.from_post(request.form)
    return _submit(token, "rename", form, form.values())


@bp.post("/k/<token>/merge")
def merge(token: str):
    form = MergeForm.from_post(request.form)
    return _submit(token, "merge", form, form.values())


@bp.post("/k/<token>/merges/<int:change>/undo")
def unmerge(token: str, change: int):
    result = memory.submit(get_db(), token, memory.Unmerge(change))
    if result.said:
        flash(result.said, "info")
    elif result.refused is not None:
        flash(result.refused.message, "error")
    return redirect(url_for("memory.keeper_home", token=token, _anchor="changes"), 303)


@bp.post("/k/<token>/seasons")
def new_season(token: str):
    form = SeasonForm.from_post(request.form)
    return _submit(token, "season", form, form.values())
