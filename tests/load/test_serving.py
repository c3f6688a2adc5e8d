"""`scorekeeper serve` as a service manager, a crash and a Windows laptop meet it (issue 32).

Each test starts the real command (``python -m scorekeeper.cli serve``) in a subprocess of its
own process group on a free loopback port with its own database, and drives it over HTTP as
phones do (tests/load/served.py). Nothing waits on the clock in place of a condition: a test
waits for what it needs to see (a line in the server's output, a process gone, a socket read),
each with a generous limit for a loaded machine; the grace times asked of the server are what
the test checks it keeps to, with room to spare.

- gunicorn: SIGTERM at start, with requests in hand, and with a hung worker, each ends the
  server and every process of it, every acknowledged hand saved; a worker killed with -9 is
  replaced, a hung one too (the worker timeout), and no hand is lost; workers that cannot
  start end the server with a non-zero status.
- Both servers: a port in use is a non-zero exit and one line; the start-up lines are out at
  once to a pipe.
- A Python shaped like Windows' (no fork, no poll or epoll in ``select``) serves with waitress.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import queue
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from scorekeeper.cli import serving
from tests.load.served import (
    HOST,
    ROOT,
    Phone,
    Server,
    Tally,
    check_every_acknowledged_hand_once,
    ended,
    free_port,
    run_load,
)

pytestmark = [
    pytest.mark.load,
    pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc"),
]

GRACE = 1  # seconds: the --graceful-timeout these tests ask for (the least serve takes)
ENDS = GRACE + 60  # a server asked to stop has ended by then, however loaded the machine


def stopped_within(proc: subprocess.Popen, seconds: float) -> int:
    try:
        return proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"the server had not stopped {seconds} s after SIGTERM") from None


def port_is_free(port: int) -> bool:
    try:
        serving.check_port(HOST, port)
    except serving.PortInUse:
        return False
    return True


def saved_hands(server: Server, tally: Tally, phones: int, hands: int) -> None:
    """``phones`` phones, each its own game, ``hands`` hands each, acknowledged."""
    run_load(server, tally, scorers=phones, hands=hands, pairs=0, pair_hands=0)


# --- a request held in the server's hands ------------------------------------------------------


@contextlib.contextmanager
def write_lock(database: Path) -> Iterator[None]:
    """The database's write lock held by this process: a save waits for it (the server's busy
    timeout set long), in the server's hands."""
    conn = sqlite3.connect(database, timeout=60, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        yield
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def server_read_it(server_port: int, client_port: int) -> bool:
    """Whether the server has accepted this connection and read everything it was sent (its
    side's receive queue empty: Linux's /proc/net/tcp, ports in hexadecimal)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, state, queues = fields[1], fields[2], fields[3], fields[4]
        if (
            int(local.split(":")[1], 16) == server_port
            and int(remote.split(":")[1], 16) == client_port
            and state == "01"  # established
        ):
            return int(queues.split(":")[1], 16) == 0
    return False


class HeldSave:
    """A hand's save sent on a connection of its own, its answer read later."""

    def __init__(self, port: int, phone: Phone, token: str, form: dict[str, str], note: str):
        fields = {**form, "ttricks-0": "7", "ttricks-1": "6", "note": note}
        body = urlencode(fields).encode()
        head = (
            f"POST /g/{token}/hands HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
            f"Cookie: {phone.cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        self.note = note
        self.sock = socket.create_connection((HOST, port), 60)
        self.sock.settimeout(120)
        self.sock.sendall(head.encode() + body)

    def client_port(self) -> int:
        return int(self.sock.getsockname()[1])

    def status(self) -> int:
        response = http.client.HTTPResponse(self.sock)
        response.begin()
        response.read()
        self.sock.close()
        return response.status


def test_sigterm_with_saves_in_hand_answers_them_then_ends_every_acknowledged_hand_saved(
    tmp_path,
):
    """A service manager stops the server while phones' saves are in its hands (each waiting
    for the database's write lock): each is finished and answered 303 (saved), then every
    process ends; every acknowledged hand is in the database once."""
    server = Server(
        tmp_path, "--workers", "2", "--graceful-timeout", "60",
        SCOREKEEPER_BUSY_TIMEOUT_MS="300000",
    )  # fmt: skip
    server.start()
    try:
        tally = Tally()
        saved_hands(server, tally, phones=4, hands=2)
        held = []
        phones = [Phone(server.port, tally) for _ in range(3)]
        games = [(phone, phone.new_game()) for phone in phones]
        forms = [(phone, token, phone.tricks_form(token, 1)) for phone, token in games]
        with write_lock(server.database):
            for n, (phone, token, form) in enumerate(forms):
                held.append(HeldSave(server.port, phone, token, form, f"held{n}"))
            deadline = time.monotonic() + 60
            while not all(server_read_it(server.port, h.client_port()) for h in held):
                assert time.monotonic() < deadline, "the server never read the saves"
                time.sleep(0.01)
            server.proc.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
            server.wait_for("Handling signal: term")
        for save in held:
            # answered: saved, though the server was stopping
            assert save.status() == 303, server.log_tail()
            tally.ack(save.note)
        assert stopped_within(server.proc, ENDS) == 0  # type: ignore[arg-type]
        assert server.wait_for_group_gone()
        assert port_is_free(server.port)
    finally:
        server.stop()
    check_every_acknowledged_hand_once(server, tally)
    assert tally.acks == 4 * 2 + 3
    assert server.integrity() == "ok"


@pytest.mark.parametrize("moment", ["at once", "after the migrations", "as a worker boots"])
def test_sigterm_during_start_ends_the_server_and_leaves_nothing_behind(tmp_path, moment):
    server = Server(tmp_path, "--workers", "2", "--graceful-timeout", str(GRACE))
    proc = server.launch()
    try:
        if moment == "after the migrations":
            server.wait_for("applied ")
        elif moment == "as a worker boots":
            server.wait_for("Booting worker")
        proc.send_signal(signal.SIGTERM)
        stopped_within(proc, ENDS)
        assert server.wait_for_group_gone(), "a process of the server outlived it"
        assert port_is_free(server.port)
    finally:
        server.stop()
    again = Server(tmp_path)  # the same database serves again, whole
    again.start()
    try:
        tally = Tally()
        saved_hands(again, tally, phones=1, hands=1)
    finally:
        again.stop()
    assert again.integrity() == "ok"


def test_sigterm_with_a_hung_worker_ends_within_the_grace_time(tmp_path):
    """A worker that answers nothing (stopped: SIGSTOP) does not hold the stop up: after the
    grace time it is killed, and the server ends; every acknowledged hand is saved."""
    server = Server(tmp_path, "--workers", "2", "--graceful-timeout", str(GRACE))
    server.start()
    try:
        tally = Tally()
        saved_hands(server, tally, phones=4, hands=2)
        hung = sorted(server.wait_for_workers(2))[0]
        os.kill(hung, signal.SIGSTOP)
        server.proc.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
        stopped_within(server.proc, ENDS)  # type: ignore[arg-type]
        assert server.wait_for_group_gone()
        assert ended(hung)  # killed, not left stopped
    finally:
        server.stop()
    check_every_acknowledged_hand_once(server, tally)
    assert tally.acks == 8


def test_a_worker_killed_with_minus_nine_is_replaced_and_no_hand_is_lost(tmp_path):
    server = Server(tmp_path, "--workers", "1")  # one: every phone waits for its replacement
    server.start()
    tally = Tally()
    scorers, hands = 12, 6
    killed: list[int] = []
    replaced: list[int] = []
    done = threading.Event()

    def killer() -> None:
        while tally.acks < scorers * hands // 3 and not done.is_set():
            time.sleep(0.005)  # paced by progress: the kill lands while hands are saved
        if done.is_set():
            return
        (worker,) = server.wait_for_workers(1)
        os.kill(worker, signal.SIGKILL)
        killed.append(worker)
        deadline = time.monotonic() + 60
        while not (server.workers() - {worker}) and time.monotonic() < deadline:
            time.sleep(0.01)
        replaced.extend(server.workers() - {worker})

    killing = threading.Thread(target=killer)
    killing.start()
    try:
        run_load(server, tally, scorers=scorers, hands=hands, pairs=2, pair_hands=3)
        done.set()
        killing.join()
        assert killed and len(replaced) == 1, (killed, replaced, server.log_tail())
        assert server.proc.poll() is None  # type: ignore[union-attr]  # the master serves on
    finally:
        done.set()
        server.stop()
    check_every_acknowledged_hand_once(server, tally)
    assert tally.acks == scorers * hands + 2 * 3
    assert server.integrity() == "ok"


def test_the_master_forks_its_workers_with_no_thread_and_no_database_open(tmp_path):
    """What a replacement worker is forked from: the master, serving, runs one thread and has
    no database file open (its hold against a restore is the `.lock` file); the workers have
    their connections and the backup scheduler's thread, started after their fork."""
    server = Server(tmp_path, "--workers", "2")
    server.start()
    try:
        tally = Tally()
        saved_hands(server, tally, phones=2, hands=1)
        master = server.proc.pid  # type: ignore[union-attr]

        def opened(pid: int) -> set[str]:
            names = set()
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    names.add(os.readlink(fd))
            return {n for n in names if n.startswith(str(server.database))}

        status = Path(f"/proc/{master}/status").read_text()
        assert "\nThreads:\t1\n" in status
        assert opened(master) == {f"{server.database}.lock"}
        assert any(str(server.database) in opened(w) for w in server.wait_for_workers(2))
    finally:
        server.stop()


def test_a_hung_worker_is_killed_and_replaced_after_the_worker_timeout(tmp_path):
    """Hung at any moment, even before it has booted (stopped as soon as it is forked)."""
    server = Server(tmp_path, "--workers", "1", "--worker-timeout", "4")
    server.start()
    try:
        (hung,) = server.wait_for_workers(1)
        os.kill(hung, signal.SIGSTOP)
        server.wait_for(f"WORKER TIMEOUT (pid:{hung})")
        deadline = time.monotonic() + 60
        while (Path(f"/proc/{hung}").exists() or not server.workers()) and (
            time.monotonic() < deadline
        ):
            time.sleep(0.01)
        assert not Path(f"/proc/{hung}").exists() and len(server.workers()) == 1
        tally = Tally()
        saved_hands(server, tally, phones=1, hands=1)  # the new worker serves
    finally:
        server.stop()


def test_workers_that_cannot_start_end_the_server_with_a_non_zero_status(tmp_path):
    """Here every worker fails as it boots (starting a thread fails after a fork): the server
    stops, saying so, with a status a service manager restarts on."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        textwrap.dedent("""
        import os, threading

        def _refuse(self):
            raise RuntimeError("no threads in this worker")

        os.register_at_fork(after_in_child=lambda: setattr(threading.Thread, "start", _refuse))
        """)
    )
    server = Server(tmp_path)
    server.env["PYTHONPATH"] = os.pathsep.join([str(site), server.env["PYTHONPATH"]])
    proc = server.launch()
    try:
        code = stopped_within(proc, 120)
    finally:
        server.stop()
    assert code != 0
    assert "Worker failed to boot" in server.log_all()
    assert server.wait_for_group_gone()


# --- both servers ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", serving.SERVERS)
def test_a_port_in_use_ends_with_a_non_zero_status_and_says_so_in_one_line(tmp_path, kind):
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "SCOREKEEPER_DATABASE": str(tmp_path / "club.sqlite"),
            "SCOREKEEPER_SECRET_KEY": "k" * 64,
        }
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper.cli", "serve", "--server", kind,
             "--port", str(port)],
            env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path,
        )  # fmt: skip
    assert done.returncode == 1
    assert f"scorekeeper: port {port} on {HOST} is in use" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "club.sqlite").exists()  # said before anything was migrated


@pytest.mark.parametrize("kind", serving.SERVERS)
def test_the_start_up_lines_are_out_while_the_server_starts_whatever_stdout_is(tmp_path, kind):
    """Standard output a pipe (as pipx's `scorekeeper` under a journal, or `> file`), Python
    left to buffer it: the migrations' line and the address are read before the server is
    stopped."""
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SCOREKEEPER_DATABASE": str(tmp_path / "club.sqlite"),
        "SCOREKEEPER_SECRET_KEY": "k" * 64,
    }
    env.pop("PYTHONUNBUFFERED", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--server", kind, "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=tmp_path,
    )  # fmt: skip
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    wanted = {"migration(s) to", f"Spades Scorekeeper on http://{HOST}:{port}/"}
    seen: list[str] = []
    try:
        while wanted:
            line = lines.get(timeout=120)  # an Empty here: the lines were held back
            seen.append(line)
            wanted = {w for w in wanted if w not in line}
        assert proc.poll() is None  # read while it serves
    finally:
        proc.terminate()
        proc.wait(ENDS)


def test_a_python_shaped_like_windows_serves_a_page_with_waitress(tmp_path):
    """No fork, and no poll or epoll in ``select``, as on Windows: plain ``scorekeeper serve``
    serves with waitress (the select() loop) and answers a page."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        textwrap.dedent("""
        import os, select

        for name in [n for n in dir(select) if n.startswith(("poll", "epoll", "POLL", "EPOLL",
                                                              "devpoll", "kqueue", "KQ"))]:
            delattr(select, name)
        del os.fork
        """)
    )
    server = Server(tmp_path)
    server.env["PYTHONPATH"] = os.pathsep.join([str(site), server.env["PYTHONPATH"]])
    server.start()
    try:
        tally = Tally()
        phone = Phone(server.port, tally)
        assert "<!doctype html>" in phone.get("/")
        saved_hands(server, tally, phones=1, hands=1)
        assert "serving with waitress" in server.log_all()
        server.proc.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
        assert stopped_within(server.proc, ENDS) == 0  # type: ignore[arg-type]
    finally:
        server.stop()
