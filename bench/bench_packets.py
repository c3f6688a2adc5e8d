"""How long a club night's round packet takes to print, and whether it stays linear in the tables.

Prints, for packets of 10, 20 and 40 tables (scorekeeper.printing.packets.render_packet_pdf on
scorekeeper.printing.sample's round 1 of a Swiss night: pairings, a table card with its QR code
per table, a pre-filled score sheet per table):
- the seconds (wall clock, median of a few warm runs) and the CPU seconds of this process;
- the seconds per table, and each packet's CPU seconds against the baseline's, measured in the
  same run: the 30-hand game sheet PDF (what a kitchen-table scorer prints). Linear means the
  per-table figures and the per-table ratio stay about the same from 10 to 40 tables;
- where a table's share goes: its card, its score sheet, and the QR code alone (a PNG made by
  segno, then drawn by WeasyPrint).

Wall time moves with whatever else the machine runs (two cores, shared); the CPU seconds and the
ratios, both taken in this run, are the figures to compare. Nothing here asserts.
"""

from __future__ import annotations

import io
import re
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = (10, 20, 40)
RUNS = 3  # a 40-table packet takes ~3 s: three runs after the first keep the bench short
HANDS = 30


def timed(fn: Callable[[], object], runs: int = RUNS, warm: bool = True) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` calls (after one warm-up call if ``warm``)."""
    if warm:
        fn()
    wall, cpu = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu)


def without(html: str, *classes: str) -> str:
    """The packet's HTML with every top-level section of the given classes taken out."""
    for name in classes:
        html = re.sub(rf'<section class="{name}\b.*?</section>', "", html, flags=re.S)
    return html


def main() -> None:
    from scorekeeper.printing import packets, pdf, sample, sheets
    from scorekeeper.rules import parse_game, score_game
    from scorekeeper.rules.sample import steady_game

    pdf.warm_up()
    game = parse_game(steady_game(HANDS, ("Ann", "Bob", "Cy", "Di"), target=10_000))
    scored = score_game(game)
    base_wall, base_cpu = timed(lambda: sheets.render_game_pdf(game, scored, title="Bench"), 5)
    print(f"baseline: {HANDS}-hand game sheet PDF  {base_wall:6.3f} s  (cpu {base_cpu:6.3f} s)")
    print()
    print("tables  pages   seconds  cpu s   per table  cpu/table  ratio  ratio/table")
    packets.render_packet_pdf(sample.sample_packet(2))  # warm: the packet's fonts and sizes
    for n in SIZES:
        packet = sample.sample_packet(n)
        body = packets.render_packet_pdf(packet)  # also the first of the runs' warm-up
        pages = len(PdfReader(io.BytesIO(body)).pages)
        wall, cpu = timed(partial(packets.render_packet_pdf, packet), warm=False)
        ratio = cpu / base_cpu  # CPU against CPU: the machine's other work moves wall time
        print(
            f"{n:6d}  {pages:5d}  {wall:8.2f}  {cpu:6.2f}  {wall / n:9.3f}  {cpu / n:9.3f}"
            f"  {ratio:5.1f}  {ratio / n:11.2f}"
        )

    # Where one table's share goes, from the 20-table packet: each part alone, minus nothing.
    print()
    packet = sample.sample_packet(20)
    html = packets.packet_html(packet)
    parts = {
        "pairings + find your table": without(html, "card", "blank"),
        "table cards": without(html, "pairings", "find", "blank"),
        "score sheets": without(html, "pairings", "find", "card"),
    }
    for label, part in parts.items():
        _, cpu = timed(partial(pdf.html_to_pdf, part, packet.paper_size), 3)
        print(f"{label:28s}: cpu {cpu:6.2f} s for 20 tables, {cpu / 20 * 1000:5.0f} ms a table")
    links = [t.link for t in packet.tables]
    start = time.process_time()
    images = [packets.qr_image.__wrapped__(link) for link in links]
    made = (time.process_time() - start) / len(links)
    qr_only = "<html><body>" + "".join(f'<div><img src="{s}"></div>' for s in images)
    qr_only += "</body></html>"
    blank = "<html><body>" + "<div></div>" * len(images) + "</body></html>"
    _, with_qr = timed(lambda: pdf.html_to_pdf(qr_only), 3)
    _, none = timed(lambda: pdf.html_to_pdf(blank), 3)
    drawn = (with_qr - none) / len(images)
    print(f"{'one QR code':28s}: {made * 1000:5.1f} ms to make (segno), ", end="")
    print(f"{drawn * 1000:5.1f} ms to draw (WeasyPrint)")


if __name__ == "__main__":
    main()
