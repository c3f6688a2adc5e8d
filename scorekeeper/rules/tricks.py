"""Tricks: the game's tricks reader checks a hand's tricks (by player, by team, or mixed) and
adds them up per side (``tricks_reader``); ``read_renege`` checks the renege penalties."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import GameError, hand_error, shown
from .results import SideBid
from .state import TricksReader

if TYPE_CHECKING:
    from .options import Rules
    from .state import Context


def tricks_by_player(rules: Rules) -> bool:
    """Whether a team's tricks must be given player by player: each partner's own bid counts
    (``partner_bids`` other than "team", ``both_exact_bonus``). The tricks reader refuses a
    team's number then; the hand form asks for each player's."""
    return rules.partner_bids != "team" or rules.both_exact_bonus


def tricks_reader(ctx: Context) -> TricksReader:
    """The game's tricks reader: (the hand's tricks, its number, its side bids) -> tricks taken
    per side (in order), the tricks checked. A nil bidder's tricks are always given by name
    (``hand.tricks[player]``): by team, they are refused here; so are every player's when each
    partner must make their own bid (option ``partner_bids``)."""
    T = ctx.T
    index = ctx.side_index_of
    n_sides = len(ctx.sides)
    player_set = ctx.player_set
    side_set = ctx.side_set
    own = ctx.variants and tricks_by_player(ctx.rules)  # (its options are variants: Context)
    by_side = ctx.by_side and not own
    position = ctx.side_position
    members = ctx.members
    players = ctx.players

    def read_tricks(tricks: dict[str, int], number: int, side_bids: Sequence[SideBid]) -> list[int]:
        taken = [0] * n_sides
        if tricks.keys() == player_set:
            for p, n in tricks.items():
                if type(n) is not int or not 0 <= n <= T:
                    raise _tricks_out_of_range(number, p, n, T)
                taken[index[p]] += n
        elif by_side and tricks.keys() == side_set:  # each team's tricks as one number
            for side, n in tricks.items():
                if type(n) is not int or not 0 <= n <= T:
                    raise _tricks_out_of_range(number, side, n, T)
                i = position[side]
                nilled = side_bids[i][2]
                if nilled:
                    raise _nil_tricks_by_team(number, side, nilled)
                taken[i] = n
        else:
            covered: dict[str, str] = {}
            for who, n in tricks.items():
                if type(n) is not int or not 0 <= n <= T:
                    raise _tricks_out_of_range(number, who, n, T)
                if who in index:  # a player
                    if who in covered:
                        raise _given_twice(number, who, who, covered[who])
                    covered[who] = who
                    taken[index[who]] += n
                    continue
                if who not in side_set:
                    raise hand_error(
                        number, f"tricks.{who}", f"unknown player or team {who} in tricks"
                    )
                i = position[who]
                nilled = side_bids[i][2]
                if nilled:
                    raise _nil_tricks_by_team(number, who, nilled)
                if own:
                    raise hand_error(
                        number,
                        f"tricks.{who}",
                        f"each partner makes their own bid: give the tricks of each player "
                        f"of {who}",
                    )
                for m in members[who]:
                    if m in covered:
                        raise _given_twice(number, who, m, covered[m])
                    covered[m] = who
                taken[i] += n
            if len(covered) < len(players):
                missing = next(p for p in players if p not in covered)
                raise hand_error(number, f"tricks.{missing}", f"no tricks for {missing}")
        total = sum(taken)
        if total != T:
            raise hand_error(number, "tricks", f"tricks add up to {total}, not {T}")
        return taken

    return read_tricks


def _tricks_out_of_range(number: int, who: str, n: object, T: int) -> GameError:
    return hand_error(
        number, f"tricks.{who}", f"{who}'s tricks {shown(n, repr)} out of range (0 to {T})"
    )


def _given_twice(number: int, who: str, player: str, before: str) -> GameError:
    return hand_error(
        number, f"tricks.{who}", f"tricks for {player} are given twice ({before} and {who})"
    )


def _nil_tricks_by_team(number: int, team: str, nilled: tuple[tuple[str, str], ...]) -> GameError:
    return hand_error(
        number,
        f"tricks.{team}",
        f"{nilled[0][0]} bid nil: give the tricks of each player of {team}",
    )


def read_renege(ctx: Context, renege: dict[str, int], number: int) -> dict[str, int]:
    """Check the renege penalties; return side -> penalty tricks received."""
    received: dict[str, int] = {}
    for side, n in renege.items():
        if side not in ctx.side_set:
            raise hand_error(number, f"renege.{side}", f"renege: unknown side {side}")
        if type(n) is not int or not 0 <= n <= ctx.T:
            raise hand_error(
                number, f"renege.{side}", f"renege tricks for {side} out of range (0 to {ctx.T})"
            )
        if ctx.two_sides and not ctx.rules.renege_voids:  # (voided: the contract is the cost)
            other = ctx.other[side]
            received[other] = received.get(other, 0) + n
    return received
