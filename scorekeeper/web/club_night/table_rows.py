"""A round's tables as the console and the public pages list them, each row rendered once for
what it shows.

A 1,000-table console's live part is a thousand table rows, and a new version (a table saved a
hand) changes a row or two: drawing all of them again took nine tenths of the live part's time.
Each row without a form is kept under everything it shows (:func:`row_key`); the rows of a
round whose seating may still be fixed carry a form (the session's CSRF token, a one-time id,
the event's version) and are drawn each time, as they are only before the round's first hand.
Bounded by the bytes held; the kept rows of a finished round are dropped as new ones come.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable

from flask import get_template_attribute, request
from markupsafe import Markup

from scorekeeper.cache import SizedCache
from scorekeeper.service.club_night import EventView, RoundView, TableView
from scorekeeper.web.club_night.blueprint import bp

_rows: SizedCache[Markup] = SizedCache(8 * 1024 * 1024, len)


def row_key(
    t: TableView, rnd: RoundView, view: EventView, director: str | None, script_root: str
) -> Hashable:
    """Everything a row without a form shows (``row`` of templates/club_night/_table_row.html):
    whose console it is (its links), the round, the event's public link (the players' pages),
    the path the app is served under, and the table: its number, seats, dealer, sides and their
    names, links, whether it is fixed, and its game's outcome or paper result (from which its
    status, totals and leader are read)."""
    paper = None if t.paper is None else json.dumps(t.paper, sort_keys=True)
    return (
        director, rnd.number, view.event.public_token, script_root, t.number, t.fixed, t.seats,
        t.dealer, t.sides, t.side_names, t.edit_token, t.view_token, t.outcome, paper,
    )  # fmt: skip


@bp.app_template_global("table_rows")
def rows_html(
    tables: Iterable[TableView],
    rnd: RoundView,
    view: EventView,
    director: str | None,
    fixing: bool,
    version: int | None,
) -> Markup:
    """The rows of ``tables`` (templates/club_night/_tables.html), joined: each kept when it has
    no form, drawn anew when it has one (the director's, while the seating may be fixed)."""
    row: Callable[..., Markup] = get_template_attribute("club_night/_table_row.html", "row")
    if director and fixing:
        return Markup("").join(row(t, rnd, view, director, fixing, version) for t in tables)
    script_root = request.script_root
    parts = []
    for t in tables:
        key = row_key(t, rnd, view, director, script_root)
        html = _rows.get(key)
        if html is None:
            html = row(t, rnd, view, director, fixing, version)
            _rows.put(key, html)
        parts.append(html)
    return Markup("").join(parts)
