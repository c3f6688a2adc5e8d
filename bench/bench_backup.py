"""What a backup costs the phones while the server serves, and how fast /healthz answers.

    python bench/bench_backup.py [--phones 8] [--hands 6] [--megabytes 48] [--repeat 3]
                                 [--seconds 3] [--backups 2]

The real server (``scorekeeper serve``, as production runs it) on a database padded to
``--megabytes`` (a club's year is a few MB; the padding makes each backup long enough to
overlap many hands). ``--phones`` phones each play their own game, hand cycle after hand cycle
(the game page, the tricks step, the save: three requests, as bench_web counts them): at least
``--hands`` each, and on until the phase has lasted ``--seconds`` and, backing up, the server
has written ``--backups`` backups during it. Each repeat runs two phases back to back, so a
change in the machine's load falls on both alike:

- quiet: the phones alone;
- backing up: the same phones on a second server (the same padded database) whose own scheduled
  backups run back to back (SCOREKEEPER_BACKUP_HOURS=0.0001: one every 0.36 s while the hands
  change), inside the serving process as they run in production.

Meanwhile a prober (a process of its own, as a HEALTHCHECK is) asks /healthz every 20 ms, and,
after each quiet phase, another asks it ``LOCKED_PROBES`` times while another connection holds
the write lock (``BEGIN IMMEDIATE``): the lock is held until that prober is done, so every one
of its answers is one given under the lock, however slowly a loaded machine runs it. Two more
probers ask as often, for baselines measured in the same run: a small static file, which the
app serves in the same threads as the phones' pages (what a request waits in waitress's queue
when the phones keep every thread busy), and a tiny server in an idle process of its own (the
floor: what any answer takes on this machine under the same load). Each phase and the start
wait for the backups they need (the server's log says each), never for a time that a loaded
machine might not keep.
Printed: cycles/s and p50/p99 of a hand cycle in each phase and their ratio (backing up /
quiet), a backup's duration, and p50/p95/p99/max of /healthz and of both baselines. Timings
are printed, never asserted; a request that fails, or backups that never come (in
``MOST_S``), exit non-zero.
"""

from __future__ import annotations

import argparse
import http.client
import http.server
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "/static/icon.svg"  # a small file the app serves in its threads, as it does pages
sys.path.insert(0, str(ROOT))

from tests.load.served import Phone, Server, Tally, free_port  # noqa: E402


def pad(database: Path, megabytes: int) -> None:
    from scorekeeper import store

    db = store.connect(database)
    store.migrate(db)
    with store.write(db):
        db.conn.executemany(
            "insert into players (name, last_used) values (?, '2026')",
            ((f"{i:08d}" + "x" * 500,) for i in range(megabytes * 1024 * 1024 // 600)),
        )
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


MOST_S = 120.0  # a phase's longest: the server's backups never came if it gets there
LOCKED_PROBES = 50  # /healthz asked this many times while a writer holds the lock
WRITTEN = "backup written and checked"  # the server's log line of a backup (a failure's is not)


def play(
    port: int, hands: int, enough: threading.Event, cycles: list[float], errors: list[BaseException]
) -> None:
    """Hand cycles of one game: ``hands`` of them, and more until the phase has had ``enough``."""
    try:
        phone = Phone(port, Tally())
        token = phone.new_game()
        number = 0
        while number < hands or not enough.is_set():
            number += 1
            started = time.perf_counter()
            phone.get(f"/g/{token}")
            phone.save(token, phone.tricks_form(token, number), number, f"h{number}")
            cycles.append(time.perf_counter() - started)
        phone.close()
    except BaseException as e:  # noqa: BLE001 -- reported at the end
        errors.append(e)


def under_the_write_lock(database: Path, port: int, path: str, errors: list[BaseException]):
    """``path`` asked ``LOCKED_PROBES`` times by a prober of its own while a writer holds the
    database's write lock, held until the prober is done (not for a fixed time, which a loaded
    machine could let pass with no probe in it). Returns how long each probe took."""
    conn = sqlite3.connect(database, isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    try:
        answers = Prober(port, path, count=LOCKED_PROBES).finish(errors)
    finally:
        conn.execute("ROLLBACK")
        conn.close()
    return [took for _, took in answers]


class Prober:
    """Asks ``path`` every 20 ms from a process of its own (as a HEALTHCHECK or a monitor
    does): timed in this process, its answers would wait for this process's phones (eight
    threads parsing pages) to let go of the interpreter, and the probe would time them."""

    def __init__(self, port: int, path: str, count: int = 0) -> None:
        self.path = path
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--probe", str(port), path, str(count)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip

    def finish(self, errors: list[BaseException]) -> list[tuple[float, float]]:
        """When each probe began and how long it took (a counted prober: once it has asked its
        count); an answer but 200 goes to ``errors``."""
        out, _ = self.proc.communicate("stop\n", timeout=120)
        answers = []
        for line in out.splitlines():
            started, took, status = line.split()
            answers.append((float(started), float(took)))
            if status != "200":
                errors.append(RuntimeError(f"{self.path} answered {status}"))
        return answers


class Floor(http.server.BaseHTTPRequestHandler):
    """--floor: ``ok`` to every GET, from an idle process of its own: what any answer takes on
    this machine under the same load (its processors shared with the phones and the server)."""

    def do_GET(self) -> None:  # noqa: N802 -- http.server's name
        self.send_response(200)
        self.send_header("Content-Length", "3")
        self.end_headers()
        self.wfile.write(b"ok\n")

    def log_message(self, *_args: object) -> None:
        pass


def probe(port: int, path: str, count: int = 0) -> None:
    """--probe PORT PATH [COUNT]: one line a probe (began, took, status) until standard input
    ends, or COUNT probes when COUNT is more than 0. time.monotonic is the machine's one clock
    on Linux, so its times compare with the benchmark's."""
    stop = threading.Event()
    if count <= 0:

        def stop_when_input_ends() -> None:
            sys.stdin.read()
            stop.set()

        threading.Thread(target=stop_when_input_ends, daemon=True).start()
    asked = 0
    while not stop.is_set() and (count <= 0 or asked < count):
        asked += 1
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        started = time.monotonic()
        conn.request("GET", path)
        answer = conn.getresponse()
        answer.read()
        took = time.monotonic() - started
        conn.close()
        print(f"{started:.6f} {took:.6f} {answer.status}", flush=True)
        stop.wait(0.02)


def written(server: Server) -> int:
    """The backups the server has logged as written and checked (its whole log)."""
    server.log.flush()
    return (server.tmp / "server.log").read_text(errors="replace").count(WRITTEN)


def wait_for_backups(server: Server, count: int, what: str) -> None:
    """Until the server has logged ``count`` backups (SystemExit with its log after
    ``MOST_S``: they never came)."""
    deadline = time.monotonic() + MOST_S
    while written(server) < count:
        if time.monotonic() > deadline:
            raise SystemExit(f"{what}: no backup after {MOST_S:.0f} s\n{server.log_tail()}")
        time.sleep(0.05)


def phase(server: Server, args: argparse.Namespace, backing_up: bool, tmp: Path) -> dict:
    cycles: list[float] = []
    errors: list[BaseException] = []
    backups: list[float] = []
    health: list[float] = []
    health_locked: list[float] = []
    probers = [
        Prober(server.port, "/healthz"),
        Prober(server.port, BASELINE),
        Prober(args.floor_port, "/"),
    ]
    taken_before = written(server)
    enough = threading.Event()
    phones = [
        threading.Thread(target=play, args=(server.port, args.hands, enough, cycles, errors))
        for _ in range(args.phones)
    ]
    started = time.perf_counter()
    loaded = [time.monotonic()]  # while the phones play: from, until (time.monotonic)
    for phone in phones:
        phone.start()
    # The phones play on until the phase has lasted --seconds and, backing up, the server has
    # written --backups backups meanwhile: a phase shorter than a backup measures none.
    while not enough.is_set() and any(phone.is_alive() for phone in phones):
        long_enough = time.perf_counter() - started >= args.seconds
        backed_up = not backing_up or written(server) - taken_before >= args.backups
        if (long_enough and backed_up) or time.perf_counter() - started > MOST_S:
            enough.set()
        time.sleep(0.05)
    for phone in phones:
        phone.join()
    loaded.append(time.monotonic())
    elapsed = time.perf_counter() - started
    if not backing_up:  # then, the phones done: a writer holds the lock while a prober asks
        health_locked = under_the_write_lock(server.database, server.port, "/healthz", errors)
    (health_all, baseline, floor) = [p.finish(errors) for p in probers]

    def during(span: list[float], started: float, took: float) -> bool:
        return bool(span) and span[0] <= started and started + took <= span[1]

    health.extend(took for started, took in health_all if during(loaded, started, took))
    baseline = [(started, took) for started, took in baseline if during(loaded, started, took)]
    floor = [(started, took) for started, took in floor if during(loaded, started, took)]
    if errors:
        raise SystemExit(f"failed: {errors[0]!r}\n{server.log_tail()}")
    backups.append(written(server) - taken_before)
    if backing_up and backups[-1] < args.backups:
        raise SystemExit(
            f"the server wrote {backups[-1]} of {args.backups} backups in a backing-up phase "
            f"of {MOST_S:.0f} s\n{server.log_tail()}"
        )
    return {"cycles": cycles, "elapsed": elapsed, "backups": backups, "health": health,
            "health_locked": health_locked, "baseline": [took for _, took in baseline],
            "floor": [took for _, took in floor]}  # fmt: skip


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else float("nan")


def spread(values: list[float]) -> str:
    if not values:
        return "none landed in the phases (too short: raise --seconds)"
    return (f"p50 {pct(values, 0.5):.1f} ms, p95 {pct(values, 0.95):.1f} ms, "
            f"p99 {pct(values, 0.99):.1f} ms, max {max(values) * 1000:.1f} ms")  # fmt: skip


def main() -> int:
    if sys.argv[1:2] == ["--probe"]:
        probe(int(sys.argv[2]), sys.argv[3], int((sys.argv[4:5] or ["0"])[0]))
        return 0
    if sys.argv[1:2] == ["--floor"]:
        floor_server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Floor)
        floor_server.serve_forever()
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--megabytes", type=int, default=48)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0, help="each phase at least")
    parser.add_argument("--backups", type=int, default=2, help="written in each backing-up phase")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        servers: dict[bool, Server] = {}
        for backing_up in (False, True):
            folder = Path(name) / ("backing-up" if backing_up else "quiet")
            folder.mkdir()
            server = Server(folder)
            # quiet: only the backup at start; backing up: one every ~0.4 s while hands change
            server.env["SCOREKEEPER_BACKUP_HOURS"] = "0.0001" if backing_up else "0"
            server.env["SCOREKEEPER_BACKUP_KEEP"] = "3"
            pad(server.database, args.megabytes)
            servers[backing_up] = server
        results: dict[bool, list[dict]] = {False: [], True: []}
        args.floor_port = free_port()
        floor = subprocess.Popen([sys.executable, __file__, "--floor", str(args.floor_port)])
        try:
            for server in servers.values():
                server.start()
            for server in servers.values():  # the backups at start: not in the timed phases
                wait_for_backups(server, 1, "the backup at start")
            for _ in range(args.repeat):
                for backing_up, server in servers.items():
                    results[backing_up].append(phase(server, args, backing_up, Path(name)))
        finally:
            for server in servers.values():
                server.stop()
            floor.terminate()
            floor.wait(30)
        logs = (servers[True].tmp / "server.log").read_text(errors="replace")
    summary = {}
    for backing_up, runs in results.items():
        cycles = [c for r in runs for c in r["cycles"]]
        rate = len(cycles) / sum(r["elapsed"] for r in runs)
        summary[backing_up] = (rate, pct(cycles, 0.5), pct(cycles, 0.99))
        label = "backing up" if backing_up else "quiet     "
        _, p50, p99 = summary[backing_up]
        print(f"{label}: {len(cycles)} hand cycles, {rate:.1f} cycles/s, "
              f"p50 {p50:.0f} ms, p99 {p99:.0f} ms")  # fmt: skip
    taken = sum(b for r in results[True] for b in r["backups"])
    took = [float(s) for s in re.findall(rf"{WRITTEN} in ([\d.]+) s", logs)]
    print(f"backups of the {args.megabytes} MB database written by the server during its "
          f"phases: {taken} (none in the quiet server's); one took "
          f"{statistics.median(took) if took else float('nan'):.1f} s (median)")  # fmt: skip
    (q_rate, q50, q99), (b_rate, b50, b99) = summary[False], summary[True]
    print(f"ratio backing up / quiet: throughput {b_rate / q_rate:.2f}x, "
          f"p50 {b50 / q50:.2f}x, p99 {b99 / q99:.2f}x")  # fmt: skip
    health = [h for rs in results.values() for r in rs for h in r["health"]]
    locked = [h for rs in results.values() for r in rs for h in r["health_locked"]]
    baseline = [h for rs in results.values() for r in rs for h in r["baseline"]]
    print(f"/healthz under load: {len(health)} answers, {spread(health)}")
    print(f"baseline, {BASELINE} in the app's threads: {len(baseline)} answers, "
          f"{spread(baseline)}")  # fmt: skip
    print(f"ratio /healthz / baseline: p50 {pct(health, 0.5) / pct(baseline, 0.5):.2f}x, "
          f"p99 {pct(health, 0.99) / pct(baseline, 0.99):.2f}x")  # fmt: skip
    floor_took = [h for rs in results.values() for r in rs for h in r["floor"]]
    print(f"floor, an idle process's answer on this machine meanwhile: {len(floor_took)} answers, "
          f"{spread(floor_took)}")  # fmt: skip
    print(f"/healthz while a writer held the lock: {len(locked)} answers, {spread(locked)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
