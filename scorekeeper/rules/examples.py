"""A worked example for every option, special and bonus, scored by the engine under a game's own
rules (so the rules page can never say what the engine does not do).

Each example is a small hand at a four-player table (Ann & Cy against Bob & Di), or, for a
game without teams, at a table of its own number of players each scoring alone (alone.py),
chosen for the option's group or the option itself: the words of the hand, then what the engine
made of it, its why-lines, or its refusal when these rules do not allow the hand.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .alone import (
    ALONE,
    ANN,
    SOLO,
    TEAM_OPTIONS,
    Solo,
    first_hand_alone,
    near_the_target,
    play_alone,
    side_line,
    vice_versa_alone,
)
from .alone import table_words as alone_table
from .errors import GameError
from .game import FORMAT, parse_game
from .options import (
    MAX_SCORE,
    NO_BAGS,
    ONLY_BAGS,
    OPTIONS,
    WITHOUT_BAGS,
    OptionInfo,
    Rules,
    rules_to_spec,
)
from .scoring import score_game
from .team_table import (
    BASE_TRICKS,
    THEM,
    US,
    TeamTable,
    by_player,
    further_bids,
    renamed,
    team_table,
    without_bids,
)
from .team_table import table_words as teams_words
from .tenths import shown_points
from .tricks import tricks_by_player

TEAMS = {US: ["Ann", "Cy"], THEM: ["Bob", "Di"]}


class Scenario(NamedTuple):
    """A hand: its words, Ann & Cy's bid (split Ann, Cy), Bob & Di's, the nils (player ->
    kind), Ann & Cy's tricks and the nil bidders', the start scores, whose lines to show."""

    words: str
    us: tuple[int, int] | str
    them: tuple[int, int]
    us_took: int
    nils: tuple[tuple[str, str, int], ...] = ()  # (player, "nil" or "blind nil", tricks)
    start: tuple[int, int, int] = (0, 0, 0)  # Ann & Cy's score and bags, Bob & Di's score
    show: str = US
    hands: int = 1  # the same hand this many times in a row (a run of hands)
    split: tuple[int, int, int, int] | None = None  # Ann's, Cy's, Bob's and Di's tricks
    all_but: int | None = None  # Ann & Cy bid and take all the tricks of a hand but this many


SCENARIOS: dict[str, Scenario] = {
    "made": Scenario("Ann & Cy bid 5 (Ann 3, Cy 2) and take 7", (3, 2), (2, 2), 7),
    "set": Scenario("Ann & Cy bid 6 and take 4", (3, 3), (2, 2), 4),
    "bags": Scenario("Ann & Cy have 9 bags, bid 5 and take 7", (3, 2), (2, 2), 7,
                     start=(300, 9, 0)),
    "nil": Scenario("Bob bids nil and takes 1; Di bids 4", (3, 3), (0, 4), 8,
                    nils=(("Bob", "nil", 1),), show=THEM),
    "blind nil": Scenario("Bob & Di {us} behind; Bob bids blind nil and takes none", (3, 3),
                          (0, 4), 8, nils=(("Bob", "blind nil", 0),), start=(200, 0, 0),
                          show=THEM),
    "double nil": Scenario("Bob and Di both bid nil; Di takes 1", (5, 5), (0, 0), 12,
                           nils=(("Bob", "nil", 0), ("Di", "nil", 1)), show=THEM),
    "blind": Scenario("Ann & Cy {them} behind bid blind 6 and take 7", "blind 6", (2, 2), 7,
                      start=(0, 0, 200)),
    "ten": Scenario("Ann & Cy bid 10 and take 10", (5, 5), (1, 1), 10),
    "lexington": Scenario("Ann & Cy bid {all} and take {all}", (6, 6), (0, 1), 12, all_but=1),
    "moon": Scenario("Ann & Cy bid all {all} and take them all", (7, 6), (0, 1), 13, all_but=0),
    "board": Scenario("Ann & Cy bid 2 and take 3", (1, 1), (3, 3), 3),
    "seven": Scenario("Ann & Cy bid 8 and take 8", (4, 4), (2, 2), 8),
    "small": Scenario("Ann & Cy bid 2 and take 2", (1, 1), (5, 5), 2),
    "end": Scenario("Ann & Cy at {us} bid 4 and take 4", (2, 2), (4, 4), 4, start=(480, 0, 0)),
    "blind double nil": Scenario("Bob & Di {us} behind; Bob and Di both bid blind nil and take "
                                 "none", (5, 5), (0, 0), 13, nils=(("Bob", "blind nil", 0),
                                 ("Di", "blind nil", 0)), start=(200, 0, 0), show=THEM),
    "rubicon": Scenario("Ann & Cy at {us} bid 5 and take 5", (3, 2), (4, 4), 5, start=(90, 0, 0)),
    "majority": Scenario("Ann & Cy bid 5 and take 7, two hands in a row", (3, 2), (2, 2), 7,
                         hands=2),
    "part deux": Scenario("Ann & Cy bid 8 and take 8, two hands", (4, 4), (2, 2), 8, hands=2),
    "race": Scenario("A race hand: Ann & Cy take 7", (0, 0), (0, 0), 7),
    "race sweep": Scenario("A race hand: Ann & Cy take 10", (0, 0), (0, 0), 10),
    "auction": Scenario("Ann & Cy win the auction with 7, Bob & Di pass; Ann & Cy take 9",
                        (3, 4), (0, 0), 9, show=THEM),
    "over to others": Scenario("Ann & Cy bid 5 (Ann 3, Cy 2) and take 7; Bob & Di bid 4",
                               (3, 2), (2, 2), 7, show=THEM),
    "short to others": Scenario("Ann & Cy bid 6 and take 4; Bob & Di bid 4", (3, 3), (2, 2), 4,
                                show=THEM),
    "duplicate": Scenario("Ann & Cy bid 4 and Bob & Di bid 4", (2, 2), (2, 2), 6),
    "moon against double nil": Scenario("Ann & Cy bid all {all}; Bob and Di both bid nil",
                                        (7, 6), (0, 0), 13, nils=(("Bob", "nil", 0),
                                        ("Di", "nil", 0)), all_but=0),
    "both exact": Scenario("Ann bids 3 and takes 3, Cy bids 4 and takes 4", (3, 4), (2, 2), 7,
                           split=(3, 4, 3, 3)),
    "blind no trump": Scenario("Ann & Cy {them} behind bid blind no trump 6 and take 6",
                               "blind no trump 6", (2, 2), 6, start=(0, 0, 200)),
    "rubicon bags": Scenario("Ann & Cy at {us} with 4 bags bid 4 and take 7", (2, 2), (3, 3), 7,
                             start=(90, 4, 0)),
}  # fmt: skip

_BY_GROUP = {"Bags": "bags", "Nil": "nil", "Blind": "blind", "Big bids": "ten",
             "End of game": "end", "Scoring": "made", "Bids": "made", "Play": "made"}  # fmt: skip
_BY_OPTION = {
    "set_penalty": "set", "min_side_bid": "board", "max_bid": "ten", "blind_nil": "blind nil",
    "blind_nil_value": "blind nil", "blind_nil_penalty": "blind nil", "blind_nil_no_bags":
    "blind nil", "double_nil_value": "double nil", "double_nil_penalty": "double nil",
    "double_nil_opponents_bonus": "double nil", "double_nil_deficit": "double nil",
    "moon": "moon", "moon_value": "moon", "moon_penalty": "moon", "boston_wins": "moon",
    "lexington": "lexington", "lexington_value": "lexington", "lexington_penalty": "lexington",
    "seven_or_higher_value": "seven", "exact_small_bids": "small", "max_overtricks": "bags",
    "double_back": "small", "set_out": "set", "losing_score": "set", "nil_against": "nil",
    "blind_double_nil_value": "blind double nil", "blind_double_nil_penalty": "blind double nil",
    "rubicon_value": "rubicon", "majority_bonus": "majority", "race_tricks": "race",
    "seven_times_value": "part deux", "seven_times_counts": "part deux",
    "race_sweep": "race sweep", "auction_min": "auction", "defender_trick_value": "auction",
    "overtricks_to_others": "over to others", "undertricks_to_others": "short to others",
    "no_duplicate_bids": "duplicate", "no_moon_against_double_nil": "moon against double nil",
    "both_exact_bonus": "both exact", "rubicon_bags": "rubicon bags",
    "blind_no_trump": "blind no trump", "blind_no_trump_win_multiplier": "blind no trump",
    "blind_no_trump_loss_multiplier": "blind no trump",
}  # fmt: skip


class Example(NamedTuple):
    words: str  # the hand, in words
    lines: list[str]  # what the engine made of it, or why it refused the hand


def scenario_key(option: str) -> str:
    """The name of the scenario that shows ``option`` (by name, else by its group)."""
    key = _BY_OPTION.get(option)
    if key is None:
        group = next((o.group for o in OPTIONS if o.name == option), "Scoring")
        key = _BY_GROUP.get(group, "made")
    return key


def _shown_key(rules: Rules, key: str) -> str:
    """The scenario a game's rules can play: without bags (``Rules.has_bags``: Call Break) no
    side carries bags in, so a bag option's hand is a made bid with tricks over."""
    return "made" if key in ("bags", "rubicon bags") and not rules.has_bags else key


def scenario_for(option: str) -> Scenario:
    """The scenario that shows ``option`` (by name, else by its group)."""
    return SCENARIOS[scenario_key(option)]


def play(
    rules: Rules,
    preset: str,
    s: Scenario,
    extra: dict[str, Any] | None = None,
    table: TeamTable | None = None,
) -> Example:
    """``s`` played under ``rules`` (with ``extra`` fields in the hand) at ``table`` (two teams
    of two unless given; team_table.py): its why-lines. Its words say the start scores ({us},
    {them}) as the sheet shows them (in tenths: 48.0), and the tricks of a hand bid all or all
    but one ({all}) at the table's own tricks a hand."""
    table = table or team_table(rules)
    T = table.tricks
    if s.all_but is not None:  # a moon or a Lexington at this table's tricks
        n = T - s.all_but
        s = s._replace(us=(n - n // 2, n // 2), us_took=n)
    us, them = (shown_points(n, rules.score_tenths) for n in (s.start[0], s.start[2]))
    s = s._replace(words=s.words.format(us=us, them=them, all=s.us_took))
    # the further teams' tricks: what the roles' hand of 13 leaves (none when it takes all)
    further = len(table.further)
    others = 0 if not further or s.all_but is not None else max(T - BASE_TRICKS, 0) // further
    shared = T - others * further
    if rules.race_tricks is not None:  # a race: every hand without bids (not even a blind
        # one, whose words would refuse it), its tricks only
        words = f"A race hand: Ann & Cy take {s.us_took}"
        s = s._replace(words=words, us=(0, 0), nils=(), start=(0, 0, 0))
    else:
        s = _fit_bids(rules, s, shared)
    contracts = [_contract(s.us), _contract(s.them)]
    bids, tricks, said = further_bids(rules, table, others, contracts, contracts)
    words = table.say(s.words) + said
    try:
        data = _game_data(rules, preset, s, extra or {}, table, (bids, tricks, others))
        sheet = score_game(parse_game(data))
    except GameError as e:
        return Example(words, [f"not allowed here: {e.message}"])
    shown = table.name(s.show)
    lines = [side_line(shown, sheet.hands[-1].sides[shown])]
    if sheet.finished:
        lines.append(f"the game ends: {sheet.winner} win")
    return Example(words, lines)


def _contract(bid: tuple[int, int] | str) -> int:
    """A side's contract: its players' numbers, or its blind number ("blind 6")."""
    return sum(bid) if isinstance(bid, tuple) else int(bid.rsplit(" ", 1)[-1])


def _fit_bids(rules: Rules, s: Scenario, tricks: int) -> Scenario:
    """``s`` with its bids fitted to issue 22's rules of bids, which its words were not written
    for, the bids it then has said after them ("; these rules' bids: Ann 5, Cy nil, ..."):
    Suicide's nil in each team (Cy's or Di's, taking none, the partner bidding the side's
    number), and for the side not shown, the smallest bid of a side, the contracts a side may
    make, a nil's needed contract against it, and the total of Whiz's and Mirrors' bids; and a
    player's 0 (the moon's Bob) read as the nil it is, its tricks given by name. A hand these
    rules refuse all the same (a double nil under Suicide) is still refused: the engine, not
    this fitting, decides. ``tricks``: the tricks Ann & Cy and Bob & Di share."""
    if not isinstance(s.us, tuple) or rules.bidding == "partnership" or s.split is not None:
        return s
    if tricks_by_player(rules):
        return s
    players = ("Ann", "Cy", "Bob", "Di")
    bids: dict[str, int | str] = dict(zip(players, (*s.us, *s.them), strict=True))
    nils = {p: (kind, took) for p, kind, took in s.nils}
    bids.update({p: "nil" for p in nils})
    if rules.nil:  # a player's 0 is a nil, taking none (without nil: an auction's pass); a 1
        # where nil is only against bids the shown side's is not (a moon of 17, not 13)
        mine = ("Ann", "Cy") if s.show == US else ("Bob", "Di")
        shown_number = sum(int(bids[p]) for p in mine if p not in nils)
        against = rules.nil_against
        for p in [p for p, b in bids.items() if b == 0]:
            if against is not None and p not in mine and shown_number not in against:
                bids[p] = 1
                continue
            nils[p] = ("nil", 0)
            bids[p] = "nil"
    before = dict(bids)
    teams = (("Ann", "Cy"), ("Bob", "Di"))
    if rules.suicide:
        for first, second in teams:
            if first not in nils and second not in nils:
                bids[first] = int(bids[first]) + int(bids[second])
                bids[second] = "nil"
                nils[second] = ("nil", 0)
    shown, other = teams if s.show == US else teams[::-1]

    def number(team: tuple[str, ...]) -> int:
        return sum(b for p in team if isinstance(b := bids[p], int))

    def set_number(team: tuple[str, ...], value: int) -> None:
        bidders = [p for p in team if p not in nils]
        if value == 0 and rules.nil:  # nothing left to bid (Mirrors against a moon): nil
            nils.update({p: ("nil", 0) for p in bidders})
            bids.update({p: "nil" for p in bidders})
        elif bidders and value >= len(bidders):  # each bidder 1 or more (0 is a nil)
            for p in bidders[1:]:
                bids[p] = min(int(bids[p]), value - len(bidders) + 1) or 1
            bids[bidders[0]] = value - sum(int(bids[p]) for p in bidders[1:])

    if any(p not in nils for p in other):
        if number(other) < rules.min_side_bid:
            set_number(other, rules.min_side_bid)
        allowed = rules.allowed_contracts
        if allowed is not None and number(other) not in allowed:
            set_number(other, min((c for c in allowed if c >= number(other)), default=allowed[-1]))
        against = rules.nil_against
        if against is not None and any(p in nils for p in shown) and number(other) not in against:
            set_number(other, against[0])
        total = number(shown) + number(other)
        over = rules.bids_total == "at most tricks" and total > tricks
        if rules.bids_total == "tricks" or over:
            set_number(other, tricks - number(shown))
        elif rules.bids_total == "not tricks" and total == tricks:
            set_number(other, number(other) + 1)
    changed = [p for p in ("Ann", "Cy", "Bob", "Di") if bids[p] != before[p]]
    said = ", ".join(f"{p} {bids[p]}" for p in changed)
    return s._replace(
        words=f"{s.words}; these rules' bids: {said}" if changed else s.words,
        us=(int(bids["Ann"] if bids["Ann"] != "nil" else 0),
            int(bids["Cy"] if bids["Cy"] != "nil" else 0)),
        them=(int(bids["Bob"] if bids["Bob"] != "nil" else 0),
              int(bids["Di"] if bids["Di"] != "nil" else 0)),
        nils=tuple((p, kind, took) for p, (kind, took) in nils.items()),
    )  # fmt: skip


Further = tuple[dict[str, Any], dict[str, Any], int]  # the further teams' bids, tricks, each's


def _game_data(
    rules: Rules,
    preset: str,
    s: Scenario,
    extra: dict[str, Any],
    table: TeamTable,
    further: Further,
) -> dict[str, Any]:
    """The game file of ``s`` at ``table``: the roles' hand (of the tricks the further teams
    leave), said with the table's names, and the further teams' ``further`` bids and tricks."""
    T = table.tricks - further[2] * len(table.further)
    partnership = rules.bidding == "partnership"
    nils = {p: kind for p, kind, _ in s.nils}
    bids: dict[str, Any] = {}
    if isinstance(s.us, str):
        bids[US if partnership else "Ann"] = s.us
        if not partnership:
            raise GameError("a blind number is a side's whole bid, which needs partnership bidding")
    elif partnership:
        bids[US] = sum(s.us)
    else:
        bids.update({"Ann": s.us[0], "Cy": s.us[1]})
    them = {"Bob": s.them[0], "Di": s.them[1]}
    if partnership:
        numbers = sum(v for p, v in them.items() if p not in nils)
        if len(nils) < 2:
            bids[THEM] = numbers
    else:
        bids.update({p: v for p, v in them.items() if p not in nils})
    bids.update(nils)
    nil_took = {p: took for p, _, took in s.nils}
    rest = T - s.us_took - sum(took for p, took in nil_took.items() if p in ("Bob", "Di"))
    if s.split is not None:
        tricks: dict[str, int] = dict(zip(("Ann", "Cy", "Bob", "Di"), s.split, strict=True))
    elif s.nils:  # a side with a nil gives its players' tricks by name, its bidder the rest
        tricks = dict(nil_took)
        us_nils = sum(took for p, took in nil_took.items() if p in ("Ann", "Cy"))
        for team, side, took in (
            (("Ann", "Cy"), US, s.us_took - us_nils),
            (("Bob", "Di"), THEM, rest),
        ):
            bidders = [p for p in team if p not in nil_took]
            if len(bidders) == len(team):
                tricks[side] = took
            else:
                tricks.update({p: took for p in bidders})
    else:
        tricks = {US: s.us_took, THEM: rest}
    if s.split is None and isinstance(s.us, tuple) and tricks_by_player(rules):
        # each partner's own tricks (Highlander): each takes their bid first, the last the rest
        others = [p for p in ("Bob", "Di") if p not in nil_took]
        tricks = {**by_player(("Ann", "Cy"), s.us, s.us_took), **nil_took,
                  **by_player(others, [them[p] for p in others], rest)}  # fmt: skip
    start = {US: {"score": s.start[0], "bags": s.start[1]}, THEM: {"score": s.start[2]}}
    limit = rules.bag_limit
    if limit is not None and s.start[1] >= limit:
        start[US]["bags"] = limit - 1
    hand = renamed({"bids": bids, "tricks": tricks, **extra}, table)
    hand["bids"].update(further[0])
    hand["tricks"].update(further[1])
    if rules.race_tricks is not None:
        del hand["bids"]
    hands: list[dict[str, Any]] = [hand] * s.hands
    if rules.first_hand_no_bids:  # a first hand without bids before it: the shown side takes none
        other = THEM if s.show == US else US
        first = {s.show: 0, other: T, **{team: further[2] for team in table.further}}
        hands.insert(0, {"tricks": without_bids(rules, table, renamed({"t": first}, table)["t"])})
    return {
        "format": FORMAT, "rules": rules_to_spec(rules, preset), "players": list(table.players),
        "teams": table.teams, "hands": hands,
        "start": {table.name(side): s for side, s in start.items()},
    }  # fmt: skip


def option_example(
    rules: Rules,
    preset: str,
    option: str,
    seats: int = 4,
    teams: bool = True,
    team_count: int = 2,
) -> Example:
    """The worked example of ``option`` under the game's rules (a game whose first hand has no
    bids plays one before it), at the game's table of ``team_count`` teams (team_table.py),
    or, without ``teams``, of ``seats`` players each scoring alone (alone.py)."""
    if not teams:
        return Example(*_alone_example(rules, preset, option, seats))
    table = team_table(rules, seats, team_count)
    if option == "first_hand_no_bids" and rules.first_hand_no_bids:
        return _first_hand(rules, preset, table)
    end = SCENARIOS["end"]._replace(start=(near_the_target(rules), 0, 0))
    if rules.max_hands and rules.target_score >= MAX_SCORE:  # no target: the last hand ends it
        words = f"Ann & Cy bid 4 and take 4, {rules.max_hands} hands"
        end = end._replace(words=words, start=(0, 0, 0), hands=rules.max_hands)
    if option in ("race_tricks", "race_sweep") and rules.race_tricks is None:  # no race
        return play(rules, preset, end, table=table)
    if option in ("auction_min", "defender_trick_value") and rules.auction_min is None:
        return play(rules, preset, SCENARIOS["made"], table=table)  # no auction: every side bids
    if option == "no_vice_versa_bids" and rules.race_tricks is None:  # a race: no bids
        return _vice_versa(rules, preset, table)
    key = _shown_key(rules, scenario_key(option))
    return play(rules, preset, end if key == "end" else SCENARIOS[key], table=table)


def _alone_example(rules: Rules, preset: str, option: str, seats: int) -> tuple[str, list[str]]:
    """``option_example`` at a table of ``seats`` players without partners."""
    if option == "first_hand_no_bids" and rules.first_hand_no_bids:
        return first_hand_alone(rules, preset, seats)
    key = _shown_key(rules, scenario_key(option))
    if option in ("race_tricks", "race_sweep") and rules.race_tricks is None:  # no race
        key = "end"
    elif option in ("auction_min", "defender_trick_value") and rules.auction_min is None:
        key = "made"  # no auction: every player bids
    elif option == "no_vice_versa_bids" and rules.race_tricks is None:  # a race: no bids
        return vice_versa_alone(rules, preset, seats)
    solo = SOLO[key]._replace(start=near_the_target(rules)) if key == "end" else SOLO[key]
    if key == "end" and rules.max_hands and rules.target_score >= MAX_SCORE:  # no target
        # (Call Break's five deals): the last hand ends the game
        solo = Solo(f"Ann bids {{bid}} and takes {{took}}, {rules.max_hands} hands", 4, 4,
                    hands=rules.max_hands)  # fmt: skip
    return play_alone(rules, preset, seats, solo)


# What a race (urban rules) reads of the rules: its hands have no bids, so no nil, no blind
# bid, no bags and no contract to score; the rest of the options are not used by it.
RACE_OPTIONS = frozenset({
    "race_tricks", "race_sweep", "target_score", "max_hands", "tricks_per_hand",
    "misdeal_deal_passes", "renege_mucks",
})  # fmt: skip
NO_BIDS_IN_A_RACE = "a race is played without bids: no nil, no blind bid, no bags"
_REFUSED = "not allowed here: "


class RulesExplained(NamedTuple):
    """The rules page's matter: the options the rules use, each with its worked example, and
    those they do not use, grouped under why (in the engine's words)."""

    used: list[tuple[OptionInfo, Example]]
    unused: list[tuple[str, list[OptionInfo]]]


def rules_explained(
    rules: Rules, preset: str, seats: int = 4, teams: bool = True, team_count: int = 2
) -> RulesExplained:
    """Every option of ``rules``: used, with its worked example, or not used and why. An
    option is not used when its example is a hand these rules refuse (blind bids with bids
    by player: "a blind number is a side's whole bid, which needs partnership bidding"), in a
    race, when a race does not read it (``RACE_OPTIONS``), at a table of ``seats`` players
    without ``teams``, when only a team reads it (``alone.TEAM_OPTIONS``), and in a game
    without bags when only bags read it (``options.ONLY_BAGS``; the others are named as such a
    game has them, ``options.WITHOUT_BAGS``). A team game's table has ``team_count`` teams."""
    race = rules.race_tricks is not None
    used: list[tuple[OptionInfo, Example]] = []
    unused: dict[str, list[OptionInfo]] = {}
    for o in OPTIONS:
        if race and o.name not in RACE_OPTIONS:
            unused.setdefault(NO_BIDS_IN_A_RACE, []).append(o)
            continue
        if not teams and o.name in TEAM_OPTIONS:
            unused.setdefault(ALONE, []).append(o)
            continue
        if not rules.has_bags and o.name in ONLY_BAGS:
            unused.setdefault(NO_BAGS, []).append(o)
            continue
        example = option_example(rules, preset, o.name, seats, teams, team_count)
        if not rules.has_bags and o.name in WITHOUT_BAGS:  # named as the game has it
            label, help_ = WITHOUT_BAGS[o.name]
            o = o._replace(label=label, help=help_)
        refused = example.lines[0].startswith(_REFUSED) if len(example.lines) == 1 else False
        if refused and o.name == "blind_deficit" and rules.blind_nil:
            # blind numbers are refused, but the deficit still limits blind nil: shown by it
            example = option_example(rules, preset, "blind_nil", seats, teams, team_count)
            refused = example.lines[0].startswith(_REFUSED) if len(example.lines) == 1 else False
        if refused:
            unused.setdefault(example.lines[0].removeprefix(_REFUSED), []).append(o)
        else:
            used.append((o, example))
    return RulesExplained(used, list(unused.items()))


def _vice_versa(rules: Rules, preset: str, table: TeamTable) -> Example:
    """Two hands: Ann & Cy bid 4 and Bob & Di 5, then Ann & Cy 5 (what Bob & Di bid last); a
    further team bids neither, both hands."""
    others = max(table.tricks - BASE_TRICKS, 0) // max(len(table.further), 1)
    T = table.tricks - others * len(table.further)
    one = {"bids": {"Ann": 2, "Cy": 2, "Bob": 3, "Di": 2}, "tricks": {US: 4, THEM: T - 4}}
    two = {"bids": {"Ann": 3, "Cy": 2, "Bob": 2, "Di": 2}, "tricks": {US: 5, THEM: T - 5}}
    if tricks_by_player(rules):  # each partner's own tricks (Highlander)
        for hand in (one, two):
            bids, took = hand["bids"], hand["tricks"]
            hand["tricks"] = {
                **by_player(("Ann", "Cy"), (bids["Ann"], bids["Cy"]), took[US]),
                **by_player(("Bob", "Di"), (bids["Bob"], bids["Di"]), took[THEM]),
            }
    bids, tricks, said = further_bids(rules, table, others, (4, 5), (4, 5))
    hands = [renamed(hand, table) for hand in (one, two)]
    for hand in hands:
        hand["bids"].update(bids)
        hand["tricks"].update(tricks)
    words = table.say("Ann & Cy bid 4 and Bob & Di 5; next hand Ann & Cy bid 5 and take 5")
    words += said
    data = {"format": FORMAT, "rules": rules_to_spec(rules, preset),
            "players": list(table.players), "teams": table.teams, "hands": hands}  # fmt: skip
    us = table.name(US)
    try:
        result = score_game(parse_game(data)).hands[-1].sides[us]
    except GameError as e:
        return Example(words, [f"not allowed here: {e.message}"])
    return Example(words, [side_line(us, result)])


def _first_hand(rules: Rules, preset: str, table: TeamTable) -> Example:
    """The first hand, without bids: Ann & Cy take 7, the further teams what a hand of 13
    leaves, Bob & Di the rest."""
    others = max(table.tricks - BASE_TRICKS, 0) // max(len(table.further), 1)
    took = {US: 7, THEM: table.tricks - 7 - others * len(table.further)}
    took = {**renamed({"t": took}, table)["t"], **{team: others for team in table.further}}
    data = {"format": FORMAT, "rules": rules_to_spec(rules, preset),
            "players": list(table.players), "teams": table.teams,
            "hands": [{"tricks": without_bids(rules, table, took)}]}  # fmt: skip
    us = table.name(US)
    result = score_game(parse_game(data)).hands[0].sides[us]
    words = table.say("The first hand, without bids: Ann & Cy take 7")
    words += "".join(f"; {team} take {others}" for team in table.further)
    return Example(words, [side_line(us, result)])


def extras_examples(
    rules: Rules, preset: str, seats: int = 4, teams: bool = True, team_count: int = 2
) -> list[tuple[str, Example]]:
    """A worked example of each special (made by Ann & Cy, or by Ann at a table without
    ``teams``) and bonus (counted once for them) the rules have, at the game's table."""
    if not teams:
        return _extras_alone(rules, preset, seats)
    table = team_table(rules, seats, team_count)
    out = []
    base = SCENARIOS["seven"]
    for s in rules.specials:
        took = max(8, s.need)
        hand = base._replace(words=f"Ann & Cy bid 8, take {took} and make {s.name}", us_took=took)
        made = {"specials": {US: {s.key: "made"}}}
        out.append((s.name, play(rules, preset, hand, made, table)))
    for b in rules.bonuses:
        hand = base._replace(words=f"Ann & Cy bid 8, take 9 and count one {b.name}", us_took=9)
        out.append((b.name, play(rules, preset, hand, {"bonuses": {US: {b.key: 1}}}, table)))
    return out


def _extras_alone(rules: Rules, preset: str, seats: int) -> list[tuple[str, Example]]:
    out = []
    for s in rules.specials:
        took = max(8, s.need)
        hand = Solo(f"Ann bids 8, takes {took} and makes {s.name}", 8, took)
        made: dict[str, Any] = {"specials": {ANN: {s.key: "made"}}}
        out.append((s.name, Example(*play_alone(rules, preset, seats, hand, made))))
    for b in rules.bonuses:
        hand = Solo(f"Ann bids 8, takes 9 and counts one {b.name}", 8, 9)
        counted: dict[str, Any] = {"bonuses": {ANN: {b.key: 1}}}
        out.append((b.name, Example(*play_alone(rules, preset, seats, hand, counted))))
    return out


def table_words(rules: Rules, seats: int, teams: bool, team_count: int = 2) -> str:
    """The table the page's examples are played at."""
    if not teams:
        return alone_table(seats)
    return teams_words(team_table(rules, seats, team_count), seats)
