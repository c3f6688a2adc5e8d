"""Reading the game forms: the new game page and the hand form.

The fields depend on the players and the rules, so the forms are read from the posted data by
small functions that return the game file's pieces and the errors to show next to each field
(``errors[field_name] = message``). CSRF is checked for every form by ``CSRFProtect``; the
templates carry ``csrf_token()``.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.rules import (
    FORMAT,
    MAX_ADJUST,
    MAX_START_BAGS,
    MAX_START_SCORE,
    NAME_LENGTH,
    NOTE_LENGTH,
    OPTIONS,
    PRESETS,
    Game,
    GameError,
    SideBidOptions,
    opposite_teams,
    preset_rules,
    preset_title,
    rules_from_spec,
    rules_to_spec,
    team_name,
)
from scorekeeper.rules.names import NameProblem, clean_name, typed_twice
from scorekeeper.rules.options import PRESET_TEAMS, numbers_text, read_numbers
from scorekeeper.rules.options import WORDS as OPTION_WORDS
from scorekeeper.rules.specials import Bonus, Special
from scorekeeper.rules.specials import most as bonus_most
from scorekeeper.rules.tricks import tricks_by_player
from scorekeeper.web.extras_form import POINTS as EXTRA_POINTS
from scorekeeper.web.extras_form import (
    bonus_rows,
    extras_texts,
    own_counts,
    posted_texts,
    read_extras,
    special_rows,
)
from scorekeeper.web.fields import (
    points_number,
    points_words,
    range_words,
    tenths_text,
    whole_number,
)

MAX_PLAYERS = 6
OPTION_BY_NAME = {o.name: o for o in OPTIONS}
_ALONE = " and ".join(preset_title(p) for p, kind in PRESET_TEAMS.items() if kind == "none")
TEAM_CHOICES = {
    "auto": "Usual for the players: partners opposite with 4, three teams of two with 6 "
    f"({_ALONE}: no teams)",
    "none": "No teams: everyone for themselves (cutthroat)",
    "two": "Two teams, partners sitting opposite (4 or 6 players)",
    "three": "Three teams of two, partners opposite (6 players)",
}


def option_value(info: Any, value: Any) -> str:
    """An option's value as its form field shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else ""
    if isinstance(value, tuple):  # a "numbers" option: "4-8, 10, 13"
        return numbers_text(value)
    return str(value)


# --- new game --------------------------------------------------------------------------------


@dataclass
class NewGame:
    """The new game form, as typed (to render again) and as read (to build the game file)."""

    players: list[str] = field(default_factory=lambda: [""] * MAX_PLAYERS)
    teams: str = "auto"
    dealer: str = "first"
    preset: str = "standard"
    editor_preset: str = "standard"
    options: dict[str, str] = field(default_factory=dict)  # field text per option
    start: list[tuple[str, str]] = field(default_factory=lambda: [("", "")] * MAX_PLAYERS)
    save_as: str = ""
    replace_saved: bool = False  # the user agreed to replace saved rules of the same name
    show_preset: bool = False  # posted to see a preset's rules (no JavaScript), not to start
    errors: dict[str, str] = field(default_factory=dict)
    extras: dict[str, str] = field(default_factory=dict)  # specials and bonuses (extras_form)

    @classmethod
    def blank(cls, spec: dict[str, Any] | str = "standard") -> NewGame:
        """An empty form whose rules editor shows ``spec`` (a preset or saved house rules)."""
        form = cls()
        form.set_rules(spec)
        return form

    def set_rules(self, spec: dict[str, Any] | str) -> None:
        spec = {"preset": spec} if isinstance(spec, str) else spec
        rules = rules_from_spec(spec)
        self.preset = self.editor_preset = spec.get("preset", "standard")
        # The editor's baseline is the plain preset, so saved changes stay changes.
        self.options = {o.name: option_value(o, getattr(rules, o.name)) for o in OPTIONS}
        self.extras = extras_texts(rules)

    @classmethod
    def from_post(cls, form: MultiDict) -> NewGame:
        preset = form.get("preset", "standard")
        editor = form.get("editor_preset", preset)
        new = cls(
            players=[form.get(f"player-{i}", "").strip() for i in range(MAX_PLAYERS)],
            teams=form.get("teams", "auto"),
            dealer=form.get("dealer", "first"),
            preset=preset if preset in PRESETS else "standard",
            editor_preset=editor if editor in PRESETS else "standard",
            options={o.name: form.get(f"o-{o.name}", "").strip() for o in OPTIONS},
            start=[
                (form.get(f"start-score-{i}", "").strip(), form.get(f"start-bags-{i}", "").strip())
                for i in range(MAX_PLAYERS)
            ],
            save_as=form.get("save_as", "").strip()[:60],
            replace_saved=form.get("replace_saved") == "on",
            show_preset=bool(form.get("apply_preset")),
            extras=posted_texts(form),
        )
        if "editor" not in form:  # posted without the rules editor: the preset as it is
            new.set_rules(new.preset)
        return new

    @property
    def option_errors(self) -> bool:
        extras = ("o-", "sp-", "bo-", "own-", "specials", "bonuses")
        return any(k.startswith(extras) for k in self.errors)

    extras_points = EXTRA_POINTS  # the range of a special's or bonus's points, in words

    @property
    def special_rows(self) -> list[Any]:
        return special_rows(own_counts(self.extras)[0])

    @property
    def bonus_rows(self) -> list[Any]:
        return bonus_rows(own_counts(self.extras)[1])

    @property
    def has_start(self) -> bool:
        return any(a or b for a, b in self.start)

    # -- reading --

    def names(self) -> list[str]:
        return [p for p in self.players if p]

    def read_options(self) -> dict[str, Any]:
        """The rules spec: the chosen preset plus the options the user changed in the editor."""
        baseline = preset_rules(self.editor_preset)
        changed: dict[str, Any] = {}
        for info in OPTIONS:
            text = self.options.get(info.name, "")
            if text == option_value(info, getattr(baseline, info.name)):
                continue
            try:
                changed[info.name] = parse_option(info, text)
            except ValueError as e:
                self.errors[f"o-{info.name}"] = str(e)
        spec: dict[str, Any] = {"preset": self.preset, **changed}
        spec.update(read_extras(self.extras, self.errors))
        return spec

    def read_teams(self, names: list[str]) -> dict[str, list[str]] | None:
        n = len(names)
        kind = self.teams
        if kind == "auto":
            usual = "two" if n == 4 else "three" if n == 6 else "none"
            kind = PRESET_TEAMS.get(self.preset, usual)  # a preset's own seating (Call Break)
        if kind == "none":
            return None
        if kind == "two" and n in (4, 6):
            groups = opposite_teams(names, 2)
        elif kind == "three" and n == 6:
            groups = opposite_teams(names, 3)
        else:
            need = "4 or 6 players" if kind == "two" else "6 players"
            self.errors["teams"] = f"Those teams need {need}; you have {n}."
            return None
        return {team_name(g): list(g) for g in groups}

    def read_dealer(self, names: list[str], seated: list[str] | None = None) -> str | None:
        """The first dealer: ``seated`` are the names by seat as cleaned (``players`` as typed
        when not given)."""
        if self.dealer == "random":
            return secrets.choice(names) if names else None
        if self.dealer == "first":
            return names[0] if names else None
        seats = {str(i): i for i in range(len(self.players))}
        if self.dealer in seats:
            chosen = (seated or self.players)[seats[self.dealer]]
            if chosen:
                return chosen
        self.errors["dealer"] = "Choose a player who is in the game, or draw at random."
        return None

    def read_start(
        self,
        names: list[str],
        teams: dict[str, list[str]] | None,
        in_tenths: bool = False,
        bags: bool = True,
    ) -> dict[str, Any]:
        """The start scores (points; with one decimal place when ``in_tenths``) and bags; where
        the rules have no bags (``bags`` false: ``Rules.has_bags``, Call Break) a number of
        bags is refused by its field, what was typed kept."""
        start: dict[str, Any] = {}
        for i, (score_text, bags_text) in enumerate(self.start):
            if not score_text and not bags_text:
                continue
            if not bags and bags_text not in ("", "0"):
                self.errors[f"start-bags-{i}"] = (
                    "Bags: these rules have no bags (a trick over the bid scores its points "
                    "and nothing counts it): leave it empty."
                )
                continue
            if i >= len(names):
                self.errors["start"] = f"There is no player {i + 1} to start a score for."
                continue
            side = next((t for t, m in teams.items() if names[i] in m), None) if teams else None
            side = side or names[i]
            value = {
                "score": self._start_number(
                    f"start-score-{i}", score_text, MAX_START_SCORE, in_tenths
                ),
                "bags": self._start_number(f"start-bags-{i}", bags_text, MAX_START_BAGS, False),
            }
            if None in value.values():
                continue
            if side in start:
                self.errors["start"] = f"{side} has two start scores; give one."
            start[side] = value
        return start

    def _start_number(self, key: str, text: str, top: int, in_tenths: bool) -> int | None:
        """A start score (-top to top) or start bags (0 to top); None with an error by it."""
        low = -top if key.startswith("start-score") else 0
        try:
            if low:  # a score: points, with one decimal place in a game in tenths
                return points_number(text or "0", top, in_tenths)
            return whole_number(text or "0", low, top)
        except ValueError:
            if low and in_tenths:
                self.errors[key] = f"Score: {points_words(top, in_tenths)}."
            elif low:
                self.errors[key] = f"Score: {range_words(low, top)}."
            else:
                self.errors[key] = f"Bags: {range_words(low, top)}."
            return None

    @property
    def takes_bags(self) -> bool:
        """Whether the rules the form holds have bags (``Rules.has_bags``), so its start asks
        for them: read from a copy, the form's own errors untouched."""
        return _has_bags(replace(self, errors={}).read_options())

    @property
    def takes_tenths(self) -> bool:
        """Whether the rules the form holds score in tenths, so its start's hint gives the score
        range as the field takes it (points with a decimal): read from a copy, as takes_bags."""
        return _in_tenths(replace(self, errors={}).read_options())

    @property
    def start_errors(self) -> bool:
        return any(k.startswith("start") for k in self.errors)

    def game_data(self) -> dict[str, Any] | None:
        """The game file, or None with ``errors`` filled in. Each name enters through
        ``rules.names.clean_name`` (one spelling a person; a control character is refused by
        its field, what was typed kept) and two names are one person as ``typed_twice`` says."""
        seated: list[str] = []
        for i, typed in enumerate(self.players):
            try:
                seated.append(clean_name(typed) if typed.strip() else "")
            except NameProblem as e:
                self.errors[f"player-{i}"] = str(e)
                seated.append("")
        names = [n for n in seated if n]
        if len([p for p in self.players if p.strip()]) < 2:
            self.errors["players"] = "Type the names of 2 to 6 players."
        for i, name in enumerate(seated):
            if len(name) > NAME_LENGTH:
                self.errors[f"player-{i}"] = (
                    f"Keep names to {NAME_LENGTH} characters: this one has {len(name)}."
                )
        twice = typed_twice(names)
        if twice:
            self.errors["players"] = twice[1]
        spec = self.read_options()
        if "players" in self.errors:
            return None
        # Every field is read, so every mistake is shown at once, each by its field.
        if any(k.startswith("player-") for k in self.errors):
            return None
        teams = self.read_teams(names)
        dealer = self.read_dealer(names, seated)
        start = self.read_start(names, teams, _in_tenths(spec), _has_bags(spec))
        if self.errors:
            return None
        data: dict[str, Any] = {"format": FORMAT, "rules": spec, "players": names}
        if teams:
            data["teams"] = teams
        data["dealer"] = dealer
        if start:
            data["start"] = start
        data["hands"] = []
        return data

    def game_to_start(self) -> dict[str, Any] | None:
        """What Start starts (``service.kitchen.TypedGame``): the game file, its rules written
        as the changes from their preset; None when the form was sent to see a preset's rules
        (they are set on the form) or with ``errors`` filled in. Raises GameError."""
        if self.show_preset:
            self.set_rules(self.preset)
            return None
        data = self.game_data()
        if data is not None:
            data["rules"] = minimal_spec(data["rules"])
        return data

    def place_error(self, error: GameError) -> None:
        """Put an engine error next to the field it is about."""
        where = error.field or ""
        message = error.message
        if where.startswith("rules."):
            name = where.split(".", 1)[1]
            key = f"o-{name}" if name in OPTION_BY_NAME else "preset"
            if name in OPTION_BY_NAME:  # said by the label the form shows, not the file's key
                message = option_words(message, name)
            if name in ("specials", "bonuses"):
                key = name
        elif where.startswith("teams") or where == "rules.bidding":
            key = "teams"
        elif where.startswith("start"):
            key = "start"
        elif where in ("dealer", "players"):
            key = where
        else:
            key = "form"
        self.errors[key] = message[:1].upper() + message[1:] + "."


def option_words(message: str, name: str) -> str:
    """An option's message ("option partner_bids: ...", the game file's words) as the form says
    it, by the label a person sees ("Partners' own bids: ...")."""
    head = f"option {name}"
    if name not in OPTION_BY_NAME or not message.startswith(head):
        return message
    rest = message[len(head) :]
    return OPTION_BY_NAME[name].label + (rest if rest.startswith(":") else ":" + rest)


def _in_tenths(spec: dict[str, Any]) -> bool:
    """Whether the rules a new game's form chose score in tenths (its points typed as 0.5)."""
    if "score_tenths" in spec:
        return spec["score_tenths"] is True
    try:
        return preset_rules(spec.get("preset") or "standard").score_tenths
    except GameError:
        return False


def _has_bags(spec: dict[str, Any]) -> bool:
    """Whether the rules a new game's form chose have bags (``Rules.has_bags``); rules that do
    not load are answered by their own fields, so here they ask for bags as most do."""
    try:
        return rules_from_spec(spec).has_bags
    except GameError:
        return True


def parse_option(info: Any, text: str) -> Any:
    """An option's value from its field text; raises ValueError with a message to show."""
    if info.type == "bool":
        return text == "on"
    if text == "":
        if info.nullable:
            return None
        raise ValueError(f"{info.label} cannot be empty.")
    if info.type == "choice":
        if text not in info.choices:
            raise ValueError(f"Choose one of: {', '.join(info.choices)}.")
        return text
    word = OPTION_WORDS.get(info.type)
    if word is not None and text.lower() == word:
        return word
    if info.type == "numbers":
        try:
            return read_numbers(text, info.minimum, info.maximum)
        except ValueError:
            raise ValueError(f"{info.label}: {option_range(info)}.") from None
    try:
        return whole_number(text, info.minimum, info.maximum)
    except ValueError:
        raise ValueError(f"{info.label}: {option_range(info)}.") from None


def option_range(info: Any) -> str:
    """What a number option takes, in words: '1 to 100000', '-10000 to 10000, or "win"'."""
    words = range_words(info.minimum, info.maximum)
    if info.type == "numbers":
        words = f'numbers {words}, as in "4-8, 10, 13"'
    word = OPTION_WORDS.get(info.type)
    if word is not None:
        words += f', or "{word}"'
    if info.nullable:
        words += ", or empty"
    return words


def minimal_spec(spec: dict[str, Any]) -> dict[str, Any]:
    """A rules spec as the engine writes it back: the preset and only what differs from it."""
    preset = spec.get("preset", "standard")
    return rules_to_spec(rules_from_spec(spec), preset)


# --- a hand ----------------------------------------------------------------------------------

NIL_WORDS = ("nil", "blind nil")


@dataclass
class HandForm:
    """The hand form: what was typed (field name -> text) and the hand it makes.

    Field names use seat and side positions, never names: ``bid-<seat>``, ``tbid-<side>``,
    ``tricks-<seat>``, ``ttricks-<side>``, ``renege-<side>``, ``adjust-<side>``, ``note``.
    """

    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    step: str = ""  # "tricks" once the bids are in (the two-step entry of a new hand)
    hand_no: int | None = None  # the tricks step: the hand its bids were typed for
    submission: str = ""  # the one-time id it was sent with (web.saving), kept if shown again
    # The game's version the page was read at; -1 when the post names none that reads (ASCII
    # digits): such a form is taken as read long ago, so it can never save over a change.
    version: int = -1

    @classmethod
    def from_post(cls, form: MultiDict) -> HandForm:
        keep = ("bid-", "tbid-", "tricks-", "ttricks-", "renege-", "adjust-", "note", "renege",
                "sp-", "bo-")  # fmt: skip
        values = {k: v.strip() for k, v in form.items() if k.startswith(keep)}
        number = form.get("hand_no", "")
        hand_no = int(number) if number.isascii() and number.isdigit() and len(number) < 7 else None
        read = form.get("version", "")
        version = int(read) if read.isascii() and read.isdigit() and len(read) < 10 else -1
        return cls(values=values, step=form.get("step", ""), hand_no=hand_no, version=version)

    @classmethod
    def from_hand(cls, game: Game, hand: dict[str, Any]) -> HandForm:
        """The form filled in with a stored hand, to edit it."""
        values: dict[str, str] = {}
        sides = game.sides()
        seat = {p: i for i, p in enumerate(game.players)}
        for who, bid in (hand.get("bids") or {}).items():
            text = str(bid)
            if who in seat:
                if game.rules.bidding == "partnership" and text not in NIL_WORDS:
                    values[f"tbid-{sides.index(game.side_of(who))}"] = text
                else:
                    values[f"bid-{seat[who]}"] = text
            elif who in sides:
                values[f"tbid-{sides.index(who)}"] = text
        tricks = hand.get("tricks") or {}
        for who, n in tricks.items():
            if who in seat:
                values[f"tricks-{seat[who]}"] = str(n)
            elif who in sides:
                values[f"ttricks-{sides.index(who)}"] = str(n)
        if game.teams:
            # A team with a nil was counted per player: show its total too.
            for j, side in enumerate(sides):
                members = game.members(side)
                if f"ttricks-{j}" not in values and all(m in tricks for m in members):
                    values[f"ttricks-{j}"] = str(sum(tricks[m] for m in members))
        for side, n in (hand.get("renege") or {}).items():
            if side in sides:
                values["renege"] = str(sides.index(side))
                values["renege-tricks"] = str(n)
        for side, n in (hand.get("adjust") or {}).items():
            if side in sides:  # typed back as a person typed it: points (0.5 under tenths)
                shown = tenths_text(n) if game.rules.score_tenths else str(n)
                values[f"adjust-{sides.index(side)}"] = shown
        if hand.get("note"):
            values["note"] = hand["note"]
        values.update(extras_values(game, hand))
        return cls(values=values)

    @property
    def extras_open(self) -> bool:
        """Whether the renege/bonus/note section holds something to show."""
        keys = ("renege", "note", "adjust-")
        return any(
            k.startswith(keys) and v and k != "renege-tricks" for k, v in self.values.items()
        ) or any(k.startswith(keys) for k in self.errors)

    def get(self, name: str, default: str = "") -> str:
        return self.values.get(name, default)

    def hand(self, game: Game, no_bids: bool) -> dict[str, Any] | None:
        """The hand as the game file writes it, or None with ``errors`` filled in."""
        sides = game.sides()
        hand: dict[str, Any] = {}
        bids = {} if no_bids else self._bids(game, sides)
        if bids:
            hand["bids"] = bids
        nil_players = {p for p, b in bids.items() if b in NIL_WORDS and p in game.players}
        hand["tricks"] = self._tricks(game, sides, nil_players)
        renege = self._renege(sides, game.tricks_per_hand)
        if renege:
            hand["renege"] = renege
        adjust = {}
        for j, side in enumerate(sides):
            text = self.get(f"adjust-{j}")
            if text:
                try:
                    value = points_number(text, MAX_ADJUST, game.rules.score_tenths)
                except ValueError:
                    self.errors[f"adjust-{j}"] = (
                        f"{side}: {points_words(MAX_ADJUST, game.rules.score_tenths)}."
                    )
                    continue
                if value:
                    adjust[side] = value
        if adjust:
            hand["adjust"] = adjust
        note = self.get("note")[:NOTE_LENGTH]
        if note:
            hand["note"] = note
        hand.update(self._extras(game, sides))
        return None if self.errors else hand

    def _extras(self, game: Game, sides: list[str]) -> dict[str, Any]:
        """The hand's specials and bonuses (``sp-<side>-<i>``: "made" or "failed";
        ``bo-<side>-<i>``: a count), as the game file writes them; only those tapped."""
        rules = game.rules
        specials: dict[str, dict[str, str]] = {}
        bonuses: dict[str, dict[str, int]] = {}
        for j, side in enumerate(sides):
            for i, special in enumerate(rules.specials):
                name = f"sp-{j}-{i}"
                text = self.get(name)
                if text in ("made", "failed"):
                    specials.setdefault(side, {})[special.key] = text
                elif text:
                    self.errors[name] = f"{side}, {special.name}: made, failed or not bid."
            for i, bonus in enumerate(rules.bonuses):
                name = f"bo-{j}-{i}"
                text = self.get(name)
                if not text:
                    continue
                top = bonus_most(bonus, game.tricks_per_hand, len(game.players))
                try:
                    n = whole_number(text, 0, top)
                except ValueError:
                    self.errors[name] = f"{side}, {bonus.name}: {range_words(0, top)}."
                    continue
                if n:
                    bonuses.setdefault(side, {})[bonus.key] = n
        out: dict[str, Any] = {}
        if specials:
            out["specials"] = specials
        if bonuses:
            out["bonuses"] = bonuses
        return out

    def bids_of(self, game: Game) -> dict[str, Any]:
        """The bids typed, as the game file writes them (errors for missing ones)."""
        return self._bids(game, game.sides())

    def _bids(self, game: Game, sides: list[str]) -> dict[str, Any]:
        bids: dict[str, Any] = {}
        partnership = game.rules.bidding == "partnership"
        top = game.tricks_per_hand

        def read(key: str, who: str, label: str, text: str) -> None:
            bid = _bid(text, top)
            if bid is None:
                self.errors[key] = f"{label}: tap one of the keys, 0 to {top}."
            else:
                bids[who] = bid

        for i, player in enumerate(game.players):
            text = self.get(f"bid-{i}")
            if partnership:
                if text in NIL_WORDS:
                    bids[player] = text
                elif text:
                    self.errors[f"bid-{i}"] = f"{player}'s nil: nil, blind nil or none."
                continue
            if not text:
                self.errors[f"bid-{i}"] = f"Tap {player}'s bid."
                continue
            read(f"bid-{i}", player, f"{player}'s bid", text)
        if partnership:
            for j, side in enumerate(sides):
                text = self.get(f"tbid-{j}")
                all_nil = all(m in bids for m in game.members(side))
                if not text and not all_nil:
                    self.errors[f"tbid-{j}"] = f"Tap {side}'s bid."
                elif text:
                    read(f"tbid-{j}", side, f"{side} bid", text)
        return bids

    def _tricks(self, game: Game, sides: list[str], nil_players: set[str]) -> dict[str, int]:
        tricks: dict[str, int] = {}
        seat = {p: i for i, p in enumerate(game.players)}
        top = game.tricks_per_hand

        def read(name: str, who: str) -> int | None:
            text = self.get(name)
            if not text:
                self.errors[name] = f"Tap {who} tricks."
                return None
            try:
                return whole_number(text, 0, top)
            except ValueError:
                self.errors[name] = f"{who} tricks: 0 to {top}."
                return None

        if not game.teams:
            for i, player in enumerate(game.players):
                n = read(f"tricks-{i}", f"{player}'s")
                if n is not None:
                    tricks[player] = n
            return tricks
        by_player = tricks_by_player(game.rules)  # each partner's own bid counts
        for j, side in enumerate(sides):
            members = game.members(side)
            nils = [m for m in members if m in nil_players]
            if by_player:
                for m in members:
                    n = read(f"tricks-{seat[m]}", f"{m}'s")
                    if n is not None:
                        tricks[m] = n
                continue
            if not nils:
                n = read(f"ttricks-{j}", f"{side}")
                if n is not None:
                    tricks[side] = n
                continue
            # A team with a nil: the nil bidders' tricks, and the team's total for the rest.
            counts = {m: read(f"tricks-{seat[m]}", f"{m}'s") for m in nils}
            others = [m for m in members if m not in nil_players]
            if len(others) == 1 and self.get(f"ttricks-{j}"):
                total = read(f"ttricks-{j}", side)
                if total is not None and None not in counts.values():
                    rest = total - sum(v for v in counts.values() if v is not None)
                    if rest < 0:
                        self.errors[f"ttricks-{j}"] = (
                            f"{side} took {total}, fewer than its nil bidder alone."
                        )
                    counts[others[0]] = rest
            elif others:
                for m in others:
                    counts[m] = read(f"tricks-{seat[m]}", f"{m}'s")
            for m, n in counts.items():
                if n is not None:
                    tricks[m] = n
        return tricks

    def _renege(self, sides: list[str], top: int) -> dict[str, int]:
        which = self.get("renege")
        if not which:
            return {}
        choices = {str(j): side for j, side in enumerate(sides)}
        if which not in choices:
            self.errors["renege"] = "Choose the side that reneged."
            return {}
        try:
            n = whole_number(self.get("renege-tricks") or "3", 0, top)
        except ValueError:
            self.errors["renege-tricks"] = f"Penalty tricks: 0 to {top}."
            return {}
        return {choices[which]: n}

    def place_error(self, game: Game, error: GameError) -> None:
        """Put an engine error next to the field it names (else at the top of the form)."""
        where = error.field or ""
        sides = game.sides()
        seat = {p: i for i, p in enumerate(game.players)}
        key = "form"
        head, _, who = where.partition(".")
        if head == "bids":
            if who in seat:
                key = f"bid-{seat[who]}"
            elif who in sides:
                key = f"tbid-{sides.index(who)}"
        elif head == "tricks":
            key = "tricks"
        elif head in ("renege", "adjust") and who in sides:
            key = "renege" if head == "renege" else f"adjust-{sides.index(who)}"
        elif head in ("specials", "bonuses"):
            key = extras_field(game, head, who) or key
        message = error.message[:1].upper() + error.message[1:] + "."
        self.errors[key] = message


def extras_values(game: Game, hand: dict[str, Any]) -> dict[str, str]:
    """The hand form's fields for a stored hand's specials and bonuses."""
    sides = game.sides()
    specials = {s.key: i for i, s in enumerate(game.rules.specials)}
    bonuses = {b.key: i for i, b in enumerate(game.rules.bonuses)}
    values: dict[str, str] = {}
    for side, chosen in (hand.get("specials") or {}).items():
        for key, outcome in chosen.items():
            if side in sides and key in specials:
                values[f"sp-{sides.index(side)}-{specials[key]}"] = str(outcome)
    for side, counts in (hand.get("bonuses") or {}).items():
        for key, n in counts.items():
            if side in sides and key in bonuses:
                values[f"bo-{sides.index(side)}-{bonuses[key]}"] = str(n)
    return values


def extras_field(game: Game, head: str, where: str) -> str | None:
    """The hand form's field for an engine error at ``specials.<side>.<key>`` (or bonuses):
    a side's name may hold a dot, so each side is tried; None when it names none."""
    entries: tuple[Special | Bonus, ...] = (
        game.rules.specials if head == "specials" else game.rules.bonuses
    )
    prefix = "sp" if head == "specials" else "bo"
    for j, side in enumerate(game.sides()):
        if where == side:
            return f"{prefix}-{j}-0" if entries else None
        if where.startswith(side + "."):
            key = where[len(side) + 1 :]
            for i, entry in enumerate(entries):
                if entry.key == key:
                    return f"{prefix}-{j}-{i}"
    return None


def contract_labels(game: Game, bids: dict[str, Any]) -> list[str]:
    """Each side's contract as the bids make it: "7", "blind 6", "5 + nil"."""
    labels = []
    for side in game.sides():
        numbers: list[int] = []
        nils: list[str] = []
        blind = ""
        for who in (side, *game.members(side)):
            bid = bids.get(who)
            if bid is None or (who == side and who in game.players and who not in bids):
                continue
            if bid in NIL_WORDS:
                nils.append(str(bid))
            elif isinstance(bid, str) and bid.startswith("blind no trump "):  # blind_no_trump
                blind, numbers = "blind no trump ", [*numbers, int(bid[15:])]
            elif isinstance(bid, str) and bid.startswith("blind "):
                blind, numbers = "blind ", [*numbers, int(bid[6:])]
            elif isinstance(bid, str) and bid.startswith("no trump "):  # option no_trump
                blind, numbers = "no trump ", [*numbers, int(bid[9:])]
            else:
                numbers.append(int(bid))
            if who == side and not game.teams:
                break
        parts = [f"{blind}{sum(numbers)}"] if numbers else []
        labels.append(f"{side}: " + (" + ".join(parts + nils) or "no bid"))
    return labels


def _bid(text: str, top: int) -> Any:
    """A bid field's text as the game file writes it (5, "nil", "blind nil", "blind 6"), or
    None when it is none of those, or a number past the tricks in a hand (``top``)."""
    if text in NIL_WORDS:
        return text
    blind = text.startswith("blind ")
    no_trump = text.removeprefix("blind ").startswith("no trump ")  # "no trump 5" (no_trump)
    number = text.removeprefix("blind ").removeprefix("no trump ")
    try:
        n = whole_number(number, 0, top)
    except ValueError:
        return None
    if text.strip() != text or text.startswith(("-", "+")):
        return None
    return (
        f"{'blind ' if blind else ''}{'no trump ' if no_trump else ''}{n}"
        if (blind or no_trump)
        else n
    )


def bid_pad(game: Game, side: str, options: SideBidOptions, *, team: bool) -> list[tuple]:
    """The buttons of one bid pad: (value, label) pairs, only the bids the rules allow.

    ``team`` is a team's pad in partnership bidding (numbers and blind numbers); otherwise a
    player's pad (numbers, nil and blind nil; blind numbers only with no teams). A pad that
    makes its side's whole contract starts at the board (``min_side_bid``); a player whose
    partner's bid adds to theirs may bid under it, and the bids step checks the sum.
    """
    tricks = options.tricks_per_hand
    top = min(options.max_bid, tricks) if options.max_bid is not None else tricks
    whole = team or not game.teams  # this pad's number is its side's whole contract
    low = options.min_side_bid if whole else 0
    barred = set(options.barred)
    if whole and options.contracts is not None:  # the side's only contracts (Jailhouse)
        barred |= set(range(tricks + 1)) - set(options.contracts)
    pad: list[tuple[str, str]] = []
    if not team and options.nil:
        pad.append(("nil", "Nil"))
    elif low == 0 and 0 not in barred:
        pad.append(("0", "0"))
    pad += [(str(n), str(n)) for n in range(max(low, 1), top + 1) if n not in barred]
    if whole and options.blind:
        first = max(options.blind_min, low)
        pad += [(f"blind {n}", f"Blind {n}") for n in range(first, tricks + 1) if n not in barred]
    if game.rules.no_trump:  # a No Trump bid of each number the pad has (house.py)
        numbers = range(max(low, 1), top + 1)
        pad += [(f"no trump {n}", f"NT {n}") for n in numbers if n not in barred]
    if whole and options.blind and game.rules.blind_no_trump:  # from one under a blind bid's
        first = max(options.blind_min - 1, low, 1)
        pad += [(f"blind no trump {n}", f"Blind NT {n}") for n in range(first, tricks + 1)
                if n not in barred]  # fmt: skip
    if not team and options.blind_nil:
        pad.append(("blind nil", "Blind nil"))
    return pad


@dataclass
class ButtonForm:
    """A button post (Delete, Drop, Undo): no fields of its own but the form's one-time
    submission id and the version it was read at, each None when the post has none that reads.
    The CSRF token is checked by CSRFProtect before the view runs, as for every POST."""

    submission: str | None = None
    version: int | None = None

    @classmethod
    def from_post(cls, form: MultiDict) -> ButtonForm:
        sent = form.get("submission", "")
        submission = sent if _SUBMISSION.match(sent) else None
        text = form.get("version", "")
        version = int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None
        return cls(submission, version)


_SUBMISSION = re.compile(r"[A-Za-z0-9_-]{16,64}\Z")  # what web.saving.new_id makes
