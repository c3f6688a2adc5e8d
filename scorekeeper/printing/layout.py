"""The printed page without the printer: paper sizes, margins, and the print templates.

Kept apart from :mod:`.pdf` (WeasyPrint) so that the web server, which never renders a PDF in
its own process (:mod:`.pool` does, in worker processes), need not load WeasyPrint at all.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2

from scorekeeper import paths
from scorekeeper.rules import end_reason, preset_title, words

PAPER_SIZES = ("letter", "a4")
DEFAULT_PAPER = "letter"
# Page height and width in mm (portrait), for working out how many blank rows fill a page.
PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}

# These match static/print.css: change them together.
PAGE_MARGIN_MM = 12.0  # top and bottom page margins
FOOTER_MM = 0.0  # page numbers sit in the bottom margin box
HALF_GAP_MM = 10.0  # the cut line between two sheets on one page
LINE_HEIGHT = 1.25  # html's line-height
PT_MM = 25.4 / 72  # a point in mm

FONT = "DejaVu Sans"  # print.css's: the one font every printed page is set in
# A character's advance in ems where the font cannot be read: generous (DejaVu Sans averages
# ~0.55 em a letter in names, bold ~0.62, capitals ~0.7, a space 0.32, a dot or a comma less).
LETTER_EM = {False: 0.6, True: 0.68}
CAPITAL_EM = {False: 0.75, True: 0.8}
SPACE_EM = 0.35
MARK_EM = 0.45  # punctuation and symbols: "·", "-", "(", "&"...
SLACK = 1.05  # a measured width, a little wider: kerning and shaping are not measured


def known_paper_size(value: str | None) -> str:
    """A known paper size from a setting or a form (``letter`` or ``a4``), else the default."""
    value = (value or "").strip().lower()
    return value if value in PAPER_SIZES else DEFAULT_PAPER


def page_mm(paper_size: str, landscape: bool = False) -> tuple[float, float]:
    """The page's width and height in mm."""
    width, height = PAPER_MM[known_paper_size(paper_size)]
    return (height, width) if landscape else (width, height)


def half_height_mm(paper_size: str, landscape: bool = False) -> float:
    """The height of one of two sheets printed on a page."""
    usable = page_mm(paper_size, landscape)[1] - 2 * PAGE_MARGIN_MM - FOOTER_MM
    return (usable - HALF_GAP_MM) / 2 - 1  # a millimetre spare: rounding must not push a sheet over


@lru_cache(maxsize=2)
def _advances(bold: bool) -> dict[int, float] | None:
    """Each character's advance in ems in the font the pages are printed in (its ``hmtx``
    table, found as fontconfig finds it for WeasyPrint), or None where it cannot be read."""
    import subprocess

    from fontTools.ttLib import TTFont  # imported where pages are printed (WeasyPrint's too)

    try:
        found = subprocess.run(
            ["fc-match", "-f", "%{file}", FONT + (":bold" if bold else "")],
            capture_output=True, check=True, text=True, timeout=10,
        )  # fmt: skip
        font = TTFont(found.stdout, lazy=True)
        units, metrics = font["head"].unitsPerEm, font["hmtx"]
        return {c: metrics[glyph][0] / units for c, glyph in font.getBestCmap().items()}
    except (OSError, subprocess.SubprocessError, KeyError, ValueError):
        return None


def _em(c: str, bold: bool) -> float:
    if c.isupper():
        return CAPITAL_EM[bold]
    if c.isalnum():
        return LETTER_EM[bold]
    return SPACE_EM if c == " " else MARK_EM


def text_mm(text: str, pt: float, bold: bool = False) -> float:
    """How wide ``text`` prints at ``pt`` points: measured from the font's advances, a little
    wide; a character the font lacks (or a font that cannot be read) counted generously."""
    advances = _advances(bold) or {}
    ems = sum(advances.get(ord(c), 0.0) * SLACK or _em(c, bold) for c in text)
    return ems * pt * PT_MM


def wrapped_lines(text: str, pt: float, width_mm: float, bold: bool = False) -> int:
    """The lines ``text`` takes at ``pt`` points in ``width_mm``: wrapped at its spaces, a word
    wider than a line broken where it must (print.css's ``overflow-wrap``). An estimate that
    errs long, for a page that must leave room for a name printed whole."""
    space = text_mm(" ", pt, bold)
    lines, used = 1, 0.0
    for word in text.split():
        width = text_mm(word, pt, bold)
        if used and used + space + width > width_mm:
            lines, used = lines + 1, 0.0
        elif used:
            used += space
        while used + width > width_mm:  # only a word wider than a whole line
            lines, width = lines + 1, width - (width_mm - used)
            used = 0.0
        used += width
    return lines


def lines_mm(lines: int, pt: float) -> float:
    """The height of ``lines`` lines of ``pt`` points."""
    return lines * pt * LINE_HEIGHT * PT_MM


@lru_cache(maxsize=1)
def templates() -> jinja2.Environment:
    """The print templates (the same folder as the web app's), autoescaped like the app's."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(paths.TEMPLATES)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # the same filters as the web app's, so the shared partials read the same
    env.filters.update(
        end_reason=end_reason, preset_title=preset_title, figure=words.figure,
        signed=words.signed, with_minus=words.with_minus, bags_hint=words.bags_hint,
        set_mark=words.set_mark,
    )  # fmt: skip
    return env
