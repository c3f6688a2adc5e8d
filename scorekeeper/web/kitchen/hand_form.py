"""Reading the hand form: the bids step, the tricks step and a hand edited, each field named
by seat or side; the bid pads' buttons, only the bids the rules allow.

Errors are shown next to each field (``errors[field_name] = message``); CSRF is checked for
every form by ``CSRFProtect``; the templates carry ``csrf_token()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.rules import (
    MAX_ADJUST,
    NOTE_LENGTH,
    Game,
    GameError,
    SideBidOptions,
)
from scorekeeper.rules.specials import Bonus, Special
from scorekeeper.rules.specials import most as bonus_most
from scorekeeper.rules.tricks import tricks_by_player
from scorekeeper.web.fields import (
    points_number,
    points_words,
    range_words,
    tenths_text,
    whole_number,
)

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
