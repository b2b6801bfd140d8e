"""Property: no message to any viewer holds a card that viewer may not know.

Random sessions (legal and illegal commands, stale commands, reconnects, players leaving so
stand-ins play, spectators, chat, hints, garbage, several tables) run against a real server.
Afterwards the event log is replayed and every message is checked against the state of the
table at the message's ``seq``: a seat may see its own hand as dealt and as it is, the prikup
and discards only as declarer, cards played, hands lying open (open lone whist), and
everything once the deal is over. Spectators see no hand at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Client, ThreadServer, my_turn, new_table

from paston.games.paston.cards import cards_of, parse_card
from paston.games.paston.match import Game
from paston.games.paston.rules import Rules
from paston.server.hand_rng import ReplayRandom
from paston.server.store import EventStore

CARD = re.compile(r"(?<![A-Za-z0-9])([789TJQKA][SCDH])(?![A-Za-z0-9])")
SKIP_KEYS = {"id", "link", "name", "nickname", "from", "text", "command_id", "token"}
ALL = set(range(32))
JUNK_ACTIONS = [
    "AS",
    "7H",
    "KD",
    "TC",
    "pass",
    "grkha",
    "whist",
    "surrender",
    "declare grkha",
    "discard AS KS",
    "discard 7H 8H",
    "paston",
    "QQ",
    "",
]


def cards_in(obj: Any, key: str | None = None) -> set[int]:
    if key in SKIP_KEYS:
        return set()
    if isinstance(obj, str):
        # The engine's parse error gives an example card ("a card such as QH"): not knowledge.
        obj = obj.replace("a card such as QH", "a card")
        return {parse_card(m) for m in CARD.findall(obj)}
    if isinstance(obj, dict):
        out: set[int] = set()
        for k, v in obj.items():
            out |= cards_in(v, k)
        return out
    if isinstance(obj, list):
        out = set()
        for v in obj:
            out |= cards_in(v, key)
        return out
    return set()


def allowed(game: Game, seat: int | None) -> set[int]:
    if not game.deals:
        return set()
    d = game.deals[-1]
    if d.is_over:
        return ALL
    ok = set(cards_of(d.played)) | set(d.trick)
    if len(d.whisters) == 1 and d.n_active == 3:
        for s in range(3):
            if s != d.declarer:
                ok |= set(cards_of(d.hands[s]))
    if seat is not None:
        ok |= set(cards_of(d.dealt[seat])) | set(cards_of(d.hands[seat]))
        if d.declarer == seat:
            ok |= set(cards_of(d.prikup)) | set(cards_of(d.discards))
    return ok


def check_table(events: list[Any], rules: Rules, first_dealer: int, seen: list[Any]) -> int:
    """Replay the log and check each (seat, message, sent action) against it."""
    game = Game(rules, first_dealer=first_dealer)
    with_seq = sorted((m["seq"], i) for i, (_s, m, _a) in enumerate(seen) if "seq" in m)
    pos = 0
    checked = 0

    def check(seat: int | None, msg: dict[str, Any], sent: str | None) -> None:
        found = cards_in(msg)
        if sent:
            found -= cards_in(sent)  # a rejection may echo what the client itself sent
        bad = found - allowed(game, seat)
        assert not bad, f"leak to seat {seat}: {sorted(bad)} in {json.dumps(msg)[:600]}"
        if seat is None and msg["type"] == "state" and msg["view"] is not None:
            assert msg["view"]["hand"] is None and msg["view"]["prikup"] is None

    for e in events:
        if e.kind == "deal":
            # The log holds the random numbers the deal was drawn from: deal them again.
            game.next_state(ReplayRandom(e.data["draws"]))
        elif e.kind == "action":
            assert game.current is not None
            game.current.apply(e.data["action"])
        while pos < len(with_seq) and with_seq[pos][0] <= e.seq:
            seq, i = with_seq[pos]
            assert seq == e.seq, f"a message names seq {seq}, which is not in the log"
            seat, msg, sent = seen[i]
            check(seat, msg, sent)
            checked += 1
            pos += 1
    assert pos == len(with_seq), "messages name seqs past the end of the log"
    # Messages without a seq (acks, rejections, pongs) must name no card of anybody's.
    for seat, msg, sent in seen:
        if "seq" not in msg:
            found = cards_in(msg) - (cards_in(sent) if sent else set())
            assert not found, f"card in a seq-less message to {seat}: {msg}"
    return checked


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
    "garbage",
]

table_spec = st.fixed_dictionaries(
    {
        "humans": st.lists(st.booleans(), min_size=3, max_size=3).filter(any),
        "lone": st.sampled_from(["two_handed", "whister_plays_both_open"]),
        "jump": st.booleans(),
        "grace": st.sampled_from([0, 60]),
    }
)
plan = st.tuples(
    st.lists(table_spec, min_size=1, max_size=2),
    st.lists(
        st.tuples(st.sampled_from(OPS), st.integers(0, 1), st.integers(0, 2), st.integers(0, 99)),
        min_size=5,
        max_size=40,
    ),
)


async def session(server: ThreadServer, tables: list[dict[str, Any]], ops: list[Any]) -> Any:
    made = []
    for spec in tables:
        body = {
            "seats": [{"kind": "human"} if h else {"kind": "bot"} for h in spec["humans"]],
            "rules": {
                "lone_whist_mode": spec["lone"],
                "allow_jump_bids": spec["jump"],
                "target": 25,
            },
            "grace": spec["grace"],
            "deal_pause": 0,
            "first_dealer": 0,
        }
        names = [f"p{i}" for i, h in enumerate(spec["humans"]) if h]
        tid, seats = await new_table(server.url, body, names)
        clients = {s: await Client.connect(server.ws, tid, t, s) for s, t in seats}
        made.append(
            {
                "id": tid,
                "rules": body["rules"],
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
            for _ in range(30):
                movers = [x for x in t["clients"].values() if my_turn(x)]
                if movers:
                    break
                await asyncio.sleep(0.01)
            if movers:
                m = movers[r % len(movers)]
                legal = m.state["view"]["legal"]  # type: ignore[index]
                action = legal[r % len(legal)]
                t["sent"][cid] = action
                with contextlib.suppress(Exception):
                    await m.send(
                        {
                            "type": "action",
                            "command_id": cid,
                            "expected_seq": m.state["seq"],
                            "action": action,
                        }
                    )  # type: ignore[index]
                with contextlib.suppress(TimeoutError):
                    await m.wait_for(lambda x, cid=cid: x.get("command_id") == cid, timeout=3)
        elif op in ("illegal", "stale") and c is not None and c.state is not None:
            action = JUNK_ACTIONS[r % len(JUNK_ACTIONS)]
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
        elif op == "hint" and c is not None:
            with contextlib.suppress(Exception):
                await c.send({"type": "hint"})
        elif op == "garbage" and c is not None:
            with contextlib.suppress(Exception):
                await c.send(["{", "[]", '{"type":"x"}', "null"][r % 4])
    await asyncio.sleep(0.3)
    out = []
    for t in made:
        everyone = [*t["clients"].values(), *t["spectators"]]
        for c in everyone:
            await c.close()
        seen = []
        for c in [*everyone, *t["closed"]]:
            for m in c.messages:
                seen.append((c.seat, m, t["sent"].get(m.get("command_id") or "")))
        out.append((t["id"], t["rules"], seen))
    return out


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(plan=plan)
def test_no_viewer_sees_a_card_it_may_not_know(thread_server: ThreadServer, plan: Any) -> None:
    tables, ops = plan
    # A guard against a hang only (a busy machine answers each op late, not wrongly).
    results = asyncio.run(asyncio.wait_for(session(thread_server, tables, ops), 300))
    store = EventStore(thread_server.db_url)
    try:
        logs = {s.row.id: s for s in store.load()}
    finally:
        store.close()
    for tid, rules, seen in results:
        stored = logs[tid]
        checked = check_table(
            stored.events, Rules.from_dict(rules), stored.row.settings["first_dealer"], seen
        )
        assert checked > 0
