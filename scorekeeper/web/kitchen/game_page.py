"""The game page: its model (the hand form's pads, :class:`Entry`) and its renderer
(:func:`render_game`), shared by the page's own address (web/games.py) and the hand routes that
show it again with a refused or out-of-date form (web/hands.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from flask import flash, redirect, url_for
from werkzeug.wrappers import Response

from scorekeeper.rules import (
    Game,
    GameError,
    Sheet,
    SideBidOptions,
    bid_options,
    bidding,
    check_bids,
)
from scorekeeper.rules.bids import bid_rule_notes
from scorekeeper.rules.specials import most as bonus_most
from scorekeeper.rules.tricks import tricks_by_player
from scorekeeper.rules.words import signed
from scorekeeper.service import GamePage, OpenGame
from scorekeeper.web import saving
from scorekeeper.web.kitchen.fragments import Later, game_page, render, sheet_html
from scorekeeper.web.kitchen.hand_form import NIL_WORDS, HandForm, bid_pad, contract_labels

NO_NILS: Mapping[str, str] = MappingProxyType({})  # no player bid nil (yet)


@dataclass
class Pad:
    """One tap pad: a radio group named ``name`` with a visible legend."""

    name: str
    label: str
    choices: list[tuple[str, str]]
    hint: str = ""
    side: int = 0
    player: int | None = None
    kind: str = "bid"  # "bid", "nil" (a player's nil in partnership bidding), "tricks"
    nil_only: bool = False
    any: bool = False  # a nil-only pad needed whenever anyone on the team bids nil
    partner: str = ""  # the partner's pad whose tap bars some keys of this one (Suicide)
    bars: tuple[tuple[str, str], ...] = ()  # a key -> the partner's keys that bar it, "|" between

    @property
    def blind_numbers(self) -> list[tuple[str, str]]:
        """The blind number bids ("blind 6"): shown apart, under a line that says what they are."""
        return [
            c
            for c in self.choices
            if c[0].startswith("blind ") and c[0] != "blind nil" and "trump" not in c[0]
        ]

    @property
    def no_trump_numbers(self) -> list[tuple[str, str]]:
        """The No Trump bids ("no trump 5", option no_trump): shown apart, under their line."""
        return [c for c in self.choices if c[0].startswith("no trump ")]

    @property
    def blind_no_trump_numbers(self) -> list[tuple[str, str]]:
        """The Blind No Trump bids ("blind no trump 5", option blind_no_trump): apart too."""
        return [c for c in self.choices if c[0].startswith("blind no trump ")]


@dataclass
class Entry:
    """What the hand form needs: who deals, who bids first, the pads."""

    number: int
    dealer: str
    first_bidder: str
    no_bids: bool
    tricks: int
    sides: list[str]
    bids: list[Pad] = field(default_factory=list)
    trick_pads: list[Pad] = field(default_factory=list)
    nil_pads: list[Pad] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # why a bid is not open to a side
    step: str = "both"  # "bids" (then tricks on the next page), "tricks", or "both" (an edit)
    hidden: list[tuple[str, str]] = field(default_factory=list)  # bids carried to the tricks
    contracts: list[str] = field(default_factory=list)
    race: int | None = None  # a race (urban rules): the tricks that win a hand, no bids ever
    extras: list[Pad] = field(default_factory=list)  # specials and bonuses, when the rules have

    def with_extras(self, game: Game) -> Entry:
        """The entry with a pad for each special and bonus of the game's rules, for each side
        (none under rules without them: the ordinary hand keeps its taps)."""
        if self.step != "bids":
            self.extras = extras_pads(game, self.tricks)
        return self


def entry_for(
    game: Game,
    number: int,
    dealer: str,
    extra_nil: Mapping[str, str] = NO_NILS,
    step: str = "both",
    sheet: Sheet | None = None,
) -> Entry:
    """The pads for hand ``number`` (1-based) of ``game``, dealt by ``dealer``.

    In the tricks step ``extra_nil`` are the players who bid nil, each with the nil they bid
    ("nil", "blind nil"): only they get a pad of their own; otherwise every player who may bid
    nil gets one (game.js shows it after a nil bid).
    ``sheet`` is the game's sheet, used for the next hand's options instead of scoring again.
    """
    if number == len(game.hands) + 1:
        options = bid_options(game, sheet)
    else:
        options = bid_options(game.with_hands(game.hands[: number - 1]))
    sides = game.sides()
    players = list(game.players)
    first = players[(players.index(dealer) + 1) % len(players)]
    order = players[players.index(first) :] + players[: players.index(first)]
    any_options = next(iter(options.values()))
    tricks = any_options.tricks_per_hand
    entry = Entry(number, dealer, first, any_options.first_hand_no_bids, tricks, sides)
    entry.step = "tricks" if entry.no_bids else step
    entry.race = game.rules.race_tricks
    _add_bid_pads(game, entry, options, order)
    entry.notes = _notes(sides, options)
    if not entry.no_bids:  # the rules that forbid bids, said before the bids are tapped
        entry.notes = [*bid_rule_notes(game.rules, tricks), *entry.notes]
    _add_trick_pads(game, entry, options, extra_nil)
    return entry


def _add_bid_pads(
    game: Game, entry: Entry, options: dict[str, SideBidOptions], order: list[str]
) -> None:
    """The bid pads, in bidding order: each player's, or each team's and its players' nils."""
    sides, players = entry.sides, list(game.players)
    partnership = game.rules.bidding == "partnership"
    done_sides: set[str] = set()
    for player in order:
        side = game.side_of(player)
        j, opts, seat = sides.index(side), options[side], players.index(player)
        hint = ""
        if not partnership:
            pad = bid_pad(game, side, opts, team=False)
            entry.bids.append(
                Pad(f"bid-{seat}", f"{player}'s bid", pad, hint=hint, side=j, player=seat)
            )
            continue
        if side not in done_sides:
            done_sides.add(side)
            pad = bid_pad(game, side, opts, team=True)
            entry.bids.append(Pad(f"tbid-{j}", f"{side} bid", pad, hint=hint, side=j))
        allowed = (("nil", opts.nil), ("blind nil", opts.blind_nil))
        nils = [("", "No")] + [(w, w.capitalize()) for w, ok in allowed if ok]
        if len(nils) > 1:
            entry.bids.append(
                Pad(f"bid-{seat}", f"{player}'s nil", nils, side=j, player=seat, kind="nil")
            )
    if not partnership:
        _pair_pads(game, entry.bids)


def _add_trick_pads(
    game: Game, entry: Entry, options: dict[str, SideBidOptions], extra_nil: Mapping[str, str]
) -> None:
    """The tricks pads: each side's, or each player's where each partner's tricks count, and
    the nil pads of the players who may have bid nil."""
    sides, players = entry.sides, list(game.players)
    counts = [(str(n), str(n)) for n in range(entry.tricks + 1)]
    by_player = tricks_by_player(game.rules)
    for j, side in enumerate(sides):
        if not game.teams:
            entry.trick_pads.append(
                Pad(f"tricks-{j}", f"{side}'s tricks", counts, side=j, player=j, kind="tricks")
            )
            continue
        members = game.members(side)
        if by_player:  # each partner's own bid counts: each player's tricks, by name
            for m in members:
                seat = players.index(m)
                name, label = f"tricks-{seat}", f"{m}'s tricks"
                entry.trick_pads.append(
                    Pad(name, label, counts, side=j, player=seat, kind="tricks")
                )
            continue
        hint = _team_tricks_hint(members, extra_nil) if entry.step == "tricks" else ""
        entry.trick_pads.append(
            Pad(f"ttricks-{j}", f"{side} tricks", counts, hint=hint, side=j, kind="tricks")
        )
        opts = options[side]
        team_nil = any(m in extra_nil for m in members)
        for m in members:
            maybe = opts.nil or opts.blind_nil or len(members) > 2
            if entry.step == "tricks":
                maybe = m in extra_nil or (len(members) > 2 and team_nil)
            if maybe or m in extra_nil:
                seat = players.index(m)
                hint = _nil_pad_hint(m, members, extra_nil)
                entry.nil_pads.append(
                    Pad(
                        f"tricks-{seat}",
                        f"{m}'s tricks",
                        counts,
                        hint=hint,
                        side=j,
                        player=seat,
                        kind="tricks",
                        nil_only=True,
                        any=len(members) > 2,
                    )  # fmt: skip
                )


def _pair_pads(game: Game, pads: list[Pad]) -> None:
    """Under Suicide, each team of two's bid pads offer only the keys the rules allow with a
    partner's bid (rules.bidding.partner_bars), and say which of the partner's taps bar the
    rest: game.js greys those out once the partner has tapped."""
    players = game.players
    for side in game.sides():
        team = {players[p.player]: p for p in pads if p.player is not None and players[p.player]
                in game.members(side)}  # fmt: skip
        keys = {who: [value for value, _ in p.choices] for who, p in team.items()}
        bars = bidding.partner_bars(game, side, keys) if len(team) == 2 else None
        if bars is None:
            continue
        (a, pad_a), (b, pad_b) = team.items()
        for who, pad, other in ((a, pad_a, pad_b), (b, pad_b, pad_a)):
            pad.choices = [c for c in pad.choices if c[0] in bars[who]]
            pad.partner = other.name
            pad.bars = tuple((k, "|".join(v)) for k, v in bars[who].items() if v)


def extras_pads(game: Game, tricks: int) -> list[Pad]:
    """One pad a side and special (not bid, made, failed: "not bid" is tapped already, so a
    special costs one tap) and a side and bonus (its count, 0 tapped already)."""
    rules, pads = game.rules, []
    for j, side in enumerate(game.sides()):
        for i, s in enumerate(rules.specials):
            hint = (
                "made with the bid exactly: the bid's points doubled"
                if s.doubles
                else f"{signed(s.made)} made, {signed(s.failed)} failed"
            )
            choices = [("", "Not bid"), ("made", "Made"), ("failed", "Failed")]
            pads.append(Pad(f"sp-{j}-{i}", f"{side}: {s.name}", choices, hint, j, kind="special"))
        for i, b in enumerate(rules.bonuses):
            top = bonus_most(b, tricks, len(game.players))
            hint = "cancels a bag each" if b.bag else f"{signed(b.value)} each"
            hint += ", bid made exactly" if b.exact and not b.bag else ""
            counts = [("", "0")] + [(str(n), str(n)) for n in range(1, top + 1)]
            pads.append(Pad(f"bo-{j}-{i}", f"{side}: {b.name}", counts, hint, j, kind="bonus"))
    return pads


def entry_of(
    current: OpenGame,
    number: int,
    dealer: str,
    extra_nil: Mapping[str, str] = NO_NILS,
    step: str = "both",
) -> Entry:
    """:func:`entry_for` the game as opened (scored when the hand is the next one), for the
    caller to fill in (``hidden``, ``contracts``)."""
    sheet = current.sheet if number == len(current.game.hands) + 1 else None
    entry = entry_for(current.game, number, dealer, extra_nil, step, sheet=sheet)
    return entry.with_extras(current.game)


def _nil_pad_hint(player: str, members: tuple[str, ...], nil_bidders: Mapping[str, str]) -> str:
    """A nil bidder's own tricks pad's hint: what is known, not a condition already met ("Cy bid
    nil" once Cy did, "Di bid blind nil"; "Only when Cy bid nil" while the bids may change)."""
    if player in nil_bidders:
        return f"{player} bid {nil_bidders[player]}"
    if len(members) > 2:
        return "A partner bid nil" if set(nil_bidders) & set(members) else "Only with a nil"
    return f"Only when {player} bid nil"


def _team_tricks_hint(members: tuple[str, ...], nil_bidders: Mapping[str, str]) -> str:
    """Whose tricks a team's count holds when a partner bid nil: all of the team's."""
    nils = [m for m in members if m in nil_bidders]
    if not nils or len(members) - len(nils) != 1:
        return ""  # no nil, or each player's tricks are counted on their own pad
    return f"all the team took, {' and '.join(nils)}'s included"


def _notes(sides: list[str], options: dict[str, Any]) -> list[str]:
    """Why a blind bid is not on a pad, once for the hand: "Blind nil only when 100 or more
    behind." while no side may; once a side may, the sides that may, by name ("Blind nil only
    for Bob & Di: 100 or more behind."), never the side that may not as if it could."""
    notes = []
    for word, ok, why, code in (
        ("Blind nil", "blind_nil", "blind_nil_reason", "blind_nil_code"),
        ("Blind bids", "blind", "blind_reason", "blind_code"),
    ):
        closed = {
            side: getattr(options[side], why).removeprefix("blind bids ")
            for side in sides
            if not getattr(options[side], ok)
            and getattr(options[side], why)
            and getattr(options[side], code) not in (bidding.OFF, bidding.NEEDS_PARTNERSHIP)
        }
        if not closed:
            continue
        reason = next(iter(closed.values()))
        open_to = [side for side in sides if side not in closed]
        if not open_to:
            notes.append(f"{word} {reason}.")
        else:
            notes.append(
                f"{word} only for {' and '.join(open_to)}: {reason.removeprefix('only when ')}."
            )
    return notes


STALE = (
    "The sheet changed on another phone while you were typing. Here it is now; what you typed "
    "is kept: check it and save again."
)


def render_game(
    page: GamePage,
    form: HandForm,
    *,
    editing: int | None = None,
    stale: bool = False,
    status: int = 200,
) -> tuple[str, int] | tuple[str, int, dict[str, str]]:
    """The game page: the sheet, and the form for the next hand (or the hand being edited).

    ``page`` is what the service read for it (one use case: the game page, or a hand refused);
    ``stale``: the form was read before the sheet changed (shown with a note, typing kept).
    """
    current = page.current
    game, sheet = current.game, current.sheet
    entry = None
    if editing is not None and not 1 <= editing <= len(game.hands):
        editing = None  # the hand is gone (deleted on another phone)
    if editing is not None:
        hand = game.hands[editing - 1]
        dealer = sheet.hands[editing - 1].dealer
        nils = {p: b for p, b in (hand.bids or {}).items() if b in NIL_WORDS}
        entry = entry_of(current, editing, dealer, nils)
    elif not sheet.finished:
        entry = _next_entry(current, form)
    if status == 200 and form.errors:  # bids sent to the tricks step that do not read
        status = 422
    context = {
        "current": current,
        "game": game,
        "sheet": sheet,
        "entry": entry,
        "form": form,
        "editing": editing,
        "stale": _stale_note(current, form, editing) if stale else "",
        "last_action": page.last_action,
        "redo_action": page.redo_action,
        "why": sheet.hands[editing - 1] if editing else None,
        "printing": False,
        "event_table": page.event_table,
        "time_called": page.time_called,  # a club table's, or a game imported with its call
        "round_hands": page.round_hands,
        "sheet_html": Later(lambda: sheet_html(current, edit_links=True)),  # made on a miss
    }
    hand_form = render("kitchen/games/_hand_form.html", **context) if entry else ""
    html = game_page(current, context, hand_form, keep=not stale)
    if status == 503:
        return saving.unavailable_response(html)
    return html, status


def _stale_note(current: OpenGame, form: HandForm, editing: int | None) -> str:
    """What changed: a new hand typed for a number another phone has saved since says so (saving
    it again would record that hand twice)."""
    number = len(current.game.hands) + 1
    if editing is None and form.hand_no is not None and form.hand_no < number:
        return (
            f"Hand {form.hand_no} was saved on another phone while you were typing: it is on the "
            f"sheet below. What you typed is kept as hand {number}: save it only if it is a "
            "different hand."
        )
    return STALE


def _next_entry(current: OpenGame, form: HandForm) -> Entry:
    """The next hand's form: its bids first; once they are all in, its tricks.

    A form sent back with tricks (a refused save) shows bids and tricks together, and so does
    ``?step=both``: the page a phone keeps for entering hands offline (web/offline.py).
    """
    game, sheet = current.game, current.sheet
    number, dealer = len(game.hands) + 1, sheet.next_dealer
    entry = entry_of(current, number, dealer, step="bids")
    if entry.step == "tricks":
        return entry
    if form.step == "both":
        return entry_of(current, number, dealer, step="both")
    typed = [p.name for p in entry.bids if form.get(p.name)]
    has_tricks = any(k.startswith(("tricks-", "ttricks-")) for k in form.values)
    if not typed or (form.step != "tricks" and not has_tricks):
        return entry
    check = HandForm(values=dict(form.values))
    bids = check.bids_of(game)
    bid_errors = {k: v for k, v in {**check.errors, **form.errors}.items()
                  if k.startswith(("bid-", "tbid-"))}  # fmt: skip
    nils = {p: b for p, b in bids.items() if b in NIL_WORDS and p in game.players}
    if bid_errors:
        form.errors.update(bid_errors)
        if has_tricks:
            return entry_of(current, number, dealer, nils, step="both")
        return entry
    if not has_tricks and not _bids_allowed(current, bids, form, entry):
        return entry
    entry = entry_of(current, number, dealer, nils, step="tricks")
    entry.hidden = [(p.name, form.get(p.name)) for p in entry.bids if form.get(p.name)]
    entry.contracts = contract_labels(game, bids)
    return entry


def _bids_allowed(current: OpenGame, bids: dict[str, Any], form: HandForm, entry: Entry) -> bool:
    """Whether the bids may be played (the board, the largest bid, blind eligibility): refused
    at the bids step, by the pad, before the hand is played. A side's contract made of its
    players' bids is refused by that side's last pad."""
    try:
        check_bids(current.game, bids, current.sheet)
    except GameError as e:
        form.place_error(current.game, e)
        pads = [p.name for p in entry.bids]
        for key in [k for k in form.errors if k.startswith("tbid-") and k not in pads]:
            side = [p.name for p in entry.bids if p.side == int(key[5:])]
            form.errors[side[-1] if side else "form"] = form.errors.pop(key)
        return False
    return True


def tricks_step_gone(current: OpenGame, form: HandForm) -> Response | None:
    """A tricks step whose hand was saved since (its address, from the browser's Back, carries
    the bids of a hand now on the sheet): say so and show the sheet, never offer those bids for
    the next hand. None when the step is still the next hand's (or names no hand)."""
    if form.step != "tricks" or form.hand_no is None:
        return None
    if form.hand_no >= len(current.game.hands) + 1:
        return None  # a hand deleted since: the bids are still the table's next hand
    flash(f"Hand {form.hand_no} was already saved. Here is the sheet as it is now.", "info")
    return redirect(url_for("games.show", token=current.token), 303)  # the note on top
