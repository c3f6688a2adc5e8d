"""Rendered pieces of pages that depend only on what they show: the score sheet's rows, the
hand form's pads, the game page around its hand form.

The sheet is the largest part of the game page, and a new version (a hand saved) changes it by
a row or so: each hand's row is kept under everything the row shows, so a sheet renders only
the rows that changed and joins the rest. A hand form's tap pads are the same hand after hand
(a player's bid pad changes only with the rules or a tap): each is kept under its content.

The game page itself (templates/kitchen/games/show.html) is the same at one version for the
bids step and the tricks step but for the hand form, the notes a redirect left, the forms' CSRF
token and their one-time ids: it is kept per version with a slot for each of these, filled in
for each request. A slot is an HTML comment, which nothing typed can make (``<`` is always escaped).
All are bounded by the bytes held.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask, current_app, get_template_attribute, request
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper.cache import SizedCache
from scorekeeper.rules import HandResult, Rules, SideResult
from scorekeeper.rules.words import set_mark
from scorekeeper.service import OpenGame
from scorekeeper.web import offline, saving

_rows: SizedCache[Markup] = SizedCache(8 * 1024 * 1024, len)
_pads: SizedCache[Markup] = SizedCache(4 * 1024 * 1024, len)
_pages: SizedCache[str] = SizedCache(16 * 1024 * 1024, len)

SLOT_FORM = Markup("<!--slot:hand-form-->")
SLOT_NOTES = Markup("<!--slot:notes-->")
SLOT_CSRF = Markup("<!--slot:csrf-->")
SLOT_SUBMISSION = Markup("<!--slot:submission-->")

# A side's result is a row's content but for its last field, the game's rules (the same for
# every row, and costly to hash): the key leaves it out, and the row never shows it.
assert SideResult._fields[-1] == "rules"  # noqa: S101 -- the key below relies on it


def render(name: str, **context: Any) -> str:
    """A template of the game page rendered straight from the Jinja environment: these
    templates read only what they are given and the app's globals (never ``request``,
    ``session`` or ``g``), so Flask's per-render context and signals are left out."""
    return current_app.jinja_env.get_template(name).render(context)


def row_key(
    hand: HandResult,
    sides: list[str],
    links: bool,
    race: bool = False,
    bags: bool = True,
    missed: str = "set",
) -> Hashable:
    """Everything a screen row (``row`` of templates/_sheet_row.html) shows; ``race``: a race's
    row (no bid, no bags); ``bags``: the rules have bags (``Rules.has_bags``), so a Bags cell;
    ``missed``: the word a bid not made is marked with (``words.set_mark``)."""
    if hand.void:
        return links, len(sides), hand.number, True, hand.note, race, bags
    return links, hand.number, False, tuple(hand.sides[s][:-1] for s in sides), race, bags, missed


def macro(template: str, name: str) -> Callable[..., Markup]:
    """A macro of one of the app's templates (Flask's ``get_template_attribute``), typed as
    the callable it is, which no type checker can know."""
    found: Callable[..., Markup] = get_template_attribute(template, name)
    return found


def rows_html(current: OpenGame, *, links: bool) -> Markup:
    """The screen sheet's rows, each rendered once for what it shows."""
    sheet = current.sheet
    row = macro("_sheet_row.html", "row")
    parts = []
    race, bags = current.game.rules.race_tricks is not None, current.game.rules.has_bags
    missed = set_mark(current.game.preset)
    for hand in sheet.hands:
        key = row_key(hand, sheet.sides, links, race, bags, missed)
        html = _rows.get(key)
        if html is None:
            html = row(hand, sheet.sides, False, links, race, bags, missed)
            _rows.put(key, html)
        parts.append(html)
    return Markup("").join(parts)


def sheet_html(current: OpenGame, *, edit_links: bool, why_links: bool = False) -> Markup:
    """The screen sheet (templates/_sheet.html) around its kept rows; ``edit_links`` makes each
    hand's number a link to the page that explains and fixes it (the edit link's page only),
    ``why_links`` a link to ``?hand=N`` of the page it is on (the read-only page's "why")."""
    return Markup(  # noqa: S704 -- the template's own autoescaped output
        render(
            "_sheet.html",
            sheet=current.sheet,
            game=current.game,
            printing=False,
            edit_token=current.facts.edit_token if edit_links else None,
            rows=rows_html(current, links=edit_links or why_links),
        )
    )


class Later:
    """A piece of a page made only if a template prints it (Jinja calls ``__html__``): the game
    page's sheet, which the page kept at this version (``_pages``) already holds."""

    def __init__(self, make: Callable[[], Markup]) -> None:
        self._make = make

    def __html__(self) -> Markup:
        return self._make()


def pad_html(pad: Any, form: Any, rules: Rules) -> Markup:
    """One tap pad (``pad`` of templates/kitchen/games/_pad.html) of a hand form
    (web.kitchen.hand_form.HandForm), with what the form holds for it: the value tapped and the
    message by it."""
    chosen, error = form.get(pad.name), form.errors.get(pad.name)
    blind = bool(pad.blind_numbers)
    win, loss = (rules.blind_win_multiplier, rules.blind_loss_multiplier) if blind else (0, 0)
    key = (pad.name, pad.label, tuple(pad.choices), pad.hint, pad.side, pad.player, pad.kind,
           pad.nil_only, pad.any, pad.partner, pad.bars, chosen, error, win, loss)  # fmt: skip
    html = _pads.get(key)
    if html is None:
        html = macro("kitchen/games/_pad.html", "pad")(pad, chosen, error, win, loss)
        _pads.put(key, html)
    return html


def game_page(current: OpenGame, context: dict[str, Any], hand_form: str, *, keep: bool) -> str:
    """templates/kitchen/games/show.html with ``context`` (everything but the hand form and the
    notes) around ``hand_form``; kept per version when ``keep`` (the context is then the version's
    own: no out-of-date note)."""
    offline.shown_version(current.facts.version)
    if not keep:
        form = Markup(hand_form)  # noqa: S704 -- kitchen/games/_hand_form.html, rendered
        return render(
            "kitchen/games/show.html", **context, hand_form_html=form, notes_html=_notes()
        )
    event = context.get("event_table")
    key = (
        current.facts.edit_token, current.facts.version, context.get("editing"), event,
        context.get("last_action"), context.get("redo_action"), request.script_root,
        request.host_url,
    )  # fmt: skip
    frame = _pages.get(key)
    if frame is None:
        frame = render(
            "kitchen/games/show.html", **context, hand_form_html=SLOT_FORM, notes_html=SLOT_NOTES,
            csrf_token=lambda: SLOT_CSRF, new_submission=lambda: SLOT_SUBMISSION,
        )  # fmt: skip
        _pages.put(key, frame)
    if SLOT_CSRF in frame:
        frame = frame.replace(SLOT_CSRF, generate_csrf())
    first, *rest = frame.split(SLOT_SUBMISSION)
    frame = first + "".join(saving.new_id() + part for part in rest)
    return frame.replace(SLOT_FORM, hand_form, 1).replace(SLOT_NOTES, _notes(), 1)


def _notes() -> Markup:
    """The notes a redirect left for this page ("Hand 9 was already saved"), once: the
    ``notes`` macro of templates/_macros.html, taken from the template's module once (a
    ``{% from %}`` import in a template costs a set difference of every global, each page)."""
    notes: Markup = macro("_macros.html", "notes")()
    return notes


def init_app(app: Flask) -> None:
    app.add_template_global(pad_html)
    app.add_template_global(_notes, "flashed_notes")
