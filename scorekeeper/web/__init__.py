"""Blueprints: the web layer gathers input, calls the rules core, saves through store."""

from __future__ import annotations

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from scorekeeper.web import home

    app.register_blueprint(home.bp)

    from scorekeeper.web import library, share

    app.register_blueprint(library.bp)
    app.register_blueprint(share.bp)

    from scorekeeper.web import games, hands

    app.register_blueprint(games.bp)
    app.register_blueprint(hands.bp)

    from scorekeeper.web import printing

    app.register_blueprint(printing.bp)

    from scorekeeper.web import house_rules

    app.register_blueprint(house_rules.bp)
