"""Every page of a fixed set, byte for byte as stored in tests/golden/ (issue 31: a re-lay
changes no page).

The pages and how they are made the same every run: scripts/render_pages.py (its docstring says
what is fixed at its source, and the one value rewritten, the CSRF token).

A change that legitimately changes a page regenerates the stored files and says so in its
commit message::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_golden_pages.py

then ``git diff tests/golden/`` shows every page that changed: read it before committing.
"""

from __future__ import annotations

import difflib
import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
SHOWN = 5  # the differing pages whose lines a failure shows


def rendered() -> dict[str, str]:
    spec = importlib.util.spec_from_file_location("render_pages", ROOT / "scripts/render_pages.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.pages()


def differences(pages: dict[str, str], folder: Path) -> list[str]:
    """What differs between ``pages`` and the files of ``folder``, in words and diff lines."""
    stored = (
        {p.name: p.read_bytes().decode() for p in sorted(folder.iterdir())}
        if folder.is_dir()
        else {}
    )
    said = [f"no longer rendered: {name}" for name in sorted(stored.keys() - pages.keys())]
    said += [f"not stored: {name}" for name in sorted(pages.keys() - stored.keys())]
    changed = sorted(n for n in pages.keys() & stored.keys() if pages[n] != stored[n])
    for name in changed[:SHOWN]:
        lines = difflib.unified_diff(
            stored[name].splitlines(),
            pages[name].splitlines(),
            f"golden/{name}",
            "now",
            lineterm="",
        )
        said += [f"changed: {name}", *list(lines)[:40]]
    said += [f"changed: {name}" for name in changed[SHOWN:]]
    return said


def write(pages: dict[str, str], folder: Path) -> None:
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        if old.name not in pages:
            old.unlink()
    for name, body in pages.items():
        (folder / name).write_bytes(body.encode())  # as rendered: a CSV's CRLF kept


def test_every_page_is_as_stored():
    pages = rendered()
    if os.environ.get("UPDATE_GOLDEN") == "1":
        write(pages, GOLDEN)
    said = differences(pages, GOLDEN)
    assert not said, "pages differ from tests/golden/ (UPDATE_GOLDEN=1 if meant):\n" + "\n".join(
        said
    )


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"a.html": "x"}, []),
        ({"a.html": "y"}, ["changed: a.html"]),
        ({}, ["no longer rendered: a.html"]),
        ({"a.html": "x", "b.html": ""}, ["not stored: b.html"]),
    ],
)
def test_the_finder_names_each_page_that_differs(tmp_path, change, expected):
    (tmp_path / "a.html").write_text("x")
    said = differences(change, tmp_path)
    assert [line for line in said if ":" in line and not line.startswith(("-", "+", "@"))] == (
        expected
    )
