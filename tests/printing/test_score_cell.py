"""A printed sheet keeps a set score and its change on one line: "−120 −50 set", never "−120"
with "−50 set" wrapped under it (issue 34), with two sides and at a table of three."""

from __future__ import annotations

import pytest

from scorekeeper.printing.sheets import render_game_pdf
from scorekeeper.rules import parse_game, score_game
from tests.printing.reading import pdf_pages_text

TWO = {
    "rules": "standard", "players": ["Ann", "Bob", "Cy", "Di"],
    "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
    "hands": [
        {"bids": {"Ann": 4, "Bob": 3, "Cy": 3, "Di": 3}, "tricks": {"Ann & Cy": 5, "Bob & Di": 8}},
        {"bids": {"Ann": 3, "Bob": 3, "Cy": 2, "Di": 3}, "tricks": {"Ann & Cy": 3, "Bob & Di": 10}},
        {"bids": {"Ann": 1, "Bob": 3, "Cy": 1, "Di": 3}, "tricks": {"Ann & Cy": 1, "Bob & Di": 12}},
    ],
}  # fmt: skip
THREE = {
    "rules": "three-player", "players": ["Ann", "Bob", "Cy"],
    "hands": [
        {"bids": {"Ann": 7, "Bob": 5, "Cy": 4}, "tricks": {"Ann": 5, "Bob": 7, "Cy": 5}},
        {"bids": {"Ann": 5, "Bob": 5, "Cy": 5}, "tricks": {"Ann": 3, "Bob": 8, "Cy": 6}},
        {"bids": {"Ann": 2, "Bob": 5, "Cy": 5}, "tricks": {"Ann": 1, "Bob": 8, "Cy": 8}},
    ],
}  # fmt: skip


@pytest.mark.parametrize("game", [TWO, THREE], ids=["two sides", "three players"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_set_score_and_its_change_print_on_one_line(game, paper):
    parsed = parse_game({"format": "spades-scorekeeper/1", **game})
    body = render_game_pdf(parsed, score_game(parsed), title="Sets", paper_size=paper)
    text = pdf_pages_text(body)[0]
    for score, change in [("−70", "−70 set"), ("−120", "−50 set"), ("−140", "−20 set")]:
        rows = [line for line in text.splitlines() if f"{score} " in line and "Hand" not in line]
        line = rows[0]
        assert change in line, (line, text)
