"""Whatever is sent to whatever page, the answer is a page or a clear refusal, never a 5xx, and
every stored game still opens afterwards.

Hypothesis builds requests to every route of ``app.url_map``: path parameters from real tokens
of stored games or fuzzed text, form fields named as the pages' own HTML names them (and random
names), query strings, odd headers, garbage and huge session cookies, uploaded files; values
that broke the app before (huge digit strings, "²" and "①", control characters, very long
text). Run with CSRF off (the forms' own checks are reached) and on (as served).
"""

from __future__ import annotations

import io
import json
import re
from concurrent.futures import Future
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.printing import pool
from tests.conftest import make_app
from tests.helpers import HAND, editor_fields, game_file, store_game

SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
EXAMPLES = 200  # a run of random requests; each run takes a few seconds (of CPU)

NIL_HAND = {
    "bids": {"Ann": 3, "Bob": "nil", "Cy": 4, "Di": 5},
    "tricks": {"Ann": 4, "Bob": 1, "Cy": 3, "Di": 5},
}
GAMES = [
    game_file([HAND, NIL_HAND, {"misdeal": True}, HAND]),
    game_file([HAND] * 8),  # finished
    game_file(rules="nyc"),  # partnership bids, first hand without bids
    {**game_file(), "players": ["Ann", "Bob", "Cy"], "teams": None, "rules": "cutthroat"},
    game_file(rules={"preset": "standard", "blind_bids": True, "moon": True}, dealer="Di"),
]
# A game an older version stored, which the engine now refuses (it must still answer, with 409).
BROKEN = json.dumps(game_file([HAND])).replace('"Ann": 3,', '"Ann": ' + "9" * 5000 + ",", 1)

HUGE_DIGITS = ["9" * 20, "9" * 400, "1" + "0" * 400, "0" * 400, "9" * 5000, "-" + "9" * 5000]
NASTY = [
    "", "0", "1", "13", "14", "52", "53", "-1", "1.5", "1e9", "1e308", "nan", "inf", "abc",
    "²", "①", "٣", "𝟗", "\u221240", "nil", "blind nil", "blind 6", "blind x", "blind ²",
    "blind 99", "win", "on", "first", "random", "5", "standard", "nyc", "none", "two", "three",
    "a4", "letter", "tricks", "\x00", "\r\n", "\x1b[2J", "<script>x</script>", "'; drop table",
    "%00", "../..", "Ann", "Ann & Cy", "a" * 300, "x" * 10_000, "\ud7ff" * 50, " 7 ", "+3",
]  # fmt: skip
# What broke the forms before: drawn often, so a few hundred examples meet each field with each.
TRICKY = ["²", "①", "٣", "9" * 5000, "1" + "0" * 400, "1.5", "abc", "blind x", "-1", "\x00", "99"]
VALUES = st.one_of(
    st.sampled_from(TRICKY),
    st.sampled_from(NASTY + HUGE_DIGITS),
    st.text(max_size=30),
    st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=8),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zs"]), max_size=8),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
HEADER_NAMES = [
    "Accept", "Accept-Language", "Referer", "Origin", "X-Forwarded-Proto", "X-Forwarded-For",
    "X-Forwarded-Host", "If-Modified-Since", "If-None-Match", "Range", "User-Agent",
    "X-CSRFToken", "Content-Language",
]  # fmt: skip
HEADER_VALUES = st.one_of(
    st.sampled_from(["https", "http", "", "*/*", "bytes=0-1", "bytes=99999999999999999999-"]),
    st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=60),
)
COOKIES = st.one_of(
    st.none(),
    st.sampled_from(["", "x", ".eJw.x.y", "e30.e30.e30", "a" * 4000, "." * 100]),
    st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), max_size=200).filter(
        lambda s: ";" not in s and "," not in s
    ),
)
FILES = st.one_of(
    st.binary(max_size=200),
    st.sampled_from(
        [
            b"", b"\xff\xfe", b"[]", b"{}", b"null", json.dumps(GAMES[0]).encode(),
            BROKEN.encode(), b'{"format": "spades-scorekeeper/1", "players": [' + b"[" * 5000,
            json.dumps({**GAMES[0], "rules": {"tricks_per_hand": 10**6}}).encode(),
        ]
    ),
)  # fmt: skip
PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")


class InlinePrinter(pool.Printer):
    """The printing pool's checks and cache, its jobs run here and now (no worker processes)."""

    def _submit(self, job: object) -> Future:
        future: Future = Future()
        try:
            future.set_result(self.runner(job))
        except Exception as e:  # the job's own error, raised to the page as the pool would
            future.set_exception(e)
        return future


@pytest.fixture(autouse=True)
def fast_pdf(monkeypatch):
    """Sheets are planned and their HTML rendered as ever, in this process, but not laid out
    as PDF (WeasyPrint takes most of a second a page; the pool and the PDFs have their own
    tests)."""
    from scorekeeper.printing import pdf

    monkeypatch.setattr(pdf, "html_to_pdf", lambda html, *a, **k: b"%PDF-1.7 " + html[:9].encode())
    monkeypatch.setattr(pool, "_printer", InlinePrinter(1, initializer=None))


class Site:
    """The app under test, its stored games, and what its pages call their fields."""

    def __init__(self, tmp_path: Path, csrf: bool) -> None:
        self.app = make_app(tmp_path, WTF_CSRF_ENABLED=csrf)
        self.client = self.app.test_client()
        db = store.connect(self.app.config["DATABASE"])
        self.games = [store_game(db, data) for data in GAMES]
        broken = store.create_game(db, {"placeholder": True})
        with store.write(db):
            db.conn.execute("update games set data = ? where id = ?", (BROKEN, broken.id))
        self.games.append(broken)
        saved = store.save_house_rules(db, "Friday", {"preset": "standard", "moon": True})
        self.rule_ids = [str(saved.id)]
        db.close()
        self.routes = [
            (method, rule.rule)
            for rule in self.app.url_map.iter_rules()
            if rule.endpoint != "static"
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})
        ]
        self.fields = sorted(self._field_names())

    def _field_names(self) -> set[str]:
        """Every field name the pages' HTML uses (the game pages at several steps too)."""
        game = self.games[0]
        urls = ["/", "/games/new", "/games/import", "/print/blank", "/house-rules"]
        urls += ["/events/new", "/events/import"]
        urls += [f"/g/{g.edit_token}" for g in self.games] + [f"/g/{game.edit_token}/hands/1"]
        urls += [f"/g/{game.edit_token}?step=tricks&bid-0=3&bid-1=nil&bid-2=4&bid-3=5"]
        names = {"version", "step", "csrf_token", "editor", "apply_preset", "replace_saved"}
        for url in urls:
            html = self.client.get(url).get_data(as_text=True)
            names |= set(re.findall(r'\bname="?([\w-]+)"?', html))
        return names

    def path(self, rule: str, data: st.DataObject) -> str:
        """The rule with each parameter a real value or fuzzed text."""

        def fill(match: re.Match) -> str:
            converter, name = match.groups()
            real = {
                "token": [g.edit_token for g in self.games] + [self.games[1].view_token],
                "view_token": [g.view_token for g in self.games] + [self.games[0].edit_token],
                "number": ["1", "2", "4", "5"],
                "rule_id": self.rule_ids,
            }.get(name, ["1"])
            fuzz = st.one_of(VALUES, st.integers(-5, 2**64).map(str))
            value = data.draw(st.one_of(st.sampled_from(real), fuzz), label=name)
            return quote(value, safe="") or "x"

        return PARAMETER.sub(fill, rule)

    def still_open(self, url: str = "") -> None:
        """Every stored game (or those whose token is in ``url``) still answers below 500."""
        games = [g for g in self.games if g.edit_token in url or g.view_token in url]
        for game in games if url else self.games:
            for url in (f"/g/{game.edit_token}", f"/v/{game.view_token}"):
                status = self.app.test_client().get(url).status_code
                assert status < 500, (url, status)

    def csrf_token(self) -> str:
        html = self.client.get("/games/new").get_data(as_text=True)
        return re.search(r'name="csrf_token" value="([^"]+)"', html)[1]


def fuzz(site: Site) -> None:
    field_names = st.one_of(st.sampled_from(site.fields), st.text(max_size=12))
    forms = st.dictionaries(field_names, VALUES, max_size=12)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=SLOW_OK,
    )
    @given(
        route=st.sampled_from(site.routes),
        form=forms,
        query=forms,
        headers=st.dictionaries(st.sampled_from(HEADER_NAMES), HEADER_VALUES, max_size=3),
        cookie=COOKIES,
        upload=st.one_of(st.none(), FILES),
        with_token=st.booleans(),
        data=st.data(),
    )
    def send(route, form, query, headers, cookie, upload, with_token, data):  # type: ignore[no-untyped-def]
        method, rule = route
        url = site.path(rule, data)
        client = site.app.test_client() if cookie is not None else site.client
        if cookie is not None:
            client.set_cookie("session", cookie)
        if method == "GET":
            response = client.get(url, query_string=query, headers=headers)
        else:
            body = dict(form)
            if with_token and cookie is None:
                body["csrf_token"] = site.csrf_token()
            if upload is not None:
                body["file"] = (io.BytesIO(upload), "game.json")
            response = client.post(url, data=body, headers=headers)
        assert response.status_code < 500, (method, url, form, query, response.status_code)
        site.still_open(url)

    send()
    site.still_open()


@pytest.mark.parametrize("csrf", [False, True], ids=["csrf-off", "csrf-on"])
def test_no_input_makes_a_server_error_and_every_game_still_opens(tmp_path, csrf):
    fuzz(Site(tmp_path, csrf))


# --- forms that are right but for a few fields --------------------------------------------------
# Random requests rarely get past a form's first check; these start from a form that saves and
# change one to three of its fields, so every check behind the first is reached too.

NEAR_VALID = {
    "new game": ("POST", "/games/new", {
        "player-0": "Ann", "player-1": "Bob", "player-2": "Cy", "player-3": "Di",
        "teams": "auto", "dealer": "first", **editor_fields(), "save_as": "",
        "start-score-0": "100", "start-bags-0": "2",
    }),
    "a hand": ("POST", "/g/{edit}/hands", {
        "version": "{version}", "bid-0": "3", "bid-1": "nil", "bid-2": "4", "bid-3": "5",
        "ttricks-0": "7", "ttricks-1": "6", "tricks-1": "1", "renege": "", "renege-tricks": "3",
        "adjust-0": "", "adjust-1": "", "note": "",
    }),
    "an edit": ("POST", "/g/{edit}/hands/1", {
        "version": "{version}", "bid-0": "3", "bid-1": "3", "bid-2": "4", "bid-3": "2",
        "ttricks-0": "7", "ttricks-1": "6", "renege": "0", "renege-tricks": "3",
        "adjust-0": "50", "adjust-1": "-100", "note": "aces",
    }),
    "the tricks step": ("GET", "/g/{edit}", {
        "step": "tricks", "bid-0": "3", "bid-1": "nil", "bid-2": "4", "bid-3": "5",
    }),
    "a hand to fix": ("GET", "/g/{edit}", {"hand": "1"}),
    "saved rules": ("GET", "/games/new", {"rules": "1", "preset": "nyc"}),
    "a new event": ("POST", "/events/new", {
        "name": "Friday", "date": "2024-05-17", "format": "swiss", "seating": "partners",
        "rounds": "3", "target_score": "300", "max_hands": "4", "round_minutes": "45",
        "cut": "4", "tiebreaker-0": "point_diff", "tiebreaker-1": "head_to_head", "shuffle": "on",
        **{k: v for k, v in editor_fields().items() if k not in ("o-target_score", "o-max_hands")},
    }),
    "blank sheets": ("POST", "/print/blank", {
        "players": "4", "teams": "y", "name1": "Ann", "preset": "standard",
        "target_score": "300", "rows": "20", "per_page": "2", "pages": "2", "paper": "a4",
        "title": "Club",
    }),
}  # fmt: skip
LEAVES = st.one_of(
    st.integers(-(10**30), 10**30), st.sampled_from(NASTY + HUGE_DIGITS), st.none(), st.booleans()
)


def mutated_game(data: st.DataObject) -> str:
    """A game file with one value somewhere in it replaced: the import's fuzz."""
    game = json.loads(json.dumps(GAMES[4] | {"hands": [HAND, NIL_HAND]}))
    paths: list[tuple] = []

    def walk(node, path):  # type: ignore[no-untyped-def]
        paths.append(path)
        if isinstance(node, dict | list):
            for key, child in node.items() if isinstance(node, dict) else enumerate(node):
                walk(child, (*path, key))

    walk(game, ())
    path = data.draw(st.sampled_from(paths[1:]), label="where")
    node = game
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(LEAVES, label="value")
    return json.dumps(game)


def test_forms_right_but_for_a_few_fields_never_make_a_server_error(tmp_path):
    site = Site(tmp_path, csrf=False)
    db = store.connect(site.app.config["DATABASE"])
    long_game = store_game(
        db, game_file([HAND], rules={"preset": "standard", "target_score": 99_999})
    )

    @settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
    @given(case=st.sampled_from(sorted(NEAR_VALID)), data=st.data())
    def send(case, data):  # type: ignore[no-untyped-def]
        method, url, fields = NEAR_VALID[case]
        version = str(store.game_by_edit_token(db, long_game.edit_token).version)
        url = url.format(edit=long_game.edit_token)
        fields = {k: v.replace("{version}", version) for k, v in fields.items()}
        own = st.lists(st.sampled_from(sorted(fields)), min_size=1, max_size=6, unique=True)
        others = st.lists(st.sampled_from(site.fields), max_size=2)
        for name in data.draw(own, label="fields") + data.draw(others, label="others"):
            fields[name] = data.draw(VALUES, label=name)
        if method == "GET":
            response = site.client.get(url, query_string=fields)
        else:
            response = site.client.post(url, data=fields)
        assert response.status_code < 500, (case, fields, response.status_code)
        site.still_open(url)

    @settings(max_examples=60, deadline=None, suppress_health_check=SLOW_OK)
    @given(data=st.data())
    def import_one(data):  # type: ignore[no-untyped-def]
        text = mutated_game(data)
        response = site.client.post("/games/import", data={"text": text})
        assert response.status_code in (200, 303), (text[:300], response.status_code)
        if response.status_code == 303:
            assert site.client.get(response.headers["Location"]).status_code == 200

    send()
    import_one()
    site.still_open(long_game.edit_token)
    db.close()


def test_the_fuzz_reaches_every_route_and_the_forms_fields(tmp_path):
    site = Site(tmp_path, csrf=False)
    rules = {rule for _method, rule in site.routes}
    assert {"/g/<token>/hands", "/games/new", "/print/blank", "/games/import"} <= rules
    assert "/house-rules/<int:rule_id>/delete" in rules
    for name in (
        "player-0",
        "o-target_score",
        "start-score-0",
        "dealer",
        "bid-0",
        "ttricks-0",
        "renege-tricks",
        "adjust-1",
        "note",
        "pages",
        "rows",
        "target_score",
        "text",
    ):
        assert name in site.fields, name  # fmt: skip


def test_unknown_tokens_and_hand_numbers_are_404(client, db):
    game = store_game(db, game_file([HAND]))
    for rule in client.application.url_map.iter_rules():
        if "token>" not in rule.rule:
            continue
        url = rule.rule.replace("<int:number>", "1")
        url = url.replace("<token>", "no-such-token").replace("<view_token>", "no-such-view")
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            response = client.post(url) if method == "POST" else client.get(url)
            assert response.status_code == 404, (method, url)
    for number in (0, 2, 99, 2**64):
        assert client.get(f"/g/{game.edit_token}/hands/{number}").status_code == 404


def test_a_post_without_the_csrf_token_of_a_missing_or_broken_game_is_a_clear_refusal(csrf_app):
    db = store.connect(csrf_app.config["DATABASE"])
    broken = store.create_game(db, {"placeholder": True})
    with store.write(db):
        db.conn.execute("update games set data = ? where id = ?", (BROKEN, broken.id))
    client = csrf_app.test_client()
    assert client.post("/g/no-such-token/hands").status_code == 404
    assert client.post(f"/g/{broken.edit_token}/hands/1").status_code == 409
