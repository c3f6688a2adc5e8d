"""The club's memory on the web: the ladder, players' pages and seasons behind a read-only link
(the club's own, ``/m/<token>``, or any event's public token), the keeper's pages behind the
keeper's link (``/k/<token>``), and the kitchen table's Stats page (this browser's games).

Read-only pages never show a director's or the keeper's link; every route calls one use case.
"""

from __future__ import annotations

import re

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)

from scorekeeper.printing import layout, pool
from scorekeeper.printing.seasons import SeasonPrint
from scorekeeper.service import keeper, memory, memory_files
from scorekeeper.web.db import get_db
from scorekeeper.web.memory_chart import rating_svg
from scorekeeper.web.memory_forms import MergeForm, RenameForm, SeasonForm, place_error
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
    file = memory_files.season_file(get_db(), token, season)
    response = Response(file.text, mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{_slug(file.name)}.csv"'
    return response


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
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:50] or "season"


# --- the kitchen table -------------------------------------------------------------------------


@bp.get("/stats")
def home_stats() -> str:
    stats = memory.home_stats(get_db(), browser_id(create=False))
    return render_template("memory/home_stats.html", stats=stats)


# --- the keeper --------------------------------------------------------------------------------


def _keeper(token: str, page: keeper.KeeperPage, forms: dict, status: int = 200):
    blank = {"rename": RenameForm(), "merge": MergeForm(), "season": SeasonForm()}
    blank.update(forms)
    html = render_template("memory/keeper.html", page=page, token=token, forms=blank)
    return html, status


@bp.get("/k/<token>")
def keeper_home(token: str):
    return _keeper(token, keeper.keeper_page(get_db(), token), {})


def _submit(token: str, which: str, form, change: keeper.KeeperChange | None):
    """Send one keeper's form (None: it did not read); refused, show the page again with the
    form as typed."""
    result = keeper.submit(get_db(), token, change)
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
    result = keeper.submit(get_db(), token, keeper.Unmerge(change))
    if result.said:
        flash(result.said, "info")
    elif result.refused is not None:
        flash(result.refused.message, "error")
    return redirect(url_for("memory.keeper_home", token=token, _anchor="changes"), 303)


@bp.post("/k/<token>/seasons")
def new_season(token: str):
    form = SeasonForm.from_post(request.form)
    return _submit(token, "season", form, form.values())
