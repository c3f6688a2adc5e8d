"""One standard game and one Call Break game among Ann, Bob, Cy and Di, with every figure a
person counts from them by hand (the kitchen Stats page and the memory are checked on them)."""

from __future__ import annotations

from typing import Any

PLAYERS = ["Ann", "Bob", "Cy", "Di"]

# Standard to 200, Ann & Cy against Bob & Di.
#   1: Ann 4 Cy 3 (7, took 8): 70 + 1 bag = 71; Bob nil (took 0) +100, Di 3 (took 5): 32, 2 bags
#   2: Ann 4 Cy 4 (8, took 8): 80 -> 151;        Bob 3 Di 2 (5, took 5): 50 -> 182
#   3: Ann 3 Cy 3 (6, took 6): 60 -> 211;        Bob 4 Di 2 (6, took 7): 61 -> 243, 3 bags
# Bob & Di win 243 to 211. Bags: Ann & Cy 1 in 3 hands, Bob & Di 3 in 3 hands.
STANDARD: dict[str, Any] = {
    "format": "spades-scorekeeper/1",
    "rules": {"preset": "standard", "target_score": 200},
    "players": PLAYERS,
    "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
    "hands": [
        {"bids": {"Ann": 4, "Bob": "nil", "Cy": 3, "Di": 3},
         "tricks": {"Ann": 4, "Bob": 0, "Cy": 4, "Di": 5}},
        {"bids": {"Ann": 4, "Bob": 3, "Cy": 4, "Di": 2},
         "tricks": {"Ann": 5, "Bob": 3, "Cy": 3, "Di": 2}},
        {"bids": {"Ann": 3, "Bob": 4, "Cy": 3, "Di": 2},
         "tricks": {"Ann": 3, "Bob": 4, "Cy": 3, "Di": 3}},
    ],
}  # fmt: skip

# Call Break, five deals, each for themselves: a made call is the call plus 0.1 a trick over.
#        Ann        Bob        Cy         Di
#   1:  3/5 3.2    3/2 -3.0   3/3 3.0    2/3 2.1
#   2:  2/2 2.0    4/4 4.0    3/4 3.1    3/3 3.0
#   3:  1/1 1.0    3/3 3.0    4/4 4.0    4/5 4.1
#   4:  3/3 3.0    3/3 3.0    3/3 3.0    3/4 3.1
#   5:  2/4 2.2    2/3 2.1    2/3 2.1    2/3 2.1
#      11.4        9.1        15.2       14.4      Cy wins; no bags in Call Break
CALL_BREAK: dict[str, Any] = {
    "format": "spades-scorekeeper/1",
    "rules": "call-break",
    "players": PLAYERS,
    "hands": [
        {"bids": dict(zip(PLAYERS, b, strict=True)), "tricks": dict(zip(PLAYERS, t, strict=True))}
        for b, t in [
            ((3, 3, 3, 2), (5, 2, 3, 3)),
            ((2, 4, 3, 3), (2, 4, 4, 3)),
            ((1, 3, 4, 4), (1, 3, 4, 5)),
            ((3, 3, 3, 3), (3, 3, 3, 4)),
            ((2, 2, 2, 2), (4, 3, 3, 3)),
        ]
    ],
}

# Counted by hand from the two games above: games, won; whole points for and against a game
# (the one standard game); tenths for and against a game (the one Call Break game, against the
# best other player); bags over the 3 standard hands (Call Break's tricks over the call are no
# bags); the sums of the bids and tricks over the hands the player bid a number, and how many
# (both games: every trick is written per player here; Bob's nil hand is in neither sum).
BY_HAND = {
    #      games won  for  agst  tenths for/agst  bags  bids tricks hands
    "Ann": (2, 0, 211, 243, 11.4, 15.2, 1, 22, 27, 8),
    "Bob": (2, 1, 243, 211, 9.1, 15.2, 3, 22, 22, 7),
    "Cy": (2, 1, 211, 243, 15.2, 14.4, 1, 25, 27, 8),
    "Di": (2, 1, 243, 211, 14.4, 15.2, 3, 21, 28, 8),
}
