"""What the club benchmarks share: a seated table's game filled with random hands."""

from __future__ import annotations

import random

from scorekeeper import store
from scorekeeper.rules import Hand, dump_game, parse_game, score_game, score_hand, start_state
from scorekeeper.rules.sample import random_hand


def play_table(db, rng: random.Random, table, hands: int) -> None:
    """Fill a table's game with random hands until it ends (``hands``, more after a tie)."""
    record = store.game_by_id(db, table.game_id)
    game = parse_game(record.data)
    ctx, state = start_state(game)
    made: list[Hand] = []
    while not state.finished and len(made) < hands + 20:
        hand = random_hand(rng, ctx, state)
        score_hand(ctx, state, hand, len(made) + 1)
        made.append(hand)
    data = dump_game(game.with_hands(made))
    sheet = score_game(parse_game(data))
    store.save_game(
        db, record, data, action=store.Action("other"), finished=sheet.finished, winner=sheet.winner
    )
