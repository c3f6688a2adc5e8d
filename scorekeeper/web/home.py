"""The home page: this browser's games, and where to start."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper.config import HEALTH_PATH
from scorekeeper.service import home
from scorekeeper.web.db import get_db
from scorekeeper.web.session import browser_id, remembered_events

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    page = home.home(get_db(), browser_id(create=False), remembered_events())
    return render_template("home.html", lib=page.games, club=page.events)


@bp.get(HEALTH_PATH)
def healthz() -> tuple[str, int, dict[str, str]]:
    """For a container's HEALTHCHECK, a service manager or a proxy: one cheap read of the
    database; says nothing else (no version, no path); never kept by a cache. Answered by
    the server's threads as any request is."""
    try:
        ok = home.healthy(get_db())
    except Exception:  # the file cannot even be opened: unhealthy, and said so plainly
        ok = False
    headers = {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
    return ("ok\n", 200, headers) if ok else ("database unavailable\n", 503, headers)
