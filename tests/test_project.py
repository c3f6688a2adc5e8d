"""Tests about the project itself: the README's commands, the CLI's help, CI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import cli

ROOT = Path(__file__).resolve().parents[1]


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text()
    return set(re.findall(r"^([A-Za-z][\w-]*):", text, flags=re.MULTILINE))


def test_readme_setup_commands_are_makefile_targets():
    readme = (ROOT / "README.md").read_text()
    commands = set(re.findall(r"^\s*make (\w[\w-]*)\s*$", readme, flags=re.MULTILINE))
    assert {"run", "test"} <= commands
    assert commands <= makefile_targets()


def test_ci_runs_the_readme_test_command():
    lines = [
        line.strip()
        for line in (ROOT / ".ci/run").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert "make test" in lines


def test_make_test_includes_lint():
    text = (ROOT / "Makefile").read_text()
    test_rule = re.search(r"^test:(.*)$", text, flags=re.MULTILINE)
    assert test_rule and "lint" in test_rule.group(1)


def subcommands() -> list[str]:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return sorted(action.choices)


def test_the_expected_subcommands_exist():
    assert {"serve", "migrate", "score", "import", "backup", "pdf"} <= set(subcommands())


def scorekeeper_cli(*args: str, tmp_path: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m scorekeeper.cli ARGS`; with tmp_path, on a database there."""
    env = None
    if tmp_path is not None:
        env = {
            "SCOREKEEPER_DATABASE": str(tmp_path / "cli.sqlite"),
            "SCOREKEEPER_SECRET_KEY": "test",
            "PATH": "/usr/bin:/bin",
        }
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        env=env, capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize("args", [[], *([c] for c in subcommands())])
def test_every_command_has_help(args):
    result = scorekeeper_cli(*args, "--help")
    assert result.returncode == 0, result.stderr
    assert "usage: scorekeeper" in result.stdout
    assert len(result.stdout.splitlines()) >= 3


def test_console_script_is_installed():
    script = Path(sys.executable).parent / "scorekeeper"
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "serve" in result.stdout


def test_migrate_command_creates_the_schema(tmp_path: Path):
    first = scorekeeper_cli("migrate", tmp_path=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "0001_games" in first.stdout
    again = scorekeeper_cli("migrate", tmp_path=tmp_path)
    assert "up to date" in again.stdout


def test_backup_command_copies_the_database(tmp_path: Path):
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return scorekeeper_cli(*args, tmp_path=tmp_path)

    assert run("backup", str(tmp_path / "b.sqlite")).returncode == 2  # no database yet
    assert run("migrate").returncode == 0
    done = run("backup", str(tmp_path / "b.sqlite"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "b.sqlite").stat().st_size > 0
    again = run("backup", str(tmp_path / "b.sqlite"))
    assert again.returncode == 2 and "already exists" in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1


def test_the_wheel_carries_the_templates_and_static_files(tmp_path: Path):
    """An installed app finds templates/ and static/ inside the package (scorekeeper.paths)."""
    import zipfile

    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
         "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("templates", "static"):
        for source in (ROOT / folder).rglob("*"):
            if source.is_file():
                inside = f"scorekeeper/{folder}/{source.relative_to(ROOT / folder).as_posix()}"
                assert inside in names, inside
    assert "scorekeeper/docs/stats.md" in names  # the page "How the figures are counted"
    assert not any(n.startswith(("tests/", "instance/")) for n in names)


def test_migrate_loads_neither_the_web_layer_nor_weasyprint(tmp_path: Path):
    code = (
        "import sys; from scorekeeper import cli; cli.main(['migrate']); "
        "print(sorted(m for m in ('weasyprint', 'scorekeeper.web', 'scorekeeper.printing.pdf') "
        "if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={"SCOREKEEPER_DATABASE": str(tmp_path / "m.sqlite"), "SCOREKEEPER_SECRET_KEY": "t"},
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_import_stores_a_game_through_the_application_layer(tmp_path: Path):
    from scorekeeper import store

    game = ROOT / "docs" / "examples" / "club-night.json"
    result = scorekeeper_cli("import", str(game), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    edit = re.search(r"edit /g/(\S+)", result.stdout).group(1)
    db = store.connect(tmp_path / "cli.sqlite")
    try:
        assert store.game_by_edit_token(db, edit).data["players"]
    finally:
        db.close()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "spades-scorekeeper/1", "players": ["Ann"]}')
    refused = scorekeeper_cli("import", str(bad), tmp_path=tmp_path)
    assert refused.returncode == 2
    assert refused.stderr.startswith("scorekeeper: ") and refused.stderr.count("\n") == 1
