"""Rendered pieces of pages that depend only on a game's version: the score sheet.

The sheet is the largest part of the game page and is asked for several times a hand (the bids
step, the tricks step, the read-only page polling) while the game stays at one version, so it
is rendered once per version and kept, bounded by the bytes held.
"""

from __future__ import annotations

from flask import render_template
from markupsafe import Markup

from scorekeeper.cache import SizedCache
from scorekeeper.service import OpenGame

_sheets: SizedCache[Markup] = SizedCache(16 * 1024 * 1024, len)


def sheet_html(current: OpenGame, *, edit_links: bool) -> Markup:
    """The screen sheet (templates/_sheet.html); ``edit_links`` makes each hand's number a link
    to the page that explains and fixes it (the edit link's page only)."""
    key = (current.record.edit_token, current.record.version, edit_links)
    html = _sheets.get(key)
    if html is None:
        html = Markup(  # noqa: S704 -- the template's own autoescaped output
            render_template(
                "_sheet.html",
                sheet=current.sheet,
                game=current.game,
                printing=False,
                edit_token=current.record.edit_token if edit_links else None,
            )
        )
        _sheets.put(key, html)
    return html
