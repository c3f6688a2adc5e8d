"""Render a fixed set of pages into a folder, tokens and times normalised, to compare two trees.

    python scripts/render_pages.py OUT_DIR

A re-lay that should change no page (issue 18) is checked by running this on the tree before
and on the tree after, then ``diff -r`` of the two folders: every page must be byte-for-byte the
same. The pages: the game page in each preset (the bids step, the tricks step, a hand edited, a
refused hand), the home page, the new game page, a shared (read-only) game, the director's
console of an event with a round seated, and the event's public page. Everything goes through
the app's own test client on a database in a temporary folder; the games are imported as game
files made from a fixed seed, so both trees see the same games.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, store  # noqa: E402
from scorekeeper.rules import PRESETS, dump_game, preset_rules  # noqa: E402
from scorekeeper.rules.sample import random_game  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
TOKEN = re.compile(r"/(g|v|e|p)/([A-Za-z0-9_-]{8,})")
HIDDEN = re.compile(r'(name="?(?:csrf_token|submission)"? value=)(?:"[^"]*"|[^\s>]*)')
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?\b")
CLOCK = re.compile(r"\b\d{1,2}:\d{2}\b")


class Normaliser:
    """Tokens become T1, T2, ... in the order first seen (across all pages); dates, clock times,
    CSRF tokens and submission ids become fixed words."""

    def __init__(self) -> None:
        self.tokens: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        def token(m: re.Match) -> str:
            name = self.tokens.setdefault(m.group(2), f"T{len(self.tokens) + 1}")
            return f"/{m.group(1)}/{name}"

        text = TOKEN.sub(token, text)
        for raw, name in self.tokens.items():
            text = text.replace(raw, name)
        text = HIDDEN.sub(r"\1X", text)
        text = DATE.sub("DATE", text)
        return CLOCK.sub("HH:MM", text)


def game_text(preset: str, seed: int) -> str:
    """A game file in ``preset``: a few hands from a fixed seed, unfinished."""
    rules = preset_rules(preset)
    for n in (4, 3, 2, 6, 5):
        players = tuple(NAMES[:n])
        teams = None
        if n == 4 and preset not in ("cutthroat",):
            teams = {"Ann & Cy": ("Ann", "Cy"), "Bob & Di": ("Bob", "Di")}
        try:
            rng = random.Random(seed)  # noqa: S311 -- the same games every run
            game = random_game(rng, 3, rules, preset, players, teams)
        except Exception:  # noqa: BLE001,S112 -- this seating does not fit the preset
            continue
        return json.dumps(dump_game(game))
    raise SystemExit(f"no seating fits {preset}")


HIDDEN_INPUT = re.compile(
    r'<input type=(?:"hidden"|hidden) name=(?:"([^"]+)"|(\S+?)) value=(?:"([^"]*)"|([^\s>]*))'
)
PAD = re.compile(r"name=(t?bid-\d+|t?tricks-\d+)\b")


def form_fields(page: str, form_id: str) -> tuple[str, str, dict[str, str], set[str]]:
    """The form ``form_id`` of a page: (method, action, hidden fields, pad names)."""
    start = page.index(f'id="{form_id}"')
    head = page.rindex("<form", 0, start)
    body = page[head : page.index("</form>", start)]
    method = re.search(r'method="?(\w+)', body).group(1).lower()
    action = re.search(r'action="([^"]*)"', body).group(1).split("#")[0]
    hidden = {}
    for m in HIDDEN_INPUT.finditer(body):
        hidden[m.group(1) or m.group(2)] = m.group(3) if m.group(3) is not None else m.group(4)
    return method, action, hidden, set(PAD.findall(body))


def bids_step(page: str) -> dict[str, str]:
    """The bids step filled: 4 for each team's pad (a player's pad left empty beside one), or
    for each player's pad."""
    _, _, hidden, pads = form_fields(page, "hand")
    team = any(p.startswith("tbid-") for p in pads)
    bids = {p: "" if team and p.startswith("bid-") else "4" for p in pads if "bid-" in p}
    return {**hidden, **dict(sorted(bids.items()))}


def render(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    norm = Normaliser()
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp, "pages.sqlite")
        db = store.connect(database)
        store.migrate(db)
        db.close()
        app = create_app(
            {"TESTING": True, "SECRET_KEY": "pages", "DATABASE": str(database),
             "WTF_CSRF_ENABLED": False}
        )  # fmt: skip
        client = app.test_client()

        def save(name: str, response) -> None:
            body = response.get_data(as_text=True)
            status = f"<!-- {response.status_code} -->\n"
            (out / f"{name}.html").write_text(status + norm(body))

        save("home-empty", client.get("/"))
        save("new-game", client.get("/games/new"))
        for i, preset in enumerate(PRESETS):
            made = client.post("/games/import", data={"text": game_text(preset, i)})
            assert made.status_code == 303, (preset, made.get_data(as_text=True)[:500])
            url = made.headers["Location"]
            page = client.get(url)
            save(f"{preset}-bids", page)
            method, action, _, _ = form_fields(page.get_data(as_text=True), "hand")
            step = client.get(action, query_string=bids_step(page.get_data(as_text=True)))
            save(f"{preset}-tricks", step)
            save(f"{preset}-edit", client.get(f"{url}?hand=1"))  # the edit page's one address
            _, post_to, hidden, pads = form_fields(step.get_data(as_text=True), "hand")
            bad = {**hidden, **{p: "x" for p in pads}}
            save(f"{preset}-refused", client.post(post_to, data=bad))
            view = re.search(r'href="(/v/[^"/]+)"', page.get_data(as_text=True))
            if view:
                save(f"{preset}-shared", client.get(view.group(1)))
        save("home", client.get("/"))
        save("not-found", client.get("/g/no-such-game-token"))

        made = client.post("/events/new", data=event_form())
        assert made.status_code == 303, made.get_data(as_text=True)[:2000]
        console = made.headers["Location"].split("#")[0]
        for i in range(8):
            names = {"name-0": f"{NAMES[i % 6]}{i}a", "name-1": f"{NAMES[(i + 1) % 6]}{i}b"}
            client.post(f"{console}/entrants", data=names)
        save("event-console-entrants", client.get(console))
        client.post(f"{console}/rounds", data={})
        page = client.get(console)
        save("event-console-round", page)
        public = re.search(r'href="(?:http://localhost)?(/p/[^"/#]+)"', page.get_data(as_text=True))
        assert public, "no public link on the console"
        save("event-public", client.get(public.group(1)))
        save("event-screen", client.get(public.group(1) + "/screen"))


def event_form() -> dict[str, str]:
    from scorekeeper.web.forms import NewGame

    options = {f"o-{k}": v for k, v in NewGame.blank("standard").options.items() if v != ""}
    options.pop("o-target_score", None)
    options.pop("o-max_hands", None)
    return {
        "name": "Friday club night", "date": "2024-05-17", "format": "swiss",
        "seating": "partners", "rounds": "3", "target_score": "300", "max_hands": "",
        "round_minutes": "45", "tiebreaker-0": "point_diff", "tiebreaker-1": "head_to_head",
        **options, "editor": "1", "editor_preset": "standard", "preset": "standard",
    }  # fmt: skip


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    render(Path(sys.argv[1]))
