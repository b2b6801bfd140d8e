"""The ``search`` bot: legal, deterministic for a seed, blind to what its view does not show,
within its time budget; its whist and contract values model the defence's answers."""

from __future__ import annotations

import random
import time

import pytest

from paston.bots import make_bot
from paston.games.paston.actions import BID_BASE, GRKHA, PASS, SURRENDER, WHIST
from paston.games.paston.bots.heuristic import HeuristicBot
from paston.games.paston.bots.search import SearchBot, standing_value
from paston.games.paston.shuffle import deal_until_playable
from paston.games.paston.state import Deal
from paston.games.paston.view import SeatView

#: Small world counts keep these tests fast; the logic is the same at full size.
LIGHT = dict(worlds=6, bid_worlds=8, exchange_worlds=3, declare_worlds=4, whist_worlds=4)


def _deal(seed: int) -> Deal:
    rng = random.Random(seed)
    return deal_until_playable(rng=rng, dealer=seed % 3, first_deal=False)[-1]


def _play(seed: int, bot_seed: int) -> list[int]:
    """A deal with ``search`` in seat 0 and the heuristic elsewhere; the actions taken."""
    deal = _deal(seed)
    bots = [SearchBot(seed=bot_seed, **LIGHT), HeuristicBot(), HeuristicBot()]
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal, (seat, view.phase, action)
        deal.apply(action)
    return list(deal.actions)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_plays_legal_actions_and_is_deterministic_for_a_seed(seed: int) -> None:
    assert _play(seed, bot_seed=7) == _play(seed, bot_seed=7)


def test_registered_by_name_with_options() -> None:
    bot = make_bot("search:worlds=4,rival=0.5", seed=1)
    assert isinstance(bot, SearchBot) and bot.rival == 0.5 and bot.worlds == 4


@pytest.mark.parametrize("bad", ["search:rival=3", "search:budget=-1"])
def test_bad_options_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        make_bot(bad)


def _first_play_decision(seed: int) -> tuple[Deal, int]:
    """A deal driven by heuristics into its play, and a seat with a real choice there that
    is not the declarer's (so two other hands are hidden from it)."""
    for k in range(seed, seed + 50):
        deal = _deal(k)
        heuristic = HeuristicBot()
        while not deal.is_over and deal.phase != "play":
            deal.apply(heuristic.act(deal.view(deal.to_act)))  # type: ignore[arg-type]
        if deal.is_over or len(deal.whisters) != 2:
            continue
        # Play on until a defender is to play with more than one legal card.
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            if seat != deal.declarer and len(deal.legal_actions()) > 1 and deal.trick:
                return deal, seat
            deal.apply(heuristic.act(deal.view(seat)))
    raise AssertionError("no suitable deal found")


def _swap_hidden(deal: Deal, seat: int) -> Deal:
    """The same deal with two unseen cards of one suit swapped between the other two seats'
    current hands, replayed: every view of ``seat`` is unchanged."""
    others = [s for s in range(3) if s != seat]
    a_hand, b_hand = deal.hands[others[0]], deal.hands[others[1]]
    for suit in range(4):
        a = [c for c in range(32) if a_hand >> c & 1 and c >> 3 == suit]
        b = [c for c in range(32) if b_hand >> c & 1 and c >> 3 == suit]
        if a and b:
            x, y = a[0], b[0]
            break
    else:
        raise AssertionError("no suit held by both other seats")
    swap = (1 << x) | (1 << y)
    dealt = [h ^ swap if h & swap and (h & swap) != swap else h for h in deal.dealt]
    prikup = (
        deal.prikup ^ swap if deal.prikup & swap and (deal.prikup & swap) != swap else (deal.prikup)
    )
    twin = Deal(dealt, prikup, dealer=deal.dealer, first_deal=deal.first_deal, rules=deal.rules)
    for action in deal.actions:
        twin.apply(action)
    return twin


def test_decisions_depend_only_on_the_view() -> None:
    deal, seat = _first_play_decision(11)
    twin = _swap_hidden(deal, seat)
    assert twin.hands != deal.hands  # the hidden cards really differ
    view, twin_view = deal.view(seat), twin.view(seat)
    assert view == twin_view
    for bot_seed in range(4):
        a = SearchBot(seed=bot_seed, **LIGHT).explain(view)
        b = SearchBot(seed=bot_seed, **LIGHT).explain(twin_view)
        assert [(c.action, round(c.value, 9)) for c in a] == [
            (c.action, round(c.value, 9)) for c in b
        ]


def test_time_budget_bounds_the_worlds_valued() -> None:
    deal, seat = _first_play_decision(11)
    view = deal.view(seat)
    unbounded = SearchBot(seed=3, worlds=64, budget=0)
    unbounded.explain(view)
    assert unbounded.last_worlds == 64
    # A budget already spent: the bot values one chunk of worlds and decides on it.
    bounded = SearchBot(seed=3, worlds=64, budget=1e-9)
    assert bounded.act(view) in view.legal
    assert 0 < bounded.last_worlds < 64


def test_whist_values_model_the_partner_and_the_standings() -> None:
    deal, _ = _first_play_decision(11)
    # Rewind to the first defender's decision.
    fresh = Deal(list(deal.dealt), deal.prikup, dealer=deal.dealer, first_deal=False)
    for action in deal.actions:
        if fresh.phase == "defence":
            break
        fresh.apply(action)
    view: SeatView = fresh.view(fresh.to_act)  # type: ignore[arg-type]
    choices = {c.action: c.value for c in SearchBot(seed=1, **LIGHT).explain(view)}
    assert set(choices) == {WHIST, PASS}
    # Passing is not simply 0 any more: the declarer's score counts against this seat.
    assert choices[PASS] != 0.0


def test_standing_value_counts_the_others_mean() -> None:
    assert standing_value([10, -4, 2], 0, 1.0) == 10 - (-4 + 2) / 2
    assert standing_value([10, -4, 2], 1, 0.0) == -4


@pytest.mark.parametrize("bad", ["search:bid_rival=-1", "search:surrender_share=2"])
def test_bad_objective_options_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        make_bot(bad)


def _issue_21_auction() -> SeatView:
    """Issue 21's example, a fixed position: seat 2 holds 9♠ J♠ Q♠ K♠ 7♣ 7♦ K♦ 7♥ 8♥ Q♥
    (no ace); the auction went paston (seat 1), glitch (seat 2), dineri (seat 0), gupa (seat
    1, a heuristic), and seat 2 may pass or climb to grkha."""
    deal = deal_until_playable(rng=random.Random(45), dealer=0, first_deal=False)[-1]
    for action in (BID_BASE + 1, BID_BASE + 2, BID_BASE + 3, BID_BASE + 4):
        deal.apply(action)
    assert deal.to_act == 2 and not any(deal.hands[2] >> (8 * s + 7) & 1 for s in range(4))
    view = deal.view(2)
    assert set(view.legal) == {PASS, BID_BASE + GRKHA}
    return view


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_no_ace_does_not_climb_over_a_gupa_to_grkha(seed: int) -> None:
    """Issue 21: with no ace, over a heuristic's gupa, the expert used to bid grkha and then
    surrender (spoiling: −10 for itself to keep the gupa from the other seat). Valued by its
    own score it passes."""
    view = _issue_21_auction()
    assert SearchBot(seed=seed, budget=0).act(view) == PASS


def test_the_old_spoiling_objective_climbed_to_grkha_there() -> None:
    """The same position under the objective of earlier versions (the others' mean weighted
    in the auction, no guard against outbidding into a surrender): it bids grkha, which is
    what the fix changed."""
    view = _issue_21_auction()
    old = SearchBot(seed=0, budget=0, bid_rival=1.0, surrender_share=1.0)
    assert old.act(view) == BID_BASE + GRKHA


def test_a_raise_into_a_likely_surrender_is_ranked_below_pass() -> None:
    view = _issue_21_auction()
    choices = {c.action: c for c in SearchBot(seed=0, budget=0).explain(view)}
    grkha = choices[BID_BASE + GRKHA]
    assert grkha.value < choices[PASS].value
    assert "would surrender" in grkha.reason


def _declare_view(seed: int) -> SeatView:
    """A declarer's contract decision reached by heuristic bidding and exchange."""
    for k in range(seed, seed + 200):
        deal = _deal(k)
        heuristic = HeuristicBot()
        while not deal.is_over and deal.phase != "declare":
            deal.apply(heuristic.act(deal.view(deal.to_act)))  # type: ignore[arg-type]
        if deal.phase == "declare" and SURRENDER in deal.legal_actions():
            return deal.view(deal.declarer)
    raise AssertionError("no declare decision found")


@pytest.mark.parametrize("seed", [3, 40])
def test_surrender_is_valued_at_its_own_score_and_chosen_only_when_better(seed: int) -> None:
    """Surrender is worth the spec's flat −10 to the declarer (not −10 less the others' +2),
    and it is chosen exactly when every contract's expected own score is below that."""
    view = _declare_view(seed)
    choices = SearchBot(seed=1, **LIGHT).explain(view)
    by_action = {c.action: c.value for c in choices}
    assert by_action[SURRENDER] == -10.0
    best_contract = max(v for a, v in by_action.items() if a != SURRENDER)
    assert (choices[0].action == SURRENDER) == (best_contract < -10.0)


class _RacingWallClock:
    """A wall clock that jumps 10 s at every reading: a machine so busy that every decision
    would be past a wall-clock deadline at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 10.0
        return self.now


def test_budget_is_cpu_time_so_a_busy_machine_cuts_no_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal, seat = _first_play_decision(11)
    view = deal.view(seat)
    for name in ("perf_counter", "monotonic", "time"):
        monkeypatch.setattr(f"time.{name}", _RacingWallClock())
    bot = SearchBot(seed=3, worlds=64, budget=1.0)
    bot.explain(view)
    assert bot.last_worlds == 64


def test_budget_is_the_deciding_threads_cpu_time() -> None:
    """A sibling thread spinning while the bot decides does not advance the bot's clock:
    the clock is the deciding thread's CPU time, which the sibling's work never adds to."""
    import threading

    from paston.games.paston.bots.search import cpu_clock

    stop = threading.Event()
    spent = [0.0]

    def spin() -> None:
        start = time.thread_time()
        while not stop.is_set():
            sum(range(1000))
        spent[0] = time.thread_time() - start

    sibling = threading.Thread(target=spin)
    before = cpu_clock()
    sibling.start()
    time.sleep(0.3)  # the deciding thread waits; the sibling burns CPU
    after = cpu_clock()
    stop.set()
    sibling.join()
    assert spent[0] > 0.0  # the sibling did run
    assert after - before < spent[0]
