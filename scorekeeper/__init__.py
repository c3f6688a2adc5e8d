"""Spades Scorekeeper: a score keeper for the card game Spades.

The package root stays import-light on purpose: `scorekeeper score` must start without Flask, so
the app factory imports the web stack only when it is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__version__ = "0.1.0"


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app (see scorekeeper.web.app for the wiring)."""
    from scorekeeper.web.app import build_app

    return build_app(test_config)
