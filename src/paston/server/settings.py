"""Table settings: validation of the create-table body into a :class:`TableSettings`."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from ..bots.registry import BotSpecError, bot_names, make_bot
from ..games.paston.rules import RuleError, Rules

__all__ = ["BadRequest", "SeatSpec", "TableSettings", "parse_settings"]


class BadRequest(ValueError):
    """A client sent something the server cannot accept; ``code`` is the protocol's code."""

    def __init__(self, message: str, code: str = "bad_request", status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str  # "human" or "bot"
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class TableSettings:
    name: str
    public: bool
    rules: Rules
    seats: tuple[SeatSpec, SeatSpec, SeatSpec]
    hints: bool
    hint_bot: str
    stand_in: str
    move_timer: float | None
    grace: float
    deal_pause: float
    first_dealer: int

    def to_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if k not in ("rules", "seats")}
        out["rules"] = self.rules.to_dict()
        out["seats"] = [{"kind": s.kind, "bot": s.bot} for s in self.seats]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """Settings as stored in the log (already validated once)."""
        return cls(
            name=data["name"],
            public=data["public"],
            rules=Rules.from_dict(data["rules"]),
            seats=tuple(SeatSpec(s["kind"], s.get("bot")) for s in data["seats"]),  # type: ignore[arg-type]
            hints=data["hints"],
            hint_bot=data["hint_bot"],
            stand_in=data["stand_in"],
            move_timer=data["move_timer"],
            grace=data["grace"],
            deal_pause=data["deal_pause"],
            first_dealer=data["first_dealer"],
        )


_KEYS = (
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
)


#: A bot seat without a named bot, and the stand-in for an absent player: strong and quick.
DEFAULT_BOT = "heuristic"
#: Hints explain with expected Paston scores from sampled worlds.
DEFAULT_HINT_BOT = "pimc"


def _bot_name(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadRequest(f"{key!r} must be a bot name ({', '.join(bot_names())})")
    name = value.strip()
    if name.partition(":")[0] not in bot_names():
        raise BadRequest(f"{key!r}: unknown bot {name!r}; choose one of: {', '.join(bot_names())}")
    try:
        make_bot(name, seed=0).close()
    except BotSpecError as exc:
        raise BadRequest(f"{key!r}: {exc}") from None
    return name


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


def parse_settings(
    body: Any, *, default_deal_pause: float = 2.0, rng: random.Random | None = None
) -> TableSettings:
    """Validate a create-table body (every key optional); raises :class:`BadRequest`."""
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    unknown = sorted(set(body) - set(_KEYS))
    if unknown:
        raise BadRequest(f"unknown key {unknown[0]!r} (known keys: {', '.join(_KEYS)})")
    name = body.get("name", "Table")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
        raise BadRequest("'name' must be a text of 1 to 60 characters")
    for key in ("public", "hints"):
        if not isinstance(body.get(key, True), bool):
            raise BadRequest(f"{key!r} must be true or false")
    try:
        rules = Rules.from_dict(body.get("rules", {}))
    except (RuleError, TypeError) as exc:
        raise BadRequest(f"'rules': {exc}") from None
    seats_in = body.get("seats", [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    if not isinstance(seats_in, list) or len(seats_in) != 3:
        raise BadRequest("'seats' must be a list of three seats")
    seats: list[SeatSpec] = []
    for i, s in enumerate(seats_in):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise BadRequest(f"seat {i} must be {{'kind': 'human'}} or {{'kind': 'bot', 'bot': …}}")
        if set(s) - {"kind", "bot"}:
            raise BadRequest(f"seat {i}: only the keys 'kind' and 'bot' are allowed")
        if s["kind"] == "bot":
            seats.append(SeatSpec("bot", _bot_name(s.get("bot", DEFAULT_BOT), f"seats[{i}].bot")))
        else:
            seats.append(SeatSpec("human"))
    if not any(s.kind == "human" for s in seats):
        raise BadRequest("at least one seat must be for a human player")
    first_dealer = body.get("first_dealer")
    if first_dealer is None:
        first_dealer = (rng or random.Random()).randrange(3)
    elif isinstance(first_dealer, bool) or first_dealer not in (0, 1, 2):
        raise BadRequest("'first_dealer' must be 0, 1, 2 or null")
    return TableSettings(
        name=name.strip(),
        public=body.get("public", True),
        rules=rules,
        seats=(seats[0], seats[1], seats[2]),
        hints=body.get("hints", True),
        hint_bot=_bot_name(body.get("hint_bot", DEFAULT_HINT_BOT), "hint_bot"),
        stand_in=_bot_name(body.get("stand_in", DEFAULT_BOT), "stand_in"),
        move_timer=_number(body, "move_timer", None, 1, 3600, True),
        grace=_number(body, "grace", 60, 0, 86400, False) or 0.0,
        deal_pause=_number(body, "deal_pause", default_deal_pause, 0, 60, False) or 0.0,
        first_dealer=first_dealer,
    )
