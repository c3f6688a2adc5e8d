"""Files handed out to download: an attachment under its name, kept by no cache on the way (a
director's files hold the tables' links). A CSV is for a spreadsheet, and the spreadsheet most
clubs open it with (Excel, by a double-click) reads a file without a byte-order mark in the
computer's old code page: "Søren" comes out as "SÃ¸ren". So a CSV starts with UTF-8's mark,
which LibreOffice, Numbers and Google Sheets read as well; the command line's CSV (for scripts,
on standard output) has none."""

from __future__ import annotations

from flask import Response

UTF8_MARK = "\ufeff"  # the byte-order mark, EF BB BF in UTF-8


def attachment(text: str, mimetype: str, filename: str) -> Response:
    """``text`` to save as ``filename`` (an ASCII name: web.filenames), never cached."""
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def spreadsheet(text: str, filename: str) -> Response:
    """A CSV to open in a spreadsheet, accented names and all (see the module's note)."""
    return attachment(UTF8_MARK + text, "text/csv", filename)
