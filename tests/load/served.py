"""A club's phones against the real server (``scorekeeper serve`` in a subprocess), shared by
the load tests: the server, phones that play hands through the real forms, and the tally of
what every save was answered.

Every save answered 303 is *acknowledged*; each hand carries a note naming it, so a test can
check that every acknowledged hand is in the database exactly once. A phone whose request died
with the server sends it again, unchanged (the same submission id), as a phone would.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
PLAYERS = {f"player-{i}": name for i, name in enumerate(("Ann", "Bob", "Cy", "Di"))}
BIDS = {"bid-0": "4", "bid-1": "4", "bid-2": "3", "bid-3": "3"}  # 7 a side
CSRF = re.compile(r'name="?csrf_token"? value="([^"]+)"')
VERSION = re.compile(r'name="?version"? value="(\d+)"')
SUBMISSION = re.compile(r'name="?submission"? value="?([\w-]+)')
NEXT_HAND = re.compile(r"Hand (\d+): bids")
RETRY_FOR = 90.0  # how long a client keeps retrying a request while the server is down
CLIENT_THREADS = 16


# --- the server ------------------------------------------------------------------------------


PARENT, GROUP = 1, 2  # fields of /proc/<pid>/stat after the name (the state is field 0)


def stat_fields(stat: Path) -> list[str]:
    """The fields of a /proc/<pid>/stat file after the process's name (which may hold spaces
    and parentheses): the state first, then the parent, the process group..."""
    return stat.read_text().rsplit(")", 1)[1].split()


def living(field: int, value: int) -> set[int]:
    """The processes that have not ended (zombies left out) whose stat ``field`` is ``value``
    (Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat_fields(stat)
            if int(fields[field]) == value and fields[0] != "Z":
                found.add(int(stat.parent.name))
    return found


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    return living(PARENT, pid)


def group_alive(group: int) -> set[int]:
    """The processes of process group ``group`` that have not ended (zombies left out: Linux's
    /proc)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return set()  # not even a zombie
    return living(GROUP, group)


def ended(pid: int) -> bool:
    """Whether process ``pid`` has ended: gone, or a zombie not yet reaped (Linux's /proc)."""
    try:
        return stat_fields(Path("/proc") / str(pid) / "stat")[0] == "Z"
    except OSError:
        return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """``scorekeeper serve`` in a subprocess, in a process group of its own (the master, its
    workers, its printing processes); ``kill`` is SIGKILL to the whole group (a crash, a power
    cut, a service manager's kill), ``start`` reuses the port. ``options``: more of serve's
    options; ``env``: more settings."""

    def __init__(self, tmp: Path, *options: str, **env: str) -> None:
        self.tmp = tmp
        self.database = tmp / "club.sqlite"
        self.port = free_port()
        self.options = list(options)
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "SCOREKEEPER_DATABASE": str(self.database),
            "SCOREKEEPER_SECRET_KEY": secrets.token_hex(32),
            # a room of phones from this one address: no limit per address on what they make
            "SCOREKEEPER_RATELIMIT_ENABLED": "false",
            **env,
        }
        self.log = open(tmp / "server.log", "a+")  # noqa: SIM115 -- closed in stop()
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self.program = [sys.executable, "-m", "scorekeeper.cli"]  # the `scorekeeper` command

    def launch(self) -> subprocess.Popen:
        """Started, not waited for."""
        cmd = [*self.program, "serve", "--host", HOST, "--port", str(self.port), *self.options]
        self.proc = subprocess.Popen(
            cmd, cwd=self.tmp, env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.starts += 1
        return self.proc

    def start(self) -> None:
        proc = self.launch()
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{self.log_tail()}")
            with contextlib.suppress(OSError), socket.create_connection((HOST, self.port), 0.5):
                return
            time.sleep(0.02)

    def kill(self) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.wait_for_group_gone()

    def wait_for_group_gone(self, seconds: float = 60) -> bool:
        """Whether every process of the server's group has ended (waited for up to
        ``seconds``). An ended process its parent did not reap (a worker orphaned by the
        master's SIGKILL, left for PID 1, which here reaps only every second or so) is a
        zombie: it runs nothing and holds no file or socket, so it counts as ended."""
        assert self.proc is not None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not group_alive(self.proc.pid):
                return True
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()

    def workers(self) -> set[int]:
        """The master's child processes (gunicorn's workers), read from /proc."""
        assert self.proc is not None
        return children(self.proc.pid)

    def wait_for_workers(self, count: int, seconds: float = 60) -> set[int]:
        """The master's workers, once there are ``count`` of them (the port opens before the
        workers are forked)."""
        deadline = time.monotonic() + seconds
        while len(found := self.workers()) != count:
            if time.monotonic() > deadline:
                raise AssertionError(f"not {count} workers but {found}:\n{self.log_tail()}")
            time.sleep(0.01)
        return found

    def wait_for(self, text: str, seconds: float = 60, count: int = 1) -> None:
        """Until the server's output says ``text`` (``count`` times)."""
        deadline = time.monotonic() + seconds
        while self.log_all().count(text) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"the server never said {text!r}:\n{self.log_tail()}")
            time.sleep(0.02)

    def log_all(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return (self.tmp / "server.log").read_text(errors="replace")

    def log_tail(self) -> str:
        self.log.flush()
        return (self.tmp / "server.log").read_text(errors="replace")[-4000:]

    def integrity(self) -> str:
        with contextlib.closing(sqlite3.connect(self.database, timeout=30)) as conn:
            return conn.execute("PRAGMA integrity_check").fetchone()[0]

    def notes(self) -> Counter[str]:
        """How many times each hand's note is stored, over every game."""
        import json

        with contextlib.closing(sqlite3.connect(self.database, timeout=30)) as conn:
            rows = conn.execute("select data from games").fetchall()
        return Counter(h.get("note", "") for (data,) in rows for h in json.loads(data)["hands"])


# --- the phones ------------------------------------------------------------------------------


@dataclass
class Tally:
    """What every client saw, shared (under a lock)."""

    acknowledged: set[str] = field(default_factory=set)  # notes of hands answered 303
    statuses: Counter[int] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    retried: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def saw(self, status: int, what: str) -> None:
        with self.lock:
            self.statuses[status] += 1
            if status >= 500:
                self.problems.append(f"{status} on {what}")

    def ack(self, note: str) -> None:
        with self.lock:
            self.acknowledged.add(note)  # a double tap acknowledges its hand twice

    @property
    def acks(self) -> int:
        return len(self.acknowledged)


class Phone:
    """One browser: a keep-alive connection and a session cookie; a request that dies with the
    server is sent again, unchanged, once it is back."""

    def __init__(self, port: int, tally: Tally, cookie: str = "") -> None:
        self.port, self.tally, self.cookie = port, tally, cookie
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, fields: dict | None = None) -> tuple[int, str, str]:
        """(status, body, Location) of the request, retried while the server is down."""
        body = urlencode(fields) if fields is not None else None
        deadline = time.monotonic() + RETRY_FOR
        while True:
            headers = {"Cookie": self.cookie} if self.cookie else {}
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
                self.conn.request(method, path, body, headers)
                response = self.conn.getresponse()
                text = response.read().decode()
            except (OSError, http.client.HTTPException):
                self.close()
                if time.monotonic() > deadline:
                    raise
                with self.tally.lock:
                    self.tally.retried += 1
                time.sleep(0.02)
                continue
            for cookie in response.headers.get_all("Set-Cookie") or []:
                if cookie.startswith("session="):
                    self.cookie = cookie.split(";", 1)[0]
            self.tally.saw(response.status, f"{method} {path}")
            return response.status, text, response.headers.get("Location", "")

    def get(self, path: str) -> str:
        status, text, _ = self.request("GET", path)
        if status != 200:
            raise AssertionError(f"GET {path}: {status}: {text[:300]!r}")
        return text

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def new_game(self) -> str:
        html = self.get("/games/new")
        fields = {**PLAYERS, "csrf_token": _find(CSRF, html), "submission": _find(SUBMISSION, html)}
        status, text, location = self.request("POST", "/games/new", fields)
        if status != 303:
            raise AssertionError(f"new game: {status}: {text[:300]!r}")
        return location.rsplit("/", 1)[1].split("#")[0]

    def tricks_form(self, token: str, number: int) -> dict[str, str]:
        """The tricks step of hand ``number``, as its Save will send it (bar the tricks)."""
        query = urlencode({**BIDS, "step": "tricks", "hand_no": number})
        html = self.get(f"/g/{token}?{query}")
        if f"Hand {number}: tricks" not in html:
            raise AssertionError(f"game {token} is not at hand {number}: {html[:300]!r}")
        return {
            "csrf_token": _find(CSRF, html),
            "version": _find(VERSION, html),
            "submission": _find(SUBMISSION, html),
            "hand_no": str(number),
            **BIDS,
        }

    def save(
        self, token: str, form: dict[str, str], number: int, note: str, racing: bool = False
    ) -> int:
        made, missed = ("7", "6") if number % 2 else ("6", "7")  # scores swing; no game ends
        fields = {**form, "ttricks-0": made, "ttricks-1": missed, "note": note}
        status, text, _ = self.request("POST", f"/g/{token}/hands", fields)
        if status == 303:
            self.tally.ack(note)
        elif not (racing and status == 409):  # 409: the other phone of a pair saved first
            raise AssertionError(f"save {note}: {status}: {text[:300]!r}")
        return status


def _find(pattern: re.Pattern, html: str) -> str:
    found = pattern.search(html)
    if found is None:
        raise AssertionError(f"no {pattern.pattern} in {html[:300]!r}")
    return found.group(1)


def scorer(port: int, tally: Tally, who: int, hands: int, double_tap_every: int) -> None:
    """One phone, one game, ``hands`` hands; some saves tapped twice at once."""
    phone = Phone(port, tally)
    token = phone.new_game()
    for number in range(1, hands + 1):
        if f"Hand {number}: bids" not in phone.get(f"/g/{token}"):
            raise AssertionError(f"scorer {who}: game not at hand {number}")
        form = phone.tricks_form(token, number)
        note = f"s{who}h{number}"
        if number % double_tap_every:
            phone.save(token, form, number, note)
            continue
        twin = Phone(port, tally, phone.cookie)  # the same browser, a second connection
        with ThreadPoolExecutor(2) as both:  # both taps must be answered 303: one saved it
            taps = [both.submit(p.save, token, form, number, note) for p in (phone, twin)]
        for tap in taps:
            tap.result()
        twin.close()
    phone.close()


def racing_pair(port: int, tally: Tally, who: int, hands: int) -> None:
    """Two phones on one game saving each hand at the same moment."""
    first, second = Phone(port, tally), Phone(port, tally)
    token = first.new_game()
    ready = threading.Barrier(2, timeout=RETRY_FOR * 2)

    def play(phone: Phone, side: str) -> None:
        try:
            for _ in range(hands):
                number = int(_find(NEXT_HAND, phone.get(f"/g/{token}")))
                form = phone.tricks_form(token, number)
                ready.wait()  # both hold a form read at the same version
                phone.save(token, form, number, f"p{who}{side}h{number}", racing=True)
                ready.wait()  # both answered: the next hand
        except BaseException:
            ready.abort()  # the other phone stops waiting too
            raise

    other = threading.Thread(target=play, args=(second, "b"))
    other.start()
    try:
        play(first, "a")
    finally:
        other.join()
        first.close()
        second.close()


def run_load(
    server: Server, tally: Tally, *, scorers: int, hands: int, pairs: int, pair_hands: int
) -> None:
    errors: list[BaseException] = []

    def guarded(job: Callable[..., None], *args: object) -> None:
        try:
            job(server.port, tally, *args)
        except BaseException as e:  # noqa: BLE001 -- reported below with the server's log
            errors.append(e)

    with ThreadPoolExecutor(CLIENT_THREADS) as clients, ThreadPoolExecutor(max(pairs, 1)) as racers:
        for who in range(pairs):
            racers.submit(guarded, racing_pair, who, pair_hands)
        for who in range(scorers):
            clients.submit(guarded, scorer, who, hands, 5)
    if errors:
        raise AssertionError(
            f"{len(errors)} clients failed; first: {errors[0]!r}\n{server.log_tail()}"
        )


def check_every_acknowledged_hand_once(server: Server, tally: Tally) -> Counter[str]:
    stored = server.notes()
    twice = {note: n for note, n in stored.items() if n > 1}
    assert twice == {}, f"saved more than once: {sorted(twice)[:10]}"
    missing = sorted(note for note in tally.acknowledged if stored[note] != 1)
    assert missing == [], f"acknowledged but not stored: {missing[:10]}"
    assert tally.problems == [], tally.problems[:10]
    return stored
