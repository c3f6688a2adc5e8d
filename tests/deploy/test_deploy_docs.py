"""docs/deploy.md: every command in it is run by a test or by the image test (or says plainly
why it cannot be run here); the systemd unit passes `systemd-analyze verify`; compose.yaml and
the Dockerfile say what the docs say; the README points there and keeps its two commands."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "deploy.md"
IMAGE_TEST = ROOT / "scripts" / "test-image.sh"
HERE = Path(__file__).resolve().parent


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", DOC.read_text(), flags=re.M | re.S)


def commands() -> list[str]:
    return [line.strip() for block in blocks("sh") for line in block.splitlines() if line.strip()]


# Where each command of docs/deploy.md is run: a file whose text holds the command's words (the
# program, its subcommand and every option it gives). Commands that need what the test machines
# cannot have are listed apart, with the reason, and the image test runs the nearest thing.
RUN_BY = {
    "podman build --format docker -t spades-scorekeeper .": IMAGE_TEST,
    "podman build --format docker -v /etc/ssl/certs/ca-certificates.crt:/run/pip-ca.pem:ro "
    "--build-arg PIP_CERT=/run/pip-ca.pem -t spades-scorekeeper .": IMAGE_TEST,
    "scorekeeper serve --host 0.0.0.0 --port 8000": HERE / "test_pipx.py",
    "python3 -m venv ~/scorekeeper-venv": ROOT / "Makefile",
    "~/scorekeeper-venv/bin/pip install -r requirements/app.txt": ROOT / "Makefile",
    "~/scorekeeper-venv/bin/pip install --no-deps --no-build-isolation .": ROOT / "Makefile",
    "systemd-analyze verify /etc/systemd/system/spades-scorekeeper.service": Path(__file__),
    "scorekeeper backup club-night.sqlite": ROOT / "tests" / "test_project.py",
    "caddy validate --config Caddyfile --adapter caddyfile": Path(__file__),
    "pipx install .": HERE / "test_pipx_real.py",
    "scorekeeper restore ~/.local/share/spades-scorekeeper/backups/scorekeeper-20261127-061500"
    ".sqlite": HERE / "test_backups.py",
}
NOT_RUN_HERE = {
    "docker compose up -d": "no Docker engine on the test machines: the image test builds the "
    "same Dockerfile with podman; test_compose_file checks compose.yaml",
    "podman run -d --name scorekeeper -p 8000:8000 -v scorekeeper-data:/data --restart "
    "unless-stopped spades-scorekeeper": "crun cannot run a container on the test machines: "
    "the image test starts the image's entrypoint from its own files, as its user",
    "sudo systemctl enable --now spades-scorekeeper": "no systemd running as init in the tests: "
    "the unit is checked by systemd-analyze verify",
    "docker compose run --rm scorekeeper restore "
    "/data/backups/scorekeeper-20261127-061500.sqlite": "no Docker engine: the image test runs "
    "the image's `scorekeeper restore` as its user",
}


def test_every_command_in_the_deploy_docs_is_run_somewhere_or_says_why_not():
    found = commands()
    assert found, "no ```sh block in docs/deploy.md"
    unknown = [c for c in found if c not in RUN_BY and c not in NOT_RUN_HERE]
    assert not unknown, f"commands in docs/deploy.md that no test runs: {unknown}"
    stale = (set(RUN_BY) | set(NOT_RUN_HERE)) - set(found)
    assert not stale, f"no longer in docs/deploy.md: {stale}"


@pytest.mark.parametrize("command", sorted(RUN_BY))
def test_the_file_that_runs_a_command_holds_its_words(command):
    """The program, its subcommand and its options are all in the file said to run it."""
    text = RUN_BY[command].read_text()
    words = [w for w in command.split() if w.startswith("-") or not w.startswith(("~", "/", "."))]
    words = [
        w.split("=", 1)[0] for w in words if w not in ("club-night.sqlite", "spades-scorekeeper")
    ]
    words = [w for w in words if not re.fullmatch(r"[\d.]+", w)]  # values: an address, a port
    missing = [w for w in words if w not in text]
    assert not missing, f"{RUN_BY[command].name} does not run {command!r}: {missing}"


def unit_text() -> str:
    (unit,) = blocks("ini")
    return unit


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd here")
def test_the_systemd_unit_passes_systemd_analyze_verify(tmp_path: Path):
    program = Path(sys.executable).parent / "scorekeeper"
    unit = unit_text().replace("/home/scorekeeper/.local/bin/scorekeeper", str(program))
    unit = unit.replace("User=scorekeeper", "User=root")
    path = tmp_path / "spades-scorekeeper.service"
    path.write_text(unit)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    problems = [line for line in done.stderr.splitlines() if "spades-scorekeeper" in line]
    assert not problems, problems


@pytest.mark.skipif(
    shutil.which("caddy") is None, reason="no caddy here (make test-image installs it)"
)
def test_the_caddyfile_is_valid(tmp_path: Path):
    (caddyfile,) = blocks("caddyfile")
    (tmp_path / "Caddyfile").write_text(caddyfile)
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "PATH": "/usr/bin:/bin"}  # fmt: skip
    done = subprocess.run(
        ["caddy", "validate", "--config", "Caddyfile", "--adapter", "caddyfile"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Valid configuration" in done.stdout + done.stderr
    assert "reverse_proxy 127.0.0.1:8000" in caddyfile


def test_the_systemd_unit_serves_on_loopback_behind_the_proxy():
    unit = unit_text()
    assert "SCOREKEEPER_PROXY_FIX=1" in unit and "--host 127.0.0.1" in unit
    assert "ReadWritePaths=/home/scorekeeper/.local/share/spades-scorekeeper" in unit


def test_compose_file_has_a_named_volume_a_restart_policy_the_port_and_settings():
    text = (ROOT / "compose.yaml").read_text()
    assert re.search(r"^\s+- scorekeeper-data:/data$", text, re.M)
    assert re.search(r"^volumes:\n  scorekeeper-data:", text, re.M)
    assert "restart: unless-stopped" in text and '- "8000:8000"' in text
    settings = re.findall(r"^\s+(SCOREKEEPER_\w+):", text, re.M)
    assert {"SCOREKEEPER_BACKUP_HOURS", "SCOREKEEPER_BACKUP_KEEP"} <= set(settings)


def test_the_dockerfile_is_what_the_docs_say():
    text = (ROOT / "Dockerfile").read_text()
    assert text.startswith("#") and "\nFROM debian:bookworm-slim\n" in text
    assert "requirements/app.txt" in text and "--require-hashes" in text
    assert "\nUSER scorekeeper\n" in text and "SCOREKEEPER_DATA_DIR=/data" in text
    code = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    assert "\nVOLUME /data\n" in text and "HEALTHCHECK" in code and "curl" not in code.lower()
    assert "ARG PIP_CERT" in text
    assert not re.search(r"amd64|x86_64|aarch64|arm64/", text.split("\nFROM", 1)[1])


def test_every_setting_the_docs_name_is_in_the_readme_configuration_table():
    readme = (ROOT / "README.md").read_text()
    table = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"SCOREKEEPER_[A-Z_]+", DOC.read_text()))
    missing = {n for n in named if f"`{n}`" not in table}
    assert not missing, missing


def test_the_readme_points_to_the_deploy_docs_and_keeps_its_two_commands():
    readme = (ROOT / "README.md").read_text()
    setup = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    assert "docs/deploy.md" in setup
    assert "make run" in setup and "make test" in setup
