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
    )  # fmt: skip
    return env
