"""Paris as the platform sees it: the :class:`~paston.core.protocol.GameInfo` descriptor.

Front-ends reach Paris only through ``GAME``; :func:`paston.core.registry.get_game` imports
this module on first use. The bots live in ``paston.games.paris.bots`` and register
themselves with :mod:`paston.bots.registry`; the descriptor's entries defer to it.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Mapping
from typing import Any

from ...bots.registry import deferred_factory
from ...core.errors import RecordError
from ...core.hooks import from_modules
from ...core.protocol import BotInfo, GameInfo
from .actions import NUM_ACTIONS, parse_action
from .match import SESSION_FORMAT, ParisMatch, session_from_record, session_replay
from .record import GAME_FORMAT, POSITION_FORMAT, replay, state_from_record
from .rules import FLAGS, ParisRules
from .state import ParisState
from .table_views import default_action, reveal, spectator_view
from .view import ParisView, public_action_text

__all__ = ["BOTS", "GAME", "load_record", "new_match", "parse_rules", "render_view"]


def parse_rules(data: Mapping[str, Any] | None) -> ParisRules:
    """Validated :class:`ParisRules` from a mapping of flags (absent flags keep defaults);
    raises :class:`~paston.games.paris.rules.RuleError` (``rules: …``)."""
    return ParisRules.from_dict(data)


def new_match(
    seats: int = 4,
    rules: ParisRules | Mapping[str, Any] | None = None,
    dealer: int = 0,
    games: int = 1,
    **options: Any,
) -> ParisMatch:
    """A session of ``games`` games (default 1) for ``seats`` players (2 to 9)."""
    if options:
        raise TypeError(f"unknown Paris match option {sorted(options)[0]!r} (known: games)")
    if not isinstance(rules, ParisRules):
        rules = parse_rules(rules)
    return ParisMatch(seats, rules, dealer, games)


def load_record(record: dict[str, Any]) -> ParisState | ParisMatch:
    """A state from a ``paris-game/1`` or ``paris-position/1`` record, or a session from a
    ``paris-session/1`` record."""
    if isinstance(record, dict) and record.get("format") == SESSION_FORMAT:
        return session_from_record(record)
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    return state_from_record(record)


def render_view(view: ParisView) -> str:
    """One seat's view as text: the terminal's picture when ``.text`` provides one, else the
    view's JSON on one line."""
    try:
        text: Any = importlib.import_module("paston.games.paris.text")
    except ImportError:
        text = None
    render = getattr(text, "render_view", None)
    if callable(render):
        return str(render(view))
    return json.dumps(view.to_json(), separators=(",", ":"), ensure_ascii=False)


# (name, module in paston.games.paris.bots, description, label): listed when the module is
# installed, found without importing it (so the descriptor never imports a bot).
_BOT_TABLE = (
    ("random", "random_bot", "plays a random legal action: a baseline", "Random"),
    (
        "heuristic",
        "heuristic",
        "thumb rules: sheds its lowest cards, keeps 10s and 2s",
        "Heuristic",
    ),
    ("dpimc", "dpimc", "search: samples the hidden cards and plays each option out", "DPIMC"),
)


def _installed_bots() -> tuple[BotInfo, ...]:
    out = []
    for name, module, description, label in _BOT_TABLE:
        try:
            found = importlib.util.find_spec(f"paston.games.paris.bots.{module}") is not None
        except (ImportError, ValueError):
            found = False
        if found:
            out.append(BotInfo(name, description, deferred_factory(name, "paris"), True, label))
    return tuple(out)


BOTS: tuple[BotInfo, ...] = _installed_bots()

GAME = GameInfo(
    name="paris",
    title="Paris",
    summary=(
        "A shedding game for 2 to 9 players with two packs (Shithead, Palace): three cards "
        "face down, three face up and a hand of five; play equal or higher, a 7 forces the "
        "next play down, a 10 or four of a kind burns the pile, and the last player holding "
        "cards loses."
    ),
    seat_counts=tuple(range(2, 10)),
    default_seats=4,
    formats=(GAME_FORMAT, POSITION_FORMAT),
    flags=FLAGS,
    parse_rules=parse_rules,
    new_match=new_match,
    replay=replay,
    load_record=load_record,
    render_view=render_view,
    num_actions=NUM_ACTIONS,
    spectator_view=spectator_view,
    reveal=reveal,
    default_action=default_action,
    public_action_text=public_action_text,
    bots=BOTS,
    default_bot="heuristic",
    extras={
        # State-free: Paris's action ids do not depend on the position.
        "parse_action": parse_action,
        "match_options": {"games": "number of games in the session (the loser deals next)"},
        "session_format": SESSION_FORMAT,
        # The server's replay of a table of several games (not a format of the notation).
        "replay_session": session_replay,
    },
    # Each hook group lives in its own module of this package, imported on first use.
    hooks=from_modules(
        __package__,
        table="table_views",
        play="play",
        terminal="terminal",
        research="research",
        sampling="sampling",
        analysis="analysis",
        web="web",
    ),
)
