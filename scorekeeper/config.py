"""Configuration: defaults, the environment (``SCOREKEEPER_*``), the instance folder.

Kept apart from the web layer so the command line can find the database without building the
web app (and, through it, loading WeasyPrint).
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import paths

# Where the server answers its health check (a container's HEALTHCHECK, a service manager, a
# proxy): the web route, and the serving threads that answer it beside the phones' requests.
HEALTH_PATH = "/healthz"


def configured_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The Flask object with its configuration only (no blueprints, no database)."""
    app = Flask(
        "scorekeeper",
        instance_relative_config=True,
        # the data folder (database, secret key, backups): see paths.data_dir
        instance_path=str(paths.data_dir()),
        template_folder=str(paths.TEMPLATES),
        static_folder=str(paths.STATIC),
    )
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"),
        PAPER_SIZE="letter",
        # A phone left on the table for an hour must still save the next hand: the CSRF token
        # lives as long as the session cookie instead of expiring after an hour.
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        # The cookie carries only this browser's id (and the CSRF token): it is sent when they
        # change and about monthly (scorekeeper.web.session), not re-signed on every page.
        SESSION_REFRESH_EACH_REQUEST=False,
        # Secure cookies: always when True, else whenever the request came over HTTPS.
        SESSION_COOKIE_SECURE=False,
        # Behind a reverse proxy (nginx, Caddy): how many proxies to trust for the
        # X-Forwarded-For/-Proto/-Host/-Port/-Prefix headers; 0 trusts none.
        PROXY_FIX=0,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        # How long a page's save waits for another writer (a backup, a command, a stuck
        # process) before answering "busy, try again" with the form kept: not a phone's patience.
        BUSY_TIMEOUT_MS=4000,
        # Printed sheets (scorekeeper.printing.pool): games longer than this are refused before
        # any work, and a sheet not made within this many seconds answers "try again".
        PDF_MAX_HANDS=400,
        PDF_TIMEOUT=20.0,
        # Backups the server takes itself (scorekeeper.cli.backups): into BACKUP_DIR (empty:
        # a backups/ folder beside the database), once at start and then every BACKUP_HOURS
        # while there were changes (0: none on a schedule), keeping the last BACKUP_KEEP.
        BACKUP_DIR="",
        BACKUP_HOURS=6,
        BACKUP_KEEP=14,
        # The public page and the projector: the event is read again at most this often (in
        # seconds), so the version a room of phones polls moves at most that often.
        PUBLIC_HOLD_SECONDS=5.0,
        # Limits per address on what creates (scorekeeper.web.limits; Flask-Limiter's strings,
        # each counted over every route of its kind): new games, imports, new events, printed
        # sheets. A table's saves are never limited. RATELIMIT_ENABLED false: no limits; the
        # counts are each serving process's own (memory://).
        RATELIMIT_ENABLED=True,
        RATELIMIT_STORAGE_URI="memory://",
        RATELIMIT_GAMES="60 per hour",
        RATELIMIT_IMPORTS="60 per hour",
        RATELIMIT_EVENTS="20 per hour",
        RATELIMIT_PDFS="300 per hour",
    )
    if test_config is None:
        app.config.from_prefixed_env("SCOREKEEPER")
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))
    return app


def proxy_count(config: Any) -> int:
    """The PROXY_FIX setting as a number of proxies to trust: 1, "1", true and "true" are one."""
    setting = config.get("PROXY_FIX")
    if isinstance(setting, str):
        setting = setting.strip().lower()
        setting = {"true": 1, "yes": 1, "on": 1}.get(setting, setting)
        setting = int(setting) if isinstance(setting, str) and setting.isdecimal() else setting
    if setting is True:
        return 1
    return setting if isinstance(setting, int) and 0 < setting < 10 else 0


def database_path() -> Path:
    """The database the app would use, so the command line and the server agree."""
    return Path(configured_app().config["DATABASE"])


@dataclass(frozen=True)
class BackupSettings:
    """Where and how often the server backs its database up (the BACKUP_* settings)."""

    database: Path
    folder: Path
    hours: float  # 0: no backups on a schedule
    keep: int


def backup_settings(config: Any = None) -> BackupSettings:
    """The BACKUP_* settings read and bounded (a bad value falls back to the default)."""
    config = configured_app().config if config is None else config
    database = Path(config["DATABASE"])
    folder = str(config.get("BACKUP_DIR") or "")
    try:
        hours = float(config.get("BACKUP_HOURS", 6))
    except (TypeError, ValueError):
        hours = 6.0
    try:
        keep = int(config.get("BACKUP_KEEP", 14))
    except (TypeError, ValueError):
        keep = 14
    return BackupSettings(
        database=database,
        folder=Path(folder).expanduser() if folder else database.parent / "backups",
        hours=min(max(hours, 0.0), 24 * 366.0),
        keep=min(max(keep, 1), 100_000),
    )


def instance_secret_key(instance: Path) -> str:
    """The key generated on first run and kept (mode 600) in the instance folder."""
    key_file = instance / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    instance.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, key.encode())
    finally:
        os.close(fd)
    return key


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (localhost, 127.0.0.1, ::1): a phone cannot
    open an address on it (serve's start-up lines, the console's QR warning)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
