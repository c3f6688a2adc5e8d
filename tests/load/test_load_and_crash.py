"""The real server under a club's load, and killed under it: no hand lost, none saved twice.

Both tests start the production server (``python -m scorekeeper.cli serve``: waitress, its
threads, migrations first) in a subprocess on a free port with its own database and secret key,
and drive it through the real forms as phones do (a session cookie each, the CSRF token, the
version and the one-time submission id read from the page):

- scorers, each with its own game, play hand after hand (page, tricks step, save); every few
  hands the Save is tapped twice at once (two connections, the same form);
- racing pairs, two phones on one game, save each hand at the same moment: one is saved, the
  other is told the sheet changed.

Every save answered 303 is *acknowledged*; each hand carries a note naming it. At the end every
acknowledged hand is in the database exactly once, no hand is there twice, and no answer was a
5xx. The crash test does the same while the server is killed (SIGKILL) ten times and restarted
on the same database, checking ``PRAGMA integrity_check`` each time; a client whose request
died retries it as a phone would, with the same form (so the same submission id): a hand whose
save was never acknowledged may or may not be there, but never twice.

Sizes are bounded so the two run in well under two minutes on two cores; the kills are paced by
progress (acknowledged hands), never by the clock.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import secrets
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import pytest

pytestmark = pytest.mark.load

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """``scorekeeper serve`` in a subprocess; ``kill`` is SIGKILL, ``start`` reuses the port."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.database = tmp / "club.sqlite"
        self.port = free_port()
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "SCOREKEEPER_DATABASE": str(self.database),
            "SCOREKEEPER_SECRET_KEY": secrets.token_hex(32),
            # a room of phones from this one address: no limit per address on what they make
            "SCOREKEEPER_RATELIMIT_ENABLED": "false",
        }
        self.log = open(tmp / "server.log", "a+")  # noqa: SIM115 -- closed in stop()
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self.program = [sys.executable, "-m", "scorekeeper.cli"]  # the `scorekeeper` command

    def start(self) -> None:
        cmd = [*self.program, "serve", "--host", HOST]
        self.proc = subprocess.Popen(
            [*cmd, "--port", str(self.port)], cwd=self.tmp, env=self.env,
            stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.starts += 1
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{self.log_tail()}")
            with contextlib.suppress(OSError), socket.create_connection((HOST, self.port), 0.5):
                return
            time.sleep(0.02)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()

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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    served = Server(tmp_path)
    served.start()
    try:
        yield served
    finally:
        served.stop()


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

    def guarded(job, *args) -> None:
        try:
            job(server.port, tally, *args)
        except BaseException as e:  # noqa: BLE001 -- reported below with the server's log
            errors.append(e)

    with ThreadPoolExecutor(CLIENT_THREADS) as clients, ThreadPoolExecutor(pairs) as racers:
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


# --- the tests -------------------------------------------------------------------------------


def test_a_club_night_of_load_loses_and_duplicates_nothing(server: Server):
    scorers, hands, pairs, pair_hands = 50, 20, 10, 10
    tally = Tally()
    run_load(server, tally, scorers=scorers, hands=hands, pairs=pairs, pair_hands=pair_hands)
    stored = check_every_acknowledged_hand_once(server, tally)
    assert tally.acks == scorers * hands + pairs * pair_hands  # each race has one winner
    assert sum(stored.values()) == tally.acks
    assert tally.statuses[409] == pairs * pair_hands  # and one told the sheet changed
    assert server.integrity() == "ok"


def test_ten_kills_under_load_lose_and_duplicate_nothing(server: Server):
    scorers, hands, pairs, pair_hands, kills = 50, 3, 10, 3, 10
    tally = Tally()
    planned = scorers * hands + pairs * pair_hands
    checks: list[str] = []
    done = threading.Event()

    def killer() -> None:
        for i in range(1, kills + 1):
            # paced by progress, not the clock: each kill lands while hands are being saved
            while tally.acks < i * planned // (kills + 2) and not done.is_set():
                time.sleep(0.005)
            if done.is_set():
                return
            server.kill()
            checks.append(server.integrity())
            server.start()

    killing = threading.Thread(target=killer)
    killing.start()
    try:
        run_load(server, tally, scorers=scorers, hands=hands, pairs=pairs, pair_hands=pair_hands)
    finally:
        done.set()
        killing.join()
    assert checks == ["ok"] * kills, (checks, server.starts)
    assert server.starts == kills + 1
    stored = check_every_acknowledged_hand_once(server, tally)
    assert tally.acks == planned  # every client went on until each of its hands was answered
    assert sum(stored.values()) == tally.acks
    assert tally.retried > 0  # the kills did cut requests off
    assert server.integrity() == "ok"
