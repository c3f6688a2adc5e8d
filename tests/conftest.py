"""Shared fixtures: an app on a temporary database and its client, and a live server with
Playwright driving Debian's Chromium at phone size."""

from __future__ import annotations

import atexit
import copy
import functools
import shutil
import tempfile
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
SHOTS = Path("/tmp/scorekeeper-shots")  # the browser tests' pictures, with --shots


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--shots",
        action="store_true",
        default=False,
        help=f"the browser tests keep pictures of the pages they check in {SHOTS}/ (not compared)",
    )


@functools.cache
def _migrated_template() -> Path:
    """A database freshly migrated once in this test process, closed: the file each test's
    new database is copied from (migrating takes ~20 ms, copying the closed file well under
    one, and gives the same schema; about 1,200 tests ask for a new database)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    template = folder / DATABASE_NAME
    db = store.connect(template)
    store.migrate(db)
    db.close()  # the last connection closed: the WAL is checkpointed into the file and gone
    return template


def migrated_database(path: Path) -> Path:
    """``path`` as a migrated database: a copy of the migrated template where there is none
    yet; one the test wrote there itself (an older schema, say) is migrated as the app would."""
    if path.exists():
        db = store.connect(path)
        store.migrate(db)
        db.close()
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(_migrated_template(), path)  # the mode too: private, as connect makes it
    return path


def make_app(tmp_path: Path, **config: Any):
    database = migrated_database(tmp_path / DATABASE_NAME)
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


@pytest.fixture(scope="session")
def lent_app(tmp_path_factory: pytest.TempPathFactory):
    """The one app (CSRF checks off) the ``app`` fixture lends each test of this test process,
    and its config as built. Building an app takes ~50 ms (Werkzeug compiles every route) and
    about 1,000 tests ask for one; the app keeps nothing of a request but in its config (the
    caches are the service modules' own, shared by every app of a process anyway)."""
    app = make_app(tmp_path_factory.mktemp("lent"), WTF_CSRF_ENABLED=False)
    # A first request now: from here on Flask refuses a route or hook added to it (whichever
    # test runs first), so no test can leave one for the next. Such a test takes ``own_app``.
    assert app.test_client().get("/healthz").status_code == 200
    return app, copy.deepcopy(dict(app.config))


@pytest.fixture
def app(tmp_path: Path, lent_app):
    """The app with CSRF checks off, for posting forms from the test client: on a database of
    its own in the test's folder, its config as built (whatever the last test changed)."""
    app, config = lent_app
    app.config.clear()
    app.config.update(copy.deepcopy(config))
    app.config["DATABASE"] = str(migrated_database(tmp_path / DATABASE_NAME))
    return app


@pytest.fixture
def own_app(tmp_path: Path):
    """An app built for this test alone (CSRF checks off), for a test that adds a route."""
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
    database = store.connect(migrated_database(tmp_path / DATABASE_NAME))
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


@pytest.fixture(autouse=True)
def close_contexts_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """Closes the browser contexts a test opened and left open. The browsers live as long as
    the test process, so a page left open (a console, a projector, a public page) would go on
    polling the live server and ticking its clock through every later test, taking the CPU the
    later tests need."""
    browsers = [
        request.getfixturevalue(name)
        for name in ("browser", "bfcache_browser")
        if name in request.fixturenames
    ]
    before = {id(context) for browser in browsers for context in browser.contexts}
    yield
    for browser in browsers:
        for context in browser.contexts:
            if id(context) not in before:
                context.close()


@pytest.fixture
def shot(pytestconfig: pytest.Config):
    """``shot(page_or_locator, name, **options)``: a picture of the page (or one part of it) to
    look at, never compared, kept in SHOTS only with ``--shots``. Without it nothing is taken:
    a whole page at a phone's twice pixels takes Chromium seconds, and no test reads it."""

    def keep(target: Any, name: str, **options: Any) -> None:
        if pytestconfig.getoption("shots"):
            SHOTS.mkdir(exist_ok=True)
            target.screenshot(path=str(SHOTS / name), **options)

    return keep


@pytest.fixture
def live_db(live_app):
    """The live server's database, as a test reads or writes it beside the browser."""
    db = store.connect(live_app.config["DATABASE"])
    yield db
    db.close()
