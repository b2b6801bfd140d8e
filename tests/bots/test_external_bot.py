"""External bots over JSON lines: the example bot plays, and broken bots fail clearly."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from paston.arena import ArenaError, play_deal_set, run_arena
from paston.bots import make_bot
from paston.bots.external import ExternalBot, ExternalBotError
from paston.games.paston.actions import action_str
from paston.games.paston.shuffle import deal_cards

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "random_bot.py"
PY = sys.executable


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("import json, sys\n" + body, encoding="utf-8")
    return f"cmd:{PY} {path}"


def _first_view():
    deal = deal_cards(seed=5, first_deal=False)
    return deal.view(deal.to_act)


def test_example_bot_plays_a_full_arena() -> None:
    spec = f"cmd:{PY} {EXAMPLE}"
    result = run_arena(["heuristic", "random", spec], deals=3, seed=11)
    ext = result.bots[2]
    assert ext.spec == spec
    assert ext.deals == 18
    assert ext.decisions > 18
    assert result.deals == 18


def test_example_bot_answers_explain_and_hello(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    # A bot that logs what it receives, then answers like the example.
    spec = _script(
        tmp_path,
        "logger.py",
        f"log = open({str(log)!r}, 'a')\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'act':\n"
        "        a = m['view']['legal'][0]\n"
        "        print(json.dumps({'action': a, 'choices': [{'action': a, 'value': 3,"
        " 'reason': 'first'}]}), flush=True)\n",
    )
    bot = make_bot(spec)
    view = _first_view()
    try:
        assert bot.act(view) == view.legal[0]
        choices = bot.explain(view)
        assert choices[0].action == view.legal[0] and choices[0].value == 3.0
        assert sorted(c.action for c in choices) == sorted(view.legal)
    finally:
        bot.close()
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert messages[0] == {
        "type": "hello",
        "protocol": "paston-bot/1",
        "game": "paston",
        "seat": view.seat,
        "rules": {},
        "seed": None,
    }
    assert messages[1]["type"] == "act" and messages[1]["view"] == view.to_json()
    assert messages[1]["legal"] == [action_str(a) for a in view.legal]
    assert messages[2].get("explain") is True
    assert messages[-1] == {"type": "bye"}


def test_crash_is_reported_with_stderr(tmp_path: Path) -> None:
    spec = _script(
        tmp_path,
        "crash.py",
        "sys.stdin.readline()\nprint('boom: no brain', file=sys.stderr)\nsys.exit(3)\n",
    )
    bot = make_bot(spec)
    with pytest.raises(ExternalBotError) as info:
        bot.act(_first_view())
    bot.close()
    message = str(info.value)
    assert "crash.py" in message and "exit" in message and "boom: no brain" in message


def test_bad_json_is_reported(tmp_path: Path) -> None:
    spec = _script(
        tmp_path, "chatty.py", "for line in sys.stdin:\n    print('I pass!', flush=True)\n"
    )
    bot = make_bot(spec)
    with pytest.raises(ExternalBotError) as info:
        bot.act(_first_view())
    bot.close()
    message = str(info.value)
    assert "chatty.py" in message and "not JSON" in message and "I pass!" in message


def test_missing_action_key_is_reported(tmp_path: Path) -> None:
    spec = _script(
        tmp_path,
        "wrongkey.py",
        "for line in sys.stdin:\n    print(json.dumps({'move': 'pass'}), flush=True)\n",
    )
    bot = make_bot(spec)
    with pytest.raises(ExternalBotError, match=r'"action"'):
        bot.act(_first_view())
    bot.close()


def test_illegal_action_is_reported(tmp_path: Path) -> None:
    spec = _script(
        tmp_path,
        "cheat.py",
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'act':\n"
        "        print(json.dumps({'action': 'grkha'}), flush=True)\n",
    )
    view = _first_view()
    bot = make_bot(spec)
    with pytest.raises(ExternalBotError) as info:
        bot.act(view)
    bot.close()
    message = str(info.value)
    assert "cheat.py" in message and "'grkha'" in message and "not legal" in message
    assert "legal: pass, paston" in message


def test_unknown_action_is_reported(tmp_path: Path) -> None:
    spec = _script(
        tmp_path,
        "nonsense.py",
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'act':\n"
        "        print(json.dumps({'action': 'fold'}), flush=True)\n",
    )
    bot = make_bot(spec)
    with pytest.raises(ExternalBotError, match=r"'fold'.*not an action"):
        bot.act(_first_view())
    bot.close()


def test_timeout_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "slow.py"
    path.write_text("import sys, time\nsys.stdin.readline()\ntime.sleep(30)\n")
    bot = ExternalBot(f"{PY} {path}", timeout=0.5)
    with pytest.raises(ExternalBotError, match=r"did not answer within 0\.5 s"):
        bot.act(_first_view())
    bot.close()


def test_missing_program_is_reported() -> None:
    bot = make_bot("cmd:/nonexistent/paston-bot --fast")
    with pytest.raises(ExternalBotError, match="could not be started"):
        bot.act(_first_view())


def test_failing_bot_stops_the_arena_with_its_name(tmp_path: Path) -> None:
    spec = _script(
        tmp_path,
        "cheat2.py",
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'act':\n"
        "        print(json.dumps({'action': 'AS'}), flush=True)\n",
    )
    with pytest.raises(ArenaError) as info:
        play_deal_set(["random", spec, "random"], seed=1, set_index=0)
    assert "cheat2.py" in str(info.value) and "'AS'" in str(info.value)


def test_documented_example_is_the_example_file() -> None:
    import re

    doc = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    assert EXAMPLE.read_text(encoding="utf-8") in blocks
