"""Issue 19 §1: the table size has one control. A flag that follows the seat count (Paskievics's
``players``) is not offered as a lobby flag, a create-table body whose rules contradict its
seats is refused with a precise error, and the stored/served rules always agree with the seats
(records written before, with any ``players``, still load)."""

from __future__ import annotations

import pytest

from paston.core.registry import get_game
from paston.server.errors import BadRequest
from paston.server.games_api import describe_game
from paston.server.settings import TableSettings, parse_settings


def test_games_api_marks_the_seat_flag() -> None:
    flags = {f["name"]: f for f in describe_game(get_game("paskievics"))["flags"]}
    assert flags["players"].get("follows_seats") is True
    assert all(not f.get("follows_seats") for n, f in flags.items() if n != "players")


def test_contradicting_players_is_refused() -> None:
    with pytest.raises(BadRequest) as err:
        parse_settings({"game": "paskievics", "seats": 4, "rules": {"players": 5}})
    msg = str(err.value)
    assert "'rules.players'" in msg and "4 seats" in msg and "5" in msg


@pytest.mark.parametrize("seats", [4, 5])
def test_rules_follow_the_seats(seats: int) -> None:
    s = parse_settings({"game": "paskievics", "seats": seats})
    assert s.rules.players == seats
    assert TableSettings.from_dict(s.to_dict()).rules.players == seats
    # Saying the same as the seats is fine.
    s = parse_settings({"game": "paskievics", "seats": seats, "rules": {"players": seats}})
    assert s.rules.players == seats


def test_old_record_with_contradicting_players_loads_consistent() -> None:
    stored = parse_settings({"game": "paskievics", "seats": 4}).to_dict()
    stored["rules"] = {"players": 5}  # written before the seats decided it
    assert TableSettings.from_dict(stored).rules.players == 4
    assert TableSettings.from_dict(stored).rules_dict().get("players", 4) == 4
