"""One table as an actor: its event log, its game, its connections, bots and timers.

All changes of a table happen under its ``asyncio.Lock``: commands from sockets, joins, and the
table's one driver task (bots, stand-ins, move timers, the next deal). Every change is first
committed to the event store, then applied in memory, then broadcast, each viewer getting a
message built from its own seat's view (or the spectator view).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import math
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..core.errors import IllegalAction, RecordError
from ..games.paston.actions import (
    CONTRACT_NAMES,
    SURRENDER,
    ActionParseError,
    action_str,
    parse_action,
)
from ..games.paston.cards import card_name, cards_of
from ..games.paston.deal import Deal
from ..games.paston.game import Game
from ..games.paston.record import GAME_FORMAT, deal_record
from ..games.paston.shuffle import deal_cards
from .settings import BadRequest, TableSettings
from .store import EventRow, EventStore, TableRow
from .views import deal_reveal, default_action, spectator_view

__all__ = ["Conn", "Table", "hash_token"]

log = logging.getLogger("paston.server")

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode

#: A socket whose outgoing queue grows past this is too slow to keep; it is dropped.
MAX_OUTBOX = 512
CHAT_KEEP = 50


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Conn:
    """One socket as the table sees it: who it is and a queue of outgoing text frames."""

    __slots__ = ("closed", "nickname", "outbox", "overflow", "seat")

    def __init__(self, seat: int | None, nickname: str | None) -> None:
        self.seat = seat
        self.nickname = nickname
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.overflow = False

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            # A client that does not read must not make the server hold its messages forever.
            self.closed = self.overflow = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    def send_json(self, obj: dict[str, Any]) -> None:
        self.send(_dumps(obj))


@dataclass(slots=True)
class SeatState:
    kind: str
    bot: str | None
    nickname: str | None = None
    token_hash: str | None = None
    sockets: int = 0
    away_since: float | None = None
    stand_in_shown: bool = field(default=False)


class Table:
    """A table: settings, seats, the game, the log position and the connected sockets."""

    def __init__(
        self,
        table_id: str,
        settings: TableSettings,
        created: float,
        store: EventStore,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.id = table_id
        self.settings = settings
        self.created = created
        self.store = store
        self.clock = clock
        self.game = Game(settings.rules, first_dealer=settings.first_dealer)
        self._rng = random.Random(secrets.randbits(64))
        self.seats = [SeatState(s.kind, s.bot) for s in settings.seats]
        self.seq = 0
        self.game_seq = 0
        self.receipts: dict[str, tuple[int, str, int]] = {}
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEEP)
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.turn_started = clock()
        self.deal_ended = clock()
        self._bots: dict[tuple[int, str], Bot] = {}
        self._hint_bot: Bot | None = None
        self._hint_lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._sheet_key: tuple[int, bool] = (-1, False)
        self._sheet: list[dict[str, Any]] = []
        self.actions_applied = 0
        self._rules_dict = settings.rules.to_dict()

    # ----------------------------------------------------------------- the log

    def row(self) -> TableRow:
        return TableRow(self.id, self.created, self.settings.public, self.settings.to_dict())

    def replay(self, events: list[EventRow]) -> None:
        """Rebuild the state from the stored log (start-up)."""
        for e in events:
            if e.seq != self.seq + 1:
                raise RecordError(f"table {self.id}: event {e.seq} follows event {self.seq}")
            self._apply(e.kind, e.data, e.seq)
        now = self.clock()
        for s in self.seats:
            if s.kind == "human" and s.token_hash is not None:
                s.away_since = now  # everyone was disconnected by the restart
        self.turn_started = now
        self.deal_ended = now

    def _apply(self, kind: str, data: dict[str, Any], seq: int) -> None:
        """Apply one committed event to the in-memory state (live and on replay)."""
        if kind == "joined":
            seat = self.seats[data["seat"]]
            seat.nickname = data["nickname"]
            seat.token_hash = data["token_hash"]
        elif kind == "deal":
            deal = Deal(
                data["hands"],
                data["prikup"],
                dealer=data["dealer"],
                first_deal=data["first_deal"],
                rules=self.settings.rules,
            )
            self.game.add_deal(deal)
            self.game_seq = seq
            self.turn_started = self.clock()
            if deal.is_over:
                self.deal_ended = self.clock()
        elif kind == "action":
            current = self.game.current
            if current is None:
                raise RecordError(f"table {self.id}: event {seq} acts with no deal in progress")
            current.apply(data["action"])
            if data.get("command_id"):
                self.receipts[data["command_id"]] = (data["seat"], data["action"], seq)
            self.game_seq = seq
            self.actions_applied += 1
            self.turn_started = self.clock()
            if current.is_over:
                self.deal_ended = self.clock()
        elif kind == "chat":
            if data.get("command_id"):
                self.receipts[data["command_id"]] = (data["seat"], "chat", seq)
            self.chat.append(
                {
                    "type": "chat",
                    "seq": seq,
                    "seat": data["seat"],
                    "from": data["from"],
                    "text": data["text"],
                    "at": data["at"],
                }
            )
        elif kind != "created":
            raise RecordError(f"table {self.id}: unknown event kind {kind!r}")
        self.seq = seq

    async def _commit(self, kind: str, data: dict[str, Any]) -> int:
        """Log an event durably, then apply it. Call with the lock held."""
        seq = self.seq + 1
        await self.store.append([EventRow(self.id, seq, kind, data)])
        self._apply(kind, data, seq)
        return seq

    # ----------------------------------------------------------------- queries

    @property
    def status(self) -> str:
        if self.game.over:
            return "over"
        if not self.game.deals:
            return "waiting"
        return "playing"

    def _all_joined(self) -> bool:
        return all(s.kind == "bot" or s.token_hash is not None for s in self.seats)

    def _stand_in_active(self, seat: int, now: float) -> bool:
        s = self.seats[seat]
        return (
            s.kind == "human"
            and s.sockets == 0
            and s.away_since is not None
            and now >= s.away_since + self.settings.grace
        )

    def seat_of_token(self, token: str) -> int | None:
        h = hash_token(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        return None

    def _score_sheet(self) -> list[dict[str, Any]]:
        deals = self.game.deals
        key = (len(deals), bool(deals) and deals[-1].is_over)
        if key == self._sheet_key:
            return self._sheet
        rows: list[dict[str, Any]] = []
        totals = self.game.total_history
        number = 0
        for d in deals:
            if d.scores is None:
                continue
            surrendered = bool(d.actions) and d.actions[-1] == SURRENDER
            rows.append(
                {
                    "deal": number + 1,
                    "dealer": d.dealer,
                    "declarer": d.declarer if d.declarer >= 0 else None,
                    "contract": "surrender"
                    if surrendered
                    else (CONTRACT_NAMES[d.contract] or None),
                    "scores": list(d.scores),
                    "totals": list(totals[number]),
                    "redeal": None,
                }
            )
            number += 1
        self._sheet_key, self._sheet = key, rows
        return rows

    def summary(self, now: float | None = None) -> dict[str, Any]:
        """The table summary of the lobby and of every state message."""
        now = self.clock() if now is None else now
        game = self.game
        seats = []
        for i, s in enumerate(self.seats):
            seats.append(
                {
                    "seat": i,
                    "kind": s.kind,
                    "nickname": s.nickname,
                    "bot": s.bot,
                    "connected": s.kind == "bot" or s.sockets > 0,
                    "stand_in": self._stand_in_active(i, now),
                }
            )
        cur = game.current
        dealer = cur.dealer if cur is not None else (game.deals[-1].dealer if game.deals else None)
        st = self.settings
        return {
            "id": self.id,
            "name": st.name,
            "public": st.public,
            "created": self.created,
            "status": self.status,
            "rules": self._rules_dict,
            "hints": st.hints,
            "move_timer": st.move_timer,
            "grace": st.grace,
            "deal_pause": st.deal_pause,
            "seats": seats,
            "deal_number": game.deal_number,
            "dealer": dealer,
            "totals": list(game.totals),
            "winner": game.winner,
            "draw": game.draw,
            "spectators": sum(1 for c in self.conns if c.seat is None),
        }

    def _timer(self) -> dict[str, Any] | None:
        mt = self.settings.move_timer
        cur = self.game.current
        if mt is None or cur is None or cur.to_act is None:
            return None
        if self.seats[cur.to_act].kind != "human":
            return None
        return {"seat": cur.to_act, "deadline": self.turn_started + mt}

    def record(self) -> dict[str, Any]:
        """The ``paston-game/1`` record of the finished deals (never the deal in progress)."""
        return {
            "format": GAME_FORMAT,
            "rules": self.settings.rules.to_dict(),
            "deals": [deal_record(d, in_game=True) for d in self.game.deals if d.is_over],
        }

    # ----------------------------------------------------------------- messages

    def state_builder(self) -> Callable[[int | None, str | None], str]:
        """A builder of state messages for this moment: shared parts are encoded once."""
        now = self.clock()
        table = self.summary(now)
        table["score_sheet"] = self._score_sheet()
        table["timer"] = self._timer()
        table_json = _dumps(table)
        deals = self.game.deals
        deal = deals[-1] if deals else None
        over_json = "null"
        if deal is not None and deal.is_over:
            over_json = _dumps(deal_reveal(deal, self.game.deal_number - (deal.scores is not None)))
        views: dict[int | None, str] = {}
        head = f'{{"type":"state","seq":{self.seq},"you":'
        tail = f',"table":{table_json}'

        def build(seat: int | None, nickname: str | None) -> str:
            view = views.get(seat)
            if view is None:
                if deal is None:
                    view = "null"
                elif seat is None:
                    view = _dumps(spectator_view(deal))
                else:
                    view = _dumps(deal.view(seat).to_json())
                views[seat] = view
            you = _dumps({"seat": seat, "nickname": nickname})
            return f'{head}{you}{tail},"view":{view},"deal_over":{over_json}}}'

        return build

    def broadcast_state(self) -> None:
        if not self.conns:
            return
        build = self.state_builder()
        for c in list(self.conns):
            c.send(build(c.seat, c.nickname))

    def _note_stand_ins(self) -> bool:
        """Whether a stand-in started or stopped since the last state (then one is due)."""
        now = self.clock()
        changed = False
        for i, s in enumerate(self.seats):
            active = self._stand_in_active(i, now)
            if active != s.stand_in_shown:
                s.stand_in_shown = active
                changed = True
        return changed

    # ----------------------------------------------------------------- people

    async def join(self, nickname: Any, seat: Any) -> tuple[int, str]:
        """Give a free human seat to ``nickname``; returns ``(seat, token)``."""
        if not isinstance(nickname, str) or not 1 <= len(nickname.strip()) <= 24:
            raise BadRequest("'nickname' must be a text of 1 to 24 characters")
        nickname = nickname.strip()
        if any(not ch.isprintable() for ch in nickname):
            raise BadRequest("'nickname' may not hold control characters")
        if seat is not None and (isinstance(seat, bool) or seat not in (0, 1, 2)):
            raise BadRequest("'seat' must be 0, 1, 2 or absent")
        async with self.lock:
            if seat is None:
                free = [
                    i for i, s in enumerate(self.seats) if s.kind == "human" and not s.token_hash
                ]
                if not free:
                    raise BadRequest("every human seat of this table is taken", "table_full", 409)
                seat = free[0]
            s = self.seats[seat]
            if s.kind != "human":
                raise BadRequest(f"seat {seat} is played by a bot", "seat_taken", 409)
            if s.token_hash is not None:
                raise BadRequest(f"seat {seat} is taken by {s.nickname}", "seat_taken", 409)
            token = secrets.token_urlsafe(24)
            await self._commit(
                "joined", {"seat": seat, "nickname": nickname, "token_hash": hash_token(token)}
            )
            s.away_since = self.clock()
            self.broadcast_state()
        self.wake.set()
        return seat, token

    async def connect(self, conn: Conn) -> None:
        async with self.lock:
            self.conns.add(conn)
            if conn.seat is not None:
                s = self.seats[conn.seat]
                s.sockets += 1
                s.away_since = None
                conn.nickname = s.nickname
            self._note_stand_ins()
            # Everybody sees the connected flag change; the newcomer gets its full state.
            self.broadcast_state()
            for line in self.chat:
                conn.send_json({**line, "replay": True})
        self.wake.set()

    async def disconnect(self, conn: Conn) -> None:
        async with self.lock:
            if conn not in self.conns:
                return
            self.conns.discard(conn)
            if conn.seat is not None:
                s = self.seats[conn.seat]
                s.sockets -= 1
                if s.sockets == 0:
                    s.away_since = self.clock()
            self.broadcast_state()
        self.wake.set()

    # ----------------------------------------------------------------- commands

    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Handle one well-formed client message (type already checked)."""
        kind = msg["type"]
        if kind == "ping":
            conn.send_json({"type": "pong", "at": self.clock()})
        elif kind == "action":
            await self._action(conn, msg)
        elif kind == "chat":
            await self._chat(conn, msg)
        elif kind == "hint":
            await self._hint(conn)

    @staticmethod
    def _reject(conn: Conn, cid: str | None, code: str, message: str, **extra: Any) -> None:
        conn.send_json(
            {"type": "reject", "command_id": cid, "code": code, "message": message, **extra}
        )

    async def _action(self, conn: Conn, msg: dict[str, Any]) -> None:
        cid = msg.get("command_id")
        if not isinstance(cid, str) or not 1 <= len(cid) <= 64:
            self._reject(conn, None, "bad_message", "'command_id' must be a text of 1 to 64 chars")
            return
        expected = msg.get("expected_seq")
        if isinstance(expected, bool) or not isinstance(expected, int):
            self._reject(conn, cid, "bad_message", "'expected_seq' must be a whole number")
            return
        text = msg.get("action")
        if not isinstance(text, str) or not 1 <= len(text) <= 40:
            self._reject(conn, cid, "bad_message", "'action' must be an action in the notation")
            return
        seat = conn.seat
        if seat is None:
            self._reject(conn, cid, "not_seated", "spectators cannot act; join a seat to play")
            return
        try:
            canonical: str | None = action_str(parse_action(text))
        except ActionParseError:
            canonical = None
        async with self.lock:
            receipt = self.receipts.get(cid)
            if receipt is not None:
                r_seat, r_action, r_seq = receipt
                if r_seat == seat and r_action == (canonical or text):
                    conn.send_json({"type": "ack", "command_id": cid, "seq": r_seq})
                else:
                    self._reject(
                        conn,
                        cid,
                        "duplicate_command",
                        f"command id {cid!r} was already used for another command",
                    )
                return
            deal = self.game.current
            if deal is None:
                why = "the game is over" if self.game.over else "no deal is in progress"
                self._reject(conn, cid, "no_deal", f"{why}; nothing can be played now")
                return
            if expected < self.game_seq or expected > self.seq:
                self._reject(
                    conn,
                    cid,
                    "stale",
                    f"expected_seq {expected} is stale: the table is at seq {self.seq} "
                    f"(last game event {self.game_seq}); decide again on the latest state",
                    seq=self.seq,
                )
                return
            if deal.to_act != seat:
                who = self.seats[deal.to_act].nickname if deal.to_act is not None else None
                self._reject(
                    conn,
                    cid,
                    "not_your_turn",
                    f"it is seat {deal.to_act}'s turn ({who or 'a bot'}), not yours (seat {seat})",
                )
                return
            legal = deal.legal_actions()
            action_id = parse_action(text) if canonical is not None else -1
            if action_id not in legal:
                try:
                    deal.copy().apply(text)
                    message = f'"{text}" is not legal now'
                except IllegalAction as exc:
                    message = str(exc)
                self._reject(
                    conn,
                    cid,
                    "illegal",
                    message,
                    legal=[action_str(a) for a in legal],
                    seq=self.seq,
                )
                return
            try:
                seq = await self._commit(
                    "action",
                    {"seat": seat, "action": canonical, "command_id": cid, "by": "player"},
                )
            except RuntimeError as exc:
                self._reject(conn, cid, "server_error", str(exc))
                return
            conn.send_json({"type": "ack", "command_id": cid, "seq": seq})
            self._note_stand_ins()
            self.broadcast_state()
        self.wake.set()

    async def _chat(self, conn: Conn, msg: dict[str, Any]) -> None:
        cid = msg.get("command_id")
        if cid is not None and (not isinstance(cid, str) or not 1 <= len(cid) <= 64):
            self._reject(conn, None, "bad_message", "'command_id' must be a text of 1 to 64 chars")
            return
        text = msg.get("text")
        if not isinstance(text, str) or not 1 <= len(text.strip()) <= 500:
            self._reject(conn, cid, "bad_message", "'text' must be a text of 1 to 500 characters")
            return
        if conn.seat is None:
            self._reject(conn, cid, "not_seated", "spectators cannot chat; join a seat to talk")
            return
        async with self.lock:
            receipt = self.receipts.get(cid) if cid is not None else None
            if receipt is not None:
                if receipt[:2] == (conn.seat, "chat"):
                    conn.send_json({"type": "ack", "command_id": cid, "seq": receipt[2]})
                else:
                    self._reject(
                        conn,
                        cid,
                        "duplicate_command",
                        f"command id {cid!r} was already used for another command",
                    )
                return
            data = {
                "seat": conn.seat,
                "from": self.seats[conn.seat].nickname,
                "text": text.strip(),
                "at": self.clock(),
                "command_id": cid,
            }
            try:
                seq = await self._commit("chat", data)
            except RuntimeError as exc:
                self._reject(conn, cid, "server_error", str(exc))
                return
            if cid is not None:
                conn.send_json({"type": "ack", "command_id": cid, "seq": seq})
            line = _dumps(self.chat[-1])
            for c in list(self.conns):
                c.send(line)

    async def _hint(self, conn: Conn) -> None:
        seat = conn.seat
        if seat is None:
            self._reject(conn, None, "not_seated", "spectators get no hints")
            return
        if not self.settings.hints:
            self._reject(conn, None, "hints_off", "this table does not allow hints")
            return
        async with self.lock:
            deal = self.game.current
            if deal is None:
                self._reject(conn, None, "no_deal", "no deal is in progress")
                return
            if deal.to_act != seat:
                self._reject(conn, None, "not_your_turn", "hints are given on your turn only")
                return
            view = deal.view(seat)
            seq = self.seq
        async with self._hint_lock:
            if self._hint_bot is None:
                self._hint_bot = make_bot(self.settings.hint_bot, seed=self._rng.randrange(2**32))
            bot = self._hint_bot
            choices = await asyncio.to_thread(bot.explain, view)
        conn.send_json(
            {
                "type": "hint",
                "seq": seq,
                "choices": [
                    {"action": action_str(c.action), "value": c.value, "reason": c.reason}
                    for c in choices
                ],
            }
        )

    # ----------------------------------------------------------------- the driver

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._drive(), name=f"table-{self.id}")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        for c in list(self.conns):
            c.closed = True
            c.outbox.put_nowait(None)
        for bot in self._bots.values():
            bot.close()

    async def _drive(self) -> None:
        """Deal, let bots and stand-ins play, and expire move timers, until the game is over."""
        while True:
            self.wake.clear()
            try:
                delay = await self._step()
            except asyncio.CancelledError:
                raise
            except Exception:
                # A bug must not kill the table: log it and retry a little later.
                log.exception("table %s: driver step failed", self.id)
                delay = 1.0
            if delay is None:
                continue
            if math.isinf(delay):
                await self.wake.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), max(delay, 0.0))

    def _bot(self, seat: int, name: str) -> Bot:
        bot = self._bots.get((seat, name))
        if bot is None:
            bot = make_bot(name, seed=self._rng.randrange(2**32))
            self._bots[(seat, name)] = bot
        return bot

    async def _step(self) -> float | None:
        """Do one thing; ``None`` if something was done, else how long to wait."""
        async with self.lock:
            now = self.clock()
            if self._note_stand_ins():
                self.broadcast_state()
            if self.game.over or not self._all_joined():
                return math.inf
            deal = self.game.current
            if deal is None:
                if self.game.deals:
                    due = self.deal_ended + self.settings.deal_pause
                    if now < due:
                        return due - now
                await self._deal()
                return None
            seat = deal.to_act
            assert seat is not None
            s = self.seats[seat]
            if s.kind == "bot":
                by, name = "bot", s.bot or "random"
            elif self._stand_in_active(seat, now):
                by, name = "stand_in", self.settings.stand_in
            else:
                waits = []
                if self.settings.move_timer is not None:
                    deadline = self.turn_started + self.settings.move_timer
                    if now >= deadline:
                        await self._commit_auto(seat, default_action(deal), "timer")
                        return None
                    waits.append(deadline - now)
                if s.sockets == 0 and s.away_since is not None:
                    waits.append(s.away_since + self.settings.grace - now)
                return min(waits) if waits else math.inf
            bot = self._bot(seat, name)
            view = deal.view(seat)
            seq0 = self.game_seq
        try:
            action = await asyncio.to_thread(bot.act, view)
        except Exception:
            log.exception("table %s: bot %s failed; playing the default action", self.id, name)
            action = -1
        async with self.lock:
            deal = self.game.current
            if self.game_seq != seq0 or deal is None:
                return None  # the table moved on while the bot thought
            if by == "stand_in" and not self._stand_in_active(seat, self.clock()):
                return None  # the player came back: they decide
            if action not in deal.legal_actions():
                action = default_action(deal)
            await self._commit_auto(seat, action, by)
        return None

    async def _commit_auto(self, seat: int, action: int, by: str) -> None:
        await self._commit(
            "action", {"seat": seat, "action": action_str(action), "command_id": None, "by": by}
        )
        self.broadcast_state()

    async def _deal(self) -> None:
        dealer, first = self.game.next_deal_setup()
        deal = deal_cards(dealer=dealer, first_deal=first, rules=self.settings.rules, rng=self._rng)
        await self._commit(
            "deal",
            {
                "number": self.game.deal_number,
                "dealer": dealer,
                "first_deal": first,
                "hands": [[card_name(c) for c in cards_of(h)] for h in deal.dealt],
                "prikup": [card_name(c) for c in cards_of(deal.prikup)],
            },
        )
        self.broadcast_state()
