"""Benchmark the live console: what one poll costs while a round plays.

    python bench/bench_console.py [--teams 80] [--hands 3]

Builds a Swiss event of ``--teams`` teams (80 teams: 40 tables) with round 1 seated and every
table ``--hands`` hands in, in a temporary SQLite file, and serves it with the app in this
process (Flask's test client: the app's own work, no network). The console's script asks the
event's version every few seconds and fetches the console's live parts only when it moved. Times,
best of several runs, and the bytes answered:

- the version poll (``/p/<public>/version.json``): what every console, public page and projector
  pays every few seconds while nothing changed;
- the live fetch (``/e/<director>/live``) while nothing changed since the last one (the kept
  view: the page rendered again), and after one table saved a hand (that game scored again);
  the same with the round's table rows not kept (web/club_night/table_rows.py turned off: every
  row drawn again), what that cache saves;
- baseline, in the same run: the console page itself, as a Refresh would fetch it.

Printed as milliseconds and as ratios to the baseline. Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of  # noqa: E402 -- bench/timing.py, beside this script

from scorekeeper import create_app, service  # noqa: E402
from scorekeeper.cache import SizedCache  # noqa: E402
from scorekeeper.service import club_night  # noqa: E402
from scorekeeper.web.club_night import table_rows  # noqa: E402


def build(database: str, teams: int, hands: int):
    db = service.connect(database)
    service.migrate(db)
    event = club_night.create_event(db, club_night.EventSettings("Bench night", rounds=3))
    for i in range(teams):
        club_night.register(db, event, [f"Player {2 * i}", f"Player {2 * i + 1}"])
    rnd = club_night.seat_next_round(db, event)
    for t in rnd.tables:
        for k in range(hands):
            add_hand(db, t, 7 if k % 2 else 6)
    return db, event, rnd


def add_hand(db, table, took: int) -> None:
    current = service.kitchen.open_game(db, table.edit_token)
    a, b = current.game.sides()
    hand = {"bids": {p: 3 for p in current.game.players}, "tricks": {a: took, b: 13 - took}}
    service.kitchen.add_hand(db, current, hand)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=80)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "bench.sqlite")
        db, event, rnd = build(database, args.teams, args.hands)
        app = create_app({"DATABASE": database, "TESTING": True, "SECRET_KEY": "bench"})
        client = app.test_client()
        poll = f"/p/{event.public_token}/version.json"
        live = f"/e/{event.director_token}/live"
        page = f"/e/{event.director_token}"
        sizes = {url: len(client.get(url).data) for url in (poll, live, page)}

        saved = iter(range(10**6))

        def changed() -> float:
            best = float("inf")
            for _ in range(5):
                k = next(saved)
                add_hand(db, rnd.tables[k % len(rnd.tables)], 6)  # untimed: a phone saves a hand
                t0 = time.perf_counter()
                client.get(live)
                best = min(best, time.perf_counter() - t0)
            return best

        def changed_no_rows() -> float:
            kept = table_rows._rows
            table_rows._rows = SizedCache(0, len)  # keeps nothing: every row drawn again
            try:
                return changed()
            finally:
                table_rows._rows = kept

        rows = [
            ("version poll", best_of(args.runs, lambda: client.get(poll)), sizes[poll]),
            ("live fetch, unchanged", best_of(args.runs, lambda: client.get(live)), sizes[live]),
            ("live fetch, one hand saved", changed(), sizes[live]),
            ("... table rows not kept", changed_no_rows(), sizes[live]),
            (
                "baseline: the console page",
                best_of(args.runs, lambda: client.get(page)),
                sizes[page],
            ),
        ]
        db.close()
    base = rows[-1][1]
    print(f"{len(rnd.tables)} tables, {args.hands} hands each")
    for name, seconds, size in rows:
        print(f"{name:30} {seconds * 1000:8.2f} ms {size:9,d} bytes  {seconds / base:6.2f}x base")


if __name__ == "__main__":
    main()
