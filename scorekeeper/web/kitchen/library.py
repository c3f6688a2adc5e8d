"""A game's rematch and deletion (the list of this browser's games is the home page's)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.rules import GameError
from scorekeeper.service import AlreadySaved, UnreadableGame, kitchen
from scorekeeper.web import saving
from scorekeeper.web.button_form import ButtonForm
from scorekeeper.web.db import get_db
from scorekeeper.web.session import browser_id

bp = Blueprint("library", __name__)


@bp.post("/g/<token>/rematch")
def rematch(token: str) -> Response:
    """A new game like this one (the CSRF check is CSRFProtect's, on every POST); Rematch
    tapped twice makes one game."""
    sent = ButtonForm.from_post(request.form).submission
    try:
        made = kitchen.rematch_game(get_db(), token, browser_id(), sent)
    except (GameError, UnreadableGame) as e:
        flash(f"This game cannot be replayed: {e}", "error")
        return redirect(url_for("games.show", token=token))
    except AlreadySaved as e:  # that rematch, listed here again
        return saving.already_saved(e.submitted)
    flash(f"New game: same players and rules, {made.dealer} deals first.", "info")
    return redirect(url_for("games.show", token=made.token), 303)


@bp.get("/g/<token>/delete")
def confirm_delete(token: str) -> str:
    """Ask before deleting a game: what it is, and that nobody can bring it back."""
    summary = kitchen.game_summary(get_db(), token)
    return render_template("kitchen/library/delete.html", game=summary, token=token)


@bp.post("/g/<token>/delete")
def delete(token: str) -> Response:
    ButtonForm.from_post(request.form)  # the button alone: nothing else to read
    deleted = kitchen.delete_game(get_db(), token)  # and from every browser's list
    flash(f"Deleted the game {deleted.label}.", "info")
    return redirect(url_for("home.index"), 303)
