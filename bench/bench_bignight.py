"""Benchmark a national night on one box: a room of phones at 1,000 tables, and a 40-table night.

    python bench/bench_bignight.py [--tables 1000] [--seconds 45] [--root CHECKOUT]

Builds the room issue 25 describes and serves it as production does (``scorekeeper serve`` in a
subprocess on a loopback port, migrations first; with ``--workers 2`` when the checkout's serve
has that option), then drives it from this process with asyncio clients, each phone on its own
keep-alive connection, its own cookie:

- ``--tables`` tables (2 teams each: 2,000 teams at 1,000 tables) of a Swiss event, seated by the
  console's Seat button over HTTP (timed: "seating");
- ``--clock-phones`` phones (two a team: 4,000) polling the round clock (``clock.json``) every
  15 s, as a table's page does;
- the director's console on a laptop, polling the event's version every 5 s and fetching the
  console's live part when it moved, as its script does;
- ``--viewers`` phones (300) on the public page and a projector polling its version every 5 s
  (``version.json``); when it moved, a phone fetches the page again as its script does
  (If-None-Match with the ETag it has, Accept-Encoding gzip), the projector its screen;
- tables saving a hand every 6 minutes on average (``--tables``/360 a second: 2.8 hands/s), each
  save as a phone makes it (GET the tricks step, POST the hand), and, ``--burst-at`` seconds in,
  a burst of ``--burst`` tables saving within 10 s.

The baseline, in the same run: a bare Flask + SQLite app (waitress, one process, the same
threads) serving the same addresses at the same load: ``clock.json`` and ``version.json`` one
query each, the public page a small template of the first tables and standings, the game page
and its save as bench/bench_web.py's bare app does. Its figures are a floor.

Then the same for a 40-table night (``--small-tables``): 160 phones on the clock, 80 on the
public page. Printed: for each night and server, every request kind's count, p50 and p99 (s),
errors (5xx, refused or no answer in 30 s), the public page's size on the wire (a phone's
first load, gzip when offered), the server's CPU (all its processes) a second, seating time,
and the load average (``uptime``) beside every figure: the machine is shared. Timings are
printed, never asserted (errors are counted and shown). Traffic goes only to
127.0.0.1; every loop is bounded by ``--seconds``.

``--pace 0.2`` runs every phone's timer five times faster (a smoke test's few seconds see
every kind of request); the default, 1, is the pages' own pace.

``--root`` measures another checkout (its own package and templates, this script's clients):
``git worktree add /tmp/before <commit>`` then ``--root /tmp/before``. ``--before CHECKOUT``
measures that checkout too, in the same run, each night served by this checkout, then by the
other, then by the bare app: before and after side by side, on the same machine load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import os
import random
import re
import secrets
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from flask.typing import ResponseReturnValue

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"  # loopback only
TIMEOUT = 30.0  # a request not answered in this long is an error
CSRF_RE = re.compile(r'name="?csrf_token"? value="([^"]+)"')
VERSION_RE = re.compile(r'name="?version"? value="(\d+)"')
SUBMISSION_RE = re.compile(r'name="?submission"? value="?([\w-]+)')
HAND_RE = re.compile(r"Hand (\d+): bids")
EXTRAS = {"renege": "", "renege-tricks": "3", "adjust-0": "", "adjust-1": "", "note": ""}
GOALS = {"page": 0.3, "save": 0.5, "seating": 5.0, "wire": 100 * 1024}


def load_average() -> str:
    """The machine's load average (1, 5, 15 minutes), as ``uptime`` prints it."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# --- building the event (in a subprocess on the measured checkout) ----------------------------


def build(database: str, teams: int) -> dict[str, Any]:
    """An event of ``teams`` teams with a three-hour round clock, imported as an event file
    through the service of the checkout measured (its package first on the path): one
    transaction, where registering 2,000 teams one by one takes minutes. Round 1 is seated
    later, over HTTP."""
    from scorekeeper import service

    try:
        found = importlib.import_module("scorekeeper.service.club_night")
    except ImportError:  # a checkout from before the re-lay (issue 31), as --before measures
        found = importlib.import_module("scorekeeper.service.event_files")
    import_event = found.import_event

    people = [{"id": k + 1, "name": f"Player {k} Lastname"} for k in range(2 * teams)]
    entrants = [
        {"id": i + 1, "name": f"Player {2 * i} & Player {2 * i + 1}",
         "members": [2 * i + 1, 2 * i + 2], "order": i + 1, "active": True,
         "joined_round": 1, "fixed_table": None}
        for i in range(teams)
    ]  # fmt: skip
    file = {
        "format": "spades-scorekeeper-event/1",
        "event": {
            "name": "National night", "date": "", "rules": {"preset": "standard"},
            "format": "swiss", "rounds": 5, "sides_per_table": 2, "target_score": None,
            "max_hands": None, "round_minutes": 180,
            "tiebreakers": ["point_diff", "total_points", "head_to_head", "fewest_bags"],
            "cut": None, "seed": None, "status": "open",
        },
        "people": people, "entrants": entrants, "rounds": [],
    }  # fmt: skip
    db = service.connect(database)
    service.migrate(db)
    event = import_event(db, json.dumps(file))
    db.close()
    return {"director": event.director_token, "public": event.public_token}


def bare_build(database: str, tables: int) -> dict[str, Any]:
    conn = sqlite3.connect(database, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.executescript(
        "create table games (id integer primary key, token text unique not null, "
        "data text not null, version int not null);"
        "create table event (id integer primary key, token text, version int, "
        "clock_deadline real);"
    )
    conn.execute("insert into event values (1, 'pub', 1, ?)", [time.time() + 3600])
    players = lambda k: [f"Player {4 * k + j}" for j in range(4)]  # noqa: E731
    conn.executemany(
        "insert into games (token, data, version) values (?, ?, 1)",
        [(f"t{k}", json.dumps({"players": players(k), "hands": []})) for k in range(tables)],
    )
    conn.close()
    return {"director": "", "public": "pub", "tables": [f"t{k}" for k in range(tables)]}


# --- the baseline: a bare Flask + SQLite app serving the same addresses ------------------------

BARE_PUBLIC = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Night</title></head><body><h1>National night</h1><p>Time left {{ left }}</p>
<ol>{% for t in tables %}<li>Table {{ loop.index }}: {{ t.players|join(", ") }}:
{{ t.hands|length }} hands</li>{% endfor %}</ol></body></html>"""


def bare_app(database: str, secret_key: str) -> Any:
    """bench_web's bare game app, with the event's polls and a public page beside it."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_web
    from flask import g, jsonify, render_template_string

    app = bench_web.bare_app(database, secret_key)

    @app.get("/p/<token>/clock.json")
    def clock(token: str) -> ResponseReturnValue:
        row = g.db.execute("select clock_deadline from event where token = ?", [token]).fetchone()
        return jsonify(round=1, left=int(row[0] - time.time()), paused=False)

    @app.get("/p/<token>/version.json")
    def version(token: str) -> ResponseReturnValue:
        row = g.db.execute(
            "select e.version + (select sum(version) from games) from event e where token = ?",
            [token],
        ).fetchone()
        return jsonify(version=str(row[0]))

    @app.get("/p/<token>")
    def public(token: str) -> ResponseReturnValue:
        rows = g.db.execute("select data from games order by id limit 50").fetchall()
        return render_template_string(
            BARE_PUBLIC, left="45:00", tables=[json.loads(r[0]) for r in rows]
        )

    @app.before_request
    def connect() -> None:
        import sqlite3 as sq

        if "db" not in g:
            g.db = sq.connect(database, timeout=10, isolation_level=None)
            for pragma in ("busy_timeout = 10000", "foreign_keys = ON", "synchronous = FULL"):
                g.db.execute(f"PRAGMA {pragma}")

    return app


def serve_bare(database: str, port: int, threads: int) -> None:
    import waitress

    app = bare_app(database, os.environ["SCOREKEEPER_SECRET_KEY"])
    waitress.serve(
        app, host=HOST, port=port, threads=threads, ident="bare", connection_limit=10_000,
        asyncore_use_poll=True,
    )  # fmt: skip


# --- servers ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def serve_options(root: Path, workers: int) -> list[str]:
    """The options the measured checkout's ``serve`` takes for a big night, if it has them."""
    helped = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--help"],
        cwd=root, env=_env(root), capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    options = []
    if "--workers" in helped:
        options += ["--workers", str(workers)]
    return options


def _env(root: Path, **more: str) -> dict[str, str]:
    path = [str(root), *filter(None, [os.environ.get("PYTHONPATH")])]
    # every phone from this one address: no limit per address on what they make
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path),
            "SCOREKEEPER_RATELIMIT_ENABLED": "false", **more}  # fmt: skip


@dataclass
class Server:
    kind: str
    pid: int
    port: int
    tokens: dict[str, Any]
    command: str


@contextlib.contextmanager
def server(kind: str, root: Path, teams: int, threads: int, tmp: str, workers: int = 2) -> Any:
    """Build the night's database and start its server: the app (``scorekeeper serve``, the
    measured checkout) or the bare app."""
    port = free_port()
    database = str(Path(tmp) / f"{kind}-{teams}.sqlite")
    secret = secrets.token_hex(32)
    env = _env(root, SCOREKEEPER_DATABASE=database, SCOREKEEPER_SECRET_KEY=secret)
    maker = "--build" if kind == "app" else "--build-bare"
    made = subprocess.run(
        [sys.executable, __file__, maker, database, str(teams)],
        cwd=root, env=env, capture_output=True, text=True,
    )  # fmt: skip
    if made.returncode:
        raise SystemExit(f"building the {kind} night failed:\n{made.stderr[-3000:]}")
    tokens = json.loads(made.stdout.strip().splitlines()[-1])
    opts = ["--port", str(port), "--threads", str(threads)]
    if kind == "app":
        cmd = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, *opts]
        cmd += serve_options(root, workers)
    else:
        cmd = [sys.executable, __file__, "--serve-bare", database, *opts]
    with open(Path(tmp) / f"{kind}-{teams}.log", "w+") as log:
        proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while True:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    raise SystemExit(f"{kind} server did not start:\n{log.read()[-3000:]}")
                with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.2):
                    break
                time.sleep(0.1)
            shown = " ".join(c for c in cmd[2:] if c not in (database,))
            yield Server(kind, proc.pid, port, tokens, shown)
        finally:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def tree_cpu(pid: int) -> float:
    """User + system CPU so far of a process and its children (the workers), in seconds."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            head, _, rest = stat.read_text().rpartition(")")
            fields = rest.split()
            if int(stat.parent.name) == pid or int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) / tick
    return total


# --- the phones ------------------------------------------------------------------------------


class Failed(Exception):
    pass


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    wire: int  # bytes received, headers included


class Conn:
    """One phone's keep-alive connection and cookie (HTTP/1.1, Content-Length or chunked)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookie = ""

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
        self.reader = self.writer = None

    async def request(
        self, method: str, path: str, fields: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:  # fmt: skip
        reused = self.writer is not None
        try:
            async with asyncio.timeout(TIMEOUT):  # no task a request, as wait_for makes
                try:
                    return await self._request(method, path, fields, headers)
                except (OSError, asyncio.IncompleteReadError):
                    if not reused:
                        raise
                    # The server closed the idle connection: a browser sends again on a new one.
                    await self.close()
                    return await self._request(method, path, fields, headers)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as e:
            await self.close()
            raise Failed(f"{method} {path}: {type(e).__name__}") from e

    async def _request(
        self, method: str, path: str, fields: dict[str, str] | None,
        headers: dict[str, str] | None,
    ) -> Answer:  # fmt: skip
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None
        body = urlencode(fields).encode() if fields is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        if self.cookie:
            lines.append(f"Cookie: {self.cookie}")
        if fields is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded"]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        wire = len(head)
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        got: dict[str, str] = {}
        for line in header_lines:
            if ":" in line:
                k, v = line.split(":", 1)
                k = k.strip().lower()
                if k == "set-cookie" and v.strip().startswith("session="):
                    self.cookie = v.strip().split(";", 1)[0]
                got[k] = v.strip()
        if got.get("transfer-encoding") == "chunked":
            data = b""
            while True:
                size_line = await self.reader.readuntil(b"\r\n")
                size = int(size_line.strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                wire += len(size_line) + len(chunk)
                if size == 0:
                    break
                data += chunk[:-2]
        elif status in (204, 304) or method == "HEAD":
            data = b""
        else:
            data = await self.reader.readexactly(int(got.get("content-length", "0")))
            wire += len(data)
        if got.get("connection", "").lower() == "close":
            await self.close()
        return Answer(status, got, data, wire)


@dataclass
class Room:
    """What a night's phones saw: each request kind's latencies, errors, bytes."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    wire: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    samples: list[str] = field(default_factory=list)
    client_cpu: float = 0.0  # cores this process (the phones) used while the room ran

    async def timed(
        self, kind: str, conn: Conn, method: str, path: str, ok: tuple[int, ...] = (200,),
        **kw: Any,
    ) -> Answer | None:  # fmt: skip
        t0 = time.perf_counter()
        try:
            answer = await conn.request(method, path, **kw)
        except Failed as e:
            self.errors[kind] += 1
            if len(self.samples) < 5:
                self.samples.append(str(e))
            return None
        self.latencies[kind].append(time.perf_counter() - t0)
        if answer.status not in ok:
            self.errors[kind] += 1
            if len(self.samples) < 5:
                self.samples.append(f"{method} {path}: {answer.status} {answer.body[:200]!r}")
            return None
        return answer


async def at_times(start: float, first: float, every: float, end: float) -> AsyncIterator[None]:
    """Sleep until each of start+first, +every, ... before ``end`` (a bounded schedule)."""
    t = start + first
    while t < end:
        await asyncio.sleep(max(0.0, t - time.monotonic()))
        yield
        t += every


async def clock_phone(
    room: Room, port: int, public: str, start: float, end: float, pace: float = 1.0
) -> None:
    conn = Conn(port)
    async for _ in at_times(start, random.uniform(0, 15 * pace), 15.0 * pace, end):
        await room.timed("clock.json", conn, "GET", f"/p/{public}/clock.json")
    await conn.close()


async def version_moves(
    room: Room, conn: Conn, public: str, end: float, pace: float
) -> AsyncIterator[None]:
    """Poll the event's version every 5 s (as static/live.js does) until ``end``: once each
    time it moved since the last poll answered."""
    seen = None
    async for _ in at_times(time.monotonic(), 5.0 * pace, 5.0 * pace, end):
        polled = await room.timed("version.json", conn, "GET", f"/p/{public}/version.json")
        if polled is None:
            continue
        version = json.loads(polled.body)["version"]
        if seen is not None and version != seen:
            yield
        seen = version


async def viewer(
    room: Room, port: int, public: str, start: float, end: float, *, screen: bool,
    pace: float = 1.0,
) -> None:  # fmt: skip
    """A phone on the public page (or the projector): loads it, polls the version every 5 s,
    fetches the page again (with its ETag) when the version moved."""
    conn = Conn(port)
    page = f"/p/{public}/screen" if screen else f"/p/{public}"
    kind = "projector" if screen else "public page"
    gzip = {"Accept-Encoding": "gzip, deflate"}
    await asyncio.sleep(random.uniform(0, 5 * pace))
    first = await room.timed(kind + " (load)", conn, "GET", page, headers=gzip)
    if first is None:
        await conn.close()
        return
    room.wire[kind].append(first.wire)
    etag = first.headers.get("etag", "")
    async for _ in version_moves(room, conn, public, end, pace):
        headers = {**gzip, **({"If-None-Match": etag} if etag else {})}
        again = await room.timed(
            kind + " (update)", conn, "GET", page, ok=(200, 304), headers=headers
        )
        if again is not None:
            room.wire[kind + " (update)"].append(again.wire)
            etag = again.headers.get("etag", etag)
    await conn.close()


async def console(
    room: Room, port: int, director: str, public: str, start: float, end: float,
    pace: float = 1.0,
) -> None:  # fmt: skip
    """The director's laptop on the console: loads it, polls the event's version every 5 s (as
    static/live.js does), fetches the console's live part (gzip) when the version moved."""
    conn = Conn(port)
    page = f"/e/{director}"
    gzip = {"Accept-Encoding": "gzip, deflate"}
    await asyncio.sleep(random.uniform(0, 5 * pace))
    if await room.timed("console (load)", conn, "GET", page, headers=gzip) is None:
        await conn.close()
        return
    async for _ in version_moves(room, conn, public, end, pace):
        await room.timed("console (update)", conn, "GET", f"{page}/live", headers=gzip)
    await conn.close()


class Tables:
    """The tables' phones: one connection and session each, saving one hand at a time."""

    def __init__(self, port: int, tokens: list[str]) -> None:
        self.port = port
        self.tokens = tokens
        self.conns: dict[str, Conn] = {}
        self.busy: set[str] = set()

    async def save(self, room: Room, token: str, kind: str) -> None:
        if token in self.busy:
            return
        self.busy.add(token)
        conn = self.conns.setdefault(token, Conn(self.port))
        try:
            page = await room.timed("game page", conn, "GET", f"/g/{token}")
            if page is None:
                return
            found = HAND_RE.search(page.body.decode())
            number = found.group(1) if found else "1"
            bids = {f"bid-{s}": "3" for s in range(4)}
            query = urlencode({"step": "tricks", "hand_no": number, **bids})
            step = await room.timed("game page", conn, "GET", f"/g/{token}?{query}")
            if step is None:
                return
            html = step.body.decode()
            csrf, version = CSRF_RE.search(html), VERSION_RE.search(html)
            if csrf is None or version is None:
                room.errors[kind] += 1
                return
            submission = SUBMISSION_RE.search(html)
            took = random.choice(("6", "7"))
            fields = {
                "csrf_token": csrf.group(1), "version": version.group(1),
                **({"submission": submission.group(1)} if submission else {}),
                "hand_no": number, **bids, "ttricks-0": took,
                "ttricks-1": str(13 - int(took)), **EXTRAS,
            }  # fmt: skip
            await room.timed(kind, conn, "POST", f"/g/{token}/hands", ok=(303,), fields=fields)
        finally:
            self.busy.discard(token)


async def saves(room: Room, tables: Tables, rate: float, start: float, end: float) -> None:
    """Hands saved at ``rate`` a second (a Poisson stream), each at a random table."""
    pending = set()
    t = start
    while True:
        t += random.expovariate(rate)
        if t >= end:
            break
        await asyncio.sleep(max(0.0, t - time.monotonic()))
        task = asyncio.create_task(tables.save(room, random.choice(tables.tokens), "save"))
        pending.add(task)
        task.add_done_callback(pending.discard)
    if pending:
        await asyncio.wait(pending)


async def burst(room: Room, tables: Tables, count: int, at: float, pace: float = 1.0) -> None:
    """``count`` different tables saving within 10 s (times ``pace``)."""
    chosen = random.sample(tables.tokens, min(count, len(tables.tokens)))
    offsets = sorted(random.uniform(0, 10 * pace) for _ in chosen)

    async def one(token: str, offset: float) -> None:
        await asyncio.sleep(max(0.0, at + offset - time.monotonic()))
        await tables.save(room, token, "save (burst)")

    await asyncio.gather(*(one(t, o) for t, o in zip(chosen, offsets, strict=True)))


async def seat(port: int, director: str) -> float:
    """Round 1 seated by the console's Seat button: the seconds the POST took."""
    conn = Conn(port)
    page = await conn.request("GET", f"/e/{director}")
    html = page.body.decode()
    csrf, version = CSRF_RE.search(html), VERSION_RE.search(html)
    if csrf is None or version is None:
        raise RuntimeError(f"the console's Seat form is not on its page: {html[:300]!r}")
    fields = {"csrf_token": csrf.group(1), "version": version.group(1)}
    fields["round"] = "1"
    t0 = time.perf_counter()
    answer = await conn.request("POST", f"/e/{director}/rounds", fields=fields)
    took = time.perf_counter() - t0
    await conn.close()
    if answer.status != 303:
        raise SystemExit(f"seating answered {answer.status}: {answer.body[:300]!r}")
    return took


@dataclass
class Night:
    tables: int
    clock_phones: int
    viewers: int
    seconds: float
    burst: int
    burst_at: float
    pace: float = 1.0  # the phones' timers (polls, spreads, the burst's 10 s) times this


async def run_room(
    srv: Server, night: Night, database_tables: list[str]
) -> tuple[Room, float, float]:
    room = Room()
    tables = Tables(srv.port, database_tables)
    start = time.monotonic() + 1.0
    end = start + night.seconds
    public = srv.tokens["public"]
    cpu0, mine0 = tree_cpu(srv.pid), time.process_time()
    pace = night.pace
    jobs = [
        clock_phone(room, srv.port, public, start, end, pace) for _ in range(night.clock_phones)
    ]
    jobs += [
        viewer(room, srv.port, public, start, end, screen=False, pace=pace)
        for _ in range(night.viewers)
    ]
    jobs.append(viewer(room, srv.port, public, start, end, screen=True, pace=pace))
    if srv.tokens.get("director"):  # the app (the bare app has no console)
        jobs.append(console(room, srv.port, srv.tokens["director"], public, start, end, pace))
    jobs.append(saves(room, tables, night.tables / 360.0, start, end))
    if night.burst:
        jobs.append(burst(room, tables, night.burst, start + night.burst_at, pace))
    t0 = time.monotonic()
    await asyncio.gather(*jobs)
    wall = time.monotonic() - t0
    cpu = (tree_cpu(srv.pid) - cpu0) / wall
    room.client_cpu = (time.process_time() - mine0) / wall
    for conn in tables.conns.values():
        await conn.close()
    return room, cpu, wall


def edit_tokens(database: str) -> list[str]:
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "select g.edit_token from event_tables t join games g on g.id = t.game_id order by t.id"
        ).fetchall()
    finally:
        conn.close()
    return [r[0] for r in rows]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Figures:
    label: str
    room: Room
    cpu: float
    wall: float
    seating: float | None
    load: str
    command: str


def measure(
    kind: str, root: Path, night: Night, threads: int, tmp: str, workers: int = 2
) -> Figures:
    teams = 2 * night.tables
    with server(kind, root, teams, threads, tmp, workers) as srv:
        seating = None
        if kind == "app":
            seating = asyncio.run(seat(srv.port, srv.tokens["director"]))
            tokens = edit_tokens(str(Path(tmp) / f"app-{teams}.sqlite"))
        else:
            tokens = srv.tokens["tables"]
        room, cpu, wall = asyncio.run(run_room(srv, night, tokens))
        return Figures(kind, room, cpu, wall, seating, load_average(), srv.command)


def report(title: str, app: Figures, bare: Figures) -> list[str]:
    lines = [f"\n== {title} ==", f"app:  {app.command}", f"bare: {bare.command}"]
    kinds = sorted(set(app.room.latencies) | set(app.room.errors))
    lines.append(f"{'request':<24}{'n':>7}{'p50 s':>9}{'p99 s':>9}{'err':>6}   bare p99   ratio")
    worst_page = worst_save = 0.0
    errors = 0
    for k in kinds:
        got = app.room.latencies.get(k, [])
        floor = bare.room.latencies.get(k, [])
        p99, b99 = pct(got, 0.99), pct(floor, 0.99)
        err = app.room.errors.get(k, 0)
        errors += err
        if k.startswith("save"):
            worst_save = max(worst_save, p99)
        else:
            worst_page = max(worst_page, p99)
        ratio = f"{p99 / b99:7.1f}x" if floor and b99 > 0 else "      -"
        bare_text = f"{b99:9.3f}" if floor else "        -"
        lines.append(
            f"{k:<24}{len(got):>7}{pct(got, 0.5):>9.3f}{p99:>9.3f}{err:>6}  {bare_text}  {ratio}"
        )
    sizes = app.room.wire.get("public page", [])
    wire = max(sizes) if sizes else 0
    lines.append(f"server CPU: app {app.cpu:.2f} cores, bare {bare.cpu:.2f} cores")
    answered = sum(len(v) for v in app.room.latencies.values())
    bare_answered = sum(len(v) for v in bare.room.latencies.values())
    per = app.cpu * app.wall / answered * 1000 if answered else float("nan")
    bare_per = bare.cpu * bare.wall / bare_answered * 1000 if bare_answered else float("nan")
    lines.append(
        f"server CPU an answered request: app {per:.2f} ms, bare {bare_per:.2f} ms "
        "(what a loaded machine disturbs least)"
    )
    lines.append(
        f"the phones' own CPU (this process): {app.room.client_cpu:.2f} cores beside the app, "
        f"{bare.room.client_cpu:.2f} beside the bare app (near 1.0: the phones, not the "
        "server, set the pace)"
    )
    if app.seating is not None:
        lines.append(f"seating round 1: {app.seating:.2f} s")
    lines.append(f"public page on the wire (first load): {wire / 1024:.1f} KB")
    lines.append(f"load average during: app {app.load}, bare {bare.load}")
    lines.append(
        "goals: page/poll p99 <= 0.3 s: {} ({:.3f}); saves p99 <= 0.5 s: {} ({:.3f}); "
        "seating <= 5 s: {}; no errors: {} ({}); page <= 100 KB: {}".format(
            "met" if worst_page <= GOALS["page"] else "NOT met",
            worst_page,
            "met" if worst_save <= GOALS["save"] else "NOT met",
            worst_save,
            "met" if (app.seating or 0) <= GOALS["seating"] else "NOT met",
            "met" if errors == 0 else "NOT met",
            errors,
            "met" if wire <= GOALS["wire"] else "NOT met",
        )  # fmt: skip
    )
    if app.room.samples:
        lines.append("first errors: " + "; ".join(app.room.samples))
    return lines


def whole(low: int) -> Any:
    """An argparse type: a whole number of at least ``low``, else a one-line refusal."""

    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if number < low:
            raise argparse.ArgumentTypeError(f"{number} is too few: at least {low}")
        return number

    return read


def seconds(low: float, *, zero: bool = False) -> Any:
    """An argparse type: seconds, more than ``low`` (or equal to it when ``zero``)."""

    def read(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not (number > low or (zero and number == low)):
            raise argparse.ArgumentTypeError(
                f"{text} seconds: {'at least' if zero else 'more than'} {low:g}"
            )
        return number

    return read


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The options, each number in its range (argparse says what is wrong in one line and exits
    2). ``--small-tables 0`` is the same as ``--skip-small``: no 40-table night (it had crashed:
    a night of no tables saves no hands, at a rate of 0 a second)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument(
        "--before", type=Path, default=None, help="a checkout measured too, in the same run"
    )
    parser.add_argument("--tables", type=whole(1), default=1000)
    parser.add_argument("--clock-phones", type=whole(0), default=4000)
    parser.add_argument("--viewers", type=whole(0), default=300)
    parser.add_argument("--seconds", type=seconds(0), default=45.0)
    parser.add_argument("--burst", type=whole(0), default=200)
    parser.add_argument("--burst-at", type=seconds(0, zero=True), default=20.0)
    parser.add_argument(
        "--small-tables",
        type=whole(0),
        default=40,
        help="the small night's tables (default %(default)s; 0: no small night, as --skip-small)",
    )
    parser.add_argument("--small-seconds", type=seconds(0), default=30.0)
    parser.add_argument("--threads", type=whole(1), default=8)
    parser.add_argument(
        "--workers",
        type=whole(1),
        default=2,
        help="the app's worker processes, when its serve has --workers (default %(default)s)",
    )
    parser.add_argument("--skip-small", action="store_true", help="no small night")
    parser.add_argument(
        "--pace",
        type=seconds(0),
        default=1.0,
        help="the phones' timers times this: the clock's 15 s poll, the version's 5 s poll, "
        "the first loads' 5 s spread, the burst's 10 s (default %(default)s, as the pages do; "
        "less: a smoke test that sees every kind of request in a few seconds)",
    )
    args = parser.parse_args(argv)
    if args.small_tables == 0:
        args.skip_small = True
    return args


NO_SMALL_NIGHT = "no small night (--skip-small or --small-tables 0)"


def main() -> None:
    args = parse_args()
    random.seed(25)
    root = args.root.resolve()
    print(f"measuring {root} (load average at start: {load_average()})", flush=True)
    lines = []
    with tempfile.TemporaryDirectory(prefix="bench-bignight-") as tmp:
        nights = [
            ("the big night", Night(args.tables, args.clock_phones, args.viewers, args.seconds,
                                    args.burst, args.burst_at, args.pace)),
        ]  # fmt: skip
        if args.skip_small:
            print(NO_SMALL_NIGHT, flush=True)
        else:
            small = args.small_tables
            nights.append(
                (f"the {small}-table night",
                 Night(small, 4 * small, 2 * small, args.small_seconds, 0, 0, args.pace))
            )  # fmt: skip
        for title, night in nights:
            name = f"{title}: {night.tables} tables, {night.clock_phones} phones on the clock, "
            name += f"{night.viewers} on the public page, {night.tables / 360:.2f} hands/s"
            if night.burst:
                name += f", a burst of {night.burst} saves in {10 * night.pace:g} s"
            print(f"{name} ...", flush=True)
            app = measure("app", root, night, args.threads, tmp, args.workers)
            before = None
            if args.before is not None:
                other = Path(tmp) / "before"
                other.mkdir(exist_ok=True)
                before_root = args.before.resolve()
                before = measure("app", before_root, night, args.threads, str(other), args.workers)
            bare = measure("bare", root, night, args.threads, tmp)
            said = report(name, app, bare)
            if before is not None:
                said += report(f"{name} -- BEFORE ({args.before})", before, bare)
            print("\n".join(said), flush=True)
            lines += said
    if args.skip_small:
        lines.append(NO_SMALL_NIGHT)
    print("\n".join(["", "===== summary =====", f"checkout: {root}", *lines]))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--serve-bare":
        database, _, port, _, threads = sys.argv[2:7]
        serve_bare(database, int(port), int(threads))
    elif len(sys.argv) > 1 and sys.argv[1] == "--build":
        print(json.dumps(build(sys.argv[2], int(sys.argv[3]))))
    elif len(sys.argv) > 1 and sys.argv[1] == "--build-bare":
        print(json.dumps(bare_build(sys.argv[2], int(sys.argv[3]) // 2)))
    else:
        main()
