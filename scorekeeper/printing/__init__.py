"""Printing: a game's sheet and blank sheets as PDF (``sheets``), through WeasyPrint (``pdf``)."""
