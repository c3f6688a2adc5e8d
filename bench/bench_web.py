"""Benchmark the web app's hand cycle as served, against a bare Flask + SQLite baseline.

    python bench/bench_web.py [--clients 16] [--hands 20] [--threads 8] [--solo-games 4]
                              [--before CHECKOUT]

A phone scoring a hand makes three requests, one "hand cycle": GET the game page (the bid
pads), GET the tricks step (the bids and the hand's number travel in the query string) and POST
the hand (its CSRF token, the version the form was read at and its one-time submission id; a 303
redirect on success, whose page is the next cycle's first request). This runs the real app as
production does (``scorekeeper serve``: gunicorn's threaded worker, ``--threads``, migrations
first; its CPU counted over the master and its workers) in a
subprocess on a free loopback port with a fresh
temporary database, and drives it from this process with http.client clients (one thread each,
keep-alive, its own session cookie; the CSRF token read from the page like a browser).

The baseline, measured in the same run, is a bare Flask + SQLite app written below: the game row
holds a JSON document; GET renders a small Jinja template with the hands as a table and a form;
the tricks step renders a form; the POST reads the row, appends the hand, ``BEGIN IMMEDIATE``,
updates with a version check and commits, then redirects. It is served by waitress (the same
threads, its own subprocess), opens a connection per request with the app's pragmas (WAL,
synchronous FULL, busy timeout, foreign keys), keeps Flask's default signed session cookie and
checks a CSRF token kept in it. Its figures are a floor: what any Flask + SQLite app pays.

Each of ``--clients`` clients starts its own game of four (standard rules: individual bids
``bid-<seat>``, team tricks ``ttricks-<side>``), plays one untimed warm-up hand, then ``--hands``
hands; the sides take turns making and missing 7 so the scores swing between -70 and +70 and the
game never ends. A single client plays the same hands in ``--solo-games`` games in turn (several
games so the server's CPU, counted in clock ticks, is read over enough work). Both servers run
side by side and each phase (1 client, then ``--clients``) runs on the bare app then on the app,
so a change in the machine's load falls on both sides of a ratio alike; the whole is repeated
``--repeat`` times (fresh games each time) and the figures are over all repeats together (this
machine is shared: one repeat's CPU figure can move by a fifth), each repeat's CPU figure shown
beside them. The cost of a cycle grows
with the game's length (the page shows every hand): compare runs of the same ``--hands``. Printed
per server: hand cycles per second, p50/p99 latency of a full cycle, and the server process's CPU
(utime + stime from /proc/<pid>/stat around the timed phase) per cycle; then app/bare ratios
beside the goals: app CPU <= 10 ms per cycle, app throughput at 16 clients >= 0.5 x bare, app p99
<= 2 x bare p99. Every phase stops by itself (``--max-seconds``). Timings are printed, never
asserted (tests must not depend on them); a request that fails makes the run exit non-zero.

``--before CHECKOUT`` serves another checkout's app as well (``git archive <commit> | tar -x -C
DIR``, then ``--before DIR``), in the same run: each phase runs on the bare app, this checkout's
and that one's in turn, so before and after fall on the same machine load; its report follows,
then this checkout's figures as ratios to it.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

if TYPE_CHECKING:
    from flask.typing import ResponseReturnValue

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"  # loopback only
PLAYERS = ("Ann", "Bob", "Cy", "Di")
BIDS = {"bid-0": "4", "bid-1": "4", "bid-2": "3", "bid-3": "3"}  # 7 a side
# A browser posts every field of the tricks form, the empty extras included.
EXTRAS = {"renege": "", "renege-tricks": "3", "adjust-0": "", "adjust-1": "", "note": ""}
GOAL_CPU_MS = 10.0
GOAL_THROUGHPUT = 0.5  # app cycles/s at least this times bare's, at --clients
GOAL_P99 = 2.0  # app p99 at most this times bare's, at --clients
CSRF_RE = re.compile(r'name="?csrf_token"? value="([^"]+)"')
VERSION_RE = re.compile(r'name="?version"? value="(\d+)"')
SUBMISSION_RE = re.compile(r'name="?submission"? value="?([\w-]+)')


def found(field: re.Pattern[str], html: str) -> str:
    """A form field's value on a page (an error naming the page when it is not there)."""
    match = field.search(html)
    if match is None:
        raise RuntimeError(f"no {field.pattern!r} on the page: {html[:300]!r}")
    return match.group(1)


# --- the baseline: a bare Flask + SQLite app doing the same three requests --------------------

BARE_TEMPLATES = {
    "new.html": """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>New game</title></head><body><form method="post">
<input type=hidden name=csrf_token value="{{ csrf }}">
{% for i in range(4) %}<input name="player-{{ i }}">{% endfor %}<button>Start</button></form>""",
    "game.html": """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{{ g.players|join(", ") }}</title></head><body><h1>{{ g.players|join(", ") }}</h1>
{%- macro pad(name) %}<fieldset>{% for v in range(14) -%}
<label><input type=radio name={{ name }} value="{{ v }}">{{ v }}</label>
{%- endfor %}</fieldset>{% endmacro %}
<table><tr><th>#</th>{% for p in g.players %}<th>{{ p }}</th>{% endfor %}<th>Tricks</th></tr>
{% for h in g.hands %}<tr><td>{{ loop.index }}</td>{% for b in h.bids %}<td>{{ b }}</td>
{%- endfor %}<td>{{ h.tricks|join(" / ") }}</td></tr>{% endfor %}</table>
{% if tricks %}<form method="post" action="/g/{{ token }}/hands"><h2>Hand {{ n }}: tricks</h2>
<input type=hidden name=csrf_token value="{{ csrf }}">
<input type=hidden name=version value="{{ version }}">
{% for k, v in bids %}<input type=hidden name={{ k }} value="{{ v }}">{% endfor %}
{% for j in range(2) %}{{ pad("ttricks-%d" % j) }}{% endfor %}
{% else %}<form method="get" action="/g/{{ token }}"><h2>Hand {{ n }}: bids</h2>
<input type=hidden name=step value=tricks>
{% for s in range(4) %}{{ pad("bid-%d" % s) }}{% endfor %}
{% endif %}<button type="submit">Next</button></form></body></html>""",
}


def bare_app(database: str, secret_key: str) -> Any:
    import hmac
    import sqlite3

    from flask import Flask, abort, g, redirect, render_template, request, session
    from jinja2 import DictLoader

    app = Flask("bare")
    app.config.update(SECRET_KEY=secret_key, SESSION_COOKIE_HTTPONLY=True)
    app.jinja_loader = DictLoader(BARE_TEMPLATES)

    def db() -> sqlite3.Connection:
        if "db" not in g:
            g.db = sqlite3.connect(database, timeout=10, isolation_level=None)
            for pragma in ("busy_timeout = 10000", "foreign_keys = ON", "synchronous = FULL"):
                g.db.execute(f"PRAGMA {pragma}")
        return g.db

    @app.teardown_appcontext
    def close(_e: BaseException | None) -> None:
        conn = g.pop("db", None)
        if conn is not None:
            conn.close()

    def csrf() -> str:
        if "csrf" not in session:
            session["csrf"] = secrets.token_hex(20)
        return session["csrf"]

    @app.before_request
    def check_csrf() -> None:
        sent = request.form.get("csrf_token", "") if request.method == "POST" else None
        if sent is not None and not hmac.compare_digest(sent, session.get("csrf", "-")):
            abort(400)

    def load(token: str) -> tuple[int, dict, int]:
        row = db().execute("select id, data, version from games where token = ?", [token])
        row = row.fetchone() or abort(404)
        return row[0], json.loads(row[1]), row[2]

    @app.route("/games/new", methods=["GET", "POST"])
    def new() -> ResponseReturnValue:
        if request.method == "GET":
            return render_template("new.html", csrf=csrf())
        players = [request.form[f"player-{i}"] for i in range(4)]
        token = secrets.token_urlsafe(24)
        data = json.dumps({"players": players, "hands": []})
        db().execute("insert into games (token, data, version) values (?, ?, 1)", [token, data])
        return redirect(f"/g/{token}", 303)

    @app.get("/g/<token>")
    def show(token: str) -> ResponseReturnValue:
        _id, data, version = load(token)
        session["games"] = [token, *(t for t in session.get("games", []) if t != token)][:50]
        session.permanent = True
        bids = [(k, v) for k, v in request.args.items() if k.startswith("bid-")]
        tricks = request.args.get("step") == "tricks" and len(bids) == 4
        return render_template(
            "game.html",
            g=data,
            token=token,
            version=version,
            csrf=csrf(),
            n=len(data["hands"]) + 1,
            tricks=tricks,
            bids=bids,
        )

    @app.post("/g/<token>/hands")
    def add(token: str) -> ResponseReturnValue:
        game_id, data, version = load(token)
        if request.form.get("version", -1, type=int) != version:
            return "stale", 409
        f = request.form
        data["hands"].append(
            {
                "bids": [int(f[f"bid-{s}"]) for s in range(4)],
                "tricks": [int(f[f"ttricks-{j}"]) for j in range(2)],
            }
        )
        conn = db()
        conn.execute("BEGIN IMMEDIATE")
        cur = conn.execute(
            "update games set data = ?, version = ? where id = ? and version = ?",
            [json.dumps(data), version + 1, game_id, version],
        )
        conn.execute("COMMIT" if cur.rowcount == 1 else "ROLLBACK")
        return redirect(f"/g/{token}", 303) if cur.rowcount == 1 else ("stale", 409)

    return app


def serve_bare(database: str, port: int, threads: int) -> None:
    import sqlite3

    import waitress

    conn = sqlite3.connect(database, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(
        "create table if not exists games (id integer primary key, token text unique "
        "not null, data text not null, version int not null)"
    )
    conn.close()
    app = bare_app(database, os.environ["SCOREKEEPER_SECRET_KEY"])
    waitress.serve(app, host=HOST, port=port, threads=threads, ident="bare")


# --- servers ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def server(kind: str, threads: int, root: Path = ROOT) -> Any:
    """Start the app (``scorekeeper serve`` of the checkout ``root``) or the bare app in a
    subprocess: (pid, port)."""
    with tempfile.TemporaryDirectory(prefix=f"bench-web-{kind}-") as tmp:
        port = free_port()
        database = str(Path(tmp) / "bench.sqlite")
        path = [str(root), *filter(None, [os.environ.get("PYTHONPATH")])]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(path),
            "SCOREKEEPER_DATABASE": database,
            "SCOREKEEPER_SECRET_KEY": secrets.token_hex(32),
            "SCOREKEEPER_RATELIMIT_ENABLED": "false",  # every phone from this one address
        }
        opts = ["--port", str(port), "--threads", str(threads)]
        if kind != "bare":  # as production runs it (migrations first)
            cmd = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, *opts]
        else:
            cmd = [sys.executable, __file__, "--serve-bare", database, *opts]
        with open(Path(tmp) / "server.log", "w+") as log:
            proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT)
            try:
                deadline = time.monotonic() + 30
                while True:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise SystemExit(f"{kind} server did not start:\n{log.read()[-3000:]}")
                    with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.2):
                        break
                    time.sleep(0.05)
                yield proc.pid, port
            finally:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU so far of a process and its children (gunicorn's master and its
    workers), all their threads (from /proc, in clock ticks)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rpartition(")")[2].split()
            if int(stat.parent.name) == pid or int(fields[1]) == pid:
                total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


# --- clients ---------------------------------------------------------------------------------


class Phone:
    """One browser: a keep-alive connection and a session cookie."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        self.cookie = ""

    def request(self, method: str, path: str, fields: dict | None = None) -> tuple[int, Any, str]:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body, headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            if cookie.startswith("session="):
                self.cookie = cookie.split(";", 1)[0]
        return response.status, response, text

    def expect(self, status: int, method: str, path: str, fields: dict | None = None) -> tuple:
        got, response, text = self.request(method, path, fields)
        if got != status:
            raise RuntimeError(f"{method} {path}: {got}, expected {status}: {text[:300]!r}")
        return response, text

    def new_game(self) -> str:
        _, html = self.expect(200, "GET", "/games/new")
        fields = {f"player-{i}": name for i, name in enumerate(PLAYERS)}
        fields["csrf_token"] = found(CSRF_RE, html)
        response, _ = self.expect(303, "POST", "/games/new", fields)
        return response.headers["Location"].rsplit("/", 1)[1]

    def hand(self, token: str, number: int) -> None:
        """One hand cycle: the page, the tricks step, the save."""
        _, html = self.expect(200, "GET", f"/g/{token}")
        if f"Hand {number}: bids" not in html:
            raise RuntimeError(f"game {token} is not at hand {number}: {html[:300]!r}")
        query = urlencode({"step": "tricks", "hand_no": number, **BIDS})
        _, html = self.expect(200, "GET", f"/g/{token}?{query}")
        made, missed = ("7", "6") if number % 2 else ("6", "7")  # the sides take turns
        submission = SUBMISSION_RE.search(html)  # the app's forms carry one; the bare app's not
        fields = {
            "csrf_token": found(CSRF_RE, html),
            "version": found(VERSION_RE, html),
            **({"submission": submission.group(1)} if submission else {}),
            **BIDS,
            "ttricks-0": made,
            "ttricks-1": missed,
            **EXTRAS,
        }
        self.expect(303, "POST", f"/g/{token}/hands", fields)


@dataclass
class Result:
    clients: int
    planned: int
    cycles: int = 0
    wall: float = 0.0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    latencies: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.cycles / self.wall

    def pct(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def cpu_ms(self) -> float:
        return self.server_cpu / self.cycles * 1e3


def pooled(results: list[Result]) -> Result:
    """Several repeats of one phase as one: their cycles, times and latencies together."""
    return Result(
        clients=results[0].clients,
        planned=sum(r.planned for r in results),
        cycles=sum(r.cycles for r in results),
        wall=sum(r.wall for r in results),
        server_cpu=sum(r.server_cpu for r in results),
        client_cpu=sum(r.client_cpu for r in results),
        latencies=[x for r in results for x in r.latencies],
    )


def load(pid: int, port: int, clients: int, games: int, hands: int, max_seconds: float) -> Result:
    """``clients`` phones, each with ``games`` new games (a warm-up hand each, untimed), play
    ``hands`` hands in every game, in turn; timed between the barriers."""
    ready = threading.Barrier(clients + 1)
    done: list[list[float]] = [[] for _ in range(clients)]
    errors: list[BaseException] = []
    stop = [float("inf")]

    def phone(i: int) -> None:
        try:
            p = Phone(port)
            tokens = [p.new_game() for _ in range(games)]
            for token in tokens:
                p.hand(token, 1)
        except BaseException as e:
            errors.append(e)
            ready.abort()
            return
        try:
            ready.wait()
        except threading.BrokenBarrierError:
            return
        try:
            for number in range(2, hands + 2):
                for token in tokens:
                    if time.perf_counter() > stop[0]:
                        return
                    t0 = time.perf_counter()
                    p.hand(token, number)
                    done[i].append(time.perf_counter() - t0)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=phone, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        ready.wait()
    cpu0, mine0, t0 = cpu_seconds(pid), time.process_time(), time.perf_counter()
    stop[0] = t0 + max_seconds
    for t in threads:
        t.join(max_seconds + 60)
    wall = time.perf_counter() - t0
    if errors:
        raise SystemExit(f"{clients} clients: {len(errors)} failed, first: {errors[0]!r}")
    latencies = [x for d in done for x in d]
    return Result(
        clients=clients,
        planned=clients * games * hands,
        cycles=len(latencies),
        wall=wall,
        server_cpu=cpu_seconds(pid) - cpu0,
        client_cpu=time.process_time() - mine0,
        latencies=latencies,
    )


# --- the report ------------------------------------------------------------------------------


def verdict(ok: bool) -> str:
    return "meets" if ok else "misses"


def ratio(a: float, b: float) -> float:
    """``a / b``, or NaN (printed "nan") where ``b`` is 0: a tiny run's server CPU can be under
    one clock tick (the smoke test's runs)."""
    return a / b if b else float("nan")


def report(
    title: str, bares: list[Result], apps: list[Result], goals: bool, label: str = "app"
) -> None:
    bare, app = pooled(bares), pooled(apps)
    print(f"{title}:")
    print(f"  {'':22}{'bare':>10}{label:>10}{label + '/bare':>12}")

    def line(name: str, b: float, a: float, fmt: str, goal: str = "") -> None:
        print(f"  {name:22}{b:>10{fmt}}{a:>10{fmt}}{ratio(a, b):>11.2f}x  {goal}".rstrip())

    ok_rate = app.rate >= GOAL_THROUGHPUT * bare.rate
    goal = f"goal >= {GOAL_THROUGHPUT}x: {verdict(ok_rate)}" if goals else ""
    line("hand cycles/s", bare.rate, app.rate, ".1f", goal)
    line("p50 cycle ms", bare.pct(0.5) * 1e3, app.pct(0.5) * 1e3, ".1f")
    ok_p99 = app.pct(0.99) <= GOAL_P99 * bare.pct(0.99)
    goal = f"goal <= {GOAL_P99}x: {verdict(ok_p99)}" if goals else ""
    line("p99 cycle ms", bare.pct(0.99) * 1e3, app.pct(0.99) * 1e3, ".1f", goal)
    goal = f"goal app <= {GOAL_CPU_MS:g} ms: {verdict(app.cpu_ms <= GOAL_CPU_MS)}" if goals else ""
    line("server CPU ms/cycle", bare.cpu_ms, app.cpu_ms, ".2f", goal)
    mine = [r.client_cpu / r.cycles * 1e3 for r in (bare, app)]
    line("client CPU ms/cycle", mine[0], mine[1], ".2f", "(this process: the load generator)")
    if len(apps) > 1:
        each = " / ".join(
            f"{b.cpu_ms:.1f}:{a.cpu_ms:.1f}" for b, a in zip(bares, apps, strict=True)
        )
        print(f"  server CPU ms/cycle of each repeat, bare:app  {each}")
    print(f"  cycles {bare.cycles} / {app.cycles}, wall {bare.wall:.1f} s / {app.wall:.1f} s")
    for name, r in (("bare", bare), ("app", app)):
        if r.cycles < r.planned:
            print(f"  {name} stopped at --max-seconds: {r.cycles} of {r.planned} cycles")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16, help="concurrent phones")
    parser.add_argument("--hands", type=int, default=20, help="timed hands per game")
    parser.add_argument("--threads", type=int, default=8, help="threads of each server")
    parser.add_argument("--solo-games", type=int, default=4, help="games of the 1-client run")
    parser.add_argument("--max-seconds", type=float, default=25.0, help="cap on a timed phase")
    parser.add_argument("--repeat", type=int, default=3, help="times each phase is run")
    parser.add_argument(
        "--before", type=Path, default=None, help="another checkout served too, in the same run"
    )
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--serve-bare", metavar="DATABASE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_bare:
        serve_bare(args.serve_bare, args.port, args.threads)
        return 0

    # The servers are up together (an idle one costs nothing); the phases alternate between them.
    kinds = ["bare", "app"] + (["before"] if args.before else [])
    with contextlib.ExitStack() as stack:
        up = {
            kind: stack.enter_context(
                server(kind, args.threads, args.before.resolve() if kind == "before" else ROOT)
            )
            for kind in kinds
        }
        runs: dict[tuple[str, int], list[Result]] = {}
        for _ in range(args.repeat):
            for clients, games in ((1, args.solo_games), (args.clients, 1)):
                for kind in kinds:
                    pid, port = up[kind]
                    result = load(pid, port, clients, games, args.hands, args.max_seconds)
                    runs.setdefault((kind, clients), []).append(result)
    print(
        f"hand cycle = GET game page + GET tricks step + POST hand (303); "
        f"threads={args.threads}, each server in its own process(es), clients here; "
        f"{args.repeat} repeat(s) together"
    )
    for kind in kinds[1:]:
        name = "" if kind == "app" else f" -- BEFORE ({args.before})"
        many, solo = runs[kind, args.clients], runs[kind, 1]
        report(f"{args.clients} clients x {args.hands} hands{name}", runs["bare", args.clients],
               many, goals=kind == "app", label=kind)  # fmt: skip
        report(f"1 client x {args.solo_games} games x {args.hands} hands{name}", runs["bare", 1],
               solo, goals=False, label=kind)  # fmt: skip
    if args.before:
        print("app / before, same run:")
        for clients in (args.clients, 1):
            app, before = pooled(runs["app", clients]), pooled(runs["before", clients])
            print(
                f"  {clients:>2} client(s): cycles/s {ratio(app.rate, before.rate):.2f}x, "
                f"p99 {ratio(app.pct(0.99), before.pct(0.99)):.2f}x, "
                f"server CPU/cycle {ratio(app.cpu_ms, before.cpu_ms):.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
