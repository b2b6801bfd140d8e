"""Timing pieces shared by the engine-speed benchmarks (imported as ``_timing``: a script run as
``python benchmarks/NAME.py`` has this folder first on its import path).

The Paston engine's random deals are the common baseline each game's speed is measured against,
in the same process, so every benchmark times them the same way.
"""

from __future__ import annotations

import random
import time

from paston.games.paston.shuffle import deal_cards
from paston.games.paston.state import REDEAL


def paston_round(deals: int, rng: random.Random) -> tuple[float, int]:
    """The baseline: ``deals`` random complete Paston deals; returns (CPU seconds, actions)."""
    actions = 0
    start = time.thread_time()
    for i in range(deals):
        deal = deal_cards(dealer=i % 3, rng=rng)
        while deal.phase_id == REDEAL:
            deal = deal_cards(dealer=i % 3, rng=rng)
        while deal.seat_to_act >= 0:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
            actions += 1
    return time.thread_time() - start, actions
