"""Listing the games (``GET /api/games``) imports no bot implementation.

A fresh server's first listing took seconds once the strength levels came in: the listing
imported every bot module, and the search bots' solvers load numba. The check runs in a fresh
interpreter and looks at ``sys.modules`` (no timing, so it holds on a loaded machine).
"""

from __future__ import annotations

import json
import subprocess
import sys

from paston.core.registry import games
from paston.server.bot_specs import check_bot_spec, listed_bots
from paston.server.games_api import describe_games

#: Modules a listing must not import: the solvers (numba) and the bots that search with them.
HEAVY = (
    "numba",
    "paston.games.paston.solver",
    "paston.games.paston.bots.pimc",
    "paston.games.paston.bots.search",
    "paston.games.paskievics.solver",
    "paston.games.paskievics.bots.pimc",
    "paston.games.paris.bots.dpimc",
)

_PROBE = """
import json, sys
from paston.server.games_api import describe_games
listed = describe_games()
heavy = json.loads(sys.argv[1])
print(json.dumps({
    "imported": sorted(m for m in heavy if m in sys.modules),
    "games": [[g["name"], [b["name"] for b in g["bots"]]] for g in listed],
}))
"""


def test_listing_the_games_imports_no_bot_implementation() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(HEAVY)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["imported"] == []
    # The same listing as in this process, where the bots may well be loaded already.
    here = [[g["name"], [b["name"] for b in g["bots"]]] for g in describe_games()]
    assert out["games"] == here
    for name, bots in out["games"]:
        assert bots[:4] == ["beginner", "casual", "strong", "expert"], name


def test_every_listed_bot_is_accepted_for_a_table() -> None:
    for info in games():
        listed = listed_bots(info)
        assert listed, info.name
        for name, bot in listed.items():
            assert bot.description, (info.name, name)
            assert check_bot_spec(info, name, "bot") == name
