"""`scorekeeper club ...`: the ladder, a player's figures and a season from the database or
from event files alone (the same numbers either way), and the keeper's commands."""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest

from scorekeeper import cli, service
from scorekeeper.service import club_night, memory
from scorekeeper.service.memory import club as memory_club
from tests.service.memory.memory_club import club as play_club


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The club's database with three nights played, closed, and each night's event file:
    played once for the module (about a second), copied for each test."""
    folder = tmp_path_factory.mktemp("club")
    db = service.connect(folder / "club.sqlite")
    service.migrate(db)
    evs = play_club(db, 11, nights=3)
    for i, event in enumerate(evs):
        saved = folder / f"night{i}.json"
        saved.write_text(club_night.export_text(db, event), encoding="utf-8")
    db.close()  # the last connection: the WAL is checkpointed into the file and gone
    memory.clear_caches()
    return folder, len(evs)


@pytest.fixture
def club(tmp_path, monkeypatch, played):
    """A database with three nights played, and each night's event file (the test's own copy:
    the keeper's commands change the database)."""
    memory.clear_caches()
    folder, nights = played
    path = tmp_path / "club.sqlite"
    shutil.copy(folder / "club.sqlite", path)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(path))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    files = []
    for i in range(nights):
        saved = tmp_path / f"night{i}.json"
        shutil.copy(folder / saved.name, saved)
        files.append(str(saved))
    yield files
    memory.clear_caches()


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_ladder_from_files_is_the_ladder_from_the_database(capsys, club):
    status, from_db, err = run(capsys, "club", "ladder", "--format", "json")
    assert status == 0 and err == ""
    status, from_files, _ = run(capsys, "club", "ladder", *club, "--format", "json")
    assert status == 0
    assert json.loads(from_db) == json.loads(from_files)
    rows = json.loads(from_db)["ladder"]
    assert [r["place"] for r in rows] == list(range(1, len(rows) + 1))
    status, text, _ = run(capsys, "club", "ladder")
    assert text.startswith("Ladder: ") and "provisional" in text
    status, out, _ = run(capsys, "club", "ladder", "--format", "csv")
    assert next(csv.reader(io.StringIO(out)))[:3] == ["place", "name", "rating"]


def test_a_players_figures_are_the_same_from_files(capsys, club):
    _, ladder, _ = run(capsys, "club", "ladder", "--format", "json")
    name = json.loads(ladder)["ladder"][0]["name"]
    _, a, _ = run(capsys, "club", "player", name.lower(), "--format", "json")
    _, b, _ = run(capsys, "club", "player", name, *club, "--format", "json")
    assert json.loads(a)["figures"] == json.loads(b)["figures"]
    assert json.loads(a)["games"][0]["why"].startswith("expected to win")
    status, text, _ = run(capsys, "club", "player", name)
    assert status == 0 and "win pct" in text
    status, _, err = run(capsys, "club", "player", "Nobody")
    assert status == 2 and "No such person" in err


def test_a_players_figures_from_kept_results_are_the_same_from_files(capsys, club, monkeypatch):
    # the first command keeps every game's result; the next (a new process: nothing cached)
    # reads them and reads the player's own game files only to count their hands
    monkeypatch.setattr(memory_club, "KEEP_AT_LEAST", 1)
    _, ladder, _ = run(capsys, "club", "ladder", "--format", "json")
    memory.clear_caches()
    name = json.loads(ladder)["ladder"][-1]["name"]
    _, a, _ = run(capsys, "club", "player", name, "--format", "json")
    _, b, _ = run(capsys, "club", "player", name, *club, "--format", "json")
    assert json.loads(a)["figures"] == json.loads(b)["figures"]


def test_a_season_from_the_database_and_from_the_files_agree(capsys, club):
    status, out, err = run(capsys, "club", "season-create", "Spring", "--from", "2026-03-01",
                           "--to", "2026-03-31", "--points", "5,3,1", "--best", "2")  # fmt: skip
    assert status == 0, err
    _, a, _ = run(capsys, "club", "season", "--name", "spring", "--format", "json")
    _, b, _ = run(capsys, "club", "season", *club, "--points", "5,3,1", "--best", "2",
                  "--format", "json")  # fmt: skip
    rows = lambda t: [(r["name"], r["points"], r["why"]) for r in json.loads(t)["standings"]]  # noqa: E731
    assert rows(a) == rows(b)
    status, out, _ = run(capsys, "club", "season", "--name", "Spring", "--format", "csv")
    assert next(csv.reader(io.StringIO(out)))[0] == "place"


@pytest.mark.parametrize(
    "args, words",
    [
        (["season-create", "S", "--from", "2026-03-31", "--to", "2026-03-01"], "before"),
        (["season-create", "S", "--from", "2026-03-01", "--to", "2026-03-31", "--points", "6,-1"],
         "whole numbers"),
        (["season-create", "S", "--from", "2026-03-01", "--to", "2026-03-31", "--points", "٣"],
         "whole numbers"),
        (["season-create", "S", "--from", "2026-03-01", "--to", "2026-03-31", "--best", "0"],
         "Best of"),
        (["rename", "Ann", "Bob"], "already"),
        (["rename", "Ann", "\u200b"], "visible"),
        (["merge", "Ann", "Ann"], "themselves"),
        (["unmerge", "Ann"], "not in the club's record"),
    ],
)  # fmt: skip
def test_the_keepers_commands_refuse_bad_input_in_one_line(capsys, club, args, words):
    status, out, err = run(capsys, "club", *args)
    assert status == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_the_keepers_commands_rename_merge_and_undo(capsys, club):
    status, out, _ = run(capsys, "club", "keeper-link")
    assert status == 0 and out.startswith("the keeper's page: /k/")
    assert run(capsys, "club", "keeper-link")[1] == out  # the same link until --new
    assert run(capsys, "club", "keeper-link", "--new")[1] != out
    status, out, _ = run(capsys, "club", "rename", "ann", "Annie")
    assert status == 0 and out == "renamed ann to Annie\n"
    _, before, _ = run(capsys, "club", "player", "Annie", "--format", "json")
    assert json.loads(before)["name"] == "Annie"
    assert run(capsys, "club", "reader-link")[1].startswith("the club's read-only pages")
