"""Every blueprint of the web app, registered in one place."""

from __future__ import annotations

from flask import Flask

from scorekeeper.web import (
    events,
    games,
    hands,
    home,
    house_rules,
    library,
    memory,
    offline,
    printouts,
    share,
)


def register_blueprints(app: Flask) -> None:
    modules = (home, library, share, games, hands, printouts, house_rules, events, offline, memory)
    for module in modules:
        app.register_blueprint(module.bp)
