"""The names downloads are saved under: ASCII words joined by "-", safe in any download folder,
made one way for every file the app hands out (a game's file and sheet, a season's)."""

from __future__ import annotations

import re
import unicodedata

from scorekeeper.rules.names import OWN_LETTERS


def slug(text: str, limit: int) -> str:
    """``text`` in lower-case ASCII words joined by "-", at most ``limit`` characters ("" when
    nothing is left): "Éva Łukasiewicz vs O'Brien" -> "eva-lukasiewicz-vs-o-brien"."""
    plain = unicodedata.normalize("NFKD", text.translate(OWN_LETTERS))
    ascii_text = plain.encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:limit].rstrip("-")
