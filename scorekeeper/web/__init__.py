"""The web layer: Flask blueprints that translate requests into the application layer's use
cases (``scorekeeper.service``) and its results into pages. The factory is in ``app``."""
