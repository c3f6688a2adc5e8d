"""Pages many phones poll, rendered once per version and served again: the public page (and its
pages of tables and standings), the projector and the console's live part.

A page is kept under everything it shows: the event's version (which moves with any change to
the event or any of its table games), the part of the page asked for, the round clock's
five-second step while it runs (the time left is drawn in the page), the script root and the
app's own build (its templates and static files: a new release draws pages anew). It is kept
as the bytes sent and, once, gzip-compressed (phones on a venue's Wi-Fi), with an ETag made
from that key: a phone that already has this page gets ``304 Not Modified`` and no body.

The key reads nothing per process but what the database says (the version), so several server
processes keep the same pages under the same ETags and none can serve a page older than the
version it was asked at. Bounded by the bytes held.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache

from flask import Response, request

from scorekeeper import paths
from scorekeeper.cache import OneAtATime, SizedCache

CLOCK_STEP = 5  # seconds: a running round clock is drawn anew at most this often
GZIP_LEVEL = 6
GZIP_AT_LEAST = 512  # bytes: a smaller page is sent as it is


@dataclass(frozen=True)
class Rendered:
    """A page as sent: its bytes, the same gzip-compressed, and its ETag: weak (``W/"..."``),
    as the page gzip-compressed and not are the same page, not the same bytes."""

    body: bytes
    gzipped: bytes
    etag: str

    def __len__(self) -> int:
        return len(self.body) + len(self.gzipped)


_kept: SizedCache[Rendered] = SizedCache(32 * 1024 * 1024, len)
# A page missed by several threads at once (the room's phones when the version moves, or all
# loading the page at the room's start) is rendered by one; the others wait for it.
_RENDERING = OneAtATime()


def clear() -> None:
    """Forget every kept page (for benchmarks and tests)."""
    global _kept
    _kept = SizedCache(32 * 1024 * 1024, len)


@cache
def build() -> str:
    """What the app's pages are drawn from (its templates and static files, by name, size and
    time): part of every key, so a page kept by an older release is never served again."""
    h = hashlib.blake2b(digest_size=8)
    for folder in (paths.TEMPLATES, paths.STATIC):
        for f in sorted(folder.rglob("*")):
            if f.is_file():
                st = f.stat()
                h.update(f"{f.relative_to(folder)}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def clock_step(left: int | None, paused: bool, now: float) -> int | None:
    """The part of the key a round clock adds: while it runs, the five-second step of ``now``
    (the page shows the time left as drawn); stopped, paused or absent, nothing."""
    if left is None or paused or left == 0:
        return None
    return int(now // CLOCK_STEP)


def kept_or_rendered(full: Hashable, render: Callable[[], str]) -> Rendered:
    """The page kept under ``full``, or rendered once: the threads of a room's phones that miss
    it together wait for the one rendering it (_RENDERING) and send what it kept."""
    kept = _kept.get(full)
    if kept is not None:
        return kept
    with _RENDERING.lock(full):
        kept = _kept.get(full)
        if kept is None:  # not rendered by a thread this one waited for
            body = render().encode()
            small = len(body) < GZIP_AT_LEAST
            packed = b"" if small else gzip.compress(body, GZIP_LEVEL, mtime=0)
            tag = hashlib.blake2b(repr(full).encode(), digest_size=12).hexdigest()
            kept = Rendered(body, packed, f'W/"{tag}"')
            _kept.put(full, kept)
        return kept


def _wants_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


def answer(
    key: Hashable, render: Callable[[], str], *, cache_control: str = "no-cache"
) -> Response:
    """The page kept under ``key``, rendered by ``render`` on a miss: 304 when the browser
    already has it (If-None-Match), gzip-compressed when the browser takes it. ``no-cache``:
    a browser may keep the page but asks again (with its ETag) each time it shows it."""
    kept = kept_or_rendered((key, request.script_root, build()), render)
    headers = {"ETag": kept.etag, "Cache-Control": cache_control, "Vary": "Accept-Encoding"}
    if request.if_none_match.contains_weak(kept.etag[3:-1]):
        return Response(status=304, headers=headers)
    if kept.gzipped and _wants_gzip():
        response = Response(kept.gzipped, mimetype="text/html", headers=headers)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = Response(kept.body, mimetype="text/html", headers=headers)
    return response
