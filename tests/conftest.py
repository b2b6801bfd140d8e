"""Root of the test tree. With pytest's default (prepend) import mode, loading this file puts
``tests/`` on the import path, so helpers shared by several test folders (such as
``play_session``) can live here and be imported by name from any of them. Its hooks print the
first failure of every test that passed only on its rerun."""

from typing import Any

#: The first failure of each test that passed on its rerun (``--reruns``), shown in the
#: summary: a rerun hides a test that depends on the machine's speed, and without its first
#: failure nobody can tell why it failed.
_RERUN_FAILURES: list[tuple[str, str]] = []


def pytest_runtest_logreport(report: Any) -> None:
    if getattr(report, "outcome", None) == "rerun":
        text = str(getattr(report, "longreprtext", "") or report.longrepr or "")
        _RERUN_FAILURES.append((report.nodeid, "\n".join(text.splitlines()[-40:])))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _RERUN_FAILURES:
        return
    terminalreporter.section("first failures of rerun tests")
    for nodeid, text in _RERUN_FAILURES:
        terminalreporter.write_line(f"--- {nodeid}")
        terminalreporter.write_line(text)
