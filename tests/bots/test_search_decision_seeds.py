"""``search:decision_seeds=1``: each decision's random stream comes from the bot's seed and
the seat's view (common random numbers for paired screens), a stable digest of what the view
shows and of nothing else; off by default, the bot's stream runs on as before."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest

from paston.bots import make_bot
from paston.bots.base import Choice
from paston.games.paston.bots.decision_seeds import decision_seed, view_digest
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.bots.search import SearchBot
from paston.games.paston.bots.worlds import World
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal
from paston.games.paston.view import SeatView

#: Small world counts keep these tests fast; the logic is the same at full size.
LIGHT = dict(worlds=6, bid_worlds=8, exchange_worlds=3, declare_worlds=4, whist_worlds=4)


class RecordingBot(SearchBot):
    """``search`` that keeps every world set it sampled."""

    def __init__(self, seed: int, decision_seeds: int = 0, **counts: Any) -> None:
        super().__init__(seed=seed, decision_seeds=decision_seeds, **counts)
        self.drawn: list[list[tuple[World, float]]] = []

    def sample(self, view: SeatView, n: int) -> list[tuple[World, float]]:
        out = super().sample(view, n)
        self.drawn.append(out)
        return out


def _deal(seed: int) -> Deal:
    return deal_until_playable(rng=random.Random(seed), dealer=seed % 3, first_deal=False)[-1]


def _two_play_views(seed: int) -> tuple[Deal, int, SeatView, SeatView]:
    """A deal played by heuristics, a defender with two real card choices in it, and that
    defender's views at them (the earlier first)."""
    for k in range(seed, seed + 60):
        deal = _deal(k)
        heuristic = HeuristicBot()
        while not deal.is_over and deal.phase != "play":
            deal.apply(heuristic.act(deal.view(deal.to_act)))  # type: ignore[arg-type]
        if deal.is_over or len(deal.whisters) != 2:
            continue
        seat = deal.whisters[0]
        views: list[SeatView] = []
        while not deal.is_over and len(views) < 2:
            to_act = deal.to_act
            assert to_act is not None
            if to_act == seat and len(deal.legal_actions()) > 1:
                views.append(deal.view(seat))
            deal.apply(heuristic.act(deal.view(to_act)))
        if len(views) == 2:
            return deal, seat, views[0], views[1]
    raise AssertionError("no deal with two card choices for a defender")


def _twin_with_hidden_cards_swapped(deal: Deal, seat: int, upto: int) -> Deal:
    """The first ``upto`` actions of ``deal`` replayed on a deal whose other two seats hold
    one unplayed card of a suit swapped: the views of ``seat`` are the same."""
    replay = Deal(
        list(deal.dealt), deal.prikup, dealer=deal.dealer, first_deal=deal.first_deal,
        rules=deal.rules,
    )  # fmt: skip
    for action in deal.actions[:upto]:
        replay.apply(action)
    others = [s for s in range(3) if s != seat]
    a_hand, b_hand = replay.hands[others[0]], replay.hands[others[1]]
    for suit in range(4):
        a = [c for c in range(32) if a_hand >> c & 1 and c >> 3 == suit]
        b = [c for c in range(32) if b_hand >> c & 1 and c >> 3 == suit]
        if a and b:
            swap = (1 << a[0]) | (1 << b[0])
            break
    else:
        raise AssertionError("no suit held by both other seats")
    dealt = [h ^ swap if h & swap and (h & swap) != swap else h for h in deal.dealt]
    twin = Deal(dealt, deal.prikup, dealer=deal.dealer, first_deal=deal.first_deal,
                rules=deal.rules)  # fmt: skip
    for action in deal.actions[:upto]:
        twin.apply(action)
    assert twin.hands != replay.hands
    return twin


def _values(choices: list[Choice]) -> list[tuple[int, float]]:
    return [(c.action, round(c.value, 9)) for c in choices]


def test_the_same_view_and_seed_give_the_same_worlds_whatever_was_decided_before() -> None:
    _, _, earlier, later = _two_play_views(3)
    busy = RecordingBot(seed=5, decision_seeds=1, **LIGHT)
    busy.explain(earlier)  # draws from the bot's stream first
    busy.drawn.clear()
    fresh = RecordingBot(seed=5, decision_seeds=1, **LIGHT)
    assert _values(busy.explain(later)) == _values(fresh.explain(later))
    assert busy.drawn == fresh.drawn and busy.drawn
    assert busy.act(later) == fresh.act(later)


def test_off_by_default_the_stream_runs_on_from_the_earlier_decisions() -> None:
    _, _, earlier, later = _two_play_views(3)
    busy = RecordingBot(seed=5, **LIGHT)
    busy.explain(earlier)
    busy.drawn.clear()
    fresh = RecordingBot(seed=5, **LIGHT)
    busy.explain(later)
    fresh.explain(later)
    assert busy.drawn != fresh.drawn  # the old stream: other worlds after another decision
    assert not busy.decision_seeds


def test_different_seeds_give_different_streams() -> None:
    _, _, _, later = _two_play_views(3)
    assert decision_seed(1, later) != decision_seed(2, later)
    one = RecordingBot(seed=1, decision_seeds=1, **LIGHT)
    two = RecordingBot(seed=2, decision_seeds=1, **LIGHT)
    one.explain(later)
    two.explain(later)
    assert one.drawn != two.drawn


def test_the_seed_reads_the_view_not_the_hidden_cards() -> None:
    deal, seat, _, later = _two_play_views(3)
    upto = len(later.history)
    twin = _twin_with_hidden_cards_swapped(deal, seat, upto)
    twin_view = twin.view(seat)
    assert twin_view == later
    assert decision_seed(9, twin_view) == decision_seed(9, later)
    a = RecordingBot(seed=9, decision_seeds=1, **LIGHT)
    b = RecordingBot(seed=9, decision_seeds=1, **LIGHT)
    assert _values(a.explain(later)) == _values(b.explain(twin_view))
    assert a.drawn == b.drawn


def test_what_the_view_shows_changes_the_seed() -> None:
    deal, seat, earlier, later = _two_play_views(3)
    assert view_digest(earlier) != view_digest(later)
    other_seat = next(s for s in range(3) if s != seat)
    replay = Deal(list(deal.dealt), deal.prikup, dealer=deal.dealer,
                  first_deal=deal.first_deal, rules=deal.rules)  # fmt: skip
    for action in deal.actions[: len(later.history)]:
        replay.apply(action)
    assert view_digest(replay.view(other_seat)) != view_digest(later)


def test_the_digest_is_the_same_in_every_process() -> None:
    """Python's ``hash()`` of a string is salted per process; the seed must not be."""
    script = (
        "import random\n"
        "from paston.games.paston.bots.decision_seeds import decision_seed\n"
        "from paston.games.paston.shuffle import deal_until_playable\n"
        "d = deal_until_playable(rng=random.Random(4), dealer=1, first_deal=False)[-1]\n"
        "print(decision_seed(77, d.view(d.to_act)))\n"
    )
    seen = set()
    for salt in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": salt}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        seen.add(out.stdout.strip())
    d = deal_until_playable(rng=random.Random(4), dealer=1, first_deal=False)[-1]
    assert d.to_act is not None
    assert seen == {str(decision_seed(77, d.view(d.to_act)))}


def test_the_option_is_read_and_checked() -> None:
    bot = make_bot("search:decision_seeds=1", seed=3)
    assert isinstance(bot, SearchBot) and bot.decision_seeds and bot.stream_base == 3
    assert not SearchBot(seed=3).decision_seeds
    for bad in ("search:decision_seeds=2", "search:decision_seeds=0.5"):
        with pytest.raises(ValueError, match="decision_seeds"):
            make_bot(bad)
