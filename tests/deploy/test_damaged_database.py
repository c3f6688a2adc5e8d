"""A damaged database (issue 34): `scorekeeper restore` puts it aside, as it was found, and puts
the backup back; `serve`, `migrate` and the other commands that open it say in one line what is
wrong and the command that mends it, and stop, with no traceback.

Each damage is one a disk or a bad copy makes: garbage over the file's header, the file cut
short (96 KB of it left), garbage over everything from its ninth page on."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper import service, store
from scorekeeper.cli import main, serving
from scorekeeper.store import backups as store_backups

PAGE = 4096  # SQLite's page size, as these databases have it


def made_database(path: Path, players: int) -> Path:
    """A database of about 100 pages (the damage below needs more than 24), its last write
    still in its WAL: the files as a server killed without a checkpoint leaves them (copied
    while it is open)."""
    making = path.with_name("making.sqlite")
    db = store.connect(making)
    store.migrate(db)
    with store.write(db):
        db.conn.executemany(
            "insert into players (name, last_used) values (?, ?)",
            [(f"player {i} " + "x" * 300, "2026") for i in range(players)],
        )
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with store.write(db):
        db.conn.execute("insert into players (name, last_used) values ('in the wal', '2026')")
    for side in ("", "-wal", "-shm"):
        shutil.copyfile(f"{making}{side}", f"{path}{side}")
    db.close()
    for side in ("", "-wal", "-shm"):
        Path(f"{making}{side}").unlink(missing_ok=True)
    return path


def header(path: Path) -> None:
    with path.open("r+b") as f:
        f.write(random.Random(1).randbytes(100))


def truncated(path: Path) -> None:
    os.truncate(path, 96 * 1024)


def garbage_from_page_9(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(8 * PAGE)
        f.write(random.Random(9).randbytes(size - 8 * PAGE))


def garbage_over_its_last_pages(path: Path) -> None:
    """Found only by reading every page (SQLite opens the file and reads its schema as if
    whole): what `quick_check` is for."""
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size - 4 * PAGE)
        f.write(random.Random(4).randbytes(4 * PAGE))


DAMAGES: list[tuple[str, Callable[[Path], None]]] = [
    ("garbage in its header", header),
    ("truncated to 96 KB", truncated),
    ("garbage from page 9", garbage_from_page_9),
    ("garbage over its last pages", garbage_over_its_last_pages),
]
IDS = [name for name, _ in DAMAGES]


@pytest.fixture
def live(tmp_path: Path, monkeypatch) -> Path:
    """The live database, as the commands find it (SCOREKEEPER_DATABASE), backups beside it."""
    database = made_database(tmp_path / "scorekeeper.sqlite", players=1000)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "t")
    return database


def a_backup(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    source = folder / "source.sqlite"
    db = store.connect(source)
    store.migrate(db)
    with store.write(db):
        db.conn.execute("insert into players (name, last_used) values ('backed up', '2026')")
    backup = store_backups.write_backup(db.conn, folder / "scorekeeper-20261127-061500.sqlite")
    db.close()
    for leftover in folder.glob("source.sqlite*"):
        leftover.unlink()
    return backup


def players(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {name for (name,) in conn.execute("select name from players")}


@pytest.mark.parametrize(("_name", "damage"), DAMAGES, ids=IDS)
def test_the_damage_is_one_sqlite_sees(live: Path, _name, damage):
    damage(live)
    assert store_backups.integrity(live) != "ok"


@pytest.mark.parametrize(("_name", "damage"), DAMAGES, ids=IDS)
def test_restore_puts_the_damaged_database_aside_as_found_and_the_backup_back(
    live: Path, capsys, _name, damage
):
    backup = a_backup(live.parent / "backups")
    damage(live)
    found = {side: Path(f"{live}{side}").read_bytes() for side in ("", "-wal", "-shm")}
    assert found["-wal"]  # the last write is in the WAL: kept too
    assert main(["restore", str(backup)]) == 0
    said = capsys.readouterr()
    assert players(live) == {"backed up"} and store_backups.integrity(live) == "ok"
    (aside,) = live.parent.glob("scorekeeper-*-replaced-by-restore.sqlite")
    for side, content in found.items():
        assert Path(f"{aside}{side}").read_bytes() == content, side
    assert "restored" in said.out and f"kept as it was found, as {aside}" in said.out
    assert "damaged database" in said.out and said.err == ""


def test_restore_over_a_whole_database_still_keeps_a_whole_copy(live: Path, capsys):
    backup = a_backup(live.parent / "backups")
    assert main(["restore", str(backup)]) == 0
    (aside,) = live.parent.glob("scorekeeper-*-replaced-by-restore.sqlite")
    assert "in the wal" in players(aside) and not Path(f"{aside}-wal").exists()
    said = capsys.readouterr().out
    assert f"the database it replaced is kept as {aside}" in said and "damaged" not in said


def refused_to_serve(*_args, **_kwargs):
    raise AssertionError("served a database it should have refused")


COMMANDS = [["serve", "--port", "0"], ["migrate"], ["backup"], ["import", "game.json"],
            ["club", "ladder"], ["event", "standings", "--db", "x"]]  # fmt: skip


@pytest.mark.parametrize(("_name", "damage"), DAMAGES, ids=IDS)
@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_command_on_a_damaged_database_says_what_and_how_to_restore_in_one_line(
    live: Path, capsys, monkeypatch, _name, damage, command
):
    backup = a_backup(live.parent / "backups")
    damage(live)
    # a server started all the same would serve until stopped: it fails at once instead
    monkeypatch.setattr(serving, "serve", refused_to_serve)
    monkeypatch.chdir(live.parent)
    Path("game.json").write_text("{}")  # read before the database is opened
    assert main(command) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1, said.err
    assert said.err.startswith(f"scorekeeper: the database {live} is damaged (")
    assert f"`scorekeeper restore {backup}`" in said.err


def test_without_backups_the_line_says_where_none_was_found(live: Path, capsys):
    header(live)
    assert main(["migrate"]) == 2
    err = capsys.readouterr().err
    assert "`scorekeeper restore BACKUP`" in err and f"none is in {live.parent / 'backups'}" in err


@pytest.mark.parametrize(("_name", "damage"), DAMAGES, ids=IDS)
def test_the_store_names_the_damage(live: Path, _name, damage):
    damage(live)
    with pytest.raises(store.Damaged) as refused:
        db = store.connect(live)
        try:
            store.migrate(db)
        finally:
            db.close()
    assert refused.value.path == live


def test_serve_after_the_restore_serves(live: Path):
    """What the line says to do works: restore, then the database migrates and opens."""
    backup = a_backup(live.parent / "backups")
    garbage_from_page_9(live)
    service.backups.restore(backup, live)
    assert main(["migrate"]) == 0
