"""No log line holds a hidden card: tables are played with every logger at DEBUG, with a bot
that fails with its hand in the exception, a player's illegal plays (the engine's message
names the player's own cards) and chat; afterwards no card string of any dealt hand, and none
of the random numbers a deal was drawn from, appears in any log record."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from test_server_table_safety import THREE, drain, register, run, seated, unregister, until

from paston.games.paston.bots.random_bot import RandomBot
from paston.games.paston.cards import card_name
from paston.server.registry import TableRegistry
from paston.server.retention import load_events

CARD = re.compile(r"(?<![A-Za-z0-9])([789TJQKA][SCDH])(?![A-Za-z0-9])")


class _Blurting(RandomBot):
    """Fails every other decision with its hand in the message (as a buggy bot might)."""

    calls = 0

    def act(self, view: Any) -> int:
        _Blurting.calls += 1
        if _Blurting.calls % 2:
            raise ValueError("cannot decide with " + " ".join(card_name(c) for c in view.hand))
        return super().act(view)


def test_logs_at_debug_hold_no_hidden_card(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    register("blurting", _Blurting)
    caplog.set_level(logging.DEBUG)
    try:

        async def main(registry: TableRegistry) -> list[Any]:
            bots = {
                "deal_pause": 0,
                "first_dealer": 0,
                "grace": 0,
                "stand_in": "blurting",
                "seats": [{"kind": "bot", "bot": "blurting"}] * 2 + [{"kind": "human"}],
                "rules": {"target": 30},
            }
            auto = await registry.create(bots)
            await auto.disconnect(await seated(auto, "gone"))
            people = await registry.create(THREE)
            conns = [await seated(people, n) for n in ("a", "b", "c")]
            await until(lambda: people.in_progress is not None)
            for i in range(40):
                state = people.in_progress
                if state is None:
                    await asyncio.sleep(0.02)
                    continue
                actor = conns[state.to_act]  # type: ignore[index]
                # An illegal card first (its reject names the actor's own cards), then a legal one.
                for action in ("AS", "7H", state.action_str(state.legal_actions()[-1])):
                    await people.handle(
                        actor,
                        {
                            "type": "action",
                            "command_id": f"c{i}-{action}",
                            "expected_seq": people.seq,
                            "action": action,
                        },
                    )
                await people.handle(actor, {"type": "chat", "text": f"move {i}"})
                await people.handle(actor, {"type": "hint"})
                drain(actor)
            await until(lambda: auto.status == "over" or auto.hands_dealt >= 3)
            logs = []
            for table in (auto, people):
                logs.append(await asyncio.to_thread(load_events, registry.store, table.id))
            return logs

        logs = run(tmp_path, main)
    finally:
        unregister("blurting")
    text = "\n".join(
        r.getMessage() + "\n" + (r.exc_text or "") + "\n" + str(r.stack_info or "")
        for r in caplog.records
    )
    assert _Blurting.calls > 2 and "blurting failed" in text  # the failures were logged
    hidden_numbers = []
    for events in logs:
        for e in events:
            text = text.replace(e.table_id, "<id>")
            if e.kind == "deal":
                hidden_numbers.append(",".join(str(x) for x in e.data["draws"]))
    leaked = CARD.findall(text)
    assert not leaked, f"card strings in the logs: {sorted(set(leaked))}"
    for numbers in hidden_numbers:
        assert numbers not in text.replace(" ", ""), "a deal's random numbers are in the logs"
