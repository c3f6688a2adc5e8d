"""Saved house rules ("Friday night rules"): the list, and deleting one.

House rules are saved from the new game page (its "Save these rules as" field). A game never
points at them: its game file carries its own rules spec, so deleting or replacing saved rules
leaves every game already started exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from scorekeeper import store
from scorekeeper.app import get_db
from scorekeeper.rules import OPTIONS, GameError, rules_from_spec, rules_to_spec

bp = Blueprint("house_rules", __name__)


def preset_name(preset: str) -> str:
    """A preset as the new game page names it: "Standard", "NYC", "Head to head"."""
    return "NYC" if preset == "nyc" else preset.replace("-", " ").capitalize()


def _word(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def rules_line(spec: dict[str, Any] | str) -> str:
    """How saved rules differ from their preset, in one line of plain words.

    "Standard, changed: Game to: 250; Moon (Boston) bids: yes". The spec is read by the engine
    and written back minimal, so only real differences are named, with the options' labels.
    """
    spec = {"preset": spec} if isinstance(spec, str) else spec
    preset = spec.get("preset", "standard")
    try:
        changed = rules_to_spec(rules_from_spec(spec), preset)
    except GameError:
        return f"{preset_name(str(preset))}: these rules no longer load."
    words = [f"{o.label}: {_word(changed[o.name])}" for o in OPTIONS if o.name in changed]
    if not words:
        return f"{preset_name(preset)}, nothing changed."
    return f"{preset_name(preset)}, changed: " + "; ".join(words) + "."


@dataclass(frozen=True)
class Saved:
    """Saved house rules as the list shows them."""

    id: int
    name: str
    line: str


class DeleteForm(FlaskForm):
    """Only the CSRF token: the confirmation page's button."""


def _saved_or_404(rule_id: int) -> store.HouseRules:
    saved = store.house_rules_by_id(get_db(), rule_id)
    if saved is None:
        abort(404)
    return saved


@bp.get("/house-rules")
def index() -> str:
    rules = [Saved(r.id, r.name, rules_line(r.spec)) for r in store.all_house_rules(get_db())]
    return render_template("house_rules/index.html", rules=rules)


@bp.route("/house-rules/<int:rule_id>/delete", methods=["GET", "POST"])
def delete(rule_id: int) -> str | Response:
    """GET asks (naming them), POST with the CSRF token deletes; games keep their own rules."""
    saved = _saved_or_404(rule_id)
    form = DeleteForm()
    if form.validate_on_submit():
        store.delete_house_rules(get_db(), saved.id)
        flash(f"Deleted the house rules “{saved.name}”. Games played with them keep them.", "info")
        return redirect(url_for("house_rules.index"), 303)
    line = rules_line(saved.spec)
    return render_template("house_rules/delete.html", form=form, saved=saved, line=line)
