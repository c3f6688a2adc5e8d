"""This browser's games: the list on the home page, rematch and delete.

Which games a browser has is the list of edit tokens in ``session["games"]`` (most recent first,
see ``service.remember_game``). Nobody else's games ever show: the list is only what this
session holds, and tokens of deleted games are dropped from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import SubmitField

from scorekeeper import store
from scorekeeper.app import get_db
from scorekeeper.rules import Game, GameError, dump_game, parse_game
from scorekeeper.web import service

bp = Blueprint("library", __name__)

# --- summaries for the home page -------------------------------------------------------------


@dataclass(frozen=True)
class GameSummary:
    token: str
    label: str  # "Ann & Cy vs Bob & Di"
    totals: dict[str, int]
    hands_played: int
    finished: bool
    winner: str | None
    updated_at: str
    problem: str | None = None  # the stored file no longer scores (should not happen)

    @property
    def updated_text(self) -> str:
        """``2024-05-01 14:03 UTC`` from the stored ISO time."""
        return self.updated_at[:16].replace("T", " ") + " UTC"


def summarize(record: store.GameRecord) -> GameSummary:
    """Players, totals, hands and winner of a stored game, scored by the engine."""
    try:
        _game, sheet = service.score(record.data)
    except GameError as e:
        players = record.data.get("players") if isinstance(record.data, dict) else None
        label = service.game_label(record.title, players or [])
        return GameSummary(record.edit_token, label, {}, 0, record.finished, record.winner,
                           record.updated_at, problem=str(e))  # fmt: skip
    return GameSummary(
        token=record.edit_token,
        label=service.game_label(record.title, sheet.sides),
        totals=dict(sheet.totals),
        hands_played=sheet.played,
        finished=sheet.finished,
        winner=sheet.winner,
        updated_at=record.updated_at,
    )


@bp.app_template_global()
def library_games() -> dict[str, list[GameSummary]]:
    """This browser's games for the home page, in progress first; forgets deleted ones."""
    tokens = service.remembered_games()
    records = store.games_by_edit_tokens(get_db(), tokens)
    for gone in set(tokens) - {r.edit_token for r in records}:
        service.forget_game(gone)
    games = [summarize(r) for r in records]
    return {
        "in_progress": [g for g in games if not g.finished],
        "finished": [g for g in games if g.finished],
    }


# --- rematch and delete ----------------------------------------------------------------------


class DeleteForm(FlaskForm):
    submit = SubmitField("Delete this game")


def _record_or_404(token: str) -> store.GameRecord:
    try:
        return store.game_by_edit_token(get_db(), token)
    except store.GameNotFound:
        abort(404)


def rematch_of(game: Game) -> Game:
    """Same players, teams and rules, no hands and no carried-over start scores.

    The deal moves on one seat from where the previous game *started* (not from where it ended),
    so over a series of rematches every player takes a turn dealing the first hand.
    """
    seat = game.players.index(game.first_dealer)
    dealer = game.players[(seat + 1) % len(game.players)]
    return Game(game.players, game.rules, game.preset, game.teams, dealer, {}, ())


@bp.post("/g/<token>/rematch")
def rematch(token: str) -> Response:
    """A new game like this one (the CSRF check is CSRFProtect's, on every POST)."""
    record = _record_or_404(token)
    try:
        game = rematch_of(parse_game(record.data))
    except GameError as e:
        flash(f"This game cannot be replayed: {e}", "error")
        return redirect(url_for("games.show", token=token))
    new = store.create_game(get_db(), dump_game(game), title=record.title)
    service.remember_game(new.edit_token)
    flash(f"New game: same players and rules, {game.dealer} deals first.", "info")
    return redirect(url_for("games.show", token=new.edit_token), 303)


@bp.route("/g/<token>/delete", methods=["GET", "POST"])
def delete(token: str) -> str | Response:
    record = _record_or_404(token)
    form = DeleteForm()
    if form.validate_on_submit():
        store.delete_game(get_db(), record)
        service.forget_game(token)
        flash(f"Deleted the game {summarize(record).label}.", "info")
        return redirect(url_for("home.index"), 303)
    return render_template("library/delete.html", form=form, game=summarize(record), token=token)
