"""`scorekeeper pdf` and `scorekeeper blank-sheet`, run as a club secretary's script would."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_pdf import NAMES, game_data, pdf_text

ROOT = Path(__file__).resolve().parents[1]


def scorekeeper(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=env,
    )


def test_pdf_command_prints_a_game_file(tmp_path: Path):
    game = tmp_path / "friday.json"
    game.write_text(json.dumps(game_data(8)))
    out = tmp_path / "friday.pdf"
    result = scorekeeper("pdf", str(game), "-o", str(out), "--paper", "a4", "--date", "2026-11-20")
    assert result.returncode == 0, result.stderr
    text = pdf_text(out.read_bytes())
    assert "friday" in text and "20 November 2026" in text
    assert all(name in text for name in NAMES)
    box = PdfReader(io.BytesIO(out.read_bytes())).pages[0].mediabox
    assert round(float(box.height)) == 842


def test_pdf_command_reports_a_broken_file_in_one_line(tmp_path: Path):
    data = game_data(3)
    data["hands"][1]["tricks"]["Ann"] += 1
    game = tmp_path / "bad.json"
    game.write_text(json.dumps(data))
    out = tmp_path / "bad.pdf"
    result = scorekeeper("pdf", str(game), "-o", str(out))
    assert result.returncode == 2
    assert result.stderr.startswith("scorekeeper: hand 2: tricks add up to 14")
    assert len(result.stderr.splitlines()) == 1
    assert not out.exists()


def test_blank_sheet_command(tmp_path: Path):
    out = tmp_path / "pad.pdf"
    result = scorekeeper(
        "blank-sheet", "--names", "Ann,Bob,Cy,Di", "--rules", "military", "--per-page", "2",
        "--pages", "3", "-o", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    body = out.read_bytes()
    assert len(PdfReader(io.BytesIO(body)).pages) == 3
    text = pdf_text(body)
    assert text.count("Ann & Cy (Ann, Cy)") == 6 and "Military rules" in text


def test_blank_sheet_command_refuses_an_unknown_preset(tmp_path: Path):
    result = scorekeeper("blank-sheet", "--rules", "poker", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and "unknown preset" in result.stderr


def test_the_score_command_loads_neither_weasyprint_nor_flask(tmp_path: Path):
    game = tmp_path / "g.json"
    game.write_text(json.dumps(game_data(3)))
    probe = (
        "import sys, contextlib, io\n"
        "from scorekeeper import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert cli.main(['score', {str(game)!r}]) == 0\n"
        "mods = ('weasyprint', 'flask', 'scorekeeper.printing.pdf')\n"
        "print(sorted(m for m in mods if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# --- a club table's game, exported from its page ----------------------------------------------


def capped_table_export(client, db, tmp_path: Path) -> tuple[Path, str]:
    """A night of 4 hands a round; time is called on table 1 with 2 hands played, and it
    plays the hand in play. Its game file as the table's page exports it, and the web's PDF
    of the same game as one line of text."""
    from tests.service.club_night.clubs import time_called_table

    table = time_called_table(db)
    game = tmp_path / "table-1.json"
    game.write_bytes(client.get(f"/g/{table.edit_token}/game.json").data)
    web = " ".join(pdf_text(client.get(f"/g/{table.edit_token}/sheet.pdf").data).split())
    return game, web


def test_a_time_capped_tables_exported_game_prints_as_its_web_sheet(client, db, tmp_path: Path):
    """Time called on a night of 4 hands after 2: the table's exported file printed with
    `scorekeeper pdf` said "game to 500, 3 hands" and "the last of 3 hands was played" (the cap
    the call of time set), where the web's PDF of the same game says the round's 4 hands and
    "time was called". The file now carries the call of time (`time_called`)."""
    game, web = capped_table_export(client, db, tmp_path)
    assert json.loads(game.read_text())["time_called"] == {"round_hands": 4}
    out = tmp_path / "table-1.pdf"
    result = scorekeeper("pdf", str(game), "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = " ".join(pdf_text(out.read_bytes()).split())
    for words in ("game to 500, 4 hands", ", time was called (183 to 180)"):
        assert words in text and words in web, words
    assert "3 hands" not in text and "3 hands" not in web
    scored = scorekeeper("score", str(game), "--json")
    assert scored.returncode == 0 and json.loads(scored.stdout)["reason"] == "hands"
    assert json.loads(scored.stdout)["time_called"] == {"round_hands": 4}
    # the text sheet of `scorekeeper score` says it as the PDF does (it said "max hands 3" and
    # "the last of 3 hands was played")
    said = scorekeeper("score", str(game))
    assert said.returncode == 0, said.stderr
    first, last = said.stdout.splitlines()[0], said.stdout.splitlines()[-1]
    assert "4" in first and "3" not in first, first
    assert last.endswith(", time was called (183 to 180)"), last


def test_a_time_capped_tables_exported_game_imports_with_its_call_of_time(client, db, tmp_path):
    """Imported on its own, the game kept the cap and dropped the call of time, so at home it
    read "the last of 3 hands was played". The web's Import and `scorekeeper import` both keep
    it now: the game exports the same file again."""
    game, _ = capped_table_export(client, db, tmp_path)
    response = client.post(
        "/games/import", data={"file": (io.BytesIO(game.read_bytes()), "table-1.json")}
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    imported = client.get(response.headers["Location"] + "/game.json").data
    assert imported == game.read_bytes()
    assert json.loads(imported)["time_called"] == {"round_hands": 4}
    env = {"SCOREKEEPER_DATABASE": str(tmp_path / "cli.sqlite"), "PATH": "/usr/bin:/bin"}
    result = scorekeeper("import", str(game), env=env)
    assert result.returncode == 0, result.stderr
    edit = result.stdout.split("edit /g/", 1)[1].split()[0]
    from scorekeeper import service, store
    from scorekeeper.service.kitchen import opening as kitchen_opening

    cli_db = store.connect(tmp_path / "cli.sqlite")
    try:
        assert kitchen_opening.export_text(cli_db, store.game_by_edit_token(cli_db, edit)) == (
            game.read_text(encoding="utf-8")
        )
        shown = service.kitchen.show_game(cli_db, edit)
        assert (shown.time_called, shown.round_hands) == (True, 4)
    finally:
        cli_db.close()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**json.loads(imported), "time_called": {"round_hands": 3}}))
    refused = scorekeeper("import", str(bad), env=env)
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1
    assert refused.stderr.startswith("scorekeeper: time_called: a call of time caps the game's")


@pytest.mark.parametrize(
    "called, message",
    [
        ({"round_hands": 3}, "time_called: a call of time caps the game's hands below the"),
        ({"round_hands": 0}, "time_called.round_hands must be a whole number from 1 to 1000"),
        ({"round_hands": True}, "time_called.round_hands must be a whole number from 1 to"),
        ({"hands": 4}, 'time_called must be an object with only "round_hands" in it'),
        (True, 'time_called must be an object with only "round_hands" in it'),
    ],
)
def test_a_time_called_that_cannot_be_is_refused_in_one_line(tmp_path: Path, called, message):
    data = {**game_data(3, max_hands=3), "time_called": called}
    game = tmp_path / "bad.json"
    game.write_text(json.dumps(data))
    result = scorekeeper("pdf", str(game), "-o", str(tmp_path / "bad.pdf"))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"scorekeeper: {message}"), result.stderr


def test_a_time_called_file_reads_its_names_as_every_file_does(tmp_path: Path):
    """The call of time taken off, the rest is the engine's to read: names cleaned as in any
    file (a zero-width space dropped), bad names refused in its words."""
    data = {**game_data(3, max_hands=3), "time_called": {"round_hands": 4}}
    text = json.dumps(data).replace('"Ann"', '"A\\u200bnn"')
    game = tmp_path / "capped.json"
    game.write_text(text)
    scored = scorekeeper("score", str(game), "--json")
    assert scored.returncode == 0, scored.stderr
    assert "A\u200bnn" not in scored.stdout and '"Ann & Cy"' in scored.stdout
