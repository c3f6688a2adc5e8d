"""Every option, in the order a settings page shows them: the groups' tables one after another
(each group's options in a module of its own, so a new rule lands in its group's room)."""

from __future__ import annotations

from .bags import BAGS
from .bids import BIDS
from .big_bids import BIG_BIDS
from .blind import BLIND
from .end_of_game import END_OF_GAME
from .info import OptionInfo
from .nil import NIL
from .play import PLAY
from .scoring import SCORING

OPTIONS: list[OptionInfo] = [*END_OF_GAME, *PLAY, *SCORING, *BAGS, *NIL, *BLIND, *BIG_BIDS, *BIDS]

OPTION_BY_NAME: dict[str, OptionInfo] = {o.name: o for o in OPTIONS}
