"""The request's database connection.

Opening a SQLite connection (the file, its WAL, the pragmas) and closing it (a checkpoint when
it is the last one) cost more than a whole hand's queries, so each server thread keeps one
connection open and hands it to its requests one after another. A request never inherits an
open transaction: ``store.write`` always commits or rolls back, and teardown rolls back
whatever an error left open.
"""

from __future__ import annotations

import threading

from flask import Flask, current_app, g

from scorekeeper import service

_local = threading.local()


def get_db() -> service.Database:
    """The request's connection: this thread's, opened on first use."""
    db = g.get("db")
    if db is None:
        config = current_app.config
        # a connection kept per thread, for this database and this busy timeout
        wanted = (config["DATABASE"], config["BUSY_TIMEOUT_MS"])
        kept = getattr(_local, "kept", None)
        if kept is not None and kept[0] == wanted:
            db = kept[1]
        else:
            if kept is not None:
                kept[1].close()
            db = service.connect(wanted[0], busy_timeout_ms=wanted[1])
            _local.kept = (wanted, db)
        g.db = db
    return db


def init_app(app: Flask) -> None:
    @app.teardown_appcontext
    def release_db(_exc: BaseException | None) -> None:
        db = g.pop("db", None)
        if db is not None and db.conn.in_transaction:
            db.conn.rollback()
