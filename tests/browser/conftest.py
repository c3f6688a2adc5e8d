"""The browser tests' own fixtures: Chromium as phones have it."""

from __future__ import annotations

import pytest

from tests.conftest import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="session")
def bfcache_browser(browser_type):
    """Chromium with its back/forward cache on: Playwright turns it off by default (its
    ``--disable-back-forward-cache``); phones have it on, and Back after a save restores the
    live page from it. One for the test process, as pytest-playwright's ``browser`` is: each
    test opens its own context in it (cookies, storage and cache its own)."""
    browser = browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    yield browser
    browser.close()
