"""Hands: add, edit, delete, misdeal, undo. Every save names the version the form was read at."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError

from scorekeeper import store
from scorekeeper.app import get_db
from scorekeeper.rules import Game, GameError, bid_options, parse_hand, score_game
from scorekeeper.web import service
from scorekeeper.web.forms import NIL_WORDS, HandForm, bid_pad, contract_labels

bp = Blueprint("hands", __name__, url_prefix="/g/<token>/hands")


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


def entry_for(
    game: Game, number: int, dealer: str, extra_nil: set[str] = frozenset(), step: str = "both"
) -> Entry:
    """The pads for hand ``number`` (1-based) of ``game``, dealt by ``dealer``.

    In the tricks step ``extra_nil`` are the players who bid nil: only they get a pad of their
    own; otherwise every player who may bid nil gets one (game.js shows it after a nil bid).
    """
    before = game.with_hands(game.hands[: number - 1])
    options = bid_options(before)
    sides = game.sides()
    players = list(game.players)
    first = players[(players.index(dealer) + 1) % len(players)]
    order = players[players.index(first) :] + players[: players.index(first)]
    any_options = next(iter(options.values()))
    tricks = any_options.tricks_per_hand
    entry = Entry(number, dealer, first, any_options.first_hand_no_bids, tricks, sides)
    entry.step = "tricks" if entry.no_bids else step
    counts = [(str(n), str(n)) for n in range(tricks + 1)]
    partnership = game.rules.bidding == "partnership"
    done_sides: set[str] = set()
    for player in order:
        side = game.side_of(player)
        j, opts, seat = sides.index(side), options[side], players.index(player)
        hint = ""
        if not partnership:
            pad = bid_pad(game, side, opts, team=False)
            entry.bids.append(Pad(f"bid-{seat}", f"{player}'s bid", pad, hint, j, seat))
            continue
        if side not in done_sides:
            done_sides.add(side)
            pad = bid_pad(game, side, opts, team=True)
            entry.bids.append(Pad(f"tbid-{j}", f"{side} bid", pad, hint, j, kind="bid"))
        allowed = (("nil", opts.nil), ("blind nil", opts.blind_nil))
        nils = [("", "No")] + [(w, w.capitalize()) for w, ok in allowed if ok]
        if len(nils) > 1:
            entry.bids.append(Pad(f"bid-{seat}", f"{player}'s nil", nils, "", j, seat, "nil"))
    reasons = {side: _reasons(options[side]) for side in sides}
    if len(set(reasons.values())) == 1:
        entry.notes = [r for r in reasons.values() if r][:1]
    else:
        entry.notes = [f"{side}: {r}" for side, r in reasons.items() if r]
    for j, side in enumerate(sides):
        if not game.teams:
            entry.trick_pads.append(Pad(f"tricks-{j}", f"{side}'s tricks", counts, "", j, j,
                                        "tricks"))  # fmt: skip
            continue
        entry.trick_pads.append(Pad(f"ttricks-{j}", f"{side} tricks", counts, "", j, None,
                                    "tricks"))  # fmt: skip
        members = game.members(side)
        opts = options[side]
        team_nil = any(m in extra_nil for m in members)
        for m in members:
            maybe = opts.nil or opts.blind_nil or len(members) > 2
            if entry.step == "tricks":
                maybe = m in extra_nil or (len(members) > 2 and team_nil)
            if maybe or m in extra_nil:
                seat = players.index(m)
                hint = f"Only when {m} bid nil" if len(members) <= 2 else "Only with a nil"
                entry.nil_pads.append(Pad(f"tricks-{seat}", f"{m}'s tricks", counts, hint, j,
                                          seat, "tricks", True, len(members) > 2))  # fmt: skip
    return entry


def _reasons(opts: Any) -> str:
    reasons = []
    for word, ok, why in (
        ("Blind nil", opts.blind_nil, opts.blind_nil_reason),
        ("Blind bids", opts.blind, opts.blind_reason),
    ):
        if not ok and why and "off in these rules" not in why and "partnership" not in why:
            reasons.append(f"{word} {why.removeprefix('blind bids ')}.")
    return " ".join(dict.fromkeys(reasons))


def render_game(
    current: service.Loaded,
    form: HandForm,
    *,
    editing: int | None = None,
    stale: bool = False,
    status: int = 200,
):
    """The game page: the sheet, and the form for the next hand (or the hand being edited)."""
    game, sheet = current.game, current.sheet
    entry = None
    if editing is not None and not 1 <= editing <= len(game.hands):
        editing = None  # the hand is gone (deleted on another phone)
    if editing is not None:
        hand = game.hands[editing - 1]
        dealer = sheet.hands[editing - 1].dealer
        nils = {p for p, b in (hand.bids or {}).items() if b in NIL_WORDS}
        entry = entry_for(game, editing, dealer, nils)
    elif not sheet.finished:
        entry = _next_entry(game, sheet, form)
    last = store.last_change(get_db(), current.record)
    page = render_template(
        "games/show.html",
        current=current,
        game=game,
        sheet=sheet,
        entry=entry,
        form=form,
        editing=editing,
        stale=stale,
        last_change=last,
        why=sheet.hands[editing - 1] if editing else None,
        printing=False,
    )
    return page, status


def _next_entry(game: Game, sheet: Any, form: HandForm) -> Entry:
    """The next hand's form: its bids first; once they are all in, its tricks.

    A form sent back with tricks (a refused save) shows bids and tricks together.
    """
    number, dealer = len(game.hands) + 1, sheet.next_dealer
    entry = entry_for(game, number, dealer, step="bids")
    if entry.step == "tricks":
        return entry
    typed = [p.name for p in entry.bids if form.get(p.name)]
    has_tricks = any(k.startswith(("tricks-", "ttricks-")) for k in form.values)
    if not typed or (form.step != "tricks" and not has_tricks):
        return entry
    check = HandForm(values=dict(form.values))
    bids = check.bids_of(game)
    bid_errors = {k: v for k, v in {**check.errors, **form.errors}.items()
                  if k.startswith(("bid-", "tbid-"))}  # fmt: skip
    nils = {p for p, b in bids.items() if b in NIL_WORDS and p in game.players}
    if bid_errors:
        form.errors.update(bid_errors)
        return entry_for(game, number, dealer, nils, step="both") if has_tricks else entry
    entry = entry_for(game, number, dealer, nils, step="tricks")
    entry.hidden = [(p.name, form.get(p.name)) for p in entry.bids if form.get(p.name)]
    entry.contracts = contract_labels(game, bids)
    return entry


def _version() -> int:
    return request.form.get("version", -1, type=int)


def _apply(token: str, change, action: str, form: HandForm, editing: int | None = None):
    """Load, check the version, build the new game file with ``change``, save, redirect."""
    current = service.load(token)
    if _version() != current.record.version:
        return render_game(current, form, editing=editing, stale=True, status=409)
    data = dict(current.record.data)
    try:
        hands = change(current.game, list(data.get("hands", [])))
        if hands is None:
            return render_game(current, form, editing=editing, status=422)
        data["hands"] = hands
        service.save(current, data, action)
    except GameError as e:
        form.place_error(current.game, e)
        return render_game(current, form, editing=editing, status=422)
    except store.StaleGame as e:
        return render_game(service.loaded(e.current), form, editing=editing, stale=True,
                           status=409)  # fmt: skip
    return redirect(url_for("games.show", token=token, _anchor="sheet"), 303)


def _hand_from(form: HandForm, game: Game, number: int) -> dict[str, Any] | None:
    sheet_before = score_game(game.with_hands(game.hands[: number - 1]))
    no_bids = game.rules.first_hand_no_bids and sheet_before.played == 0
    hand = form.hand(game, no_bids)
    if hand is not None:
        try:
            parse_hand(hand, number)
        except GameError as e:
            form.place_error(game, e)
            return None
    return hand


@bp.post("")
def add(token: str):
    form = HandForm.from_post(request.form)
    current = service.load(token)
    if _version() == current.record.version - 1 and _is_repeat(current, form):
        # The same "save" tapped twice: the first one counted, the second changes nothing.
        return redirect(url_for("games.show", token=token, _anchor="sheet"), 303)
    number = len(current.game.hands) + 1

    def change(game: Game, hands: list) -> list | None:
        hand = _hand_from(form, game, number)
        return None if hand is None else [*hands, hand]

    return _apply(token, change, f"add hand {number}", form)


def _is_repeat(current: service.Loaded, form: HandForm) -> bool:
    """Whether the last change added exactly the hand this form holds."""
    game = current.game
    last = store.last_change(get_db(), current.record)
    if not game.hands or last is None or last.action != f"add hand {len(game.hands)}":
        return False
    previous = game.with_hands(game.hands[:-1])
    hand = _hand_from(HandForm(values=dict(form.values)), previous, len(game.hands))
    return hand is not None and parse_hand(hand, len(game.hands)) == game.hands[-1]


@bp.get("/<int:number>")
def edit(token: str, number: int):
    current = service.load(token)
    if not 1 <= number <= len(current.game.hands):
        abort(404)
    stored = current.record.data["hands"][number - 1]
    return render_game(current, HandForm.from_hand(current.game, stored), editing=number)


@bp.post("/<int:number>")
def update(token: str, number: int):
    form = HandForm.from_post(request.form)

    def change(game: Game, hands: list) -> list | None:
        if not 1 <= number <= len(hands):
            abort(404)
        hand = _hand_from(form, game, number)
        return None if hand is None else [*hands[: number - 1], hand, *hands[number:]]

    return _apply(token, change, f"edit hand {number}", form, editing=number)


@bp.post("/<int:number>/delete")
def delete(token: str, number: int):
    def change(game: Game, hands: list) -> list:
        if not 1 <= number <= len(hands):
            abort(404)
        return [*hands[: number - 1], *hands[number:]]

    return _apply(token, change, f"delete hand {number}", HandForm())


@bp.post("/misdeal")
def misdeal(token: str):
    def change(game: Game, hands: list) -> list:
        return [*hands, {"misdeal": True}]

    return _apply(token, change, "misdeal", HandForm())


@bp.post("/undo")
def undo(token: str):
    current = service.load(token)
    if _version() != current.record.version:
        return render_game(current, HandForm(), stale=True, status=409)
    try:
        service.undo(current)
    except store.StaleGame as e:
        return render_game(service.loaded(e.current), HandForm(), stale=True, status=409)
    return redirect(url_for("games.show", token=token, _anchor="sheet"), 303)


@bp.errorhandler(CSRFError)
def csrf_failed(_e: CSRFError):
    """A form sent after the session was lost: show the page again with the hand kept."""
    token = (request.view_args or {}).get("token", "")
    current = service.load(token)
    form = HandForm.from_post(request.form)
    form.errors["form"] = (
        "This phone's session had expired, so nothing was saved. What you typed is kept: "
        "check it and save again."
    )
    editing = (request.view_args or {}).get("number")
    if request.endpoint != "hands.update":
        editing = None
    return render_game(current, form, editing=editing, status=400)
