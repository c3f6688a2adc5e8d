"""What each cache saves on a phone's hand cycle: the app in process, each cache turned off in turn.

    python bench/bench_caches.py [--hands 20] [--rounds 3] [--repeat 3]
                                 [--only rows,pads] [--group rows,sheets,pages ...]

A hand cycle is what a phone asks for to score a hand (as in bench/bench_web.py): GET the game
page, GET the tricks step (the bids in the query string), POST the hand (its version and one-time
id; the redirect not followed: its page is the next cycle's first request). Here the app runs in
this process through Flask's test client, on a fresh temporary database, CSRF checks off, so the
figure is the app's own CPU time per cycle (no server, no sockets), measured with
``time.process_time`` over ``--hands`` hands after one untimed warm-up hand, the best of
``--rounds`` games. Each side bids 7 and they take turns making and missing it, so the scores
swing and the game never ends.

Each line turns one cache off (an empty cache that keeps nothing, put in its place: ``--only``
names which) and gives what that adds to a cycle: ``--repeat`` pairs, each the cycle with every
cache on then with that one off, measured back to back (the machine is shared: a change in its
load falls on both sides of a pair alike), their median and each pair's figure. The first line
turns nothing off: on against on, the noise a figure must beat. Each ``--group`` turns several
off at once (caches that cover for each other, such as the page frame, the sheet and its rows,
save more together than alone); without ``--only`` or ``--group`` the last line turns them all
off together. Caches that a hand cycle does not touch (an event's views, printed sheets, the
print templates) are listed in docs/architecture.md and not measured here. Timings are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app, store  # noqa: E402
from scorekeeper.cache import SizedCache  # noqa: E402

VERSION = re.compile(r"name=\"?version\"? value=\"?(\d+)")
SUBMISSION = re.compile(r"name=\"?submission\"? value=\"?([A-Za-z0-9_-]+)")
BIDS = {"bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "4"}  # each side bids 7


class KeepsNothing(dict[Any, Any]):
    """A dict cache turned off: every write is dropped, so every read misses."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def _sized_off(owner: Any, name: str) -> Callable[[], AbstractContextManager[None]]:
    @contextmanager
    def off() -> Iterator[None]:
        kept = getattr(owner, name)
        setattr(owner, name, SizedCache(0, lambda _v: 1))
        try:
            yield
        finally:
            setattr(owner, name, kept)

    return off


def _dict_off(owner: Any, name: str) -> Callable[[], AbstractContextManager[None]]:
    @contextmanager
    def off() -> Iterator[None]:
        kept = getattr(owner, name)
        setattr(owner, name, KeepsNothing())
        try:
            yield
        finally:
            setattr(owner, name, kept)

    return off


def caches() -> dict[str, tuple[str, Callable[[], AbstractContextManager[None]]]]:
    """Each cache a hand cycle reads: a short name (for --only, --group), the name
    docs/architecture.md gives it, and how to turn it off."""
    from scorekeeper.rules import state
    from scorekeeper.service.kitchen import opening  # the cache is the module's own
    from scorekeeper.web import urls
    from scorekeeper.web.kitchen import fragments

    return {
        "opened": (
            "opened games (service/kitchen/opening._opened)",
            _sized_off(opening, "_opened"),
        ),
        "rows": ("sheet rows (web/fragments._rows)", _sized_off(fragments, "_rows")),
        "pads": ("tap pads (web/fragments._pads)", _sized_off(fragments, "_pads")),
        "pages": ("page frames (web/fragments._pages)", _sized_off(fragments, "_pages")),
        "built": ("built addresses (web/urls._built)", _dict_off(urls, "_built")),
        "seatings": ("seatings (rules/state._SEATINGS)", _dict_off(state, "_SEATINGS")),
        "cookies": ("signed cookies read (web/session, the app's)", _session_off),
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
            interface: Any = app.session_interface  # the app's own, with its cache of cookies read
            interface._read = SizedCache(0, lambda _v: 1)

        def cycle(number: int) -> None:
            page = client.get(url)
            assert page.status_code == 200, page.status_code
            step = client.get(url, query_string={**BIDS, "step": "tricks", "hand_no": number})
            html = step.get_data(as_text=True)
            version, submission = VERSION.search(html), SUBMISSION.search(html)
            assert version is not None and submission is not None, html
            fields = {
                **BIDS,
                "version": version.group(1),
                "submission": submission.group(1),
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


def measure(hands: int, rounds: int, offs: Sequence[Callable[[], Any]] = ()) -> float:
    """The best of ``rounds`` games (CPU seconds a cycle) with the caches of ``offs`` off."""
    with ExitStack() as stack:
        for off in offs:
            stack.enter_context(off())
        return min(play(hands) for _ in range(rounds))


def line(label: str, pairs: list[tuple[float, float]]) -> str:
    """One figure: what turning ``label`` off adds to a cycle, pair by pair (on, off)."""
    saves = sorted((off - on) * 1e3 for on, off in pairs)
    on = min(p[0] for p in pairs) * 1e3
    off = min(p[1] for p in pairs) * 1e3
    each = ", ".join(f"{s:+.2f}" for s in saves)
    return (
        f"  {label:58} {off:5.2f} ms (on {on:5.2f}); saves {statistics.median(saves):+.2f} ms "
        f"median of [{each}]"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="timed hands per game")
    parser.add_argument("--rounds", type=int, default=3, help="games per figure (the best)")
    parser.add_argument("--repeat", type=int, default=3, help="on/off pairs per line")
    parser.add_argument(
        "--only", default="", help="measure only these caches alone (names, comma-separated)"
    )
    parser.add_argument(
        "--group",
        action="append",
        default=[],
        help="also turn these caches off together (comma-separated; may be given again)",
    )
    args = parser.parse_args(argv)
    table = caches()
    groups = [[n.strip() for n in g.split(",") if n.strip()] for g in args.group]
    only = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = {n for n in [*only, *(n for g in groups for n in g)] if n not in table}
    if unknown:
        parser.error(f"no such cache: {', '.join(sorted(unknown))} (known: {', '.join(table)})")
    measure(args.hands, 2)  # warm up: imports, templates compiled, caches of code paths
    print(
        f"hand cycle, in process, {args.hands} hands, best of {args.rounds} games, "
        f"{args.repeat} on/off pairs a line; 'saves' is off minus on, CPU a cycle:"
    )

    def run(label: str, names: Sequence[str]) -> None:
        offs = [table[n][1] for n in names]
        pairs = [
            (measure(args.hands, args.rounds), measure(args.hands, args.rounds, offs))
            for _ in range(args.repeat)
        ]
        print(line(label, pairs), flush=True)

    run("nothing off (the noise: on against on)", [])
    for name in only or table:
        run(f"without {table[name][0]}", [name])
    for names in groups:
        run(f"without {' + '.join(names)}", names)
    if not only and not groups:
        run("without all of them", list(table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
