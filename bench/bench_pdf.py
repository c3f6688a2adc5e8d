"""How long a printed game sheet takes, against WeasyPrint's own floor, in one process and run.

Prints:
- the median time of a 30-hand game sheet PDF (scorekeeper.sheets.render_game_pdf), and of a
  minimal one-page document holding one 5-row table (bare WeasyPrint, no stylesheet), and their
  ratio (target: at most 1.5);
- for scale, a bare table with the sheet's rows and cells and no stylesheet: what WeasyPrint
  needs for that many cells whatever the styling;
- the first sheet after start (a fresh Python process that imports the module and renders once,
  median of a few processes) against the warm median (target: at most 2).

Timings are medians of several runs after a warm-up; nothing here asserts, it prints ratios.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RUNS = 7
FRESH_PROCESSES = 3
HANDS = 30
NAMES = ("Ann", "Bob", "Cy", "Di")


def game_data(hands: int) -> dict[str, Any]:
    """The printed sheets' steady game (sets, nils, bags, a misdeal), far from its target."""
    from scorekeeper.rules.sample import steady_game

    return steady_game(hands, NAMES, target=10_000)


def median_time(fn: Callable[[], object], runs: int = RUNS) -> float:
    fn()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


FRESH = """
import sys, time
sys.path.insert(0, {root!r})
sys.path.insert(0, {bench!r})
from bench_pdf import game_data
from scorekeeper.printing import pdf, sheets
from scorekeeper.rules import parse_game, score_game
game = parse_game(game_data({hands}))
sheet = score_game(game)
start = time.perf_counter()
sheets.render_game_pdf(game, sheet, title="Bench")
print(time.perf_counter() - start)
"""


def first_render_time() -> float:
    code = FRESH.format(root=str(ROOT), bench=str(ROOT / "bench"), hands=HANDS)
    times = []
    for _ in range(FRESH_PROCESSES):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
        ).stdout
        times.append(float(out.split()[-1]))
    return statistics.median(times)


def main() -> None:
    import weasyprint

    from scorekeeper.printing import sheets
    from scorekeeper.rules import parse_game, score_game

    game = parse_game(game_data(HANDS))
    sheet = score_game(game)
    minimal = (
        "<table>"
        + "".join(f"<tr><td>{i}</td><td>Ann</td><td>{10 * i}</td></tr>" for i in range(1, 6))
        + "</table>"
    )
    cells = 1 + 4 * len(sheet.sides)
    bare = (
        "<table>"
        + "".join(
            "<tr>" + "".join(f"<td>{h * c}</td>" for c in range(cells)) + "</tr>"
            for h in range(HANDS)
        )
        + "</table>"
    )

    base = median_time(lambda: weasyprint.HTML(string=minimal).write_pdf())
    sheet_time = median_time(lambda: sheets.render_game_pdf(game, sheet, title="Bench"))
    bare_time = median_time(lambda: weasyprint.HTML(string=bare).write_pdf())
    first = first_render_time()

    ms = 1000
    print(f"minimal 5-row table (WeasyPrint) : {base * ms:7.1f} ms")
    print(f"{HANDS}-hand game sheet PDF         : {sheet_time * ms:7.1f} ms")
    print(f"  ratio sheet / minimal          : {sheet_time / base:7.2f}   (target <= 1.5)")
    print(f"bare {HANDS}x{cells} table, no CSS (scale) : {bare_time * ms:7.1f} ms")
    print(f"  ratio sheet / bare table       : {sheet_time / bare_time:7.2f}")
    print(f"first sheet after start          : {first * ms:7.1f} ms")
    print(f"  ratio first / warm             : {first / sheet_time:7.2f}   (target <= 2)")


if __name__ == "__main__":
    main()
