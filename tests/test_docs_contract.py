"""The contract in docs/contract.md stays true: every option, default and preset in the code."""
# ruff: noqa: E501

import re
from pathlib import Path

import pytest

from scorekeeper.rules import OPTIONS, PRESETS, Rules, rules_from_spec

DOC = Path(__file__).resolve().parents[1] / "docs" / "contract.md"
TEXT = DOC.read_text(encoding="utf-8")


def _value(text):
    text = text.strip().strip('"`')
    if text in ("null", ""):
        return None
    if text in ("true", "false"):
        return text == "true"
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
        for part in body.split(", "):
            words = part.split()
            if len(words) == 2 and words[0] in {o.name for o in OPTIONS}:
                changes[words[0]] = _value(words[1])
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
