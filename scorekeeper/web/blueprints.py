"""Every blueprint of the web app, registered in one place."""

from __future__ import annotations

from flask import Flask

from scorekeeper.web import club_night, home, kitchen, memory, offline


def register_blueprints(app: Flask) -> None:
    blueprints = (home.bp, *kitchen.BLUEPRINTS, club_night.bp, offline.bp, memory.bp)
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
