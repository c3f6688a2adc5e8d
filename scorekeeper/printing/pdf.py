"""WeasyPrint plumbing: print HTML in, PDF bytes out. The only module that imports WeasyPrint.

Safety: the renderer fetches nothing over the network. :class:`StaticOnlyFetcher` serves files
under the app's static folder and the PNG images written into the page as ``data:`` URIs (the
table cards' QR codes), and refuses every other URL (http, other data:, file elsewhere), and
every name reaches the page through Jinja's autoescape, so ``<b>Ann</b>`` prints as typed.

Speed: the print stylesheet is parsed once per process (:func:`stylesheets`), documents are
styled with WeasyPrint's own user-agent stylesheet less the pseudo-element rules no print
document of ours can use (:func:`user_agent_stylesheet`), the fonts are
shared through one ``FontConfiguration``, and :func:`warm_up` (called as each printing worker
process starts, never at import) renders a tiny page once so the first real sheet does not pay
for Pango and fontconfig starting up. The web server renders nothing here itself: its sheets are
made in worker processes (:mod:`.pool`).
"""

from __future__ import annotations

import base64
import threading
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scorekeeper import paths

from .layout import (  # noqa: F401 -- the page geometry, here too for callers of pdf.*
    DEFAULT_PAPER,
    FOOTER_MM,
    HALF_GAP_MM,
    PAGE_MARGIN_MM,
    PAPER_MM,
    PAPER_SIZES,
    half_height_mm,
    known_paper_size,
    page_mm,
    templates,
)

PRINT_CSS = "print.css"
PNG_DATA = "data:image/png;base64,"

_font_config = FontConfiguration()
_render_lock = threading.Lock()


# --- fetching: the app's static files, nothing else --------------------------------------------


class StaticOnlyFetcher(URLFetcher):
    """A url_fetcher that serves files under the static folder and refuses everything else."""

    def __init__(self, root: Path = paths.STATIC) -> None:
        super().__init__(allowed_protocols=("file",), allow_redirects=False)
        self.root = Path(root).resolve()

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        if url.startswith(PNG_DATA):  # an image in the page itself: nothing is fetched
            try:
                body = base64.b64decode(url[len(PNG_DATA) :], validate=True)
            except ValueError:
                raise ValueError("printing reads only well-formed PNG data: URIs") from None
            return URLFetcherResponse(url, body, {"Content-Type": "image/png"})
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


# --- the user-agent stylesheet, less what no print document uses ------------------------------

# Rules of WeasyPrint's user-agent stylesheet (its css/html5_ua.css) that match EVERY element as
# a pseudo-element: list markers, footnote and note calls and markers. Our print documents have
# no lists, footnotes or notes, so these never draw anything, yet the cascade gave each of a
# packet's ~80 elements a table three pseudo-element styles to compute: about 5% of a round
# packet's CPU. A document that used them would need them back (tests/test_pdf.py renders the
# sheets, a packet and the standings both ways and compares their pages).
UNUSED_UA_RULES = (
    "::marker ",
    "::footnote-call ",
    "::footnote-marker ",
    "::note-call ",
    "::note-marker ",
    "::note-callback ",
)


def user_agent_text() -> str:
    """WeasyPrint's user-agent stylesheet without the rules of :data:`UNUSED_UA_RULES` (each
    is one line of that file, so a line is the unit dropped)."""
    text = (files(weasyprint) / "css" / "html5_ua.css").read_text("utf-8")
    lines = text.splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith(UNUSED_UA_RULES))


@lru_cache(maxsize=1)
def user_agent_stylesheet() -> weasyprint.CSS:
    """The trimmed user-agent stylesheet, parsed once a process. Its counter styles go to a
    throwaway registry: documents keep WeasyPrint's own (``HTML._ua_counter_style``)."""
    from weasyprint.css.counters import CounterStyle

    return weasyprint.CSS(string=user_agent_text(), counter_style=CounterStyle())


class PrintHTML(weasyprint.HTML):
    """A print document styled by :func:`user_agent_stylesheet` instead of WeasyPrint's full
    user-agent stylesheet (``HTML._ua_stylesheets`` is the hook WeasyPrint itself calls)."""

    def _ua_stylesheets(self, forms: bool = False) -> list[weasyprint.CSS]:
        return [user_agent_stylesheet()]


# --- stylesheets and templates, prepared once -------------------------------------------------


@lru_cache(maxsize=2 * len(PAPER_SIZES) + 1)
def stylesheets(paper_size: str, landscape: bool = False) -> tuple[weasyprint.CSS, ...]:
    """The parsed print stylesheet plus the page size: parsed once per process and paper."""
    size = "A4" if paper_size == "a4" else "letter"
    orientation = "landscape" if landscape else "portrait"
    page = (
        f"@page {{ size: {size} {orientation}; }}\n"
        f".blank.half, .packet .card {{ height: {half_height_mm(paper_size, landscape):.1f}mm; }}"
    )
    return (
        weasyprint.CSS(
            filename=str(paths.STATIC / PRINT_CSS),
            url_fetcher=FETCHER,
            font_config=_font_config,
        ),
        weasyprint.CSS(string=page, font_config=_font_config),
    )


def html_to_pdf(html: str, paper_size: str = DEFAULT_PAPER, *, landscape: bool = False) -> bytes:
    """A PDF from print HTML, styled by the cached print stylesheet, fetching only static files."""
    document = PrintHTML(string=html, base_url=BASE_URL, url_fetcher=FETCHER)
    # WeasyPrint shares font and layout caches between renders; one render at a time keeps
    # threads from interleaving them (the pool's workers run one job each at a time anyway).
    with _render_lock:
        return document.write_pdf(
            stylesheets=stylesheets(known_paper_size(paper_size), landscape),
            font_config=_font_config,
        )


def warm_up() -> None:
    """Render one tiny sheet so the first real one does not pay for fonts and caches starting."""
    user_agent_stylesheet()
    for paper_size in PAPER_SIZES:
        stylesheets(paper_size)
    html_to_pdf(templates().get_template("print/warm_up.html").render(), DEFAULT_PAPER)
