"""The app factory: wiring only (config, database per request, security, blueprints)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, g, render_template
from flask_wtf.csrf import CSRFError, CSRFProtect

from scorekeeper import paths, store

csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


def build_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = configured_app(test_config)
    csrf.init_app(app)
    _register_database(app)
    _register_security(app)
    _register_errors(app)

    from scorekeeper.web import register_blueprints

    register_blueprints(app)
    return app


def configured_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The Flask object with its configuration only: enough for the CLI to find the database
    without loading the web layer (and, through it, WeasyPrint)."""
    app = Flask(
        "scorekeeper",
        instance_relative_config=True,
        template_folder=str(paths.TEMPLATES),
        static_folder=str(paths.STATIC),
    )
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"),
        PAPER_SIZE="letter",
        # A phone left on the table for an hour must still save the next hand: the CSRF token
        # lives as long as the session cookie instead of expiring after an hour.
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
    )
    if test_config is None:
        app.config.from_prefixed_env("SCOREKEEPER")
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))
    return app


def _instance_secret_key(instance: Path) -> str:
    """The key generated on first run and kept (mode 600) in the instance folder."""
    key_file = instance / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    instance.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, key.encode())
    finally:
        os.close(fd)
    return key


def _register_database(app: Flask) -> None:
    @app.teardown_appcontext
    def close_db(_exc: BaseException | None) -> None:
        db = g.pop("db", None)
        if db is not None:
            db.close()


def get_db() -> store.Database:
    """The request's connection, opened on first use and closed at teardown."""
    from flask import current_app

    if "db" not in g:
        g.db = store.connect(current_app.config["DATABASE"])
    return g.db


def _register_security(app: Flask) -> None:
    @app.after_request
    def add_security_headers(response):  # type: ignore[no-untyped-def]
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


# What a person reads instead of an error code or a traceback.
ERROR_PAGES: dict[int | type[Exception], tuple[int, str, str]] = {
    404: (404, "Not found", "There is no page here. Check the link you were sent."),
    405: (405, "Not allowed", "That action is not possible on this page."),
    413: (413, "Too large", "That upload is too large (2 MB at most)."),
    CSRFError: (
        400,
        "Please try again",
        "This form was out of date (perhaps the page was open a long time, or cookies are "
        "blocked). Go back, reload the page and send it again.",
    ),
    500: (
        500,
        "Something went wrong",
        "The app hit an error and nothing was changed. Go back and try again.",
    ),
}


def _register_errors(app: Flask) -> None:
    for key, (code, title, message) in ERROR_PAGES.items():

        def handler(_e: Exception, code: int = code, title: str = title, message: str = message):  # type: ignore[no-untyped-def]
            page = render_template("errors/error.html", code=code, title=title, message=message)
            return page, code

        app.register_error_handler(key, handler)
