"""A game's rematch and deletion (the list of this browser's games is the home page's)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.rules import GameError
from scorekeeper.service import AlreadySaved, UnreadableGame, games, library
from scorekeeper.web import saving
from scorekeeper.web.db import get_db
from scorekeeper.web.forms import ButtonForm
from scorekeeper.web.session import browser_id, remember_game

bp = Blueprint("library", __name__)


@bp.post("/g/<token>/rematch")
def rematch(token: str) -> Response:
    """A new game like this one (the CSRF check is CSRFProtect's, on every POST); Rematch
    tapped twice makes one game."""
    db, sent = get_db(), saving.posted()
    try:
        if sent and (seen := games.submitted(db, sent)):
            raise AlreadySaved(seen)
        record, game = games.rematch(db, token, submission=sent, browser=browser_id())
    except (GameError, UnreadableGame) as e:
        flash(f"This game cannot be replayed: {e}", "error")
        return redirect(url_for("games.show", token=token))
    except AlreadySaved as e:
        response = saving.already_saved(e.submitted)
        remember_game(e.submitted.token)
        return response
    flash(f"New game: same players and rules, {game.dealer} deals first.", "info")
    return redirect(url_for("games.show", token=record.edit_token), 303)


@bp.route("/g/<token>/delete", methods=["GET", "POST"])
def delete(token: str) -> str | Response:
    db = get_db()
    summary = library.summarize(games.find_game(db, token))
    if request.method == "POST":
        ButtonForm.from_post(request.form)  # the button alone: nothing else to read
        games.delete_game(db, token)  # and from every browser's list
        flash(f"Deleted the game {summary.label}.", "info")
        return redirect(url_for("home.index"), 303)
    return render_template("library/delete.html", game=summary, token=token)
