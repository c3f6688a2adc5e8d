"""A dropped network: the service worker that keeps this phone's game pages, and what it needs.

``/sw.js`` is static/sw.js served from the app's root, so its scope covers every game page
(``/g/<token>``). It keeps the app's own files and, for each game this phone opens, that game's
page with every pad of the next hand (``?step=both``) and its chart: offline, that page opens
with the sheet as last seen, and static/offline.js keeps the hands typed on it, in order, until
the network is back. Any other page, or a form sent (Undo, Rematch, the PDF, New game), gets the
app's own "No network" page (``/offline``, kept by the worker) saying what needs the network,
with the way back to the game, rather than the browser's error page. Every game page answers
with its version in ``X-Game-Version`` so that the phone, sending those hands one after the
other, gives each the version the previous save produced.

static/game.js, the game page's script (the page works without it), in words (its own comments
are few: the page has a weight budget):

- the tap completing the bids moves on to the tricks; the last side's tricks fill in, and in an
  edit the last side's count follows the others; the trick count shows only with JavaScript;
- Save goes by fetch: a lost connection keeps the taps and offers Retry (the same form, its
  one-time id: the server never adds a hand twice); with no network it says "Not saved yet",
  with the answer lost on the way "No answer: the hand may be saved already" (it may be); a
  save saved fires "saved" on the form (offline.js drops a refused hand entered again), a save
  refused fires "handed" (in-progress.js forgets the taps: the server's answer holds them);
- offline in the middle of a new hand (the last bid, "Bids are in", Save, Retry), when the
  worker keeps this game's page at the version shown, it goes on to that offline copy by itself
  (no reload to make): the taps go in sessionStorage (``offline hand <path>``) for offline.js
  to put on the next hand's form, which says why the form changed; without such a copy the taps
  stay on the page with Retry;
- a page the browser brings back from its back/forward cache asks ``/g/<token>/version`` and
  reloads when the game moved on (its Save would otherwise act on a hand already saved);
- it registers the worker and tells it which game and version it shows; on a page opened
  offline, or while hands are kept on the phone, it loads static/offline.js.

static/in-progress.js, loaded just before game.js (so that game.js reads the form as it was),
keeps the hand in progress across a reload and across the tab closed (or dropped by the phone's
browser) and the game's link opened again, in words: what the scorer tapped or typed on the
hand's form and has not saved is kept in this phone's localStorage, under ``hand <hash>`` where
the hash (two 32-bit multiplicative hashes) is of the game's path: the edit token is never
stored, and the entry holds the page's query (not its path), the game's version the form was
read at, and what was tapped. Opened again at the same address and the same version (a dropped
page, the tab killed, a pull-to-refresh, the link from history or the home screen), the form
gets it back. Kept at another address, or at an older version (a hand saved since, maybe on
another phone), it is never applied by itself: it is shown with what was tapped, to put back on
the form or to forget, as offline.js shows a hand refused on arrival; kept at the same version
but at another step (the tricks tapped, the link opening the bids), "Put it back" goes to that
step's address, where it comes back. Saved, cancelled, or sent on to the tricks step (the bids
then travel in the address), it is forgotten, and a game with nothing kept leaves no entry; a
form the server sent back with its errors holds what was sent, and the kept copy gives way to
it. On the phone's offline copy too: offline.js sets up the next hand's form with what was put
back on it. The kept hands sent, offline.js tells it (a "moved" event, the version read and
the version after them) that the hand on the form is the next one: it is kept at the new version
and the server's form with every pad (``?step=both``), where it comes back whole, bids and
tricks, rather than shown as "Not saved ... the game has moved on". A tab open since the hand
was kept in the tab's sessionStorage (``hand <path>`` and ``hand <path> kept``, before November
2026) has it read once, as if kept this way, when this phone keeps nothing for the game; the
old entries are then removed.

Housekeeping: each entry has the time of its last tap; an entry a day old is dropped (by the
next game page opened), and only the 20 games tapped most recently are kept. Storage refused
(private mode, cookies blocked) or full: the hand is entered and saved as ever, only not kept;
when a write does not fit, the other games' kept hands are dropped to make room for this one
(never offline.js's hands waiting to be sent, nor anything else).

Two tabs of one game at once (decided): the hand in progress is one per game on the phone, and
the last tap wins, in whichever tab. A tab is never changed under the scorer's fingers by the
other tab (nothing listens for the other's writes); a tap replacing taps the other tab kept that
this one does not hold moves those into the list shown with "Put it back" and "Forget it" on
the next page opened (a reload, a new tab), so they are never lost silently. A page that got the
kept hand back carries it on as its own (two tabs opened from the same kept hand overwrite each
other: the last tap wins).
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, g, render_template, send_from_directory
from werkzeug.wrappers import Response

bp = Blueprint("offline", __name__)

VERSION_HEADER = "X-Game-Version"


@bp.get("/sw.js")
def worker() -> Response:
    response = send_from_directory(current_app.static_folder or "static", "sw.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/offline")
def no_network() -> Response:
    """The "No network" page the worker keeps, and shows (saying what needed the network, with
    the way back to the game) for a page or a form that cannot reach the server."""
    page = render_template("offline/no_network.html")
    return Response(page, mimetype="text/html", headers={"Cache-Control": "no-cache"})


def shown_version(version: int) -> None:
    """The game page being rendered is of this version (said in the answer's header)."""
    g.game_version = version


def _version_header(response: Response) -> Response:
    version = g.get("game_version")
    if version is not None:
        response.headers[VERSION_HEADER] = str(version)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_version_header)
