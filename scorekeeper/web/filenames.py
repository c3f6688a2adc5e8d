"""The names downloads are saved under: ASCII words joined by "-", safe in any download folder,
made one way for every file the app hands out (a game's file and sheet, a season's)."""

from __future__ import annotations

import re
import unicodedata

# Letters Unicode does not decompose into a base letter and a mark, written as their own
# language writes them in ASCII ("Łukasiewicz" -> "Lukasiewicz", "Søren" -> "Soren").
_OWN_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "Æ": "AE",
     "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "ı": "i"}
)  # fmt: skip


def slug(text: str, limit: int) -> str:
    """``text`` in lower-case ASCII words joined by "-", at most ``limit`` characters ("" when
    nothing is left): "Éva Łukasiewicz vs O'Brien" -> "eva-lukasiewicz-vs-o-brien"."""
    plain = unicodedata.normalize("NFKD", text.translate(_OWN_LETTERS))
    ascii_text = plain.encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:limit].rstrip("-")
