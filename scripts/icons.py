"""Draw the home-screen icons (static/icon-192.png, icon-512.png, icon-maskable-512.png) from
static/icon.svg, so the installed app shows the same spade as the browser tab.

    .venv/bin/python scripts/icons.py

Debian's Chromium (through Playwright, as the browser tests use it) draws the SVG; Pillow then
stores each picture with a small palette, so each PNG stays a few KB. The maskable icon has no
rounded corners and keeps the spade inside the middle 60%, the safe zone a launcher's mask
never cuts. The PNGs are committed: run this again only when icon.svg changes.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

STATIC = ROOT / "static"


def svg_page(svg: str, size: int, maskable: bool) -> str:
    if maskable:  # full bleed, the spade scaled into the safe zone
        background = re.search(r'<rect[^>]*fill="([^"]+)"', svg).group(1)
        spade = re.search(r"<path[^>]*/>", svg).group(0)
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
            f'<rect width="32" height="32" fill="{background}"/>'
            f'<g transform="translate(16 16) scale(.7) translate(-16 -16)">{spade}</g></svg>'
        )
    svg = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
    return f"<!doctype html><body style='margin:0;background:transparent'>{svg}</body>"


def main() -> int:
    svg = (STATIC / "icon.svg").read_text()
    wanted = [("icon-192.png", 192, False), ("icon-512.png", 512, False),
              ("icon-maskable-512.png", 512, True)]  # fmt: skip
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, size, maskable in wanted:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(svg_page(svg, size, maskable))
            png = page.screenshot(omit_background=True)
            picture = Image.open(io.BytesIO(png)).convert("RGBA")
            picture.quantize(colors=32, method=Image.Quantize.FASTOCTREE).save(
                STATIC / name, optimize=True
            )
            print(f"{name}: {(STATIC / name).stat().st_size} bytes")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
