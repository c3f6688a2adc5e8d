"""The contract in docs/contract.md stays true: every option, default, preset and range in the
code."""
# ruff: noqa: E501

import re
from pathlib import Path

import pytest

from scorekeeper import rules as engine
from scorekeeper.rules import OPTIONS, PRESETS, Rules, rules_from_spec

DOC = Path(__file__).resolve().parents[1] / "docs" / "contract.md"
TEXT = DOC.read_text(encoding="utf-8")


def _value(text):
    text = text.strip().strip('"`')
    if text in ("null", ""):
        return None
    if text in ("true", "false"):
        return text == "true"
    if text.startswith("[") and text.endswith("]"):  # a "numbers" option: [4,5,6]
        return tuple(int(n) for n in text[1:-1].split(","))
    try:
        return int(text)
    except ValueError:
        return text


def _option_table():
    """option name -> its standard default, from the table in section 3."""
    rows = {}
    for line in TEXT.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("option", "---"):
            continue
        names = [n.strip() for n in cells[0].split("/")]
        defaults = [d.strip() for d in cells[2].split("/")]
        if len(defaults) != len(names):
            continue
        rows.update(zip(names, map(_value, defaults), strict=True))
    return rows


def _presets():
    """preset -> its changes, from the list under "Presets"."""
    out = {}
    for match in re.finditer(
        r"^- `([\w-]+)`: (.*?)(?=^- `|\Z)", TEXT.split("Presets")[1].split("## 4.")[0], re.S | re.M
    ):
        name, body = match.group(1), " ".join(match.group(2).split()).rstrip(".")
        changes = {}
        # an option and its value as a file writes it: a choice of words in quotes ("at most
        # tricks"), so the line can be copied into a file (issue 33: at-most-tricks is refused)
        for option, value in re.findall(r'(\w+) ("[^"]*"|\[[^\]]*\]|[^\s,]+)', body):
            if option in {o.name for o in OPTIONS}:
                changes[option] = _value(value)
        out[name] = changes
    return out


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_every_option_is_in_the_contract_with_its_default(option):
    table = _option_table()
    assert option.name in table, f"{option.name} is missing from docs/contract.md"
    assert table[option.name] == getattr(Rules(), option.name)


def test_the_contract_lists_no_option_the_code_lacks():
    assert set(_option_table()) == {o.name for o in OPTIONS}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_is_in_the_contract_with_its_changes(preset):
    documented = _presets()
    assert preset in documented, f"{preset} is missing from docs/contract.md"
    rules = rules_from_spec(preset)
    for name, value in documented[preset].items():
        assert getattr(rules, name) == value, f"{preset}: {name}"
    for name, value in PRESETS[preset].items():
        assert documented[preset].get(name, getattr(Rules(), name)) == value, f"{preset}: {name}"


def test_the_contract_has_a_decisions_section():
    assert "## 6. Decisions" in TEXT


def _ranges():
    """what -> (from, to), from the table under "Ranges" in section 6."""
    rows = {}
    section = TEXT.split("\n**Ranges**\n")[1].split("\n**Bids**\n")[0]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("what", "---"):
            continue
        for name in cells[0].split(" / "):
            rows[name.strip().strip("`")] = (_value(cells[1]), _value(cells[2]))
    return rows


@pytest.mark.parametrize("option", [o for o in OPTIONS if o.type in ("int", "int|win")],
                         ids=lambda o: o.name)  # fmt: skip
def test_every_number_option_has_its_range_in_the_contract(option):
    ranges = _ranges()
    assert option.name in ranges, f"{option.name} has no range in docs/contract.md"
    assert ranges[option.name] == (option.minimum, option.maximum)


FILE_RANGES = {
    "a start score": (-engine.MAX_START_SCORE, engine.MAX_START_SCORE),
    "start bags": (0, engine.MAX_START_BAGS),
    "a hand's `adjust` for a side": (-engine.MAX_ADJUST, engine.MAX_ADJUST),
    "hands in a file": (0, engine.MAX_HANDS),
    "a player's name (characters)": (1, engine.NAME_LENGTH),
    "a team's name (characters)": (1, engine.TEAM_NAME_LENGTH),
    "a hand's note (characters)": (0, engine.NOTE_LENGTH),
}


@pytest.mark.parametrize("what", list(FILE_RANGES))
def test_every_range_of_the_file_is_in_the_contract(what):
    assert _ranges().get(what) == FILE_RANGES[what]


@pytest.mark.parametrize(
    "name", [n for n in engine.__all__ if n.startswith(("MAX_", "NAME_", "TEAM_", "NOTE_"))]
)
def test_every_exported_bound_is_named_in_the_contract(name):
    assert f"`{name}`" in TEXT


# issue 33: lines that denied what the engine plays, and the option that plays each
DENIALS = [
    ("Blind No Trump (pagat: triple) is not offered", "blind_no_trump"),
    ("its variant that cancels bags instead is not played", "rubicon_bags"),
    ('Its progressive "seven tricks or more" bonus is not played', "seven_times_value"),
]


@pytest.mark.parametrize(("denial", "option"), DENIALS, ids=[o for _, o in DENIALS])
def test_the_contract_denies_no_variant_the_engine_plays(denial, option):
    assert option in {o.name for o in OPTIONS}
    assert " ".join(denial.split()) not in " ".join(TEXT.split())
    assert f"`{option}`" in TEXT
