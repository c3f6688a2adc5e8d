"""`scorekeeper pdf` and `scorekeeper blank-sheet`, run as a club secretary's script would."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

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
