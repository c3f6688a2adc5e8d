"""An older version meeting a database a newer one migrated (issue 34): every migration applied
is recorded with the version that applied it, and a version that finds a migration it does not
know refuses the database, in one line naming the version that made it, changing nothing.
docs/deploy.md (Upgrades) says so."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scorekeeper import service, store
from scorekeeper.cli import main, serving
from scorekeeper.store import backups as store_backups
from scorekeeper.store import migrations

ROOT = Path(__file__).resolve().parents[2]


def versions(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("select name, app_version from migration_versions"))


def test_each_migration_is_recorded_with_the_version_that_applied_it(tmp_path: Path):
    db = store.connect(tmp_path / "s.sqlite")
    applied = store.migrate(db, version="0.1.0")
    assert store.migrate(db, version="0.2.0") == []  # nothing new: nothing recorded
    db.close()
    assert applied == migrations.known()
    assert versions(tmp_path / "s.sqlite") == dict.fromkeys(applied, "0.1.0")


def test_a_migration_added_later_is_recorded_with_the_later_version(tmp_path: Path):
    """As a database the previous release made, then migrated by this one."""
    database = tmp_path / "s.sqlite"
    db = store.connect(database)
    last = migrations.known()[-1]
    with store.write(db):
        migrations.migrations.apply(db, stop_before=last)
    assert store.migrate(db, version="0.2.0") == [last]
    db.close()
    assert versions(database) == {last: "0.2.0"}  # the older ones were not recorded then


def newer(path: Path, by: str = "9.1.0") -> Path:
    """A database a newer version migrated: one migration more than this version knows."""
    db = store.connect(path)
    store.migrate(db)
    with store.write(db):
        db.conn.execute("create table future (x)")
        db.conn.execute(
            "insert into _sqlite_migrations (migration_set, name, applied_at) "
            "values ('scorekeeper', '0099_future', '2027-01-01')"
        )
        db.conn.execute("insert into migration_versions values ('0099_future', ?)", (by,))
        db.conn.execute("insert into players (name, last_used) values ('p0', '2026')")
    db.close()
    return path


def test_the_store_refuses_a_newer_database_and_names_its_version(tmp_path: Path):
    db = store.connect(newer(tmp_path / "s.sqlite"))
    with pytest.raises(store.NewerDatabase) as refused:
        store.migrate(db)
    db.close()
    assert refused.value.unknown == ["0099_future"] and refused.value.made_by == "9.1.0"
    assert "version 9.1.0" in str(refused.value) and "0099_future" in str(refused.value)


def test_a_newer_database_whose_version_was_not_recorded_is_refused_all_the_same(tmp_path):
    path = newer(tmp_path / "s.sqlite")
    with sqlite3.connect(path) as conn:
        conn.execute("delete from migration_versions where name = '0099_future'")
    db = store.connect(path)
    with pytest.raises(store.NewerDatabase, match="by a newer version of Spades Scorekeeper"):
        store.migrate(db)
    db.close()


def refused_to_serve(*_args, **_kwargs):
    raise AssertionError("served a database it should have refused")


COMMANDS = [["serve", "--port", "0"], ["migrate"], ["import", "game.json"], ["club", "ladder"],
            ["event", "standings", "--db", "x"]]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_that_opens_the_database_refuses_a_newer_one_in_one_line(
    tmp_path: Path, monkeypatch, capsys, command
):
    database = newer(tmp_path / "scorekeeper.sqlite")
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "t")
    # a server started all the same would serve until stopped: it fails at once instead
    monkeypatch.setattr(serving, "serve", refused_to_serve)
    monkeypatch.chdir(tmp_path)
    Path("game.json").write_text("{}")  # read before the database is opened
    before = store_backups.migrated(database)
    assert main(command) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1, said.err
    assert said.err.startswith(f"scorekeeper: the database {database} was migrated by version "
                               "9.1.0 of Spades Scorekeeper (0099_future)")  # fmt: skip
    assert "`scorekeeper restore BACKUP`" in said.err
    assert store_backups.migrated(database) == before
    assert not (tmp_path / "backups").exists()  # no backup "before" a migration either


def test_a_backup_of_a_newer_database_is_not_restored_by_an_older_version(
    tmp_path: Path, monkeypatch, capsys
):
    database = tmp_path / "s.sqlite"
    db = store.connect(database)
    store.migrate(db)
    db.close()
    backup = newer(tmp_path / "b.sqlite")
    with pytest.raises(store.NewerDatabase, match="version 9.1.0"):
        service.backups.restore(backup, database)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "t")
    assert main(["restore", str(backup)]) == 2
    said = capsys.readouterr()
    assert said.err.startswith(f"scorekeeper: the database {backup} was migrated by version 9.1.0")
    assert said.err.count("\n") == 1 and said.out == ""
    assert "0099_future" not in store_backups.migrated(database)
    assert not list(tmp_path.glob("*replaced-by-restore*"))


def test_the_deploy_docs_say_an_older_version_refuses_and_names_the_newer():
    upgrades = (ROOT / "docs" / "deploy.md").read_text().split("## Upgrades", 1)[1]
    upgrades = " ".join(upgrades.split("\n## ", 1)[0].split())
    assert "an older version refuses a database a newer one migrated" in upgrades
    assert "naming the version that migrated it" in upgrades
