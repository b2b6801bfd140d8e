"""Table settings: validation of the create-table body into a :class:`TableSettings`.

A table plays one game of the platform (``game``, default the flagship:
:func:`paston.core.registry.default_game`) with a seat count the game allows and the game's
rules (checked flag by flag against its ``FlagInfo``, then by its ``parse_rules``). The default
bot, stand-in and hint bot are the game's (its play hooks); bots are checked by
:mod:`paston.server.bot_specs`; nothing here builds one. Settings stored before tables had a
``game`` are the flagship's and load as such.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bots.registry import play_hooks
from ..core.hooks.play import PlayHooks
from ..core.protocol import FlagInfo, GameInfo
from ..core.registry import available, default_game, get_game
from .bot_specs import check_bot_spec
from .errors import BadRequest
from .form_limits import (
    DEAL_PAUSE_MAX,
    GRACE_MAX,
    HINT_LIMIT_MAX,
    MOVE_TIMER_MAX,
    MOVE_TIMER_MIN,
    TABLE_NAME_MAX,
    TIME_BANK_DEFAULT,
    TIME_BANK_MAX,
)
from .pace import DEFAULT_PACE, PACES, PUBLIC_PACES, TEST_PACE

__all__ = [
    "LENGTH_CAPS",
    "BadRequest",
    "SeatSpec",
    "TableSettings",
    "parse_settings",
    "requested_game",
]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str  # "human" or "bot"
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class TableSettings:
    name: str
    public: bool
    #: The game's rules object (what ``GameInfo.parse_rules`` returned).
    rules: Any
    seats: tuple[SeatSpec, ...]
    hints: bool
    hint_bot: str
    stand_in: str
    move_timer: float | None
    grace: float
    deal_pause: float
    first_dealer: int
    #: The game's name (default the flagship).
    game: str = field(default_factory=default_game)
    #: Hints a seat may get per hand (one per decision is enough to learn from).
    hint_limit: int = 15
    #: A seed for reproducible deals (tests); ``None``: every deal from the system's CSPRNG.
    seed: int | None = None
    #: Options of the game's match (its table hooks' ``match_options``: Paris's ``games``).
    match_options: Mapping[str, int] = field(default_factory=dict)
    #: How fast the bots play (:mod:`paston.server.pace`).
    pace: str = DEFAULT_PACE
    #: The game counts for the registered players' ratings (the creator's choice; see
    #: :mod:`paston.server.accounts`).
    rated: bool = True
    #: Each seat's time bank with a move timer (seconds per match, spent once a move's time
    #: is up; :mod:`paston.server.time_bank`).
    time_bank: float = 0.0

    @property
    def info(self) -> GameInfo:
        return get_game(self.game)

    def rules_dict(self) -> dict[str, Any]:
        """The rules as a mapping ``parse_rules`` accepts again (every flag, as JSON)."""
        to_dict = getattr(self.rules, "to_dict", None)
        if callable(to_dict):
            out: dict[str, Any] = to_dict()
            return out
        if isinstance(self.rules, Mapping):
            return dict(self.rules)
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "public": self.public,
            "hints": self.hints,
            "hint_bot": self.hint_bot,
            "stand_in": self.stand_in,
            "move_timer": self.move_timer,
            "grace": self.grace,
            "deal_pause": self.deal_pause,
            "first_dealer": self.first_dealer,
            "hint_limit": self.hint_limit,
            "seed": self.seed,
            "match_options": dict(self.match_options),
            "pace": self.pace,
            "rated": self.rated,
            "time_bank": self.time_bank,
            "rules": self.rules_dict(),
            "seats": [{"kind": s.kind, "bot": s.bot} for s in self.seats],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """Settings as stored in the log (validated once; rows without ``game`` are the
        flagship's: they were logged before the server played other games)."""
        game = data.get("game") or default_game()
        seats = tuple(SeatSpec(s["kind"], s.get("bot")) for s in data["seats"])
        info = get_game(game)
        return cls(
            name=data["name"],
            public=data["public"],
            # A flag that follows the seat count takes it, whatever a row logged before this
            # rule says (the match always played with the seats: its ``new_match`` saw them).
            rules=info.parse_rules(with_seat_flags(info, data["rules"], len(seats))),
            seats=seats,
            hints=data["hints"],
            hint_bot=data["hint_bot"],
            stand_in=data["stand_in"],
            move_timer=data["move_timer"],
            grace=data["grace"],
            deal_pause=data["deal_pause"],
            first_dealer=data["first_dealer"],
            game=game,
            hint_limit=data.get("hint_limit", 15),
            seed=data.get("seed"),
            match_options=data.get("match_options", {}),
            # Tables logged before the setting played as fast as their bots could.
            pace=data.get("pace", "fast"),
            # Tables logged before accounts existed were never rated: read them as unrated
            # (a new table always stores the setting; its default stays true).
            rated=data.get("rated", False),
            # Tables logged before the time bank had none: the timer moved at its deadline.
            time_bank=data.get("time_bank", 0.0),
        )


_KEYS = (
    "game",
    "name",
    "public",
    "rules",
    "seats",
    "hints",
    "hint_bot",
    "stand_in",
    "move_timer",
    "grace",
    "deal_pause",
    "first_dealer",
    "hint_limit",
    "seed",
    "match_options",
    "pace",
    "rated",
    "time_bank",
)

#: Largest value a client may give the flags that set how long a table plays (a target score,
#: a number of games or deals): a table from the network must end in reasonable time.
LENGTH_CAPS: dict[str, int] = {"target": 1000, "games": 100, "deals": 500, "max_turns": 10000}


def requested_game(value: Any, key: str) -> GameInfo:
    """The game a request names under ``key`` (``None``: the flagship); raises
    :class:`BadRequest` naming the available games."""
    if value is None:
        return get_game(default_game())
    names = available()
    if not isinstance(value, str) or value not in names:
        shown = repr(value[:40]) if isinstance(value, str) else "not a name"
        raise BadRequest(f"{key!r}: unknown game {shown}; choose one of: {', '.join(names)}")
    return get_game(value)


def _play(info: GameInfo) -> PlayHooks:
    """The game's play hooks: a table needs its bots (bot seats, stand-ins, hints)."""
    play = play_hooks(info.name)
    if play is None:
        raise BadRequest(f"'game': {info.name} offers no bots, and a table needs them")
    return play


def _number(
    body: dict[str, Any], key: str, default: float | None, low: float, high: float, nullable: bool
) -> float | None:
    value = body.get(key, default)
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        extra = " or null" if nullable else ""
        raise BadRequest(f"{key!r} must be a number of seconds from {low:g} to {high:g}{extra}")
    return float(value)


def _check_flag(flag: FlagInfo, value: Any) -> None:
    where = f"'rules.{flag.name}'"
    if flag.kind == "bool":
        if not isinstance(value, bool):
            raise BadRequest(f"{where} must be true or false")
    elif flag.kind == "choice":
        if value not in flag.choices or isinstance(value, bool):
            legal = ", ".join(str(c) for c in flag.choices)
            raise BadRequest(f"{where} must be one of: {legal} (not {str(value)[:40]!r})")
    elif flag.kind == "int":
        low = flag.minimum
        high = LENGTH_CAPS.get(flag.name, flag.maximum)
        if flag.maximum is not None and high is not None:
            high = min(high, flag.maximum)
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (low is not None and value < low) or (high is not None and value > high):
            span = f"from {low if low is not None else '…'} to {high if high is not None else '…'}"
            raise BadRequest(f"{where} must be a whole number {span}")


def with_seat_flags(info: GameInfo, raw: Mapping[str, Any] | None, seats: int) -> dict[str, Any]:
    """``raw`` with every flag that follows the seat count (``FlagInfo.follows_seats``) set to
    ``seats``: a table's rules never contradict its size."""
    out = dict(raw or {})
    for flag in info.flags:
        if flag.follows_seats:
            out[flag.name] = seats
    return out


def parse_rules(info: GameInfo, raw: Any, seats: int | None = None) -> Any:
    """The game's rules from a ``rules`` object; errors name the flag and the legal values.

    ``seats``: the table's seat count. A flag that follows it (``FlagInfo.follows_seats``, the
    number of players) is set from it; a body that gives such a flag another value is refused
    (the seats are the one control of a table's size, and silently playing another size than
    the body asked for would surprise its sender), naming the flag, the seats and the value
    that would be legal. Giving the same value as the seats, or leaving it out, is fine."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BadRequest("'rules' must be a JSON object of variant flags")
    for key, value in raw.items():
        flag = info.flag(key)
        if flag is None:
            names = ", ".join(f.name for f in info.flags) or "none"
            raise BadRequest(f"'rules': unknown flag {key!r} for {info.name} (flags: {names})")
        _check_flag(flag, value)
        if flag.follows_seats and seats is not None and value != seats:
            raise BadRequest(
                f"'rules.{flag.name}': {str(value)[:40]} contradicts the table's {seats} seats; "
                f"the seat count ('seats') sets it: leave it out or give {seats}"
            )
    if seats is not None:
        raw = with_seat_flags(info, raw, seats)
    try:
        return info.parse_rules(raw)
    except (ValueError, TypeError) as exc:
        raise BadRequest(f"'rules': {exc}") from None


def parse_match_options(info: GameInfo, raw: Any) -> dict[str, int]:
    """The match options a game offers (whole numbers, capped like the length flags)."""
    offered: Mapping[str, str] = info.table.match_options if info.offers("table") else {}
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise BadRequest("'match_options' must be a JSON object")
    out: dict[str, int] = {}
    for key, value in raw.items():
        if key not in offered:
            names = ", ".join(offered) or "none"
            raise BadRequest(
                f"'match_options': unknown option {str(key)[:40]!r} for {info.name} "
                f"(options: {names})"
            )
        high = LENGTH_CAPS.get(key, 100)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
            raise BadRequest(f"'match_options.{key}' must be a whole number from 1 to {high}")
        out[key] = value
    return out


def _seats(info: GameInfo, raw: Any) -> tuple[SeatSpec, ...]:
    counts = ", ".join(str(n) for n in info.seat_counts)
    if raw is None or (isinstance(raw, int) and not isinstance(raw, bool)):
        n = info.default_seats if raw is None else raw
        if n not in info.seat_counts:
            raise BadRequest(f"'seats': {info.name} is played by {counts} seats, not {n}")
        raw = [{"kind": "human"}] + [{"kind": "bot"}] * (n - 1)
    if not isinstance(raw, list):
        raise BadRequest("'seats' must be a list of seats ({'kind': 'human'|'bot', 'bot': …})")
    if len(raw) not in info.seat_counts:
        raise BadRequest(f"'seats': {info.name} is played by {counts} seats, not {len(raw)}")
    default_bot = _play(info).default_bot
    seats: list[SeatSpec] = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise BadRequest(f"seat {i} must be {{'kind': 'human'}} or {{'kind': 'bot', 'bot': …}}")
        if set(s) - {"kind", "bot"}:
            raise BadRequest(f"seat {i}: only the keys 'kind' and 'bot' are allowed")
        if s["kind"] == "bot":
            seats.append(
                SeatSpec("bot", check_bot_spec(info, s.get("bot", default_bot), f"seats[{i}].bot"))
            )
        else:
            seats.append(SeatSpec("human"))
    if not any(s.kind == "human" for s in seats):
        raise BadRequest("at least one seat must be for a human player")
    return tuple(seats)


def _pace(body: dict[str, Any], test_pace: bool) -> str:
    pace = body.get("pace", TEST_PACE if test_pace else DEFAULT_PACE)
    offered = (*PUBLIC_PACES, TEST_PACE) if test_pace else PUBLIC_PACES
    if not isinstance(pace, str) or pace not in offered:
        extra = "" if test_pace or pace != TEST_PACE else " ('instant' is for test servers)"
        raise BadRequest(
            f"'pace' must be one of: {', '.join(offered)} (not {str(pace)[:40]!r}){extra}"
        )
    return PACES[pace].name


def parse_settings(
    body: Any, *, default_deal_pause: float = 2.0, test_pace: bool = False
) -> TableSettings:
    """Validate a create-table body (every key optional); raises :class:`BadRequest`.

    ``test_pace``: the server was started with the test pace (``pace: "instant"`` is accepted
    and is the default)."""
    from .textcheck import clean_text

    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    unknown = sorted(set(body) - set(_KEYS))
    if unknown:
        raise BadRequest(f"unknown key {str(unknown[0])[:40]!r} (known keys: {', '.join(_KEYS)})")
    info = requested_game(body.get("game"), "game")
    game = info.name
    name = clean_text(body.get("name", "Table"), "name", max_len=TABLE_NAME_MAX)
    for key in ("public", "hints", "rated"):
        if not isinstance(body.get(key, True), bool):
            raise BadRequest(f"{key!r} must be true or false")
    seats = _seats(info, body.get("seats"))
    n = len(seats)
    rules = parse_rules(info, body.get("rules"), n)
    first_dealer = body.get("first_dealer")
    if first_dealer is None:
        first_dealer = secrets.randbelow(n)
    elif isinstance(first_dealer, bool) or first_dealer not in range(n):
        raise BadRequest(f"'first_dealer' must be a seat from 0 to {n - 1} or null")
    hint_limit = body.get("hint_limit", 15)
    if (
        isinstance(hint_limit, bool)
        or not isinstance(hint_limit, int)
        or not 0 <= hint_limit <= HINT_LIMIT_MAX
    ):
        raise BadRequest(
            f"'hint_limit' must be a whole number from 0 to {HINT_LIMIT_MAX} (hints per hand)"
        )
    seed = body.get("seed")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64
    ):
        raise BadRequest("'seed' must be null or a whole number from 0 to 2^64-1")
    play = _play(info)
    # Between two or more people a hint is an advantage over the others: off unless asked for.
    people = sum(1 for s in seats if s.kind == "human")
    return TableSettings(
        name=name,
        public=body.get("public", True),
        rules=rules,
        seats=seats,
        hints=body.get("hints", people < 2),
        hint_bot=check_bot_spec(info, body.get("hint_bot", play.hint), "hint_bot"),
        stand_in=check_bot_spec(info, body.get("stand_in", play.default_bot), "stand_in"),
        move_timer=_number(body, "move_timer", None, MOVE_TIMER_MIN, MOVE_TIMER_MAX, True),
        grace=_number(body, "grace", 60, 0, GRACE_MAX, False) or 0.0,
        deal_pause=_number(body, "deal_pause", default_deal_pause, 0, DEAL_PAUSE_MAX, False) or 0.0,
        first_dealer=first_dealer,
        game=game,
        hint_limit=hint_limit,
        seed=seed,
        match_options=parse_match_options(info, body.get("match_options")),
        pace=_pace(body, test_pace),
        rated=body.get("rated", True),
        time_bank=_number(body, "time_bank", TIME_BANK_DEFAULT, 0, TIME_BANK_MAX, False) or 0.0,
    )
