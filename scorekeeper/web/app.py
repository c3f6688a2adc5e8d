"""The app factory: wiring only (config, database per request, security, errors, blueprints)."""

from __future__ import annotations

from typing import Any

from flask import Flask, abort, render_template, request, url_for
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import InternalServerError
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper import service
from scorekeeper.config import configured_app, proxy_count
from scorekeeper.events import clock_text
from scorekeeper.rules import end_reason, preset_title
from scorekeeper.rules.words import (
    bags_counted,
    bags_hint,
    count,
    figure,
    game_end,
    set_mark,
    sheet_rules_line,
    signed,
    with_minus,
)
from scorekeeper.web import db, kitchen, offline, saving, session, urls
from scorekeeper.web.blueprints import register_blueprints
from scorekeeper.web.kitchen import option_range

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
    proxies = proxy_count(app.config)
    if proxies:
        # the instance's own wsgi_app, over the method (Flask's way; typed as a method)
        vars(app)["wsgi_app"] = ProxyFix(
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies,
            x_prefix=proxies,
        )  # fmt: skip
    app.before_request(_refuse_malformed_forms)  # before CSRFProtect reads the form
    csrf.init_app(app)
    db.init_app(app)
    saving.init_app(app)
    session.init_app(app)
    urls.init_app(app)
    kitchen.init_app(app)  # the sheet fragments' cache
    offline.init_app(app)
    app.after_request(_add_security_headers)
    _register_errors(app)
    app.add_template_filter(end_reason)
    app.add_template_filter(preset_title)
    app.add_template_filter(option_range)  # a number option's range, by its field
    app.add_template_filter(figure)  # -30 shown with a true minus sign: "−30"
    app.add_template_filter(signed)  # "+50", "−30", "0"
    app.add_template_filter(with_minus)  # a line of words, its negative numbers with "−"
    app.add_template_filter(bags_hint)  # what a bag does, where there is no bag limit
    app.add_template_filter(bags_counted)  # whether the totals show bags (a limit, not a race)
    app.add_template_filter(game_end)  # "Game to 500 or 4 hands"
    app.add_template_filter(sheet_rules_line)  # the house rules in one line
    app.add_template_filter(set_mark)  # a bid not made: "set", a Call Break table's "short"
    app.add_template_filter(count)  # "1 game", "3 games", "−8 points"
    app.add_template_filter(clock_text)  # a round clock's time left: "45:00"
    register_blueprints(app)
    return app


def _refuse_malformed_forms() -> None:
    """A multipart body whose field has no readable name (``name="\\"``) reaches the app as a
    field named None, which no form reader (Flask-WTF's CSRF check included) expects."""
    if request.method in ("POST", "PUT", "PATCH") and (
        None in request.form or None in request.files
    ):
        abort(400)


def _add_security_headers(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    # A page holding an edit link or a form is never kept by a browser or a proxy (a shared
    # phone's Back button, a club laptop's cache); pages that are safe to keep say so.
    if request.endpoint != "static":
        response.headers.setdefault("Cache-Control", "no-store")
    return response


# What a person reads instead of an error code or a traceback.
ERROR_PAGES: dict[int | type[Exception], tuple[int, str, str]] = {
    400: (400, "Not understood", "The app could not read what was sent. Go back and try again."),
    404: (404, "Not found", "There is no page here. Check the link you were sent."),
    service.GameNotFound: (
        404,
        "No such game",
        "There is no game at this link. Check the link you were sent.",
    ),
    service.HandNotFound: (
        404,
        "No such hand",
        "That hand is not in the game (perhaps it was deleted on another phone).",
    ),
    service.EventNotFound: (
        404,
        "No such event",
        "There is no event at this link. Check the link you were sent.",
    ),
    service.memory.NotFound: (
        404,
        "Not found",
        "There is nothing at this link. Check the link you were sent.",
    ),
    service.GameInEvent: (
        409,
        "Part of an event",
        "This game is a table of a club event, so it stays: the event's standings count it. "
        "The director can correct it (or enter a paper result) from the event's console.",
    ),
    service.GameDeleted: (
        410,
        "This game was deleted",
        "This game was deleted (perhaps on another phone) while you were saving, so nothing "
        "was saved.",
    ),
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

        def handler(_e: Exception, code: int = code, title: str = title, message: str = message):
            page = render_template("errors/error.html", code=code, title=title, message=message)
            return page, code

        app.register_error_handler(key, handler)

    @app.errorhandler(service.Unavailable)
    def unavailable(e: service.Unavailable):
        """The database busy or full where no form is there to keep (forms say it themselves)."""
        message = saving.not_saved(e, typed=False)
        page = render_template("errors/error.html", code=503, title="Not saved", message=message)
        return saving.unavailable_response(page)

    @app.errorhandler(InternalServerError)
    def server_error(e: InternalServerError):
        """An error nothing else caught: a busy or full database (on a read) says so (503)."""
        if (why := service.kitchen.unavailable(e.original_exception)) is not None:
            return unavailable(why)
        code, title, message = ERROR_PAGES[500]
        page = render_template("errors/error.html", code=code, title=title, message=message)
        return page, code

    @app.errorhandler(service.UnreadableGame)
    def unreadable(e: service.UnreadableGame):
        message = (
            "This game was stored, but its file no longer passes the app's checks, so it cannot "
            f"be shown, changed or printed: {e.error}. Nothing in it was lost."
        )
        # The file itself can still be downloaded by whoever holds the edit link.
        token = (request.view_args or {}).get("token")
        export = url_for("share.export", token=token) if isinstance(token, str) else None
        page = render_template(
            "errors/error.html", code=409, title="Cannot open", message=message, export=export
        )
        return page, 409
