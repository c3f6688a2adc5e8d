"""Regenerate docs/screenshots/: the phone pages (Playwright + Debian's Chromium at 390x844 and
320x640, by touch) of a game carried on from paper (its Start row atop the sheet), page 1 of a
game sheet PDF (the example game, carried on from paper too) and of a blank sheet, and a table
card page of a club night's round packet (pdftoppm). Every picture is saved small: 256 colours,
no dithering (text stays crisp), zlib at its best (:func:`save_small`, as scripts/icons.py).

    .venv/bin/python scripts/screenshots.py      (or: make screenshots)

The pictures are for people to look at (the README shows them); the tests never compare them.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper import cli, create_app, store  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
EXAMPLE = ROOT / "docs" / "examples" / "club-night.json"
HANDS = [  # (bids by field name, tricks by field name) for Ann & Cy vs Bob & Di
    ({"bid-1": "3", "bid-2": "4", "bid-3": "3", "bid-0": "3"}, {"ttricks-0": "7"}),
    (
        {"bid-2": "5", "bid-3": "2", "bid-0": "2", "bid-1": "nil"},
        {"ttricks-0": "8", "tricks-1": "0"},
    ),
    ({"bid-3": "4", "bid-0": "4", "bid-1": "3", "bid-2": "3"}, {"ttricks-0": "6"}),
    ({"bid-0": "3", "bid-1": "4", "bid-2": "2", "bid-3": "3"}, {"ttricks-0": "6"}),
]


SIZES = [(PHONE, ""), ({"width": 320, "height": 640}, "-320")]  # (viewport, file suffix)
# A game carried on from paper: each side's score and bags when the phone took over, by the
# new game form's fields (seat 0 is Ann & Cy's side, seat 1 Bob & Di's), and the same for the
# example game's PDF.
START_FIELDS = {"start-score-0": "90", "start-bags-0": "3", "start-score-1": "140",
                "start-bags-1": "5"}  # fmt: skip
EXAMPLE_START = {"Maria & Keisha": {"score": 90, "bags": 3},
                 "James & Tom": {"score": 140, "bags": 5}}  # fmt: skip


def save_small(path: Path) -> None:
    """Save the PNG at ``path`` again, small: a page's few colours in a 256-colour palette,
    undithered (text keeps its edges), compressed as hard as zlib goes."""
    from PIL import Image

    with Image.open(path) as picture:
        small = picture.convert("RGB").quantize(
            colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    small.save(path, optimize=True)


def shot(page, name: str) -> None:
    """A screenshot of ``page`` as docs/screenshots/``name``.png, saved small."""
    page.screenshot(path=str(OUT / f"{name}.png"))
    save_small(OUT / f"{name}.png")


def tap(page, name: str, value: str) -> None:
    page.locator(f'input[name="{name}"][value="{value}"]').check()


def play(page, bids: dict[str, str], tricks: dict[str, str]) -> None:
    """One hand as the scorer taps it: the last bid moves on to the tricks by itself."""
    *first, (name, value) = bids.items()
    for n, v in first:
        tap(page, n, v)
    with page.expect_navigation():
        page.locator(f'input[name="{name}"][value="{value}"]').click()
    for n, v in tricks.items():
        tap(page, n, v)
    with page.expect_navigation():
        page.get_by_role("button", name="Save hand", exact=False).click()


def phone_pages(base: str) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for viewport, suffix in SIZES:
            context = browser.new_context(
                viewport=viewport, device_scale_factor=1, is_mobile=True, has_touch=True
            )
            page = context.new_page()
            page.goto(base + "/games/new")
            for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
                page.fill(f"#player-{i}", name)
            shot(page, f"new-game{suffix}")
            page.get_by_text("Carry on a game from paper").click()
            for name, value in START_FIELDS.items():
                page.fill(f"#{name}", value)
            with page.expect_navigation():
                page.get_by_role("button", name="Start the game").click()
            page.wait_for_url("**/g/*")
            for bids, tricks in HANDS:
                play(page, bids, tricks)
            # Three of the next hand's bids tapped: the fourth would move on to the tricks.
            for name, value in {"bid-1": "nil", "bid-2": "4", "bid-3": "4"}.items():
                tap(page, name, value)
            page.evaluate("document.querySelector('#hand').scrollIntoView()")
            shot(page, f"hand-entry{suffix}")
            page.evaluate("document.querySelector('#now').scrollIntoView()")
            shot(page, f"totals{suffix}")
            page.evaluate(
                "document.querySelector('.sheet-wrap').previousElementSibling.scrollIntoView()"
            )
            shot(page, f"sheet{suffix}")
            context.close()
        browser.close()


def club_night(database: Path) -> tuple[str, str]:
    """A Swiss night of eight teams: round 1 played and closed, round 2 under way (one table
    finished, others part-way, one not started). Returns (director token, public token)."""
    import random

    from scorekeeper import service
    from scorekeeper.service import club_night

    rng = random.Random(7)  # noqa: S311 -- made-up hands for a picture
    db = service.connect(database)
    settings = club_night.EventSettings(
        name="Friday club night", date="2024-05-17", rules="standard", rounds=3,
        target_score=300, max_hands=6, round_minutes=45,
    )  # fmt: skip
    event = club_night.create_event(db, settings)
    pairs = [("Ann", "Cy"), ("Bob", "Di"), ("Eve", "Gus"), ("Fay", "Hal"), ("Ida", "Kit"),
             ("Jo", "Lou"), ("Max", "Ned"), ("Ola", "Pat")]  # fmt: skip
    for a, b in pairs:
        club_night.register(db, event, [a, b])

    def play(table, hands: int) -> None:
        for _ in range(hands):
            current = service.kitchen.open_game(db, table.edit_token)
            if current.sheet.finished:
                return
            a, b = current.game.sides()
            took = rng.randint(3, 10)
            bids = {p: 3 for p in current.game.players}
            service.kitchen.add_hand(db, current, {"bids": bids, "tricks": {a: took, b: 13 - took}})

    for table in club_night.seat_next_round(db, event).tables:
        play(table, 6)
    club_night.close_round(db, event, 1)
    for table, hands in zip(
        club_night.seat_next_round(db, event).tables, (6, 3, 2, 0), strict=True
    ):
        play(table, hands)
    db.close()
    return event.director_token, event.public_token


def event_pages(base: str, director: str, public: str) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, url, size, first in (
            ("event-console", f"/e/{director}", PHONE, "#round"),  # the round and its tables
            ("event-console-wide", f"/e/{director}", {"width": 1280, "height": 800}, ""),
            ("event-public", f"/p/{public}", PHONE, ""),
        ):
            page = browser.new_context(viewport=size, device_scale_factor=1).new_page()
            page.goto(base + url)
            if first:
                page.evaluate(f"document.querySelector('{first}').scrollIntoView()")
            shot(page, name)
            page.close()
        browser.close()


def projector_night(database: Path) -> str:
    """A Swiss night of sixteen teams in round 2: some tables finished, most part-way, one not
    started. Returns the public token."""
    import random

    from scorekeeper import service
    from scorekeeper.service import club_night

    rng = random.Random(11)  # noqa: S311 -- made-up hands for a picture
    db = service.connect(database)
    settings = club_night.EventSettings(
        name="Riverside Spades Club: Friday night", date="2024-05-17", rules="standard",
        rounds=4, target_score=300, max_hands=6, round_minutes=45,
    )  # fmt: skip
    event = club_night.create_event(db, settings)
    names = ["Ann", "Cy", "Bob", "Di", "Eve", "Gus", "Fay", "Hal", "Ida", "Kit", "Jo", "Lou",
             "Max", "Ned", "Ola", "Pat", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic", "Wes",
             "Xena", "Yuri", "Zoe", "Abe", "Bea", "Carmen", "Dmitri", "Esperanza", "Fitz",
             ]  # fmt: skip
    for i in range(0, 32, 2):
        club_night.register(db, event, names[i : i + 2])

    def play(table, hands: int) -> None:
        for _ in range(hands):
            current = service.kitchen.open_game(db, table.edit_token)
            if current.sheet.finished:
                return
            a, b = current.game.sides()
            took = rng.randint(2, 11)
            bids = {p: 3 for p in current.game.players}
            service.kitchen.add_hand(db, current, {"bids": bids, "tricks": {a: took, b: 13 - took}})

    for table in club_night.seat_next_round(db, event).tables:
        play(table, 6)
    club_night.close_round(db, event, 1)
    hands = (6, 4, 6, 3, 0, 5, 2, 6)
    for table, n in zip(club_night.seat_next_round(db, event).tables, hands, strict=True):
        play(table, n)
    db.close()
    return event.public_token


def projector_pages(base: str, public: str) -> None:
    """The projector page at 1920x1080: its first standings screen and its tables screen."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        size = {"width": 1920, "height": 1080}
        page = browser.new_context(viewport=size, device_scale_factor=1).new_page()
        page.goto(f"{base}/p/{public}/screen?seconds=120")
        page.wait_for_selector('#pj[data-screen="1"]')
        shot(page, "projector")
        while page.get_attribute("#pj", "data-showing") != "tables":
            page.keyboard.press("ArrowRight")
        shot(page, "projector-tables")
        browser.close()


def podium_night(database: Path) -> str:
    """A Swiss night of eight teams, both rounds played and closed: the projector's podium.
    Returns the public token."""
    import random

    from scorekeeper import service
    from scorekeeper.service import club_night

    rng = random.Random(5)  # noqa: S311 -- made-up hands for a picture
    db = service.connect(database)
    settings = club_night.EventSettings(
        name="Riverside Spades Club: spring final", date="2024-05-24", rules="standard",
        rounds=2, target_score=300, max_hands=6,
    )  # fmt: skip
    event = club_night.create_event(db, settings)
    teams = [("Wilhelmina Montgomery-Wood", "Bartholomew Fitzgerald"), ("Ann", "Cy"),
             ("Esperanza", "Dmitri"), ("Bob", "Di"), ("Quinn", "Rosa"), ("Sam", "Tess"),
             ("Uma", "Vic"), ("Yuri", "Zoe")]  # fmt: skip
    for pair in teams:
        club_night.register(db, event, list(pair))
    for number in (1, 2):
        for table in club_night.seat_next_round(db, event).tables:
            while not (current := service.kitchen.open_game(db, table.edit_token)).sheet.finished:
                a, b = current.game.sides()
                took = rng.randint(3, 10)
                hand = {
                    "bids": {p: 3 for p in current.game.players},
                    "tricks": {a: took, b: 13 - took},
                }
                service.kitchen.add_hand(db, current, hand)
        club_night.close_round(db, event, number)
    db.close()
    return event.public_token


def podium_pages(base: str, public: str) -> None:
    """The projector after the last round, at 1920x1080: the champion and the podium."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        size = {"width": 1920, "height": 1080}
        page = browser.new_context(viewport=size, device_scale_factor=1).new_page()
        page.goto(f"{base}/p/{public}/screen?seconds=120")
        page.wait_for_selector('#pj[data-showing="podium"]')
        shot(page, "projector-podium")
        browser.close()


def pdf_page(pdf: Path, page: int, name: str) -> None:
    """Page ``page`` of ``pdf`` as docs/screenshots/``name``.png (80 dpi), saved small."""
    subprocess.run(
        ["pdftoppm", "-png", "-r", "80", "-f", str(page), "-l", str(page), "-singlefile",
         str(pdf), str(OUT / name)],
        check=True,
    )  # fmt: skip
    save_small(OUT / f"{name}.png")


def pdf_pages(tmp: Path) -> None:
    """The example game's sheet, carried on from paper (EXAMPLE_START), and a blank sheet."""
    import json

    carried, game_pdf, blank_pdf = tmp / "carried.json", tmp / "game.pdf", tmp / "blank.pdf"
    carried.write_text(json.dumps({**json.loads(EXAMPLE.read_text()), "start": EXAMPLE_START}))
    title = "Friday night at the club"
    assert cli.main(["pdf", str(carried), "-o", str(game_pdf), "--title", title]) == 0
    assert cli.main(["blank-sheet", "-o", str(blank_pdf), "--players", "4"]) == 0
    pdf_page(game_pdf, 1, "game-sheet-pdf")
    pdf_page(blank_pdf, 1, "blank-sheet-pdf")


def packet_pages(tmp: Path) -> None:
    """A table card page of a club night's round packet (two cards, QR codes)."""
    from scorekeeper.printing import packets, sample

    packet_pdf = tmp / "packet.pdf"
    packet_pdf.write_bytes(packets.render_packet_pdf(sample.sample_packet(6)))
    pdf_page(packet_pdf, 2, "table-card")


def main() -> int:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "shots.sqlite"
        db = store.connect(database)
        store.migrate(db)
        db.close()
        tokens = club_night(database)
        projector_token = projector_night(database)
        podium_token = podium_night(database)
        app = create_app({"SECRET_KEY": "screenshots", "DATABASE": str(database)})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            phone_pages(f"http://127.0.0.1:{server.server_port}")
            event_pages(f"http://127.0.0.1:{server.server_port}", *tokens)
            projector_pages(f"http://127.0.0.1:{server.server_port}", projector_token)
            podium_pages(f"http://127.0.0.1:{server.server_port}", podium_token)
        finally:
            server.shutdown()
        pdf_pages(Path(tmp))
        packet_pages(Path(tmp))
    print(f"wrote {', '.join(sorted(p.name for p in OUT.glob('*.png')))} in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
