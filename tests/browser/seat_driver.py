"""Seats played straight over the WebSocket beside a browser page (the claims and leave
tests): each keeps the messages it got and its latest state; :func:`drive` makes whoever is
to act move until a wanted moment."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

from pw_helpers import Server
from websockets.sync.client import ClientConnection, connect


class Seat:
    """One seat's socket (the seat's token), read without blocking."""

    def __init__(self, server: Server, table_id: str, token: str) -> None:
        url = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}?token={token}"
        self._exit = contextlib.ExitStack()
        self.ws: ClientConnection = self._exit.enter_context(connect(url, max_size=2**22))
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.n = 0

    @property
    def seat(self) -> int | None:
        return self.state["you"]["seat"] if self.state else None

    def pump(self, timeout: float = 0.02) -> None:
        """Read what has come (waiting at most ``timeout`` for the first message)."""
        while True:
            try:
                raw = self.ws.recv(timeout=timeout)
            except TimeoutError:
                return
            msg = json.loads(raw)
            self.messages.append(msg)
            if msg.get("type") == "state":
                self.state = msg
            timeout = 0

    def my_turn(self) -> bool:
        v = self.state["view"] if self.state else None
        return bool(v and v["to_act"] == self.seat and v["legal"] and not self.state["deal_over"])

    def in_play(self) -> bool:
        """This seat is to act in the card play (it may claim)."""
        return self.my_turn() and bool(self.state and self.state["offers"]["claim_max"])

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send(json.dumps(msg))

    def act(self, action: str) -> None:
        assert self.state is not None
        self.n += 1
        seq = self.state["seq"]
        cid = f"drv-{self.seat}-{self.n}"
        self.send({"type": "action", "command_id": cid, "expected_seq": seq, "action": action})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            self.pump(0.05)
            if any(m.get("command_id") == cid for m in self.messages):
                break
        while time.monotonic() < deadline and self.state["seq"] <= seq:
            self.pump(0.05)

    def wait_for(self, pred: Callable[[dict[str, Any]], bool], start: int = 0) -> dict[str, Any]:
        deadline = time.monotonic() + 90  # a hang guard
        while time.monotonic() < deadline:
            for m in self.messages[start:]:
                if pred(m):
                    return m
            self.pump(0.1)
        raise AssertionError(f"no such message; last: {self.messages[-3:]}")

    def close(self) -> None:
        self._exit.close()


def drive(seats: list[Seat], done: Callable[[], bool], seed: int = 1, limit: float = 90) -> None:
    """Whoever is to act moves (mostly "pass" outside the card play, so that cards get played
    soon) until ``done()``."""
    rng = random.Random(seed)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for s in seats:
            s.pump()
        if done():
            return
        mover = next((s for s in seats if s.my_turn()), None)
        if mover is None:
            time.sleep(0.05)
            continue
        assert mover.state is not None
        legal = mover.state["view"]["legal"]
        mover.act("pass" if "pass" in legal and rng.random() < 0.8 else rng.choice(legal))
        time.sleep(0.03)  # under the server's 20 messages a second
    raise AssertionError("the wanted moment never came")
