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
import sqlite3
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
    Runner("sudo -u scorekeeper mkdir", HERE / "test_deploy_docs.py",
           "test_the_units_service_starts_serves_and_stops_as_systemd_would",
           "run as written in the test's home for the user's (without sudo: the test is that "
           "user), before the unit's ExecStart; it makes exactly the unit's ReadWritePaths="),
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

# Who runs each command written in the docs' prose (an inline code span whose first word is a
# command, deploy_doc.inline_commands), matched whole; the test reads it with
# deploy_doc.inline("..."). A span naming a command of the code blocks (`podman run`,
# `caddy validate`) is that command, run by its runner above.
DEPLOY_TESTS = HERE / "test_deploy_docs.py"
INLINE_RUNNERS = [
    Runner("docker compose logs", IMAGE_TESTS, "test_the_logs_show_the_backups",
           "no Docker engine: the served image's output (its stdout and stderr, which compose "
           "collects as its logs) is read, and has the backup's line"),
    Runner("sudo apt install docker.io docker-compose", DEPLOY_TESTS, "debian_packages",
           "its packages given to `apt-get install --simulate` (installs nothing; no sudo)"),
    *[Runner(f"docker-compose {rest}", DEPLOY_TESTS,
             "test_the_pi_route_spells_compose_as_debian_12_has_it",
             "no Docker engine: each is the page's command with the hyphen (whose runner runs "
             "it); where Compose 1.x is installed (make test-image installs Debian's), its "
             "subcommand and options are checked in its own --help")
      for rest in ("up -d", "logs", "stop", "up -d --build", "run --rm scorekeeper restore "
                   "/data/backups/scorekeeper-20261127-061500.sqlite")],
    Runner("sudo systemctl reload caddy", DEPLOY_TESTS, "test_the_caddyfile_is_valid",
           "no Caddy service on the test machines: the Caddyfile a reload would load is "
           "checked with `caddy validate` where caddy is installed; the reload is not run"),
    Runner("systemctl stop", DEPLOY_TESTS,
           "test_the_units_service_starts_serves_and_stops_as_systemd_would",
           "no systemd as init: the unit's server is sent SIGTERM (what systemctl stop sends), "
           "exits 0, and its database passes PRAGMA integrity_check"),
    Runner("docker compose stop", IMAGE_TESTS,
           "test_restore_is_refused_while_serving_then_puts_the_backup_back",
           "no Docker engine: the image's server is sent SIGTERM (what docker stop sends), is "
           "gone within a minute, and its database passes PRAGMA integrity_check; then the "
           "restore is run"),
    Runner("systemctl stop spades-scorekeeper", DEPLOY_TESTS,
           "test_the_units_service_starts_serves_and_stops_as_systemd_would",
           "as `systemctl stop` (above)"),
    Runner("journalctl -u spades-scorekeeper", DEPLOY_TESTS,
           "test_the_units_service_starts_serves_and_stops_as_systemd_would",
           "no systemd journal: the unit's server's stdout and stderr (what the journal "
           "collects) are read, and have the backup's line"),
    Runner("git pull", DEPLOY_TESTS, "test_git_pull_gets_the_new_version",
           "run as written in a clone of this repository that is one commit behind its origin "
           "(a bare clone): it fast-forwards to the origin's commit"),
    Runner("docker compose up -d --build", IMAGE_TEST, "",
           "no Docker engine: the image test's build of the Dockerfile (podman build, above), "
           "then the server started from the new image as `docker compose up -d` (above)"),
    Runner("pipx install --force .", HERE / "test_pipx_real.py",
           "test_pipx_install_then_serve_from_any_folder",
           "run as written right after the real `pipx install .`, then the reinstalled "
           "command serves (make test-image)"),
    Runner("make run", DEPLOY_TESTS, "test_the_make_targets_the_docs_name",
           "`make -n run`: the recipe printed, not run (it would serve the checkout's own "
           "instance/ until stopped): it migrates, then runs `scorekeeper serve`"),
    Runner("make test", DEPLOY_TESTS, "test_the_make_targets_the_docs_name",
           "run whole by the CI (this file is among the tests it runs); here `make -n test` "
           "checks that it runs pytest"),
    Runner("make test-image", DEPLOY_TESTS, "test_the_make_targets_the_docs_name",
           "run whole by the CI after `make test`; here `make -n test-image` checks that it "
           "runs scripts/test-image.sh"),
    Runner("scorekeeper serve --workers N", DEPLOY_TESTS, "test_serve_with_workers",
           "run as written with N=2, on loopback and a free port: says it serves with 2 "
           "worker processes, answers /healthz, exits 0 on SIGTERM"),
    Runner("apt-get install --simulate", DEPLOY_TESTS,
           "test_the_debian_packages_the_docs_name_exist",
           "run as written with the packages the docs name (installs nothing)"),
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


def uncovered_inline(text: str | None = None) -> list[str]:
    """The prose's commands that are not the code blocks' and that no runner (or more than
    one) claims."""
    return [
        span for span in deploy_doc.inline_commands(text)
        if not deploy_doc.in_a_block(span, text)
        and sum(r.start == span for r in INLINE_RUNNERS) != 1
    ]  # fmt: skip


def test_every_command_in_the_deploy_docs_prose_is_run_by_a_named_test():
    found = deploy_doc.inline_commands()
    assert "docker compose logs" in found and "make run" in found, "no inline commands found"
    missing = uncovered_inline()
    assert not missing, f"commands in docs/deploy.md's prose that no test runs: {missing}"
    stale = [r.start for r in INLINE_RUNNERS
             if r.start not in found or deploy_doc.in_a_block(r.start)]  # fmt: skip
    assert not stale, f"runners of prose commands no longer in docs/deploy.md: {stale}"


@pytest.mark.parametrize(
    ("sentence", "added"),
    [
        ("Then `docker compose down` stops it.", "docker compose down"),
        ("Or `sudo systemctl restart caddy`.", "sudo systemctl restart caddy"),
        ("Then `make\nclean` first.", "make clean"),  # a span broken over two lines
    ],
)  # fmt: skip
def test_a_command_added_to_the_prose_that_nothing_runs_fails_the_check(sentence, added):
    text = DOC.read_text().replace("\n## Upgrades\n", f"\n{sentence}\n\n## Upgrades\n", 1)
    assert uncovered_inline(text) == [added]


def test_names_single_words_and_table_cells_are_not_prose_commands():
    found = deploy_doc.inline_commands()
    assert "pipx" not in found and "backup FAILED (the disk is full)" not in found
    assert not [c for c in found if c.startswith("pipx libpango")]  # the packages' table


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


@pytest.mark.parametrize("runner", INLINE_RUNNERS, ids=[r.start for r in INLINE_RUNNERS])
def test_the_named_test_reads_its_prose_command_from_the_docs(runner: Runner):
    source = _source(runner)
    if runner.name:
        asked = re.search(rf"\binline\(\s*\"{re.escape(runner.start)}\"", source)
    else:
        asked = re.search(rf"deploy_doc\.py --inline \"{re.escape(runner.start)}\"", source)
    assert asked, f"{runner.where.name} {runner.name} does not read {runner.start!r} from the docs"
    assert deploy_doc.inline(runner.start)


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
    services = text.split("\nvolumes:", 1)[0]  # the volumes' own settings apart
    assert set(service) == set(re.findall(r"^    (\w+):", services, re.M))


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
    data in its own folder). Not checked here: User= itself (the test runs as this user).
    The docs' `systemctl stop` is that SIGTERM: the server exits 0 with its database whole;
    its `journalctl -u` log is the server's stdout and stderr, which the journal collects."""
    enable = deploy_doc.words("sudo systemctl enable")
    stop = deploy_doc.inline("systemctl stop spades-scorekeeper").split()
    assert deploy_doc.inline("systemctl stop").split() == stop[:2] == ["systemctl", "stop"]
    journal = deploy_doc.inline("journalctl -u spades-scorekeeper").split()
    assert journal[-1] + ".service" == stop[-1] + ".service" == UNIT_NAME
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
    # the data folder made first, by the docs' command (systemd will not start a unit whose
    # ReadWritePaths= is missing): as that user, here the test's own, in the test's home
    make = deploy_doc.words("sudo -u scorekeeper mkdir")
    assert make[:3] == ["sudo", "-u", settings["User"][0]] and make[-1] == writable
    made = subprocess.run([*make[3:-1], str(data)], capture_output=True, text=True, timeout=60)
    assert made.returncode == 0 and data.is_dir(), made.stderr
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
        server.send_signal(signal.SIGTERM)  # systemctl stop
        log = server.communicate(timeout=60)[0]
    assert server.returncode == 0, log
    with contextlib.closing(sqlite3.connect(data / "scorekeeper.sqlite")) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert "backup written and checked" in log, log  # what journalctl shows: the backups
    outside = [p for p in home.rglob("*") if p.is_file() and not p.is_relative_to(data)]
    assert not outside, outside


@pytest.mark.skipif(
    shutil.which("caddy") is None, reason="no caddy here (make test-image installs it)"
)
def test_the_caddyfile_is_valid(tmp_path: Path):
    """The Caddyfile checked as the docs say, before the reload they name (no Caddy service
    runs here: a reload loads what `caddy validate` has checked)."""
    reload = deploy_doc.inline("sudo systemctl reload caddy").split()
    assert reload[-2:] == ["reload", "caddy"]
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
    assert row, "docs/deploy.md no longer names its Debian packages where it did"
    docker = deploy_doc.inline("sudo apt install docker.io docker-compose").split()
    assert docker[:3] == ["sudo", "apt", "install"]
    return [row.group(1).split(), docker[3:]]


@pytest.mark.skipif(shutil.which("apt-get") is None, reason="no apt-get here: not Debian")
@pytest.mark.parametrize("packages", debian_packages(), ids=["pipx", "docker"])
def test_the_debian_packages_the_docs_name_exist(packages: list[str]):
    """Each package name is one Debian 12 has (apt-get's simulation: nothing is installed);
    a misspelt name is refused ("Unable to locate package")."""
    done = subprocess.run(
        [*deploy_doc.inline("apt-get install --simulate").split(), "-q", *packages],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]


def compose_commands() -> set[str]:
    """The page's Compose commands (`docker compose ...`), whole: the code blocks' and the
    prose's that are not a block's command named by its first words."""
    spans = [c for c in deploy_doc.inline_commands() if not deploy_doc.in_a_block(c)]
    return {c for c in [*deploy_doc.commands(), *spans] if c.startswith("docker compose ")}


def test_the_pi_route_spells_compose_as_debian_12_has_it():
    """Debian 12's `docker.io` and `docker-compose` give Compose 1.29 (`docker-compose`) and no
    `docker compose`: the Pi's route says each Compose command of the page with the hyphen, the
    same words after it, and misses none. Where Compose 1.x is installed, each one's subcommand
    and options are in its --help (no Docker engine is needed for that)."""
    pi = [
        deploy_doc.inline("docker-compose up -d"),
        deploy_doc.inline("docker-compose logs"),
        deploy_doc.inline("docker-compose stop"),
        deploy_doc.inline("docker-compose up -d --build"),
        deploy_doc.inline("docker-compose run --rm scorekeeper restore /data/backups/scorekeeper-20261127-061500.sqlite"),  # noqa: E501 (read whole)
    ]  # fmt: skip
    assert {c.replace("docker-compose ", "docker compose ", 1) for c in pi} == compose_commands()
    section = DOC.read_text().split("## A Raspberry Pi", 1)[1].split("\n## ", 1)[0]
    assert all(" ".join(c.split()) in " ".join(section.split()) for c in pi)
    assert "docker compose" not in " ".join(section.split())
    one = shutil.which("docker-compose")
    if one is None:
        pytest.skip("no docker-compose here: the commands' options were not checked")
    version = subprocess.run([one, "version"], capture_output=True, text=True, timeout=120)
    assert version.stdout.startswith("docker-compose version 1."), version.stdout
    for command in pi:
        words = command.split()
        shown = subprocess.run([one, words[1], "--help"], capture_output=True, text=True,
                               timeout=120)  # fmt: skip
        assert shown.returncode == 0, shown.stderr
        for option in (w for w in words[2:] if w.startswith("-")):
            assert re.search(rf"(^|[\s,]){re.escape(option)}\b", shown.stdout, re.M), (
                command, option)  # fmt: skip


def test_compose_gives_the_volume_the_name_the_docs_and_podman_give_it(tmp_path: Path):
    """Compose names a volume after the project's folder (`club_scorekeeper-data`) unless the
    volume has a name of its own: compose.yaml gives it the one the docs and `podman run`
    name. Where a Compose is installed, its `config` in a folder of another name says so."""
    text = (ROOT / "compose.yaml").read_text()
    volumes = text.split("\nvolumes:\n", 1)[1]
    assert re.search(
        r"^  scorekeeper-data:\n(    #.*\n)*    name: scorekeeper-data$", volumes, re.M
    )
    run = deploy_doc.words("podman run")
    assert run[run.index("-v") + 1] == "scorekeeper-data:/data"
    assert "| the volume `scorekeeper-data` (`/data` inside) |" in DOC.read_text()
    one = shutil.which("docker-compose")
    if one is None:
        pytest.skip("no docker-compose here: compose's own reading of the file was not checked")
    club = tmp_path / "club"
    club.mkdir()
    (club / "compose.yaml").write_text(text)
    shown = subprocess.run([one, "config"], cwd=club, capture_output=True, text=True,
                           timeout=120)  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert re.search(r"^volumes:\n  scorekeeper-data:\n    name: scorekeeper-data$",
                     shown.stdout, re.M), shown.stdout  # fmt: skip


def test_the_units_writable_folder_exists_before_its_first_start():
    """Under ProtectSystem=strict, systemd fails a unit whose ReadWritePaths= does not exist
    (226/NAMESPACE), and it does not before the app's first run: the docs make it before the
    unit is started, or the unit names it with "-" (ignored while missing)."""
    unit = unit_settings()
    assert unit["ProtectSystem"] == ["strict"]
    for writable in unit["ReadWritePaths"]:
        if writable.startswith("-"):
            continue
        commands = deploy_doc.commands()
        make = [i for i, c in enumerate(commands) if "mkdir -p" in c and c.endswith(writable)]
        start = commands.index(deploy_doc.command("sudo systemctl enable"))
        assert make and make[0] < start, f"nothing makes {writable} before the unit starts"


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


def _git(*arguments: str, cwd: Path) -> str:
    done = subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout"
)
def test_git_pull_gets_the_new_version(tmp_path: Path):
    """The docs' upgrade's `git pull`, run as written in a club's clone of this repository
    that is one commit behind its origin: it fast-forwards to the origin's newest commit."""
    origin = tmp_path / "origin.git"
    _git("clone", "--quiet", "--bare", str(ROOT), str(origin), cwd=tmp_path)
    newest = _git("rev-parse", "HEAD", cwd=ROOT)
    _git("branch", "--force", "release", newest, cwd=origin)
    club = tmp_path / "club"
    _git("clone", "--quiet", "--branch", "release", str(origin), str(club), cwd=tmp_path)
    _git("reset", "--quiet", "--hard", "HEAD~1", cwd=club)  # the version the club runs
    assert _git("rev-parse", "HEAD", cwd=club) != newest
    pull = subprocess.run(deploy_doc.inline("git pull").split(), cwd=club, capture_output=True,
                          text=True, timeout=300, env=clean_env(tmp_path))  # fmt: skip
    assert pull.returncode == 0, pull.stderr
    assert _git("rev-parse", "HEAD", cwd=club) == newest


def _make_dry_run(target: list[str]) -> str:
    done = subprocess.run(["make", "-n", *target[1:]], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_the_make_targets_the_docs_name():
    """`make run` is printed, not run (it serves the checkout's own instance/ until stopped):
    it migrates, then serves. `make test` and `make test-image` are what the CI runs, whole
    (this test is one of them); here their recipes are checked to be the tests."""
    run = _make_dry_run(deploy_doc.inline("make run").split()).splitlines()
    migrate = [i for i, line in enumerate(run) if line.endswith("scorekeeper migrate")]
    serve = [i for i, line in enumerate(run) if "/scorekeeper serve --host " in line]
    assert migrate and serve and migrate[-1] < serve[-1], run
    assert "-m pytest" in _make_dry_run(deploy_doc.inline("make test").split())
    image = _make_dry_run(deploy_doc.inline("make test-image").split())
    assert "sh scripts/test-image.sh" in image


def test_serve_with_workers(installed, tmp_path: Path):
    """The page's `scorekeeper serve --workers N`, as written with N=2 (on loopback and
    a free port): it serves with two worker processes and stops cleanly on SIGTERM."""
    command = deploy_doc.inline("scorekeeper serve --workers N").split()
    command[command.index("N")] = "2"
    port = _free_port()
    command = [str(installed / "bin" / "scorekeeper"), *command[1:], "--host", "127.0.0.1",
               "--port", str(port)]  # fmt: skip
    server = subprocess.Popen(
        command,
        env=clean_env(tmp_path / "home"),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        answer = b""
        for _ in range(600):  # up to a minute to start; nothing is timed
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as got:
                    answer = got.read()
                break
            assert server.poll() is None, server.communicate()[0]
            time.sleep(0.1)
        assert answer == b"ok\n"
    finally:
        server.send_signal(signal.SIGTERM)
        log = server.communicate(timeout=60)[0]
    assert server.returncode == 0, log
    assert "serving with gunicorn: 2 worker process(es)" in log, log
