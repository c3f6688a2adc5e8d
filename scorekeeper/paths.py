"""Where the templates, the static files and docs/stats.md (shown as a page) are, from a source
checkout or an installed wheel; and where the data lives."""

from __future__ import annotations

from collections.abc import Mapping
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


APP_FOLDER = "spades-scorekeeper"


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The folder for the database, its secret key and its backups.

    SCOREKEEPER_DATA_DIR when set (the container image sets /data). Otherwise a source checkout
    (or an editable install of one) keeps them in its ``instance/`` folder, as `make run` always
    has; an installed wheel (pipx, pip) in the user's own data folder: never inside the
    installed package, and never the folder the command happened to be started from.
    """
    import os
    import sys

    env = os.environ if environ is None else environ
    if env.get("SCOREKEEPER_DATA_DIR"):
        return Path(env["SCOREKEEPER_DATA_DIR"]).expanduser().resolve()
    if (_PACKAGE.parent / "pyproject.toml").is_file():
        return _PACKAGE.parent / "instance"
    return user_data_dir(env, platform or sys.platform)


def user_data_dir(env: Mapping[str, str], platform: str) -> Path:
    """The per-user data folder, where each system keeps it."""
    home = Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())
    if platform.startswith("win"):
        base = env.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return Path(base) / APP_FOLDER
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP_FOLDER
    xdg = env.get("XDG_DATA_HOME", "")
    base_dir = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base_dir / APP_FOLDER
