"""Reading a printed PDF back as a person would: its words (poppler's pdftotext), its pages as
pictures (pdftoppm) and the QR codes on them (zxing-cpp)."""

from __future__ import annotations

import html
import io
import re
import subprocess
import tempfile
from pathlib import Path

import zxingcpp
from PIL import Image
from pypdf import PdfReader


def pdf_pages_text(body: bytes, *, layout: bool = True) -> list[str]:
    """Each page's text as poppler reads it: laid out as printed, or in reading order (which
    keeps a name wrapped in a narrow column together)."""
    args = ["pdftotext", *(["-layout"] if layout else []), "-", "-"]
    out = subprocess.run(args, input=body, capture_output=True, check=True).stdout.decode()
    return out.split("\f")[: page_count(body)]


def flat(text: str) -> str:
    """Text as one line: a name wrapped at a space or after a hyphen reads whole again."""
    return re.sub(r"-\s+", "-", " ".join(text.split()))


def page_count(body: bytes) -> int:
    return len(PdfReader(io.BytesIO(body)).pages)


def page_image(body: bytes, page: int, dpi: int = 150) -> Image.Image:
    """One page (counted from 1) as poppler draws it, in grey."""
    with tempfile.TemporaryDirectory() as tmp:
        pdf, stem = Path(tmp, "packet.pdf"), Path(tmp, "page")
        pdf.write_bytes(body)
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile",
             str(pdf), str(stem)],
            check=True,
        )  # fmt: skip
        with Image.open(stem.with_suffix(".png")) as image:
            return image.convert("L")


def qr_links(body: bytes, page: int) -> list[str]:
    """What the QR codes on a page say, top to bottom."""
    found = zxingcpp.read_barcodes(page_image(body, page), formats=zxingcpp.BarcodeFormat.QRCode)
    return [r.text for r in sorted(found, key=lambda r: r.position.top_left.y)]


CARD_MARK = "Scan the code with one phone at this table"  # printed on every table card


def card_pages(body: bytes) -> list[int]:
    """The pages (counted from 1) of a round packet that hold table cards."""
    return [n for n, text in enumerate(pdf_pages_text(body), 1) if CARD_MARK in text]


Word = tuple[str, float, float, float, float]  # its text, then x0, y0, x1, y1 in points


def page_words(body: bytes, page: int) -> list[Word]:
    """The words of one page (counted from 1) as poppler places them, in reading order."""
    args = ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), "-", "-"]
    out = subprocess.run(args, input=body, capture_output=True, check=True).stdout.decode()
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', out
    )
    return [(html.unescape(t), float(a), float(b), float(c), float(d)) for a, b, c, d, t in found]


def elided(body: bytes) -> list[str]:
    """The text that a single drawn glyph stands for, where that is more than a ligature's
    letters: what a "…" hides. WeasyPrint draws a line cut short (``text-overflow: ellipsis``)
    as the letters that fit and an ellipsis glyph that its text map says is all the rest, so
    pdftotext reads the name whole where the paper shows "Maximilian…"; only the map tells."""
    hidden = []
    for font in _fonts(body):
        cmap = font.get("/ToUnicode")
        if cmap is None:
            continue
        text = cmap.get_object().get_data().decode("latin-1")
        for target in re.findall(r"<[0-9a-fA-F]{4}>\s*<([0-9a-fA-F]{8,})>", text):
            stands_for = bytes.fromhex(target).decode("utf-16-be")
            if not (len(stands_for) <= 3 and stands_for.isalpha()):  # "ff", "ffi" are letters
                hidden.append(stands_for)
    return hidden


def _fonts(body: bytes) -> list:
    fonts: dict[int, object] = {}
    for page in PdfReader(io.BytesIO(body)).pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            fonts.setdefault(ref.idnum, ref.get_object())
    return list(fonts.values())
