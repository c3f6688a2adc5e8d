"""The one empty form of a button post (Delete, Drop, Undo): its one-time id and version."""

from __future__ import annotations

import re
from dataclasses import dataclass

from werkzeug.datastructures import MultiDict


@dataclass
class ButtonForm:
    """A button post (Delete, Drop, Undo): no fields of its own but the form's one-time
    submission id and the version it was read at, each None when the post has none that reads.
    The CSRF token is checked by CSRFProtect before the view runs, as for every POST."""

    submission: str | None = None
    version: int | None = None

    @classmethod
    def from_post(cls, form: MultiDict) -> ButtonForm:
        sent = form.get("submission", "")
        submission = sent if _SUBMISSION.match(sent) else None
        text = form.get("version", "")
        version = int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None
        return cls(submission, version)


_SUBMISSION = re.compile(r"[A-Za-z0-9_-]{16,64}\Z")  # what web.saving.new_id makes
