"""Printed sheets are made in worker processes: pages answer while a long sheet prints, a game
too long to print is refused before any work, a slow one answers "try again", and a sheet
downloaded again comes from the cache."""

from __future__ import annotations

import threading
from pathlib import Path
from urllib.request import urlopen

import pytest

from scorekeeper import store
from scorekeeper.printing import pool
from tests.helpers import HAND, game_file, gated_render, store_game, wait_until


@pytest.fixture
def gated(monkeypatch, tmp_path):
    """The app's printer replaced by one whose sheets wait for a gate the test opens."""
    gate = tmp_path / "gate"
    monkeypatch.setenv("SCOREKEEPER_TEST_PDF_GATE", str(gate))  # read by the worker it spawns
    printer = pool.Printer(1, runner=gated_render, initializer=None)
    monkeypatch.setattr(pool, "_printer", printer)
    try:
        yield printer, gate
    finally:
        gate.touch()
        printer.shutdown()


def test_a_sheet_downloaded_again_is_not_printed_again(client, db):
    printer = pool.printer()
    record = store_game(db, game_file([HAND] * 3))
    url = f"/g/{record.edit_token}/sheet.pdf"
    renders, hits = printer.renders, printer.hits
    first = client.get(url)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    assert client.get(url).data == first.data
    assert client.get(f"/v/{record.view_token}/sheet.pdf").data == first.data  # the same sheet
    assert (printer.renders - renders, printer.hits - hits) == (1, 2)
    assert client.get(url + "?paper=a4").status_code == 200  # another paper: another sheet
    store.save_game(db, record, game_file([HAND] * 4), action=store.Action("add_hand", 4))
    assert client.get(url).data != first.data  # a new version: printed afresh
    assert printer.renders - renders == 3


def test_a_game_too_long_to_print_is_refused_before_any_work(app, client, db):
    app.config["PDF_MAX_HANDS"] = 3
    printer = pool.printer()
    renders = printer.renders
    record = store_game(db, game_file([HAND] * 4))
    response = client.get(f"/g/{record.edit_token}/sheet.pdf")
    html = response.get_data(as_text=True)
    assert response.status_code == 413
    assert "This game has 4 hands: too long to print as a sheet (at most 3)." in html
    assert "Download its game file instead." in html
    assert f'href="/g/{record.edit_token}/game.json" download' in html
    assert f'href="/g/{record.edit_token}"' in html
    assert printer.renders == renders
    assert client.get(f"/v/{record.view_token}/sheet.pdf").status_code == 413


def test_a_sheet_that_takes_too_long_says_try_again_and_is_ready_later(app, client, db, gated):
    printer, gate = gated
    app.config["PDF_TIMEOUT"] = 0.2  # the gate stays shut: this sheet cannot be done in time
    record = store_game(db, game_file([HAND] * 2))
    url = f"/g/{record.edit_token}/sheet.pdf"
    response = client.get(url)
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert "taking too long to print just now. Try again" in response.get_data(as_text=True)
    assert printer.in_flight == 1  # still printing, for the next try
    gate.touch()
    wait_until(lambda: printer.in_flight == 0, "the sheet to finish")
    again = client.get(url)
    assert again.status_code == 200 and again.data.startswith(b"%PDF")
    assert (printer.renders, printer.hits) == (1, 1)


def test_pages_answer_while_a_long_sheet_prints(live_server, live_app, gated):
    printer, gate = gated
    db = store.connect(live_app.config["DATABASE"])
    record = store_game(db, game_file([HAND] * 5))
    db.close()
    got: dict[str, bytes] = {}

    def download() -> None:
        with urlopen(f"{live_server}/g/{record.edit_token}/sheet.pdf", timeout=120) as r:
            got["pdf"] = r.read()

    printing = threading.Thread(target=download)
    printing.start()
    try:
        wait_until(lambda: printer.in_flight == 1, "the sheet to reach the printer")
        with urlopen(f"{live_server}/g/{record.edit_token}", timeout=60) as page:
            assert page.status == 200 and "Hand 6: bids" in page.read().decode()
        with urlopen(f"{live_server}/v/{record.view_token}/version.json", timeout=60) as poll:
            assert poll.status == 200
        assert printer.in_flight == 1 and "pdf" not in got  # both answered mid-print
    finally:
        gate.touch()
        printing.join(120)
    assert got["pdf"].startswith(b"%PDF")


def test_the_printing_workers_end_when_the_server_is_killed(tmp_path):
    """A server killed with SIGKILL cannot stop its workers: they see it go and end."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    server = subprocess.Popen(
        [sys.executable, "-c", (
            "import os, signal, sys; from scorekeeper.printing import pool;"
            "from tests.helpers import worker_pid;"
            "printer = pool.Printer(1, runner=worker_pid, initializer=None);"
            "print(printer.pdf(None), flush=True); sys.stdin.read()"
        )],
        cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    worker = int(server.stdout.readline())
    try:
        assert _alive(worker)
        server.send_signal(signal.SIGKILL)
        server.wait()
        wait_until(lambda: not _alive(worker), "the orphaned worker to end", seconds=30)
    finally:
        if _alive(worker):  # the test failed: do not leave it behind
            os.kill(worker, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


@pytest.fixture
def nobody_waits(monkeypatch, tmp_path):
    """The app's printer with no thread allowed to wait on it: every PDF not in the cache is
    answered "being made" at once (its jobs wait for a gate the test opens)."""
    gate = tmp_path / "gate"
    monkeypatch.setenv("SCOREKEEPER_TEST_PDF_GATE", str(gate))
    printer = pool.Printer(1, runner=gated_render, initializer=None, waiters=0)
    monkeypatch.setattr(pool, "_printer", printer)
    try:
        yield printer, gate
    finally:
        gate.touch()
        printer.shutdown()


def test_a_pdf_nobody_may_wait_for_is_being_made_and_its_page_fetches_it(client, db, nobody_waits):
    printer, gate = nobody_waits
    record = store_game(db, game_file([HAND] * 2))
    url = f"/g/{record.edit_token}/sheet.pdf?paper=a4"
    response = client.get(url)
    html = response.get_data(as_text=True)
    assert response.status_code == 202 and response.headers["Retry-After"]
    assert "Your PDF is being made" in html
    assert f'data-pdf="{url}"' in html and f'class="button" href="{url}">Download' in html
    assert 'src="/static/pdf-wait.js"' in html and "<script>" not in html  # strict CSP
    assert printer.in_flight == 1
    assert client.get(url).status_code == 202  # asked again while printing: the same job
    assert printer.renders == 1
    gate.touch()
    wait_until(lambda: printer.in_flight == 0, "the sheet to finish")
    again = client.get(url)
    assert again.status_code == 200 and again.data.startswith(b"%PDF")
    assert (printer.renders, printer.hits) == (1, 1)


def test_a_blank_sheet_being_made_keeps_the_form_to_send_again(client, nobody_waits):
    printer, gate = nobody_waits
    fields = {"players": "4", "teams": "y", "name1": "Ann", "per_page": "1", "pages": "1",
              "paper": "letter", "preset": "standard"}  # fmt: skip
    response = client.post("/print/blank", data=fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 202
    assert "Your sheet is being made: press Download the PDF again" in html
    assert 'value="Ann"' in html  # the form as sent
    gate.touch()
    wait_until(lambda: printer.in_flight == 0, "the sheet to finish")
    again = client.post("/print/blank", data=fields)
    assert again.status_code == 200 and again.data.startswith(b"%PDF")
    assert (printer.renders, printer.hits) == (1, 1)


def test_the_printers_queue_is_bounded(nobody_waits):
    printer, _ = nobody_waits
    printer.max_queued = 2
    for key in ("a", "b"):
        with pytest.raises(pool.Printing):
            printer.pdf(None, key=key)
    with pytest.raises(pool.TooBusy):
        printer.pdf(None, key="c")
    with pytest.raises(pool.Printing):
        printer.pdf(None, key="a")  # one already queued is still being made
    with pytest.raises(pool.TooBusy):
        printer.pdf(None, key=None)  # nobody could ask for it again: not queued


def refuse(_job: object) -> bytes:
    raise ValueError("this job cannot print")


def test_a_job_that_failed_with_nobody_waiting_says_why_when_asked_again():
    printer = pool.Printer(1, runner=refuse, initializer=None, waiters=0)
    try:
        with pytest.raises(pool.Printing):
            printer.pdf(None, key="k")
        wait_until(lambda: printer.in_flight == 0, "the job to fail")
        with pytest.raises(ValueError, match="cannot print"):
            printer.pdf(None, key="k")
        with pytest.raises(pool.Printing):  # said once; the next ask tries again
            printer.pdf(None, key="k")
    finally:
        printer.shutdown()


@pytest.mark.browser
@pytest.mark.parametrize("javascript", [True, False], ids=["with JavaScript", "without"])
def test_a_phone_told_its_pdf_is_being_made_gets_it(
    live_server, live_app, nobody_waits, browser, javascript
):
    printer, gate = nobody_waits
    db = store.connect(live_app.config["DATABASE"])
    record = store_game(db, game_file([HAND] * 3), title="Friday")
    db.close()
    context = browser.new_context(java_script_enabled=javascript, accept_downloads=True)
    page = context.new_page()
    try:
        answer = page.goto(f"{live_server}/g/{record.edit_token}/sheet.pdf")
        assert answer is not None and answer.status == 202
        assert page.get_by_role("status").inner_text().startswith("Your PDF is being made")
        with page.expect_download(timeout=120_000) as download:
            gate.touch()
            if not javascript:  # a person presses Download once it is ready
                wait_until(lambda: printer.in_flight == 0, "the sheet to finish")
                page.get_by_role("link", name="Download").click()
        assert download.value.suggested_filename == "friday.pdf"
        assert Path(download.value.path()).read_bytes().startswith(b"%PDF")
    finally:
        context.close()
