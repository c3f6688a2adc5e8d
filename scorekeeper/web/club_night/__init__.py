"""The club night on the web: creating or importing an event, the director's console behind its
own link (entrants, rounds, the clock, paper results, files and printouts), the public pages
and the projector's screen.

What the other parts of the web use of it: its blueprint (``bp``, the "events" endpoints) and
``EVENT_FILE_LIMIT`` (the largest event file the import takes).
"""

from __future__ import annotations

# Each module adds its routes to the blueprint as it is imported.
from scorekeeper.web.club_night import (
    console,
    entrants,
    files,
    new_event,
    public,
    rounds,
    table_rows,
)
from scorekeeper.web.club_night.blueprint import EVENT_FILE_LIMIT, bp

__all__ = ["EVENT_FILE_LIMIT", "bp"]
_ROUTES = (new_event, console, entrants, rounds, files, public, table_rows)
