"""Shared fixtures: an app on a temporary database and its client, and a live server with
Playwright driving Debian's Chromium at phone size."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app, store

pytest_plugins = ["tests.late_server", "pytester"]  # --late-server: see that module

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


DATABASE_NAME = "scorekeeper.sqlite"


def make_app(tmp_path: Path, **config: Any):
    database = tmp_path / DATABASE_NAME
    db = store.connect(database)
    store.migrate(db)
    db.close()
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret-key",
            "DATABASE": str(database),
            # Tests see a change on the public pages at once (tests/web/club_night/test_rendered.py
            # tests the hold itself).
            "PUBLIC_HOLD_SECONDS": 0,
            # Every test's client is one address: the limits on what it creates are off
            # (tests/web/test_limits.py turns them on).
            "RATELIMIT_ENABLED": False,
            **config,
        }
    )


@pytest.fixture
def app(tmp_path: Path):
    """The app with CSRF checks off, for posting forms from the test client."""
    return make_app(tmp_path, WTF_CSRF_ENABLED=False)


@pytest.fixture
def csrf_app(tmp_path: Path):
    """The app exactly as served: CSRF checks on."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def db(tmp_path: Path) -> Iterator[store.Database]:
    """A migrated database in the test's folder: the one the ``app`` fixture serves, when a
    test asks for both (service and store tests use it alone)."""
    database = store.connect(tmp_path / DATABASE_NAME)
    store.migrate(database)
    yield database
    database.close()


# --- the browser -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory):
    """The app the live server serves (CSRF on); its config names its database."""
    return make_app(tmp_path_factory.mktemp("live"))


@pytest.fixture(scope="session")
def live_server(live_app, pytestconfig: pytest.Config) -> Iterator[str]:
    """The real app (CSRF on) on a free loopback port, in a thread, for the whole session;
    answering late with ``--late-server`` (tests/late_server.py)."""
    app = live_app
    if pytestconfig.getoption("late_server"):
        from tests.late_server import late  # the plugin's module, imported once pytest has it

        app = late(live_app, pytestconfig.getoption("late_server_seed"))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium, never a downloaded browser."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": PHONE,
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


@pytest.fixture
def live_db(live_app):
    """The live server's database, as a test reads or writes it beside the browser."""
    db = store.connect(live_app.config["DATABASE"])
    yield db
    db.close()
