"""Shared parts of the no-leak property tests (``test_server_noleak*.py``).

A random session (legal and illegal commands, stale commands, reconnects, players leaving so
stand-ins play, spectators, chat, hints, garbage) is played against a real server at one or
more tables of any game; every message each viewer got is kept with the action text it sent,
if any. Afterwards the table's event log is replayed through the game and each message is
checked against the state at the message's ``seq`` by a game-specific oracle.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from hypothesis import strategies as st
from server_helpers import Client, ThreadServer, my_turn, new_table

#: Keys whose values are free text or identifiers, never cards (a nickname may spell "KS").
SKIP_KEYS = frozenset({"id", "link", "name", "nickname", "from", "text", "command_id", "token"})

OPS = [
    "legal",
    "legal",
    "legal",
    "legal",
    "illegal",
    "stale",
    "reconnect",
    "leave",
    "spectate",
    "chat",
    "hint",
    "hint",
    "garbage",
]

#: One step of a session: (operation, table index, seat index, a random number 0..99).
Op = tuple[str, int, int, int]


def ops_strategy(min_size: int = 10, max_size: int = 40) -> st.SearchStrategy[list[Op]]:
    return st.lists(
        st.tuples(st.sampled_from(OPS), st.integers(0, 1), st.integers(0, 4), st.integers(0, 99)),
        min_size=min_size,
        max_size=max_size,
    )


def strings_in(obj: Any, key: str | None = None) -> list[tuple[str | None, str]]:
    """Every string of a JSON value with the key it sits under (lists keep their key);
    values under :data:`SKIP_KEYS` are left out."""
    out: list[tuple[str | None, str]] = []
    stack: list[tuple[str | None, Any]] = [(key, obj)]
    while stack:
        k, v = stack.pop()
        if k in SKIP_KEYS:
            continue
        if isinstance(v, str):
            out.append((k, v))
        elif isinstance(v, dict):
            stack.extend(v.items())
        elif isinstance(v, list):
            stack.extend((k, x) for x in v)
    return out


def lists_in(obj: Any, key: str | None = None) -> Iterator[tuple[str | None, list[Any]]]:
    """Every JSON array inside a value (nested ones too), with its key."""
    if key in SKIP_KEYS:
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from lists_in(v, k)
    elif isinstance(obj, list):
        yield key, obj
        for v in obj:
            yield from lists_in(v, key)


#: What a session gives back per table: its id and (seat, message, action text sent or None).
Seen = list[tuple[int | None, dict[str, Any], str | None]]


class TablePlan(Protocol):
    """A table to create: the create-table body and which seats people hold."""

    body: dict[str, Any]
    humans: list[int]


def _choose(legal: list[str], r: int) -> str:
    # Half the time the first legal action (the lowest play in Paris): games get to their end.
    return legal[0] if r < 50 else legal[r % len(legal)]


async def _move(
    t: dict[str, Any],
    choose: Callable[[list[str], int], str],
    r: int,
    cid: str,
    wait: float = 0.3,
    hint: bool = False,
    junk: str | None = None,
) -> bool:
    """One legal action by a connected seat whose turn it is (waiting up to ``wait`` s for
    one); False when nobody was to act."""
    movers: list[Client] = []
    for _ in range(int(wait / 0.01)):
        movers = [x for x in t["clients"].values() if my_turn(x) and not x.task.done()]
        if movers:
            break
        await asyncio.sleep(0.01)
    if not movers:
        return False
    m = movers[r % len(movers)]
    assert m.state is not None
    if hint:  # ask for a hint of this decision first
        n0 = len(m.messages)
        with contextlib.suppress(Exception):
            await m.send({"type": "hint"})
        with contextlib.suppress(TimeoutError):
            await m.wait_for(lambda x: x["type"] in ("hint", "reject"), start=n0, timeout=10)
    if junk is not None:  # an illegal action first: the engine says why it is refused
        jid = f"{cid}j"
        t["sent"][jid] = junk
        n0 = len(m.messages)
        with contextlib.suppress(Exception):
            await m.send(
                {
                    "type": "action",
                    "command_id": jid,
                    "expected_seq": m.state["seq"],
                    "action": junk,
                }
            )
        with contextlib.suppress(TimeoutError):
            await m.wait_for(lambda x: x.get("command_id") == jid, start=n0, timeout=10)
    if not my_turn(m):  # the table moved on meanwhile
        return True
    assert m.state is not None
    action = choose(m.state["view"]["legal"], r)
    t["sent"][cid] = action
    with contextlib.suppress(Exception):
        await m.send(
            {
                "type": "action",
                "command_id": cid,
                "expected_seq": m.state["seq"],
                "action": action,
            }
        )
    with contextlib.suppress(TimeoutError):
        n0 = len(m.messages)
        answer = await m.wait_for(lambda x: x.get("command_id") == cid, timeout=10)
        if answer["type"] == "ack":  # decide next on the state after the move
            await m.wait_for(
                lambda x: x["type"] == "state" and x["seq"] >= answer["seq"], start=n0, timeout=10
            )
    return True


async def run_session(
    server: ThreadServer,
    plans: list[TablePlan],
    ops: list[Op],
    junk: list[str],
    choose: Callable[[list[str], int], str] = _choose,
    play_out: int = 0,
) -> list[tuple[str, Seen]]:
    """Play ``ops`` at the tables of ``plans`` (each with ``body`` and ``humans``), then up
    to ``play_out`` more legal moves per table."""
    made: list[dict[str, Any]] = []
    for plan in plans:
        names = [f"p{i}" for i in plan.humans]
        tid, seats = await new_table(server.url, plan.body, names)
        clients = {s: await Client.connect(server.ws, tid, t, s) for s, t in seats}
        made.append(
            {
                "id": tid,
                "tokens": dict(seats),
                "clients": clients,
                "spectators": [],
                "closed": [],
                "sent": {},
            }
        )
    for t in made:
        for c in t["clients"].values():
            await c.wait_for(lambda m: m["type"] == "state")
    for n, (op, ti, who, r) in enumerate(ops, start=1):
        t = made[ti % len(made)]
        seats = sorted(t["tokens"])
        seat = seats[who % len(seats)]
        c = t["clients"].get(seat)
        cid = f"c{n}"
        if op == "legal":
            await _move(t, choose, r, cid)
        elif op in ("illegal", "stale") and c is not None and c.state is not None:
            if r % 4:  # mostly the seat to act: the engine then explains why it is illegal
                c = next((x for x in t["clients"].values() if my_turn(x)), c)
                assert c.state is not None
            action = junk[r % len(junk)]
            seq = c.state["seq"] - (1 + r % 3) if op == "stale" else c.state["seq"]
            t["sent"][cid] = action
            with contextlib.suppress(Exception):
                await c.send(
                    {"type": "action", "command_id": cid, "expected_seq": seq, "action": action}
                )
        elif op == "reconnect" or (op == "leave" and c is None):
            if c is not None:
                await c.close()
                t["closed"].append(c)
            t["clients"][seat] = await Client.connect(server.ws, t["id"], t["tokens"][seat], seat)
        elif op == "leave" and c is not None:
            await c.close()
            t["closed"].append(c)
            del t["clients"][seat]
        elif op == "spectate" and len(t["spectators"]) < 3:
            t["spectators"].append(await Client.connect(server.ws, t["id"], None, None))
        elif op == "chat" and c is not None:
            with contextlib.suppress(Exception):
                await c.send({"type": "chat", "text": f"hello {r}"})
        elif op == "hint":
            # Mostly asked by the seat to act (others are refused): a hint of its decision.
            asker = next((x for x in t["clients"].values() if my_turn(x)), c) if r % 4 else c
            if asker is not None:
                with contextlib.suppress(Exception):
                    await asker.send({"type": "hint"})
                with contextlib.suppress(TimeoutError):
                    n0 = len(asker.messages)
                    await asker.wait_for(
                        lambda x: x["type"] in ("hint", "reject"), start=n0, timeout=10
                    )
        elif op == "garbage" and c is not None:
            with contextlib.suppress(Exception):
                await c.send(["{", "[]", '{"type":"x"}', "null"][r % 4])
    # Then the people still seated play on (up to ``play_out`` moves per table), so that
    # hands and matches end with viewers connected.
    rng = random.Random(len(ops))
    for t in made:
        for n in range(play_out):
            r = rng.randrange(100)
            bad = junk[r % len(junk)] if 10 <= r < 25 else None
            if not await _move(t, choose, r, f"end{n}", wait=0.5, hint=r < 10, junk=bad):
                break
            await asyncio.sleep(0.04)  # under the server's 20 messages a second per socket
    await asyncio.sleep(0.3)
    out: list[tuple[str, Seen]] = []
    for t in made:
        everyone = [*t["clients"].values(), *t["spectators"]]
        for c in everyone:
            await c.close()
        seen: Seen = []
        for c in [*everyone, *t["closed"]]:
            for m in c.messages:
                seen.append((c.seat, m, t["sent"].get(m.get("command_id") or "")))
        out.append((t["id"], seen))
    return out


class Oracle(Protocol):
    """A table's game replayed from its log, checking messages as it goes."""

    def deal(self, draws: list[Any]) -> None: ...

    def act(self, action: str) -> None: ...

    def check(self, seat: int | None, msg: dict[str, Any], sent: str | None) -> None: ...


def replay_and_check(
    events: list[Any],
    oracle: Oracle,
    seen: Seen,
    seqless_cards: Callable[[dict[str, Any], str | None], set[str]],
) -> int:
    """Replay the log into ``oracle`` and check each message at its ``seq``; returns how
    many messages were checked. Messages without a seq (acks, pongs, hint counts) may name
    no card at all but those of the action their viewer sent."""
    with_seq = sorted((m["seq"], i) for i, (_s, m, _a) in enumerate(seen) if "seq" in m)
    pos = 0
    for e in events:
        if e.kind == "deal":
            oracle.deal(e.data["draws"])
        elif e.kind == "action":
            oracle.act(e.data["action"])
        while pos < len(with_seq) and with_seq[pos][0] <= e.seq:
            seq, i = with_seq[pos]
            assert seq == e.seq, f"a message names seq {seq}, which is not in the log"
            seat, msg, sent = seen[i]
            oracle.check(seat, msg, sent)
            pos += 1
    assert pos == len(with_seq), "messages name seqs past the end of the log"
    for seat, msg, sent in seen:
        if "seq" not in msg:
            found = seqless_cards(msg, sent)
            assert not found, f"card in a seq-less message to {seat}: {msg}"
    return pos
