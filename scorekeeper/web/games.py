"""Setting up a game and the game page: the sheet and the next hand's form."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_wtf.csrf import generate_csrf

from scorekeeper.rules import (
    MAX_START_BAGS,
    MAX_START_SCORE,
    NAME_LENGTH,
    OPTIONS,
    PRESET_DESCRIPTIONS,
    PRESETS,
    GameError,
    changes_line,
    preset_title,
    rules_to_spec,
)
from scorekeeper.service import AlreadySaved, Unavailable, games, library
from scorekeeper.web import saving
from scorekeeper.web.db import get_db
from scorekeeper.web.forms import (
    TEAM_CHOICES,
    HandForm,
    NewGame,
    minimal_spec,
    range_words,
)
from scorekeeper.web.game_page import render_game, tricks_step_gone
from scorekeeper.web.rules_editor import option_groups, preset_data
from scorekeeper.web.session import browser_id, opened, remember_game

bp = Blueprint("games", __name__)


START_RANGES = (range_words(-MAX_START_SCORE, MAX_START_SCORE), range_words(0, MAX_START_BAGS))


def _render_new(form: NewGame, status: int = 200):
    db = get_db()
    me = browser_id(create=False)
    page = render_template(
        "games/new.html",
        form=form,
        # the one-time id: kept when the form comes back with its typing, new on a fresh form
        submission=(saving.posted() if request.method == "POST" else None) or saving.new_id(),
        presets=PRESETS,
        descriptions=PRESET_DESCRIPTIONS,
        groups=option_groups(),
        team_choices=TEAM_CHOICES,
        known_players=library.player_names(db, me),
        saved_rules=library.all_house_rules(db, me),
        preset_data=preset_data(),
        start_ranges=START_RANGES,
        name_length=NAME_LENGTH,
    )
    if status == 503:
        return saving.unavailable_response(page)
    return page, status


def _name_taken(form: NewGame, spec: dict) -> bool:
    """Whether saving would silently replace other saved rules of that name: then ask first."""
    if not form.save_as:
        return False
    saved = library.house_rules_named(get_db(), form.save_as, browser_id(create=False))
    if saved is None or saved.spec == spec or form.replace_saved:
        return False
    form.errors["save_as"] = (
        f"You already have house rules called “{saved.name}”. Tick “Replace them” to save"
        " these rules in their place, or type another name."
    )
    return True


def _saved_rules(asked: str | None) -> library.SavedRules | None:
    """The saved rules ``?rules=<id>`` names, if this browser may use them (else 404)."""
    if asked is None:
        return None
    rule_id = int(asked) if asked.isascii() and asked.isdigit() and len(asked) < 20 else 0
    saved = library.house_rules(get_db(), rule_id, browser_id(create=False))
    if saved is None:
        abort(404)
    return saved


@bp.route("/games/new", methods=["GET", "POST"])
def new():
    if request.method == "GET":
        saved = _saved_rules(request.args.get("rules"))
        preset = request.args.get("preset", "standard")
        spec = saved.spec if saved else (preset if preset in PRESETS else "standard")
        try:
            form = NewGame.blank(spec)
        except GameError as e:  # saved before the app checked what it now checks
            form = NewGame.blank("standard")
            name = saved.name if saved else spec
            form.errors["preset"] = f"The saved rules “{name}” no longer load ({e}): "
            form.errors["preset"] += "the standard rules are shown instead."
        return _render_new(form)
    form = NewGame.from_post(request.form)
    sent = saving.posted()
    if sent and (seen := games.submitted(get_db(), sent)):  # Start tapped twice
        return _started(seen.token, saving.already_saved(seen))
    if request.form.get("apply_preset"):
        form.set_rules(form.preset)
        return _render_new(form)
    data = form.game_data()
    if data is None:
        return _render_new(form, 422)
    try:
        data["rules"] = minimal_spec(data["rules"])
        if _name_taken(form, data["rules"]):
            return _render_new(form, 422)
        record = games.create_game(
            get_db(), data, remember_players=True, save_rules_as=form.save_as or None,
            submission=sent, browser=browser_id(),
        )  # fmt: skip
    except GameError as e:
        form.place_error(e)
        return _render_new(form, 422)
    except AlreadySaved as e:  # the other tap won the race
        return _started(e.submitted.token, saving.already_saved(e.submitted))
    except Unavailable as e:
        form.errors["form"] = saving.not_saved(e)
        return _render_new(form, 503)
    return redirect(url_for("games.show", token=record.edit_token), 303)


def _started(token: str | None, response):
    """Answer with the game the first tap of Start made, and list it here."""
    remember_game(token)
    return response


@bp.get("/g/<token>")
def show(token: str):
    current = games.open_game(get_db(), token)
    opened(current.record)
    number = request.args.get("hand", type=int)
    if number is not None and 1 <= number <= len(current.game.hands):
        stored = current.stored_hand(number)
        return render_game(current, HandForm.from_hand(current.game, stored), editing=number)
    form = HandForm.from_post(request.args)
    return tricks_step_gone(current, form) or render_game(current, form)


@bp.get("/g/<token>/version")
def version(token: str):
    """Where the game is now, for a page the browser brought back from its memory (Back) or a
    phone sending the hands it kept while offline: the version, the hands and a fresh CSRF
    token for the saves to come."""
    current = games.open_game(get_db(), token)
    return (
        {
            "version": current.record.version,
            "hands": len(current.game.hands),
            "csrf": generate_csrf(),
        },
        200,
        {"Cache-Control": "no-store"},
    )


@bp.get("/g/<token>/rules")
def rules(token: str):
    """The game's rules in plain words."""
    current = games.open_game(get_db(), token)
    game = current.game
    return render_template(
        "games/rules.html",
        current=current,
        options=OPTIONS,
        preset=preset_title(game.preset),
        changed=changes_line(rules_to_spec(game.rules, game.preset)),
    )
