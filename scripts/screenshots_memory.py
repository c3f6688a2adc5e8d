"""The club's memory's screenshots in docs/screenshots/ (memory-*.png): the ladder, a player's
page, a season's standings and the keeper's page at phone size, from a small club played
through the service (Playwright + Debian's Chromium), saved small as scripts/screenshots.py
saves its own.

    .venv/bin/python scripts/screenshots_memory.py      (make screenshots runs it too)
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, service  # noqa: E402
from scorekeeper.service import memory  # noqa: E402
from scorekeeper.stats import Scheme  # noqa: E402
from scripts.screenshots import OUT, shot  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402
from tests.service.memory.memory_club import club  # noqa: E402


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "memory.sqlite"
        db = service.connect(path)
        service.migrate(db)
        club(db, 5, nights=6)
        keeper_token, reader = memory.keeper_link(db), memory.reader_link(db)
        season = memory.add_season(db, "Spring 2026", "2026-03-01", "2026-03-31", None,
                                   Scheme("place", (6, 3, 1), best_of=4))  # fmt: skip
        ann = memory.find_person(memory.load_club(db), "Ann")
        db.close()
        app = create_app({"DATABASE": str(path), "SECRET_KEY": "screenshots"})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        pages = {
            "memory-ladder": f"/m/{reader}",
            "memory-player": f"/m/{reader}/people/{ann}",
            "memory-season": f"/m/{reader}/seasons/{season}",
            "memory-keeper": f"/k/{keeper_token}",
        }
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(viewport=PHONE, device_scale_factor=1)
                page = context.new_page()
                for name, url in pages.items():
                    page.goto(base + url)
                    shot(page, name)
                    print(f"wrote {OUT / name}.png")
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
