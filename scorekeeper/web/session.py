"""This browser: a random id in its signed session cookie, and the cookie's settings.

The browser's games and saved rules are kept on the server under that id (service.library), so
the cookie is written when the id is first given and then only about once a month, to keep it
from expiring: never on every page view. A cookie from an older version, which listed the
games itself, is read once into the server's list and dropped. (An event's director link is
still kept in the cookie itself, at most 20, rewritten only when a new one comes first.)
"""

from __future__ import annotations

import re
import secrets
import time
from datetime import UTC, datetime
from typing import Any, overload

from flask import Flask, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature, URLSafeTimedSerializer

from scorekeeper.cache import SizedCache
from scorekeeper.service import Unavailable, kitchen
from scorekeeper.web.db import get_db

BROWSER_ID_BYTES = 18  # 144 bits: another browser's id is never guessed
_BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{24}")
REFRESH_DAYS = 30  # the cookie (a year's life) is sent again when this old
MAX_LEGACY_GAMES = 50  # what an older cookie could list


@overload
def browser_id() -> str: ...
@overload
def browser_id(*, create: bool) -> str | None: ...
def browser_id(*, create: bool = True) -> str | None:
    """This browser's id; a new one (set in its cookie) if it has none and ``create``."""
    current = session.get("browser")
    if isinstance(current, str) and _BROWSER_ID.fullmatch(current):
        return current
    if not create:
        return None
    new = secrets.token_urlsafe(BROWSER_ID_BYTES)
    session["browser"] = new
    session["since"] = _today()
    session.permanent = True
    return new


def _today() -> int:
    return datetime.now(UTC).toordinal()


def _keep_alive() -> None:
    """Before a request: adopt an older cookie's list of games, and send the cookie again when
    it is a month old, so a browser in use never loses its id."""
    if request.endpoint in ("static", "home.healthz") or not session:
        return
    legacy = session.get("games")
    if legacy is not None:
        tokens = legacy if isinstance(legacy, list) else []
        tokens = [t for t in tokens if isinstance(t, str) and len(t) < 100][:MAX_LEGACY_GAMES]
        try:
            if tokens:
                kitchen.adopt_games(get_db(), browser_id(), tokens)
        except Unavailable:
            pass  # the database busy or full: the cookie keeps its list for the next page
        else:
            session.pop("games", None)
    since = session.get("since")
    if "browser" in session and (not isinstance(since, int) or _today() - since >= REFRESH_DAYS):
        session["since"] = _today()  # modified: Flask sends the cookie, a year's life again
        session.permanent = True


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie, marked ``Secure`` whenever the request came over HTTPS (directly,
    or through a trusted proxy that says so: see PROXY_FIX in the README) or the
    SESSION_COOKIE_SECURE setting asks for it.

    A browser sends the same cookie page after page (it is rewritten only when it changes), so
    a cookie whose signature was checked once is remembered with what it holds and when it was
    signed: the next page checks its age only (expired is expired, as on first reading) and
    gets its own copy of what it holds. The signer is made once per secret key, not per page.
    """

    def __init__(self) -> None:
        self._signer: tuple[Any, URLSafeTimedSerializer | None] | None = None
        self._read: SizedCache[tuple[dict[str, Any], int]] = SizedCache(
            2 * 1024 * 1024, lambda _hit: 512
        )

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if self._signer is None or self._signer[0] != keys:
            self._signer = (keys, super().get_signing_serializer(app))
            self._read = SizedCache(self._read.budget, lambda _hit: 512)  # other keys: read anew
        return self._signer[1]

    def open_session(self, app: Flask, request: Any) -> SecureCookieSession | None:
        signer = self.get_signing_serializer(app)
        if signer is None:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        read = self._read.get(cookie)
        if read is None:
            try:
                data, signed = signer.loads(cookie, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            read = (data, int(signed.timestamp()))
            self._read.put(cookie, read)
        data, signed_at = read
        if not 0 <= int(time.time()) - signed_at <= max_age:
            return self.session_class()  # expired since it was read (as itsdangerous says)
        return self.session_class(_copy(data))


def _copy(value: Any) -> Any:
    """A copy of a cookie's contents that a page may change without changing the kept one."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value  # str, int, tuple of them (flashed notes): never changed in place


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()
    app.before_request(_keep_alive)


def remember_event(director_token: str) -> None:
    """Keep an event's director link in this browser (most recent first, at most 20), so the
    director finds the console again from the home page."""
    if remembered_events()[:1] == [director_token]:
        return  # already first: the cookie is not rewritten on every visit to the console
    kept = [t for t in session.get("events", []) if isinstance(t, str) and t != director_token]
    session["events"] = [director_token, *kept][:20]
    session.permanent = True


def remembered_events() -> list[str]:
    """Director links this browser created or opened, most recent first."""
    kept = session.get("events", [])
    return [t for t in kept if isinstance(t, str)][:20] if isinstance(kept, list) else []
