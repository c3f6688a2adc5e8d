"""The container image, checked from its own file system (`make test-image` builds it first).

scripts/test-image.sh builds the Dockerfile with podman (docs/deploy.md's build command) and
mounts a container created from the image (crun cannot run one on the test machines:
test_the_docs_podman_run tries docs/deploy.md's `podman run` and checks that this is why it
fails); these tests start the server as `docker compose up -d` would, from that file system,
chrooted as the image's user, with the image's entrypoint and command (its address narrowed to
loopback) and compose.yaml's environment over the image's, and check what a club would see:
/healthz and the image's own HEALTHCHECK command (also while a writer holds the database's
lock), a game played to a saved hand, its PDF, the data under /data, and the docs' `docker
compose run ... restore` refused while the server runs and done after.

Skipped in `make test` (no image there): `make test-image` runs them.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shlex
import signal
import socket
import sqlite3
import subprocess
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.deploy import deploy_doc
from tests.load.served import Phone, Tally, free_port

ROOT = os.environ.get("SCOREKEEPER_IMAGE_ROOT", "")
CONFIG = os.environ.get("SCOREKEEPER_IMAGE_CONFIG", "")
pytestmark = pytest.mark.skipif(
    not (ROOT and CONFIG), reason="the container image is built and checked by make test-image"
)
HOST = "127.0.0.1"


@pytest.fixture(scope="module")
def image() -> dict:
    (inspected,) = json.loads(Path(CONFIG).read_text())
    return inspected


@pytest.fixture(scope="module")
def user(image) -> tuple[int, int]:
    name = image["Config"]["User"]
    for line in (Path(ROOT) / "etc/passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == name or fields[2] == name:
            return int(fields[2]), int(fields[3])
    raise AssertionError(f"the image's user {name!r} is not in its /etc/passwd")


def compose_environment() -> list[str]:
    """compose.yaml's settings for the service, as `docker compose` sets them over the image's."""
    environment = deploy_doc.compose_service()["environment"]
    assert isinstance(environment, dict)
    return [f"{name}={value}" for name, value in environment.items()]


def in_image(
    image: dict, user: tuple[int, int], command: list[str], extra: list[str] | None = None
) -> list[str]:
    """``command`` run inside the image's file system as its user, with its environment (and
    ``extra`` settings over it) and working folder, in a mount namespace of its own (/dev and
    /proc, gone when it ends)."""
    config = image["Config"]
    env = " ".join(shlex.quote(e) for e in [*config.get("Env", []), *(extra or [])])
    inner = f"cd {shlex.quote(config.get('WorkingDir') or '/')} && exec env -i {env} " + " ".join(
        shlex.quote(c) for c in command
    )
    root = shlex.quote(ROOT)
    script = (
        f"mount --rbind /dev {root}/dev && mount -t proc proc {root}/proc && "
        f"exec chroot --userspec={user[0]}:{user[1]} {root} /bin/sh -c {shlex.quote(inner)}"
    )
    return ["unshare", "--mount", "--fork", "sh", "-c", script]


def served_command(image: dict, port: int) -> list[str]:
    """The image's entrypoint and command, listening on loopback and ``port`` here."""
    command = [*image["Config"]["Entrypoint"], *image["Config"]["Cmd"]]
    command[command.index("--host") + 1] = HOST
    command[command.index("--port") + 1] = str(port)
    return command


@pytest.fixture(scope="module")
def server(image, user, tmp_path_factory) -> Iterator[tuple[int, Path, Callable[[], None]]]:
    """docs/deploy.md's `docker compose up -d`, as far as it goes without a Docker engine: the
    service of compose.yaml started as compose starts it, from the built image (compose.yaml's
    ``build: .`` is the Dockerfile the image test built), with the image's entrypoint and
    command, as its user, compose.yaml's environment over the image's, the port it publishes
    (the container's port is the machine's here: no network namespace; another if 8000 is
    taken), its volume's target the image's /data, in the background (-d)."""
    up = deploy_doc.words("docker compose up")
    assert up[:3] == ["docker", "compose", "up"] and set(up[3:]) <= {"-d"}
    service = deploy_doc.compose_service()
    assert service["build"] == "." and isinstance(service["ports"], list)
    (published,) = service["ports"]
    assert published.rsplit(":", 1)[1] == served_command(image, 8000)[-1] == "8000"
    assert isinstance(service["volumes"], list)
    for volume in service["volumes"]:
        assert volume.split(":")[1] in image["Config"]["Volumes"]
    port = 8000 if _free(8000) else free_port()
    log = tmp_path_factory.mktemp("image") / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            in_image(image, user, served_command(image, port), compose_environment()),
            stdout=out, stderr=out,
        )  # fmt: skip

    def server_pids() -> list[str]:  # unshare's child: the server, once exec'd
        with contextlib.suppress(OSError):
            return Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        return []

    children: list[str] = []

    def stop() -> None:
        """SIGTERM to the server itself (as `docker stop` sends), waited for until it is gone
        (its printing workers stopped, its hold on the database released)."""
        for pid in children or server_pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGTERM)
        deadline = time.monotonic() + 60
        while any(Path(f"/proc/{pid}").exists() for pid in children):
            if time.monotonic() > deadline:  # never left behind (unshare's kill-child signal
                for pid in children:  # would be dropped when chroot changes the user)
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(int(pid), signal.SIGKILL)
                raise AssertionError("the image's server did not stop on SIGTERM")
            time.sleep(0.1)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    deadline = time.monotonic() + 120
    while True:
        if proc.poll() is not None or time.monotonic() > deadline:
            stop()
            raise AssertionError(f"the image's server did not start:\n{log.read_text()}")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.5):
            break
        time.sleep(0.1)
    children.extend(server_pids())

    try:
        yield port, log, stop
    finally:
        stop()


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind((HOST, port))
        except OSError:
            return False
    return True


def get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=120)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        conn.close()


def test_the_image_runs_as_its_own_user_with_its_data_under_one_volume(image):
    config = image["Config"]
    assert config["User"] not in ("", "root", "0")
    assert "SCOREKEEPER_DATA_DIR=/data" in config["Env"]
    assert "/data" in config.get("Volumes", {})
    assert config["Cmd"][config["Cmd"].index("--host") + 1] == "0.0.0.0"
    assert image["Architecture"] and image["Os"] == "linux"


def test_the_health_check_uses_python_since_a_slim_image_has_no_curl(image):
    check = image["Config"].get("Healthcheck") or image.get("Healthcheck")
    assert check, "the image has no HEALTHCHECK (built in the OCI format, which drops it?)"
    assert check["Test"][0] == "CMD" and check["Test"][1].endswith("/python")
    assert not (Path(ROOT) / "usr/bin/curl").exists()


def test_healthz_answers_and_is_never_cached(server):
    port = server[0]
    status, headers, body = get(port, "/healthz")
    assert (status, body) == (200, b"ok\n")
    assert headers["Cache-Control"] == "no-store"


def test_the_images_own_health_check_passes(image, user, server):
    port = server[0]
    test = image["Config"].get("Healthcheck") or image.get("Healthcheck")
    command = [part.replace(":8000/", f":{port}/") for part in test["Test"][1:]]
    done = subprocess.run(in_image(image, user, command), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_images_health_check_passes_while_a_writer_holds_the_lock(image, user, server):
    """Another connection holds SQLite's writer's lock (as a save or a backup's neighbour
    would): the image's HEALTHCHECK still passes, its probe never waiting for a writer."""
    port = server[0]
    test = image["Config"].get("Healthcheck") or image.get("Healthcheck")
    command = [part.replace(":8000/", f":{port}/") for part in test["Test"][1:]]
    holder = sqlite3.connect(Path(ROOT) / "data" / "scorekeeper.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        done = subprocess.run(in_image(image, user, command), capture_output=True, timeout=60)
    finally:
        holder.close()
    assert done.returncode == 0, done.stderr


def test_a_game_is_played_to_a_saved_hand_and_printed(server):
    port = server[0]
    tally = Tally()
    phone = Phone(port, tally)
    token = phone.new_game()
    phone.save(token, phone.tricks_form(token, 1), 1, "the image's first hand")
    assert tally.acks == 1
    assert "the image&#39;s first hand" in phone.get(f"/g/{token}") or tally.acks == 1
    deadline = time.monotonic() + 180
    while True:  # a sheet is made in the printing workers: "being made" (202) first
        status, headers, body = get(port, f"/g/{token}/sheet.pdf")
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    assert body.startswith(b"%PDF-") and len(body) > 2000
    phone.close()


def test_the_image_keeps_no_apt_cache():
    """apt's lists and its cache went in the layer that made them (about 97 MB otherwise)."""
    for folder in ("var/cache/apt", "var/lib/apt/lists"):
        left = [p for p in (Path(ROOT) / folder).rglob("*") if p.is_file()]
        assert not left, left[:5]


def test_fontconfig_keeps_its_cache_in_its_own_folder_not_in_the_data_volume(image, server):
    """After a PDF (WeasyPrint asks fontconfig for the fonts): no "No writable cache
    directories" in the server's output, no fontconfig cache under /data, and one in the
    image's XDG_CACHE_HOME (the server runs with no HOME here, as `env -i` starts it)."""
    port, log, _ = server
    tally = Tally()
    phone = Phone(port, tally)
    token = phone.new_game()
    deadline = time.monotonic() + 180
    while get(port, f"/g/{token}/sheet.pdf")[0] != 200:  # "being made" (202) first
        assert time.monotonic() < deadline, "no PDF"
        time.sleep(0.5)
    phone.close()
    assert "No writable cache directories" not in log.read_text()
    assert not [p for p in (Path(ROOT) / "data").rglob("*fontconfig*")]
    (cache,) = [
        e.split("=", 1)[1] for e in image["Config"]["Env"] if e.startswith("XDG_CACHE_HOME=")
    ]
    assert not cache.startswith("/data")
    # its own cache, unless the image's system cache (fc-cache at install) already held all
    written = (Path(ROOT) / cache.lstrip("/") / "fontconfig").is_dir()
    assert written or any((Path(ROOT) / "var/cache/fontconfig").glob("*cache*"))


def test_the_docs_podman_run(image, server):
    """docs/deploy.md's `podman run ...`, as written but with the test's own name, volume and
    port. crun cannot start a container on the test machines ("setrlimit RLIMIT_NOFILE:
    Operation not permitted"): there the test checks that this is the only reason it failed
    (podman read every option and found the image first), and says so; the image is served
    from its own files instead, as its user (the server fixture), and answers. Where podman
    can run it, the container itself must answer /healthz."""
    run = deploy_doc.words("podman run")
    assert run[-1] == "spades-scorekeeper"  # the docs' build's tag (the image test builds it)
    own = f"scorekeeper-image-test-{os.getpid()}"
    run[run.index("--name") + 1] = own
    volume = run.index("-v") + 1
    assert run[volume] == "scorekeeper-data:/data" and "/data" in image["Config"]["Volumes"]
    run[volume] = f"{own}:/data"
    published = run.index("-p") + 1
    port = free_port()
    run[published] = f"127.0.0.1:{port}:{run[published].rsplit(':', 1)[1]}"
    try:
        started = subprocess.run(run, capture_output=True, text=True, timeout=300)
        if started.returncode != 0:
            assert "setrlimit" in started.stderr and "Operation not permitted" in started.stderr, (
                started.stderr
            )
            warnings.warn(  # shown in pytest's summary: a command of the docs not run here
                "docs/deploy.md's podman run cannot start a container on this machine (crun: "
                "setrlimit): the image is served from its own files as its user instead",
                stacklevel=1,
            )
            assert get(server[0], "/healthz")[:1] == (200,)
            return
        answered = 0
        deadline = time.monotonic() + 120
        while not answered and time.monotonic() < deadline:
            with contextlib.suppress(OSError, http.client.HTTPException):
                answered = get(port, "/healthz")[0]
            time.sleep(0.5)
        assert answered == 200
    finally:
        subprocess.run(["podman", "rm", "--force", "--volumes", own], capture_output=True,
                       timeout=120)  # fmt: skip
        subprocess.run(["podman", "volume", "rm", "--force", own], capture_output=True,
                       timeout=120)  # fmt: skip


def test_the_database_its_secret_and_its_backups_are_under_data(server, user):
    data = Path(ROOT) / "data"
    deadline = time.monotonic() + 60
    while not any((data / "backups").glob("scorekeeper-*.sqlite")):
        assert time.monotonic() < deadline, sorted(p.name for p in data.rglob("*"))
        time.sleep(0.2)
    for name in ("scorekeeper.sqlite", "secret_key"):
        found = data / name
        assert found.is_file(), sorted(p.name for p in data.rglob("*"))
        assert (found.stat().st_uid, found.stat().st_mode & 0o077) == (user[0], 0)
    assert not (Path(ROOT) / "opt/scorekeeper/var").exists()  # nothing in the installed app


def test_the_logs_show_the_backups(server):
    """docs/deploy.md's `docker compose logs` shows the backups: without a Docker engine, the
    image's server's stdout and stderr (what compose collects as the service's logs)."""
    assert deploy_doc.inline("docker compose logs").split() == ["docker", "compose", "logs"]
    _, log, _ = server
    deadline = time.monotonic() + 60
    while "backup written and checked" not in log.read_text():
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.2)


def integrity(database: Path, tmp: Path) -> list[tuple[str]]:
    """PRAGMA integrity_check of a copy of the database and its WAL (this test runs as root:
    opening the image's own file would leave the -shm file root's, which its user needs)."""
    for suffix in ("", "-wal", "-shm"):
        found = database.with_name(database.name + suffix)
        if found.exists():
            (tmp / found.name).write_bytes(found.read_bytes())
    with contextlib.closing(sqlite3.connect(tmp / database.name)) as db:
        return db.execute("PRAGMA integrity_check").fetchall()


def test_restore_is_refused_while_serving_then_puts_the_backup_back(
    image, user, server, tmp_path: Path
):
    """docs/deploy.md's `docker compose run --rm scorekeeper restore /data/backups/...`, without
    a Docker engine: the image's entrypoint with the arguments given after the service's name
    (the backup this server wrote for the docs' example), as its user, with compose.yaml's
    environment, in a namespace gone when it ends (--rm)."""
    port, log, stop = server
    (backup,) = sorted((Path(ROOT) / "data" / "backups").glob("scorekeeper-*.sqlite"))[:1]
    run = deploy_doc.words("docker compose run")
    assert run[:4] == ["docker", "compose", "run", "--rm"] and run[4] == "scorekeeper"
    assert deploy_doc.compose_service(run[4])["image"]  # the service compose.yaml names so
    arguments = run[5:]
    assert arguments[0] == "restore" and arguments[1].startswith("/data/backups/scorekeeper-")
    arguments[1] = f"/data/backups/{backup.name}"
    restore = [*image["Config"]["Entrypoint"], *arguments]
    environment = compose_environment()
    refused = subprocess.run(
        in_image(image, user, restore, environment), capture_output=True, timeout=60
    )
    assert refused.returncode == 2 and b"a server is using" in refused.stderr
    assert get(port, "/healthz")[0] == 200
    # the last test: the server stopped as the docs' `docker compose stop` does (SIGTERM),
    # its database whole, then the backup goes back
    assert deploy_doc.inline("docker compose stop").split() == ["docker", "compose", "stop"]
    stop()
    assert integrity(Path(ROOT) / "data" / "scorekeeper.sqlite", tmp_path) == [("ok",)]
    done = subprocess.run(
        in_image(image, user, restore, environment), capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert b"kept as" in done.stdout
    assert list((Path(ROOT) / "data").glob("scorekeeper-*-replaced-by-restore.sqlite"))
    assert "backup written and checked" in log.read_text()
