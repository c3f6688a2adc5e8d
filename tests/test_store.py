"""Storage: migrations, the write path, concurrent writers, stale saves."""

from __future__ import annotations

import multiprocessing
import os
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store


def test_migrations_are_named_and_repeatable(tmp_path: Path):
    db = store.connect(tmp_path / "a.sqlite")
    names = store.migrate(db)
    assert names == [
        "0001_games",
        "0002_players_and_house_rules",
        "0003_submissions",
        "0005_events",
        "0004_browsers",
        "0006_table_corrections",
        "0007_round_clock",
        "0008_club_memory",
        "0009_action_kinds",
        "0010_game_results",
        "0011_game_time_called",
        "0012_event_submissions",
        "0013_replaced_links",
        "0014_submission_outcomes",
        "0015_migration_versions",
    ]
    assert store.migrate(db) == []
    assert store.applied_migrations(db) == names


def test_connection_pragmas(tmp_path: Path):
    db = store.connect(tmp_path / "a.sqlite")
    assert db.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert db.execute("pragma foreign_keys").fetchone()[0] == 1
    assert db.execute("pragma busy_timeout").fetchone()[0] == store.BUSY_TIMEOUT_MS


def test_write_rolls_back_on_error(db):
    with pytest.raises(RuntimeError), store.write(db):
        db["games"].insert(
            {
                "edit_token": "a",
                "view_token": "b",
                "data": "{}",
                "version": 1,
                "created_at": "x",
                "updated_at": "x",
            }
        )
        raise RuntimeError("boom")
    assert store.count_games(db) == 0
    assert not db.conn.in_transaction


def test_tokens_are_long_and_distinct(db):
    games = [store.create_game(db, {"n": i}) for i in range(20)]
    tokens = {g.edit_token for g in games} | {g.view_token for g in games}
    assert len(tokens) == 40
    assert all(len(t) >= 32 for t in tokens)  # 24 random bytes, url-safe: 192 bits


def test_save_refuses_a_stale_version_and_keeps_history(db):
    game = store.create_game(db, {"hands": []})
    saved = store.save_game(db, game, {"hands": [1]}, action=store.Action("add_hand", 1))
    assert saved.version == 2
    with pytest.raises(store.StaleRecord) as stale:
        store.save_game(db, game, {"hands": [9]}, action=store.Action("add_hand", 1))
    assert stale.value.current.data == {"hands": [1]}
    assert store.game_by_edit_token(db, game.edit_token).data == {"hands": [1]}
    history = list(db.query("select version, action from game_history"))
    assert history == [{"version": 1, "action": "add hand 1"}]


def test_unknown_token_is_not_found(db):
    with pytest.raises(store.GameNotFound):
        store.game_by_view_token(db, "nope")


def _writer(path: str, worker: int, count: int) -> None:
    db = store.connect(path)
    for i in range(count):
        game = store.create_game(db, {"worker": worker, "i": i})
        store.save_game(
            db, game, {"worker": worker, "i": i, "saved": True}, action=store.Action("other")
        )
    db.close()


def test_four_processes_writing_at_once_lose_nothing(tmp_path: Path):
    path = tmp_path / "busy.sqlite"
    db = store.connect(path)
    store.migrate(db)
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_writer, args=(str(path), w, 200)) for w in range(4)]
    for p in workers:
        p.start()
    for p in workers:
        p.join(timeout=300)
    assert [p.exitcode for p in workers] == [0, 0, 0, 0]
    assert store.count_games(db) == 800
    assert db["game_history"].count == 800
    assert db.execute("select count(*) from games where version = 2").fetchone()[0] == 800


def test_backup_is_a_consistent_copy_and_never_overwrites(db, tmp_path: Path):
    game = store.create_game(db, {"hands": ["x"]})
    copy_path = store.backup(db, tmp_path / "copy.sqlite")
    copy = store.connect(copy_path)
    assert store.game_by_edit_token(copy, game.edit_token).data == {"hands": ["x"]}
    assert store.applied_migrations(copy) == store.applied_migrations(db)
    with pytest.raises(FileExistsError):
        store.backup(db, copy_path)


# --- writes that nest ----------------------------------------------------------------------


def _statements(db) -> list[str]:
    """Start recording the transaction statements this connection runs."""
    seen: list[str] = []

    def trace(sql: str) -> None:
        word = sql.strip().split()[0].upper()
        if word in ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"):
            seen.append(" ".join(sql.split()[:2]).upper())

    db.conn.set_trace_callback(trace)
    return seen


def test_nested_writes_commit_once(db):
    seen = _statements(db)
    with store.write(db):
        store.create_game(db, {"hands": []})
        with store.write(db):
            store.remember_players(db, ["Ann", "Bob"])
            store.save_house_rules(db, "Friday", {"preset": "standard"})
    assert [s for s in seen if s.startswith(("BEGIN", "COMMIT"))] == ["BEGIN IMMEDIATE", "COMMIT"]
    assert any(s.startswith("SAVEPOINT") for s in seen)
    assert store.count_games(db) == 1
    assert store.player_names(db) == ["Ann", "Bob"]
    assert not db.conn.in_transaction


def test_a_composite_write_that_fails_half_way_leaves_nothing(db):
    with pytest.raises(RuntimeError), store.write(db):
        store.create_game(db, {"hands": []})
        store.remember_players(db, ["Ann"])
        with store.write(db):
            store.save_house_rules(db, "Friday", {"preset": "standard"})
        raise RuntimeError("the third step failed")
    assert store.count_games(db) == 0
    assert store.player_names(db) == []
    assert store.all_house_rules(db) == []
    assert not db.conn.in_transaction


def test_an_inner_write_that_fails_is_undone_alone(db):
    with store.write(db):
        store.create_game(db, {"hands": []})
        with pytest.raises(RuntimeError), store.write(db):
            store.remember_players(db, ["Ann"])
            raise RuntimeError("inner")
    assert store.count_games(db) == 1
    assert store.player_names(db) == []


# --- files only their owner can read ------------------------------------------------------------


@pytest.fixture
def open_umask():
    """The widest umask: whatever the process's, the app's files must still be private."""
    old = os.umask(0)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_database_its_wal_and_shm_are_created_private(tmp_path: Path, open_umask):
    path = tmp_path / "new" / "a.sqlite"
    db = store.connect(path)
    store.migrate(db)
    store.create_game(db, {"hands": []})
    files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
    assert all(f.exists() for f in files)
    assert [mode(f) for f in files] == [store.PRIVATE] * 3
    db.close()


def test_a_database_an_older_version_left_readable_is_narrowed(tmp_path: Path):
    path = tmp_path / "a.sqlite"
    db = store.connect(path)
    store.migrate(db)
    db.close()
    os.chmod(path, 0o644)
    store.connect(path).close()
    assert mode(path) == store.PRIVATE


def test_backups_are_created_private(tmp_path: Path, db, open_umask):
    out = store.backup(db, tmp_path / "backups" / "copy.sqlite")
    assert mode(out) == store.PRIVATE
    copy = store.connect(out)
    assert store.applied_migrations(copy) == store.applied_migrations(db)
    copy.close()
    with pytest.raises(FileExistsError):
        store.backup(db, out)
    assert mode(out) == store.PRIVATE


def test_the_backup_command_writes_a_private_file(tmp_path: Path, monkeypatch, open_umask):
    from scorekeeper.cli import main

    database = tmp_path / "live.sqlite"
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    store.migrate(store.connect(database))
    out = tmp_path / "copy.sqlite"
    assert main(["backup", str(out)]) == 0
    assert mode(out) == store.PRIVATE


def test_link_tokens_never_start_with_a_dash(monkeypatch):
    """A token after a command-line flag (``--db TOKEN``) must not read as an option."""
    import secrets

    drawn = iter(["-first", "-second", "third"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda _n: next(drawn))
    assert store.new_token() == "third"


# --- undo and redo ----------------------------------------------------------------------------


def _apply(db, game, step):
    """One step of an edit session: ("save", n), ("undo",) or ("redo",)."""
    if step[0] == "save":
        hands = [*game.data["hands"], step[1]]
        return store.save_game(
            db, game, {"hands": hands}, action=store.Action("add_hand", len(hands))
        )
    change = store.undo_last_change if step[0] == "undo" else store.redo_last_undo
    return change(db, game) or game


def _model(steps):
    """What the game should hold after the steps: an editor's undo and redo stacks."""
    state, undos, redos = [], [], []
    for step in steps:
        if step[0] == "save":
            undos.append(state)
            state, redos = [*state, step[1]], []
        elif step[0] == "undo" and undos:
            redos.append(state)
            state = undos.pop()
        elif step[0] == "redo" and redos:
            undos.append(state)
            state = redos.pop()
    return state, bool(undos), bool(redos)


@pytest.mark.parametrize(
    "steps",
    [
        [("save", 1), ("undo",), ("redo",)],
        [("save", 1), ("save", 2), ("save", 3), ("undo",), ("undo",), ("redo",), ("redo",)],
        [("save", 1), ("save", 2), ("undo",), ("undo",), ("redo",), ("undo",), ("redo",)],
        [("save", 1), ("save", 2), ("undo",), ("save", 9), ("redo",)],  # a new hand ends redo
        [("save", 1), ("undo",), ("redo",), ("undo",), ("redo",), ("redo",)],
        [("redo",), ("undo",), ("save", 1), ("redo",)],
    ],
)
def test_redo_puts_back_what_undo_took_in_stack_order(db, steps):
    game = store.create_game(db, {"hands": []})
    for step in steps:
        game = _apply(db, game, step)
    state, can_undo, can_redo = _model(steps)
    assert game.data == {"hands": state}
    assert store.game_by_edit_token(db, game.edit_token).data == {"hands": state}
    assert (store.last_change(db, game) is not None) == can_undo
    assert (store.last_undo(db, game) is not None) == can_redo


FIXTURE = HealthCheck.function_scoped_fixture  # a fresh game each example, one database
STEPS = st.sampled_from([("save", 1), ("save", 2), ("undo",), ("redo",)])


@settings(max_examples=60, deadline=None, suppress_health_check=[FIXTURE])
@given(st.lists(STEPS, max_size=14))
def test_any_session_of_saves_undos_and_redos_matches_an_editors_stacks(db, steps):
    game = store.create_game(db, {"hands": []})  # a fresh game each example: its own history
    for step in steps:
        game = _apply(db, game, step)
    state, can_undo, can_redo = _model(steps)
    assert game.data == {"hands": state}
    assert (store.last_change(db, game) is not None) == can_undo
    assert (store.last_undo(db, game) is not None) == can_redo


def test_redo_names_the_change_and_refuses_a_stale_version(db):
    game = store.create_game(db, {"hands": []})
    game = store.save_game(db, game, {"hands": [1]}, action=store.Action("add_hand", 1))
    game = store.undo_last_change(db, game)
    assert store.last_undo(db, game).what == "add hand 1"
    redone = store.redo_last_undo(db, game)
    assert redone.data == {"hands": [1]}
    assert store.last_change(db, redone).what == "add hand 1"  # Undo: add hand 1, not "redo …"
    with pytest.raises(store.StaleRecord):
        store.redo_last_undo(db, game)  # the version read before the redo


# --- the queue of this process's writers -----------------------------------------------------


def test_a_second_writer_in_the_process_waits_its_turn_before_asking_sqlite(tmp_path: Path):
    """Two threads writing one file through their own connections: the second does not send
    BEGIN IMMEDIATE (and so never sleeps in SQLite's busy handler) until the first committed."""
    import threading

    path = tmp_path / "queue.sqlite"
    first, second = store.connect(path), store.connect(path)
    store.migrate(first)
    seen = _statements(second)
    inside, release, done = threading.Event(), threading.Event(), threading.Event()

    def hold() -> None:
        with store.write(first):
            store.create_game(first, {"hands": []})
            inside.set()
            release.wait(30)

    def follow() -> None:
        store.create_game(second, {"hands": []})
        done.set()

    holder = threading.Thread(target=hold)
    holder.start()
    assert inside.wait(30)
    follower = threading.Thread(target=follow)
    follower.start()
    assert not done.wait(0.3)  # still queued behind the first writer
    assert "BEGIN IMMEDIATE" not in seen  # queued in the process, not in SQLite
    release.set()
    holder.join(30)
    follower.join(30)
    assert done.is_set() and seen.count("BEGIN IMMEDIATE") == 1
    assert store.count_games(first) == 2


def test_a_writer_queued_past_its_timeout_is_told_busy(tmp_path: Path):
    import threading

    path = tmp_path / "queue.sqlite"
    first = store.connect(path)
    store.migrate(first)
    hurried = store.connect(path, busy_timeout_ms=50)
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with store.write(first):
            inside.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert inside.wait(30)
        with pytest.raises(store.Unavailable) as e:
            store.create_game(hurried, {"hands": []})
        assert e.value.reason == "busy"
    finally:
        release.set()
        holder.join(30)
    store.create_game(hurried, {"hands": []})  # its turn now
    assert store.count_games(first) == 1


def test_a_thread_writing_through_two_connections_gets_busy_not_stuck(tmp_path: Path):
    """The queue is reentrant: a thread that writes through a second connection while its first
    is in a transaction goes on to SQLite, which says busy after the timeout, as without it."""
    path = tmp_path / "queue.sqlite"
    first = store.connect(path)
    store.migrate(first)
    second = store.connect(path, busy_timeout_ms=50)
    with store.write(first):
        with pytest.raises(store.Unavailable):
            store.create_game(second, {"hands": []})
        store.create_game(first, {"hands": []})
    assert store.count_games(second) == 1


# --- what a save did, as codes (migration 0006) ---------------------------------------------


def _old_database(tmp_path: Path) -> store.Database:
    """A database as the code before 0009_action_kinds left it: history rows and submission ids
    that say what they did in words only (written with that code's own SQL)."""
    from scorekeeper.store.migrations import migrations

    db = store.connect(tmp_path / "old.sqlite")
    migrations.apply(db, stop_before="0009_action_kinds")
    game_id = db.conn.execute(
        "insert into games (edit_token, view_token, data, created_at, updated_at) "
        "values ('e', 'v', '{\"hands\": []}', 'then', 'then')"
    ).lastrowid
    words = [
        "add hand 1", "add hand 2", "time called", "undo add hand 2", "redo add hand 2",
        "undo redo add hand 2", "edit hand 1", "delete hand 1", "misdeal", "something else",
    ]  # fmt: skip
    for version, action in enumerate(words, 1):
        db.conn.execute(
            "insert into game_history (game_id, version, data, action, created_at, undone) "
            "values (?, ?, '{}', ?, 'then', ?)",
            (game_id, version, action, int(action.startswith("undo "))),
        )
    for sid, action in [("s1", "add hand 3"), ("s2", "undo"), ("s3", "new game"), ("s4", "?")]:
        db.conn.execute(
            "insert into submissions (id, game_id, action, version, created_at) "
            "values (?, ?, ?, 1, '2999-01-01')",
            (sid, game_id, action),
        )
    db.conn.commit()
    return db


def test_history_rows_written_in_words_read_as_codes_after_the_migration(tmp_path: Path):
    from scorekeeper.store import actions

    db = _old_database(tmp_path)
    assert store.migrate(db)[0] == "0009_action_kinds"  # and any migrations after it
    rows = db.conn.execute("select action, step, kind, hand from game_history order by version")
    assert [tuple(r) for r in rows] == [
        ("add hand 1", "change", "add_hand", 1),
        ("add hand 2", "change", "add_hand", 2),
        ("time called", "change", "time_called", None),
        ("undo add hand 2", "undo", "add_hand", 2),
        ("redo add hand 2", "redo", "add_hand", 2),
        ("undo redo add hand 2", "undo", "add_hand", 2),
        ("edit hand 1", "change", "edit_hand", 1),
        ("delete hand 1", "change", "delete_hand", 1),
        ("misdeal", "change", "misdeal", None),
        ("something else", "change", "other", None),
    ]
    assert store.submission(db, "s1").kind == store.Action(actions.ADD_HAND, 3)
    assert store.submission(db, "s2").kind == store.Action(actions.UNDO)
    assert store.submission(db, "s3").kind == store.Action(actions.NEW_GAME)
    assert store.submission(db, "s4").kind == store.Action(actions.OTHER)


def test_redo_and_the_undo_button_read_codes_not_words(tmp_path: Path):
    db = store.connect(tmp_path / "a.sqlite")
    store.migrate(db)
    game = store.create_game(db, {"hands": []})
    game = store.save_game(db, game, {"hands": [1]}, action=store.Action("add_hand", 1))
    game = store.undo_last_change(db, game)
    # words that would once have read as an undo: the codes say it is a change of its own
    db.conn.execute("update game_history set action = 'redo add hand 9' where step = 'undo'")
    assert store.redo_action(db, game) == store.Action("add_hand", 1)
    assert store.last_undo(db, game).what == "add hand 1"
    redone = store.redo_last_undo(db, game)
    assert store.last_action(db, redone) == store.Action("add_hand", 1)
    words = [r[0] for r in db.conn.execute("select action from game_history order by version")]
    assert words == ["add hand 1", "redo add hand 9", "redo add hand 1"]


def test_games_stored_before_0011_read_as_without_a_call_of_time(tmp_path: Path):
    """0011_game_time_called adds the call of time an imported file carried; every game
    stored before it was imported without one, and a new game stores it."""
    from scorekeeper.store.migrations import migrations

    db = store.connect(tmp_path / "old.sqlite")
    migrations.apply(db, stop_before="0011_game_time_called")
    db.conn.execute(
        "insert into games (edit_token, view_token, data, created_at, updated_at) "
        "values ('e', 'v', '{\"hands\": []}', 'then', 'then')"
    )
    db.conn.commit()
    assert store.migrate(db)[0] == "0011_game_time_called"  # and any after it
    old = store.game_by_edit_token(db, "e")
    assert (old.time_called, old.round_hands, old.data) == (False, None, {"hands": []})
    new = store.create_game(db, {"hands": []}, time_called=True, round_hands=None)
    assert (new.time_called, new.round_hands) == (True, None)
    read = store.game_by_edit_token(db, new.edit_token)
    assert (read.time_called, read.round_hands) == (True, None)
    saved = store.save_game(db, read, {"hands": [1]}, action=store.Action("add_hand", 1))
    assert store.game_by_id(db, saved.id).time_called  # a save keeps it
