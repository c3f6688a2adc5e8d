"""Every blueprint of the web app, registered in one place."""

from __future__ import annotations

from flask import Flask

from scorekeeper.web import events, games, hands, home, house_rules, library, memory, paper, share


def register_blueprints(app: Flask) -> None:
    for module in (home, library, share, games, hands, paper, house_rules, events, memory):
        app.register_blueprint(module.bp)
