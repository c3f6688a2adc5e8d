"""The home page in a real browser at phone size."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_home_page_renders_on_a_phone(page, live_server):
    page.goto(live_server + "/")
    assert page.title() == "Spades Scorekeeper"
    heading = page.get_by_role("heading", level=1)
    assert heading.inner_text() == "Keep score at the Spades table"
    # Nothing wider than the phone: no sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
