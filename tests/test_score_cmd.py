"""`scorekeeper score FILE [--json]`: the sheet as text or JSON; bad files exit 2 with one line."""
# ruff: noqa: E501

import json
import subprocess
import sys

import pytest

from scorekeeper.cli import main

GAME = {
    "format": "spades-scorekeeper/1",
    "rules": {"preset": "standard", "nil_value": 50},
    "players": ["Ann", "Bob", "Cy", "Di"],
    "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
    "dealer": "Ann",
    "start": {"Ann & Cy": {"score": 337, "bags": 7}},
    "hands": [
        {"bids": {"Ann": 3, "Bob": "nil", "Cy": 4, "Di": 5},
         "tricks": {"Ann": 4, "Bob": 1, "Cy": 3, "Di": 5}},
        {"misdeal": True},
        {"bids": {"Ann": 2, "Bob": 3, "Cy": 2, "Di": 3}, "tricks": {"Ann & Cy": 6, "Bob & Di": 7},
         "renege": {"Bob & Di": 3}, "adjust": {"Ann & Cy": 100}, "note": "aces bonus"},
    ],
}  # fmt: skip


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    return path


def test_json_output_is_the_contract(game_file, capsys):
    assert main(["score", str(game_file), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["sides", "hands", "totals", "bags", "finished", "winner", "reason",
                         "next_dealer"]  # fmt: skip
    assert out["sides"] == ["Ann & Cy", "Bob & Di"]
    first = out["hands"][0]
    assert list(first) == ["number", "dealer", "void", "sides"]
    assert list(first["sides"]["Ann & Cy"]) == ["contract", "tricks", "points", "bags",
        "bag_penalty", "set", "total", "bags_total", "explain"]  # fmt: skip
    assert first["sides"]["Ann & Cy"]["explain"] == ["bid 7, took 7: +70"]
    assert out["hands"][1] == {"number": 2, "dealer": "Bob", "void": True, "sides": {}}
    assert out["totals"] == {"Ann & Cy": 549, "Bob & Di": -59}
    assert (out["finished"], out["winner"], out["reason"]) == (True, "Ann & Cy", "target")
    assert out["next_dealer"] == "Di"


def test_text_sheet_has_columns_marks_and_a_last_line(game_file, capsys):
    assert main(["score", str(game_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("Hand"))
    assert header.count("Bid") == 2 and "Dealer" in header and header.count("Bags") == 2
    assert any("misdeal" in line for line in lines)
    assert any("-60*" in line for line in lines)  # the set is marked
    assert lines[-1] == "Winner: Ann & Cy, reached 500 (549 to -59)"


def test_the_start_row_gives_the_bags_a_game_carried_on_from_paper_had(tmp_path, capsys):
    """9 bags carried over and 2 more in hand 1 cost 100: the start row said -1 bags (worked
    back from hand 1's bags after its penalty), not the 9 the game file holds."""
    data = {
        "format": "spades-scorekeeper/1", "rules": "standard",
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "start": {"Ann & Cy": {"score": 300, "bags": 9}},
        "hands": [{"bids": {"Ann": 3, "Bob": 3, "Cy": 3, "Di": 2},
                   "tricks": {"Ann & Cy": 8, "Bob & Di": 5}}],
    }  # fmt: skip
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert main(["score", str(path)]) == 0
    start = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("start"))
    assert start.split() == ["start", "|", "300", "9", "|", "0", "0"]


def test_standard_input(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(GAME)))
    assert main(["score", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "Ann & Cy"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "scorekeeper: not valid JSON (line 1, column 2): Expecting property name"),
        (json.dumps({**GAME, "hands": [{**GAME["hands"][2], "tricks": {"Ann & Cy": 6, "Bob & Di": 6}}]}),
         "scorekeeper: hand 1: tricks add up to 12, not 13"),
        (json.dumps({**GAME, "rules": "nyk"}), "scorekeeper: unknown preset"),
        (json.dumps({**GAME, "rules": {"tricks_per_hand": 1000000}}),
         "scorekeeper: option tricks_per_hand must be 1 to 52, not 1000000"),
        (json.dumps(GAME).replace('"score": 337', '"score": ' + "9" * 5000),
         "scorekeeper: the file holds a number far too long for a game"),
        (json.dumps({**GAME, "start": {"Ann & Cy": {"score": 10**1000}}}),
         "scorekeeper: start score of Ann & Cy must be -100000 to 100000, not a number of about 1001 digits"),
        (json.dumps({**GAME, "hands": [{"misdeal": True}] * 5000}),
         "scorekeeper: a game holds at most 1000 hands (misdeals included), not 5000"),
    ],
)  # fmt: skip
def test_a_bad_file_exits_2_with_one_line(tmp_path, capsys, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message)
    assert captured.err.count("\n") == 1


def test_a_missing_or_binary_file_exits_2(tmp_path, capsys):
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    assert capsys.readouterr().err.startswith("scorekeeper: cannot read")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main(["score", str(binary)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_score_path_imports_no_flask_and_no_weasyprint():
    code = (
        "import sys, scorekeeper.cli.score, scorekeeper.cli;"
        "bad = [m for m in ('flask', 'weasyprint', 'wtforms', 'flask_wtf') if m in sys.modules];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_console_script_scores_a_file(game_file):
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "score", str(game_file), "--json"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["Ann & Cy"] == 549
    bad = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "score", "-"], input="[]",
        capture_output=True, text=True,
    )  # fmt: skip
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_score_has_help(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = capsys.readouterr().out
    assert "FILE" in out and "--json" in out


# --- issue 22, part C: Call Break's tenths, and rules that contradict each other ------------

CALL_BREAK = {
    "format": "spades-scorekeeper/1", "rules": "call-break", "players": ["Ann", "Bob", "Cy", "Di"],
    "hands": [{"bids": {"Ann": 3, "Bob": 4, "Cy": 2, "Di": 2},
               "tricks": {"Ann": 5, "Bob": 3, "Cy": 2, "Di": 3}}],
}  # fmt: skip


def test_call_break_prints_tenths_as_text_and_json(tmp_path, capsys):
    path = tmp_path / "call-break.json"
    path.write_text(json.dumps(CALL_BREAK), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Rules: Call Break, nothing changed." in text
    assert "+3.2    3.2" in text and "-4.0*   -4.0" in text
    assert "Leader: Ann (3.2 to 2.1 to 2.0 to -4.0), 5 hands" in text
    assert main(["score", str(path), "--json"]) == 0
    raw = capsys.readouterr().out
    assert '"total": 3.2,' in raw and '"total": -4.0,' in raw and "0000" not in raw
    assert json.loads(raw)["totals"] == {"Ann": 3.2, "Bob": -4.0, "Cy": 2.0, "Di": 2.1}


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"bidding": "partnership", "partner_bids": "each"}, "partner_bids"),
        ({"blind_scoring": "bonus"}, "blind_scoring"),
        (
            {"nil": False, "blind_nil": False, "nil_fail_sets_partner": True},
            "nil_fail_sets_partner",
        ),
        ({"blind_nil": False, "blind_nil_no_bags": True}, "blind_nil_no_bags"),
    ],
)
def test_rules_that_contradict_each_other_exit_2_naming_the_option(tmp_path, capsys, rules, field):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**GAME, "rules": {"preset": "standard", **rules}, "hands": []}))
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"scorekeeper: option {field}: ")


SPECIAL_HAND = {"bids": {"Ann": 2, "Cy": 2, "Bob": 2, "Di": 2},
                "tricks": {"Ann & Cy": 6, "Bob & Di": 7}}  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "hands", "line"),
    [
        ({"preset": "suicide", "nil": False}, [],
         "scorekeeper: option suicide: Suicide needs nil bids: one player of each team bids nil, and nil is off"),
        ({"preset": "jailhouse", "min_side_bid": 5}, [],
         "scorekeeper: option min_side_bid: the smallest bid for a side (5) leaves out the contract 4 the side may make (4-8, 10, 13)"),
        ({"preset": "jailhouse"},
         [{"bids": {"Ann": 1, "Bob": 3, "Cy": 8, "Di": 3}, "tricks": {"Ann": 1, "Bob": 2, "Cy": 8, "Di": 2}}],
         "scorekeeper: hand 1: Ann & Cy bid 9: a side's bid must be 4 to 8, 10 or 13"),
        ({"preset": "urban", "race_sweep": 10, "race_tricks": None}, [],
         "scorekeeper: option race_sweep: the tricks that win the match are for a race: set the tricks that win a hand (race_tricks)"),
        # a race whose hand two sides could win (6 of 13: a match tied 2 to 2 for ever), or whose
        # sweep a side that lost the hand could take (5: "Winner: A (1 to 0)", A with 0)
        ({"preset": "urban", "race_tricks": 6}, [],
         "scorekeeper: option race_tricks: 6 tricks could win a hand for two sides: more than half the 13 tricks of a hand (7 or more)"),
        ({"preset": "urban", "race_sweep": 5}, [],
         "scorekeeper: option race_sweep: 5 tricks would win the match for a side that lost the hand: 7 (the tricks that win a hand) or more"),
        # a bad special or bonus in a hand: named by hand and field, its value as the JSON says
        # it ("maybe", true), as every other message about the file (not Python's 'maybe', True)
        ({"preset": "standard", "specials": ["little_bemo"]},
         [{**SPECIAL_HAND, "specials": {"Ann & Cy": {"little_bemo": "maybe"}}}],
         'scorekeeper: hand 1: special little_bemo of Ann & Cy must be "made" or "failed", not "maybe"'),
        ({"preset": "standard", "bonuses": ["marriage"]},
         [{**SPECIAL_HAND, "bonuses": {"Ann & Cy": {"marriage": True}}}],
         "scorekeeper: hand 1: bonus marriage of Ann & Cy must be counted 0 to 52 times, not true"),
        ({"preset": "standard", "bonuses": ["last_trick"]},
         [{**SPECIAL_HAND, "bonuses": {"Ann & Cy": {"last_trick": 1}, "Bob & Di": {"last_trick": 1}}}],
         "scorekeeper: hand 1: Last trick counted 2 times in a hand, at most 1"),
    ],
)  # fmt: skip
def test_issue_22_rules_that_contradict_or_forbid_exit_2_with_one_line(
    tmp_path, capsys, rules, hands, line
):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps({**GAME, "rules": rules, "start": {}, "hands": hands}), encoding="utf-8"
    )
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [line]


# --- a club table's game that the director's call of time capped ------------------------------

CAPPED = {**GAME, "rules": {"preset": "standard", "nil_value": 50, "target_score": 5000,
                            "max_hands": 2}}  # fmt: skip


@pytest.mark.parametrize("round_hands", [4, None])
def test_json_says_time_was_called_when_the_file_did(tmp_path, capsys, round_hands):
    """`score --json` dropped the file's `time_called`: a program reading the sheet could not
    tell the game ended on the director's call of time and not on the round's own hands."""
    path = tmp_path / "capped.json"
    called = {"round_hands": round_hands}
    path.write_text(json.dumps({**CAPPED, "time_called": called}), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["sides", "hands", "totals", "bags", "finished", "winner", "reason",
                         "time_called", "next_dealer"]  # fmt: skip
    assert (out["finished"], out["reason"], out["time_called"]) == (True, "hands", called)


def test_json_of_a_file_without_a_call_of_time_is_the_engines_alone(tmp_path, capsys):
    """Backward compatible: a file without `time_called` gives the JSON it always gave."""
    from scorekeeper.rules import parse_game, score_game, sheet_to_json

    path = tmp_path / "capped.json"
    path.write_text(json.dumps(CAPPED), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    engine = sheet_to_json(score_game(parse_game(CAPPED)))
    assert capsys.readouterr().out == json.dumps(engine, ensure_ascii=False, indent=2) + "\n"
    assert "time_called" not in engine


def test_a_bad_call_of_time_exits_2_with_one_line_from_json_too(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**CAPPED, "time_called": {"round_hands": 2}}), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("scorekeeper: time_called: a call of time caps the game's")
