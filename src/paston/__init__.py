"""paston: the reference implementation of Paston, the Armenian three-player Preference game,
and the platform its sister games (Paris, Paskievics) share.

The flagship's API is here at the top level; every game is reached through
:func:`paston.core.registry.get_game`, and :func:`replay` reads a record of any game (it
dispatches on the record's ``format``).

>>> import paston
>>> deal = paston.deal_cards(seed=7)
>>> deal.phase
'bidding'
>>> paston.replay(paston.deal_record(deal))["phase"]
'bidding'
"""

from .core.errors import IllegalAction, RecordError
from .core.registry import get_game, replay
from .games.paston.actions import action_str, parse_action
from .games.paston.cards import card_name, parse_card
from .games.paston.match import Game
from .games.paston.record import (
    deal_from_record,
    deal_record,
    game_from_record,
    game_record,
)
from .games.paston.rules import RuleError, Rules
from .games.paston.shuffle import deal_cards, deal_until_playable
from .games.paston.state import Deal
from .games.paston.view import SeatView

__all__ = [
    "Deal",
    "Game",
    "IllegalAction",
    "RecordError",
    "RuleError",
    "Rules",
    "SeatView",
    "action_str",
    "card_name",
    "deal_cards",
    "deal_from_record",
    "deal_record",
    "deal_until_playable",
    "game_from_record",
    "game_record",
    "get_game",
    "parse_action",
    "parse_card",
    "replay",
]
__version__ = "0.1.0"
