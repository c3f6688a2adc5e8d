"""The club's memory through the service: the ladder, players' figures and a season counted
again from the event views and compared; renames, merges and their undo; bad input refused
by its field with nothing changed; a correction replays the ratings."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper import service, store
from scorekeeper.service import MemoryRefused, club_night, memory
from scorekeeper.service.kitchen import hands as kitchen_hands
from scorekeeper.service.memory import club as memory_club
from scorekeeper.service.memory import keeper as memory_keeper
from scorekeeper.service.memory import player as memory_player
from scorekeeper.service.memory import tables as memory_tables
from scorekeeper.stats import Scheme, figures, rate
from tests.service.memory.memory_club import club


@pytest.fixture
def db(tmp_path):
    memory.clear_caches()
    database = service.connect(tmp_path / "club.sqlite")
    service.migrate(database)
    yield database
    database.close()
    memory.clear_caches()


def _played(db, evs):
    """Every finished table from the event views, in play order: (people by side, totals,
    winner), people as ids."""
    out = []
    for event in sorted(evs, key=lambda e: (e.date, e.id)):
        view = club_night.load(db, store.events.event_by_id(db, event.id))
        for rnd in view.rounds:
            for t in rnd.tables:
                if not t.finished:
                    continue
                sides = [[p for e in side for p in view.by_id[e].person_ids] for side in t.sides]
                out.append((sides, t.totals, t.winner))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_the_ladder_is_openskill_over_every_table_in_order(db, seed):
    evs = club(db, seed)
    token = memory.reader_link(db)
    page = memory.ladder_page(db, token)
    model = PlackettLuce()
    have: dict = {}
    for sides, totals, winner in _played(db, evs):
        teams = [[have.get(p) or model.rating() for p in side] for side in sides]
        rest = sorted({v for i, v in enumerate(totals) if i != winner}, reverse=True)
        ranks = [1 if i == winner else 2 + rest.index(v) for i, v in enumerate(totals)]
        for side, new in zip(sides, model.rate(teams, ranks=ranks), strict=True):
            for p, r in zip(side, new, strict=True):
                have[p] = r
    assert {line.person for line in page.lines} == set(have)
    for line in page.lines:
        assert line.row.mu == pytest.approx(have[line.person].mu, abs=1e-9)
        assert line.row.rating == pytest.approx(have[line.person].ordinal(), abs=1e-9)
    assert page.games == len(_played(db, evs))


def test_a_players_record_is_their_tables_counted_again(db):
    evs = club(db, 7)
    token = memory.reader_link(db)
    club_ = memory.load_club(db)
    for pid, name in club_.names.items():
        page = memory.player_page(db, token, pid)
        mine = [(s, t, w) for s, t, w in _played(db, evs) if any(pid in side for side in s)]
        wins = sum(any(pid in side for side in [s[w]]) for s, t, w in mine)
        assert (page.figures.games, page.figures.wins) == (len(mine), wins), name
        assert page.name == name
        assert len(page.history) == len(mine)
        assert all(h.why for h in page.history)
        assert memory.player_page(db, token, name.upper()).person == pid


def test_season_points_are_each_nights_places(db):
    evs = club(db, 3, nights=3)
    token = memory.keeper_link(db)
    sid = memory_keeper.create_season(
        db, token, "Spring", "2026-03-01", "2026-03-31", None, Scheme("place", (5, 3, 2, 1))
    )
    page = memory.season_page(db, memory.reader_link(db), sid)
    expected: dict[int, int] = {}
    for event in evs:
        view = club_night.load(db, store.events.event_by_id(db, event.id))
        for row in view.standings:
            for pid in view.by_id[row.entrant].person_ids:
                expected[pid] = expected.get(pid, 0) + ((5, 3, 2, 1) + (0,) * 99)[row.place - 1]
    assert {line.row.person: line.row.points for line in page.lines} == expected
    assert [line.row.points for line in page.lines] == sorted(expected.values(), reverse=True)


def test_a_rename_keeps_the_history_and_the_old_name_finds_the_person(db):
    evs = club(db, 1, nights=2)
    token = memory.keeper_link(db)
    reader = memory.reader_link(db)
    ann = memory.find_person(memory.load_club(db), "Ann")
    before = memory.player_page(db, reader, ann).figures
    memory.rename(db, token, ann, "Annie")
    after = memory.player_page(db, reader, ann)
    assert after.name == "Annie" and after.figures == before
    # a new event typing the old name registers the same person
    event = club_night.create_event(db, club_night.EventSettings(name="Later", date="2026-04-01"))
    entrant = club_night.register(db, event, ["ann", "Zed"])
    assert ann in entrant.person_ids
    assert evs


@pytest.mark.parametrize(
    "name, words",
    [("", "visible"), ("\u200b\u200b", "visible"), ("Bob", "already"), ("BOB", "already"),
     ("x" * 31, "30 characters"), ("Ann", "already this person")],
)  # fmt: skip
def test_a_bad_rename_is_refused_by_the_field_and_changes_nothing(db, name, words):
    club(db, 1, nights=1)
    token = memory.keeper_link(db)
    c = memory.load_club(db)
    ann = memory.find_person(c, "Ann")
    with pytest.raises(MemoryRefused, match=words) as e:
        memory.rename(db, token, ann, name)
    assert e.value.field == "name"
    assert store.club.people(db)[ann].name == "Ann"
    assert store.club.changes(db) == []


def annie_b_plays_a_night(db) -> tuple[str, str]:
    """A night of its own for "Annie B" (Ann's other spelling) and three others, finished;
    the keeper's and the reader's links."""
    from tests.service.club_night.clubs import finish

    event = club_night.create_event(db, club_night.EventSettings(name="Extra", date="2026-05-01"))
    for pair in (["Annie B", "Zed"], ["Yan", "Xu"]):
        club_night.register(db, event, pair)
    club_night.seat_next_round(db, event)
    for table in club_night.overview(db, event).current.tables:
        finish(db, table, 9)
    return memory.keeper_link(db), memory.reader_link(db)


def test_a_merge_joins_histories_and_undo_brings_back_both(db):
    club(db, 2, nights=2)
    # Two spellings of one person, each playing a night of their own.
    token, reader = annie_b_plays_a_night(db)
    c = memory.load_club(db)
    ann, other = memory.find_person(c, "Ann"), memory.find_person(c, "Annie B")
    a = memory.player_page(db, reader, ann).figures
    b = memory.player_page(db, reader, other).figures
    ladder_before = [(x.name, x.row.mu) for x in memory.ladder_page(db, reader).lines]
    memory.merge(db, token, other, ann)
    joined = memory.player_page(db, reader, ann)
    assert joined.figures.games == a.games + b.games
    assert joined.figures.wins == a.wins + b.wins
    assert memory.player_page(db, reader, "Annie B").person == ann
    assert "Annie B" in joined.former
    # the merged ratings are a replay of the games as if written with one name
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == memory.ladder_page(db, reader).lines
    change = next(ch for ch in memory.keeper_page(db, token).changes if ch.can_undo)
    memory.unmerge(db, token, change.id)
    assert memory.player_page(db, reader, ann).figures == a
    assert memory.player_page(db, reader, other).figures == b
    assert [(x.name, x.row.mu) for x in memory.ladder_page(db, reader).lines] == ladder_before
    with pytest.raises(MemoryRefused, match="undone already"):
        memory.unmerge(db, token, change.id)


def test_bad_merges_are_refused_by_their_field(db):
    club(db, 4, nights=1)
    token = memory.keeper_link(db)
    c = memory.load_club(db)
    ids = {n: memory.find_person(c, n) for n in ("Ann", "Bob")}
    people = [p for p in store.club.people(db)]
    with pytest.raises(MemoryRefused, match="themselves") as e:
        memory.merge(db, token, ids["Ann"], ids["Ann"])
    assert e.value.field == "into"
    with pytest.raises(MemoryRefused, match="both played in") as e:
        memory.merge(db, token, ids["Ann"], ids["Bob"])
    # someone merged away cannot be merged into
    event = club_night.create_event(db, club_night.EventSettings(name="Other", date="2026-06-01"))
    club_night.register(db, event, ["Q1", "Q2"])
    club_night.register(db, event, ["Q3", "Q4"])
    c = memory.load_club(db)
    q1, q3 = memory.find_person(c, "Q1"), memory.find_person(c, "Q3")
    memory.merge(db, token, q1, ids["Ann"])
    with pytest.raises(MemoryRefused, match="merged away") as e:
        memory.merge(db, token, q3, q1)
    assert e.value.field == "into"
    with pytest.raises(MemoryRefused, match="already merged") as e:
        memory.merge(db, token, q1, ids["Bob"])
    assert e.value.field == "person"
    assert len(store.club.changes(db)) == 1
    assert len(people) + 4 == len(store.club.people(db))  # the four registered, none lost


@pytest.mark.parametrize(
    "args, field",
    [
        (("", "2026-03-01", "2026-03-31", None), "season_name"),
        (("S", "2026-03-31", "2026-03-01", None), "end"),
        (("S", "2026-03-01", None, None), "end"),
        (("S", "2026-13-01", "2026-12-31", None), "start"),
        (("S", "２０２６-03-01", "2026-03-31", None), "start"),
        (("S", "2027-01-01", "2027-12-31", None), "start"),
        (("S", None, None, [999]), "events"),
    ],
)
def test_a_bad_season_is_refused_by_its_field(db, args, field):
    club(db, 5, nights=1)
    token = memory.keeper_link(db)
    with pytest.raises(MemoryRefused) as e:
        memory_keeper.create_season(db, token, *args, Scheme())
    assert e.value.field == field
    assert store.club.seasons(db) == []


def test_only_the_keepers_link_opens_the_keepers_use_cases(db):
    evs = club(db, 6, nights=1)
    reader = memory.reader_link(db)
    for token in (reader, evs[0].director_token, evs[0].public_token, "nope"):
        with pytest.raises(memory.NotFound):
            memory.keeper_page(db, token)
    for token in (memory.keeper_link(db), evs[0].director_token, "nope"):
        with pytest.raises(memory.NotFound):
            memory.ladder_page(db, token)
    assert memory.ladder_page(db, evs[0].public_token).lines  # an event's public link reads


def test_one_more_game_is_rated_on_top_and_a_correction_replays(db):
    evs = club(db, 8, nights=2)
    reader = memory.reader_link(db)
    memory.ladder_page(db, reader)
    event = club_night.create_event(db, club_night.EventSettings(name="Late", date="2026-09-01"))
    for pair in (["Ann", "Bob"], ["Cy", "Di"]):
        club_night.register(db, event, pair)
    club_night.seat_next_round(db, event)
    from tests.service.club_night.clubs import finish

    (table,) = club_night.overview(db, event).current.tables
    finish(db, table, 10)
    incremental = memory.ladder_page(db, reader).lines
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == incremental
    # a correction in the first night: a hand of a finished game changes its winner
    first = club_night.overview(db, evs[0]).rounds[0].tables[0]
    current = service.kitchen.open_game(db, first.edit_token)
    hand = dict(current.game.hands[0].__dict__)
    data = {"bids": hand["bids"], "tricks": dict(hand["tricks"])}
    a, b = list(data["tricks"])[:2]
    data["tricks"][a], data["tricks"][b] = data["tricks"][b], data["tricks"][a]
    before = memory.ladder_page(db, reader).lines
    kitchen_hands.edit_hand(db, current, 1, data, version=current.version)
    corrected = memory.ladder_page(db, reader).lines
    assert corrected != before
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == corrected


def test_figures_of_the_memory_are_the_cores_over_its_games(db):
    club(db, 9, nights=3)
    c = memory.load_club(db)
    memory_tables.read_hands(db, c.games)  # a page that counts hands reads its games' files first
    for p in c.people():
        assert memory_player.build_player_page(c, rate(c.games), p).figures == figures(p, c.games)


def test_a_paper_correction_is_counted_at_once(db):
    evs = club(db, 12, nights=2)
    reader = memory.reader_link(db)
    before = memory.ladder_page(db, reader).lines
    event = store.events.event_by_id(db, evs[0].id)
    table = club_night.overview(db, event).rounds[0].tables[0]
    loser = 1 - table.winner
    points = [0, 0]
    points[loser] = 600
    service.club_night.enter_paper(db, event, 1, table.number, points, [0, 0])
    after = memory.ladder_page(db, reader).lines
    assert after != before
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == after


# --- each game's result kept at its version (game_results) -----------------------------------


def _pages(db, reader):
    c = memory.load_club(db)
    ladder = memory.ladder_page(db, reader).lines
    return ladder, {p: memory.player_page(db, reader, p) for p in c.people()}


def test_a_cold_ladder_reads_the_kept_results_and_no_game_file(db, monkeypatch):
    monkeypatch.setattr(memory_club, "KEEP_AT_LEAST", 1)
    club(db, 4, nights=2)
    reader = memory.reader_link(db)
    ladder, pages = _pages(db, reader)  # every result scored once, and kept
    tables = store.club.club_tables(db)
    assert sum(t.kept is not None for t in tables) == len(tables)  # unfinished ones kept too
    read: list = []
    real = store.events.game_files

    def counted(db_, ids):
        ids = list(ids)
        read.append(ids)
        return real(db_, ids)

    monkeypatch.setattr(store.events, "game_files", counted)
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == ladder
    assert read == []  # the cold ladder read no game file
    c = memory.load_club(db)
    for person, page in pages.items():
        # a player's page reads its own games' files (one query) and counts the same
        before = len(read)
        assert memory.player_page(db, reader, person) == page
        mine = {g.tallies.game_id for g in c.games if person in g.people}
        assert len(read) - before <= 1
        assert all(set(ids) <= mine for ids in read[before:])
    assert sum(len(ids) for ids in read) == len(c.games)  # each file read once, at most


def test_a_kept_result_counts_only_at_its_games_version(db, monkeypatch):
    monkeypatch.setattr(memory_club, "KEEP_AT_LEAST", 1)
    evs = club(db, 5, nights=2)
    reader = memory.reader_link(db)
    memory.ladder_page(db, reader)
    table = club_night.overview(db, evs[0]).rounds[0].tables[0]
    current = service.kitchen.open_game(db, table.edit_token)
    kept = next(t.kept for t in store.club.club_tables(db) if t.edit_token == table.edit_token)
    # a result kept at the game's version is what the cold ladder counts (shown here by a
    # false one: the other side as the winner)
    false = {**kept, "winner": 1 - kept["winner"]}
    store.club.keep_results(db, [(table.edit_token, current.version, false)])
    memory.clear_caches()
    fooled = memory.ladder_page(db, reader).lines
    # ... and one kept at an older version is not: a change to the game scores it again
    hand = dict(current.game.hands[0].__dict__)
    data = {"bids": hand["bids"], "tricks": dict(hand["tricks"])}
    kitchen_hands.edit_hand(db, current, 1, data, version=current.version)
    memory.clear_caches()
    after = memory.ladder_page(db, reader).lines
    assert after != fooled
    db.conn.execute("delete from game_results")
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == after  # as if nothing had been kept


def test_a_result_kept_by_another_engine_is_scored_again(db, monkeypatch):
    monkeypatch.setattr(memory_club, "KEEP_AT_LEAST", 1)
    club(db, 5, nights=2)
    reader = memory.reader_link(db)
    ladder = memory.ladder_page(db, reader).lines
    # every kept result falsified (the other side the winner), as another engine kept them
    falsified = [
        (t.edit_token, t.version, {**t.kept, "engine": "another", "winner": 1 - t.kept["winner"]})
        for t in store.club.club_tables(db)
        if "winner" in t.kept
    ]
    assert falsified
    store.club.keep_results(db, falsified)
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == ladder
    assert all(t.kept["engine"] == memory_tables.ENGINE for t in store.club.club_tables(db))


def test_keeping_results_drops_those_of_games_gone_and_never_fails_a_read(db, monkeypatch):
    club(db, 3, nights=1)
    token = store.club.club_tables(db)[0].edit_token
    assert store.club.keep_results(db, [("no such game", 1, {"engine": "x"})])
    assert store.club.keep_results(db, [(token, 1, {"engine": "x"})])
    assert db.conn.execute("select edit_token from game_results").fetchall() == [(token,)]

    def busy(*_args, **_kwargs):
        raise store.Unavailable("busy")

    monkeypatch.setattr(store.club, "write", busy)
    assert store.club.keep_results(db, [(token, 2, {"engine": "x"})]) is False


def test_a_merged_persons_page_reads_kept_results_like_fresh_ones(db, monkeypatch):
    monkeypatch.setattr(memory_club, "KEEP_AT_LEAST", 1)
    club(db, 6, nights=2)
    token, reader = annie_b_plays_a_night(db)
    c = memory.load_club(db)
    a, b = memory.find_person(c, "Ann"), memory.find_person(c, "Annie B")
    memory.merge(db, token, b, a)
    ladder, pages = _pages(db, reader)
    memory.clear_caches()
    assert (memory.ladder_page(db, reader).lines, memory.player_page(db, reader, a)) == (
        ladder, pages[a],
    )  # fmt: skip


def test_a_few_fresh_results_are_not_written_by_a_page_read(db, monkeypatch):
    club(db, 4, nights=2)  # 8 tables: fewer than KEEP_AT_LEAST
    reader = memory.reader_link(db)
    ladder = memory.ladder_page(db, reader).lines
    assert all(t.kept is None for t in store.club.club_tables(db))
    monkeypatch.setattr(memory_club, "KEEP_AT_LEAST", 8)
    memory.clear_caches()
    assert memory.ladder_page(db, reader).lines == ladder
    assert all(t.kept is not None for t in store.club.club_tables(db))


# --- the kept ladder against a replay from scratch (hypothesis) --------------------------------

from dataclasses import replace as _replace  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from scorekeeper.stats import merged_games  # noqa: E402
from tests.stats.club import random_club  # noqa: E402

OPS = st.lists(
    st.tuples(st.sampled_from(["add", "correct", "merge", "unmerge"]), st.integers(0, 10**6)),
    min_size=1,
    max_size=8,
)


def _club_of(games, merges):
    merged = merged_games(games, merges)
    return memory_club.Club(
        games=merged, tables={}, events={}, entrants={}, members={}, byes={}, names={},
        merges=dict(merges), fingerprint=memory_club.fingerprint(merged, merges),
    )  # fmt: skip


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), OPS)
def test_the_kept_ladder_after_adds_corrections_and_merges_is_a_replay(seed, ops):
    """Games arrive at the end, past results are corrected, people are merged and unmerged,
    in any order: the service's kept ladder (rated on top, or replayed) always equals rating
    the games as they now stand from scratch."""
    pool = [g for _, _, g in random_club(seed, 16)]
    games = pool[:4]
    merges: dict = {}
    key = f"hypothesis-{seed}"
    memory.clear_caches()
    for op, n in ops:
        if op == "add" and len(games) < len(pool):
            games = [*games, pool[len(games)]]
        elif op == "correct":
            i = n % len(games)
            g = games[i]
            games[i] = _replace(g, winner=(g.winner + 1) % len(g.sides))
        elif op == "merge":
            people = sorted({p for g in games for p in g.people})
            a, b = people[n % len(people)], people[(n // 7) % len(people)]
            together = any(a in g.people and b in g.people for g in games)
            if a != b and not together and a not in merges and b not in merges:
                merges[a] = b
        elif op == "unmerge" and merges:
            merges.pop(sorted(merges)[n % len(merges)])
        kept = memory_club.club_ladder(_club_of(games, merges), key)
        assert kept.ratings == rate(merged_games(games, merges)).ratings
    memory.clear_caches()


def test_a_keepers_form_is_one_use_case_refused_or_unread_it_carries_the_page(db):
    club(db, 1, nights=1)
    token = memory.keeper_link(db)
    ann = memory.find_person(memory.load_club(db), "Ann")
    unread = memory.submit(db, token, None)  # the form's own errors say why
    assert unread.said is None and unread.refused is None
    assert unread.page == memory.keeper_page(db, token)
    refused = memory.submit(db, token, memory.Rename(ann, "Bob"))
    assert refused.said is None and refused.refused.field == "name"
    assert refused.page is not None and store.club.changes(db) == []
    done = memory.submit(db, token, memory.Rename(ann, "Annie"))
    assert done == memory_keeper.KeeperResult("Renamed: Annie.")
    assert store.club.people(db)[ann].name == "Annie"
    for change in (None, memory.Unmerge(1)):  # an unknown link, whatever was sent
        with pytest.raises(memory.NotFound):
            memory.submit(db, "no-such-link", change)
