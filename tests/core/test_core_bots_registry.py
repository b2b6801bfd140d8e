"""Bots by (game, name): registration, lookup, listing, errors, and ``cmd:`` bots for any game."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from core_toy import ToyState, ToyView

from paston.bots import Bot
from paston.bots.external import ExternalBot, ExternalBotError
from paston.bots.registry import (
    BOT_NAMES,
    BotSpecError,
    _registered_for_tests,
    bot_descriptions,
    bot_info,
    bot_names,
    make_bot,
    register_bot,
)
from paston.games.paston.shuffle import deal_cards
from paston.games.paston.view import SeatView


class FirstLegal(Bot[ToyView]):
    name = "first"

    def __init__(self, seed: int | None = None, bias: int = 0) -> None:
        self.seed = seed
        self.bias = bias

    def act(self, view: ToyView) -> int:
        return view.legal[min(self.bias, len(view.legal) - 1)]


@pytest.fixture
def toy_bots() -> Any:
    register_bot("first", FirstLegal, game="toy", description="the first legal action")
    register_bot("hidden", FirstLegal, game="toy", offered=False, description="not offered")
    yield
    registry = _registered_for_tests("toy")
    registry.pop("first", None)
    registry.pop("hidden", None)


def test_paston_bots_load_themselves_in_their_order() -> None:
    names = bot_names()
    # The strength levels first (the names players pick from), then the bots themselves.
    assert names[:8] == ["beginner", "casual", "strong", "expert",
                         "random", "heuristic", "pimc", "wpimc"]  # fmt: skip
    assert "oracle" not in names and bot_info("oracle").offered is False
    assert names == BOT_NAMES == bot_names("paston")
    descriptions = bot_descriptions("paston")
    assert set(descriptions) == set(names) and all(descriptions.values())


def test_a_bot_of_another_game_is_made_by_game_and_name(toy_bots: None) -> None:
    bot = make_bot("first:bias=1", seed=5, game="toy")
    assert isinstance(bot, FirstLegal) and bot.seed == 5 and bot.bias == 1
    assert bot_names("toy") == ["first"]
    assert bot_descriptions("toy") == {"first": "the first legal action"}
    assert bot_info("hidden", game="toy").offered is False
    # The games do not share names: Paston has no "first", the toy game no "heuristic".
    with pytest.raises(BotSpecError, match=r"unknown bot 'first'; choose one of: .*heuristic"):
        make_bot("first")
    with pytest.raises(BotSpecError, match=r"unknown bot 'heuristic' for toy; choose one of: "
                       r"first, hidden, or cmd:COMMAND"):  # fmt: skip
        make_bot("heuristic", game="toy")


def test_bad_specs_are_bot_spec_errors(toy_bots: None) -> None:
    with pytest.raises(BotSpecError, match="key=value"):
        make_bot("first:bias", game="toy")
    with pytest.raises(BotSpecError, match="bad options for bot 'first'"):
        make_bot("first:speed=3", game="toy")
    with pytest.raises(BotSpecError, match="needs a command line"):
        make_bot("cmd:", game="toy")
    with pytest.raises(BotSpecError, match="a bot name must be a word"):
        register_bot("a:b", FirstLegal, game="toy")


def test_a_game_without_bots_offers_only_cmd() -> None:
    assert bot_names("nosuchgame") == []
    with pytest.raises(BotSpecError, match=r"choose one of: cmd:COMMAND"):
        make_bot("random", game="nosuchgame")


def test_paston_bots_keep_their_view_type() -> None:
    bot = make_bot("heuristic", seed=1)
    deal = deal_cards(seed=3, dealer=0)
    assert deal.to_act is not None
    view = deal.view(deal.to_act)
    assert isinstance(view, SeatView) and bot.act(view) in view.legal


def _script(tmp_path: Path, body: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text("import json, sys\n" + body, encoding="utf-8")
    return f"cmd:{sys.executable} {path}"


LAST_LEGAL = (
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'hello':\n"
    "        print(json.dumps(m), file=sys.stderr, flush=True)\n"
    "    if m['type'] == 'act':\n"
    "        print(json.dumps({'action': m['legal'][-1]}), flush=True)\n"
)


def test_external_bot_plays_another_game(tmp_path: Path) -> None:
    bot = make_bot(_script(tmp_path, LAST_LEGAL), seed=9, game="toy")
    assert isinstance(bot, ExternalBot) and bot.game == "toy"
    state = ToyState(3, [11, 22, 33])
    try:
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bot.act(state.view(seat))
            assert action == 1  # "two", the last legal action
            state.apply(action)
    finally:
        bot.close()
    assert state.counter == 8 and state.loser == 0


def test_external_bot_answer_outside_the_legal_list(tmp_path: Path) -> None:
    body = "for line in sys.stdin:\n    print(json.dumps({'action': 'three'}), flush=True)\n"
    bot = make_bot(_script(tmp_path, body), game="toy")
    try:
        with pytest.raises(ExternalBotError, match=r"sent 'three'.*not legal now; legal: one, two"):
            bot.act(ToyState(2, [1, 2]).view(0))
    finally:
        bot.close()


class _NoLegalInJson(ToyView):
    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        del data["legal"]
        return data


def test_external_bot_needs_the_views_legal_strings(tmp_path: Path) -> None:
    bot = make_bot(_script(tmp_path, LAST_LEGAL), game="toy")
    view = _NoLegalInJson(0, (0, 1), 0, 5, 0)
    try:
        with pytest.raises(ExternalBotError, match="does not list its legal actions"):
            bot.act(view)
    finally:
        bot.close()


def test_external_paston_bot_still_accepts_any_spelling(tmp_path: Path) -> None:
    # Paston's parser is state-free: a lower-case card is the same action as the canonical one.
    body = (
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        print(json.dumps({'action': m['legal'][0].lower()}), flush=True)\n"
    )
    bot = make_bot(_script(tmp_path, body))
    deal = deal_cards(seed=3, dealer=0)
    assert deal.to_act is not None
    view = deal.view(deal.to_act)
    try:
        assert bot.act(view) == view.legal[0]
    finally:
        bot.close()


def test_a_light_bot_by_name_does_not_import_the_heavy_ones() -> None:
    code = (
        "import sys\n"
        "from paston.bots import make_bot\n"
        "make_bot('random')\n"
        "print('paston.games.paston.bots.pimc' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "False"


def test_the_documented_python_bot_runs_as_written() -> None:
    text = (Path(__file__).parents[2] / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    block = re.search(r"## 1\. Python bots\n\n```python\n(.*?)```", text, re.S)
    assert block is not None
    try:
        exec(compile(block.group(1), "bot-protocol.md", "exec"), {})
        bot = make_bot("first")
        deal = deal_cards(seed=3, dealer=0)
        assert deal.to_act is not None
        view = deal.view(deal.to_act)
        assert bot.act(view) == view.legal[0] and "first" in bot_names()
        assert bot_descriptions()["first"] == "the first legal action"
    finally:
        _registered_for_tests("paston").pop("first", None)
    assert "first" not in bot_names()
