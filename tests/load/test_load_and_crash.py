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

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.load.served import (
    Server,
    Tally,
    check_every_acknowledged_hand_once,
    run_load,
)

pytestmark = pytest.mark.load


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    served = Server(tmp_path)
    served.start()
    try:
        yield served
    finally:
        served.stop()


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
