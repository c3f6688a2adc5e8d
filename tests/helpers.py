"""Small builders the web tests share: game files, stored games, new-game form posts."""

from __future__ import annotations

import secrets
from typing import Any

from scorekeeper import store
from scorekeeper.rules import parse_game, score_game

HAND = {
    "bids": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 2},
    "tricks": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3},
}


def game_file(hands=(), **extra: Any) -> dict[str, Any]:
    """A four-handed partnership game file (Ann & Cy v Bob & Di); ``extra`` replaces any key."""
    return {
        "format": "spades-scorekeeper/1",
        "rules": "standard",
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "hands": list(hands),
        **extra,
    }


def store_game(db: store.Database, data: dict[str, Any], title: str = "") -> store.GameRecord:
    """Store a game file as the app would: scored, with its outcome."""
    sheet = score_game(parse_game(data))
    return store.create_game(db, data, title=title, finished=sheet.finished, winner=sheet.winner)


def editor_fields(preset: str = "standard", **changes: Any) -> dict[str, Any]:
    """The rules editor's fields as a browser posts them, with some changed."""
    from scorekeeper.web.kitchen import NewGame

    values = {**NewGame.blank(preset).options, **changes}
    fields = {f"o-{k}": v for k, v in values.items() if v != ""}
    return {**fields, "editor": "1", "editor_preset": preset, "preset": preset}


FOUR = ("Ann", "Bob", "Cy", "Di")


def post_new(client, names=FOUR, **fields: Any):
    """The new game form posted as a browser does: the names in their seats, any other fields."""
    data = {f"player-{i}": n for i, n in enumerate(names)}
    return client.post("/games/new", data={**data, **fields})


def new_game(client, names=FOUR, **fields: Any) -> str:
    """A game started through the new game form (``post_new``): its edit token."""
    response = post_new(client, names, **fields)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].rsplit("/", 1)[1]


def make_game(db: store.Database, hands=(), title: str = "", **extra: Any) -> store.GameRecord:
    """A game stored as the app would, without a page: ``game_file(hands, **extra)``."""
    return store_game(db, game_file(hands, **extra), title=title)


def created(db: store.Database, response) -> store.GameRecord:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    token = response.headers["Location"].rsplit("/", 1)[1]
    return store.game_by_edit_token(db, token)


def browser(client) -> str:
    """The test client's browser id, given one as the app would if it has none yet."""
    from scorekeeper.web.session import BROWSER_ID_BYTES, _today

    with client.session_transaction() as session:
        if "browser" not in session:
            session["browser"] = secrets.token_urlsafe(BROWSER_ID_BYTES)
            session["since"] = _today()
            session.permanent = True
        return session["browser"]


def remember(db: store.Database, client, *tokens: str) -> None:
    """What opening the games does: this browser now has them (the first most recent)."""
    from scorekeeper.service import kitchen

    kitchen.adopt_games(db, browser(client), list(tokens))


def listed(db: store.Database, client) -> list[str]:
    """The edit tokens of the client's games ("Your games"), the most recently opened first."""
    return [r.edit_token for r in store.browser_games(db, browser(client), 1000)]


def gated_warm_up() -> None:
    """A printing worker's warm-up held until the file named by $SCOREKEEPER_TEST_PDF_GATE
    exists (runs in the worker process): a start whose end the test decides."""
    import os
    import time
    from pathlib import Path

    gate = Path(os.environ["SCOREKEEPER_TEST_PDF_GATE"])
    deadline = time.monotonic() + 120  # a test that never opens the gate must not hang forever
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.01)


def gated_render(job: Any) -> bytes:
    """The printing pool's job, held until the file named by $SCOREKEEPER_TEST_PDF_GATE exists:
    a long render whose end the test decides (runs in a worker process)."""
    import os
    import time
    from pathlib import Path

    from scorekeeper.printing import pool

    gate = Path(os.environ["SCOREKEEPER_TEST_PDF_GATE"])
    deadline = time.monotonic() + 120  # a test that never opens the gate must not hang forever
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return pool.render(job)


def wait_until(condition: Any, what: str, seconds: float = 60.0) -> None:
    """Poll ``condition`` until it holds (a deadline only so a broken test fails, never a
    timing assertion)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what}")
        time.sleep(0.01)


def worker_pid(_job: Any) -> int:
    """A printing pool job that reports which process ran it."""
    import os

    return os.getpid()


def count_calls(monkeypatch, function) -> list[int]:
    """Count calls of ``function`` through every module of the app that holds it."""
    import sys

    calls: list[int] = []

    def counted(*args, **kwargs):
        calls.append(1)
        return function(*args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("scorekeeper"):
            for attr, value in list(vars(module).items()):
                if value is function:
                    monkeypatch.setattr(module, attr, counted)
    return calls
