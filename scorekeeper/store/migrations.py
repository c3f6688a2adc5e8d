"""The schema as named migrations, in the order they apply (sqlite-utils ``Migrations``).

Applied by ``scorekeeper migrate`` and at ``serve``, in one immediate transaction, safe to
repeat. A migration is never edited once released: a change is a new one at the end.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .actions import read_words
from .db import Database as StoreDatabase
from .db import write

migrations = Migrations("scorekeeper")


@migrations(name="0001_games")
def _m0001_games(db: Database) -> None:
    db.table("games").create(
        {
            "id": int,
            "edit_token": str,
            "view_token": str,
            "title": str,
            "data": str,  # the game file (contract JSON): the single source of truth
            "version": int,  # bumped by every save; a save naming an older one is refused
            "finished": int,
            "winner": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"edit_token", "view_token", "data", "version", "created_at", "updated_at"},
        defaults={"version": 1, "finished": 0, "title": ""},
    )
    db.table("games").create_index(["edit_token"], unique=True)
    db.table("games").create_index(["view_token"], unique=True)
    # Every earlier state of a game, so a change can be undone and nothing is ever lost.
    db.table("game_history").create(
        {
            "id": int,
            "game_id": int,
            "version": int,
            "data": str,
            "action": str,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "version", "data", "created_at"},
    )
    db.table("game_history").create_index(["game_id", "version"], unique=True)


@migrations(name="0002_players_and_house_rules")
def _m0002_players_and_house_rules(db: Database) -> None:
    # Names typed on this instance, suggested when the next game is set up.
    db.table("players").create({"name": str, "last_used": str}, pk="name", not_null={"last_used"})
    # Named house rules ("Friday night rules"): a rules spec as the game file writes it.
    db.table("house_rules").create(
        {"id": int, "name": str, "spec": str, "created_at": str, "updated_at": str},
        pk="id",
        not_null={"name", "spec", "created_at", "updated_at"},
    )
    db.table("house_rules").create_index(["name"], unique=True)
    # A history row that was undone is kept (nothing is lost) but is no longer an undo target.
    db.table("game_history").add_column("undone", int, not_null_default=0)


@migrations(name="0003_submissions")
def _m0003_submissions(db: Database) -> None:
    # The one-time ids that forms carry: a form sent twice (a double tap, Back then Save, a
    # retry) finds its id here and changes nothing. No foreign key: a game's ids outlive it, so
    # a late second send can say the game was deleted. Kept 30 days (see store.submissions).
    db.table("submissions").create(
        {
            "id": str,
            "game_id": int,  # the game created or changed
            "action": str,  # what it did: "add hand 9", "new game", "rematch", ...
            "version": int,  # the game's version after it
            "created_at": str,
        },
        pk="id",
        not_null={"action", "created_at"},
    )
    db.table("submissions").create_index(["created_at"])


@migrations(name="0005_events")
def _m0005_events(db: Database) -> None:
    # People the club follows across games and events (``players`` holds typed names only).
    db.table("people").create(
        {"id": int, "name": str, "created_at": str}, pk="id", not_null={"name", "created_at"}
    )
    db.execute("create unique index idx_people_name on people (name collate nocase)")
    # An event: the rules of every game, the format, how a round ends, the standings order,
    # and two capabilities: the director's link (changes) and the public link (reads).
    db.table("events").create(
        {
            "id": int,
            "name": str,
            "date": str,
            "rules": str,  # a rules spec, as a game file writes it (JSON)
            "format": str,  # round_robin, swiss, progressive, knockout
            "rounds": int,  # rounds planned (before a cut)
            "sides_per_table": int,  # 2: partnerships; 3: cutthroat tables of three
            "target_score": int,  # a round's game ends here (null: the rules' own)
            "max_hands": int,  # ... or after this many hands (null: no cap)
            "round_minutes": int,  # the round's time, for a timer (null: none); time is called
            "tiebreakers": str,  # JSON list, in order, after wins
            "cut": int,  # top 2/4/8 to a knockout after the rounds (null: no cut)
            "seed": int,  # shuffles round 1 (null: registration order)
            "director_token": str,
            "public_token": str,
            "status": str,  # open, finished
            "version": int,  # bumped by every change to the event itself (pages poll it)
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"name", "rules", "format", "rounds", "sides_per_table", "tiebreakers",
                  "director_token", "public_token", "status", "version", "created_at",
                  "updated_at"},
        defaults={"status": "open", "version": 1, "date": ""},
    )  # fmt: skip
    db.table("events").create_index(["director_token"], unique=True)
    db.table("events").create_index(["public_token"], unique=True)
    # Who plays: a team (two people) or one person, in registration order.
    db.table("event_entrants").create(
        {
            "id": int,
            "event_id": int,
            "name": str,
            "members": str,  # JSON list of people ids
            "ord": int,  # registration order: round 1 seeding and the last tie-breaker
            "active": int,  # 0 once dropped: never seated again, results kept
            "joined_round": int,  # the first round they could be seated in
            "fixed_table": int,  # always seated at this table (accessibility); null: anywhere
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
        not_null={"event_id", "name", "members", "ord", "active", "joined_round", "created_at"},
        defaults={"active": 1, "joined_round": 1},
    )
    db.table("event_entrants").create_index(["event_id", "ord"], unique=True)
    db.table("event_rounds").create(
        {
            "id": int,
            "event_id": int,
            "number": int,
            "status": str,  # seated, time_called, closed ("playing" is seated with hands)
            "knockout": int,  # 1 for a round of the cut's single elimination
            "byes": str,  # JSON list of entrant ids sitting out (a bye is a win)
            "notes": str,  # JSON list of the pairing's notes
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
        not_null={"event_id", "number", "status", "byes", "notes", "created_at", "updated_at"},
        defaults={"knockout": 0, "byes": "[]", "notes": "[]"},
    )
    db.table("event_rounds").create_index(["event_id", "number"], unique=True)
    # A table of a round: who sits where, who deals, its game (an ordinary game), or a result
    # typed from a paper sheet. ``position`` is the table's place in the pairing (what the event
    # core's movement and dealer rules count); ``number`` is the table it is played at.
    db.table("event_tables").create(
        {
            "id": int,
            "round_id": int,
            "number": int,
            "position": int,
            "entrants": str,  # JSON list of entrant ids in the pairing's order
            "seats": str,  # JSON list of [seat, name] clockwise from North
            "dealer": str,
            "game_id": int,
            "fixed": int,  # 1: this table number was kept for a fixed entrant
            "paper": str,  # JSON {"sides": [{"points", "bags"}], "winner": index|null} or null
        },
        pk="id",
        foreign_keys=[("round_id", "event_rounds", "id"), ("game_id", "games", "id")],
        not_null={"round_id", "number", "position", "entrants", "seats", "dealer", "game_id"},
        defaults={"fixed": 0},
    )
    db.table("event_tables").create_index(["round_id", "number"], unique=True)
    db.table("event_tables").create_index(["game_id"], unique=True)


# Named 0004 when it was planned, applied after 0005_events: new migrations go at the end.
@migrations(name="0004_browsers")
def _m0004_browsers(db: Database) -> None:
    # Each browser's games ("Your games"), one row a game: a browser is a random id in its
    # signed session cookie. The rows go with their game.
    db.execute(
        "create table browser_games ("
        " browser_id text not null,"
        " game_id integer not null references games(id) on delete cascade,"
        " last_opened text not null,"
        " primary key (browser_id, game_id))"
    )
    db.execute("create index idx_browser_games_opened on browser_games (browser_id, last_opened)")
    db.execute("create index idx_browser_games_game on browser_games (game_id)")
    # Saved house rules belong to the browser that saved them (null: saved before browsers had
    # ids, shared as they always were). A name is unique per browser, ignoring case.
    db.table("house_rules").add_column("owner", str)
    db.execute("drop index if exists idx_house_rules_name")
    db.execute(
        "create unique index idx_house_rules_owner_name on house_rules (owner, name collate nocase)"
    )


@migrations(name="0006_table_corrections")
def _m0006_table_corrections(db: Database) -> None:
    # A table corrected after its round closed is said, never silent: the game's version when
    # the round closed (a later version is a hand changed since), and a correction recorded as
    # such (a paper result entered or cleared after close, or one an event file carried).
    db.table("event_tables").add_column("closed_version", int)
    db.table("event_tables").add_column("corrected", int, not_null_default=0)


@migrations(name="0007_round_clock")
def _m0007_round_clock(db: Database) -> None:
    # A round's clock (issue 15): running, the moment it reaches zero (seconds since the epoch);
    # paused, the seconds it had left. Both null: the round has no clock.
    db.table("event_rounds").add_column("clock_deadline", float)
    db.table("event_rounds").add_column("clock_left", int)


@migrations(name="0008_club_memory")
def _m0008_club_memory(db: Database) -> None:
    # A person merged into another keeps their row (undo needs it); their games count for the
    # one they joined while ``merged_into`` is set.
    db.table("people").add_column("merged_into", int)
    # Names a person was known by before a rename, so the games that still say the old name
    # (and a new registration typing it) find the same person. A name key names one person.
    db.table("person_names").create(
        {"key": str, "person_id": int, "name": str, "created_at": str},
        pk="key",
        foreign_keys=[("person_id", "people", "id")],
        not_null={"person_id", "name", "created_at"},
    )
    # What the club's keeper did to people, in order: renames and merges (an undone merge keeps
    # its row, with when it was undone). Nothing about a person's games is ever rewritten.
    db.table("person_changes").create(
        {
            "id": int,
            "kind": str,  # rename, merge
            "person_id": int,  # renamed, or merged away
            "other_id": int,  # merge: the person joined
            "old_name": str,
            "new_name": str,
            "created_at": str,
            "undone_at": str,
        },
        pk="id",
        not_null={"kind", "person_id", "created_at"},
    )
    # The club's two capabilities: the keeper's link (renames, merges, seasons) and the club's
    # read-only link (the ladder, players' pages, seasons), made by the command line.
    db.table("club_links").create({"kind": str, "token": str, "created_at": str}, pk="kind")
    db.table("club_links").create_index(["token"], unique=True)
    # A season: a date range (inclusive) or chosen events, and its points scheme (JSON).
    db.table("seasons").create(
        {
            "id": int,
            "name": str,
            "start": str,
            "end": str,
            "events": str,  # JSON list of event ids, or null: every event in the range
            "scheme": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"name", "scheme", "created_at", "updated_at"},
    )
    db.execute("create unique index idx_seasons_name on seasons (name collate nocase)")


@migrations(name="0009_action_kinds")
def _m0009_action_kinds(db: Database) -> None:
    # What a save did, as codes (store/actions.py): a history row's step (change, undo, redo),
    # kind and hand; a submission's kind and hand. Rows from before are read from their words.
    db.table("game_history").add_column("step", str)
    db.table("game_history").add_column("kind", str)
    db.table("game_history").add_column("hand", int)
    db.table("submissions").add_column("kind", str)
    db.table("submissions").add_column("hand", int)
    history = db.conn.execute("select id, action from game_history").fetchall()
    for row_id, text in history:
        step, action = read_words(text)
        db.conn.execute(
            "update game_history set step = ?, kind = ?, hand = ? where id = ?",
            (step, action.kind, action.hand, row_id),
        )
    for row_id, text in db.conn.execute("select id, action from submissions").fetchall():
        _, action = read_words(text)
        db.conn.execute(
            "update submissions set kind = ?, hand = ? where id = ?",
            (action.kind, action.hand, row_id),
        )


@migrations(name="0010_game_results")
def _m0010_game_results(db: Database) -> None:
    # The memory's kept result of each table's game: the engine's finished totals, bags and
    # winner as of one version of the game (JSON), so a ladder read after a restart does not
    # score every game of the year again. Derived and disposable: a row counts only while its
    # version is the game's version (the edit token is never reused, unlike a deleted id).
    db.table("game_results").create(
        {"edit_token": str, "version": int, "result": str}, pk="edit_token",
        not_null={"version", "result"},
    )  # fmt: skip


@migrations(name="0011_game_time_called")
def _m0011_game_time_called(db: Database) -> None:
    # A club table's game imported on its own keeps the director's call of time its file
    # carried (``"time_called": {"round_hands": n}``, docs/contract.md section 1): called or
    # not, and the round's own hands (null: the round had none). An event's table game says
    # it from its event instead; every game stored before was imported without it.
    db.table("games").add_column("time_called", int, not_null_default=0)
    db.table("games").add_column("round_hands", int)


@migrations(name="0012_event_submissions")
def _m0012_event_submissions(db: Database) -> None:
    # A console form's one-time id (Seat round N): the event it acted on and the round it
    # seated, so the same form sent again (a double tap) reads as done, not as an old page.
    db.table("submissions").add_column("event_id", int)
    db.table("submissions").add_column("round_number", int)


@migrations(name="0013_replaced_links")
def _m0013_replaced_links(db: Database) -> None:
    # A table's game replaced before play (a swap, a re-pair) is deleted; its two links are
    # kept here, so a phone that opened one, or a table card printed before, is told the table
    # was re-paired and where to look now (web: club_night/replaced.html), never "No such game".
    db.table("replaced_links").create(
        {
            "edit_token": str,
            "view_token": str,
            "event_id": int,
            "round_number": int,
            "table_number": int,
            "why": str,  # swap, repair
            "created_at": str,
        },
        pk="edit_token",
        foreign_keys=[("event_id", "events", "id")],
        not_null={"view_token", "event_id", "round_number", "table_number", "why",
                  "created_at"},
    )  # fmt: skip
    db.table("replaced_links").create_index(["view_token"], unique=True)


@migrations(name="0014_submission_outcomes")
def _m0014_submission_outcomes(db: Database) -> None:
    # What a console form's one-time id answered (JSON: the tables Call time capped, a swap's
    # warnings, the name dropped), so the same form sent again answers as the first send did.
    db.table("submissions").add_column("outcome", str)


def migrate(db: StoreDatabase) -> list[str]:
    """Apply pending migrations in one immediate transaction; returns the names applied."""
    with write(db):
        pending = [m.name for m in migrations.pending(db)]
        migrations.apply(db)
    return pending


def applied_migrations(db: StoreDatabase) -> list[str]:
    return [m.name for m in migrations.applied(db)]
