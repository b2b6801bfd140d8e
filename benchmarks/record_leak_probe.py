"""Leak probe: can a stranger download a hand in progress? (issue 17 §1, as an attacker would)

Starts `paston serve` on 127.0.0.1 (a fresh SQLite file) and, for each game, creates
``--tables`` new tables (one person who joins and goes away, so a stand-in plays at once, and
bots elsewhere, at the ``fast`` pace with a short pause between hands). From the moment each
table is created a client with no token and no account asks for ``/record``
over and over for ``--seconds``. Each answer is loaded with the game's own record reader; an
answer whose match holds a hand that is not over is a leak (the finished hands' record never
holds one). Counted per table: a table leaks if any answer about it did.

The last line is one JSON object: per game, tables probed, tables that leaked, answers read.

    .venv/bin/python benchmarks/record_leak_probe.py [--tables 6] [--seconds 20]

Run it against an older checkout with ``--src OLD/src`` (that tree's server is started).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

BOT = {"kind": "bot", "bot": "random"}
TABLES: dict[str, dict[str, Any]] = {
    "paston": {"seats": [{"kind": "human"}, BOT, BOT], "rules": {"target": 1000}},
    "paris": {"seats": [{"kind": "human"}, BOT, BOT], "match_options": {"games": 3}},
    "paskievics": {"seats": [{"kind": "human"}, BOT, BOT, BOT]},
}


#: What a stranger downloads (``/replay`` and ``/analysis`` serve the same record).
PATHS = ("record",)
#: Requests in flight for each table at once (the window after a deal lasts one commit).
POLLERS = 4


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def holds_hand_in_progress(record: dict[str, Any]) -> bool:
    """Whether ``record`` (any game's match record) holds a hand that is not over."""
    from paston.core.registry import game_for_record

    if record.get("format") == "paris-session/1" and record.get("games"):
        record = record["games"][-1]  # a session's games are paris-game/1 records
    try:
        loaded = game_for_record(record).load_record(record)
    except Exception:  # a record this reader refuses is no leak of a live hand
        return False
    current = getattr(loaded, "current", loaded)
    if current is None:
        return False
    return not bool(current.is_over)


async def probe_table(
    client: httpx.AsyncClient, table: str, seconds: float, counts: dict[str, int]
) -> bool:
    leaked = False
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for path in PATHS:
            try:
                answer = await client.get(f"/api/tables/{table}/{path}")
            except httpx.TransportError:  # an older server drops the connection after a 500
                counts["errors"] += 1
                continue
            if answer.status_code != 200:
                counts["errors"] += answer.status_code >= 500
                continue
            body = answer.json()
            record = body if path == "record" else body.get("record")
            if isinstance(record, dict):
                counts["answers"] += 1
                leaked = leaked or holds_hand_in_progress(record)
    return leaked


async def run(url: str, tables: int, seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        for game, body in TABLES.items():
            counts = {"answers": 0, "errors": 0}
            probes = []
            for k in range(tables):
                # Each table from its own address (127.0.0.1 is a trusted proxy): within quotas.
                who = {"X-Forwarded-For": f"198.51.100.{10 * len(out) + k + 1}"}
                created = await client.post(
                    "/api/tables",
                    json={
                        "game": game,
                        **body,
                        "pace": "fast",
                        "deal_pause": 0.5,
                        "stand_in": "random",
                        "grace": 0,
                        "public": False,
                    },
                    headers=who,
                )
                created.raise_for_status()
                table = created.json()["id"]
                await client.post(
                    f"/api/tables/{table}/join", json={"nickname": "away"}, headers=who
                )
                probes += [
                    asyncio.create_task(probe_table(client, table, seconds, counts))
                    for _ in range(POLLERS)
                ]
            answers = await asyncio.gather(*probes)
            leaks = [any(answers[i : i + POLLERS]) for i in range(0, len(answers), POLLERS)]
            out[game] = {"tables": tables, "leaked": sum(leaks), **counts}
            print(
                f"{game}: {sum(leaks)} of {tables} tables leaked a hand in progress "
                f"({counts['answers']} answers read, {counts['errors']} server errors)",
                flush=True,
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=6, help="new tables per game")
    parser.add_argument("--seconds", type=float, default=20.0, help="probing per table")
    parser.add_argument("--src", default=None, help="the src folder of the server to start")
    args = parser.parse_args()
    port = _free_port()
    env = {**os.environ, "PASTON_TRUSTED_PROXIES": "127.0.0.1"}
    if args.src:
        env["PYTHONPATH"] = str(Path(args.src).resolve())
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "paston", "serve", "--port", str(port),
             "--db", f"sqlite:///{tmp}/probe.sqlite"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit("the server did not start")
                time.sleep(0.2)
            result = asyncio.run(run(url, args.tables, args.seconds))
        finally:
            server.terminate()
            server.wait(30)
    print(json.dumps({"src": args.src or "this checkout", **result}))


if __name__ == "__main__":
    main()
