"""The score-progression chart: well-formed SVG drawn from a scored sheet."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from scorekeeper.rules import parse_game, score_game
from scorekeeper.web.kitchen import chart

SVG = "{http://www.w3.org/2000/svg}"


def game(hands, **extra):
    data = {
        "format": "spades-scorekeeper/1",
        "rules": "standard",
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & <Cy>": ["Ann", "Cy"], 'Bob "&" Di': ["Bob", "Di"]},
        "hands": hands,
        **extra,
    }
    return score_game(parse_game(data))


HAND = {
    "bids": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 2},
    "tricks": {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 3},
}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_chart_is_well_formed_svg_with_escaped_side_names():
    svg = chart.progression_svg(game([HAND, {"misdeal": True}, HAND]))
    root = parse(svg)
    assert root.tag == SVG + "svg"
    assert "Ann &amp; &lt;Cy&gt;" in svg
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert "Ann & <Cy>: 140" in texts
    assert 'Bob "&" Di: 102' in texts
    assert "style=" not in svg


def test_one_polyline_per_side_with_the_start_and_each_played_hand():
    svg = chart.progression_svg(game([HAND, {"misdeal": True}, HAND]))
    lines = parse(svg).findall(f".//{SVG}polyline")
    assert [line.get("data-side") for line in lines] == ["Ann & <Cy>", 'Bob "&" Di']
    # The start and two played hands: the misdeal adds no point.
    assert [len(line.get("points").split()) for line in lines] == [3, 3]


def test_chart_is_accessible_with_title_and_description_in_words():
    root = parse(chart.progression_svg(game([HAND]), title="Ann vs Bob"))
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Ann vs Bob"
    desc = root.find(f"{SVG}desc").text
    assert "Ann & <Cy>: 70." in desc and "Target 500." in desc


def test_target_line_is_drawn_at_the_rules_target():
    root = parse(chart.progression_svg(game([HAND], rules={"target_score": 250})))
    target = root.find(f".//{SVG}line[@class='target']")
    assert target is not None
    labels = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert "target 250" in labels


def test_start_scores_begin_the_lines_and_negative_scores_fit():
    sheet = game([], start={"Ann & <Cy>": {"score": -120, "bags": 0}})
    root = parse(chart.progression_svg(sheet))
    assert "No hands played yet" in ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    labels = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert "Ann & <Cy>: \u2212120" in labels  # a true minus sign, as on the pages
    ys = [float(p.split(",")[1]) for p in root.find(f".//{SVG}polyline").get("points").split()]
    height = float(root.get("height"))
    assert all(0 <= y <= height for y in ys)
