"""A player's rating over their games as a small SVG line (no script, no inline style: SVG
presentation attributes only, as the CSP asks)."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

WIDTH, HEIGHT, PAD = 320, 120, 8
MAX_POINTS = 400  # the last games drawn (a long history is thinned to this many)


def rating_svg(points: Sequence[float], name: str) -> Markup:
    """The ladder figure before the first game and after each one; empty without games."""
    if len(points) < 2:
        return Markup()
    if len(points) > MAX_POINTS:
        step = len(points) / MAX_POINTS
        points = [points[int(i * step)] for i in range(MAX_POINTS)] + [points[-1]]
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    last = len(points) - 1

    def xy(i: int, v: float) -> str:
        x = PAD + (WIDTH - 2 * PAD) * i / last
        y = PAD + (HEIGHT - 2 * PAD) * (high - v) / span
        return f"{x:.1f},{y:.1f}"

    line = " ".join(xy(i, v) for i, v in enumerate(points))
    zero = ""
    if low < 0 < high:
        y = PAD + (HEIGHT - 2 * PAD) * high / span
        zero = (f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{y:.1f}" y2="{y:.1f}" '
                'stroke="#9ca3af" stroke-dasharray="4 3"/>')  # fmt: skip
    words = (
        f"{name}'s rating over {last} games: from {points[0]:.1f} to {points[-1]:.1f}, "
        f"lowest {low:.1f}, highest {high:.1f}"
    )
    cx, cy = xy(last, points[-1]).split(",")
    # Only numbers and the escaped description go into the markup.
    return Markup(  # noqa: S704
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{Markup.escape(words)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{Markup.escape(words)}</title>{zero}"
        f'<polyline points="{line}" fill="none" stroke="#0072B2" stroke-width="2"/>'
        f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="#0072B2"/></svg>'
    )
