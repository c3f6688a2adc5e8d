"""`scorekeeper event ...`: standings and CSV from a saved event file or the database, export
and import, and one clear line when something is wrong."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper import cli, service
from scorekeeper.service import club_night
from scorekeeper.service.club_night import downloads as club_night_downloads
from tests.service.club_night.clubs import event_with, finish_round


@pytest.fixture
def club(tmp_path, monkeypatch):
    """A database with a 5-team event (round 1 closed, with a bye), and its event file."""
    path = tmp_path / "club.sqlite"
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(path))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    db = service.connect(path)
    service.migrate(db)
    event = event_with(db, 5)
    club_night.seat_next_round(db, event)
    finish_round(db, event)
    saved = tmp_path / "night.json"
    saved.write_text(club_night.export_text(db, event), encoding="utf-8")
    view = club_night.overview(db, event)
    db.close()
    return event, saved, view


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("source", ["file", "director", "public"])
def test_standings_print_every_place_with_its_why(capsys, club, source):
    event, saved, view = club
    where = {"file": [str(saved)], "director": ["--db", event.director_token],
             "public": ["--db", event.public_token]}[source]  # fmt: skip
    status, out, err = run(capsys, "event", "standings", *where)
    assert status == 0 and err == ""
    assert out.startswith("Club night\n1 of 3 rounds closed\n")
    for row in view.standings:
        assert f"{row.name}: {row.why}\n" in out


@pytest.mark.parametrize(
    "flag, columns", [([], "RESULT_COLUMNS"), (["--standings"], "STANDING_COLUMNS")]
)
def test_csv_goes_to_standard_output(capsys, club, flag, columns):
    event, saved, view = club
    for where in ([str(saved)], ["--db", event.director_token]):
        status, out, _ = run(capsys, "event", "csv", *where, *flag)
        rows = list(csv.reader(io.StringIO(out)))
        assert status == 0 and rows[0] == getattr(club_night_downloads, columns)
        expected = club_night.standings_csv(view) if flag else club_night.results_csv(view)
        assert out == expected


def test_export_and_import_make_a_new_event(capsys, club, tmp_path):
    event, saved, view = club
    out_file = tmp_path / "again.json"
    status, out, _ = run(
        capsys, "event", "export", "--db", event.director_token, "-o", str(out_file)
    )
    assert status == 0 and json.loads(out_file.read_text()) == json.loads(saved.read_text())
    status, _, err = run(
        capsys, "event", "export", "--db", event.director_token, "-o", str(out_file)
    )
    assert status == 2 and "already exists" in err
    status, out, _ = run(capsys, "event", "import", str(saved))
    assert status == 0 and out.startswith("imported: director /e/")
    token = out.split("/e/")[1].split()[0]
    status, out, _ = run(capsys, "event", "standings", "--db", token)
    assert status == 0 and all(f"{row.name}: {row.why}" in out for row in view.standings)


@pytest.mark.parametrize(
    "args, words",
    [
        (["standings", "--db", "no-such-token"], "no event has the link token"),
        (["standings"], "give an event file, or --db TOKEN"),
        (["standings", "missing.json"], "cannot read missing.json"),
        (["csv", "BAD"], "not an event file"),
        (["import", "BAD"], "not an event file"),
    ],
)
def test_a_problem_is_one_line_and_status_2(capsys, club, tmp_path, monkeypatch, args, words):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    monkeypatch.chdir(tmp_path)
    args = [str(bad) if a == "BAD" else a for a in args]
    status, out, err = run(capsys, "event", *args)
    assert status == 2 and out == ""
    assert err.startswith("scorekeeper: ") and err.count("\n") == 1 and words in err
