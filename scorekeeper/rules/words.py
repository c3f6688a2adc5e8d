"""The rules in words: one place for what a person reads about a rules set or a game's end.

Preset titles, the short phrases printed at the top of a sheet, what a rules set changes from
its preset, and why a game ended, as a sentence. The screen sheet, the read-only page, the PDF
and the text sheet all take their words from here, so they never disagree.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

from .ending import (
    BOSTON,
    DOUBLE_NIL_LOST,
    DOUBLE_NIL_WON,
    HANDS,
    LOSING,
    SET_OUT,
    SPECIAL_WON,
    SWEEP,
    TARGET,
)
from .errors import GameError
from .explain import CALL_BREAK
from .explain import bid_word as bid_word  # a table's words: stated beside the why-lines,
from .explain import set_mark as set_mark  # which say them too; every view takes them from here
from .options import (
    MAX_POINTS,
    MAX_SCORE,
    OPTIONS,
    TRICKS_BY_PLAYERS,
    OptionInfo,
    Rules,
    numbers_text,
    rules_from_spec,
    rules_to_spec,
)
from .scoring import Sheet
from .tenths import shown_points, shown_target

PRESET_TITLES = {"nyc": "NYC", "call-break": "Call Break"}
SET_PENALTIES = {"bid": "set: \u2212 the bid", "shortfall": "set: \u2212 the shortfall",
                 "none": "set: no penalty"}  # fmt: skip
_TIMES = {1: "once", 2: "twice", 3: "three times"}


def preset_title(preset: str) -> str:
    """A preset's name as a title: "Standard", "NYC", "Head-to-head", "Three-player"."""
    return PRESET_TITLES.get(preset, preset[:1].upper() + preset[1:])


MINUS = "\u2212"  # the typographic minus every page and PDF shows; files keep "-"


def figure(value: int | Decimal) -> str:
    """A number as a person reads it: ``-30`` is shown "−30" (a true minus sign)."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int | Decimal) -> str:
    """A change as a person reads it: "+50", "−30", "0"."""
    return f"+{value}" if value > 0 else figure(value)


_HYPHEN_NUMBER = re.compile(r"(?<![\w\-/.:])-(\d+)")


def with_minus(text: str) -> str:
    """A line of words as a person reads it: each negative number in it as :func:`figure` shows
    it ("set: bid 8, took 6: -80" reads "... −80"); a hyphen inside a word or a date stays. For
    the explain lines, which files (the game's JSON, the CLI's text) keep with "-"."""
    return _HYPHEN_NUMBER.sub(lambda m: figure(-int(m[1])), text)


def count(n: int, word: str) -> str:
    """A number of things as a person reads it: "1 game", "3 games", "−8 points" (the number
    as :func:`figure` shows it; ``word`` is the singular, made plural with "s")."""
    return f"{figure(n)} {word}{'' if abs(n) == 1 else 's'}"


# The options whose values are points (options/info.py: their range is a points value's or a
# score's, MAX_POINTS or MAX_SCORE), which count tenths under ``score_tenths`` like the sheet's
# scores (docs/contract.md): the rules page and a rules change's words say them by in_units.
POINTS_OPTIONS = frozenset(o.name for o in OPTIONS if o.maximum in (MAX_POINTS, MAX_SCORE))


def in_units(rules: Rules, value: Any) -> Any:
    """A rule's points as the game's sheet counts them: a number of points itself, or under
    ``score_tenths`` the decimal of its tenths (a bag penalty of 100 is 10.0, as its sheet
    writes it); a word ("win") as it is. Every phrase of the rules in words says a points value
    through this, so a game in tenths never prints a stored figure ten times too big."""
    return shown_points(value, rules.score_tenths) if type(value) is int else value


def _points_word(n: int | Decimal) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def bags_counted(rules: Rules) -> bool:
    """Whether a side's bags count toward a limit, so the totals show them beside the score
    (the game page, the read-only sheet) and the printed legend says what the limit costs: a
    bag limit, in rules that have bags (``Rules.has_bags``: a race's have none)."""
    return rules.has_bags and rules.bag_limit is not None


def bags_hint(rules: Rules) -> str:
    """What a trick over the bid does, for the game page, where the rules have no bag limit:
    '' under a bag limit (the Bags column then counts toward it, as the rules say), and in a
    race (no bids). Where the rules have bags (``Rules.has_bags``) the Bags column is only a
    record; where they have none (Call Break) the hint says what a trick over is worth, and
    never "bag". Whole: the points a trick over scores or costs at once, the most a plain bid
    may take over, and a blind bid's own rule for its tricks over."""
    if rules.bag_limit is not None or rules.race_tricks is not None:
        return ""
    bags = rules.has_bags
    one = "bag" if bags else "trick over the bid"
    v = shown_points(rules.overtrick_value, rules.score_tenths)
    if v == 0:
        each = f"A {one} scores nothing"
    elif v < 0:
        each = f"Each {one} costs {_points_word(-v)} at once"
    else:
        each = f"Each {one} scores {_points_word(v)}"
    out = [f"No bag limit in these rules: the Bags column is only a record. {each}" if bags
           else each]  # fmt: skip
    if rules.max_overtricks is not None:
        m = rules.max_overtricks
        over = f"bag{'' if m == 1 else 's'}" if bags else f"trick{'' if m == 1 else 's'}"
        out.append(f"more than {m} {over} over a plain bid is a set")
    blind_over = "bags" if bags else "tricks over"
    if rules.blind_bids and rules.blind_overtricks == "none":
        out.append(f"a blind bid's {blind_over} score nothing")
    elif rules.blind_bids and rules.blind_overtricks == "penalty":
        cost = shown_points(rules.blind_win_multiplier * rules.trick_value, rules.score_tenths)
        out.append(f"a blind bid's {blind_over} cost {_points_word(cost)} each")
    return "; ".join(out) + "."


def option_word(value: Any, rules: Rules | None = None, name: str = "") -> str:
    """An option's value in a sentence: "yes", "no", "none", "250"; the option ``name``'s
    points in the units of ``rules`` ("10.0" for a bag penalty of 100 in a game in tenths)."""
    if rules is not None and name in POINTS_OPTIONS:
        value = in_units(rules, value)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):  # a set of numbers
        return numbers_text(value)
    return str(value)


_EMPTY = re.compile(r"[Ee]mpty: ([^)]*?)(?:\)|\.$)")


def empty_meaning(info: OptionInfo) -> str:
    """What an option left empty means, in its own help's words ("(empty: same as it wins)",
    "Empty: by players, ..."): "as much as it wins" rather than a bare "none"."""
    found = _EMPTY.search(info.help)
    return found[1] if found else "none"


_BLIND_WHEN = frozenset({"blind_bids", "blind_nil"})  # the options blind_deficit limits


def option_shown(info: OptionInfo, value: Any, rules: Rules | None = None) -> str:
    """An option's value as the rules page says it: empty by what empty means, a number with
    a true minus, a list of numbers with commas; a target no game of a number of hands can
    reach (Call Break's) by what it means, as the sheet's status says it."""
    hands = rules.max_hands if rules is not None and info.name == "target_score" else None
    if rules is not None and hands and shown_target(value, hands, rules.score_tenths) is None:
        return f"none, a game of {hands} hands"
    if value is None:
        return empty_meaning(info)
    if value is True and rules is not None and info.name in _BLIND_WHEN:
        deficit = rules.blind_deficit  # "Blind nil: yes" says when, as the game enforces it
        return (
            "yes, any time"
            if deficit is None
            else (f"yes, when {figure(in_units(rules, deficit))} or more behind the leader")
        )
    if isinstance(value, bool):
        return "yes" if value else "no"
    if type(value) is int:
        return figure(in_units(rules, value) if rules and info.name in POINTS_OPTIONS else value)
    if isinstance(value, tuple | list):
        return numbers_text(tuple(value))
    return str(value)


def changes_line(spec: dict[str, Any] | str) -> str:
    """How a rules spec differs from its preset, in one line of plain words.

    "Standard, changed: Game to: 250; Moon (Boston) bids: yes." The spec is read by the engine
    and written back minimal, so only real differences are named, with the options' labels.
    """
    spec = {"preset": spec} if isinstance(spec, str) else spec
    preset = str(spec.get("preset", "standard"))
    try:
        changed = rules_to_spec(rules_from_spec(spec), preset)
    except GameError:
        return f"{preset_title(preset)}: these rules no longer load."
    said = {o.name: empty_meaning(o) if changed.get(o.name) is None else None for o in OPTIONS}
    rules = rules_from_spec(changed)
    words = [
        f"{o.label}: {said[o.name] or option_word(changed[o.name], rules, o.name)}"
        for o in OPTIONS
        if o.name in changed
    ]
    if "specials" in changed:
        words.append("Specials: " + (", ".join(s.name for s in rules.specials) or "none"))
    if "bonuses" in changed:
        words.append("Bonuses: " + (", ".join(b.name for b in rules.bonuses) or "none"))
    if not words:
        return f"{preset_title(preset)}, nothing changed."
    return f"{preset_title(preset)}, changed: " + "; ".join(words) + "."


def rules_summary(rules: Rules, preset: str = "standard", players: int | None = None) -> list[str]:
    """The rules in force as short phrases, for the top of a printed sheet."""
    r = rules
    out = [f"{preset_title(preset)} rules"]
    target = shown_target(r.target_score, r.max_hands, r.score_tenths)
    end = f"game to {target}" if target is not None else ""
    if r.race_tricks is not None:  # a race: hands won, not points
        end = f"first to win {_count(r.target_score, 'hand')}"
    if r.losing_score is not None:
        end += f", out at {in_units(r, r.losing_score)}"
    if r.max_hands:
        end += f"{', ' if end else ''}{r.max_hands} hands"
    out.append(end)
    if players or r.tricks_per_hand is not None:
        tricks = r.tricks_for(players or 4)
        by_players = r.tricks_per_hand is None and tricks != TRICKS_BY_PLAYERS[4]
        # not the usual 13: said why, the rule's own "by players" (3 and 6 play 17, 5 play 10)
        why = f" for {players} players" if by_players else ""
        out.append(f"{tricks} tricks{why}")
    if r.race_tricks is not None:  # no bids: no contract, nil, blind or bags to name
        return [out[0], f"a race, no bids: {r.race_tricks} tricks win a hand", *out[1:],
                *_race_summary(r)]  # fmt: skip
    if r.bidding == "partnership":
        out.append("partnership bids")
    call_break = preset == CALL_BREAK  # its table's words: a player calls, a call is short
    if r.min_side_bid:
        out.append(f"call at least {r.min_side_bid}" if call_break else f"board {r.min_side_bid}")
    if r.max_bid is not None:
        out.append(f"bid at most {r.max_bid}")
    tenths = r.score_tenths
    made = f"{shown_points(r.trick_value, tenths)} a trick"
    over = signed(shown_points(r.overtrick_value, tenths))
    if not r.has_bags:  # a trick over is only worth its points (Call Break: +0.1)
        made += f", {over} an extra trick"
    elif r.overtrick_value != 1 or tenths:
        made += f", bags {over}"
    out.append(made)
    set_words = SET_PENALTIES[r.set_penalty]
    if call_break:  # a call not made is "short", and what it loses is the call
        set_words = set_words.replace("set:", f"{set_mark(preset)}:").replace(
            "bid", bid_word(preset)
        )
    out.append(set_words)
    if r.bag_limit is not None:
        out.append(f"{r.bag_limit} bags: \u2212{in_units(r, r.bag_penalty)}")
    elif r.has_bags:  # without bags (Call Break) there is no limit to name
        out.append("no bag limit")
    if r.max_overtricks is not None:
        out.append(f"over {r.max_overtricks} {'bags' if r.has_bags else 'extra tricks'} is a set")
    if r.double_back:
        out.append(f"double bid taken: \u2212{r.double_back}\u00d7 the bid")
    out.extend(_nil_summary(r))
    out.extend(_blind_summary(r))
    if r.ten_for_200:
        ten = f"10 for {in_units(r, r.ten_for_200_value)}"
        if r.ten_for_200_penalty is not None and r.ten_for_200_penalty != r.ten_for_200_value:
            ten += f" (set \u2212{in_units(r, r.ten_for_200_penalty)})"
        if r.ten_for_200_exact:
            ten += ", exactly"
        out.append(ten)
    if r.moon:
        value = "wins the game" if r.moon_value == "win" else f"+{in_units(r, r.moon_value)}"
        out.append(f"moon {value}, set \u2212{in_units(r, r.moon_penalty)}")
    if r.boston_wins == "any":
        out.append("all the tricks win the game")
    elif r.boston_wins == "ten":
        out.append("bid 10+ and take all: win")
    if r.set_out:
        out.append(f"set {r.set_out} in a row: out")
    if r.first_hand_no_bids:
        out.append("first hand without bids")
    if not r.misdeal_deal_passes:
        out.append("misdeal: same dealer")
    out.extend(_bids_summary(r, players))
    out.extend(_contract_summary(r))
    out.extend(_wikipedia_summary(r))
    out.extend(_extras_summary(r))
    out.extend(_other_options(r))
    return out


def rules_line(rules: Rules, preset: str = "standard", players: int | None = None) -> str:
    """The house rules in one line, as the game page, the read-only sheet, the PDF and the
    blank sheets show them: ``rules_summary``'s phrases joined by " · "."""
    return " \u00b7 ".join(rules_summary(rules, preset, players))


def sheet_rules_line(
    sheet: Sheet, time_called: bool = False, round_hands: int | None = None
) -> str:
    """:func:`rules_line` of a scored game (its rules and preset). ``time_called``: a club
    table's game whose hands the director's call of time capped: the line names the round's
    own ``round_hands``, as :func:`game_end` does, not the cap."""
    return rules_line(rules_as_set(sheet.rules, time_called, round_hands), sheet.preset)


def rules_as_set(rules: Rules, time_called: bool = False, round_hands: int | None = None) -> Rules:
    """The rules a game's rules line names (the game page, the read-only sheet, its PDF): its
    own, but for a club table's game whose hands the director's call of time capped
    (``time_called``), the round's own ``round_hands`` (the night's "4 hands") and not the cap
    it plays under."""
    return replace(rules, max_hands=round_hands) if time_called else rules


# The options rules_summary says in words of its own; any other option (a variant's new one)
# is said by its label and value whenever it differs from the standard rules, so the line
# names every rule in force without a phrase written for it.
_SAID = frozenset({
    "target_score", "losing_score", "max_hands", "tricks_per_hand", "bidding", "min_side_bid",
    "max_bid", "trick_value", "overtrick_value", "set_penalty", "bag_limit", "bag_penalty",
    "max_overtricks", "double_back", "nil", "nil_value", "nil_penalty", "nil_tricks",
    "blind_nil", "blind_nil_value", "blind_nil_penalty", "double_nil_value", "blind_bids",
    "blind_min", "blind_win_multiplier", "blind_loss_multiplier", "blind_exact",
    "blind_overtricks", "blind_deficit", "ten_for_200", "ten_for_200_value",
    "ten_for_200_penalty", "ten_for_200_exact", "moon", "moon_value", "moon_penalty",
    "boston_wins", "set_out", "first_hand_no_bids", "misdeal_deal_passes",
    # said by _contract_summary
    "no_trump", "no_trump_win_multiplier", "no_trump_loss_multiplier", "no_trump_scope",
    "lexington",
    "lexington_value", "blind_scoring", "blind_bonus", "nil_penalty_per_trick",
    "nil_fail_sets_partner", "blind_nil_no_bags", "double_nil_opponents_bonus",
    "seven_or_higher_value", "exact_small_bids", "partner_bids", "score_tenths", "renege_mucks",
    # said by _wikipedia_summary
    "auction_min", "defender_trick_value", "overtricks_to_others", "undertricks_to_others",
    "no_duplicate_bids", "no_vice_versa_bids", "no_moon_against_double_nil", "both_exact_bonus",
    "rubicon_bags", "blind_no_trump", "blind_no_trump_win_multiplier",
    "blind_no_trump_loss_multiplier",
    # said by _bids_summary and _race_summary (issue 22's systems)
    "suicide", "bids_total", "allowed_contracts", "nil_against", "race_tricks", "race_sweep",
})  # fmt: skip
_STANDARD = Rules()


def _other_options(r: Rules) -> list[str]:
    return [
        f"{o.label}: {option_word(getattr(r, o.name), r, o.name)}"
        for o in OPTIONS
        if o.name not in _SAID and getattr(r, o.name) != getattr(_STANDARD, o.name)
    ]


def _race_summary(r: Rules) -> list[str]:
    """The rest of a race (urban rules) in short phrases: its hands have no bids, so none of the
    options of bids, contracts, nil or bags is in force; its specials and bonuses, and any
    option said by its label, still are."""
    out = []
    if r.race_sweep is not None:
        out.append(f"{r.race_sweep} tricks in a hand win the match")
    if r.race_third_game:
        out.append("a side without a game forces one more")
    return out + _extras_summary(r) + _other_options(r)


_BIDS_TOTAL = {"not tricks": "the bids never add up to {}", "tricks": "the bids add up to {}",
               "at most tricks": "the bids add up to at most {}"}  # fmt: skip


def _bids_summary(r: Rules, players: int | None) -> list[str]:
    """Issue 22's rules of bids (rules/bids.py) in short phrases: Suicide's nil, Whiz's and
    Mirrors' totals, Jailhouse's contracts."""
    out = []
    if r.suicide:
        out.append("one player of each team bids nil")
    if r.bids_total is not None:
        tricks = f"the {r.tricks_for(players)} tricks" if players else "the tricks"
        out.append(_BIDS_TOTAL[r.bids_total].format(tricks))
    if r.allowed_contracts is not None:
        out.append(f"contracts {_or_list(numbers_text(r.allowed_contracts))}")
    if r.nil_against is not None:
        out.append(f"nil only against {_or_list(numbers_text(r.nil_against))}")
    return out


def _or_list(numbers: str) -> str:
    """ "4-8, 10, 13" as a phrase reads it: "4-8, 10 or 13"."""
    head, _, last = numbers.rpartition(", ")
    return f"{head} or {last}" if head else last


def _extras_summary(r: Rules) -> list[str]:
    """Each special and bonus switched on, with its points: "Little Bemo \u00b160", "Aces +100",
    "Last trick +10 each"."""
    out = []
    for s in r.specials:
        made, failed = in_units(r, s.made), in_units(r, s.failed)
        if s.doubles:
            out.append(f"{s.name}: the bid \u00d72 exactly")
        elif s.failed == -s.made and s.made > 0:
            out.append(f"{s.name} \u00b1{made}")
        elif s.failed:
            out.append(f"{s.name} {signed(made)}/{signed(failed)}")
        else:
            out.append(f"{s.name} {signed(made)}")
    for b in r.bonuses:
        if b.bag:
            out.append(f"{b.name}: \u22121 bag")
        else:
            out.append(f"{b.name} {signed(in_units(r, b.value))}{' exactly' if b.exact else ''}")
    return out


def _contract_summary(r: Rules) -> list[str]:
    """The house rules of contracts (house.py) in short phrases, in their options' order."""
    out = []
    if r.no_trump:
        nt = f"no trump \u00d7{r.no_trump_win_multiplier}"
        if r.no_trump_loss_multiplier != r.no_trump_win_multiplier:
            nt += f", set \u00d7{r.no_trump_loss_multiplier}"
        if r.no_trump_scope == "contract":
            nt += ", the whole contract"
        out.append(nt)
    if r.blind_no_trump:
        bnt = f"blind no trump \u00d7{r.blind_no_trump_win_multiplier}"
        if r.blind_no_trump_loss_multiplier != r.blind_no_trump_win_multiplier:
            bnt += f", set \u00d7{r.blind_no_trump_loss_multiplier}"
        out.append(bnt)
    if r.lexington is not None:
        lex = "bid 12" if r.lexington == "bid" else "12 taken"
        out.append(f"Lexington ({lex}) {in_units(r, r.lexington_value)}")
    if r.blind_scoring == "bonus":
        out.append(f"blind bonus \u00b1{in_units(r, r.blind_bonus)}")
    if r.nil_penalty_per_trick is not None:
        out.append(f"lost nil \u2212{in_units(r, r.nil_penalty_per_trick)} a trick")
    if r.nil_fail_sets_partner:
        out.append("lost nil sets the partner")
    if r.blind_nil_no_bags:
        out.append("no bags with blind nil")
    if r.double_nil_opponents_bonus is not None:
        bonus = in_units(r, r.double_nil_opponents_bonus)
        out.append(f"double nil broken by both: +{bonus} to the others")
    if r.seven_or_higher_value:
        out.append(f"7 or higher +{in_units(r, r.seven_or_higher_value)} a trick over 6")
    if r.exact_small_bids:
        out.append("bid 1 exactly \u00d76, bid 2 exactly \u00d72")
    if r.partner_bids != "team":
        out.append({"each": "each partner makes their own bid",
                    "each exactly": "each partner exactly their own bid",
                    "highlander": "Highlander: each their own bid"}[r.partner_bids])  # fmt: skip
    if r.score_tenths:
        out.append("scores in tenths")
    if r.renege_mucks:
        out.append("a renege mucks the hand")
    return out


def _wikipedia_summary(r: Rules) -> list[str]:
    """The rest of Wikipedia's variants (bids.py ``_equal_bids``, house.py, running.py) in
    short phrases, in their options' order."""
    out = []
    if r.auction_min is not None:
        auction = f"auction, {r.auction_min}+"
        if r.defender_trick_value:
            auction += f", defenders +{in_units(r, r.defender_trick_value)} a trick"
        out.append(auction)
    if r.overtricks_to_others is not None:
        out.append(f"overtricks: +{in_units(r, r.overtricks_to_others)} each to the others")
    if r.undertricks_to_others is not None:
        out.append(f"undertricks: +{in_units(r, r.undertricks_to_others)} each to the others")
    if r.no_duplicate_bids:
        out.append("no duplicate bids")
    if r.no_vice_versa_bids:
        out.append("no vice versa bids")
    if r.no_moon_against_double_nil:
        out.append("no moon against double nil")
    if r.both_exact_bonus:
        out.append("both partners exact: +half the bid")
    if r.rubicon_bags is not None:
        out.append(f"Rubicon: {'all bags' if r.rubicon_bags == 'all' else '5 bags'} cancelled")
    return out


def _nil_summary(r: Rules) -> list[str]:
    out = []
    if r.nil:
        nil = f"nil {in_units(r, r.nil_value)}"
        if r.nil_penalty is not None and r.nil_penalty != r.nil_value:
            nil += f"/\u2212{in_units(r, r.nil_penalty)}"
        if r.nil_tricks != "bags":
            nil += ", its tricks " + (
                "count for the bid" if r.nil_tricks == "contract" else "ignored"
            )
        out.append(nil)
    else:
        out.append("no nil")
    if r.blind_nil:
        bnil = f"blind nil {in_units(r, r.blind_nil_value)}"
        if r.blind_nil_penalty is not None and r.blind_nil_penalty != r.blind_nil_value:
            bnil += f"/\u2212{in_units(r, r.blind_nil_penalty)}"
        out.append(bnil)
    if r.double_nil_value is not None:
        out.append(f"double nil {in_units(r, r.double_nil_value)}")
    return out


def _blind_summary(r: Rules) -> list[str]:
    out = []
    if r.blind_bids:
        blind = f"blind {r.blind_min}+ \u00d7{r.blind_win_multiplier}"
        if r.blind_loss_multiplier != r.blind_win_multiplier:
            blind += f", set \u00d7{r.blind_loss_multiplier}"
        if r.blind_exact:
            blind += ", exactly"
        if r.blind_overtricks != "bags":
            none = ", no bags" if r.has_bags else ", overs score nothing"
            blind += none if r.blind_overtricks == "none" else ", overs cost"
        out.append(blind)
    if r.blind_bids or r.blind_nil:
        out.append(
            "blind any time"
            if r.blind_deficit is None
            else f"blind when {in_units(r, r.blind_deficit)} behind"
        )
    return out


# --- the end of a game -------------------------------------------------------------------------


def game_end(
    rules: Rules, timed: bool = False, time_called: bool = False, round_hands: int | None = None
) -> str:
    """How a game ends, as the game page says it while it goes on: "Game to 500", "Game to 500
    or 4 hands", "Game to 500 (out at −200) or 4 hands"; ``timed`` (a club round with a
    clock) adds ", or when time is called". What the engine ends a game on (rules/ending.py):
    the target, the losing score, the number of hands (a tie plays on), and the director
    calling time (which caps the hands). ``time_called``: the director called time, which set
    the game's ``max_hands`` to the hand in play; the line still names the round's own
    ``round_hands`` (the night's "4 hands", not the cap) and says that time is called."""
    target = shown_target(rules.target_score, rules.max_hands, rules.score_tenths)
    if target is None and not time_called:  # a number of hands, no target (Call Break)
        end = f"A game of {_count(rules.max_hands or 0, 'hand')}"
        return end + (", or when time is called" if timed else "")
    end = f"Game to {target if target is not None else rules.target_score}"
    if rules.race_tricks is not None:  # a race: each hand won scores 1
        end = (f"First to win {_count(rules.target_score, 'hand')} "
               f"({rules.race_tricks} tricks win a hand)")  # fmt: skip
    if rules.losing_score is not None:
        end += f" (out at {figure(in_units(rules, rules.losing_score))})"
    hands = round_hands if time_called else rules.max_hands
    if hands:
        end += f" or {_count(hands, 'hand')}"
    if time_called:
        end += "; time is called"
    elif timed:
        end += ", or when time is called"
    return end


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def end_reason(sheet: Sheet, time_called: bool = False) -> str:
    """Why the game ended, as the end of a sentence: "reached 500", "the other side was set
    twice in a row"; '' while it goes on. ``time_called``: the game's ``max_hands`` is the
    cap the director's call of time set, so an end on it reads "time was called"."""
    if not sheet.finished or sheet.reason is None:
        return ""
    rules = sheet.rules
    others = "the other side was" if len(sheet.sides) == 2 else "the others were"
    if sheet.reason == TARGET:
        if rules.race_tricks is not None:  # a race: the target is the hands a match needs
            return f"first to win {_count(rules.target_score, 'hand')}"
        return f"reached {sheet.target}"
    if sheet.reason == SET_OUT:
        times = _TIMES.get(rules.set_out or 0, f"{rules.set_out} times")
        return f"{others} set {times} in a row"
    if sheet.reason == LOSING:
        fell = "the other side fell" if len(sheet.sides) == 2 else "the others fell"
        return f"{fell} to {in_units(rules, rules.losing_score)} or below"
    if sheet.reason == HANDS:
        cap = rules.max_hands or sheet.played
        if time_called:
            if sheet.played > cap:
                return f"time was called, and the tie was broken in hand {sheet.played}"
            return "time was called"
        if sheet.played > cap:  # level after the last hand: played on until one side led
            return f"the tie after {_count(cap, 'hand')} was broken in hand {sheet.played}"
        if cap == 1:
            return "its one hand was played"
        return f"the last of {cap} hands was played"
    if sheet.reason == DOUBLE_NIL_WON:
        return "made a double nil that wins the game"
    if sheet.reason == DOUBLE_NIL_LOST:
        last = sheet.hands[-1].sides.get(sheet.winner or "") if sheet.hands else None
        if last is not None and any(not n.made and n.player == sheet.winner for n in last.nils):
            # (a team's double nil is its own NilResult: ending.py, every side lost one)
            return "every side lost a double nil that loses the game: the highest score wins"
        lost = "the other side" if len(sheet.sides) == 2 else "another side"
        return f"{lost} lost a double nil that loses the game"
    if sheet.reason == SPECIAL_WON:  # (ending.py: a special that wins the game, the Dragon)
        last = sheet.hands[-1].sides.get(sheet.winner or "") if sheet.hands else None
        won = next((e.name for e in last.extras if e.wins), "a special") if last else "a special"
        return f"made {won}, which wins the game"
    if sheet.reason == SWEEP:
        return f"took {rules.race_sweep} tricks in a hand"
    if sheet.reason == BOSTON:
        if rules.moon_value == "win" and rules.boston_wins is None:
            return "made a moon bid"
        return "took every trick (Boston)"
    return sheet.reason


def result_line(sheet: Sheet, time_called: bool = False) -> str:
    """ "Winner: ..., why (scores)", or "Leader: ..." while the game goes on.
    ``time_called``: as :func:`end_reason` ("Winner: ..., time was called")."""
    totals = sheet.totals
    ranked = sorted(sheet.sides, key=lambda s: -totals[s])
    scores = " to ".join(str(totals[s]) for s in ranked)
    if sheet.finished and sheet.winner is not None:
        return f"Winner: {sheet.winner}, {end_reason(sheet, time_called)} ({scores})"
    best = totals[ranked[0]]
    leaders = [s for s in ranked if totals[s] == best]
    if len(leaders) > 1:
        return f"No leader: {' and '.join(leaders)} tied at {best} ({scores})"
    if sheet.rules.race_tricks is not None:  # "first to win 2 hands (7 tricks win a hand)"
        ends = game_end(sheet.rules)
        goal = ends[:1].lower() + ends[1:]
    elif sheet.target is not None:
        goal = f"game to {sheet.target}"
    else:
        goal = f"{sheet.rules.max_hands} hands"
    return f"Leader: {ranked[0]} ({scores}), {goal}"
