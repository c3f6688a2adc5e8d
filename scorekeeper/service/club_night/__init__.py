"""The club night: an event created, its entrants registered, its rounds seated, played against
the clock and closed, its tables' results (each table's game, or the director's paper result),
its pages (the director's console, the public page, the projector), its printed sheets and its
files (the event file, results and standings as CSV and text).

Each use case is one function and one transaction. Each table's game is a kitchen game
(``service.kitchen``) with the event's rules. The modules: ``events`` (an event opened by its
link, created, listed), ``settings`` (what a director chooses, checked and said in words),
``entrants`` (register, drop, reinstate, fix), ``seating`` (seat the next round, swap, re-pair),
``rounds`` (a round opened and closed, a form sent once, what the console offers next),
``clock`` (the round's clock and the call of time), ``paper`` (a table's paper result),
``views`` (what an event looks like), ``outcomes`` (each table's game scored once a version),
``loading`` (the event's view read from the store, kept while its version stands),
``public_page`` (the public page, read once a version), ``printed`` (the
standings sheet and a round's packet), ``event_file`` (the event as one JSON file, out and in),
``downloads`` (results and standings as CSV and text).
"""

from __future__ import annotations

from .clock import (
    CLOCK_ACTIONS,
    ClockAnswer,
    TimeCalled,
    call_time,
    console_clock,
    console_round_minutes,
    time_question,
)
from .downloads import (
    EventFile,
    csv_text,
    export_file,
    results_csv,
    results_file,
    standings_csv,
    standings_file,
    standings_text,
)
from .entrants import drop_question, fix_entrant, register, set_active, submit_entrant
from .event_file import export_text, import_event, import_file, read_event_file, view_of_file
from .events import (
    ConsoleView,
    clock_now,
    console_view,
    create_event,
    events_of,
    new_event,
    open_director,
    open_public,
    overview,
    public_version,
)
from .loading import clear_cache, load
from .paper import PaperTable, clear_paper, enter_paper, paper_table, submit_paper
from .printed import packet_data, standings_sheet
from .public_page import HOLD_SECONDS, EventPage, event_page, polled_version
from .rounds import close_round
from .seating import repair_round, seat_next_round, swap
from .settings import CUTS, EVENT_NAME_LENGTH, MAX_ROUND_MINUTES, MAX_ROUNDS, EventSettings
from .views import EventLink, EventView, RoundView, TableView, side_groups

__all__ = [
    "CLOCK_ACTIONS", "CUTS", "ClockAnswer", "ConsoleView", "EVENT_NAME_LENGTH", "EventFile",
    "EventLink", "EventPage", "EventSettings", "EventView", "HOLD_SECONDS", "MAX_ROUNDS",
    "MAX_ROUND_MINUTES", "PaperTable", "RoundView", "TableView", "TimeCalled", "call_time",
    "clear_cache", "clear_paper", "clock_now", "close_round", "console_clock",
    "console_round_minutes", "console_view", "create_event", "csv_text", "drop_question",
    "enter_paper", "event_page", "events_of", "export_file", "export_text", "fix_entrant",
    "import_event", "import_file", "load", "new_event", "open_director", "open_public", "overview",
    "packet_data", "paper_table", "polled_version", "public_version", "read_event_file", "register",
    "repair_round", "results_csv", "results_file", "seat_next_round", "set_active", "side_groups",
    "standings_csv", "standings_file", "standings_sheet", "standings_text", "submit_entrant",
    "submit_paper", "swap", "time_question", "view_of_file",
]  # fmt: skip
