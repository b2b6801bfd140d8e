"""The Paskievics solver's warm-up: its recursive search, which numba cannot cache on disk,
compiled ahead of a bot's first card decision (``PlayHooks.warm_up``, ``paston.bots.warm``).

Each check runs in a fresh interpreter: in this one another test may have compiled the
search already, and then the checks could not fail.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.xdist_group("numba")


def _fresh(code: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=True
    )
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_the_game_hook_compiles_the_search_in_this_process() -> None:
    result = _fresh(
        "import json\n"
        "from paston.games.paskievics.solver import core\n"
        "from paston.bots.warm import warm_up\n"
        "before = len(core.search.signatures)\n"
        "spent = warm_up(['paskievics', 'paston', 'paris'])\n"
        "print(json.dumps({'before': before, 'after': len(core.search.signatures), "
        "'spent': spent}))\n"
    )
    assert result["before"] == 0
    assert isinstance(result["after"], int) and result["after"] >= 1
    spent = result["spent"]
    assert isinstance(spent, dict) and set(spent) == {"paskievics"}  # the others need none


def test_a_search_bot_starts_the_compile_when_it_is_made() -> None:
    result = _fresh(
        "import json\n"
        "from paston.bots import make_bot\n"
        "from paston.games.paskievics.solver import api, core\n"
        "before = len(core.search.signatures)\n"
        "heuristic = make_bot('pimc:cards=heuristic', game='paskievics')\n"
        "started_by_heuristic_cards = api._WARMING is not None\n"
        "bot = make_bot('expert', seed=1, game='paskievics')\n"
        "api._WARMING.join(600)\n"
        "after = len(core.search.signatures)\n"
        "# A whole deal of the bot's decisions compiles nothing more: the warm-up covered it.\n"
        "import random\n"
        "from paston.core.registry import get_game\n"
        "info = get_game('paskievics')\n"
        "match = info.new_match(4, info.parse_rules({}), 0)\n"
        "state = match.next_state(random.Random(3))\n"
        "plays = 0\n"
        "while not state.is_over:\n"
        "    plays += state.phase == 'play'\n"
        "    state.apply(bot.act(state.view(state.to_act)))\n"
        "print(json.dumps({'before': before, 'by_heuristic': started_by_heuristic_cards, "
        "'after': after, 'plays': plays, 'after_a_deal': len(core.search.signatures)}))\n"
    )
    assert result["before"] == 0 and result["by_heuristic"] is False
    assert isinstance(result["after"], int) and result["after"] >= 1
    assert isinstance(result["plays"], int) and result["plays"] > 0
    assert result["after_a_deal"] == result["after"]


def test_a_failing_warm_up_is_logged_and_skipped(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from dataclasses import replace

    from paston.bots import warm
    from paston.core.registry import get_game

    info = get_game("paskievics")

    def broken() -> None:
        raise RuntimeError("no compiler here")

    class Broken:
        name = info.name
        play = replace(info.play, warm_up=broken)

        def offers(self, group: str) -> bool:
            return group == "play"

    monkeypatch.setattr(warm, "get_game", lambda name: Broken())
    with caplog.at_level("ERROR"):
        assert warm.warm_up(["paskievics"]) == {}
    assert "warming up the bots of paskievics failed" in caplog.text
