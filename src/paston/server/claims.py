"""Claims: "the rest of the tricks are mine" (or a number of them), in any trick-taking game.

The seat to act in the card play claims ``tricks`` of the tricks left; its hand is shown to
everybody (nothing else is), and every other seat accepts or rejects. Bots, and stand-ins
playing for absent players, answer for their seats: they accept only a claim that holds
whatever the others play, which the server checks exhaustively on the true deal
(:func:`guaranteed`). That answer tells nothing but the one bit a person's answer tells.
All accept: the rest of the hand is played out by the server along a line that gives the
claimer the tricks claimed (:func:`claim_line`; the nearest count the cards allow when no line
gives exactly that), logged as ordinary actions (``by: "claim"``), so records and replays stay
plain. One rejection, or no answer in :data:`CLAIM_ANSWER_S` seconds: play goes on.

A game offers claims through its table hooks' ``claims`` (:class:`~paston.core.hooks.table.
ClaimHooks`); this module never names a game. A pending claim lives in memory only (a restart
forgets it and play goes on). The searches run in the server's bot pool (:meth:`~paston.
server.bots_runner.BotRunner.compute`), charged to the claimer like its bots' thinking.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.hooks.table import ClaimHooks
from ..core.protocol import State
from .bots_runner import BotBusy, BotTimeout

if TYPE_CHECKING:
    from .table import Conn, Table

__all__ = [
    "CLAIM_ANSWER_S",
    "SEARCH_BUDGET",
    "Claim",
    "OutOfBudget",
    "claim_line",
    "guaranteed",
]

#: Seconds the other players have to answer a claim; no answer counts as a rejection.
CLAIM_ANSWER_S = 60.0
#: Positions the exhaustive check may visit (past it a bot cannot be sure: it rejects).
SEARCH_BUDGET = 200_000


class OutOfBudget(Exception):
    """The search visited more positions than it may."""


@dataclass(slots=True)
class Claim:
    """A claim waiting for its answers."""

    seat: int
    tricks: int
    of: int
    hand: list[str]
    game_seq: int
    expires: float
    waiting: set[int]
    accepted: set[int] = field(default_factory=set)
    #: The server's check on the true deal (None: not known yet, or too big to know).
    holds: bool | None = None
    #: The check is done (``holds`` is what it found; ``None`` there: too big to know).
    checked: bool = False
    resolving: bool = False

    def public(self, nickname: str | None) -> dict[str, Any]:
        """What everybody is told of the claim (the claimer's hand is part of it)."""
        return {
            "seat": self.seat,
            "nickname": nickname,
            "tricks": self.tricks,
            "of": self.of,
            "hand": list(self.hand),
            "waiting": sorted(self.waiting),
            "accepted": sorted(self.accepted),
            "expires": self.expires,
        }


# ----------------------------------------------------------------- the searches


def guaranteed(
    state: State, seat: int, need: int, hooks: ClaimHooks, budget: int = SEARCH_BUDGET
) -> bool:
    """Whether ``seat`` wins at least ``need`` more tricks whatever everybody else plays
    (``seat`` choosing its own cards, every other seat playing against it). Exhaustive on the
    state's true cards; raises :class:`OutOfBudget` past ``budget`` positions."""
    s = state.copy()
    base = hooks.tricks_won(s)[seat]
    visited = 0

    def wins() -> bool:
        nonlocal visited
        visited += 1
        if visited > budget:
            raise OutOfBudget
        got = hooks.tricks_won(s)[seat] - base
        if got >= need:
            return True
        if s.is_over or got + hooks.tricks_left(s) < need:
            return False
        mine = s.to_act == seat
        for action in s.legal_actions():
            s.apply(action)
            try:
                won = wins()
            finally:
                s.undo()
            if won == mine:
                return won  # the claimer found a way, or an opponent a refutation
        return not mine

    return wins()


def claim_line(
    state: State, seat: int, tricks: int, hooks: ClaimHooks, budget: int = SEARCH_BUDGET
) -> list[int]:
    """Actions that play the hand out with ``seat`` winning ``tricks`` more tricks (the
    nearest count the cards allow when none does; the first such line found)."""
    s = state.copy()
    base = hooks.tricks_won(s)[seat]
    best: list[int] = []
    best_miss = -1
    line: list[int] = []
    visited = 0

    def miss(got: int) -> int:
        # How far a line ends from the claim; between two as far, the one giving the claimer
        # more is nearer (a claim that holds is never scored below what was claimed).
        return 2 * abs(got - tricks) + (1 if got < tricks else 0)

    def miss_at_best(got: int, left: int) -> int:
        # The nearest the best line below here can still end.
        if got > tricks:
            return miss(got)
        return miss(min(tricks, got + left))

    def walk() -> bool:
        nonlocal best, best_miss, visited
        visited += 1
        got = hooks.tricks_won(s)[seat] - base
        if s.is_over:
            off = miss(got)
            if best_miss < 0 or off < best_miss:
                best, best_miss = list(line), off
            return off == 0
        if best_miss >= 0 and (
            visited > budget or miss_at_best(got, hooks.tricks_left(s)) >= best_miss
        ):
            return False
        for action in s.legal_actions():
            s.apply(action)
            line.append(action)
            try:
                done = walk()
            finally:
                line.pop()
                s.undo()
            if done:
                return True
        return False

    walk()
    return best


# ----------------------------------------------------------------- the table's side


def claim_hooks(table: Table) -> ClaimHooks | None:
    from .views import table_hooks

    hooks = table_hooks(table.info)
    return hooks.claims if hooks is not None else None


def _hooks_of(game: str) -> ClaimHooks:
    from ..core.registry import get_game
    from .views import table_hooks

    hooks = table_hooks(get_game(game))
    if hooks is None or hooks.claims is None:
        raise ValueError(f"game {game!r} has no claims")
    return hooks.claims


def check_in_pool(game: str, state: State, seat: int, tricks: int) -> bool | None:
    """The bot pool's task for a new claim: :func:`guaranteed` on the true deal (``None``:
    too big to know). Module-level and named by game, so a worker process can run it."""
    try:
        return guaranteed(state, seat, tricks, _hooks_of(game))
    except OutOfBudget:
        return None


def line_in_pool(game: str, state: State, seat: int, tricks: int) -> list[int]:
    """The bot pool's task for an accepted claim: :func:`claim_line`."""
    return claim_line(state, seat, tricks, _hooks_of(game))


def claimable(table: Table, seat: int | None) -> int | None:
    """The most tricks ``seat`` may claim now (``None``: no claim now)."""
    hooks = claim_hooks(table)
    state = table.in_progress
    if hooks is None or seat is None or state is None or table.claim is not None:
        return None
    if state.to_act != seat or (seat, table.game_seq) in table.claims_made:
        return None
    left = hooks.tricks_left(state)
    return left if left > 0 else None


def _answers_itself(table: Table, seat: int, now: float) -> bool:
    """A seat a bot answers for: a bot's, or an absent person's while the stand-in plays."""
    return table.seats[seat].kind == "bot" or table._stand_in_active(seat, now)


async def make_claim(table: Table, conn: Conn, msg: dict[str, Any]) -> None:
    """Handle ``{"type": "claim", "tricks": N}``."""
    seat = conn.seat
    if seat is None:
        table._reject(conn, None, "not_seated", "spectators cannot claim; join a seat to play")
        return
    hooks = claim_hooks(table)
    if hooks is None:
        table._reject(conn, None, "no_claims", "this game has no claims (it is not won by tricks)")
        return
    tricks = msg.get("tricks")
    async with table.lock:
        state = table.in_progress
        if state is None:
            table._reject(conn, None, "no_deal", "no hand is in progress; nothing to claim")
            return
        if table.claim is not None:
            table._reject(conn, None, "claim_pending", "a claim is already waiting for answers")
            return
        left = hooks.tricks_left(state)
        if left <= 0:
            table._reject(conn, None, "not_card_play", "tricks are claimed in the card play only")
            return
        if state.to_act != seat:
            table._reject(
                conn, None, "not_your_turn", f"claim on your turn (it is seat {state.to_act}'s)"
            )
            return
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 1 <= tricks <= left:
            table._reject(
                conn,
                None,
                "bad_message",
                f"'tricks' must be a whole number from 1 to {left} (the tricks left)",
            )
            return
        if (seat, table.game_seq) in table.claims_made:
            table._reject(
                conn, None, "claim_limit", "you claimed at this point already; play a card first"
            )
            return
        now = table.clock()
        table.claims_made.add((seat, table.game_seq))
        claim = Claim(
            seat=seat,
            tricks=tricks,
            of=left,
            hand=hooks.hand(state, seat),
            game_seq=table.game_seq,
            expires=now + CLAIM_ANSWER_S,
            waiting={i for i in range(table.players) if i != seat},
        )
        table.claim = claim
        table.announce({"type": "claim", "seq": table.seq, **claim.public(conn.nickname)})
        table.broadcast_state()
        copy = state.copy()
    table.wake.set()
    # The exhaustive check runs in the bot pool, the table's lock free meanwhile: it waits
    # the claimer's turn there and is charged to the claimer's bot-CPU budget, so claims
    # cannot buy one client more of the server than bots can. A spent budget, a busy slot or
    # a check past its time: the bots cannot be sure, and reject.
    client = table.bot_client(seat, "claim")
    holds: bool | None = None
    budget = table.runner.budget
    if budget is None or budget.allows(client):
        try:
            answer = await table.runner.compute(
                table.id, client, check_in_pool, table.info.name, copy, seat, tricks
            )
            holds = answer.result
        except (BotBusy, BotTimeout):
            holds = None
    async with table.lock:
        if table.claim is not claim:
            return
        claim.holds, claim.checked = holds, True
        await _bots_answer(table, claim, table.clock())
    table.wake.set()


async def _bots_answer(table: Table, claim: Claim, now: float) -> None:
    """Bots and stand-ins answer once the check is done (lock held): yes only to a claim
    certain to hold."""
    if not claim.checked:
        return
    answered = False
    for other in sorted(claim.waiting):
        if table.claim is claim and _answers_itself(table, other, now):
            await _answer(table, claim, other, claim.holds is True)
            answered = True
    if answered and table.claim is claim:
        nickname = table.seats[claim.seat].nickname
        table.announce({"type": "claim", "seq": table.seq, **claim.public(nickname)})


async def answer_claim(table: Table, conn: Conn, msg: dict[str, Any]) -> None:
    """Handle ``{"type": "claim_answer", "accept": true|false}``."""
    seat = conn.seat
    accept = msg.get("accept")
    if not isinstance(accept, bool):
        table._reject(conn, None, "bad_message", "'accept' must be true or false")
        return
    if seat is None:
        table._reject(conn, None, "not_seated", "spectators do not answer claims")
        return
    async with table.lock:
        claim = table.claim
        if claim is None or claim.resolving:
            table._reject(conn, None, "no_claim", "no claim is waiting for an answer")
            return
        if seat not in claim.waiting:
            why = "it is your own claim" if seat == claim.seat else "you answered it already"
            table._reject(conn, None, "not_asked", f"this claim needs no answer from you: {why}")
            return
        await _answer(table, claim, seat, accept)
        if table.claim is claim:
            nickname = table.seats[claim.seat].nickname
            table.announce({"type": "claim", "seq": table.seq, **claim.public(nickname)})
    table.wake.set()


async def _answer(table: Table, claim: Claim, seat: int, accept: bool) -> None:
    """Record one seat's answer (lock held); the claim ends at a rejection or the last yes."""
    claim.waiting.discard(seat)
    if not accept:
        _end(table, claim, False, "rejected", seat)
        return
    claim.accepted.add(seat)
    if not claim.waiting:
        await _settle(table, claim)


def _end(table: Table, claim: Claim, accepted: bool, reason: str, by: int | None) -> None:
    table.claim = None
    table.turn_started = table.clock()  # the claimer's move timer starts again
    table.announce(
        {
            "type": "claim_result",
            "seq": table.seq,
            "seat": claim.seat,
            "tricks": claim.tricks,
            "accepted": accepted,
            "reason": reason,
            "by": by,
        }
    )
    table.broadcast_state()


async def expire(table: Table, now: float) -> float | None:
    """The driver's part (lock held): end a claim nobody answered in time. Returns how long
    to wait, or ``None`` when no claim is pending."""
    claim = table.claim
    if claim is None:
        return None
    if claim.resolving:
        return 1.0
    if now >= claim.expires:
        _end(table, claim, False, "expired", None)
        return 0.0
    # A player who went away meanwhile is answered for by the stand-in.
    await _bots_answer(table, claim, now)
    return min(claim.expires - now, 1.0) if table.claim is claim else 0.0


async def _settle(table: Table, claim: Claim) -> None:
    """Every other seat accepted: play the rest out as claimed (lock held)."""
    hooks = claim_hooks(table)
    state = table.in_progress
    if hooks is None or state is None or table.game_seq != claim.game_seq:
        _end(table, claim, False, "hand_moved", None)
        return
    claim.resolving = True
    # Everybody accepted: the play-out is owed whatever the claimer's budget (it is bounded
    # as the check is), and is charged to it.
    client = table.bot_client(claim.seat, "claim")
    try:
        answer = await table.runner.compute(
            table.id, client, line_in_pool, table.info.name, state.copy(), claim.seat, claim.tricks
        )
        line: list[int] = answer.result
    except (BotBusy, BotTimeout):
        line = []
    claim.resolving = False
    state = table.in_progress
    if state is None or table.game_seq != claim.game_seq or not line:
        _end(table, claim, False, "hand_moved", None)
        return
    table.claim = None
    for action in line:
        current = table.in_progress
        if current is None or current.to_act is None:
            break
        await table.commit_claimed(current.to_act, current.action_str(action))
    _end(table, claim, True, "accepted", None)


def concede_action(table: Table, seat: int | None) -> str | None:
    """The action (its text) by which ``seat`` resigns now, if the game's rules allow one."""
    from .views import table_hooks

    hooks = table_hooks(table.info)
    state = table.in_progress
    if seat is None or hooks is None or hooks.concede is None or state is None:
        return None
    if table.claim is not None:
        return None
    action = hooks.concede(state, seat)
    return None if action is None else state.action_str(action)
