"""What each cache saves on a phone's hand cycle: the app in process, each cache turned off in turn.

    python bench/bench_caches.py [--hands 20] [--rounds 3]

A hand cycle is what a phone asks for to score a hand (as in bench/bench_web.py): GET the game
page, GET the tricks step (the bids in the query string), POST the hand (its version and one-time
id; the redirect not followed: its page is the next cycle's first request). Here the app runs in
this process through Flask's test client, on a fresh temporary database, CSRF checks off, so the
figure is the app's own CPU time per cycle (no server, no sockets), measured with
``time.process_time`` over ``--hands`` hands after one untimed warm-up hand, the best of
``--rounds`` games. Each side bids 7 and they take turns making and missing it, so the scores
swing and the game never ends.

Each line turns one cache off (an empty cache that keeps nothing, put in its place) and gives the
cycle's cost beside the baseline measured in the same run with every cache on; the last line
turns them all off together. Caches that a hand cycle does not touch (an event's views, printed
sheets, the print templates) are listed in docs/architecture.md and not measured here. Timings
are printed, never asserted.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app, store  # noqa: E402
from scorekeeper.cache import SizedCache  # noqa: E402

VERSION = re.compile(r"name=\"?version\"? value=\"?(\d+)")
SUBMISSION = re.compile(r"name=\"?submission\"? value=\"?([A-Za-z0-9_-]+)")
BIDS = {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "4"}  # each side bids 7


class KeepsNothing(dict):  # type: ignore[type-arg]
    """A dict cache turned off: every write is dropped, so every read misses."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def _sized_off(owner: Any, name: str) -> Callable[[], Iterator[None]]:
    @contextmanager
    def off() -> Iterator[None]:
        kept = getattr(owner, name)
        setattr(owner, name, SizedCache(0, lambda _v: 1))
        try:
            yield
        finally:
            setattr(owner, name, kept)

    return off


def _dict_off(owner: Any, name: str) -> Callable[[], Iterator[None]]:
    @contextmanager
    def off() -> Iterator[None]:
        kept = getattr(owner, name)
        setattr(owner, name, KeepsNothing())
        try:
            yield
        finally:
            setattr(owner, name, kept)

    return off


def caches() -> dict[str, Callable[[], Iterator[None]]]:
    """Each cache a hand cycle reads, by the name docs/architecture.md gives it."""
    from scorekeeper.rules import game, scoring
    from scorekeeper.service import games, library
    from scorekeeper.web import fragments, game_page, urls

    return {
        "opened games (service/games._opened)": _sized_off(games, "_opened"),
        "Undo/Redo labels (service/games._buttons)": _sized_off(games, "_buttons"),
        "opened-at times (service/library._opened_at)": _dict_off(library, "_opened_at"),
        "sheet rows (web/fragments._rows)": _sized_off(fragments, "_rows"),
        "whole sheets (web/fragments._sheets)": _sized_off(fragments, "_sheets"),
        "tap pads (web/fragments._pads)": _sized_off(fragments, "_pads"),
        "page frames (web/fragments._pages)": _sized_off(fragments, "_pages"),
        "hand form entries (web/game_page._entries)": _sized_off(game_page, "_entries"),
        "built addresses (web/urls._built)": _dict_off(urls, "_built"),
        "seatings (rules/scoring._SEATINGS)": _dict_off(scoring, "_SEATINGS"),
        "words read as bids (rules/game._BID_CACHE)": _dict_off(game, "_BID_CACHE"),
        "signed cookies read (web/session, the app's)": _session_off,
    }


_SESSION_CACHE = {"on": True}  # the signed cookies read: one a Flask app, made with it


@contextmanager
def _session_off() -> Iterator[None]:
    _SESSION_CACHE["on"] = False
    try:
        yield
    finally:
        _SESSION_CACHE["on"] = True


def play(hands: int) -> float:
    """CPU seconds per hand cycle over ``hands`` hands of a fresh game (one warm-up hand)."""
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp, "bench.sqlite")
        db = store.connect(database)
        store.migrate(db)
        db.close()
        app = create_app(
            {"SECRET_KEY": "bench", "DATABASE": str(database), "WTF_CSRF_ENABLED": False}
        )
        client = app.test_client()
        names = {f"player-{i}": n for i, n in enumerate(["Ann", "Bob", "Cy", "Di"])}
        made = client.post("/games/new", data=names)
        assert made.status_code == 303, made.status_code
        url = made.headers["Location"].split("#")[0]
        if not _SESSION_CACHE["on"]:
            app.session_interface._read = SizedCache(0, lambda _v: 1)  # type: ignore[attr-defined]

        def cycle(number: int) -> None:
            page = client.get(url)
            assert page.status_code == 200, page.status_code
            step = client.get(url, query_string={**BIDS, "step": "tricks", "hand_no": number})
            html = step.get_data(as_text=True)
            fields = {
                **BIDS,
                "version": VERSION.search(html).group(1),  # type: ignore[union-attr]
                "submission": SUBMISSION.search(html).group(1),  # type: ignore[union-attr]
                "hand_no": str(number),
                "ttricks-0": "7" if number % 2 else "6",
                "ttricks-1": "6" if number % 2 else "7",
            }
            saved = client.post(f"{url}/hands", data=fields)
            assert saved.status_code == 303, saved.get_data(as_text=True)[:500]

        cycle(1)
        t0 = time.process_time()
        for number in range(2, hands + 2):
            cycle(number)
        return (time.process_time() - t0) / hands


def measure(hands: int, rounds: int, off: Callable[[], Any] | None = None) -> float:
    best = float("inf")
    for _ in range(rounds):
        if off is None:
            best = min(best, play(hands))
        else:
            with off():
                best = min(best, play(hands))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="timed hands per game")
    parser.add_argument("--rounds", type=int, default=3, help="games per figure (the best)")
    args = parser.parse_args(argv)
    measure(args.hands, 2)  # warm up: imports, templates compiled, caches of code paths
    table = caches()
    base = measure(args.hands, args.rounds)
    print(f"hand cycle, in process, {args.hands} hands, best of {args.rounds} games:")
    print(f"  every cache on{'':44} {base * 1e3:6.2f} ms CPU a cycle")
    for name, off in table.items():
        # the baseline again beside each line: the machine is shared, its load moves
        again = measure(args.hands, args.rounds)
        without = measure(args.hands, args.rounds, off)
        print(
            f"  without {name:50} {without * 1e3:6.2f} ms  (on: {again * 1e3:5.2f} ms, "
            f"saves {(without - again) * 1e3:+.2f} ms, ratio {without / again:.2f}x)"
        )

    @contextmanager
    def all_off() -> Iterator[None]:
        with contextlib_nested([off() for off in table.values()]):
            yield

    again = measure(args.hands, args.rounds)
    without = measure(args.hands, args.rounds, all_off)
    print(
        f"  without all of them{'':39} {without * 1e3:6.2f} ms  (on: {again * 1e3:5.2f} ms, "
        f"saves {(without - again) * 1e3:+.2f} ms, ratio {without / again:.2f}x)"
    )
    return 0


@contextmanager
def contextlib_nested(managers: list[Any]) -> Iterator[None]:
    from contextlib import ExitStack

    with ExitStack() as stack:
        for m in managers:
            stack.enter_context(m)
        yield


if __name__ == "__main__":
    sys.exit(main())
