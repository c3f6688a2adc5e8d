"""Where the templates, the static files and docs/stats.md (shown as a page) are, from a source
checkout or an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    # A wheel carries them inside the package; a checkout (or editable install) keeps them at
    # the top of the repository, beside the package.
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise RuntimeError(f"cannot find the {name}/ folder next to {_PACKAGE}")


TEMPLATES = _find("templates")
STATIC = _find("static")


def _find_file(relative: str) -> Path:
    """A file the app shows (not one it needs to start): where it is, or where a checkout
    would have it (missing: the page that shows it says so)."""
    for candidate in (_PACKAGE / relative, _PACKAGE.parent / relative):
        if candidate.is_file():
            return candidate
    return _PACKAGE.parent / relative


STATS_DOC = _find_file("docs/stats.md")
