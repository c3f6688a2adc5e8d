"""docs/deploy.md: every command in it is run by a named test or by the image test, as written
where these machines allow, else the nearest real thing, said plainly (RUNNERS); the systemd
unit passes `systemd-analyze verify` and serves as systemd would start it; compose.yaml and the
Dockerfile say what the docs say; the README points there and keeps its two commands."""

from __future__ import annotations

import ast
import contextlib
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.deploy import deploy_doc
from tests.deploy.test_pipx import clean_env, install_wheel

ROOT = Path(__file__).resolve().parents[2]
DOC = deploy_doc.DOC
IMAGE_TEST = ROOT / "scripts" / "test-image.sh"
HERE = Path(__file__).resolve().parent
blocks = deploy_doc.blocks


# Who runs each command of the docs: the test (a function or fixture, or the image test's
# script) that reads it from the docs (deploy_doc.command and its first words) and runs it, as
# written or with what these machines need, or, where it cannot run here, runs the nearest real
# thing (``how``; the docs' last section says the same). A command added to the docs that no
# test reads fails test_every_command_in_the_deploy_docs_is_run_by_a_named_test.
@dataclass(frozen=True)
class Runner:
    start: str  # the command's first words
    where: Path  # the test file or script that runs it
    name: str  # the test function or fixture in it; "" for the script
    how: str


IMAGE_TESTS = ROOT / "tests" / "image" / "test_image.py"
RUNNERS = [
    Runner("docker compose up", IMAGE_TESTS, "server",
           "no Docker engine on the test machines: the image's entrypoint and command, started "
           "from the built image's own files as its user, with compose.yaml's environment, "
           "port and volume (read from compose.yaml)"),
    Runner("podman build --format docker -t", HERE / "test_deploy_docs.py",
           "test_the_plain_build_is_the_ca_build_without_its_certificate",
           "the image test runs the build below: this one with the CA bundle pip needs on the "
           "test machines (this test checks that it is exactly that)"),
    Runner("podman build --format docker -v", IMAGE_TEST, "",
           "run as written, with --isolation=chroot and --pull=never added (no container "
           "runtime, no registry on the test machines) and the test's own tag"),
    Runner("podman run", IMAGE_TESTS, "test_the_docs_podman_run",
           "run as written (the test's own name, volume and port); crun cannot start a "
           "container on the test machines (setrlimit), which the test checks is the only "
           "reason it fails; the image is then served from its own files instead (server)"),
    Runner("pipx install", HERE / "test_pipx_real.py",
           "test_pipx_install_then_serve_from_any_folder", "run as written (make test-image)"),
    Runner("scorekeeper serve", HERE / "test_pipx.py", "served",
           "run as written, on loopback and a free port"),
    Runner("python3 -m venv", HERE / "test_pipx_real.py", "test_the_locked_install_into_a_venv",
           "run as written, in a shell whose HOME is the test's (make test-image)"),
    Runner("~/scorekeeper-venv/bin/pip install -r", HERE / "test_pipx_real.py",
           "test_the_locked_install_into_a_venv", "run as written (make test-image)"),
    Runner("~/scorekeeper-venv/bin/pip install --no-deps", HERE / "test_pipx_real.py",
           "test_the_locked_install_into_a_venv", "run as written (make test-image)"),
    Runner("caddy validate", HERE / "test_deploy_docs.py", "test_the_caddyfile_is_valid",
           "run as written, where caddy is installed (make test-image installs it)"),
    Runner("systemd-analyze verify", HERE / "test_deploy_docs.py",
           "test_the_systemd_unit_passes_systemd_analyze_verify",
           "run on the unit saved in a folder of the test's, where systemd is installed"),
    Runner("sudo systemctl enable", HERE / "test_deploy_docs.py",
           "test_the_units_service_starts_serves_and_stops_as_systemd_would",
           "no systemd runs as init on the test machines: the unit is verified (above), then "
           "its ExecStart is run with its Environment= and its data folder, serves, and is "
           "stopped with SIGTERM as systemctl stop does"),
    Runner("scorekeeper backup", HERE / "test_backups.py",
           "test_the_docs_backup_by_hand_while_the_server_runs",
           "run as written, while a server serves the database"),
    Runner("scorekeeper restore", HERE / "test_backups.py", "test_the_docs_restore",
           "run as written in a shell whose HOME is the test's"),
    Runner("docker compose run", IMAGE_TESTS,
           "test_restore_is_refused_while_serving_then_puts_the_backup_back",
           "no Docker engine: the image's entrypoint run with the command's arguments, as the "
           "image's user, with compose.yaml's environment"),
]  # fmt: skip


def claims(runner: Runner, command: str) -> bool:
    return command == runner.start or command.startswith(runner.start + " ")


def uncovered(found: list[str]) -> list[str]:
    """The commands that no runner claims, or more than one does."""
    return [c for c in found if sum(claims(r, c) for r in RUNNERS) != 1]


def test_every_command_in_the_deploy_docs_is_run_by_a_named_test():
    found = deploy_doc.commands()
    assert len(found) >= 10, "the ```sh blocks of docs/deploy.md were not found"
    missing = uncovered(found)
    assert not missing, f"commands in docs/deploy.md that no test runs: {missing}"
    stale = [r.start for r in RUNNERS if sum(claims(r, c) for c in found) != 1]
    assert not stale, f"runners of commands no longer (or twice) in docs/deploy.md: {stale}"


def test_a_command_added_to_the_docs_that_nothing_runs_fails_the_check():
    text = DOC.read_text().replace("```sh\n", "```sh\ndocker compose down\n", 1)
    assert uncovered(deploy_doc.commands(text)) == ["docker compose down"]


def _source(runner: Runner) -> str:
    text = runner.where.read_text()
    if not runner.name:
        return text
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef) and node.name == runner.name:
            return ast.get_source_segment(text, node) or ""
    raise AssertionError(f"{runner.where.name} has no {runner.name}")


@pytest.mark.parametrize("runner", RUNNERS, ids=[r.start for r in RUNNERS])
def test_the_named_test_reads_its_command_from_the_docs(runner: Runner):
    """The test said to run a command asks the docs for it, so it runs what the docs say."""
    source = _source(runner)
    if runner.name:
        asked = re.search(rf"\b(command|words)\(\s*\"{re.escape(runner.start)}\"", source)
    else:
        asked = re.search(rf"deploy_doc\.py \"{re.escape(runner.start)}\"", source)
    assert asked, f"{runner.where.name} {runner.name} does not read {runner.start!r} from the docs"
    assert deploy_doc.command(runner.start)  # one command, and only one, starts so


def test_the_plain_build_is_the_ca_build_without_its_certificate():
    plain = deploy_doc.words("podman build --format docker -t")
    with_ca = deploy_doc.words("podman build --format docker -v")
    volume = with_ca.index("-v")
    assert with_ca[volume + 1].endswith(":/run/pip-ca.pem:ro")
    argument = with_ca.index("--build-arg")
    assert with_ca[argument + 1] == "PIP_CERT=/run/pip-ca.pem"
    without = [w for i, w in enumerate(with_ca) if i not in (volume, volume + 1, argument,
                                                             argument + 1)]  # fmt: skip
    assert without == plain


def test_compose_yaml_is_read_whole():
    """deploy_doc.compose_service reads every line of the service (the image test starts the
    image with what it reads)."""
    service = deploy_doc.compose_service()
    assert service["ports"] == ["8000:8000"] and service["volumes"] == ["scorekeeper-data:/data"]
    assert service["restart"] == "unless-stopped" and service["build"] == "."
    environment = service["environment"]
    assert isinstance(environment, dict)
    text = (ROOT / "compose.yaml").read_text()
    assert set(environment) == set(re.findall(r"^      (SCOREKEEPER_\w+):", text, re.M))
    assert environment["SCOREKEEPER_BACKUP_HOURS"] == "6"
    assert set(service) == set(re.findall(r"^    (\w+):", text, re.M))


def unit_text() -> str:
    (unit,) = blocks("ini")
    return unit


UNIT_NAME = "spades-scorekeeper.service"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd here")
def test_the_systemd_unit_passes_systemd_analyze_verify(tmp_path: Path):
    program = Path(sys.executable).parent / "scorekeeper"
    unit = unit_text().replace("/home/scorekeeper/.local/bin/scorekeeper", str(program))
    unit = unit.replace("User=scorekeeper", "User=root")
    verify = deploy_doc.words("systemd-analyze verify")
    assert verify[-1] == f"/etc/systemd/system/{UNIT_NAME}"  # where the docs save it
    path = tmp_path / UNIT_NAME
    path.write_text(unit)
    done = subprocess.run([*verify[:-1], str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    problems = [line for line in done.stderr.splitlines() if "spades-scorekeeper" in line]
    assert not problems, problems


def unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in unit_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            settings.setdefault(key, []).append(value)
    return settings


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    return install_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_units_service_starts_serves_and_stops_as_systemd_would(installed, tmp_path: Path):
    """`systemctl enable --now` cannot run here (no systemd as init on the test machines): the
    unit's own ExecStart is run as systemd would start it, with its Environment= and its user's
    home being the test's; it serves /healthz, keeps its data in the one folder its
    ReadWritePaths= lets it write, and ends cleanly on SIGTERM (what `systemctl stop` sends).
    The app is the wheel installed in a fresh venv (as pipx installs it: a checkout keeps its
    data in its own folder). Not checked here: User= itself (the test runs as this user)."""
    enable = deploy_doc.words("sudo systemctl enable")
    assert enable[-1] + ".service" == UNIT_NAME and "--now" in enable
    settings = unit_settings()
    (start,) = settings["ExecStart"]
    command = shlex.split(start)
    user_home = "/home/" + settings["User"][0]
    assert command[0].startswith(user_home + "/")
    command[0] = str(installed / "bin" / "scorekeeper")
    port = _free_port()
    command[command.index("--port") + 1] = str(port)
    host = command[command.index("--host") + 1]
    home = tmp_path / "home"
    env = clean_env(home)
    env.update(dict(setting.split("=", 1) for setting in settings["Environment"]))
    (writable,) = settings["ReadWritePaths"]
    data = home / Path(writable).relative_to(user_home)
    server = subprocess.Popen(command, env=env, cwd=tmp_path, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)  # fmt: skip
    try:
        answer = b""
        for _ in range(600):  # up to a minute to start; nothing is timed
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(f"http://{host}:{port}/healthz", timeout=10) as got:
                    answer = got.read()
                break
            assert server.poll() is None, server.communicate()[0]
            time.sleep(0.1)
        assert answer == b"ok\n"
        assert (data / "scorekeeper.sqlite").is_file() and (data / "secret_key").is_file()
    finally:
        server.send_signal(signal.SIGTERM)
        log = server.communicate(timeout=60)[0]
    assert server.returncode == 0, log
    outside = [p for p in home.rglob("*") if p.is_file() and not p.is_relative_to(data)]
    assert not outside, outside


@pytest.mark.skipif(
    shutil.which("caddy") is None, reason="no caddy here (make test-image installs it)"
)
def test_the_caddyfile_is_valid(tmp_path: Path):
    (caddyfile,) = blocks("caddyfile")
    (tmp_path / "Caddyfile").write_text(caddyfile)
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "PATH": "/usr/bin:/bin"}  # fmt: skip
    done = subprocess.run(
        deploy_doc.words("caddy validate"),  # in the Caddyfile's folder, as the docs say
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Valid configuration" in done.stdout + done.stderr
    assert "reverse_proxy 127.0.0.1:8000" in caddyfile


def debian_packages() -> list[list[str]]:
    """The Debian packages docs/deploy.md tells a reader to install: the pipx table's Debian
    row and the Raspberry Pi's Docker (``sudo apt install ...``)."""
    text = DOC.read_text()
    row = re.search(r"^\| Debian 12[^|]*\| `([^`]+)` \|$", text, flags=re.M)
    docker = re.search(r"`sudo apt install ([^`]+)`", text)
    assert row and docker, "docs/deploy.md no longer names its Debian packages where it did"
    return [row.group(1).split(), docker.group(1).split()]


@pytest.mark.skipif(shutil.which("apt-get") is None, reason="no apt-get here: not Debian")
@pytest.mark.parametrize("packages", debian_packages(), ids=["pipx", "docker"])
def test_the_debian_packages_the_docs_name_exist(packages: list[str]):
    """Each package name is one Debian 12 has (apt-get's simulation: nothing is installed);
    a misspelt name is refused ("Unable to locate package")."""
    done = subprocess.run(
        ["apt-get", "install", "--simulate", "-q", *packages],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]


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
