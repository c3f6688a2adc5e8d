"""The home page: what the app does and where to start."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    return render_template("home.html")


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    return "ok\n", 200, {"Content-Type": "text/plain; charset=utf-8"}
