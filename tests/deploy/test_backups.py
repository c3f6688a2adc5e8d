"""Backups that run themselves, the backup before a migration, restore, and /healthz."""

from __future__ import annotations

import contextlib
import logging
import os
import shlex
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from scorekeeper import service, store
from scorekeeper.cli import backups as cli_backups
from scorekeeper.cli import main
from scorekeeper.config import BackupSettings, backup_settings
from scorekeeper.store import backups as store_backups
from scorekeeper.store.migrations import migrations as named_migrations
from tests.conftest import make_app
from tests.deploy import deploy_doc
from tests.deploy.test_pipx import clean_env
from tests.load.served import Phone, Server, Tally


def made_database(path: Path, games: int = 1) -> Path:
    db = store.connect(path)
    store.migrate(db)
    with store.write(db):
        for i in range(games):
            db.conn.execute(
                "insert into players (name, last_used) values (?, ?)", (f"p{i}", "2026")
            )
    db.close()
    return path


def players(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {name for (name,) in conn.execute("select name from players")}


def test_a_backup_is_whole_and_the_last_n_are_kept(tmp_path: Path):
    database = made_database(tmp_path / "s.sqlite")
    folder = tmp_path / "backups"
    db = store.connect(database)
    try:
        taken = [service.backups.take(db, folder, keep=3) for _ in range(5)]
    finally:
        db.close()
    kept = service.backups.kept(folder)
    assert kept == [t.path for t in taken[-3:]]
    assert [p.name for p in taken[-1].removed] == [taken[1].path.name]
    for path in kept:
        assert store_backups.integrity(path) == "ok"
        assert players(path) == {"p0"}
        assert path.stat().st_mode & 0o077 == 0  # private, as the database is


def test_a_backup_leaves_nothing_beside_it_and_stands_alone(tmp_path: Path):
    """The live database is in WAL mode; each copy is one file out of it, checked without
    leaving a -wal or -shm behind (they were left beside every backup, two files each time)."""
    database = made_database(tmp_path / "s.sqlite")
    folder = tmp_path / "backups"
    db = store.connect(database)
    try:
        assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        taken = [service.backups.take(db, folder, keep=14) for _ in range(3)]
    finally:
        db.close()
    assert sorted(p.name for p in folder.iterdir()) == sorted(t.path.name for t in taken)
    for t in taken:
        with contextlib.closing(sqlite3.connect(t.path)) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert players(t.path) == {"p0"}
    assert sorted(p.name for p in folder.iterdir()) == sorted(t.path.name for t in taken)


def test_what_an_earlier_backup_left_beside_it_goes_at_the_next(tmp_path: Path):
    database = made_database(tmp_path / "s.sqlite")
    folder = tmp_path / "backups"
    folder.mkdir()
    left = [
        folder / f".scorekeeper-20260101-000000.sqlite.partial{side}" for side in ("-wal", "-shm")
    ]
    for path in left:
        path.write_bytes(b"")
    db = store.connect(database)
    try:
        taken = service.backups.take(db, folder, keep=14)
    finally:
        db.close()
    assert [p.name for p in folder.iterdir()] == [taken.path.name]


def test_a_half_written_backup_is_never_counted_and_goes_at_the_next(tmp_path: Path):
    database = made_database(tmp_path / "s.sqlite")
    folder = tmp_path / "backups"
    folder.mkdir()
    partial = folder / ".scorekeeper-20260101-000000.sqlite.partial"
    partial.write_bytes(b"SQLite format 3\0 half")
    assert service.backups.kept(folder) == []
    db = store.connect(database)
    try:
        taken = service.backups.take(db, folder, keep=14)
    finally:
        db.close()
    assert taken.partials == [partial] and not partial.exists()
    assert service.backups.kept(folder) == [taken.path]


def test_a_migration_that_changes_an_existing_database_is_preceded_by_a_backup(tmp_path: Path):
    # as a database made by the previous release: every migration but the last applied (undoing
    # the last one by hand would hold this test to what that one migration does)
    database = tmp_path / "s.sqlite"
    folder = tmp_path / "backups"
    db = store.connect(database)
    try:
        last = [m.name for m in named_migrations.pending(db)][-1]
        with store.write(db):
            named_migrations.apply(db, stop_before=last)
            db.conn.execute("insert into players (name, last_used) values ('p0', '2026')")
    finally:
        db.close()
    db = store.connect(database)
    try:
        applied, taken = service.backups.migrate(db, database, folder)
        again, none = service.backups.migrate(db, database, folder)
    finally:
        db.close()
    assert applied == [last] and again == [] and none is None
    assert taken is not None and f"-before-{last}" in taken.name
    assert store_backups.integrity(taken) == "ok"
    assert last not in store_backups.migrated(taken)  # the database as it was before
    assert players(taken) == {"p0"}
    assert service.backups.kept(folder) == []  # not among the scheduled ones rotated away


def test_a_new_database_needs_no_backup_before_its_first_migrations(tmp_path: Path):
    db = store.connect(tmp_path / "new.sqlite")
    try:
        applied, taken = service.backups.migrate(db, tmp_path / "new.sqlite", tmp_path / "b")
    finally:
        db.close()
    assert applied and taken is None and not (tmp_path / "b").exists()


def test_restore_puts_a_backup_back_and_keeps_the_replaced_database(tmp_path: Path):
    database = made_database(tmp_path / "s.sqlite")
    backup = store_backups.write_backup(sqlite3.connect(database), tmp_path / "b.sqlite")
    made_database(tmp_path / "later.sqlite", games=3)
    db = store.connect(database)
    with store.write(db):
        db.conn.execute("insert into players (name, last_used) values ('after', '2026')")
    # the WAL still holds the last write (a server killed without a checkpoint)
    done = service.backups.restore(backup, database)
    db.close()
    assert players(database) == {"p0"}
    assert done.replaced is not None and players(done.replaced) == {"p0", "after"}
    assert store_backups.integrity(database) == "ok"
    assert not Path(f"{database}-wal").exists() or players(database) == {"p0"}


def test_restore_refuses_while_a_server_holds_the_database(tmp_path: Path):
    database = made_database(tmp_path / "s.sqlite")
    backup = store_backups.write_backup(sqlite3.connect(database), tmp_path / "b.sqlite")
    with service.backups.serving(database), pytest.raises(service.backups.InUse):
        service.backups.restore(backup, database)
    service.backups.restore(backup, database)  # the server gone: it is put back


@pytest.mark.parametrize(
    ("content", "says"),
    [(b"not a database at all" * 100, "not a whole database"), (None, "no such")],
)
def test_restore_refuses_what_is_not_a_whole_scorekeeper_database(tmp_path, content, says):
    database = made_database(tmp_path / "s.sqlite")
    bad = tmp_path / "bad.sqlite"
    if content is not None:
        bad.write_bytes(content)
    with pytest.raises(ValueError, match=says):
        service.backups.restore(bad, database)
    assert players(database) == {"p0"}


def test_the_restore_command(tmp_path: Path, monkeypatch, capsys):
    database = made_database(tmp_path / "s.sqlite")
    backup = store_backups.write_backup(sqlite3.connect(database), tmp_path / "b.sqlite")
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "t")
    with service.backups.serving(database):
        assert main(["restore", str(backup)]) == 2
    assert "a server is using" in capsys.readouterr().err
    assert main(["restore", str(backup)]) == 0
    out = capsys.readouterr().out
    assert "restored" in out and "kept as" in out


def shell_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a shell running a command of the docs: test_pipx's clean one (its
    home the test's, no SCOREKEEPER_* setting but the test's), `scorekeeper` on the PATH."""
    env = clean_env(home, **extra)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def test_the_docs_backup_by_hand_while_the_server_runs(tmp_path: Path):
    """docs/deploy.md's `scorekeeper backup club-night.sqlite`, run as written in a shell while
    the real server serves the database: a whole copy holding the hand it had saved."""
    server = Server(tmp_path)
    server.env["SCOREKEEPER_BACKUP_HOURS"] = "0"
    server.start()
    by_hand = tmp_path / "by-hand"
    by_hand.mkdir()
    try:
        tally = Tally()
        phone = Phone(server.port, tally)
        token = phone.new_game()
        phone.save(token, phone.tricks_form(token, 1), 1, "before the backup")
        phone.close()
        line = deploy_doc.command("scorekeeper backup")
        env = shell_env(
            tmp_path, SCOREKEEPER_DATABASE=str(server.database), SCOREKEEPER_SECRET_KEY="t"
        )
        done = subprocess.run(
            ["sh", "-c", line], cwd=by_hand, env=env, capture_output=True, text=True, timeout=120
        )
        assert server.proc is not None and server.proc.poll() is None  # still serving
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    (copy,) = by_hand.glob("*.sqlite")
    assert copy.name == shlex.split(line)[-1]
    assert store_backups.integrity(copy) == "ok"
    with sqlite3.connect(copy) as conn:
        stored = [data for (data,) in conn.execute("select data from games")]
    assert tally.acks == 1 and any("before the backup" in data for data in stored)


def test_the_docs_restore(tmp_path: Path):
    """docs/deploy.md's `scorekeeper restore ~/.local/share/...`, run as written in a shell
    whose home is the test's: the backup under the installed app's data folder goes back,
    the replaced database is kept. (This checkout's command keeps its data in instance/, so
    SCOREKEEPER_DATA_DIR names the installed app's folder: tests/deploy/test_pipx.py checks
    that an installed app uses it by itself.)"""
    home = tmp_path / "home"
    line = deploy_doc.command("scorekeeper restore")
    data = home / ".local" / "share" / "spades-scorekeeper"
    named = Path(shlex.split(line)[-1].replace("~", str(home), 1))
    assert named.parent == data / "backups"
    made_database(data / "scorekeeper.sqlite", games=3)
    data.joinpath("backups").mkdir()
    source = made_database(tmp_path / "earlier.sqlite", games=1)
    store_backups.write_backup(sqlite3.connect(source), named)
    env = shell_env(home, SCOREKEEPER_DATA_DIR=str(data), SCOREKEEPER_SECRET_KEY="t")
    done = subprocess.run(
        ["sh", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "kept as" in done.stdout
    assert players(data / "scorekeeper.sqlite") == {"p0"}
    (replaced,) = data.glob("scorekeeper-*-replaced-by-restore.sqlite")
    assert players(replaced) == {"p0", "p1", "p2"}


def settings(tmp_path: Path, database: Path, hours: float = 0.0, keep: int = 14):
    return BackupSettings(database=database, folder=tmp_path / "backups", hours=hours, keep=keep)


def test_the_scheduler_takes_one_at_start_then_only_after_changes(tmp_path: Path):
    database = made_database(tmp_path / "s.sqlite")
    scheduler = cli_backups.Scheduler(settings(tmp_path, database, hours=0.0))
    scheduler.run()  # hours 0: the one at start only
    assert scheduler.taken == 1
    db = store.connect(database)
    try:
        seen = store_backups.data_version(db)
        again = cli_backups.Scheduler(settings(tmp_path, database))
        assert store_backups.data_version(db) == seen  # nothing changed
        made = store.connect(database)
        with store.write(made):
            made.conn.execute("insert into players (name, last_used) values ('x', '2026')")
        made.close()
        assert store_backups.data_version(db) != seen  # what the scheduler watches
    finally:
        db.close()
    again.backup(store.connect(database))
    assert again.taken == 1


def test_only_one_process_takes_the_scheduled_backups(tmp_path: Path):
    folder = tmp_path / "backups"
    with store_backups.scheduler_turn(folder) as first, store_backups.scheduler_turn(folder) as b:
        assert first is True and b is False
    with store_backups.scheduler_turn(folder) as later:
        assert later is True  # the first one stopped: another takes over


def test_a_failed_backup_says_so_in_the_log_and_the_server_goes_on(tmp_path, caplog):
    database = made_database(tmp_path / "s.sqlite")
    blocked = tmp_path / "backups"
    blocked.write_text("a file where the folder should be")
    scheduler = cli_backups.Scheduler(settings(tmp_path, database))
    db = store.connect(database)
    with caplog.at_level(logging.ERROR, logger="scorekeeper.backups"):
        scheduler.backup(db)
    db.close()
    assert scheduler.taken == 0
    assert "backup FAILED" in caplog.text and "the database is untouched" in caplog.text


def test_settings_default_beside_the_database_and_are_bounded(tmp_path: Path):
    config = {"DATABASE": str(tmp_path / "x.sqlite"), "BACKUP_HOURS": "soon", "BACKUP_KEEP": -3}
    read = backup_settings(config)
    assert read.folder == tmp_path / "backups" and read.hours == 6.0 and read.keep == 1
    assert backup_settings({**config, "BACKUP_DIR": str(tmp_path / "b")}).folder == tmp_path / "b"


# --- /healthz ---------------------------------------------------------------------------------


def test_healthz_reads_the_database_says_nothing_else_and_is_never_cached(tmp_path: Path):
    client = make_app(tmp_path).test_client()
    answer = client.get("/healthz")
    assert answer.status_code == 200 and answer.text == "ok\n"
    assert answer.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in answer.headers


def test_healthz_says_503_when_the_database_cannot_be_read(tmp_path: Path):
    app = make_app(tmp_path)
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"this is not a database" * 200)
    app.config["DATABASE"] = str(broken)
    answer = app.test_client().get("/healthz")
    assert answer.status_code == 503 and answer.headers["Cache-Control"] == "no-store"


def test_healthz_answers_while_another_writer_holds_the_lock(tmp_path: Path):
    """Neither SQLite's write lock (another connection's BEGIN IMMEDIATE) nor this process's
    queue of writers (held by another thread) stands in its way."""
    app = make_app(tmp_path, BUSY_TIMEOUT_MS=60_000)
    database = app.config["DATABASE"]
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    queue = store.db._writer_lock(database)  # noqa: SLF001 -- the queue a save would wait on
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with queue:
            held.set()
            release.wait(60)

    thread = threading.Thread(target=hold)
    thread.start()
    held.wait(10)
    try:
        answer = app.test_client().get("/healthz")
    finally:
        release.set()
        thread.join()
        holder.execute("ROLLBACK")
        holder.close()
    assert answer.status_code == 200


def test_a_served_backup_is_said_once_in_the_log(tmp_path: Path):
    """The real `scorekeeper serve`: its start-up backup is one line on standard error, not two
    (waitress gives the root logger a handler of its own, which the app's line reached too)."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    # a key of its own: nothing written into the checkout's instance/ folder
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "served.sqlite"),
           "SCOREKEEPER_SECRET_KEY": "t"}  # fmt: skip
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(300):  # up to 30 s to answer; no timing is asserted
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
    finally:
        server.terminate()
        log = server.communicate(timeout=30)[1]
    assert log.count("backup written and checked") == 1, log
