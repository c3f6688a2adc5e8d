"""Benchmark the club's memory over a club year: the ladder cold and after one new game, a
player's page, a season's standings, a correction in week 3, and the ladder page's size.

    python bench/bench_stats.py [--nights 52] [--players 200] [--tables 10] [--rounds 4]
                                [--hands 12] [--seed 1]

Stores ``--nights`` progressive nights (``--tables`` tables a round, ``--rounds`` rounds: 40
tables a night by default, 2,080 games of ``--hands`` hands) among ``--players`` people in a
temporary SQLite file, each table's game filled with random hands (untimed). Then times, best
of several runs:

- the ladder cold: nothing cached in the process (a restarted server): each game's result read
  from where the memory kept it at the game's version (game_results), every game rated;
- the ladder the first time ever: nothing kept anywhere (every game file read and scored, its
  result kept; every game rated), as after an upgrade or the first read of a year's games;
- the ladder again with nothing changed (the kept club and ratings: one query);
- the ladder after one new game (a new night with one table, finished): rated on top;
- a player's page (figures overall and per season, history, partners, opponents, chart), the
  first time (their games' hands counted then: the ladder never counts hands) and again;
- a season's standings (every night, points per place, best 10);
- a correction in week 3 (a night-3 table's result corrected, the winner changed): the kept
  ratings rewound to the game before it and every later game rated again;
- a correction in the last night (its last round's first table): rated again from there;
- the ladder page's size in bytes (the web page, through the app).

Baselines in the same run: the engine scoring every game file alone, and openskill rating every
game alone (what any way of keeping a ladder has to pay at least). Each line gives the wall time
and the CPU time of this process (best of the runs; the first view's worst of five people): on a
shared machine the CPU time says what the work costs. Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables import play_table  # noqa: E402 -- bench/tables.py, beside this script
from timing import best_wall_cpu  # noqa: E402 -- bench/timing.py, beside this script

from scorekeeper import service, store  # noqa: E402
from scorekeeper.rules import parse_game, score_game  # noqa: E402
from scorekeeper.service import (
    club_night,  # noqa: E402
    memory,
)
from scorekeeper.stats import Scheme, rate  # noqa: E402

GOALS_MS = {
    "ladder, cold": 300,
    "ladder, first time ever": 300,
    "ladder, nothing changed": 30,
    "ladder, one new game": 30,
    "a player's page": 50,
    "a player's page, first view": 50,
    "season standings": 100,
    "correction in week 3": 1000,
    "correction in the last night": 30,
}
LADDER_PAGE_GOAL_KB = 60


def night(db, rng, people, number: int, date: str, tables: int, rounds: int, hands: int):
    settings = club_night.EventSettings(
        f"Night {number}", date=date, format="progressive", rounds=rounds, max_hands=hands,
        target_score=100_000,
    )  # fmt: skip
    event = club_night.create_event(db, settings)
    for name in rng.sample(people, 4 * tables):
        club_night.register(db, event, [name])
    for _ in range(rounds):
        rnd = club_night.seat_next_round(db, event)
        with store.write(db):
            for table in rnd.tables:
                play_table(db, rng, table, hands)
        club_night.close_round(db, event, rnd.number)
    return event


def build(db, args) -> list:
    rng = random.Random(args.seed)
    people = [f"Player {i:03d}" for i in range(1, args.players + 1)]
    evs = []
    for n in range(1, args.nights + 1):
        day = 1 + 7 * (n - 1)
        date = time.strftime("%Y-%m-%d", time.gmtime(1767225600 + day * 86400))  # 2026
        evs.append(night(db, rng, people, n, date, args.tables, args.rounds, args.hands))
    return evs


def ladder_page_bytes(path: Path, token: str) -> int | None:
    """The ladder page's size through the web app (None if the page is not there yet)."""
    from scorekeeper import create_app

    app = create_app({"DATABASE": str(path), "SECRET_KEY": "bench", "TESTING": True})
    with app.test_client() as client:
        response = client.get(f"/m/{token}")
        return len(response.data) if response.status_code == 200 else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=52)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite"
        db = service.connect(path)
        service.migrate(db)
        t0 = time.perf_counter()
        evs = build(db, args)
        built = time.perf_counter() - t0
        token = memory.reader_link(db)
        memory.add_season(db, "The year", "2026-01-01", "2026-12-31", None,
                          Scheme("place", (10, 8, 6, 5, 4, 3, 2, 1), best_of=10))  # fmt: skip
        season_id = store.club.seasons(db)[0].id

        club = memory.load_club(db)
        games = club.games
        files = store.events.game_files(db, [t.game_id for t in store.club.club_tables(db)])
        n_hands = sum(len(data.get("hands") or []) for _, data in files.values())

        def baseline_scoring() -> None:
            for _, data in files.values():
                score_game(parse_game(data))

        t_score, cpu_score = best_wall_cpu(3, baseline_scoring)
        t_rate, cpu_rate = best_wall_cpu(3, lambda: rate(games))

        def cold() -> None:
            memory.clear_caches()
            club_night.clear_cache()
            memory.ladder_page(db, token)

        def first_ever() -> None:
            store.club.forget_results(db)
            cold()

        t_cold, cpu_cold = best_wall_cpu(5, cold)
        t_first_ever, cpu_first_ever = best_wall_cpu(3, first_ever)
        cold()  # every result kept again
        memory.ladder_page(db, token)
        t_kept, cpu_kept = best_wall_cpu(9, lambda: memory.ladder_page(db, token))

        rng = random.Random(args.seed + 1)
        extra: list[tuple[float, float]] = []
        for k in range(3):
            event = club_night.create_event(
                db, club_night.EventSettings(f"Extra {k}", date="2027-01-0" + str(k + 1),
                                         max_hands=args.hands, target_score=100_000),
            )  # fmt: skip
            for pair in (["Player 001", "Player 002"], ["Player 003", "Player 004"]):
                club_night.register(db, event, pair)
            memory.ladder_page(db, token)  # the registrations seen (no game yet)
            rnd = club_night.seat_next_round(db, event)
            play_table(db, rng, rnd.tables[0], args.hands)
            t, c = time.perf_counter(), time.process_time()
            page = memory.ladder_page(db, token)
            extra.append((time.perf_counter() - t, time.process_time() - c))
        t_one, cpu_one = min(w for w, _ in extra), min(c for _, c in extra)

        firsts: list[tuple[float, float]] = []
        for line in page.lines[:5]:  # first views: their hands counted now (then kept)
            who = line.person
            assert isinstance(who, str | int)  # a ladder line names a person by id or name
            t, c = time.perf_counter(), time.process_time()
            memory.player_page(db, token, who)
            firsts.append((time.perf_counter() - t, time.process_time() - c))
        t_first, cpu_first = max(w for w, _ in firsts), max(c for _, c in firsts)
        someone = page.lines[0].person
        assert isinstance(someone, str | int)
        t_player, cpu_player = best_wall_cpu(5, lambda: memory.player_page(db, token, someone))
        t_season, cpu_season = best_wall_cpu(5, lambda: memory.season_page(db, token, season_id))

        week3 = store.events.event_by_id(db, evs[2].id)
        table = club_night.overview(db, week3).rounds[0].tables[0]
        corrections: list[tuple[float, float]] = []
        for k in range(3):
            # the director corrects the table's result (typed from its paper sheet): the
            # other side won, by a different margin each time, so every game is rated again
            points = [100 + k, 400 + 10 * k] if k % 2 == 0 else [500 + k, 90]
            service.club_night.enter_paper(db, week3, 1, table.number, points, [0, 0])
            t, c = time.perf_counter(), time.process_time()
            memory.ladder_page(db, token)
            corrections.append((time.perf_counter() - t, time.process_time() - c))
        t_fix, cpu_fix = min(w for w, _ in corrections), min(c for _, c in corrections)
        tonight = store.events.event_by_id(db, evs[-1].id)
        table = club_night.overview(db, tonight).rounds[-1].tables[0]
        late: list[tuple[float, float]] = []
        for k in range(3):  # a correction in the last night: rated again from that game on
            points = [100 + k, 400 + 10 * k] if k % 2 == 0 else [500 + k, 90]
            number = club_night.overview(db, tonight).rounds[-1].number
            service.club_night.enter_paper(db, tonight, number, table.number, points, [0, 0])
            t, c = time.perf_counter(), time.process_time()
            memory.ladder_page(db, token)
            late.append((time.perf_counter() - t, time.process_time() - c))
        t_late, cpu_late = min(w for w, _ in late), min(c for _, c in late)
        db.close()
        size = ladder_page_bytes(path, token)

    people = len(page.lines)
    print(f"{args.nights} nights x {args.tables * args.rounds} tables: {len(games)} games, "
          f"{n_hands} hands, {people} people rated; stored in {built:.0f} s")  # fmt: skip
    print(f"  baseline: the engine scoring every game   {t_score * 1e3:8.1f} ms  "
          f"(CPU {cpu_score * 1e3:.0f} ms)")  # fmt: skip
    print(f"  baseline: openskill rating every game     {t_rate * 1e3:8.1f} ms  "
          f"(CPU {cpu_rate * 1e3:.0f} ms)")  # fmt: skip
    base = t_score + t_rate
    cpu = {
        "ladder, cold": cpu_cold,
        "ladder, first time ever": cpu_first_ever,
        "ladder, nothing changed": cpu_kept,
        "ladder, one new game": cpu_one,
        "a player's page": cpu_player,
        "a player's page, first view": cpu_first,
        "season standings": cpu_season,
        "correction in week 3": cpu_fix,
        "correction in the last night": cpu_late,
    }
    rows = (
        ("ladder, cold", t_cold),
        ("ladder, first time ever", t_first_ever),
        ("ladder, nothing changed", t_kept),
        ("ladder, one new game", t_one),
        ("a player's page", t_player),
        ("a player's page, first view", t_first),
        ("season standings", t_season),
        ("correction in week 3", t_fix),
        ("correction in the last night", t_late),
    )
    for label, t in rows:
        verdict = "meets" if t * 1e3 <= GOALS_MS[label] else "misses"
        also = f"  (CPU {cpu[label] * 1e3:.0f} ms)" if label in cpu else ""
        print(f"  {label:<28} {t * 1e3:8.1f} ms  {t / base:6.2f}x baselines  "
              f"(goal {GOALS_MS[label]} ms: {verdict}){also}")  # fmt: skip
    if size is None:
        print("  ladder page: not served yet")
    else:
        verdict = "meets" if size <= LADDER_PAGE_GOAL_KB * 1000 else "misses"
        print(f"  ladder page of {people} people: {size / 1000:.1f} KB "
              f"(goal {LADDER_PAGE_GOAL_KB} KB: {verdict})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
