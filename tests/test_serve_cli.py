"""`scorekeeper serve` says where the phones find it: on every interface, each LAN address and a
QR code of the first (also on the director's console); on loopback, one line on how to open it
to the room. The machine's addresses come from a lookup the tests replace (no network needed)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from scorekeeper import cli
from scorekeeper.cli import lan
from scorekeeper.printing import pool
from scorekeeper.printing.packets import qr_text
from scorekeeper.service import club_night
from tests.service.club_night.clubs import event_with


@pytest.fixture
def served(monkeypatch, tmp_path) -> dict[str, Any]:
    """`scorekeeper serve` run to the point of serving: what it would serve, recorded."""
    from scorekeeper.cli import serving

    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "club.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "k" * 64)
    seen: dict[str, Any] = {}

    def serve(app: Any, how: serving.Serving, hooks: serving.Hooks) -> int:
        seen.update(app=app, host=how.host, port=how.port, how=how, hooks=hooks)
        return 0

    monkeypatch.setattr(serving, "serve", serve)
    return seen


def fake_lookup(*addresses: str):
    asked = []

    def lookup() -> list[str]:
        asked.append(1)
        return list(addresses)

    lookup.asked = asked  # type: ignore[attr-defined]
    return lookup


def test_on_every_interface_it_prints_each_lan_address_and_a_qr_code_of_the_first(
    served, monkeypatch, capsys
):
    monkeypatch.setattr(lan, "lan_addresses", fake_lookup("192.168.1.20", "10.0.0.7"))
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "8000"]) == 0
    out = capsys.readouterr().out
    assert "Phones on the same network open:\n  http://192.168.1.20:8000/\n" in out
    assert "  http://10.0.0.7:8000/\n" in out
    assert "Scan to open http://192.168.1.20:8000/\n" + qr_text("http://192.168.1.20:8000/") in out
    assert "make run HOST=0.0.0.0" not in out
    assert served["host"] == "0.0.0.0" and served["port"] == 8000
    assert served["how"].server == "gunicorn" and served["how"].workers == 2  # a big night's
    app = served["app"]
    assert app.config["LAN_ADDRESSES"] == ["http://192.168.1.20:8000/", "http://10.0.0.7:8000/"]


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_on_loopback_it_says_in_one_line_how_to_open_it_to_the_room(
    served, monkeypatch, capsys, host
):
    lookup = fake_lookup("192.168.1.20")
    monkeypatch.setattr(lan, "lan_addresses", lookup)
    assert cli.main(["serve", "--host", host]) == 0
    out = capsys.readouterr().out
    hint = [line for line in out.splitlines() if "HOST=0.0.0.0" in line]
    assert len(hint) == 1 and "make run HOST=0.0.0.0" in hint[0]
    assert "192.168.1.20" not in out and "█" not in out  # no address, no QR code
    assert lookup.asked == []
    assert served["app"].config["LAN_ADDRESSES"] == []


def test_every_interface_without_a_network_says_so():
    out = io.StringIO()
    assert lan.announce("::", 5000, lookup=fake_lookup(), out=out) == []
    assert "No network address found" in out.getvalue()


def test_one_address_asked_for_is_the_one_said():
    out = io.StringIO()
    assert lan.announce("192.168.1.20", 5000, lookup=fake_lookup(), out=out) == [
        "http://192.168.1.20:5000/"
    ]
    assert "on http://192.168.1.20:5000/" in out.getvalue()


@pytest.mark.parametrize(
    ("address", "reachable"),
    [
        ("192.168.1.20", True),
        ("10.0.0.7", True),
        ("172.17.0.1", True),
        ("127.0.0.1", False),
        ("127.0.1.1", False),  # Debian's host name entry
        ("0.0.0.0", False),
        ("224.0.0.1", False),
        ("not an address", False),
    ],
)
def test_only_addresses_another_device_could_open_are_listed(address, reachable):
    assert lan.reachable(address) is reachable


def test_the_machines_own_addresses_are_found_without_loopback():
    found = lan.lan_addresses()  # whatever this machine has; never a loopback one
    assert all(lan.reachable(a) for a in found)
    assert len(found) == len(set(found))


def test_the_console_shows_where_the_phones_find_the_server(app, client, db):
    event = event_with(db, teams=4, name="Thursday")
    club_night.seat_next_round(db, event)
    page = client.get(f"/e/{event.director_token}").get_data(as_text=True)
    assert "Phones on this network open" not in page  # not served on the LAN
    app.config["LAN_ADDRESSES"] = ["http://192.168.1.20:5000/", "http://10.0.0.7:5000/"]
    page = client.get(f"/e/{event.director_token}").get_data(as_text=True)
    assert (
        "Phones on this network open <b>http://192.168.1.20:5000/</b> "
        "(or http://10.0.0.7:5000/)." in page
    )


def test_every_page_template_is_compiled_before_serving(served, monkeypatch):
    """Before the workers fork (so they share them), not by each worker on its first requests,
    when a room of phones arrives at once (issue 25)."""
    monkeypatch.setattr(lan, "lan_addresses", fake_lookup())
    assert cli.main(["serve", "--port", "8000"]) == 0
    env = served["app"].jinja_env
    compiled = {name for _, name in env.cache}
    assert compiled >= set(env.list_templates())


def test_a_port_in_use_is_said_in_one_line_not_a_traceback(monkeypatch, tmp_path, capsys):
    """`make run` while another server has the port (a second terminal, yesterday's server)."""
    import socket

    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "club.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "k" * 64)
    monkeypatch.setenv("SCOREKEEPER_BACKUP_HOURS", "0")
    monkeypatch.setattr(lan, "lan_addresses", fake_lookup())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert f"scorekeeper: port {port} on 127.0.0.1 is in use" in err
    assert "OSError" not in err and "--port" in err


def test_a_started_server_has_its_printers_warmed_before_anyone_asks_for_a_pdf(
    monkeypatch, tmp_path
):
    """The first PDF after a start took 5-7 s (WeasyPrint starting in a new process): `serve`
    starts the printers and warms them up as a serving process starts, in the background."""
    from scorekeeper.cli import serving

    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "club.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "k" * 64)
    printer = pool.Printer()  # the real printer: WeasyPrint warmed up in each worker
    monkeypatch.setattr(pool, "_printer", printer)
    ready: list[bool] = []

    def serve(app, how, hooks):  # a serving process starts its own, then answers
        stop = hooks.start()
        try:
            assert len(printer.warming) == (pool.WORKERS if how.workers == 1 else 1)
            ready.extend(f.result(timeout=120) for f in printer.warming)
        finally:
            stop()
        return 0

    monkeypatch.setattr(serving, "serve", serve)
    assert cli.main(["serve", "--port", "8000", "--server", "waitress"]) == 0
    assert ready == [True] * pool.WORKERS
    assert printer.renders == 0  # warm before the first PDF, which none asked for


def test_warming_the_printers_returns_at_once_and_they_warm_in_the_background(
    monkeypatch, tmp_path
):
    from tests.helpers import gated_warm_up

    gate = tmp_path / "gate"
    monkeypatch.setenv("SCOREKEEPER_TEST_PDF_GATE", str(gate))  # read by the workers it spawns
    printer = pool.Printer(2, initializer=gated_warm_up)
    try:
        started = printer.warm()
        assert len(started) == 2 and not any(f.done() for f in started)  # the gate is shut
        gate.touch()
        assert [f.result(timeout=120) for f in started] == [True, True]
    finally:
        gate.touch()
        printer.shutdown()
