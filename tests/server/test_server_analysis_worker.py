"""The analysis endpoint's worker process dies with its server.

Regression: a server killed with SIGKILL (or crashing) left its spawned analysis worker
running for ever, reparented to init (a CI run left two dozen of them behind)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

PARENT = """
import os, sys, time
from paston.server.analysis_api import AnalysisService
service = AnalysisService()
print(service.pool().submit(os.getpid).result(timeout=60), flush=True)
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_the_worker_exits_when_its_server_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        assert worker != parent.pid and _alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 60  # a guard against a hang (it checks every second)
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(worker), "the analysis worker outlived its server"
    finally:
        parent.kill()
        if "worker" in locals() and _alive(worker):
            os.kill(worker, signal.SIGKILL)
