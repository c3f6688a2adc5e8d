"""The real server printing: many PDFs asked for at once never take the threads pages need, every
one of them is delivered, and a stopped server leaves no printing worker and no semaphore behind.

The server is ``scorekeeper serve`` in a subprocess (tests/load/test_load_and_crash.py's Server).
For the crowd, its printer's jobs wait for a gate file the test opens (tests.helpers.gated_render,
then the real renderer): while the gate is shut no PDF can be done, so "a page was answered while
the PDFs were pending" holds by construction, not by a clock.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import signal
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from scorekeeper import service
from scorekeeper.printing import pool
from tests.helpers import HAND, game_file, store_game, wait_until
from tests.load.served import HOST, Server

pytestmark = pytest.mark.load

PDFS = 10
GATED = (
    "import sys; from scorekeeper.printing import pool; from tests.helpers import gated_render; "
    "pool._printer = pool.Printer(runner=gated_render); "
    "from scorekeeper.cli import main; sys.exit(main(sys.argv[1:]))"
)
LEAKED = re.compile(r"leaked (semaphore|shared_memory)|resource_tracker", re.I)


def games(database: Path, count: int) -> list[str]:
    """``count`` games stored before the server starts: their edit tokens."""
    db = service.connect(database)
    try:
        service.migrate(db)
        return [
            store_game(db, game_file([HAND] * (2 + i % 5)), title=f"Table {i + 1}").edit_token
            for i in range(count)
        ]
    finally:
        db.close()


def get(port: int, path: str, timeout: float = 120) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.getheader("Content-Type", ""), answer.read()
    finally:
        conn.close()


@pytest.fixture
def gated_server(tmp_path: Path):
    served = Server(tmp_path, "--workers", "1")  # one process: its printers' waiters, counted
    served.program = [sys.executable, "-c", GATED]
    served.env["SCOREKEEPER_TEST_PDF_GATE"] = str(tmp_path / "gate")
    served.env["SCOREKEEPER_PDF_TIMEOUT"] = "600"  # a slow machine never turns a wait into 503
    tokens = games(served.database, PDFS)
    served.start()
    try:
        yield served, tokens
    finally:
        (tmp_path / "gate").touch()
        served.stop()


def test_pages_answer_while_ten_pdfs_wait_and_every_pdf_is_delivered(gated_server):
    server, tokens = gated_server
    port, gate = server.port, server.tmp / "gate"
    answers: dict[str, tuple[int, str, bytes]] = {}

    def ask(token: str) -> None:
        answers[token] = get(port, f"/g/{token}/sheet.pdf")

    with ThreadPoolExecutor(PDFS) as crowd:
        asked = [crowd.submit(ask, token) for token in tokens]
        # All but the printers' waiters are answered at once: "being made" (the gate is shut,
        # so no PDF can be ready).
        told = PDFS - pool.WAITERS
        wait_until(lambda: len(answers) >= told, "the PDFs beyond the waiters to be answered")
        assert len(answers) == told
        for status, kind, body in answers.values():
            assert (status, kind.split(";")[0]) == (202, "text/html"), body[:300]
            assert b"Your PDF is being made" in body
        # The pages: the health check and a game page, answered while every PDF is pending.
        status, _, body = get(port, "/healthz")
        assert status == 200
        status, _, body = get(port, f"/g/{tokens[0]}")
        assert status == 200 and b"Hand " in body
        assert len(answers) == told  # the waiters still wait: nothing printed yet
        gate.touch()
    for future in asked:
        future.result()  # no request failed
    # The waiters get their PDFs; the others ask again, as the page's link or script does.
    delivered = {t: body for t, (status, _, body) in answers.items() if status == 200}
    assert len(delivered) == pool.WAITERS

    def fetched(token: str) -> bool:
        status, kind, body = get(port, f"/g/{token}/sheet.pdf")
        assert status in (200, 202), body[:300]
        if status == 200:
            delivered[token] = body
        return status == 200

    for token in tokens:
        if token not in delivered:
            wait_until(lambda token=token: fetched(token), f"the sheet of {token}", seconds=300)
    assert sorted(delivered) == sorted(tokens)
    assert all(body.startswith(b"%PDF") for body in delivered.values())
    assert len(set(delivered.values())) == PDFS  # each game its own sheet


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the printing workers, the resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                if int(stat.rpartition(")")[2].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def descendants(pid: int) -> list[int]:
    """Every process under ``pid``: gunicorn's workers, and their printing processes."""
    found = children(pid)
    for child in list(found):
        found += descendants(child)
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stopped_server_leaves_no_worker_and_no_semaphore(tmp_path: Path, stop):
    server = Server(tmp_path)
    (token,) = games(server.database, 1)
    server.start()
    try:
        status, kind, body = get(server.port, f"/g/{token}/sheet.pdf")
        assert (status, body[:4]) == (200, b"%PDF")
        assert server.proc is not None
        spawned = descendants(server.proc.pid)
        assert len(spawned) > 1  # a gunicorn worker, its printing processes (and tracker)
        server.proc.send_signal(stop)
        server.proc.wait(60)
        wait_until(lambda: not any(alive(p) for p in spawned), "the workers to end", 60)
        log = server.log_tail()
        assert not LEAKED.search(log), log
        assert "Traceback" not in log, log
        assert server.proc.returncode == 0  # stopped as by Ctrl+C, not killed by the signal
    finally:
        for pid in descendants(server.proc.pid) if server.proc else []:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        server.stop()
