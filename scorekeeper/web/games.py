"""Setting up a game and the game page: the sheet and the next hand's form."""

from __future__ import annotations

import json

from flask import Blueprint, redirect, render_template, request, url_for

from scorekeeper.rules import (
    GROUPS,
    NAME_LENGTH,
    OPTIONS,
    PRESET_DESCRIPTIONS,
    PRESETS,
    GameError,
    changes_line,
    preset_rules,
    preset_title,
    rules_to_spec,
)
from scorekeeper.service import AlreadySaved, Unavailable, games, library
from scorekeeper.web import saving
from scorekeeper.web.db import get_db
from scorekeeper.web.forms import TEAM_CHOICES, HandForm, NewGame, minimal_spec, option_value
from scorekeeper.web.hands import render_game, tricks_step_gone
from scorekeeper.web.session import remember_game

bp = Blueprint("games", __name__)


def _option_groups() -> list[tuple[str, list]]:
    groups = [(g, [o for o in OPTIONS if o.group == g]) for g in GROUPS]
    return [(g, opts) for g, opts in groups if opts]


def _preset_data() -> tuple[str, str]:
    """The editor's field values for every preset, for game.js to switch presets in place."""
    base = preset_rules("standard")
    defaults = {o.name: option_value(o, getattr(base, o.name)) for o in OPTIONS}
    by_preset = {}
    for name in PRESETS:
        rules = preset_rules(name)
        values = {o.name: option_value(o, getattr(rules, o.name)) for o in OPTIONS}
        by_preset[name] = {k: v for k, v in values.items() if v != defaults[k]}
    return json.dumps(defaults), json.dumps(by_preset)


def _render_new(form: NewGame, status: int = 200):
    db = get_db()
    page = render_template(
        "games/new.html",
        form=form,
        # the one-time id: kept when the form comes back with its typing, new on a fresh form
        submission=(saving.posted() if request.method == "POST" else None) or saving.new_id(),
        presets=PRESETS,
        descriptions=PRESET_DESCRIPTIONS,
        groups=_option_groups(),
        team_choices=TEAM_CHOICES,
        known_players=library.player_names(db),
        saved_rules=library.all_house_rules(db),
        preset_data=_preset_data(),
        name_length=NAME_LENGTH,
    )
    if status == 503:
        return saving.unavailable_response(page)
    return page, status


def _name_taken(form: NewGame, spec: dict) -> bool:
    """Whether saving would silently replace other saved rules of that name: then ask first."""
    saved = library.house_rules_named(get_db(), form.save_as) if form.save_as else None
    if saved is None or saved.spec == spec or form.replace_saved:
        return False
    form.errors["save_as"] = (
        f"You already have house rules called “{saved.name}”. Tick “Replace them” to save"
        " these rules in their place, or type another name."
    )
    return True


@bp.route("/games/new", methods=["GET", "POST"])
def new():
    if request.method == "GET":
        saved = library.house_rules(get_db(), request.args.get("rules", 0, type=int))
        preset = request.args.get("preset", "standard")
        spec = saved.spec if saved else (preset if preset in PRESETS else "standard")
        try:
            form = NewGame.blank(spec)
        except GameError as e:  # saved before the app checked what it now checks
            form = NewGame.blank("standard")
            form.errors["preset"] = f"The saved rules “{saved.name}” no longer load ({e}): "
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
            submission=sent,
        )  # fmt: skip
    except GameError as e:
        form.place_error(e)
        return _render_new(form, 422)
    except AlreadySaved as e:  # the other tap won the race
        return _started(e.submitted.token, saving.already_saved(e.submitted))
    except Unavailable as e:
        form.errors["form"] = saving.not_saved(e)
        return _render_new(form, 503)
    return _started(
        record.edit_token, redirect(url_for("games.show", token=record.edit_token), 303)
    )


def _started(token: str | None, response):  # type: ignore[no-untyped-def]
    """Answer with the game a Start made (this tap's, or the first tap's), and list it here."""
    if token:
        remember_game(token)
    return response


@bp.get("/g/<token>")
def show(token: str):
    current = games.open_game(get_db(), token)
    remember_game(token)
    number = request.args.get("hand", type=int)
    if number is not None and 1 <= number <= len(current.game.hands):
        stored = current.record.data["hands"][number - 1]
        return render_game(current, HandForm.from_hand(current.game, stored), editing=number)
    form = HandForm.from_post(request.args)
    return tricks_step_gone(current, form) or render_game(current, form)


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
