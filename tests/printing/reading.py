"""Reading a printed PDF back as a person would: its words (poppler's pdftotext), its pages as
pictures (pdftoppm) and the QR codes on them (zxing-cpp)."""

from __future__ import annotations

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
