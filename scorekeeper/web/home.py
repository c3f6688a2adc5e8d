"""The home page: this browser's games, and where to start."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper.service import events, library
from scorekeeper.web.db import get_db
from scorekeeper.web.session import forget_games, remembered_events, remembered_games

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    lib = library.library(get_db(), remembered_games())
    forget_games(lib.gone)
    club = events.events_of(get_db(), remembered_events())
    return render_template("home.html", lib=lib, club=club)


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    return "ok\n", 200, {"Content-Type": "text/plain; charset=utf-8"}
