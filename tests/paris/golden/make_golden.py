"""Write the golden Paris records of this directory and their expected replay objects.

Run from the repository root: ``.venv/bin/python tests/paris/golden/make_golden.py``. Each
game is a seeded deal (paris.md §3.3) played by a fixed simple policy: one swap of the highest
hand card for the lowest face-up card when that improves the table, then the lowest legal
play, else pick-up, else the first blind slot. The expected files were checked by hand at the
points listed in ``test_golden.py``; regenerate only after a deliberate change of the rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from paston.games.paris.actions import READY, SWAP_BASE
from paston.games.paris.record import game_record, position_record, replay
from paston.games.paris.rules import ParisRules
from paston.games.paris.shuffle import deal_game
from paston.games.paris.state import ParisState
from paston.games.paris.table_views import default_action

HERE = Path(__file__).parent

GAMES: list[tuple[str, int, int, int, dict[str, Any], int | None]] = [
    # name, players, seed, dealer, rules, actions to keep (None: to the end)
    ("two_players", 2, 7, 1, {}, None),
    ("four_players", 4, 7, 3, {}, None),
    ("nine_players", 9, 9, 4, {}, None),
    (
        "flags",
        5,
        18,
        3,
        {
            "start_rule": "most_lowest",
            "starter_plays_all_lowest": True,
            "ten_grants_extra_turn": False,
            "voluntary_pickup": True,
            "play_faceup_with_last_hand": True,
        },
        None,
    ),
    ("turn_limit", 4, 5, 3, {"max_turns": 60}, None),
    ("in_progress", 3, 3, 0, {}, 40),
]


def policy(state: ParisState) -> int:
    if state.phase == "swap":
        seat = state.to_act
        assert seat is not None
        if state.swaps_made(seat) == 0:
            hand, up = state.hand(seat), state.face_up(seat)
            # A 10 (rank 7) or a 2 (rank 12) is worth keeping face up; otherwise higher is better.
            if hand and up and hand[-1] >> 2 > up[0] >> 2:
                return SWAP_BASE + hand[-1] * 52 + up[0]
        return READY
    return default_action(state)


def main() -> None:
    for name, players, seed, dealer, rules, keep in GAMES:
        state = deal_game(players, seed=seed, dealer=dealer, rules=ParisRules.from_dict(rules))
        while not state.is_over and (keep is None or len(state.history) < keep):
            state.apply(policy(state))
        record = game_record(state, {"event": f"golden {name}", "bots": ["golden"] * players})
        write(name, record)
    # A position taken from the middle of a game, with a few actions from it.
    state = deal_game(3, seed=21, dealer=2)
    while state.phase != "play" or state.opening or len(state.history) < 50:
        state.apply(policy(state))
    record = position_record(state)
    follow = state.copy()
    for _ in range(12):
        follow.apply(policy(follow))
    record["actions"] = [follow.action_str(a) for a in follow.history[len(state.history) :]]
    write("position", record)


def write(name: str, record: dict[str, Any]) -> None:
    (HERE / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    expected = replay(record)
    (HERE / f"{name}.expected.json").write_text(
        json.dumps(expected, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
