"""Limits per address on what creates: new games, imports, new events, printed sheets.

An instance on the internet would otherwise let anyone fill its database or keep its printing
workers busy. Each kind has a limit of its own (``RATELIMIT_GAMES`` and the others, in
Flask-Limiter's words: "60 per hour", "10 per minute;100 per day"), counted per address over
every route of the kind, and only for what was made: a refused form, or a PDF still being made,
costs nothing. A table's saves are never limited (a club's phones share one address behind the
venue's Wi-Fi), nor is anything a director or a keeper does from their link.
``RATELIMIT_ENABLED`` false turns all of it off. The page that says no (429) is the app's own:
it says what was limited and when to try again, and sends ``Retry-After``.

The counts are kept in memory (Flask-Limiter's ``memory://``, ``RATELIMIT_STORAGE_URI``), each
serving process its own: under ``serve --workers N`` an address may make up to N times a limit
before every process has said no. A storage the processes would share needs a service of its
own (Redis, Memcached), which a club's laptop does not run; so none is the default, and the
setting takes one where there is. Behind a reverse proxy the address is the proxy's, every
visitor's the same, unless PROXY_FIX trusts the proxy (README, docs/deploy.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response, current_app, render_template, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

# Each kind: its setting, and what the refusal calls it.
KINDS: dict[str, tuple[str, str]] = {
    "games": ("RATELIMIT_GAMES", "new games"),
    "imports": ("RATELIMIT_IMPORTS", "imports"),
    "events": ("RATELIMIT_EVENTS", "new events"),
    "pdfs": ("RATELIMIT_PDFS", "printed sheets"),
}

# Every route that creates, by its URL rule, and the kind it counts as (its POST for a form;
# every method for a printed sheet, counted when a PDF is sent).
LIMITED: dict[str, str] = {
    "/games/new": "games",
    "/g/<token>/rematch": "games",
    "/games/import": "imports",
    "/events/import": "imports",
    "/events/new": "events",
    "/g/<token>/sheet.pdf": "pdfs",
    "/v/<view_token>/sheet.pdf": "pdfs",
    "/print/blank": "pdfs",
    "/e/<director_token>/rounds/<int:number>/packet.pdf": "pdfs",
    "/e/<director_token>/standings.pdf": "pdfs",
    "/m/<token>/seasons/<int:season>.pdf": "pdfs",
}


def setting_of(name: str) -> Callable[[], str]:
    """The limit a setting says, read at each request (the app's own configuration)."""
    return lambda: str(current_app.config[name])


def made(response: Response) -> bool:
    """Whether the answer is something made: a PDF sent, or a form's redirect to what it made
    (a refused form is shown again, a sheet being made answers 202)."""
    if response.mimetype == "application/pdf":
        return response.status_code == 200
    return request.method == "POST" and response.status_code in (302, 303)


def init_app(app: Flask) -> None:
    """A limiter of this app's own (its counts, its settings), on every route of ``LIMITED``."""
    limiter = Limiter(get_remote_address, app=app)
    limits = {
        kind: limiter.shared_limit(setting_of(setting), scope=kind, deduct_when=made)
        for kind, (setting, _) in KINDS.items()
    }
    for rule in app.url_map.iter_rules():
        if (kind := LIMITED.get(rule.rule)) is None:
            continue
        if kind != "pdfs" and "POST" not in (rule.methods or ()):
            continue  # the form's page itself (GET) makes nothing
        view: Any = app.view_functions[rule.endpoint]
        app.view_functions[rule.endpoint] = limits[kind](view)

    @app.errorhandler(RateLimitExceeded)
    def too_many(e: RateLimitExceeded) -> tuple[str, int, dict[str, str]]:
        current = limiter.current_limit
        reset = current.reset_at if current is not None else time.time() + 60
        wait = max(1, math.ceil(reset - time.time()))
        what = KINDS[e.limit.scope][1] if e.limit.scope in KINDS else "requests"
        message = (
            f"This server makes at most {allowed(e, what)} for one address, and this address "
            f"has had them: try again in {wait_words(wait)} (at "
            f"{datetime.fromtimestamp(reset, UTC):%H:%M} UTC). Nothing was made. Saving hands "
            "at a table is never limited."
        )
        page = render_template(
            "errors/error.html", code=429, title=f"Too many {what} from here", message=message
        )
        return page, 429, {"Retry-After": str(wait)}


def allowed(e: RateLimitExceeded, what: str) -> str:
    """The limit in words: "60 new games an hour", "10 imports every 5 minutes"."""
    item = e.limit.limit
    unit = item.GRANULARITY.name
    if item.multiples == 1:
        return f"{item.amount} {what} {'an' if unit == 'hour' else 'a'} {unit}"
    return f"{item.amount} {what} every {item.multiples} {unit}s"


def wait_words(seconds: int) -> str:
    """How long, in the unit a person would say: "40 seconds", "12 minutes", "3 hours"."""
    if seconds < 90:
        return "1 second" if seconds == 1 else f"{seconds} seconds"
    minutes = round(seconds / 60)
    return f"{minutes} minutes" if minutes < 90 else f"{round(minutes / 60)} hours"
