"""Backups under a club's load, killed, and out of room.

- A backup taken while eight phones are saving hands is whole (integrity ok) and holds every
  hand acknowledged before it began; the server's own scheduled backups taken meanwhile are
  whole too; a restore brings exactly the backup back.
- kill -9 during a backup leaves the live database untouched (the same bytes) and no
  half-written backup under a backup's name or among the kept ones.
- A full disk during a backup says so in the log and the live database goes on serving.

Sizes are bounded and paced by progress (acknowledged hands), never by the clock.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper import service, store
from scorekeeper.store import backups as store_backups
from tests.load.served import Phone, Server, Tally

pytestmark = pytest.mark.load

PHONES = 8


def notes(database: Path) -> Counter[str]:
    with contextlib.closing(sqlite3.connect(database, timeout=30)) as conn:
        rows = conn.execute("select data from games").fetchall()
    return Counter(h.get("note", "") for (data,) in rows for h in json.loads(data)["hands"])


def cli(server: Server, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        env=server.env, cwd=server.tmp, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def phone_saving(port: int, tally: Tally, who: int, stop: threading.Event, errors: list) -> None:
    try:
        phone = Phone(port, tally)
        token, number, game = phone.new_game(), 0, 1
        while not stop.is_set():
            if number == 60:  # a new game, well before this one could end
                token, number, game = phone.new_game(), 0, game + 1
            number += 1
            form = phone.tricks_form(token, number)
            phone.save(token, form, number, f"b{who}g{game}h{number}")
        phone.close()
    except BaseException as e:  # noqa: BLE001 -- reported by the test
        errors.append(e)


def wait_for(condition: Callable[[], object], what: str, limit: float = 180) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def test_a_backup_under_eight_phones_holds_every_acknowledged_hand_and_restores_it(tmp_path):
    server = Server(tmp_path)
    # the server's own backups too, about every second while the phones save
    server.env["SCOREKEEPER_BACKUP_HOURS"] = "0.0003"
    server.start()
    tally, stop, errors = Tally(), threading.Event(), []
    phones = [
        threading.Thread(target=phone_saving, args=(server.port, tally, who, stop, errors))
        for who in range(PHONES)
    ]
    try:
        for phone in phones:
            phone.start()
        wait_for(lambda: tally.acks >= 3 * PHONES or errors, "the phones' first hands")
        with tally.lock:
            before = set(tally.acknowledged)
        taken = cli(server, "backup", str(tmp_path / "during.sqlite"))
        assert taken.returncode == 0, taken.stderr
        after = tally.acks
        wait_for(lambda: tally.acks >= after + 2 * PHONES or errors, "hands after the backup")
        # and the server's own scheduled backups, while the phones go on saving
        folder = tmp_path / "backups"
        wait_for(lambda: len(service.backups.kept(folder)) >= 2 or errors, "scheduled backups")
    finally:
        stop.set()
        for phone in phones:
            phone.join()
        server.stop()
    assert not errors, f"{errors[0]!r}\n{server.log_tail()}"
    backup = tmp_path / "during.sqlite"
    assert store_backups.integrity(backup) == "ok"
    held = notes(backup)
    assert before <= set(held), sorted(before - set(held))[:5]
    assert max(held.values()) == 1
    assert set(notes(server.database)) >= set(tally.acknowledged)
    # the scheduled ones, taken while the phones saved: whole, and none failed
    log = (tmp_path / "server.log").read_text()
    kept = service.backups.kept(tmp_path / "backups")
    assert len(kept) >= 2 and "backup FAILED" not in log
    for path in kept:
        assert store_backups.integrity(path) == "ok"
    # a restore brings exactly the backup back
    restored = cli(server, "restore", str(backup))
    assert restored.returncode == 0, restored.stderr
    assert notes(server.database) == held
    assert store_backups.integrity(server.database) == "ok"


def big_database(path: Path, megabytes: int) -> Path:
    """A real database (the app's schema) padded with players to about ``megabytes``."""
    db = store.connect(path)
    store.migrate(db)
    rows = megabytes * 1024 * 1024 // 600
    with store.write(db):
        db.conn.executemany(
            "insert into players (name, last_used) values (?, '2026')",
            ((f"{i:08d}" + "x" * 500,) for i in range(rows)),
        )
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def being_written(folder: Path) -> Callable[[], bool]:
    """Whether a backup being written in ``folder`` has its first bytes: any new file, under
    whatever name the backup writes it (the lock file aside)."""
    folder.mkdir(parents=True, exist_ok=True)
    there = {p.name for p in folder.iterdir()}
    return lambda: any(
        p.stat().st_size > 0
        for p in folder.iterdir()
        if p.name not in there and p.name != ".scheduler.lock"
    )


def kill_mid_backup(command: list[str], started: Callable[[], bool], env: dict[str, str]) -> bool:
    """Start a backup and SIGKILL it once its temporary file is being written; False if it
    finished first (the caller tries again)."""
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        while proc.poll() is None:
            with contextlib.suppress(FileNotFoundError):
                if started():
                    proc.send_signal(signal.SIGKILL)
                    proc.wait()
                    return True
            time.sleep(0.001)
        return False
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def test_kill_9_during_a_backup_leaves_the_database_untouched_and_no_backup_counted(tmp_path):
    database = big_database(tmp_path / "club.sqlite", megabytes=48)
    before = digest(database)
    folder = tmp_path / "backups"
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(database), "SCOREKEEPER_SECRET_KEY": "k"}
    program = (
        "import sys; from pathlib import Path; from scorekeeper import service; "
        "db = service.connect(sys.argv[1]); service.backups.take(db, Path(sys.argv[2]), 14)"
    )
    caught = False
    for _ in range(5):
        folder.mkdir(exist_ok=True)
        for old in service.backups.kept(folder):
            old.unlink()
        command = [sys.executable, "-c", program, str(database), str(folder)]
        if kill_mid_backup(command, being_written(folder), env):
            caught = True
            break
    assert caught, "every backup finished before it could be killed"
    assert digest(database) == before
    assert store_backups.integrity(database) == "ok"
    assert service.backups.kept(folder) == []  # the half-written one is not counted
    db = service.connect(database)
    try:
        taken = service.backups.take(db, folder, 14)  # the next one clears it away
    finally:
        db.close()
    assert taken.partials and not any(p.exists() for p in taken.partials)
    assert service.backups.kept(folder) == [taken.path]
    # the command's backup likewise: killed, no file under the name asked for
    out = tmp_path / "by-hand" / "club-night.sqlite"
    command = [sys.executable, "-m", "scorekeeper.cli", "backup", str(out)]
    for _ in range(5):
        if kill_mid_backup(command, being_written(out.parent), env):
            break
        out.unlink(missing_ok=True)
    assert not out.exists() and digest(database) == before


def mount_tmpfs(where: Path, size: str) -> bool:
    if os.geteuid() != 0:
        return False
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(where)],
        capture_output=True, timeout=30,
    )  # fmt: skip
    return done.returncode == 0


def test_a_full_disk_during_a_backup_is_logged_and_the_database_goes_on_serving(tmp_path):
    small = tmp_path / "small-disk"
    if not mount_tmpfs(small, "1m"):
        pytest.skip("a full disk is simulated with a 1 MB tmpfs: needs root and mount here")
    try:
        server = Server(tmp_path)
        big_database(server.database, megabytes=3)
        server.env["SCOREKEEPER_BACKUP_DIR"] = str(small / "backups")
        server.start()
        try:
            wait_for(lambda: "backup FAILED" in server.log_tail(), "the backup's failure")
            assert "the disk is full" in server.log_tail(), server.log_tail()
            tally = Tally()
            phone = Phone(server.port, tally)
            token = phone.new_game()
            phone.save(token, phone.tricks_form(token, 1), 1, "after the full disk")
            assert tally.acks == 1 and phone.request("GET", "/healthz")[0] == 200
            phone.close()
        finally:
            server.stop()
        left = [p.name for p in (small / "backups").iterdir() if p.name != ".scheduler.lock"]
        assert left == []  # nothing half-written left there (its journal neither)
        assert store_backups.integrity(server.database) == "ok"
        assert notes(server.database)["after the full disk"] == 1
    finally:
        subprocess.run(["umount", str(small)], capture_output=True, timeout=30)
