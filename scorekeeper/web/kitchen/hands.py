"""Hands: add, edit, delete, misdeal, undo, redo.

Every save names the version the form was read at and carries the form's one-time submission id
(``web.saving``): a form sent twice is saved once, and a form from before the sheet changed is
shown again with its typing, never saved over the change. Deleting a hand and voiding one as a
misdeal ask first, on a page of their own.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.wrappers import Response

from scorekeeper.service import (
    AlreadySaved,
    GameNotFound,
    GameUnavailable,
    HandNotFound,
    HandRefused,
    OpenGame,
    StaleGame,
    UnreadableGame,
    kitchen,
)
from scorekeeper.web import saving
from scorekeeper.web.db import get_db
from scorekeeper.web.kitchen.game_page import render_game
from scorekeeper.web.kitchen.hand_form import HandForm
from scorekeeper.web.urls import cached_url_for

bp = Blueprint("hands", __name__, url_prefix="/g/<token>/hands")


def _to_sheet(token: str) -> Response:
    """The game page after a change, at its totals (#now): the next hand's pads come next."""
    return redirect(cached_url_for("games.show", token=token, _anchor="now"), 303)


def _posted_form() -> HandForm:
    form = HandForm.from_post(request.form)
    form.submission = saving.posted() or ""
    return form


def _answer(
    token: str,
    form: HandForm,
    error: AlreadySaved | StaleGame | HandRefused | GameUnavailable,
    editing: int | None = None,
):
    """A change refused: the page it lands on, the form as typed. Already saved (this form's id
    was used): the sheet with a note. Out of date: the game now, the typing kept (409). The
    hand refused: its errors by their fields (422). The database busy or full: 503, the form
    as typed and a note to try again. (The game deleted meanwhile is GameDeleted's 410 page.)
    """
    if isinstance(error, AlreadySaved):
        return saving.already_saved(error.submitted, token)
    page = error.page  # the game page as it is now, read by the use case that refused
    if page is None:
        raise error
    if isinstance(error, StaleGame):
        return render_game(page, form, editing=editing, stale=True, status=409)
    if isinstance(error, HandRefused):
        if error.error is not None:
            form.place_error(page.current.game, error.error)
        return render_game(page, form, editing=editing, status=422)
    form.errors["form"] = saving.not_saved(error)  # GameUnavailable
    return render_game(page, form, editing=editing, status=503)


REFUSED = (AlreadySaved, StaleGame, HandRefused, GameUnavailable)


@bp.post("")
def add(token: str):
    form = _posted_form()
    try:
        kitchen.submit_hand(get_db(), token, form, form.version, form.submission or None)
    except REFUSED as e:
        return _answer(token, form, e)
    return _to_sheet(token)


@bp.get("/<int:number>")
def edit(token: str, number: int):
    """A hand's edit page has one address, the one the sheet links (``/g/<token>?hand=N``):
    this older one leads there (404 when the game has no such hand)."""
    kitchen.open_game(get_db(), token).stored_hand(number)
    return redirect(url_for("games.show", token=token, hand=number, _anchor="hand"), 302)


@bp.post("/<int:number>")
def update(token: str, number: int):
    form = _posted_form()
    try:
        kitchen.change_hand(get_db(), token, number, form, form.version, form.submission or None)
    except REFUSED as e:
        return _answer(token, form, e, editing=number)
    return _to_sheet(token)


def _one_tap(token: str, action: str, number: int | None = None) -> Any:
    """Delete hand, Misdeal, Undo, Redo: a button, its version and its one-time id."""
    button = _posted_form()  # the version and the one-time id; no hand fields
    try:
        tapped = kitchen.one_tap_back(
            get_db(), token, action, button.version, button.submission or None, number=number
        )
    except REFUSED as e:
        return _answer(token, HandForm(), e)
    if tapped.hand_back is not None and tapped.game is not None:
        return _tricks_again(token, tapped)
    return _to_sheet(token)


def _tricks_again(token: str, tapped: kitchen.Tapped) -> Response:
    """After Undo took back a hand just added: its tricks step again, its bids (and its renege,
    bonus and note) kept (a wrong tricks entry is mended with the tricks alone; "Change bids"
    is there for the bids)."""
    assert tapped.game is not None and tapped.hand_back is not None  # noqa: S101 -- checked above
    fields = HandForm.from_hand(tapped.game, tapped.hand_back).values
    flash(
        f"Hand {tapped.number} taken back. Its bids are kept: tap its tricks again "
        "(or Change bids).",
        "info",
    )
    query: dict[str, Any] = {"step": "tricks", "hand_no": tapped.number, **fields}
    return redirect(url_for("games.show", token=token, _anchor="hand", **query), 303)


@bp.get("/<int:number>/delete")
def confirm_delete(token: str, number: int):
    """Ask before deleting a hand: what it scored, and that Undo can bring it back."""
    current = kitchen.open_game(get_db(), token)
    if not 1 <= number <= len(current.game.hands):
        raise HandNotFound(number)
    return _confirm(current, "delete", number=number, hand=current.sheet.hands[number - 1])


@bp.post("/<int:number>/delete")
def delete(token: str, number: int):
    return _one_tap(token, "delete", number)


@bp.get("/misdeal")
def confirm_misdeal(token: str):
    """Ask before voiding the next hand: nobody scores it, and who deals next."""
    current = kitchen.open_game(get_db(), token)
    game, dealer = current.game, current.sheet.next_dealer
    if game.rules.misdeal_deal_passes:
        dealer = game.players[(game.players.index(dealer) + 1) % len(game.players)]
    return _confirm(current, "misdeal", number=len(game.hands) + 1, deals_next=dealer)


def _confirm(current: OpenGame, action: str, **about: Any) -> str:
    return render_template("kitchen/games/confirm.html", current=current, action=action, **about)


@bp.post("/misdeal")
def misdeal(token: str):
    return _one_tap(token, "misdeal")


@bp.post("/undo")
def undo(token: str):
    return _one_tap(token, "undo")


@bp.post("/redo")
def redo(token: str):
    return _one_tap(token, "redo")


@bp.errorhandler(CSRFError)
def csrf_failed(_e: CSRFError):
    """A form sent after the session was lost: show the page again with the hand kept."""
    token = (request.view_args or {}).get("token", "")
    try:
        page = kitchen.game_page(get_db(), token)  # not opened: nothing recorded
    except (GameNotFound, UnreadableGame) as e:  # no game to show the hand on: say which
        return current_app.handle_user_exception(e)
    form = _posted_form()
    form.errors["form"] = (
        "This phone's session had expired, so nothing was saved. What you typed is kept: "
        "check it and save again."
    )
    editing = (request.view_args or {}).get("number")
    if request.endpoint != "hands.update":
        editing = None
    return render_game(page, form, editing=editing, status=400)
