"""``--late-server`` (tests/late_server.py) is off unless asked for: ``make test`` serves the
browser tests as before, and with the option every page waits its seeded delay."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.late_server import FAST, LONGEST, SHORTEST, delay

ROOT = Path(__file__).resolve().parent.parent
INNER = """
import urllib.request

from tests.conftest import live_app, live_server  # noqa: F401 (the fixtures, as served)


def test_a_page(live_server, monkeypatch):
    import tests.late_server  # here, once pytest has registered it as a plugin

    asked = []
    monkeypatch.setattr(tests.late_server, "delay", lambda *a: asked.append(a[2]) or 0.0)
    with urllib.request.urlopen(live_server + "/") as answer:
        assert answer.status == 200
    print("DELAYED", asked)
"""


@pytest.mark.parametrize(
    ("args", "delayed"), [((), "DELAYED []"), (("--late-server",), "DELAYED ['/']")]
)
def test_the_live_server_answers_late_only_when_asked(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, args, delayed
):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makepyfile(test_inner=INNER)
    result = pytester.runpytest_subprocess(
        "-s", "-p", "no:randomly", "-p", "no:xdist", "-p", "tests.late_server", *args
    )
    result.assert_outcomes(passed=1)
    assert delayed in result.stdout.str()


def test_the_delays_are_seeded_and_polling_stays_fast():
    first = [delay(1, "GET", "/g/abc", n) for n in range(50)]
    assert first == [delay(1, "GET", "/g/abc", n) for n in range(50)]
    assert first != [delay(2, "GET", "/g/abc", n) for n in range(50)]
    assert all(SHORTEST <= d < LONGEST for d in first)
    assert all(delay(1, "GET", "/g/abc" + end, 0) == 0.0 for end in FAST)
