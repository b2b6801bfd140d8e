"""Bots by (game, name): registration, lookup, listing, errors, and ``cmd:`` bots for any game."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from core_toy import GAME as TOY
from core_toy import ToyState, ToyView

from paston.bots import Bot
from paston.bots.external import ExternalBot, ExternalBotError
from paston.bots.levels import LEVELS, MistakeBot, level_spec
from paston.bots.registry import (
    BOT_NAMES,
    BotSpecError,
    _registered_for_tests,
    bot_descriptions,
    bot_info,
    bot_names,
    lazy_factory,
    make_bot,
    register_bot,
)
from paston.core.hooks import HookSource
from paston.core.hooks.play import BotInfo, Level, PlayHooks
from paston.core.registry import default_game, register_game, unregister_game
from paston.games.paston.shuffle import deal_cards
from paston.games.paston.view import SeatView


class FirstLegal(Bot[ToyView]):
    name = "first"

    def __init__(self, seed: int | None = None, bias: int = 0) -> None:
        self.seed = seed
        self.bias = bias

    def act(self, view: ToyView) -> int:
        return view.legal[min(self.bias, len(view.legal) - 1)]


class Cautious(FirstLegal):
    name = "cautious"


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


# ------------------------------------------------------------ a game's bots from its play hooks


def _toy_play() -> PlayHooks:
    return PlayHooks(
        bots=(
            BotInfo("first", "the first legal action", lazy_factory(__name__, "FirstLegal")),
            BotInfo("yard", "a measuring stick", lazy_factory(__name__, "FirstLegal"), False),
        ),
        default_bot="first",
        levels=(
            Level("casual", "first", "plays the first legal action"),
            Level("beginner", "first:bias=1", "errs every time", 1.0),
        ),
    )


@pytest.fixture
def plug_in() -> Any:
    """A game outside ``paston.games`` whose bots come from its play hooks alone."""
    register_game(replace(TOY, name="plugin", hooks=HookSource(play=_toy_play)))
    yield
    unregister_game("plugin")
    _registered_for_tests("plugin").clear()


def test_a_plug_in_game_offers_its_levels_then_its_bots(plug_in: None) -> None:
    assert bot_names("plugin") == ["casual", "beginner", "first"]
    assert bot_info("yard", game="plugin").offered is False
    assert bot_descriptions("plugin")["casual"] == "plays the first legal action"
    bot = make_bot("first:bias=1", seed=4, game="plugin")
    assert isinstance(bot, FirstLegal) and bot.bias == 1 and bot.seed == 4
    with pytest.raises(BotSpecError, match=r"unknown bot 'heuristic' for plugin; choose one of: "
                       r"beginner, casual, first, yard, or cmd:COMMAND"):  # fmt: skip
        make_bot("heuristic", game="plugin")
    # A lazy factory's bot says which options it takes, like any other.
    with pytest.raises(BotSpecError, match=r"unknown option 'speed'; it takes: bias="):
        make_bot("first:speed=2", game="plugin")


def test_a_level_is_its_spec_under_the_levels_name(plug_in: None) -> None:
    casual = make_bot("casual", seed=1, game="plugin")
    assert isinstance(casual, FirstLegal) and casual.name == "casual"
    beginner = make_bot("beginner", seed=1, game="plugin")
    assert isinstance(beginner, MistakeBot) and beginner.name == "beginner"
    assert isinstance(beginner.inner, FirstLegal) and beginner.inner.bias == 1
    assert [lv.name for lv in LEVELS["plugin"]] == ["casual", "beginner"]
    assert level_spec("plugin", "beginner").mistakes == 1.0
    with pytest.raises(KeyError, match="levels: casual, beginner"):
        level_spec("plugin", "expert")


def test_a_registered_bot_adds_to_a_game_but_never_replaces_its_own(plug_in: None) -> None:
    register_bot("first", Cautious, game="plugin", description="replaced?")
    register_bot("extra", Cautious, game="plugin", description="one more")
    assert bot_names("plugin") == ["casual", "beginner", "first", "extra"]
    assert isinstance(make_bot("first", game="plugin"), FirstLegal)
    assert isinstance(make_bot("extra", game="plugin"), Cautious)


def test_a_lazy_factory_that_cannot_load_says_which() -> None:
    factory = lazy_factory("paston.no_such_module", "Bot")
    with pytest.raises(BotSpecError, match=r"paston\.no_such_module\.Bot could not be loaded"):
        factory(seed=1)


def test_the_flagship_is_the_default_game() -> None:
    assert bot_names() == bot_names(default_game())
    assert make_bot("cmd:true").game == default_game()  # type: ignore[attr-defined]
