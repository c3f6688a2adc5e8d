"""How a page answers for a PDF, shared by the game's and the event's printed sheets: the paper
asked for, the PDF as a download, and a sheet the printers refused or are still making."""

from __future__ import annotations

from flask import Response, current_app, render_template, request

from scorekeeper.printing import layout, pool
from scorekeeper.web.filenames import slug


def print_refused(
    error: pool.PrintRefused, back: str, download: str | None = None
) -> tuple[str, int, dict[str, str]]:
    """A sheet not printed: 413 for a game too long, 202 with a page that fetches it when it
    is being made for nobody waiting, 503 (try again) otherwise."""
    if isinstance(error, pool.Printing):
        again = request.full_path if request.query_string else request.path
        page = render_template("print/making.html", message=str(error), pdf=again, back=back)
        return page, 202, {"Retry-After": "2"}
    status = 413 if isinstance(error, pool.TooLong) else 503
    page = render_template("print/refused.html", message=str(error), back=back, download=download)
    return page, status, {} if status == 413 else {"Retry-After": "30"}


def paper_size(asked: str | None) -> str:
    """The paper asked for in the link, else the app's PAPER_SIZE setting."""
    return layout.known_paper_size(asked or current_app.config.get("PAPER_SIZE"))


def pdf_response(body: bytes, name: str) -> Response:
    stem = slug(name, 50) or "spades-sheet"
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'attachment; filename="{stem}.pdf"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response
