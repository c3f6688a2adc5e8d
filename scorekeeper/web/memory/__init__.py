"""The club's memory on the web: the ladder, a player's page, the seasons (page, CSV, PDF and
the projector's screen) behind a reader's link, the keeper's page and its forms, the club page
and the figures explained.

What the other parts of the web use of it: its blueprint (``bp``, the "memory" endpoints).
"""

from __future__ import annotations

from scorekeeper.web.memory.pages import bp

__all__ = ["bp"]
