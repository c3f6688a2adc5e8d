"""A big night on one machine (issue 25): several server processes on one database keep one
event right, ``serve --workers`` forks its workers after the migrations, and a room of 1,000
phones, each on its own connection, is answered.

Every test starts the production server (``python -m scorekeeper.cli serve``) in subprocesses
on free loopback ports, with their own database, and talks to it over HTTP as phones do. No
figure depends on timing: a request has a minute to be answered on a loaded machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode

import pytest

from scorekeeper import service
from scorekeeper.service import club_night
from tests.service.club_night.clubs import event_with

pytestmark = pytest.mark.load

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
ANSWER_SECONDS = 60.0
CSRF = re.compile(r'name="?csrf_token"? value="([^"]+)"')
VERSION = re.compile(r'name="?version"? value="(\d+)"')
SUBMISSION = re.compile(r'name="?submission"? value="?([\w-]+)')
HAND_NO = re.compile(r'name="?hand_no"? value="(\d+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(database: Path, *options: str, **env: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """``scorekeeper serve`` on this database (its output in a log beside it)."""
    port = free_port()
    environ = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SCOREKEEPER_DATABASE": str(database),
        "SCOREKEEPER_SECRET_KEY": "big-night-secret",
        **env,
    }
    log = open(database.parent / f"serve-{port}.log", "w+")  # noqa: SIM115 -- closed below
    cmd = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), *options]
    proc = subprocess.Popen(cmd, env=environ, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    try:
        deadline = time.monotonic() + ANSWER_SECONDS
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise AssertionError(f"the server did not start:\n{log.read()[-3000:]}")
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.5):
                break
            time.sleep(0.1)
        yield f"http://{HOST}:{port}", proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(ANSWER_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


class Phone:
    """A browser: its own cookies, any server's address."""

    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(self, url: str) -> str:
        with self.opener.open(url, timeout=ANSWER_SECONDS) as answer:
            return str(answer.read().decode())

    def save_hand(self, base: str, token: str) -> None:
        """A hand saved as a table's phone saves it: the tricks step, then the form."""
        bids = {f"bid-{s}": "3" for s in range(4)}
        html = self.get(f"{base}/g/{token}?" + urlencode({"step": "tricks", **bids}))
        fields = {
            "csrf_token": CSRF.findall(html)[-1],
            "version": VERSION.search(html).group(1),  # type: ignore[union-attr]
            "submission": SUBMISSION.search(html).group(1),  # type: ignore[union-attr]
            "hand_no": HAND_NO.search(html).group(1),  # type: ignore[union-attr]
            **bids, "ttricks-0": "7", "ttricks-1": "6",
        }  # fmt: skip
        request = urllib.request.Request(
            f"{base}/g/{token}/hands", data=urlencode(fields).encode(), method="POST"
        )
        with self.opener.open(request, timeout=ANSWER_SECONDS) as answer:
            assert re.search(r"Hand \d+: bids", answer.read().decode())  # the redirect's page


@pytest.fixture
def night(tmp_path: Path):
    """An event of 8 teams with round 1 seated, on a migrated database file."""
    database = tmp_path / "night.sqlite"
    db = service.connect(database)
    service.migrate(db)
    event = event_with(db, 8, max_hands=6)
    rnd = club_night.seat_next_round(db, event)
    db.close()
    return database, event, rnd


def test_a_save_through_one_server_process_is_on_the_others_pages_at_once(night):
    database, event, rnd = night
    table = rnd.tables[0].edit_token
    hold = {"SCOREKEEPER_PUBLIC_HOLD_SECONDS": "0"}  # the room's hold is a choice: not here
    with serving(database, **hold) as (one, _), serving(database, **hold) as (two, _):
        director, phone, onlooker = Phone(), Phone(), Phone()
        public, live = f"{two}/p/{event.public_token}", f"{two}/e/{event.director_token}/live"
        # Process two has read (and kept) every page before the save.
        before = json.loads(onlooker.get(public + "/version.json"))["version"]
        assert "Hand 1: bids" in phone.get(f"{two}/g/{table}")
        assert "1 hand played" not in onlooker.get(public)
        assert "1 hand played" not in director.get(live)
        assert "1 hand played" not in onlooker.get(public + "/screen")
        phone.save_hand(one, table)  # answered by process one
        assert json.loads(onlooker.get(public + "/version.json"))["version"] != before
        assert "1 hand played" in onlooker.get(public)
        assert "1 hand played" in director.get(live)
        assert "1 hand played" in onlooker.get(public + "/screen")
        assert "Hand 2: bids" in phone.get(f"{two}/g/{table}")  # its kept game, version-checked
        phone.save_hand(two, table)  # and the other way: no hand lost between the two
        assert "Hand 3: bids" in phone.get(f"{one}/g/{table}")


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            if int(stat.read_text().rpartition(")")[2].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the worker processes from /proc")
def test_serve_with_workers_migrates_once_then_forks_the_workers(tmp_path):
    database = tmp_path / "fresh.sqlite"  # not migrated yet
    with serving(database, "--workers", "2") as (base, proc):
        answers = {Phone().get(f"{base}/events/new")[:15] for _ in range(20)}
        assert answers == {"<!doctype html>"}
        workers = _children(proc.pid)
        assert len(workers) == 2
    log = (tmp_path / next(p.name for p in tmp_path.glob("serve-*.log"))).read_text()
    assert log.count("applied ") == 1 and "serving with 2 worker processes" in log
    assert log.count("backup written and checked") == 1  # once at start, by one process
    assert all(not Path(f"/proc/{w}").exists() for w in workers)  # stopped with the server


async def _thousand_phones(port: int, path: str, phones: int) -> list[int]:
    """``phones`` phones at once, each opening its own connection and sending one poll on it;
    the status of each answer. No connection is closed before every phone has its answer."""
    request = f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()
    opened: list[asyncio.StreamWriter] = []

    async def phone() -> int:
        reader, writer = await asyncio.open_connection(HOST, port)
        opened.append(writer)
        writer.write(request)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), ANSWER_SECONDS)
        return int(head.split(b" ", 2)[1])

    try:
        return list(await asyncio.gather(*(phone() for _ in range(phones))))
    finally:
        for writer in opened:
            writer.close()


def test_a_thousand_phones_each_on_its_own_connection_are_all_answered(night):
    database, event, _ = night
    with serving(database) as (base, _):
        port = int(base.rsplit(":", 1)[1])
        path = f"/p/{event.public_token}/clock.json"
        # a thread of its own: the browser tests' Playwright (sync API) keeps an event loop
        # running in the main thread for the session, where asyncio.run refuses to start
        with ThreadPoolExecutor(1) as phones:
            statuses = phones.submit(asyncio.run, _thousand_phones(port, path, 1000)).result()
    assert statuses == [200] * 1000


def test_serve_says_what_workers_and_connections_it_takes():
    from scorekeeper.cli import workers

    assert workers.refused(workers.Serving(HOST, 1, workers=0)) == "--workers: 1 to 64"
    assert workers.refused(workers.Serving(HOST, 1, connections=0)) is not None
    options = workers.Serving(HOST, 1).waitress_options()
    assert options["connection_limit"] >= 4000 and options["asyncore_use_poll"] is True


def test_what_runs_alone_starts_in_the_serving_process_after_the_workers_fork(monkeypatch):
    """The scheduled backup (``alone``) never runs in a worker: a worker ends inside
    ``_fork_worker`` (os._exit), and the serving process starts ``alone`` once every worker is
    forked, then stops it on the way out."""
    from scorekeeper.cli import workers

    happened: list[str] = []
    monkeypatch.setattr(workers, "listening_socket", lambda host, port: socket.socket())
    forks = iter(range(1000, 1100))
    monkeypatch.setattr(workers, "_fork_worker", lambda *a: happened.append("fork") or next(forks))
    monkeypatch.setattr(workers, "_supervise", lambda *a: happened.append("serve"))
    monkeypatch.setattr(workers, "_stop_all", lambda children: happened.append("stop workers"))

    def alone():
        happened.append("backups start")
        return lambda: happened.append("backups stop")

    workers.serve(object(), workers.Serving(HOST, 0, workers=3), alone=alone)
    assert happened == [
        "fork", "fork", "fork", "backups start", "serve", "stop workers", "backups stop"
    ]  # fmt: skip


def test_several_workers_without_fork_are_refused_with_what_to_do(monkeypatch, capsys):
    """Windows has no fork: --workers 2 is refused before anything starts, saying what to do."""
    from scorekeeper import cli
    from scorekeeper.cli import workers

    assert workers.refused(workers.Serving(HOST, 1, workers=2)) is None  # here (Linux)
    monkeypatch.delattr(os, "fork")
    assert cli.main(["serve", "--workers", "2"]) == 2
    said = capsys.readouterr().err
    assert "needs fork (Linux, macOS)" in said and "--workers 1" in said
