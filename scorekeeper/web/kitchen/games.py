"""Setting up a game and the game page: the sheet and the next hand's form."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_wtf.csrf import generate_csrf

from scorekeeper.rules import (
    MAX_START_BAGS,
    MAX_START_SCORE,
    NAME_LENGTH,
    PRESET_DESCRIPTIONS,
    PRESETS,
    GameError,
    changes_line,
    preset_title,
    rules_to_spec,
)
from scorekeeper.rules.examples import extras_examples, rules_explained, table_words
from scorekeeper.rules.words import option_shown
from scorekeeper.service import AlreadySaved, StartRefused, StartUnavailable, kitchen
from scorekeeper.web import saving
from scorekeeper.web.db import get_db
from scorekeeper.web.fields import range_words, tenths_text
from scorekeeper.web.kitchen.game_page import render_game, tricks_step_gone
from scorekeeper.web.kitchen.hand_form import HandForm
from scorekeeper.web.kitchen.new_game_form import TEAM_CHOICES, NewGame
from scorekeeper.web.kitchen.rules_editor import option_groups, preset_bags, preset_data
from scorekeeper.web.session import browser_id

bp = Blueprint("games", __name__)


# the start's hint: its scores in whole points and in tenths (the field takes a game in tenths'
# points, -10000 to 10000), its bags; the form shows the range of its rules
START_RANGES = (
    range_words(-MAX_START_SCORE, MAX_START_SCORE),
    range_words(f"-{tenths_text(MAX_START_SCORE)}", tenths_text(MAX_START_SCORE)),
    range_words(0, MAX_START_BAGS),
)


def _render_new(form: NewGame, page: kitchen.NewGamePage, status: int = 200):
    page_html = render_template(
        "kitchen/games/new.html",
        form=form,
        # the one-time id: kept when the form comes back with its typing, new on a fresh form
        submission=(saving.posted() if request.method == "POST" else None) or saving.new_id(),
        presets=PRESETS,
        descriptions=PRESET_DESCRIPTIONS,
        groups=option_groups(),
        team_choices=TEAM_CHOICES,
        known_players=page.known_players,
        saved_rules=page.saved_rules,
        preset_data=preset_data(),
        preset_bags=preset_bags(),
        start_ranges=START_RANGES,
        name_length=NAME_LENGTH,
    )
    if status == 503:
        return saving.unavailable_response(page_html)
    return page_html, status


def _rules_id(asked: str | None) -> int | None:
    """The saved rules ``?rules=<id>`` names: None when not asked, 0 (no such rules) when it
    is no id."""
    if asked is None:
        return None
    return int(asked) if asked.isascii() and asked.isdigit() and len(asked) < 20 else 0


@bp.get("/games/new")
def new():
    rules_id = _rules_id(request.args.get("rules"))
    page = kitchen.new_game_page(get_db(), browser_id(create=False), rules_id)
    saved = page.chosen
    if rules_id is not None and saved is None:
        abort(404)  # not saved rules this browser may use
    preset = request.args.get("preset", "standard")
    spec = saved.spec if saved else (preset if preset in PRESETS else "standard")
    try:
        form = NewGame.blank(spec)
    except GameError as e:  # saved before the app checked what it now checks
        form = NewGame.blank("standard")
        name = saved.name if saved else spec
        form.errors["preset"] = f"The saved rules “{name}” no longer load ({e}): "
        form.errors["preset"] += "the standard rules are shown instead."
    return _render_new(form, page)


@bp.post("/games/new")
def start():
    """Start (or, without JavaScript, see a preset's rules): one use case. Start sent twice
    goes to the game the first send started."""
    form = NewGame.from_post(request.form)
    try:
        token = kitchen.start_game(get_db(), browser_id(), form, saving.posted())
    except AlreadySaved as e:  # Start tapped twice: that game, listed here again
        return saving.already_saved(e.submitted)
    except StartRefused as e:
        if e.error is not None:
            form.place_error(e.error)
        if e.taken is not None:
            form.errors["save_as"] = (
                f"You already have house rules called “{e.taken}”. Tick “Replace them” to save"
                " these rules in their place, or type another name."
            )
        return _render_new(form, e.page, 422 if form.errors else 200)
    except StartUnavailable as e:
        form.errors["form"] = saving.not_saved(e)
        return _render_new(form, e.page, 503)
    return redirect(url_for("games.show", token=token), 303)


@bp.get("/g/<token>")
def show(token: str):
    page = kitchen.game_page(get_db(), token, browser_id())  # this browser opened it
    current = page.current
    number = request.args.get("hand", type=int)
    if number is not None and 1 <= number <= len(current.game.hands):
        stored = current.stored_hand(number)
        return render_game(page, HandForm.from_hand(current.game, stored), editing=number)
    form = HandForm.from_post(request.args)
    return tricks_step_gone(current, form) or render_game(page, form)


@bp.get("/g/<token>/version")
def version(token: str):
    """Where the game is now, for a page the browser brought back from its memory (Back) or a
    phone sending the hands it kept while offline: the version, the hands and a fresh CSRF
    token for the saves to come."""
    current = kitchen.open_game(get_db(), token)
    return (
        {
            "version": current.facts.version,
            "hands": len(current.game.hands),
            "csrf": generate_csrf(),
        },
        200,
        {"Cache-Control": "no-store"},
    )


@bp.get("/g/<token>/rules")
def rules(token: str):
    """The game's rules in plain words."""
    current = kitchen.open_game(get_db(), token)
    game = current.game
    seats, teams = len(game.players), game.teams is not None
    count = len(game.teams or ())
    explained = rules_explained(game.rules, game.preset, seats, teams, count)
    return render_template(
        "kitchen/games/rules.html",
        current=current,
        options=[
            (o, option_shown(o, getattr(game.rules, o.name), game.rules), example)
            for o, example in explained.used
        ],
        unused=[
            (why, [(o, option_shown(o, getattr(game.rules, o.name), game.rules)) for o in group])
            for why, group in explained.unused
        ],
        extras=extras_examples(game.rules, game.preset, seats, teams, count),
        table=table_words(game.rules, seats, teams, count),
        preset=preset_title(game.preset),
        changed=changes_line(rules_to_spec(game.rules, game.preset)),
    )
