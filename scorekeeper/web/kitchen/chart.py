"""The score-progression chart: a scored sheet drawn as SVG text, on the server.

Pure: no Flask, no chart library. It reads the engine's ``Sheet`` (``sides``, ``start``,
``rules.target_score`` and the played ``hands``' running totals), so the game page, the read-only
page and the PDF can all show the same picture. Styling uses SVG presentation
attributes (``fill=``, ``stroke=``), never ``style=``: the CSP forbids inline styles.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from scorekeeper.rules.results import Points
from scorekeeper.rules.words import figure

WIDTH = 360
PLOT_LEFT = 48
PLOT_RIGHT = 16
PLOT_TOP = 14
PLOT_HEIGHT = 170
AXIS_LABEL_SPACE = 34  # below the plot: tick numbers and the "Hand" caption
LEGEND_ROW = 22

# Colour-blind-safe (Okabe-Ito) with a dash pattern each, so sides differ without colour too.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")
MARKERS = ("circle", "square", "diamond", "circle", "square", "diamond")


def _nice_step(span: float, ticks: int = 5) -> int:
    """A round tick step (1, 2, 5 x 10^n) giving about ``ticks`` intervals over ``span``."""
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return int(factor * power)
    return int(10 * power)  # pragma: no cover - the loop always returns


def _series(
    sheet: Any, start: Mapping[str, Points] | None
) -> tuple[list[int], dict[str, list[Points]]]:
    """The played hands' numbers and each side's running total: the start, then after each, as
    the sheet holds them (whole points, or exact tenths: drawn and labelled as they are)."""
    played = [h for h in sheet.hands if not h.void]
    sides = list(sheet.sides)
    first: dict[str, Points] = {}
    for side in sides:
        if start is not None and side in start:
            first[side] = start[side]
        elif played:
            result = played[0].sides[side]
            first[side] = result.total - result.points
        else:
            first[side] = 0
    series = {side: [first[side]] + [h.sides[side].total for h in played] for side in sides}
    return [h.number for h in played], series


@dataclass(frozen=True)
class _Plot:
    """Where the chart's numbers are drawn: the scale (``low`` to ``high``) and the hands."""

    low: int
    high: int
    count: int

    plot_w = WIDTH - PLOT_LEFT - PLOT_RIGHT
    legend_top = PLOT_TOP + PLOT_HEIGHT + AXIS_LABEL_SPACE
    bottom = PLOT_TOP + PLOT_HEIGHT

    def x(self, i: int) -> float:
        plot_w = self.plot_w
        return round(PLOT_LEFT + (plot_w * i / self.count if self.count else plot_w / 2), 1)

    def y(self, v: Points | float) -> float:  # a position, drawn: a float is what it needs
        return round(PLOT_TOP + PLOT_HEIGHT * float(self.high - v) / float(self.high - self.low), 1)


def progression_svg(
    sheet: Any,
    *,
    title: str = "Score progression",
) -> str:
    """The running total of every side after every played hand, with the target as a line."""
    # the target as the totals count it; none when the game is only a number of hands
    target = getattr(sheet, "target", None)
    numbers, series = _series(sheet, getattr(sheet, "start", None))
    sides: Sequence[str] = list(sheet.sides)
    values = [v for vs in series.values() for v in vs]
    low = min([0, *values])
    high = max([*values, target if target is not None else 0, 10])
    step = _nice_step(float(high - low))
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step
    plot = _Plot(low, high, len(numbers))
    height = plot.legend_top + LEGEND_ROW * len(sides) + 6
    desc = _description(sides, series, numbers, target)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" role="img" '
        f'aria-labelledby="chart-title chart-desc" font-family="system-ui, sans-serif" '
        f'font-size="11">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<desc id="chart-desc">{escape(desc)}</desc>',
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        *_grid(plot, step),
        *_axes(plot, numbers),
        *_target(plot, target),
        *_lines(plot, sides, series),
        *_legend(plot, sides, series),
        "</svg>",
    ]
    return "\n".join(out) + "\n"


def _grid(plot: _Plot, step: int) -> list[str]:
    """The grid and the y axis's labels."""
    out = []
    tick = plot.low
    while tick <= plot.high:
        ty = plot.y(tick)
        out.append(
            f'<line x1="{PLOT_LEFT}" y1="{ty}" x2="{WIDTH - PLOT_RIGHT}" y2="{ty}" '
            f'stroke="{"#6b7280" if tick == 0 else "#e5e7eb"}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{PLOT_LEFT - 6}" y="{ty + 4}" text-anchor="end" fill="#374151">'
            f"{figure(tick)}</text>"
        )
        tick += step
    return out


def _axes(plot: _Plot, numbers: list[int]) -> list[str]:
    """The axes, the hands' numbers under them and the axes' names."""
    bottom, count = plot.bottom, plot.count
    out = [
        f'<line x1="{PLOT_LEFT}" y1="{PLOT_TOP}" x2="{PLOT_LEFT}" y2="{bottom}" '
        f'stroke="#374151" stroke-width="1"/>',
        f'<line x1="{PLOT_LEFT}" y1="{bottom}" x2="{WIDTH - PLOT_RIGHT}" y2="{bottom}" '
        f'stroke="#374151" stroke-width="1"/>',
    ]
    label_every = max(1, math.ceil(count / 12))
    for i, number in enumerate(numbers, 1):
        if i % label_every == 0 or i == count:
            out.append(
                f'<text x="{plot.x(i)}" y="{bottom + 14}" text-anchor="middle" fill="#374151">'
                f"{number}</text>"
            )
    out.append(
        f'<text x="{PLOT_LEFT + plot.plot_w / 2}" y="{bottom + 28}" text-anchor="middle" '
        f'fill="#374151">Hand</text>'
    )
    out.append(
        f'<text x="12" y="{PLOT_TOP + PLOT_HEIGHT / 2}" text-anchor="middle" fill="#374151" '
        f'transform="rotate(-90 12 {PLOT_TOP + PLOT_HEIGHT / 2})">Score</text>'
    )
    return out


def _target(plot: _Plot, target: Points | None) -> list[str]:
    """The target's line, and the words when no hand is played yet."""
    out = []
    if target is not None and plot.low <= target <= plot.high:
        ty = plot.y(target)
        out.append(
            f'<line class="target" x1="{PLOT_LEFT}" y1="{ty}" x2="{WIDTH - PLOT_RIGHT}" '
            f'y2="{ty}" stroke="#b91c1c" stroke-width="1.5" stroke-dasharray="5 4"/>'
        )
        out.append(
            f'<text x="{WIDTH - PLOT_RIGHT}" y="{ty - 4}" text-anchor="end" fill="#b91c1c">'
            f"target {target}</text>"
        )
    if not plot.count:
        out.append(
            f'<text x="{PLOT_LEFT + plot.plot_w / 2}" y="{PLOT_TOP + PLOT_HEIGHT / 2}" '
            f'text-anchor="middle" fill="#4b5563">No hands played yet</text>'
        )
    return out


def _lines(plot: _Plot, sides: Sequence[str], series: Mapping[str, list[Points]]) -> list[str]:
    """One polyline per side, with markers."""
    out = []
    for k, side in enumerate(sides):
        colour, dash = PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]
        points = " ".join(f"{plot.x(i)},{plot.y(v)}" for i, v in enumerate(series[side]))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f"<g><title>{escape(side)}</title>"
            f'<polyline class="side" data-side={quoteattr(side)} points="{points}" fill="none" '
            f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"{dash_attr}/>'
        )
        for i, v in enumerate(series[side]):
            if i:
                out.append(_marker(MARKERS[k % len(MARKERS)], plot.x(i), plot.y(v), colour))
        out.append("</g>")
    return out


def _legend(plot: _Plot, sides: Sequence[str], series: Mapping[str, list[Points]]) -> list[str]:
    """The legend: each side's line, its name and its total now."""
    out = []
    for k, side in enumerate(sides):
        colour, dash = PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]
        ly = plot.legend_top + LEGEND_ROW * k + 10
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{PLOT_LEFT}" y1="{ly}" x2="{PLOT_LEFT + 28}" y2="{ly}" stroke="{colour}" '
            f'stroke-width="2.5"{dash_attr}/>'
        )
        out.append(
            f'<text x="{PLOT_LEFT + 36}" y="{ly + 4}" fill="#111827" font-size="13">'
            f"{escape(side)}: {figure(series[side][-1])}</text>"
        )
    return out


def _marker(shape: str, cx: float, cy: float, colour: str) -> str:
    if shape == "square":
        return (
            f'<rect x="{round(cx - 3, 1)}" y="{round(cy - 3, 1)}" width="6" height="6" '
            f'fill="{colour}"/>'
        )
    if shape == "diamond":
        pts = f"{cx},{round(cy - 4, 1)} {round(cx + 4, 1)},{cy} {cx},{round(cy + 4, 1)} "
        pts += f"{round(cx - 4, 1)},{cy}"
        return f'<polygon points="{pts}" fill="{colour}"/>'
    return f'<circle cx="{cx}" cy="{cy}" r="3" fill="{colour}"/>'


def _description(
    sides: Sequence[str],
    series: Mapping[str, list[Points]],
    numbers: list[int],
    target: Points | None,
) -> str:
    """The chart in words, for screen readers."""
    if not numbers:
        lines = ["No hands played yet."]
    else:
        lines = [f"Running totals after {len(numbers)} hands."]
        for side in sides:
            lines.append(f"{side}: " + ", ".join(figure(v) for v in series[side][1:]) + ".")
    if target is not None:
        lines.append(f"Target {target}.")
    return " ".join(lines)
