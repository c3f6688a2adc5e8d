"""One database connection per request, opened on first use and closed at teardown."""

from __future__ import annotations

from flask import Flask, current_app, g

from scorekeeper import service


def get_db() -> service.Database:
    """The request's connection."""
    if "db" not in g:
        config = current_app.config
        g.db = service.connect(config["DATABASE"], busy_timeout_ms=config["BUSY_TIMEOUT_MS"])
    return g.db


def init_app(app: Flask) -> None:
    @app.teardown_appcontext
    def close_db(_exc: BaseException | None) -> None:
        db = g.pop("db", None)
        if db is not None:
            db.close()
