"""Rendered pieces of pages that depend only on what they show: the score sheet, its rows, the
hand form's pads.

The sheet is the largest part of the game page and is asked for several times a hand (the bids
step, the tricks step, the read-only page polling) while the game stays at one version, so it
is rendered once per version and kept. A new version (a hand saved) changes the sheet by a row
or so: each hand's row is kept too, under everything the row shows, so the new version's sheet
renders only the rows that changed. A hand form's tap pads are the same hand after hand (a
player's bid pad changes only with the rules or a tap): each is kept under its content. All
are bounded by the bytes held.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from flask import Flask, current_app, render_template
from markupsafe import Markup

from scorekeeper.cache import SizedCache
from scorekeeper.rules import HandResult, Rules, SideResult
from scorekeeper.service import OpenGame

_sheets: SizedCache[Markup] = SizedCache(16 * 1024 * 1024, len)
_rows: SizedCache[Markup] = SizedCache(8 * 1024 * 1024, len)
_pads: SizedCache[Markup] = SizedCache(4 * 1024 * 1024, len)

# A side's result is a row's content but for its last field, the game's rules (the same for
# every row, and costly to hash): the key leaves it out, and the row never shows it.
assert SideResult._fields[-1] == "rules"  # noqa: S101 -- the key below relies on it


def row_key(hand: HandResult, sides: list[str], links: bool) -> Hashable:
    """Everything a screen row (``row`` of templates/_sheet_row.html) shows."""
    if hand.void:
        return links, len(sides), hand.number, True, hand.note
    return links, hand.number, False, tuple(hand.sides[s][:-1] for s in sides)


def rows_html(current: OpenGame, *, links: bool) -> Markup:
    """The screen sheet's rows, each rendered once for what it shows."""
    sheet = current.sheet
    row = current_app.jinja_env.get_template("_sheet_row.html").module.row  # type: ignore[attr-defined]
    parts = []
    for hand in sheet.hands:
        key = row_key(hand, sheet.sides, links)
        html = _rows.get(key)
        if html is None:
            html = row(hand, sheet.sides, False, links)
            _rows.put(key, html)
        parts.append(html)
    return Markup("").join(parts)


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
                rows=rows_html(current, links=edit_links),
            )
        )
        _sheets.put(key, html)
    return html


def pad_html(pad: Any, form: Any, rules: Rules) -> Markup:
    """One tap pad (``pad`` of templates/games/_pad.html) of a hand form (web.forms.HandForm),
    with what the form holds for it: the value tapped and the message by it."""
    chosen, error = form.get(pad.name), form.errors.get(pad.name)
    blind = bool(pad.blind_numbers)
    win, loss = (rules.blind_win_multiplier, rules.blind_loss_multiplier) if blind else (0, 0)
    key = (pad.name, pad.label, tuple(pad.choices), pad.hint, pad.side, pad.player, pad.kind,
           pad.nil_only, pad.any, chosen, error, win, loss)  # fmt: skip
    html = _pads.get(key)
    if html is None:
        macro = current_app.jinja_env.get_template("games/_pad.html").module.pad  # type: ignore[attr-defined]
        html = macro(pad, chosen, error, win, loss)
        _pads.put(key, html)
    return html


def init_app(app: Flask) -> None:
    app.add_template_global(pad_html)
