"""Printed sheets: HTML from the print templates, turned into PDF by WeasyPrint.

The only module that imports WeasyPrint. The web views and the CLI both call
:func:`render_game_pdf` and :func:`render_blank_pdf`, so a sheet prints the same from either.

Safety: the renderer fetches nothing over the network. :class:`StaticOnlyFetcher` serves files
under the app's static folder and refuses every other URL (http, data:, file elsewhere), and
every name reaches the page through Jinja's autoescape, so ``<b>Ann</b>`` prints as typed.

Speed: the print stylesheet is parsed once per process (:func:`stylesheets`), the fonts are
shared through one ``FontConfiguration``, and :func:`warm_up` renders a tiny page once so the
first real sheet does not pay for Pango and fontconfig starting up.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from datetime import date as Date
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scorekeeper import paths
from scorekeeper.rules import Game, Rules, Sheet
from scorekeeper.rules.text import final_line

PAPER_SIZES = ("letter", "a4")
DEFAULT_PAPER = "letter"
# Page height and width in mm (portrait), for working out how many blank rows fill a page.
PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
PRINT_CSS = "print.css"

# These match static/print.css: change them together.
PAGE_MARGIN_MM = 12.0  # top and bottom page margins
FOOTER_MM = 0.0  # page numbers sit in the bottom margin box
BLANK_HEADER_MM = 40.0  # title, names, rules summary and the two header rows
BLANK_ROW_MM = 7.5  # one hand row on a blank sheet
BLANK_FOOTER_MM = 8.0  # the final-score row
HALF_GAP_MM = 10.0  # the cut line between two sheets on one page

MAX_BLANK_ROWS = 60

_font_config = FontConfiguration()
_render_lock = threading.Lock()


# --- fetching: the app's static files, nothing else --------------------------------------------


class StaticOnlyFetcher(URLFetcher):
    """A url_fetcher that serves files under the static folder and refuses everything else."""

    def __init__(self, root: Path = paths.STATIC) -> None:
        super().__init__(allowed_protocols=("file",), allow_redirects=False)
        self.root = Path(root).resolve()

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = self.local_path(url)
        if path is None:
            raise ValueError(f"printing fetches only the app's static files, not {url[:80]}")
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": _mime(path)})

    def local_path(self, url: str) -> Path | None:
        """The file under the static folder that ``url`` names, or None if it names no such file."""
        if not url.startswith("file://"):
            return None
        from urllib.parse import unquote, urlsplit

        parts = urlsplit(url)
        if parts.netloc not in ("", "localhost"):
            return None
        try:
            path = Path(unquote(parts.path)).resolve()
        except (OSError, ValueError):
            return None
        if not path.is_relative_to(self.root) or not path.is_file():
            return None
        return path


def _mime(path: Path) -> str:
    return {
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".png": "image/png",
    }.get(path.suffix.lower(), "application/octet-stream")


FETCHER = StaticOnlyFetcher()
BASE_URL = paths.STATIC.resolve().as_uri() + "/"


# --- stylesheets and templates, prepared once -------------------------------------------------


def paper_size(value: str | None) -> str:
    """A known paper size from a setting or a form (``letter`` or ``a4``), else the default."""
    value = (value or "").strip().lower()
    return value if value in PAPER_SIZES else DEFAULT_PAPER


def page_mm(paper: str, landscape: bool = False) -> tuple[float, float]:
    """The page's width and height in mm."""
    width, height = PAPER_MM[paper_size(paper)]
    return (height, width) if landscape else (width, height)


def half_height_mm(paper: str, landscape: bool = False) -> float:
    """The height of one of two sheets printed on a page."""
    usable = page_mm(paper, landscape)[1] - 2 * PAGE_MARGIN_MM - FOOTER_MM
    return (usable - HALF_GAP_MM) / 2 - 1  # a millimetre spare: rounding must not push a sheet over


@lru_cache(maxsize=2 * len(PAPER_SIZES) + 1)
def stylesheets(paper: str, landscape: bool = False) -> tuple[weasyprint.CSS, ...]:
    """The parsed print stylesheet plus the page size: parsed once per process and paper."""
    size = "A4" if paper == "a4" else "letter"
    orientation = "landscape" if landscape else "portrait"
    page = (
        f"@page {{ size: {size} {orientation}; }}\n"
        f".blank.half {{ height: {half_height_mm(paper, landscape):.1f}mm; }}"
    )
    return (
        weasyprint.CSS(
            filename=str(paths.STATIC / PRINT_CSS),
            url_fetcher=FETCHER,
            font_config=_font_config,
        ),
        weasyprint.CSS(string=page, font_config=_font_config),
    )


@lru_cache(maxsize=1)
def templates() -> jinja2.Environment:
    """The print templates (the same folder as the web app's), autoescaped like the app's."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(paths.TEMPLATES)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["rules_summary"] = rules_summary
    return env


def html_to_pdf(html: str, paper: str = DEFAULT_PAPER, *, landscape: bool = False) -> bytes:
    """A PDF from print HTML, styled by the cached print stylesheet, fetching only static files."""
    document = weasyprint.HTML(string=html, base_url=BASE_URL, url_fetcher=FETCHER)
    # WeasyPrint shares font and layout caches between renders; one render at a time keeps the
    # threaded server from interleaving them (a sheet takes a few tens of milliseconds).
    with _render_lock:
        return document.write_pdf(
            stylesheets=stylesheets(paper_size(paper), landscape), font_config=_font_config
        )


def warm_up() -> None:
    """Render one tiny sheet so the first real one does not pay for fonts and caches starting."""
    for paper in PAPER_SIZES:
        stylesheets(paper)
    html_to_pdf(templates().get_template("print/warm_up.html").render(), DEFAULT_PAPER)


# --- what a printed sheet says ----------------------------------------------------------------

PRESET_TITLES = {"nyc": "NYC", "head-to-head": "Head-to-head", "three-player": "Three-player",
                 "six-player": "Six-player"}  # fmt: skip
SET_PENALTIES = {"bid": "set: \u2212 the bid", "shortfall": "set: \u2212 the shortfall",
                 "none": "set: no penalty"}  # fmt: skip


def preset_title(preset: str) -> str:
    """A preset's name as a title: "NYC", "Standard"."""
    return PRESET_TITLES.get(preset, preset.replace("-", " ").capitalize())


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def rules_summary(rules: Rules, preset: str = "standard", players: int | None = None) -> list[str]:
    """The rules in force as short phrases, for the top of a printed sheet."""
    r = rules
    out = [f"{preset_title(preset)} rules"]
    end = f"game to {r.target_score}"
    if r.losing_score is not None:
        end += f", out at {r.losing_score}"
    if r.max_hands:
        end += f", {r.max_hands} hands"
    out.append(end)
    if players:
        out.append(f"{r.tricks_for(players)} tricks")
    if r.bidding == "partnership":
        out.append("partnership bids")
    if r.min_side_bid:
        out.append(f"board {r.min_side_bid}")
    if r.max_bid is not None:
        out.append(f"bid at most {r.max_bid}")
    made = f"{r.trick_value} a trick"
    if r.overtrick_value != 1:
        made += f", bags {_signed(r.overtrick_value)}"
    out.append(made)
    out.append(SET_PENALTIES[r.set_penalty])
    if r.bag_limit is not None:
        out.append(f"{r.bag_limit} bags: \u2212{r.bag_penalty}")
    else:
        out.append("no bag limit")
    if r.max_overtricks is not None:
        out.append(f"over {r.max_overtricks} bags is a set")
    if r.double_back:
        out.append(f"double bid taken: \u2212{r.double_back}\u00d7 the bid")
    out.extend(_nil_summary(r))
    out.extend(_blind_summary(r))
    if r.ten_for_200:
        ten = f"10 for {r.ten_for_200_value}"
        if r.ten_for_200_penalty is not None and r.ten_for_200_penalty != r.ten_for_200_value:
            ten += f" (set \u2212{r.ten_for_200_penalty})"
        if r.ten_for_200_exact:
            ten += ", exactly"
        out.append(ten)
    if r.moon:
        value = "wins the game" if r.moon_value == "win" else f"+{r.moon_value}"
        out.append(f"moon {value}, set \u2212{r.moon_penalty}")
    if r.boston_wins == "any":
        out.append("all the tricks win the game")
    elif r.boston_wins == "ten":
        out.append("bid 10+ and take all: win")
    if r.set_out:
        out.append(f"set {r.set_out} in a row: out")
    if r.first_hand_no_bids:
        out.append("first hand without bids")
    if not r.misdeal_deal_passes:
        out.append("misdeal: same dealer")
    return out


def _nil_summary(r: Rules) -> list[str]:
    out = []
    if r.nil:
        nil = f"nil {r.nil_value}"
        if r.nil_penalty is not None and r.nil_penalty != r.nil_value:
            nil += f"/\u2212{r.nil_penalty}"
        if r.nil_tricks != "bags":
            nil += ", its tricks " + (
                "count for the bid" if r.nil_tricks == "contract" else "ignored"
            )
        out.append(nil)
    else:
        out.append("no nil")
    if r.blind_nil:
        bnil = f"blind nil {r.blind_nil_value}"
        if r.blind_nil_penalty is not None and r.blind_nil_penalty != r.blind_nil_value:
            bnil += f"/\u2212{r.blind_nil_penalty}"
        out.append(bnil)
    if r.double_nil_value is not None:
        out.append(f"double nil {r.double_nil_value}")
    return out


def _blind_summary(r: Rules) -> list[str]:
    out = []
    if r.blind_bids:
        blind = f"blind {r.blind_min}+ \u00d7{r.blind_win_multiplier}"
        if r.blind_loss_multiplier != r.blind_win_multiplier:
            blind += f", set \u00d7{r.blind_loss_multiplier}"
        if r.blind_exact:
            blind += ", exactly"
        if r.blind_overtricks != "bags":
            blind += ", no bags" if r.blind_overtricks == "none" else ", overs cost"
        out.append(blind)
    if r.blind_bids or r.blind_nil:
        out.append(
            "blind any time" if r.blind_deficit is None else f"blind when {r.blind_deficit} behind"
        )
    return out


# --- the game sheet ---------------------------------------------------------------------------

LANDSCAPE_FROM_SIDES = 4  # five columns a side: four sides or more need the page turned


def render_game_pdf(
    game: Game,
    sheet: Sheet,
    *,
    title: str = "",
    paper: str = DEFAULT_PAPER,
    date: Date | str | None = None,
) -> bytes:
    """The score sheet of a game (``rules.Game`` and its ``rules.Sheet``) as PDF bytes."""
    html = (
        templates()
        .get_template("print/game.html")
        .render(
            game=game,
            sheet=sheet,
            title=title or "Spades game",
            date=date_text(date),
            rules_lines=rules_summary(game.rules, game.preset, len(game.players)),
            result_line=final_line(sheet),
            printing=True,
        )
    )
    return html_to_pdf(html, paper, landscape=len(sheet.sides) >= LANDSCAPE_FROM_SIDES)


def date_text(value: Date | str | None) -> str:
    """A date as a sheet prints it ("22 November 2026"); ISO text is read first."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            value = Date.fromisoformat(value[:10])
        except ValueError:
            return value
    return f"{value.day} {value:%B %Y}"


# --- blank sheets -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BlankSheet:
    """What a blank sheet shows.

    ``sides`` are team or player names ('' leaves a line to write on); ``members`` lists each
    team's players ('' blanks) when the sides are teams, and is empty otherwise.
    """

    sides: tuple[str, ...] = ("", "")
    members: tuple[tuple[str, ...], ...] = (("", ""), ("", ""))
    rules: Rules = field(default_factory=Rules)
    preset: str = "standard"
    rows: int | None = None  # None: what fills the page
    per_page: int = 1
    pages: int = 1
    title: str = ""
    paper: str = DEFAULT_PAPER

    @property
    def players(self) -> int:
        return sum(len(m) for m in self.members) if self.members else len(self.sides)

    @property
    def landscape(self) -> bool:
        return len(self.sides) >= LANDSCAPE_FROM_SIDES

    def fill_rows(self) -> int:
        """The hand rows that fill one sheet on this paper (half a page when two per page)."""
        if self.per_page == 2:
            height = half_height_mm(self.paper, self.landscape)
        else:
            height = page_mm(self.paper, self.landscape)[1] - 2 * PAGE_MARGIN_MM - FOOTER_MM
        room = height - BLANK_HEADER_MM - BLANK_FOOTER_MM
        return max(1, math.floor(room / BLANK_ROW_MM))

    @property
    def row_count(self) -> int:
        """The rows asked for (at most what fits, with two sheets a page), else what fills it."""
        if not self.rows:
            return self.fill_rows()
        if self.per_page == 2:
            return min(self.rows, self.fill_rows())
        return min(self.rows, MAX_BLANK_ROWS)


def blank_sheet(
    names: list[str] | tuple[str, ...] = (),
    *,
    players: int = 4,
    teams: bool = True,
    team_names: list[str] | tuple[str, ...] = (),
    **options: Any,
) -> BlankSheet:
    """A BlankSheet for ``players`` seats, named in seating order ('' or missing: blank).

    With ``teams`` (four or six players) partners sit opposite: seats 1 and 3 against 2 and 4,
    or 1 & 4, 2 & 5, 3 & 6. ``team_names`` name the teams; unnamed teams whose players are all
    named are called "Ann & Cy".
    """
    seats = [(n or "").strip() for n in names][:players]
    seats += [""] * (players - len(seats))
    if not (teams and players in (4, 6)):
        return BlankSheet(sides=tuple(seats), members=(), **options)
    step = players // 2
    members = tuple((seats[i], seats[i + step]) for i in range(step))
    given = [(t or "").strip() for t in team_names] + [""] * step
    sides = tuple(given[i] or (" & ".join(m) if all(m) else "") for i, m in enumerate(members))
    return BlankSheet(sides=sides, members=members, **options)


def render_blank_pdf(blank: BlankSheet) -> bytes:
    """Blank score sheets to print and fill in by hand, as PDF bytes."""
    html = (
        templates()
        .get_template("print/blank.html")
        .render(
            blank=blank,
            rows=range(1, blank.row_count + 1),
            rules_lines=rules_summary(blank.rules, blank.preset, blank.players),
            printing=True,
        )
    )
    return html_to_pdf(html, blank.paper, landscape=blank.landscape)


# The first sheet after start would otherwise pay for fontconfig, Pango and WeasyPrint's lazy
# set-up (about as long again as a whole sheet): pay it here, once, when the app or a print
# command loads this module.
warm_up()
