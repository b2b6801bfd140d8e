"""Tables logged before the game protocol still load: settings without ``game`` are Paston's,
and ``deal`` events holding the cards (not the random numbers drawn) are dealt from them."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from paston.games.paston.cards import card_name, cards_of
from paston.games.paston.shuffle import deal_cards
from paston.server.pace import PACES
from paston.server.registry import TableRegistry
from paston.server.store import EventRow, EventStore, TableRow
from paston.server.table import hash_token

OLD_SETTINGS = {
    "name": "Old table",
    "public": True,
    "rules": {"target": 60},
    "seats": [
        {"kind": "human", "bot": None},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"},
    ],
    "hints": True,
    "hint_bot": "pimc",
    "stand_in": "heuristic",
    "move_timer": None,
    "grace": 60.0,
    "deal_pause": 0.0,
    "first_dealer": 1,
}


def _old_log(db: str) -> tuple[str, list[list[str]], list[str]]:
    deal = None
    for seed in range(100):  # a deal that is not a redeal, with a legal first action
        deal = deal_cards(seed=seed, dealer=1, first_deal=True)
        if not deal.is_over:
            break
    assert deal is not None
    hands = [[card_name(c) for c in cards_of(h)] for h in deal.dealt]
    prikup = [card_name(c) for c in cards_of(deal.prikup)]
    actions = []
    for _ in range(2):
        a = deal.legal_actions()[0]
        actions.append(deal.action_str(a))
        deal.apply(a)
    tid = "oldTable"
    events = [
        EventRow(tid, 1, "created", {"settings": OLD_SETTINGS}),
        EventRow(tid, 2, "joined", {"seat": 0, "nickname": "ani", "token_hash": hash_token("t")}),
        EventRow(
            tid,
            3,
            "deal",
            {"number": 1, "dealer": 1, "first_deal": True, "hands": hands, "prikup": prikup},
        ),
    ]
    seats = [deal.actor(i) for i in range(2)]
    for i, (seat, action) in enumerate(zip(seats, actions, strict=True)):
        data = {"seat": seat, "action": action, "command_id": None, "by": "bot"}
        events.append(EventRow(tid, 4 + i, "action", data))

    async def write() -> None:
        store = EventStore(db)
        store.start()
        await store.append(events, table=TableRow(tid, time.time(), True, OLD_SETTINGS))
        store.close()

    asyncio.run(write())
    return tid, hands, actions


def test_a_table_logged_before_the_protocol_loads_and_plays_on(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'old.sqlite'}"
    tid, hands, actions = _old_log(db)

    async def first_start() -> dict[str, Any]:
        registry = TableRegistry(EventStore(db), default_deal_pause=0)
        await registry.start()
        try:
            table = registry.get(tid)
            assert table is not None and table.settings.game == "paston"
            assert table.settings.rules.target == 60
            assert table.state is not None and table.actions_applied == 2
            assert table.state.view(0).to_json()["dealt_hand"] == hands[0]
            assert [a for _s, a in table.state.view(0).to_json()["history"]] == actions
            # The absent player's stand-in plays the deal out and the next deal is dealt, unless
            # that deal already ended the game (one deal can score past this log's target of 60).
            table.pace = PACES["instant"]  # logged before paces: "fast"; no need to watch it
            for s in table.seats:
                s.away_since = 0.0  # the grace period is long over
            table.wake.set()
            deadline = time.monotonic() + 60  # a guard against a hang only
            while table.hands_dealt < 2 and not table.match.over and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            assert table.hands_dealt >= 2 or table.match.over
            async with table.lock:
                return {"seq": table.seq, "record": table.record(), "sheet": list(table.sheet)}
        finally:
            await registry.stop()

    before = asyncio.run(first_start())

    async def second_start() -> None:
        registry = TableRegistry(EventStore(db), default_deal_pause=0)
        await registry.start()
        try:
            table = registry.get(tid)
            assert table is not None
            assert table.seq >= before["seq"]
            old_deals = before["record"]["deals"]
            assert table.record()["deals"][: len(old_deals)] == old_deals
            assert table.sheet[: len(before["sheet"])] == before["sheet"]
        finally:
            await registry.stop()

    asyncio.run(second_start())
