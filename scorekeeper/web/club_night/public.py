"""The public pages of an event (``/p/<public_token>``: it only reads), the projector's screen,
what they poll, and the page a replaced table's link leads to.

Each table's phone uses its game's own edit link (``/g/<token>``): the ordinary game page, with
the event, round and table on top."""

from __future__ import annotations

import time
from datetime import datetime
from math import ceil
from typing import Any

from flask import (
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper.service import TableReplaced, club_night
from scorekeeper.web.club_night import projector as screens
from scorekeeper.web.club_night import public_page, rendered
from scorekeeper.web.club_night.blueprint import REFRESH_SECONDS, bp
from scorekeeper.web.db import get_db

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
    return render_template("club_night/replaced.html", link=link, at=at), 410


# --- the public page -------------------------------------------------------------------------


def _held(public_token: str) -> club_night.EventPage:
    """The event as its public pages show it, read at most every PUBLIC_HOLD_SECONDS (config)
    by this process: the version a room of phones polls moves at most that often."""
    return club_night.event_page(get_db(), public_token, hold=_hold())


def _hold() -> float:
    return float(current_app.config.get("PUBLIC_HOLD_SECONDS", club_night.HOLD_SECONDS))


def _clock_step(shown: club_night.EventPage, now: float) -> int | None:
    rnd = shown.view.current
    if rnd is None:
        return None
    return rendered.clock_step(rnd.clock_left(now), bool(rnd.clock and rnd.clock.paused), now)


def _public_page(name: str, page: club_night.EventPage, now: float, **context: Any) -> str:
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
            "club_night/public.html",
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
        key, lambda: _public_page("club_night/public_tables.html", shown, now, shown=part)
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
        key, lambda: _public_page("club_night/public_standings.html", shown, 0.0, shown=part)
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
        "club_night/public_find.html", shown, time.time(), found=found, typed=typed,
        limit=public_page.FOUND_AT_MOST,
    )  # fmt: skip


@bp.get("/p/<public_token>/version.json")
def public_version(public_token: str) -> Response:
    """What the public page polls: it reloads when anything it shows changed (the version as
    this process last read it, at most PUBLIC_HOLD_SECONDS ago)."""
    response = jsonify(version=club_night.polled_version(get_db(), public_token, hold=_hold()))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/p/<public_token>/clock.json")
def clock_now(public_token: str) -> Response:
    """What a table's phone and the projector poll to keep the round clock true between hands
    (a pause, an extension): the round, the seconds left (null: none to show), paused, and
    whether time was called (a table's phone then says so, with a clock or without)."""
    now = club_night.clock_now(get_db(), public_token)
    response = jsonify(round=now.round, left=now.left, paused=now.paused, called=now.called)
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
            "club_night/projector.html",
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
