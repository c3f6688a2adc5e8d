"""Paper as a person reads it (issue 23): a printed game's legend explains only the marks its
rules can print; two sheets a page hold a game's hands; a club round's pre-filled sheets have
the round's hands and say who deals each; the blank sheet takes the browser's saved rules."""

from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper.printing import sheets
from scorekeeper.rules import parse_game, score_game
from scorekeeper.rules.sample import steady_game
from tests.printing.reading import flat, pdf_pages_text


def legend_of(data) -> str:
    game = parse_game(data)
    body = sheets.render_game_pdf(game, score_game(game))
    text = flat(" ".join(pdf_pages_text(body, layout=False)))
    return text[text.index("set: the bid was not made") - 200 :]


@pytest.mark.parametrize(
    "rules, tricks",
    [({"preset": "three-player"}, 17), ({"preset": "cutthroat", "bag_limit": None}, 17)],
)
def test_a_game_without_partners_or_bag_penalty_has_no_legend_for_them(rules, tricks):
    names = ["Ann", "Bob", "Cy"]
    hand = {"bids": dict(zip(names, (3, 4, 5), strict=True)),
            "tricks": dict(zip(names, (4, 4, tricks - 8), strict=True))}  # fmt: skip
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": names,
            "hands": [hand, hand]}  # fmt: skip
    legend = legend_of(data)
    assert "bag penalty" not in legend and "bags cost" not in legend
    assert "dnil" not in legend  # double nil needs partners


def test_a_team_game_legend_says_its_own_bag_penalty():
    data = steady_game(3, ("Ann", "Bob", "Cy", "Di"), 5000)
    data["rules"] = {"preset": "standard", "bag_limit": 5, "bag_penalty": 50}
    legend = legend_of(data)
    assert "bags \u221250: every 5 bags cost 50" in legend and "dnil: double nil" in legend


def test_a_club_rounds_sheets_have_its_hands_and_each_hands_dealer(client, db):
    """A round of 4 hands printed 25 rows with an empty dealer column: now its 4 hands and two
    for a tie, each with its dealer as the table's game deals (the deal passes to the left)."""
    from scorekeeper import service
    from scorekeeper.service import club_night
    from tests.service.club_night.clubs import event_with, play
    from tests.web.club_night.test_event_printing import LAN

    event = event_with(db, 4, max_hands=4)
    rnd = club_night.seat_next_round(db, event)
    response = client.get(f"/e/{event.director_token}/rounds/1/packet.pdf", base_url=LAN)
    assert response.status_code == 200
    pages = pdf_pages_text(response.data)
    for table in rnd.tables:
        play(db, table, 7, 7, 7, 7)
        sheet = service.kitchen.open_game(db, table.edit_token).sheet
        dealt = [h.dealer for h in sheet.hands]
        page = next(p for p in pages if f"Table {table.number} \u00b7" in p and "Winner" in p)
        rows = [line.split()[:2] for line in page.splitlines() if line.split()[:1] in (
            ["1"], ["2"], ["3"], ["4"], ["5"], ["6"], ["7"])]  # fmt: skip
        assert [r[0] for r in rows] == ["1", "2", "3", "4", "5", "6"], page
        shown = [r[1] for r in rows]
        assert shown[:4] == [d[: len(s)] for d, s in zip(dealt, shown, strict=False)]
        assert shown[4:] == shown[:2]  # the deal goes round again for a tie


@pytest.mark.parametrize("paper_size, rows", [("letter", 12), ("a4", 13)])
def test_two_sheets_a_page_hold_a_games_hands(paper_size, rows):
    """Two-a-page sheets had 9 hand rows on Letter (11 on A4): too few for a game to 500. Both
    sheets, every row numbered, still on one page."""
    import io

    from pypdf import PdfReader

    blank = sheets.blank_sheet(["Ann", "Bob", "Cy", "Di"], per_page=2, paper_size=paper_size)
    assert blank.row_count >= rows
    body = sheets.render_blank_pdf(blank)
    assert len(PdfReader(io.BytesIO(body)).pages) == 1
    (page,) = pdf_pages_text(body)
    numbered = [line.split()[0] for line in page.splitlines() if line.split()[:1] and (
        line.split()[0].isdigit())]  # fmt: skip
    wanted = [str(n) for n in range(1, blank.row_count + 1)]
    assert numbered == wanted + wanted  # each sheet's rows, 1 to the last, whole


def test_the_blank_sheet_takes_this_browsers_saved_house_rules(app, client, db):
    """The home page says the blank sheet prints "your rules at the top": saved house rules are
    offered (this browser's only), named at the top, and their options are the ones printed."""
    from scorekeeper import store
    from tests.helpers import browser

    spec = {"preset": "standard", "target_score": 350, "bag_limit": 5, "bag_penalty": 50}
    saved = store.save_house_rules(db, "Friday night", spec, owner=browser(client))
    other = app.test_client()
    store.save_house_rules(db, "Not mine", {"preset": "nyc"}, owner=browser(other))
    form = client.get("/print/blank").get_data(as_text=True)
    # offered first, and chosen (issue 34: it was listed first with Standard chosen)
    assert f'<option selected value="house-{saved.id}">Your house rules: Friday night' in form
    assert "Not mine" not in form
    listed = client.get("/house-rules").get_data(as_text=True)
    assert f'href="/print/blank?rules=house-{saved.id}"' in listed
    chosen = client.get(f"/print/blank?rules=house-{saved.id}").get_data(as_text=True)
    assert f'<option selected value="house-{saved.id}">' in chosen
    fields = {"players": "4", "teams": "y", "preset": f"house-{saved.id}", "per_page": "1",
              "pages": "1", "paper": "letter"}  # fmt: skip
    response = client.post("/print/blank", data=fields)
    assert response.mimetype == "application/pdf", response.get_data(as_text=True)[:500]
    text = flat(" ".join(pdf_pages_text(response.data, layout=False)))
    assert "House rules: Friday night" in text and "game to 350" in text
    assert "5 bags: \u221250" in text and "Standard rules" not in text
    stolen = client.post("/print/blank", data={**fields, "preset": "house-999999"})
    assert stolen.status_code == 422 and "Not a valid choice." in stolen.get_data(as_text=True)
    theirs = other.post("/print/blank", data=fields)  # another browser's: not offered, refused
    assert theirs.status_code == 422


def dealer_column(body: bytes) -> list[list[str]]:
    """Each page's hand rows as printed: the hand's number and what its dealer cell says
    ('' when empty)."""
    out = []
    for page in pdf_pages_text(body):
        rows = [line.split() for line in page.splitlines()]
        out.append([(r + [""])[1] for r in rows if r[:1] and r[0].isdigit()])
    return out


@pytest.mark.parametrize("paper_size", ["letter", "a4"])
@pytest.mark.parametrize("per_page", [1, 2])
def test_a_blank_pad_with_every_seat_named_prints_each_hands_dealer(paper_size, per_page):
    """The pad's dealer column stayed empty with every seat named, where a club round's sheet
    fills it: player 1 deals first (the form says so) and the deal passes to the left."""
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
    for players, teams in ((4, True), (6, True), (3, False)):
        blank = sheets.blank_sheet(
            names[:players], players=players, teams=teams, per_page=per_page,
            paper_size=paper_size,
        )  # fmt: skip
        (page,) = dealer_column(sheets.render_blank_pdf(blank))
        turn = [names[i % players] for i in range(blank.row_count)]
        assert page == turn * per_page, (players, page)


@pytest.mark.parametrize("names", [[], ["Ann", "", "Cy", "Di"], ["Ann", "Bob", "Cy"]])
def test_a_blank_pad_with_a_seat_unnamed_leaves_the_dealers_to_write_in(names):
    blank = sheets.blank_sheet(names, players=4)
    assert blank.dealers == ()
    (page,) = dealer_column(sheets.render_blank_pdf(blank))
    assert len(page) == blank.row_count and set(page) == {""}


def test_a_blank_pads_long_dealer_names_print_whole_inside_their_column():
    """Names up to the form's 30 letters print whole in the 14 mm dealer column, on two lines
    and narrowed where they must be; they were cut at its edge ("Éva Łukas", "Bartholon")."""
    names = ["Éva Łukasiewicz", "Bob", "Bartholomew Fitzgerald-Ramirez", "Di"]
    for per_page in (1, 2):
        blank = sheets.blank_sheet(names, players=4, teams=True, per_page=per_page)
        body = sheets.render_blank_pdf(blank)
        box = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", "-", "-"], input=body,
                             capture_output=True, check=True).stdout.decode()  # fmt: skip
        words = [
            (float(x1), float(y1), float(x2), w)
            for x1, y1, x2, w in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', box
            )
        ]
        head = next(w for w in words if w[3] == "Dealer")
        end = next(w[1] for w in words if w[3] == "Winner")  # the first sheet's last row
        middle, half = (head[0] + head[2]) / 2, sheets.DEALER_COLUMN_MM / 2 * 72 / 25.4
        column = sorted(
            (w for w in words if head[1] + 5 < w[1] < end and abs(w[0] - middle) < half),
            key=lambda w: (round(w[1]), w[0]),
        )
        assert all(w[2] <= middle + half for w in column), [
            w for w in column if w[2] > middle + half
        ]
        printed = "".join(w[3] for w in column)
        assert printed.startswith("".join("".join(n.split()) for n in names * 2)), printed[:120]
