"""The club night's blueprint ("events": its endpoints' names), the request class that lets the
event import take a large event file, and how often the club night's pages poll."""

from __future__ import annotations

from flask import (
    Blueprint,
    Request,
    current_app,
)

bp = Blueprint("events", __name__)

# The largest event file the web's import takes (as a file or pasted), every other request
# keeping MAX_CONTENT_LENGTH. The largest event the app is sized for is 200 teams (100 tables
# a round) over 30 rounds of games of about 12 hands: its compact event file is about 7 MB
# (200 teams over 8 rounds: 1.8 MB). Config EVENT_FILE_LIMIT overrides it.
EVENT_FILE_LIMIT = 8 * 1024 * 1024


class EventFileRequest(Request):
    """A request whose size limits are the app's, except the event import's, which takes the
    event file of the largest event the app supports (see EVENT_FILE_LIMIT)."""

    def _event_file(self) -> bool:
        return self.endpoint == "events.import_event" and bool(current_app)

    @property
    def max_content_length(self) -> int | None:
        if self._event_file():
            return int(current_app.config.get("EVENT_FILE_LIMIT", EVENT_FILE_LIMIT))
        return super().max_content_length

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value

    @property
    def max_form_memory_size(self) -> int | None:
        if self._event_file():
            return int(current_app.config.get("EVENT_FILE_LIMIT", EVENT_FILE_LIMIT))
        return super().max_form_memory_size

    @max_form_memory_size.setter
    def max_form_memory_size(self, value: int | None) -> None:
        self._max_form_memory_size = value


bp.record_once(lambda state: setattr(state.app, "request_class", EventFileRequest))

REFRESH_SECONDS = 5  # how often the public page and the console ask whether anything changed
