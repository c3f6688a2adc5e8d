"""What a save answers besides "saved": already saved, not saved now, the game deleted.

**One-time submission ids.** Every form that writes carries one, made when the form is rendered
(a hidden ``submission`` field) and recorded by the write it asks for (in the same transaction,
``scorekeeper.service.games``). The same form sent again (a double tap, Back then Save, a retry
after a lost answer) finds its id used and changes nothing: the answer is the game's page with
"Hand 9 was already saved". A form shown again with its typing (refused, out of date, server
busy) keeps its id; every fresh form gets a new one. A form without an id (a page from before
ids) falls back on the version check.

**Not saved now.** A busy or full database answers 503 with the form as typed and
:func:`not_saved` next to it; a game deleted while saving answers 410.
"""

from __future__ import annotations

import re
import secrets

from flask import Flask, flash, redirect, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from scorekeeper.service import GameDeleted, Submitted, Unavailable

FIELD = "submission"
_ID = re.compile(r"[A-Za-z0-9_-]{16,64}\Z")  # what new_id makes; anything else is ignored
RETRY_AFTER_SECONDS = 3


def new_id() -> str:
    """A fresh id for a form being rendered: 96 random bits, 16 URL-safe characters (the game
    page carries several, within its weight budget)."""
    return secrets.token_urlsafe(12)


def posted(form: MultiDict | None = None) -> str | None:
    """The id the form was sent with, if it is one this app could have made."""
    value = (request.form if form is None else form).get(FIELD, "")
    return value if _ID.match(value) else None


def already_saved(submitted: Submitted, token: str | None = None) -> Response:
    """The answer to a form sent again: the game's page with a note on top.

    ``token`` is the game the form was for (a hand's forms); Start and Rematch go to the game
    their first send created. Raises GameDeleted (410) when that game is gone.
    """
    if submitted.token is None:
        raise GameDeleted(token or "")
    flash(submitted.message, "info")  # at the top of the page, so not to the #sheet anchor
    return redirect(url_for("games.show", token=token or submitted.token), 303)


def not_saved(error: Unavailable, *, typed: bool = True) -> str:
    """What to say next to a form the database could not take just now."""
    kept = " What you typed is kept here." if typed else ""
    if error.reason == "full":
        why, when = "the server's disk is full", "once whoever runs the server has made room"
    else:
        why, when = "the server is busy", "in a moment"
    return f"Not saved: {why}.{kept} Try again {when}."


def unavailable_response(body: str, status: int = 503) -> tuple[str, int, dict[str, str]]:
    return body, status, {"Retry-After": str(RETRY_AFTER_SECONDS)}


def init_app(app: Flask) -> None:
    app.add_template_global(new_id, "new_submission")
