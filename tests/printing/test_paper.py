"""Paper as a person reads it (issue 23): a printed game's legend explains only the marks its
rules can print; two sheets a page hold a game's hands; a club round's pre-filled sheets have
the round's hands and say who deals each; the blank sheet takes the browser's saved rules."""

from __future__ import annotations

import pytest

from scorekeeper.printing import sheets
from scorekeeper.rules import parse_game, score_game
from scorekeeper.rules.sample import steady_game
from tests.printing.reading import flat, pdf_pages_text


def legend_of(data) -> str:
    game = parse_game(data)
    body = sheets.render_game_pdf(game, score_game(game))
    text = flat(" ".join(pdf_pages_text(body, layout=False)))
    return text[text.index("set: the bid was not made") - 200 :]


@pytest.mark.parametrize(
    "rules, tricks",
    [({"preset": "three-player"}, 17), ({"preset": "cutthroat", "bag_limit": None}, 17)],
)
def test_a_game_without_partners_or_bag_penalty_has_no_legend_for_them(rules, tricks):
    names = ["Ann", "Bob", "Cy"]
    hand = {"bids": dict(zip(names, (3, 4, 5), strict=True)),
            "tricks": dict(zip(names, (4, 4, tricks - 8), strict=True))}  # fmt: skip
    data = {"format": "spades-scorekeeper/1", "rules": rules, "players": names,
            "hands": [hand, hand]}  # fmt: skip
    legend = legend_of(data)
    assert "bag penalty" not in legend and "bags cost" not in legend
    assert "dnil" not in legend  # double nil needs partners


def test_a_team_game_legend_says_its_own_bag_penalty():
    data = steady_game(3, ("Ann", "Bob", "Cy", "Di"), 5000)
    data["rules"] = {"preset": "standard", "bag_limit": 5, "bag_penalty": 50}
    legend = legend_of(data)
    assert "bags \u221250: every 5 bags cost 50" in legend and "dnil: double nil" in legend
