"""A season's standings on paper: place, name, points, nights, wins and why, from plain values
the web layer hands over (the season page's rows)."""

from __future__ import annotations

from dataclasses import dataclass

from .layout import DEFAULT_PAPER, templates


@dataclass(frozen=True)
class SeasonPrint:
    """``rows``: (place label, name, points, nights, wins, placed, why) in order."""

    name: str
    when: str
    scheme: str
    rows: tuple[tuple[str, str, int, int, int, bool, str], ...]
    paper: str = DEFAULT_PAPER


def season_html(doc: SeasonPrint) -> str:
    return templates().get_template("print/season.html").render(doc=doc, printing=True)


def render_season_pdf(doc: SeasonPrint) -> bytes:
    from .pdf import html_to_pdf  # WeasyPrint loads in the worker that prints

    return html_to_pdf(season_html(doc), doc.paper)
