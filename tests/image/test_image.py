"""The container image, checked from its own file system (`make test-image` builds it first).

scripts/test-image.sh builds the Dockerfile with podman and mounts a container created from the
image (never run: crun cannot run one on the test machines); these tests start the server from
that file system, chrooted as the image's user, with the image's entrypoint, environment and
command (its address narrowed to loopback), and check what a club would see: /healthz and the
image's own HEALTHCHECK command, a game played to a saved hand, its PDF, the data under /data,
and `scorekeeper restore` refused while the server runs and done after.

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
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.load.test_load_and_crash import Phone, Tally, free_port

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


def in_image(image: dict, user: tuple[int, int], command: list[str]) -> list[str]:
    """``command`` run inside the image's file system as its user, with its environment and
    working folder, in a mount namespace of its own (/dev and /proc, gone when it ends)."""
    config = image["Config"]
    env = " ".join(shlex.quote(e) for e in config.get("Env", []))
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
    port = 8000 if _free(8000) else free_port()
    log = tmp_path_factory.mktemp("image") / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            in_image(image, user, served_command(image, port)), stdout=out, stderr=out
        )

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


def test_restore_is_refused_while_serving_then_puts_the_backup_back(image, user, server):
    port, log, stop = server
    (backup,) = sorted((Path(ROOT) / "data" / "backups").glob("scorekeeper-*.sqlite"))[:1]
    restore = [image["Config"]["Entrypoint"][0], "restore", f"/data/backups/{backup.name}"]
    refused = subprocess.run(in_image(image, user, restore), capture_output=True, timeout=60)
    assert refused.returncode == 2 and b"a server is using" in refused.stderr
    assert get(port, "/healthz")[0] == 200
    stop()  # the last test: the server stopped, the backup goes back
    done = subprocess.run(in_image(image, user, restore), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert b"kept as" in done.stdout
    assert list((Path(ROOT) / "data").glob("scorekeeper-*-replaced-by-restore.sqlite"))
    assert "backup written and checked" in log.read_text()
