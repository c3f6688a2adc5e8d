"""WeasyPrint plumbing: print HTML in, PDF bytes out. The only module that imports WeasyPrint.

Safety: the renderer fetches nothing over the network. :class:`StaticOnlyFetcher` serves files
under the app's static folder and refuses every other URL (http, data:, file elsewhere), and
every name reaches the page through Jinja's autoescape, so ``<b>Ann</b>`` prints as typed.

Speed: the print stylesheet is parsed once per process (:func:`stylesheets`), the fonts are
shared through one ``FontConfiguration``, and :func:`warm_up` (called when the server starts,
never at import) renders a tiny page once so the first real sheet does not pay for Pango and
fontconfig starting up.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scorekeeper import paths
from scorekeeper.rules import end_reason, preset_title

PAPER_SIZES = ("letter", "a4")
DEFAULT_PAPER = "letter"
# Page height and width in mm (portrait), for working out how many blank rows fill a page.
PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
PRINT_CSS = "print.css"

# These match static/print.css: change them together.
PAGE_MARGIN_MM = 12.0  # top and bottom page margins
FOOTER_MM = 0.0  # page numbers sit in the bottom margin box
HALF_GAP_MM = 10.0  # the cut line between two sheets on one page

_font_config = FontConfiguration()
_render_lock = threading.Lock()


# --- fetching: the app's static files, nothing else --------------------------------------------


class StaticOnlyFetcher(URLFetcher):
    """A url_fetcher that serves files under the static folder and refuses everything else."""

    def __init__(self, root: Path = paths.STATIC) -> None:
        super().__init__(allowed_protocols=("file",), allow_redirects=False)
        self.root = Path(root).resolve()

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = self.local_path(url)
        if path is None:
            raise ValueError(f"printing fetches only the app's static files, not {url[:80]}")
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": _mime(path)})

    def local_path(self, url: str) -> Path | None:
        """The file under the static folder that ``url`` names, or None if it names no such file."""
        if not url.startswith("file://"):
            return None
        from urllib.parse import unquote, urlsplit

        parts = urlsplit(url)
        if parts.netloc not in ("", "localhost"):
            return None
        try:
            path = Path(unquote(parts.path)).resolve()
        except (OSError, ValueError):
            return None
        if not path.is_relative_to(self.root) or not path.is_file():
            return None
        return path


def _mime(path: Path) -> str:
    return {
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".png": "image/png",
    }.get(path.suffix.lower(), "application/octet-stream")


FETCHER = StaticOnlyFetcher()
BASE_URL = paths.STATIC.resolve().as_uri() + "/"


# --- stylesheets and templates, prepared once -------------------------------------------------


def paper_size(value: str | None) -> str:
    """A known paper size from a setting or a form (``letter`` or ``a4``), else the default."""
    value = (value or "").strip().lower()
    return value if value in PAPER_SIZES else DEFAULT_PAPER


def page_mm(paper: str, landscape: bool = False) -> tuple[float, float]:
    """The page's width and height in mm."""
    width, height = PAPER_MM[paper_size(paper)]
    return (height, width) if landscape else (width, height)


def half_height_mm(paper: str, landscape: bool = False) -> float:
    """The height of one of two sheets printed on a page."""
    usable = page_mm(paper, landscape)[1] - 2 * PAGE_MARGIN_MM - FOOTER_MM
    return (usable - HALF_GAP_MM) / 2 - 1  # a millimetre spare: rounding must not push a sheet over


@lru_cache(maxsize=2 * len(PAPER_SIZES) + 1)
def stylesheets(paper: str, landscape: bool = False) -> tuple[weasyprint.CSS, ...]:
    """The parsed print stylesheet plus the page size: parsed once per process and paper."""
    size = "A4" if paper == "a4" else "letter"
    orientation = "landscape" if landscape else "portrait"
    page = (
        f"@page {{ size: {size} {orientation}; }}\n"
        f".blank.half, .packet .card {{ height: {half_height_mm(paper, landscape):.1f}mm; }}"
    )
    return (
        weasyprint.CSS(
            filename=str(paths.STATIC / PRINT_CSS),
            url_fetcher=FETCHER,
            font_config=_font_config,
        ),
        weasyprint.CSS(string=page, font_config=_font_config),
    )


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
    env.filters.update(end_reason=end_reason, preset_title=preset_title)
    return env


def html_to_pdf(html: str, paper: str = DEFAULT_PAPER, *, landscape: bool = False) -> bytes:
    """A PDF from print HTML, styled by the cached print stylesheet, fetching only static files."""
    document = weasyprint.HTML(string=html, base_url=BASE_URL, url_fetcher=FETCHER)
    # WeasyPrint shares font and layout caches between renders; one render at a time keeps the
    # threaded server from interleaving them (a sheet takes a few tens of milliseconds).
    with _render_lock:
        return document.write_pdf(
            stylesheets=stylesheets(paper_size(paper), landscape), font_config=_font_config
        )


def warm_up() -> None:
    """Render one tiny sheet so the first real one does not pay for fonts and caches starting."""
    for paper in PAPER_SIZES:
        stylesheets(paper)
    html_to_pdf(templates().get_template("print/warm_up.html").render(), DEFAULT_PAPER)
