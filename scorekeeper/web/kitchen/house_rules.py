"""Saved house rules ("Friday night rules"): the list, and deleting one.

Each browser sees and deletes only its own (another browser's are not found: 404).

House rules are saved from the new game page (its "Save these rules as" field). A game never
points at them: its game file carries its own rules spec, so deleting or replacing saved rules
leaves every game already started exactly as it was.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.service import kitchen
from scorekeeper.web.button_form import ButtonForm
from scorekeeper.web.db import get_db
from scorekeeper.web.session import browser_id

bp = Blueprint("house_rules", __name__)


@bp.get("/house-rules")
def index() -> str:
    rules = kitchen.all_house_rules(get_db(), browser_id(create=False))
    return render_template("kitchen/house_rules/index.html", rules=rules)


@bp.get("/house-rules/<int:rule_id>/delete")
def delete(rule_id: int) -> str:
    """Asks first, naming them; the POST below deletes. Another browser's are not found."""
    saved = kitchen.house_rules(get_db(), rule_id, browser_id(create=False))
    if saved is None:
        abort(404)
    return render_template("kitchen/house_rules/delete.html", saved=saved, line=saved.line)


@bp.post("/house-rules/<int:rule_id>/delete")
def deleted(rule_id: int) -> Response:
    """The button, with the CSRF token: deletes; games keep their own rules."""
    ButtonForm.from_post(request.form)  # the button alone: nothing else to read
    saved = kitchen.forget_house_rules(get_db(), rule_id, browser_id(create=False))
    if saved is None:
        abort(404)
    flash(f"Deleted the house rules “{saved.name}”. Games played with them keep them.", "info")
    return redirect(url_for("house_rules.index"), 303)
