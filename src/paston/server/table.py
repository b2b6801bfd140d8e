"""One table as an actor: its event log, its match (of any game), its connections, bots and
timers.

All changes of a table happen under its ``asyncio.Lock``: commands from sockets, joins, and the
table's one driver task (bots, stand-ins, move timers, the next hand). Every change is first
committed to the event store, then applied in memory, then broadcast, each viewer getting a
message built from its own seat's view (or the spectator view). The table knows its game only
through :class:`~paston.core.protocol.GameInfo`, ``Match`` and ``State``.

Hands are dealt with ``Match.next_state(rng)``, ``rng`` drawing from ``secrets.SystemRandom()``
(a seeded generator only when the table's ``seed`` asks for reproducible deals); the numbers
drawn are logged with the hand, so the log replays to the same cards.
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

from ..core.errors import IllegalAction, RecordError
from ..core.meta import MetaError, build_meta
from ..core.protocol import Match, State
from ..core.registry import get_game
from . import claims
from .bots_runner import BotBusy, BotJob, BotRunner, BotTimeout
from .form_limits import CHAT_MAX, NICKNAME_MAX
from .hand_rng import RecordingRandom, ReplayRandom
from .pace import PACES, after_finished_trick
from .reactions import REACTIONS, ReactionLimiter
from .safe_log import log_failure
from .settings import BadRequest, TableSettings
from .store import EventRow, EventStore, TableRow
from .time_bank import TimeBank
from .views import hand_reveal, public_view, score_row, seat_view, table_hooks, timeout_action

__all__ = ["CHAT_KEEP", "SPECTATORS", "Conn", "Table", "hash_token"]

log = logging.getLogger("paston.server")

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode

#: A socket whose outgoing queue grows past this is too slow to keep; it is dropped.
MAX_OUTBOX = 512
#: Chat lines a table keeps (in memory and in its log); older lines are pruned from both,
#: in batches once the log holds ``CHAT_PRUNE_SLACK`` lines more.
CHAT_KEEP = 50
CHAT_PRUNE_SLACK = 10
#: The spectators' chat channel. Players write in the table's channel, which everybody reads;
#: spectators write in this one, which spectators read and players may open read-only (their
#: page keeps it apart): a player's line is never shown as a spectator's, nor the reverse.
SPECTATORS = "spectators"


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
    #: The registered player's account holding the seat (None: a guest or a bot).
    account: int | None = None
    #: The person left the table (a ``leave`` message): the stand-in plays at once, until a
    #: socket with the seat's token comes back (in memory only).
    left: bool = False


class Table:
    """A table: settings, seats, the match, the log position and the connected sockets."""

    def __init__(
        self,
        table_id: str,
        settings: TableSettings,
        created: float,
        store: EventStore,
        clock: Callable[[], float] = time.time,
        runner: BotRunner | None = None,
    ) -> None:
        self.id = table_id
        self.settings = settings
        self.created = created
        self.store = store
        self.clock = clock
        self.runner = runner or BotRunner()
        self.info = get_game(settings.game)
        self.players = len(settings.seats)
        self.match: Match = self.info.new_match(
            self.players, settings.rules, settings.first_dealer, **settings.match_options
        )
        # Live deals come from the system's CSPRNG; a table seed (tests) makes them repeatable.
        self._source: random.Random = (
            random.Random(settings.seed) if settings.seed is not None else secrets.SystemRandom()
        )
        self.seats = [SeatState(s.kind, s.bot) for s in settings.seats]
        self.pace = PACES[settings.pace]
        # Not the deal source: the pace must not change a seeded table's cards.
        self._pace_rng = random.Random()
        #: Hints each seat asked for at this table (in memory: shown to every player).
        self.hints_asked = [0] * self.players
        #: The table of this table's rematch, once one was started.
        self.rematch: str | None = None
        self.seq = 0
        self.game_seq = 0
        self.receipts: dict[str, tuple[int, str, int]] = {}
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEEP)
        self.spectator_chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEEP)
        self._chat_logged = 0  # chat lines whose text is still in the log
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.turn_started = clock()
        self.deal_ended = clock()
        #: The latest hand (in progress or just over) and its number.
        self.state: State | None = None
        self.hand_number = 0
        self.hands_dealt = 0
        self.sheet: list[dict[str, Any]] = []
        self.closed_reason: str | None = None
        #: When a person was last connected to one of the seats (idle tables are closed).
        self.last_person = clock()
        #: Who pays for this table's bot thinking (bot-CPU budgets, ``bot_client``): the
        #: client that created it, and the client that took each seat (in memory only).
        self.creator_client: str | None = None
        self.seat_clients: dict[int, str] = {}
        self._hints: dict[tuple[int, int], dict[str, Any]] = {}
        self._hints_used = [0] * self.players
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._background: set[asyncio.Task[Any]] = set()
        #: The record of the finished hands, built while the match held no hand in progress.
        self._record: dict[str, Any] | None = None
        #: Set from dealing a hand (the match holds it) until its deal event is committed.
        self._dealing = False
        self._replaying = False
        self.actions_applied = 0
        self._rules_dict = settings.rules_dict()
        #: Cluster mode: called with every message the table's spectators get (None: the table
        #: stopped here), so other processes fan it out (:mod:`paston.server.cluster_pubsub`).
        self.on_public: Callable[[str | None], None] | None = None
        #: Each seat's time bank (with a move timer), and the claim waiting for answers.
        self.bank = TimeBank(settings.time_bank, self.players)
        self.claim: claims.Claim | None = None
        #: ``(seat, game_seq)`` of every claim made: one claim per seat and position.
        self.claims_made: set[tuple[int, int]] = set()
        self.reaction_limits = ReactionLimiter(self.players, clock())

    # ----------------------------------------------------------------- the log

    def row(self) -> TableRow:
        return TableRow(self.id, self.created, self.settings.public, self.settings.to_dict())

    def replay(self, events: list[EventRow]) -> None:
        """Rebuild the state from the stored log (start-up, or a table reloaded for replay)."""
        last_deal = max((i for i, e in enumerate(events) if e.kind == "deal"), default=-1)
        self._replaying = True
        try:
            for i, e in enumerate(events):
                if e.seq != self.seq + 1:
                    raise RecordError(f"table {self.id}: event {e.seq} follows event {self.seq}")
                if i == last_deal:
                    self._record = self._build_record()  # the finished hands, for export
                self._apply(e.kind, e.data, e.seq)
        finally:
            self._replaying = False
        now = self.clock()
        for s in self.seats:
            if s.kind == "human" and s.token_hash is not None:
                s.away_since = now  # everyone was disconnected by the restart
        self.turn_started = now
        self.deal_ended = now
        self.last_person = now

    def _apply(self, kind: str, data: dict[str, Any], seq: int, dealt: State | None = None) -> None:
        """Apply one committed event to the in-memory state (live and on replay)."""
        if kind == "joined":
            seat = self.seats[data["seat"]]
            seat.nickname = data["nickname"]
            seat.token_hash = data["token_hash"]
            seat.account = data.get("account")
            if data.get("took_over"):
                # A person took a bot's seat (between hands): from now on it is theirs.
                seat.kind, seat.bot = "human", None
        elif kind == "rematch":
            self.rematch = data["table"]
        elif kind == "deal":
            if dealt is None:
                dealt = self._redeal(data)
            self.state = dealt
            self.hands_dealt += 1
            self.hand_number = data.get("number", self.hands_dealt)
            self._hints.clear()
            self._hints_used = [0] * self.players
            self.game_seq = seq
            self.turn_started = self.clock()
            if dealt.is_over:
                self._hand_over(dealt)
        elif kind == "action":
            state = self.state
            if state is None or state.is_over:
                raise RecordError(f"table {self.id}: event {seq} acts with no hand in progress")
            state.apply(data["action"])
            if data.get("bank"):
                self.bank.spend(data["seat"], float(data["bank"]))
            if data.get("command_id"):
                self.receipts[data["command_id"]] = (data["seat"], data["action"], seq)
            self.game_seq = seq
            self.actions_applied += 1
            self.turn_started = self.clock()
            if state.is_over:
                self._hand_over(state)
        elif kind == "chat":
            if data.get("command_id"):
                self.receipts[data["command_id"]] = (data["seat"], "chat", seq)
            if not data.get("pruned"):
                self._chat_logged += 1
                channel = data.get("channel", "table")
                line = {
                    "type": "chat",
                    "seq": seq,
                    "seat": data["seat"],
                    "from": data["from"],
                    "text": data["text"],
                    "at": data["at"],
                    "channel": channel,
                }
                (self.spectator_chat if channel == SPECTATORS else self.chat).append(line)
        elif kind == "left":
            # Logged so that a restart keeps the stand-in playing at once for the leaver.
            left = self.seats[data["seat"]]
            left.left, left.away_since = True, data["at"]
        elif kind == "back":
            self.seats[data["seat"]].left = False
        elif kind == "closed":
            self.closed_reason = data.get("reason", "closed")
        elif kind != "created":
            raise RecordError(f"table {self.id}: unknown event kind {kind!r}")
        self.seq = seq

    def _redeal(self, data: dict[str, Any]) -> State:
        """The hand of a logged ``deal`` event, dealt again from its logged random numbers."""
        if "draws" in data:
            rng = ReplayRandom(data["draws"])
            state = self.match.next_state(rng)
            if not rng.exhausted:
                raise RecordError(f"table {self.id}: the logged deal does not match the game")
            return state
        hooks = table_hooks(self.info)
        if hooks is not None and hooks.restore_hand is not None and "hands" in data:
            # Logged before deals were logged as drawn numbers: the cards are in the event.
            restored: State = hooks.restore_hand(self.match, data)
            return restored
        raise RecordError(f"table {self.id}: a deal event without its cards")

    def _hand_over(self, state: State) -> None:
        """Book-keeping once a hand ends: the score sheet, the pause, the exported record."""
        self.deal_ended = self.clock()
        row = score_row(self.info, state, len(self.sheet) + 1, self.match.totals)
        if row is not None:
            self.sheet.append(row)
        if not self._replaying:
            self._record = None  # rebuilt on demand now that no hand is in progress

    async def _commit(self, kind: str, data: dict[str, Any], dealt: State | None = None) -> int:
        """Log an event durably, then apply it. Call with the lock held."""
        seq = self.seq + 1
        await self.store.append([EventRow(self.id, seq, kind, data)])
        was_over = self.match.over
        self._apply(kind, data, seq, dealt)
        hook = getattr(self.store, "on_game_end", None)
        if hook is not None and not was_over and self.match.over:
            await self._game_ended(hook)
        return seq

    async def _game_ended(self, hook: Callable[[Any], None]) -> None:
        """Hand the finished game to the accounts (ratings, history); a failure there is
        logged and the table goes on."""
        from .accounts.results import finished_game

        try:
            await asyncio.to_thread(hook, finished_game(self, self.clock()))
        except Exception as exc:
            log_failure(log, "table %s: recording the finished game failed", exc, self.id)

    # ----------------------------------------------------------------- queries

    @property
    def in_progress(self) -> State | None:
        """The hand being played, if any."""
        state = self.state
        return state if state is not None and not state.is_over else None

    @property
    def status(self) -> str:
        if self.closed_reason is not None:
            return "closed"
        if self.match.over:
            return "over"
        if self.state is None:
            return "waiting"
        return "playing"

    def _all_joined(self) -> bool:
        return all(s.kind == "bot" or s.token_hash is not None for s in self.seats)

    def _stand_in_at(self, seat: int) -> float | None:
        """When a stand-in bot starts playing for an absent person (``None``: not absent)."""
        s = self.seats[seat]
        if s.kind == "human" and s.left and s.away_since is not None:
            return s.away_since
        if s.kind != "human" or s.sockets > 0 or s.away_since is None or s.token_hash is None:
            return None
        return s.away_since + self.settings.grace

    def _stand_in_active(self, seat: int, now: float) -> bool:
        s = self.seats[seat]
        if s.kind == "human" and s.left:
            return True
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

    def people_connected(self) -> bool:
        return any(s.sockets > 0 for s in self.seats)

    def idle_for(self, now: float) -> float:
        """Seconds since a person was last connected to a seat (0 while one is)."""
        return 0.0 if self.people_connected() else max(0.0, now - self.last_person)

    def _score_sheet(self) -> list[dict[str, Any]]:
        return self.sheet

    def _winner(self) -> tuple[int | None, bool]:
        """The winner (a seat, ``None`` while the match goes on or when drawn) and whether
        it was drawn: the game's outcome hook, else the highest total alone wins."""
        if not self.match.over:
            return None, False
        hooks = table_hooks(self.info)
        if hooks is not None and hooks.outcome is not None:
            ended = hooks.outcome(self.match)
            winner = ended.get("winner")
            return (winner if isinstance(winner, int) else None), bool(ended.get("draw"))
        totals = list(self.match.totals)
        top = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == top]
        return (leaders[0], False) if len(leaders) == 1 else (None, True)

    def _deal_number(self) -> int:
        hooks = table_hooks(self.info)
        if hooks is not None and hooks.hand_number is not None:
            return hooks.hand_number(self.match)
        return self.hands_dealt + (0 if self.in_progress is not None else 1)

    def summary(self, now: float | None = None) -> dict[str, Any]:
        """The table summary of the lobby and of every state message."""
        now = self.clock() if now is None else now
        seats = []
        for i, s in enumerate(self.seats):
            seats.append(
                {
                    "seat": i,
                    "kind": s.kind,
                    "nickname": s.nickname,
                    "bot": s.bot,
                    "connected": s.kind == "bot" or (s.sockets > 0 and not s.left),
                    "stand_in": self._stand_in_active(i, now),
                    "stand_in_at": self._stand_in_at(i),
                    # Public: the name above is a registered player's (nothing else of them).
                    "registered": s.account is not None,
                    "left": s.left,
                }
            )
        winner, draw = self._winner()
        st = self.settings
        return {
            "id": self.id,
            "game": st.game,
            "name": st.name,
            "public": st.public,
            "created": self.created,
            "status": self.status,
            "rules": self._rules_dict,
            "hints": st.hints,
            "hints_asked": list(self.hints_asked),
            "pace": st.pace,
            "rated": st.rated,
            "rematch": self.rematch,
            "move_timer": st.move_timer,
            "time_bank": st.time_bank,
            "grace": st.grace,
            "deal_pause": st.deal_pause,
            "seats": seats,
            "deal_number": self._deal_number(),
            "dealer": getattr(self.state, "dealer", None) if self.state is not None else None,
            "totals": list(self.match.totals),
            "winner": winner,
            "draw": draw,
            "spectators": sum(1 for c in self.conns if c.seat is None),
        }

    def _timer(self) -> dict[str, Any] | None:
        mt = self.settings.move_timer
        cur = self.in_progress
        if mt is None or cur is None or cur.to_act is None or self.claim is not None:
            return None  # a claim waiting for answers stops the clock
        if self.seats[cur.to_act].kind != "human":
            return None
        return self.bank.timer(cur.to_act, self.turn_started, mt)

    def _meta(self) -> dict[str, Any] | None:
        bots = [s.bot if s.kind == "bot" else None for s in self.seats]
        players = [s.nickname if s.kind == "human" else s.bot for s in self.seats]
        result = list(self.match.totals) if self.match.over else None
        try:
            return build_meta(
                seats=self.players,
                players=players,
                bots=bots,
                event=self.settings.name,
                site="paston serve",
                result=result,
            )
        except MetaError:
            return None

    def _match_holds_hand_in_progress(self) -> bool:
        """Whether the match holds a hand that is not over, committed or not.

        Asked of the match itself, not of ``self.state``: a hand is dealt into the match before
        its deal event is committed, and ``self.state`` only follows once it is."""
        if self._dealing:
            return True
        current = self.match.current
        return current is not None and not current.is_over

    def _build_record(self) -> dict[str, Any]:
        if self._match_holds_hand_in_progress():
            # Never reached by the table's own flow: a record built now would hold hidden cards.
            raise RecordError("the match holds a hand in progress: its record is not public")
        return self.match.record(self._meta())

    def record(self) -> dict[str, Any]:
        """The match's record of the finished hands (never the hand in progress), with meta.

        While a hand is in progress the record built before it was dealt is served: nothing is
        built, nor cached, from a match that holds hidden cards."""
        if not self._match_holds_hand_in_progress():
            self._record = self._build_record()
        elif self._record is None:
            raise RecordError("the record of the finished hands is not known")
        return self._record

    # ----------------------------------------------------------------- messages

    def state_builder(self) -> Callable[[int | None, str | None], str]:
        """A builder of state messages for this moment: shared parts are encoded once."""
        now = self.clock()
        table = self.summary(now)
        table["score_sheet"] = self.sheet
        table["timer"] = self._timer()
        # When the last move (or deal) was applied, server time: the pace is measured by it.
        table["moved_at"] = self.turn_started
        claim = self.claim
        table["claim"] = (
            claim.public(self.seats[claim.seat].nickname) if claim is not None else None
        )
        table_json = _dumps(table)
        state = self.state
        over_json = "null"
        if state is not None and state.is_over:
            over_json = _dumps(hand_reveal(self.info, state, self.hand_number))
        views: dict[int | None, str] = {}
        head = f'{{"type":"state","seq":{self.seq},"you":'
        tail = f',"table":{table_json}'

        def build(seat: int | None, nickname: str | None) -> str:
            view = views.get(seat)
            if view is None:
                if state is None:
                    view = "null"
                elif seat is None:
                    view = _dumps(public_view(self.info, state))
                else:
                    view = _dumps(seat_view(state, seat))
                views[seat] = view
            you = _dumps({"seat": seat, "nickname": nickname})
            # What this seat may do beside its legal actions: claim (the most tricks it may
            # claim now) and concede (the game's resignation is legal now).
            offers = _dumps(
                {
                    "claim_max": claims.claimable(self, seat),
                    "concede": claims.concede_action(self, seat) is not None,
                }
            )
            return f'{head}{you}{tail},"offers":{offers},"view":{view},"deal_over":{over_json}}}'

        return build

    def broadcast_state(self) -> None:
        if not self.conns and self.on_public is None:
            return
        build = self.state_builder()
        if self.on_public is not None:
            self.on_public(build(None, None))
        for c in list(self.conns):
            c.send(build(c.seat, c.nickname))

    def _presence(self, seat: int | None, skip: Conn | None = None) -> None:
        """A small presence event to everybody (but ``skip``): who came or went."""
        now = self.clock()
        msg: dict[str, Any] = {
            "type": "presence",
            "seq": self.seq,
            "seat": seat,
            "spectators": sum(1 for c in self.conns if c.seat is None),
        }
        if seat is not None:
            s = self.seats[seat]
            msg["nickname"] = s.nickname
            msg["connected"] = s.kind == "bot" or (s.sockets > 0 and not s.left)
            msg["stand_in"] = s.stand_in_shown = self._stand_in_active(seat, now)
            # A countdown for the others: when the stand-in bot takes over (None: not away).
            msg["stand_in_at"] = self._stand_in_at(seat)
        text = _dumps(msg)
        if self.on_public is not None:
            self.on_public(text)
        for c in list(self.conns):
            if c is not skip:
                c.send(text)

    def _note_stand_ins(self) -> None:
        """Tell everybody when a stand-in started or stopped playing for a seat."""
        now = self.clock()
        for i, s in enumerate(self.seats):
            active = self._stand_in_active(i, now)
            if active != s.stand_in_shown:
                s.stand_in_shown = active
                self._presence(i)

    # ----------------------------------------------------------------- people

    async def join(
        self, nickname: Any, seat: Any, take_over: bool = False, account: int | None = None
    ) -> tuple[int, str]:
        """Give a free human seat to ``nickname``; returns ``(seat, token)``.

        ``account``: the logged-in player's account (``nickname`` is then its name); one
        account holds at most one seat of a table.

        With ``take_over`` the seat is a bot's, which a person may take at a public table
        while no hand is being played (before the first or between two)."""
        from .textcheck import clean_text

        nickname = clean_text(nickname, "nickname", max_len=NICKNAME_MAX)
        if seat is not None and (isinstance(seat, bool) or seat not in range(self.players)):
            raise BadRequest(f"'seat' must be a seat from 0 to {self.players - 1} or absent")
        if take_over and seat is None:
            raise BadRequest("'take_over' needs the 'seat' of the bot to replace")
        async with self.lock:
            if self.closed_reason is not None or self.match.over:
                raise BadRequest("this table is closed or its game is over", "table_closed", 409)
            if seat is None:
                free = [
                    i for i, s in enumerate(self.seats) if s.kind == "human" and not s.token_hash
                ]
                if not free:
                    raise BadRequest(
                        "every human seat of this table is taken; you can watch it "
                        f"(/t/{self.id}?watch=1)",
                        "table_full",
                        409,
                    )
                seat = free[0]
            s = self.seats[seat]
            if take_over:
                self._check_take_over(seat)
            elif s.kind != "human":
                raise BadRequest(
                    f"seat {seat} is played by a bot"
                    + (" (ask to take it over: 'take_over': true)" if self.settings.public else ""),
                    "seat_taken",
                    409,
                )
            if s.token_hash is not None:
                raise BadRequest(f"seat {seat} is taken by {s.nickname}", "seat_taken", 409)
            if account is not None and any(o.account == account for o in self.seats):
                raise BadRequest("you already have a seat at this table", "already_seated", 409)
            token = secrets.token_urlsafe(24)
            data: dict[str, Any] = {
                "seat": seat,
                "nickname": nickname,
                "token_hash": hash_token(token),
            }
            if take_over:
                data["took_over"] = True
            if account is not None:
                data["account"] = account
            await self._commit("joined", data)
            s.away_since = self.clock()
            self.last_person = self.clock()
            self.broadcast_state()
        self.wake.set()
        return seat, token

    def _check_take_over(self, seat: int) -> None:
        s = self.seats[seat]
        if s.kind != "bot":
            raise BadRequest(f"seat {seat} is not a bot's; join it without 'take_over'")
        if not self.settings.public:
            raise BadRequest("bots' seats are taken over at public tables only", "not_public", 409)
        if self.in_progress is not None:
            raise BadRequest(
                f"seat {seat}'s bot is playing this hand; take its seat between hands",
                "hand_in_progress",
                409,
            )

    async def connect(self, conn: Conn) -> None:
        async with self.lock:
            self.conns.add(conn)
            if conn.seat is not None:
                s = self.seats[conn.seat]
                if s.left:  # back at the table with the seat's token
                    await self._commit("back", {"seat": conn.seat})
                s.sockets += 1
                s.away_since = None
                conn.nickname = s.nickname
                self.last_person = self.clock()
            # The newcomer gets its full state; everybody else a small presence event.
            conn.send(self.state_builder()(conn.seat, conn.nickname))
            self._presence(conn.seat, skip=conn)
            lines = sorted([*self.chat, *self.spectator_chat], key=lambda x: int(x["seq"]))
            for line in lines:
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
                self.last_person = self.clock()
                if s.sockets == 0:
                    s.away_since = self.clock()
            self._presence(conn.seat)
        self.wake.set()

    # ----------------------------------------------------------------- commands

    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Handle one well-formed client message (type already checked)."""
        kind = msg["type"]
        try:
            if kind == "ping":
                conn.send_json({"type": "pong", "at": self.clock()})
            elif kind == "action":
                await self._action(conn, msg)
            elif kind == "chat":
                await self._chat(conn, msg)
            elif kind == "hint":
                await self._hint(conn)
            elif kind == "claim":
                await claims.make_claim(self, conn, msg)
            elif kind == "claim_answer":
                await claims.answer_claim(self, conn, msg)
            elif kind == "concede":
                await self._concede(conn, msg)
            elif kind == "leave":
                await self._leave(conn)
            elif kind == "reaction":
                self._reaction(conn, msg)
        except Exception as exc:
            # Logged without its message (it may name cards), answered without it too.
            log_failure(log, "table %s: error handling a %s message", exc, self.id, kind)
            cid = msg.get("command_id") if isinstance(msg.get("command_id"), str) else None
            self._reject(conn, cid, "server_error", "the server could not handle this message")

    @staticmethod
    def _reject(conn: Conn, cid: str | None, code: str, message: str, **extra: Any) -> None:
        conn.send_json(
            {"type": "reject", "command_id": cid, "code": code, "message": message, **extra}
        )

    def _parse(self, state: State, text: str) -> int | None:
        try:
            return state.parse_action(text)
        except IllegalAction:
            return None

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
        async with self.lock:
            state = self.in_progress
            action_id = self._parse(state, text) if state is not None else None
            canonical = state.action_str(action_id) if state and action_id is not None else None
            receipt = self.receipts.get(cid)
            if receipt is not None:
                r_seat, r_action, r_seq = receipt
                if r_seat == seat and r_action in (canonical, text):
                    conn.send_json({"type": "ack", "command_id": cid, "seq": r_seq})
                else:
                    self._reject(
                        conn,
                        cid,
                        "duplicate_command",
                        f"command id {cid!r} was already used for another command",
                    )
                return
            if state is None:
                if self.closed_reason is not None:
                    why = "the table is closed"
                elif self.match.over:
                    why = "the game is over"
                else:
                    why = "no hand is in progress"
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
            if self.claim is not None:
                self._reject(
                    conn,
                    cid,
                    "claim_pending",
                    "a claim is waiting for answers; play goes on once it is answered",
                )
                return
            if state.to_act != seat:
                who = self.seats[state.to_act].nickname if state.to_act is not None else None
                self._reject(
                    conn,
                    cid,
                    "not_your_turn",
                    f"it is seat {state.to_act}'s turn ({who or 'a bot'}), not yours (seat {seat})",
                )
                return
            legal = state.legal_actions()
            if action_id is None or action_id not in legal:
                try:
                    state.copy().apply(text)
                    message = f'"{text}" is not legal now'
                except IllegalAction as exc:
                    message = str(exc)  # to the seat that sent it only: its own cards at most
                self._reject(
                    conn,
                    cid,
                    "illegal",
                    message,
                    legal=[state.action_str(a) for a in legal],
                    seq=self.seq,
                )
                return
            data: dict[str, Any] = {
                "seat": seat,
                "action": canonical,
                "command_id": cid,
                "by": "player",
            }
            mt = self.settings.move_timer
            if mt is not None:
                # Past the move's own time the seat spent some of its bank: logged with it.
                spent = self.bank.spent(seat, self.turn_started, mt, self.clock())
                if spent > 0:
                    data["bank"] = spent
            try:
                seq = await self._commit("action", data)
            except RuntimeError:
                self._reject(
                    conn, cid, "server_error", "the database write failed; nothing was applied"
                )
                return
            conn.send_json({"type": "ack", "command_id": cid, "seq": seq})
            self._note_stand_ins()
            self.broadcast_state()
        self.wake.set()

    async def _chat(self, conn: Conn, msg: dict[str, Any]) -> None:
        from .textcheck import clean_text

        cid = msg.get("command_id")
        if cid is not None and (not isinstance(cid, str) or not 1 <= len(cid) <= 64):
            self._reject(conn, None, "bad_message", "'command_id' must be a text of 1 to 64 chars")
            return
        try:
            text = clean_text(msg.get("text"), "text", max_len=CHAT_MAX)
        except BadRequest as exc:
            self._reject(conn, cid, "bad_message", str(exc))
            return
        channel = "table" if conn.seat is not None else SPECTATORS
        async with self.lock:
            receipt = self.receipts.get(cid) if cid is not None else None
            if receipt is not None:
                # A spectator's receipt (seat None) is another spectator's too: ids are random.
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
                "from": (
                    self.seats[conn.seat].nickname
                    if conn.seat is not None
                    else conn.nickname or "spectator"
                ),
                "text": text,
                "at": self.clock(),
                "command_id": cid,
                "channel": channel,
            }
            try:
                seq = await self._commit("chat", data)
            except RuntimeError:
                self._reject(
                    conn, cid, "server_error", "the database write failed; nothing was applied"
                )
                return
            if cid is not None:
                conn.send_json({"type": "ack", "command_id": cid, "seq": seq})
            line = _dumps((self.chat if channel == "table" else self.spectator_chat)[-1])
            if self.on_public is not None:
                self.on_public(line)
            for c in list(self.conns):
                c.send(line)
            kept = [*self.chat, *self.spectator_chat]
            if self._chat_logged > len(kept) + CHAT_PRUNE_SLACK:
                self._chat_logged = len(kept)
                self._prune_chat(min(int(x["seq"]) for x in kept))

    def _prune_chat(self, before_seq: int) -> None:
        """Drop the text of chat lines older than the kept ones from the log (in the
        background: the table does not wait for it)."""
        from .retention import prune_chat

        task = asyncio.create_task(asyncio.to_thread(prune_chat, self.store, self.id, before_seq))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _hint(self, conn: Conn) -> None:
        seat = conn.seat
        if seat is None:
            self._reject(conn, None, "not_seated", "spectators get no hints")
            return
        if not self.settings.hints:
            self._reject(conn, None, "hints_off", "this table does not allow hints")
            return
        async with self.lock:
            state = self.in_progress
            if state is None:
                self._reject(conn, None, "no_deal", "no hand is in progress")
                return
            if state.to_act != seat:
                self._reject(conn, None, "not_your_turn", "hints are given on your turn only")
                return
            cached = self._hints.get((seat, self.game_seq))
            if cached is not None:
                conn.send_json(cached)  # the same decision: the same hint, at no cost
                return
            if self._hints_used[seat] >= self.settings.hint_limit:
                self._reject(
                    conn,
                    None,
                    "hint_limit",
                    f"this table gives {self.settings.hint_limit} hints per seat and hand; "
                    "they are used up for this hand",
                )
                return
            self._hints_used[seat] += 1
            view = state.view(seat)
            seq, game_seq = self.seq, self.game_seq
        try:
            job = BotJob(self.id, seat, self.settings.hint_bot, self.settings.game, view, True)
            choices = (await self.runner.decide(job, self.bot_client(seat, "hint"))).result
        except BotBusy:
            async with self.lock:
                self._hints_used[seat] -= 1
            self._reject(conn, None, "busy", "the table's bot is thinking; ask again shortly")
            return
        except BotTimeout:
            self._reject(conn, None, "hint_timeout", "the hint took too long; play on your own")
            return
        if choices is None:
            self._reject(conn, None, "hints_off", "this table's hint bot cannot explain")
            return
        message = {
            "type": "hint",
            "seq": seq,
            "choices": [
                {"action": state.action_str(c.action), "value": c.value, "reason": c.reason}
                for c in choices
            ],
        }
        async with self.lock:
            if self.game_seq == game_seq:
                self._hints[(seat, game_seq)] = message
            # Every player sees how many hints each asked for (a small message: no new seq).
            self.hints_asked[seat] += 1
            counts = _dumps({"type": "hints", "asked": list(self.hints_asked)})
            if self.on_public is not None:
                self.on_public(counts)
            for c in list(self.conns):
                c.send(counts)
        conn.send_json(message)

    def note_client(self, client: str, seat: int | None = None) -> None:
        """``client`` created the table (``seat`` None) or took ``seat``: its bot-CPU budget
        pays for the table's bots, or for that seat's stand-in and hints."""
        if seat is None:
            self.creator_client = client
        else:
            self.seat_clients[seat] = client

    def bot_client(self, seat: int, by: str) -> str:
        """The client charged for a decision at ``seat`` made ``by`` a seat's ``bot``, a
        ``stand_in`` or the ``hint`` bot (a table from before a restart: the table itself)."""
        if by != "bot" and seat in self.seat_clients:
            return self.seat_clients[seat]
        return self.creator_client or f"table:{self.id}"

    # ----------------------------------------------------------------- the driver

    def start(self) -> None:
        if self._task is None and self.closed_reason is None:
            self._task = asyncio.create_task(self._drive(), name=f"table-{self.id}")

    async def stop(self) -> None:
        self._stopping = True
        if self._task is not None:
            # The flag and the wake-up end the driver even if the cancellation is lost
            # (asyncio.wait_for in Python 3.11 can swallow one that races a result).
            self.wake.set()
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.on_public is not None:
            self.on_public(None)
        for c in list(self.conns):
            c.closed = True
            c.outbox.put_nowait(None)
        self.runner.forget(self.id)

    async def close(self, reason: str) -> None:
        """End the table for good (``reason``: ``idle``): logged, told to everybody, stopped."""
        async with self.lock:
            if self.closed_reason is None:
                await self._commit("closed", {"reason": reason})
                self.broadcast_state()
                await self._game_closed()
        await self.stop()

    async def _game_closed(self) -> None:
        """A game closed before its end goes to the accounts too: who left loses (if rated)."""
        hook = getattr(self.store, "on_game_end", None)
        if hook is None:
            return
        from .accounts.results import closed_game

        try:
            game = closed_game(self, self.clock())
            if game is not None and any(s.account is not None for s in game.seats):
                await asyncio.to_thread(hook, game)
        except Exception as exc:
            log_failure(log, "table %s: recording the closed game failed", exc, self.id)

    async def _drive(self) -> None:
        """Deal, let bots and stand-ins play, and expire move timers, until the match is over."""
        while not self._stopping:
            self.wake.clear()
            try:
                delay = await self._step()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # A bug must not kill the table: log it (without its message) and retry later.
                log_failure(log, "table %s: driver step failed", exc, self.id)
                delay = 1.0
            if delay is None or self._stopping:
                continue
            if math.isinf(delay):
                await self.wake.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), max(delay, 0.0))

    async def _step(self) -> float | None:
        """Do one thing; ``None`` if something was done, else how long to wait."""
        async with self.lock:
            now = self.clock()
            self._note_stand_ins()
            if self.closed_reason is not None or self.match.over or not self._all_joined():
                return math.inf
            claim_wait = await claims.expire(self, now)
            if claim_wait is not None:
                return claim_wait  # nobody moves while a claim waits for its answers
            state = self.in_progress
            if state is None:
                if self.state is not None:
                    due = self.deal_ended + self.settings.deal_pause
                    if now < due:
                        return due - now
                await self._deal()
                return None
            seat = state.to_act
            assert seat is not None
            s = self.seats[seat]
            if s.kind == "bot":
                by, spec = "bot", s.bot or self.info.play.default_bot
            elif self._stand_in_active(seat, now):
                by, spec = "stand_in", self.settings.stand_in
            else:
                waits = []
                mt = self.settings.move_timer
                if mt is not None:
                    # The move's own time, then the seat's time bank.
                    deadline = self.bank.deadline(seat, self.turn_started, mt)
                    if now >= deadline:
                        spent = self.bank.left[seat]
                        await self._commit_auto(
                            seat, timeout_action(self.info, state), "timer", spent
                        )
                        return None
                    waits.append(deadline - now)
                if s.sockets == 0 and s.away_since is not None:
                    waits.append(s.away_since + self.settings.grace - now)
                return min(waits) if waits else math.inf
            view = state.view(seat)
            seq0 = self.game_seq
            # Not before the pace's gap after the last move (the bot thinks meanwhile).
            gap = self.pace.gap(after_finished_trick(view.to_json()), self._pace_rng)
            due = self.turn_started + gap
        action: int | None = None
        try:
            job = BotJob(self.id, seat, spec, self.settings.game, view)
            action = (await self.runner.decide(job, self.bot_client(seat, by))).result
        except BotBusy:
            pass  # its last decision is still running past the limit: no more work queued
        except BotTimeout:
            log.warning("table %s: bot %s took too long at seat %d", self.id, spec, seat)
        except Exception as exc:
            log_failure(log, "table %s: bot %s failed at seat %d", exc, self.id, spec, seat)
        wait = due - self.clock()
        if wait > 0:
            await asyncio.sleep(wait)  # this table's task only: other tables play on
        async with self.lock:
            state = self.in_progress
            if self.game_seq != seq0 or state is None or self.closed_reason is not None:
                return None  # the table moved on while the bot thought
            if self.claim is not None:
                return None  # a claim came meanwhile: it is answered first
            if by == "stand_in" and not self._stand_in_active(seat, self.clock()):
                return None  # the player came back: they decide
            if action is None or action not in state.legal_actions():
                action = timeout_action(self.info, state)
            await self._commit_auto(seat, action, by)
        return None

    async def _commit_auto(self, seat: int, action: int, by: str, bank: float = 0.0) -> None:
        state = self.in_progress
        assert state is not None
        data: dict[str, Any] = {
            "seat": seat,
            "action": state.action_str(action),
            "command_id": None,
            "by": by,
        }
        if bank > 0:
            data["bank"] = round(bank, 3)
        await self._commit("action", data)
        self.broadcast_state()

    async def commit_claimed(self, seat: int, action: str) -> None:
        """Log one move of an accepted claim's play-out (lock held; no state sent)."""
        await self._commit(
            "action", {"seat": seat, "action": action, "command_id": None, "by": "claim"}
        )

    def announce(self, msg: dict[str, Any]) -> None:
        """Send one small message to every socket (and the cluster's spectators): not logged,
        no new ``seq``."""
        text = _dumps(msg)
        if self.on_public is not None:
            self.on_public(text)
        for c in list(self.conns):
            c.send(text)

    async def _concede(self, conn: Conn, msg: dict[str, Any]) -> None:
        """``{"type": "concede"}``: the game's resignation, played as the seat's action."""
        if conn.seat is None:
            self._reject(conn, None, "not_seated", "spectators cannot concede")
            return
        cid = msg.get("command_id")
        if not isinstance(cid, str) or not 1 <= len(cid) <= 64:
            self._reject(conn, None, "bad_message", "'command_id' must be a text of 1 to 64 chars")
            return
        async with self.lock:
            action = claims.concede_action(self, conn.seat)
            seq = self.seq
        if action is None:
            self._reject(
                conn,
                cid,
                "no_concede",
                "the rules allow no resignation now; to give up, leave the table (a bot "
                "plays your seat)",
            )
            return
        await self._action(
            conn, {"type": "action", "command_id": cid, "expected_seq": seq, "action": action}
        )

    async def _leave(self, conn: Conn) -> None:
        """``{"type": "leave"}``: a person leaves their seat. The stand-in plays it from now
        on (coming back with the seat's token takes it again); everybody is told. A table
        where nobody else is a person is closed."""
        seat = conn.seat
        if seat is None:
            self._reject(conn, None, "not_seated", "spectators have no seat to leave")
            return
        close = False
        async with self.lock:
            s = self.seats[seat]
            now = self.clock()
            await self._commit("left", {"seat": seat, "at": now})
            self.announce(
                {"type": "left", "seq": self.seq, "seat": seat, "nickname": s.nickname, "at": now}
            )
            for c in list(self.conns):
                if c.seat == seat:
                    c.closed = True  # the leaver's pages go back to the lobby
                    c.outbox.put_nowait(None)
            others = [o for i, o in enumerate(self.seats) if i != seat and o.kind == "human"]
            close = not others and self.closed_reason is None
            if not close:
                self._note_stand_ins()
                self.broadcast_state()
        if close:
            await self.close("left")
        self.wake.set()

    def _reaction(self, conn: Conn, msg: dict[str, Any]) -> None:
        """``{"type": "reaction", "code": ...}``: a quick reaction shown beside the seat."""
        seat = conn.seat
        if seat is None:
            self._reject(conn, None, "not_seated", "spectators send no reactions; chat instead")
            return
        code = msg.get("code")
        if code not in REACTIONS:
            self._reject(
                conn,
                None,
                "bad_message",
                f"'code' must be one of: {', '.join(REACTIONS)} (not {str(code)[:40]!r})",
            )
            return
        now = self.clock()
        wait = self.reaction_limits.take(seat, now)
        if wait > 0:
            self._reject(
                conn, None, "rate_limited", f"too many reactions; send the next in {wait:.1f} s"
            )
            return
        self.announce({"type": "reaction", "seat": seat, "code": code, "at": now})

    async def _deal(self) -> None:
        """Deal the next hand from the table's CSPRNG, logging the numbers drawn."""
        number = self._deal_number()
        rng = RecordingRandom(self._source)
        self._record = self._build_record()  # every hand so far is over: kept for export
        # From here until the deal event is committed the match holds the new hand while
        # ``self.state`` is still the last one: the flag keeps record() on the copy above.
        self._dealing = True
        try:
            state = self.match.next_state(rng)
            try:
                await self._commit("deal", {"number": number, "draws": rng.draws}, dealt=state)
            except Exception:
                # The match holds a hand the log does not: rebuild the table from its log.
                await self._rebuild()
                raise
        finally:
            self._dealing = False
        self.broadcast_state()

    async def _rebuild(self) -> None:
        from .retention import load_events

        events = await asyncio.to_thread(load_events, self.store, self.id)
        fresh = Table(self.id, self.settings, self.created, self.store, self.clock, self.runner)
        fresh.replay(events)
        self.match, self.state = fresh.match, fresh.state
        self.seq, self.game_seq = fresh.seq, fresh.game_seq
        self.hand_number, self.hands_dealt = fresh.hand_number, fresh.hands_dealt
        self.sheet, self._record = fresh.sheet, fresh._record
