"""The club's memory on the web: read-only pages behind a read-only link only, the keeper's
forms with every refusal by its field (nothing half-changed), and the kitchen table's Stats."""

from __future__ import annotations

import re

import pytest

from scorekeeper.service import club_night, memory
from scorekeeper.stats import Scheme
from tests.service.memory.memory_club import club as play_club


@pytest.fixture
def memory_club(app, db):
    memory.clear_caches()
    evs = play_club(db, 21, nights=3)
    token = memory.keeper_link(db)
    memory.add_season(db, "Spring", "2026-03-01", "2026-03-31", None, Scheme("place", (6, 3, 1)))
    yield evs, token, memory.reader_link(db)
    memory.clear_caches()


def test_the_ladder_player_and_season_pages_read_with_a_read_only_link(client, memory_club, db):
    evs, keeper_token, reader = memory_club
    for token in (reader, evs[0].public_token):
        page = client.get(f"/m/{token}")
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        assert "Ladder" in html and "rated games" in html
        assert keeper_token not in html and evs[0].director_token not in html
        person = re.search(rf'href="/m/{token}/people/(\d+)"', html).group(1)
        page = client.get(f"/m/{token}/people/{person}")
        text = page.get_data(as_text=True)
        assert page.status_code == 200 and "<svg" in text and "expected to win" in text
        assert "<script" not in text.split("</main>")[0]
    season = memory.load_club(db).seasons[0].id
    page = client.get(f"/m/{reader}/seasons/{season}")
    assert page.status_code == 200 and "Spring" in page.get_data(as_text=True)
    csv = client.get(f"/m/{reader}/seasons/{season}.csv")
    assert csv.status_code == 200 and csv.data.startswith(b"\xef\xbb\xbfplace,name,points")
    screen = client.get(f"/m/{reader}/seasons/{season}/screen")
    assert screen.status_code == 200 and b"pj-standings" in screen.data


def test_no_other_link_opens_the_memory(client, memory_club):
    evs, keeper_token, reader = memory_club
    for token in (keeper_token, evs[0].director_token, "nothing-here"):
        assert client.get(f"/m/{token}").status_code == 404
        assert client.get(f"/m/{token}/people/1").status_code == 404
    for token in (reader, evs[0].director_token, evs[0].public_token):
        assert client.get(f"/k/{token}").status_code == 404
        posted = client.post(f"/k/{token}/rename", data={"person": "1", "name": "X"})
        assert posted.status_code == 404


def test_a_player_by_name_from_a_tables_seats(client, memory_club):
    evs, _, _ = memory_club
    public = evs[0].public_token
    html = client.get(f"/p/{public}").get_data(as_text=True)
    link = re.search(rf'href="(/m/{public}/who/[^"]+)"', html)
    assert link, "the public page links each seated player to their page"
    assert client.get(link.group(1)).status_code == 200


def _state(db, token) -> tuple:
    club = memory.load_club(db)
    return club.names, len(club.seasons), len(memory.keeper_page(db, token).changes)


def _people(client, token) -> dict[str, str]:
    html = client.get(f"/k/{token}").get_data(as_text=True)
    return dict((name, pid) for pid, name in re.findall(r'<option value="(\d+)">([^<(]+) \(', html))


MARCH = {"season_name": "S", "start": "2026-03-01", "end": "2026-03-31"}


@pytest.mark.parametrize(
    "url, data, field, words",
    [
        ("rename", {"person": "Ann", "name": ""}, "name", "Type the new name"),
        ("rename", {"person": "Ann", "name": "\u200b\u200d"}, "name", "visible character"),
        ("rename", {"person": "Ann", "name": "bob"}, "name", "already Bob"),
        ("rename", {"person": "", "name": "Zed"}, "person", "Choose the person"),
        ("rename", {"person": "٣", "name": "Zed"}, "person", "Choose the person"),
        ("merge", {"person": "Ann", "into": "Ann"}, "into", "themselves"),
        ("merge", {"person": "Ann", "into": "Bob"}, "into", "both played in"),
        ("seasons", {**MARCH, "start": "2026-03-31", "end": "2026-03-01"}, "end", "before"),
        ("seasons", {**MARCH, "start": "2027-01-01", "end": "2027-02-01"}, "start", "No event"),
        ("seasons", {**MARCH, "season_name": ""}, "name", "visible"),
        ("seasons", {**MARCH, "place_points": "6, -1"}, "place_points", "from 0 to 1000"),
        ("seasons", {**MARCH, "place_points": "²"}, "place_points", "digits 0-9"),
        ("seasons", {**MARCH, "place_points": "1, 6"}, "place_points", "fewer points"),
        ("seasons", {**MARCH, "place_points": "5000"}, "place_points", "0 to 1000"),
        ("seasons", {**MARCH, "best_of": "0"}, "best_of", "from 1"),
        ("seasons", {**MARCH, "kind": "win", "win_points": "١"}, "win_points", "digits 0-9"),
        ("seasons", {**MARCH, "season_name": "Spring"}, "name", "already called"),
    ],
)  # fmt: skip
def test_a_keepers_bad_input_is_refused_by_its_field_and_changes_nothing(
    client, memory_club, db, url, data, field, words
):
    _, token, _ = memory_club
    people = _people(client, token)
    data = {k: people.get(v, v) if k in ("person", "into") else v for k, v in data.items()}
    before = _state(db, token)
    page = client.post(
        f"/k/{token}/{url}", data={"kind": "place", "place_points": "6, 3, 1", **data}
    )
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert words in html
    assert f'id="{field}-error"' in html or (field == "name" and "name-error" in html)
    for key, value in data.items():
        if value and key not in ("person", "into"):  # choices are lists, not typing
            assert value in html  # what was typed is kept
    memory.clear_caches()
    assert _state(db, token) == before


def test_the_keeper_renames_merges_and_undoes(client, memory_club, db):
    evs, token, reader = memory_club
    people = _people(client, token)
    done = client.post(f"/k/{token}/rename", data={"person": people["Ann"], "name": "Annie"})
    assert done.status_code == 303
    assert "Renamed: Annie." in client.get(done.location).get_data(as_text=True)

    event = club_night.create_event(
        db, club_night.EventSettings(name="Elsewhere", date="2026-06-01")
    )
    club_night.register(db, event, ["Ann Other", "Q"])
    people = _people(client, token)
    merging = {"person": people["Ann Other"], "into": people["Annie"]}
    done = client.post(f"/k/{token}/merge", data=merging)
    assert done.status_code == 303
    html = client.get(done.location).get_data(as_text=True)
    undo = re.search(rf'action="(/k/{token}/merges/\d+/undo)"', html).group(1)
    assert client.post(undo).status_code == 303
    assert "separate from Annie again" in client.get(f"/k/{token}").get_data(as_text=True)
    assert client.post(undo).status_code == 303  # a second undo says it was undone already


def test_the_keepers_forms_need_their_csrf_token(csrf_app):
    from scorekeeper import store

    db = store.connect(csrf_app.config["DATABASE"])
    token = memory.keeper_link(db)
    db.close()
    page = csrf_app.test_client().post(f"/k/{token}/rename", data={"person": "1", "name": "X"})
    assert page.status_code == 400


def test_the_kitchen_tables_stats_count_this_browsers_games_only(app, db):
    from scorekeeper.rules.sample import steady_game
    from tests.helpers import remember, store_game

    mine, theirs = app.test_client(), app.test_client()
    won = store_game(db, steady_game(10, target=300))  # Ann & Cy win
    other = store_game(db, steady_game(10, ("Zoe", "Yan", "Xu", "Wes"), target=300))
    unfinished = store_game(db, steady_game(3))
    remember(db, mine, won.edit_token, unfinished.edit_token)
    remember(db, theirs, other.edit_token)
    html = mine.get("/stats").get_data(as_text=True)
    assert "Ann" in html and "Bob" in html and "Zoe" not in html
    assert "Ann has won 1 of 1 against Bob" in html
    assert "finished games only (1)" in html
    assert "Zoe" in theirs.get("/stats").get_data(as_text=True)
    assert "No finished games" in app.test_client().get("/stats").get_data(as_text=True)


def test_the_season_prints_every_place_with_its_why(client, memory_club, db):
    from tests.printing.reading import flat, pdf_pages_text

    _, _, reader = memory_club
    season = memory.load_club(db).seasons[0].id
    response = client.get(f"/m/{reader}/seasons/{season}.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = flat("\n".join(pdf_pages_text(response.data)))
    assert "Spring" in text and "Season standings" in text
    page = memory.season_page(db, reader, season)
    for line in page.lines:
        assert line.name in text and line.row.why in text


def test_a_player_whose_tricks_were_written_per_team_reads_no_own_bid_reached(client, db):
    """docs/stats.md: own bid reached counts only hands whose tricks are written per player;
    a team writing tricks per team shows "–", not "0.0% (0 of 11)"."""
    from scorekeeper.service import memory
    from tests.service.club_night.clubs import finish

    memory.clear_caches()
    event = club_night.create_event(db, club_night.EventSettings(name="Teams", date="2026-05-01"))
    club_night.register(db, event, ["Zed", "Yan"])
    club_night.register(db, event, ["Xu", "Wes"])
    club_night.seat_next_round(db, event)
    finish(db, club_night.overview(db, event).current.tables[0], 9)  # tricks written per team
    html = client.get(f"/m/{event.public_token}/who/Zed").get_data(as_text=True)
    reached = html.split("Own bid reached")[1].split("</div>")[0]
    assert "–" in reached and "tricks written per team" in reached and "0.0%" not in reached
    average = html.split("Average bid / tricks")[1].split("</div>")[0]  # no tricks of Zed's own
    assert "– / –" in average and "bid 3.00 over" in average
    assert "tricks written per team" in average


@pytest.mark.parametrize("nights", [1, 2])
def test_a_season_of_chosen_events_counts_them_in_words(client, memory_club, db, nights):
    """ "1 chosen event", never "1 chosen events" (the keeper's page, the season's page)."""
    evs, keeper_token, reader = memory_club
    chosen = [memory.load_club(db).events[e].id for e in list(memory.load_club(db).events)[:nights]]
    season = memory.add_season(db, "Picked", None, None, chosen, Scheme("place", (6, 3, 1)))
    said = "1 chosen event" if nights == 1 else "2 chosen events"
    keeper_page = client.get(f"/k/{keeper_token}").get_data(as_text=True)
    season_page = client.get(f"/m/{reader}/seasons/{season}").get_data(as_text=True)
    for page in (keeper_page, season_page):
        assert said in page and "1 chosen events" not in page
    assert f"{said}: {nights} night{'s' * (nights > 1)}." in season_page
