"""The templates read as code: no line longer than a screen's worth.

A template line of several hundred characters (a form, a table row, a loop with its markup) is
where a change goes wrong unseen. Long lines are broken with Jinja's whitespace control so the
page stays byte-for-byte the same: a line ending ``{# -#}`` goes on at the next line's first
non-space character, and ``{%-`` or ``{{-`` at a line's start takes the break away."""

from __future__ import annotations

from pathlib import Path

from scorekeeper import paths

LIMIT = 120  # characters, as ruff's line length for Python is 100 plus room for markup


def long_lines(folder: Path, limit: int = LIMIT) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if len(line) > limit:
                found.append(f"{path.relative_to(folder)}:{number} ({len(line)} characters)")
    return found


def test_no_template_line_is_longer_than_the_limit():
    assert paths.TEMPLATES.is_dir()
    assert not long_lines(paths.TEMPLATES), long_lines(paths.TEMPLATES)


def test_the_check_finds_a_long_line(tmp_path: Path):
    (tmp_path / "a.html").write_text("<p>short</p>\n" + "x" * (LIMIT + 1) + "\n")
    (tmp_path / "b.html").write_text("y" * LIMIT + "\n")
    assert long_lines(tmp_path) == [f"a.html:2 ({LIMIT + 1} characters)"]
