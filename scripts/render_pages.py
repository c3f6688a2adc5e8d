"""Render a fixed set of pages, the same bytes every run, to compare two trees.

    python scripts/render_pages.py OUT_DIR

`tests/test_golden_pages.py` compares these pages with the files stored in `tests/golden/`
(a re-lay changes no page: issue 31); this script writes the same pages into a folder, for a
``diff -r`` between two trees by hand.

The pages: every page of a game in each preset (the bids step, the tricks step, a hand edited,
a refused hand, the shared read-only page) and, for a few games (standard, Suicide, Call Break
in tenths, three-handed, No Trump and Bemo specials), the rules page, the export, the chart, the
hand edit, delete and misdeal pages, the game delete page and the read-only link's parts; home,
the library's list, house rules, import, the blank sheets form (blank and refused), the offline
page, a missing game; a club night at each stage (the new event and import forms, registration,
a seated round: console, its live part, the drop, time and paper pages, the projector, the
public pages, a table's game page, the CSV and JSON files) and the club's memory (its pages for
the keeper and the readers). PDFs are left out (their bytes carry WeasyPrint's own dates).

Everything goes through the app's own test client on a database in a temporary folder. What
would differ run to run is fixed at its source, not rubbed out of the pages, so a real
difference cannot hide behind a normalisation:

- ``secrets.token_urlsafe``, ``token_hex``, ``randbelow`` and ``choice`` (links, one-time form
  ids, browser ids, a shuffle's seed, a dealer drawn) draw from a seeded generator;
- ``time.time`` and the store's clock (``scorekeeper.store.db.datetime``) read a fixed instant.

Two values alone are rewritten in the pages: the CSRF token, which Flask-WTF makes from
``os.urandom`` (the ``value`` of an input named ``csrf_token`` and the ``"csrf"`` of a game's
version answer become ``"CSRF"``), and the projector's wall clock, the server's local time read
by ``datetime.now()`` (the time in ``<time id="pj-clock">`` and after ``pj-updated``'s
"updated " becomes ``HH:MM``). The rendering runs with ``TZ=UTC``.
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import json
import os
import random
import re
import secrets
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, store  # noqa: E402
from scorekeeper.rules import PRESETS, dump_game, preset_rules  # noqa: E402
from scorekeeper.rules.sample import random_game  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
TEAMS = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
NOW = 1_780_000_000.0  # 2026-05-28 20:26:40 UTC, the instant every page is rendered at
CSRF = re.compile(r'(name="?csrf_token"? (?:type="hidden" )?value=|"csrf":)"[^"]*"')
WALL = re.compile(r'(<time id="pj-clock">|<p class="pj-updated">updated )\d\d:\d\d')
# the whole set of games a page of each kind is kept for
SPECIALS = {
    "bemo": {"preset": "standard", "specials": ["little_bemo", "big_bemo"],
             "bonuses": ["last_trick"]},
    "blind-no-trump": {"preset": "standard", "bidding": "partnership", "no_trump": True,
                       "blind_bids": True, "blind_no_trump": True, "blind_deficit": None},
}  # fmt: skip
EVERY_PAGE = ("standard", "suicide", "call-break", "three-player", *SPECIALS)


class FixedClock(dt.datetime):
    """The store's clock at ``NOW``."""

    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> FixedClock:  # type: ignore[override]
        return cls.fromtimestamp(NOW, tz)


@contextlib.contextmanager
def deterministic(seed: int = 31) -> Iterator[None]:
    """Every random draw of the app from one seeded generator, every clock at ``NOW``."""
    rng = random.Random(seed)  # noqa: S311 -- the same pages every run

    def token_urlsafe(n: int | None = None) -> str:
        return base64.urlsafe_b64encode(rng.randbytes(n or 32)).rstrip(b"=").decode()

    with contextlib.ExitStack() as stack:
        for name, fake in (
            ("token_urlsafe", token_urlsafe),
            ("token_hex", lambda n=None: rng.randbytes(n or 32).hex()),
            ("randbelow", rng.randrange),
            ("choice", rng.choice),
        ):
            stack.enter_context(mock.patch.object(secrets, name, fake))
        stack.enter_context(mock.patch.object(time, "time", lambda: NOW))
        stack.enter_context(mock.patch("scorekeeper.store.db.datetime", FixedClock))
        stack.enter_context(mock.patch.dict(os.environ, {"TZ": "UTC"}))
        time.tzset()
        try:
            yield
        finally:
            stack.close()
            time.tzset()


def normalised(body: str) -> str:
    return WALL.sub(r"\1HH:MM", CSRF.sub(r'\1"CSRF"', body))


def game_text(preset: str, seed: int) -> str:
    """A game file in ``preset``: a few hands from a fixed seed, unfinished."""
    if preset in SPECIALS:
        players = NAMES[:4]
        return json.dumps({"format": "spades-scorekeeper/1", "rules": SPECIALS[preset],
                           "players": players, "teams": TEAMS, "hands": []})  # fmt: skip
    rules = preset_rules(preset)
    for n in (4, 3, 2, 6, 5):
        players = tuple(NAMES[:n])
        teams = None
        if n == 4 and preset not in ("cutthroat",):
            teams = {k: tuple(v) for k, v in TEAMS.items()}
        try:
            rng = random.Random(seed)  # noqa: S311 -- the same games every run
            game = random_game(rng, 3, rules, preset, players, teams)
        except Exception:  # noqa: BLE001,S112 -- this seating does not fit the preset
            continue
        return json.dumps(dump_game(game))
    raise SystemExit(f"no seating fits {preset}")


HIDDEN_INPUT = re.compile(
    r'<input type=(?:"hidden"|hidden) name=(?:"([^"]+)"|(\S+?)) value=(?:"([^"]*)"|([^\s>]*))'
)
PAD = re.compile(r"name=(t?bid-\d+|t?tricks-\d+)\b")


def form_fields(page: str, form_id: str) -> tuple[str, str, dict[str, str], set[str]]:
    """The form ``form_id`` of a page: (method, action, hidden fields, pad names)."""
    start = page.index(f'id="{form_id}"')
    head = page.rindex("<form", 0, start)
    body = page[head : page.index("</form>", start)]
    method = re.search(r'method="?(\w+)', body).group(1).lower()  # type: ignore[union-attr]
    action = re.search(r'action="([^"]*)"', body).group(1).split("#")[0]  # type: ignore[union-attr]
    hidden = {}
    for m in HIDDEN_INPUT.finditer(body):
        hidden[m.group(1) or m.group(2)] = m.group(3) if m.group(3) is not None else m.group(4)
    return method, action, hidden, set(PAD.findall(body))


def bids_step(page: str) -> dict[str, str]:
    """The bids step filled: 4 for each team's pad (a player's pad left empty beside one), or
    for each player's pad."""
    _, _, hidden, pads = form_fields(page, "hand")
    team = any(p.startswith("tbid-") for p in pads)
    bids = {p: "" if team and p.startswith("bid-") else "4" for p in pads if "bid-" in p}
    return {**hidden, **dict(sorted(bids.items()))}


def link(page: Any, pattern: str) -> str:
    found = re.search(pattern, page.get_data(as_text=True))
    assert found, f"no {pattern} on the page"
    return found.group(1)


def posted_by(page: Any, ending: str) -> dict[str, str]:
    """The hidden fields of the page's form whose address ends with ``ending``."""
    text = page.get_data(as_text=True)
    form = re.search(rf'action="[^"]*{ending}(?:#\w+)?">(.*?)</form>', text, re.S)
    assert form, f"no form posting to {ending}"
    return dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form.group(1)))


Save = Callable[[str, Any], None]


def game_pages(client: Any, save: Save) -> None:
    save("home-empty", client.get("/"))
    save("new-game", client.get("/games/new"))
    save("import-game", client.get("/games/import"))
    for i, preset in enumerate((*PRESETS, *SPECIALS)):
        made = client.post("/games/import", data={"text": game_text(preset, i)})
        assert made.status_code == 303, (preset, made.get_data(as_text=True)[:500])
        url = made.headers["Location"]
        page = client.get(url)
        save(f"{preset}-bids", page)
        if 'id="hand"' in page.get_data(as_text=True):  # not when the game has ended
            hand_steps(client, save, preset, url, page)
        view = re.search(r'href="(/v/[^"/]+)"', page.get_data(as_text=True))
        if view:
            save(f"{preset}-shared", client.get(view.group(1)))
        if preset in EVERY_PAGE:
            every_game_page(client, save, preset, url, view.group(1) if view else None)
    save("home", client.get("/"))
    save("house-rules", client.get("/house-rules"))
    save("blank-sheets", client.get("/print/blank"))
    save("blank-sheets-refused", client.post("/print/blank", data={"rules": "x", "pages": "x"}))
    save("offline", client.get("/offline"))
    save("not-found", client.get("/g/no-such-game-token"))
    save("stats-kitchen", client.get("/stats"))


def hand_steps(client: Any, save: Save, preset: str, url: str, page: Any) -> None:
    """The bids step sent, the tricks step, the edit page, the tricks step refused."""
    _, action, _, _ = form_fields(page.get_data(as_text=True), "hand")
    step = client.get(action, query_string=bids_step(page.get_data(as_text=True)))
    save(f"{preset}-tricks", step)
    save(f"{preset}-edit", client.get(f"{url}?hand=1"))  # the edit page's one address
    _, post_to, hidden, pads = form_fields(step.get_data(as_text=True), "hand")
    bad = {**hidden, **{p: "x" for p in pads}}
    save(f"{preset}-refused", client.post(post_to, data=bad))


def every_game_page(client: Any, save: Save, preset: str, url: str, view: str | None) -> None:
    for name, path in (
        ("rules", "/rules"), ("export", "/game.json"), ("chart", "/chart.svg"),
        ("version", "/version"), ("hand-1", "/hands/1"), ("hand-1-delete", "/hands/1/delete"),
        ("misdeal", "/hands/misdeal"), ("delete", "/delete"),
    ):  # fmt: skip
        save(f"{preset}-{name}", client.get(url + path))
    if view:
        for name, path in (
            ("chart", "/chart.svg"),
            ("qr", "/qr.svg"),
            ("version", "/version.json"),
        ):
            save(f"{preset}-shared-{name}", client.get(view + path))


def club_night_pages(client: Any, save: Save) -> None:
    save("event-new", client.get("/events/new"))
    save("event-import", client.get("/events/import"))
    made = client.post("/events/new", data=event_form())
    assert made.status_code == 303, made.get_data(as_text=True)[:2000]
    console = made.headers["Location"].split("#")[0]
    save("event-console-empty", client.get(console))
    for i in range(8):
        names = {"name-0": f"{NAMES[i % 6]}{i}a", "name-1": f"{NAMES[(i + 1) % 6]}{i}b"}
        fields = posted_by(client.get(console), "/entrants")
        done = client.post(f"{console}/entrants", data={**fields, **names})
        assert done.status_code == 303, done.get_data(as_text=True)[:2000]
    page = client.get(console)
    save("event-console-entrants", page)
    public = link(page, r'href="(?:http://localhost)?(/p/[^"/#]+)"')
    save("event-public-registration", client.get(public))
    save("event-drop", client.get(f"{console}/entrants/1/drop"))
    seated = client.post(f"{console}/rounds", data=posted_by(page, "/rounds"))
    assert seated.status_code == 303, seated.get_data(as_text=True)[:2000]
    page = client.get(console)
    save("event-console-round", page)
    for name, path in (
        ("live", "/live"), ("time", "/rounds/1/time"), ("paper", "/rounds/1/tables/1/paper"),
        ("results-csv", "/results.csv"), ("standings-csv", "/standings.csv"),
        ("export", "/event.json"),
    ):  # fmt: skip
        save(f"event-console-{name}", client.get(console + path))
    for name, path in (
        ("", ""), ("-screen", "/screen"), ("-tables", "/tables"), ("-standings", "/standings"),
        ("-find", "/find?name=Ann"), ("-clock", "/clock.json"), ("-version", "/version.json"),
    ):  # fmt: skip
        save(f"event-public{name}", client.get(public + path))
    table = link(page, r'href="(/g/[^"/#]+)"')
    save("event-table", client.get(table))


def memory_pages(client: Any, save: Save, database: Path) -> None:
    from scorekeeper.service import memory
    from scorekeeper.stats import Scheme
    from tests.service.memory.memory_club import club as play_club

    db = store.connect(database)
    memory.clear_caches()
    evs = play_club(db, 21, nights=3)
    keeper_token = memory.keeper_link(db)
    memory.add_season(db, "Spring", "2026-03-01", "2026-03-31", None, Scheme("place", (6, 3, 1)))
    reader = memory.reader_link(db)
    db.close()
    save("club", client.get("/club"))
    save("club-figures", client.get("/club/figures"))
    save("keeper", client.get(f"/k/{keeper_token}"))
    ladder = client.get(f"/m/{reader}")
    save("memory-ladder", ladder)
    save("memory-ladder-public", client.get(f"/m/{evs[0].public_token}"))
    person = link(ladder, rf'href="(/m/{reader}/people/\d+)"')
    save("memory-player", client.get(person))
    save("memory-player-named", client.get(f"/m/{reader}/who/Ann"))
    season = link(client.get(f"/k/{keeper_token}"), rf'href="(?:/m/{reader})?/seasons/(\d+)')
    for name, path in (("", ""), ("-csv", ".csv"), ("-screen", "/screen")):
        save(f"memory-season{name}", client.get(f"/m/{reader}/seasons/{season}{path}"))
    save("stats-club", client.get("/stats"))
    memory.clear_caches()


def event_form() -> dict[str, str]:
    from scorekeeper.web.kitchen import NewGame

    options = {f"o-{k}": v for k, v in NewGame.blank("standard").options.items() if v != ""}
    options.pop("o-target_score", None)
    options.pop("o-max_hands", None)
    return {
        "name": "Friday club night", "date": "2024-05-17", "format": "swiss",
        "seating": "partners", "rounds": "3", "target_score": "300", "max_hands": "",
        "round_minutes": "45", "tiebreaker-0": "point_diff", "tiebreaker-1": "head_to_head",
        **options, "editor": "1", "editor_preset": "standard", "preset": "standard",
    }  # fmt: skip


def pages() -> dict[str, str]:
    """Every page of the set by its file name: its status on a first line, then its body."""
    found: dict[str, str] = {}

    def save(name: str, response: Any) -> None:
        assert name not in found, name
        kind = response.mimetype.split("/")[-1].replace("plain", "txt").replace("svg+xml", "svg")
        head = f"<!-- {response.status_code} {response.mimetype} -->\n"
        found[f"{name}.{kind}"] = head + normalised(response.get_data(as_text=True))

    with deterministic(), tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp, "pages.sqlite")
        db = store.connect(database)
        store.migrate(db)
        db.close()
        app = create_app(
            {"TESTING": True, "SECRET_KEY": "pages", "DATABASE": str(database),
             "WTF_CSRF_ENABLED": False, "PUBLIC_HOLD_SECONDS": 0}
        )  # fmt: skip
        client = app.test_client()
        game_pages(client, save)
        club_night_pages(client, save)
        memory_pages(client, save, database)
    return found


def render(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, body in pages().items():
        (out / name).write_bytes(body.encode())


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    render(Path(sys.argv[1]))
