"""How long a fresh server's first ``GET /api/games`` takes, and what it imports.

Run it in a fresh interpreter each time (the point is the first call)::

    .venv/bin/python benchmarks/first_games_call.py

The final line is JSON: seconds to import and create the app, to start serving, for the first
listing, and which heavy modules (numba, the solvers) were imported by then.
"""

from __future__ import annotations

import json
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HEAVY = ("numba", "paston.games.paston.solver", "paston.games.paskievics.solver")


def main() -> None:
    started = time.perf_counter()
    import uvicorn

    from paston.server.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{Path(tmp) / 'p.sqlite'}", test_pace=True)
        created = time.perf_counter()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.01)
        serving = time.perf_counter()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=60) as reply:
            reply.read()
        listed = time.perf_counter()
        server.should_exit = True
        thread.join(10)
    print(
        json.dumps(
            {
                "import_and_create_s": round(created - started, 3),
                "start_s": round(serving - created, 3),
                "first_games_s": round(listed - serving, 3),
                "heavy_imported": [m for m in HEAVY if m in sys.modules],
            }
        )
    )


if __name__ == "__main__":
    main()
