"""Reading the new game page's form: the players, the teams, the rules and their options.

The fields depend on the players and the rules, so the form is read from the posted data by
small functions that return the game file's pieces and the errors to show next to each field
(``errors[field_name] = message``). CSRF is checked for every form by ``CSRFProtect``; the
templates carry ``csrf_token()``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.rules import (
    FORMAT,
    MAX_START_BAGS,
    MAX_START_SCORE,
    NAME_LENGTH,
    OPTIONS,
    PRESETS,
    GameError,
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
from scorekeeper.web.fields import (
    points_number,
    points_words,
    range_words,
    whole_number,
)
from scorekeeper.web.kitchen.extras_form import POINTS as EXTRA_POINTS
from scorekeeper.web.kitchen.extras_form import (
    bonus_rows,
    extras_texts,
    own_counts,
    posted_texts,
    read_extras,
    special_rows,
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
        spec.update(read_extras(self.extras, self.errors, _in_tenths(spec)))
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
