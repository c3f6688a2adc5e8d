"""``url_for``, remembered.

Building an address with Flask's ``url_for`` walks the URL map each time (about 40 µs here), and
the game page asks for about twenty (stylesheet, icons, each button's action, the share link):
a fifth of the page's rendering. An address depends only on what it is asked for and on where
the app is served (the script root, and the host for an external one), so each is built once
and kept, bounded in number. Templates get this as their ``url_for``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, has_request_context, request, url_for
from werkzeug.routing import IntegerConverter

_built: dict[tuple[Any, ...], str] = {}  # read without a lock; forgotten whole when full
_MOST = 50_000


def cached_url_for(endpoint: str, /, **values: Any) -> str:
    """``url_for(endpoint, **values)``, built once for each place the app is served from."""
    if endpoint.startswith(".") or not has_request_context():
        return url_for(endpoint, **values)  # relative to the blueprint, or no request to key on
    host = request.host_url if values.get("_external") else None
    try:
        key = (request.script_root, host, endpoint, *sorted(values.items()))
        url = _built.get(key)
    except TypeError:  # a value that cannot be a key (a list): built each time
        return url_for(endpoint, **values)
    if url is None:
        url = url_for(endpoint, **values)
        if len(_built) >= _MOST:
            _built.clear()
        _built[key] = url
    return url


# The largest number a link may carry: SQLite's largest integer. Every number in a link names
# a row (a round, a table, an entrant, a hand, a season, a merge), so a larger one names
# nothing, and the database itself would refuse to compare it (OverflowError: a 500).
MOST_IN_A_LINK = 2**63 - 1


class AsciiInteger(IntegerConverter):
    """``<int:...>`` in a link: ASCII digits only, 0 to :data:`MOST_IN_A_LINK`. Werkzeug's reads
    ``\\d``, which matches any script's digits, so ``/rounds/\u0661/...`` (an Arabic-Indic one)
    would name round 1; a link with such a number, or a number past what the database holds
    (``/merges/9223372036854775808/undo``), names nothing (404), like any other link that is
    not ours. A route may still narrow it (``<int(max=...):n>``)."""

    regex = r"[0-9]+"

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MOST_IN_A_LINK)
        super().__init__(map, *args, **kwargs)


def init_app(app: Flask) -> None:
    app.url_map.converters["int"] = AsciiInteger  # before the blueprints add their rules
    app.jinja_env.globals["url_for"] = cached_url_for
