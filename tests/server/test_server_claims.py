"""Claims and conceding over the WebSocket (docs/server-protocol.md §2.3): who may claim and
when, the claimer's hand shown to everybody only once claimed, answers by people and by bots
(a bot accepts exactly the claims the exhaustive check on the true deal says hold), an
accepted claim played out as claimed, a rejected one and play going on; Paston's surrender as
a concession; a game without tricks offers no claim."""

from __future__ import annotations

import asyncio
import os
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from server_helpers import Client, ThreadServer, my_turn, new_table

from paston.core.registry import get_game
from paston.server.claims import OutOfBudget, claim_line, guaranteed


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 240))


async def connect_all(base: str, table: str, seats: list[Any]) -> list[Client]:
    clients = [await Client.connect(base, table, token, seat) for seat, token in seats]
    for c in clients:
        await c.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
    return clients


def in_play(c: Client) -> bool:
    st = c.state
    return bool(st and st["view"] and st["view"]["phase"] == "play" and my_turn(c))


async def act(c: Client, action: str) -> None:
    assert c.state is not None
    seq = c.state["seq"]
    mark = len(c.messages)
    cid = f"c-{random.random()}"
    await c.send({"type": "action", "command_id": cid, "expected_seq": seq, "action": action})
    await c.wait_for(lambda m: m.get("command_id") == cid, mark)
    await c.wait_for(lambda m: m["type"] == "state" and m["seq"] > seq, mark)


async def until(clients: list[Client], done: Any, rng: random.Random, limit: int = 400) -> Client:
    """Random legal moves by whoever is to act until ``done(client)`` holds for one."""
    for _ in range(limit):
        for c in clients:
            if done(c):
                return c
            if c.state and c.state["table"]["status"] == "over":
                raise MatchOver
        mover = next((c for c in clients if my_turn(c)), None)
        if mover is None:
            await asyncio.sleep(0.05)
            continue
        assert mover.state is not None
        legal = mover.state["view"]["legal"]
        # Mostly "pass" outside the card play: an auction of random bids and announcements
        # is long, and a socket may send 20 messages a second.
        choice = "pass" if "pass" in legal and rng.random() < 0.8 else rng.choice(legal)
        await act(mover, choice)
        await asyncio.sleep(0.02)
    raise AssertionError("the wanted moment never came")


class MatchOver(Exception):
    """The match ended before the wanted moment."""


def table_state(server: ThreadServer, table: str) -> Any:
    # The table itself (same process): only read while nothing can move (a seat's turn, or
    # a claim waiting for answers).
    return server.app.state.registry.tables[table]


def test_claims_by_people_rejected_then_accepted(thread_server: ThreadServer) -> None:
    async def go() -> None:
        body = {"seats": [{"kind": "human"}] * 3, "deal_pause": 0, "seed": 11, "first_dealer": 0}
        table, seats = await new_table(thread_server.url, body, ["a", "b", "c"])
        clients = await connect_all(thread_server.ws, table, seats)
        watcher = await Client.connect(thread_server.ws, table, None, None)
        rng = random.Random(5)
        claimer = await until(clients, in_play, rng)
        others = [c for c in clients if c is not claimer]
        assert claimer.state is not None
        left = claimer.state["offers"]["claim_max"]
        hand = claimer.state["view"]["hand"]
        assert left == 10 - len(claimer.state["view"]["tricks"]) and left >= 1
        assert all(c.state and c.state["offers"]["claim_max"] is None for c in others)
        # Nobody else saw the claimer's cards before the claim.
        for c in [*others, watcher]:
            assert c.state is not None
            dealt = c.state["view"]["dealt_hand"]  # this deal's (a redeal keeps the number)
            for m in c.messages:
                if m["type"] == "state" and m["view"] and m["view"]["dealt_hand"] == dealt:
                    assert not set(hand) & set(m["view"].get("hand") or []), m["view"]["hand"]

        async def refused(c: Client, msg: dict[str, Any], code: str) -> dict[str, Any]:
            mark = len(c.messages)
            await c.send(msg)
            rej = await c.wait_for(lambda m: m["type"] == "reject", mark)
            assert rej["code"] == code, rej
            return rej

        await refused(others[0], {"type": "claim", "tricks": 1}, "not_your_turn")
        await refused(watcher, {"type": "claim", "tricks": 1}, "not_seated")
        for bad in (0, left + 1, "all", True, None, 1.5):
            rej = await refused(claimer, {"type": "claim", "tricks": bad}, "bad_message")
            assert f"from 1 to {left}" in rej["message"]
        await refused(others[0], {"type": "claim_answer", "accept": True}, "no_claim")
        await refused(others[0], {"type": "claim_answer", "accept": "yes"}, "bad_message")

        marks = [len(c.messages) for c in [*clients, watcher]]
        await claimer.send({"type": "claim", "tricks": 1})
        for c, mark in zip([*clients, watcher], marks, strict=True):
            shown = await c.wait_for(lambda m: m["type"] == "claim", mark)
            assert shown["seat"] == claimer.seat and shown["tricks"] == 1 and shown["of"] == left
            assert sorted(shown["hand"]) == sorted(hand)  # the claimer's cards, nothing else
            assert shown["waiting"] == sorted(o.seat for o in others)
        # While it waits: no move, no second claim, no answer from the claimer; no timer.
        st = await others[0].wait_for(lambda m: m["type"] == "state" and m["table"]["claim"])
        assert st["table"]["timer"] is None and st["offers"]["claim_max"] is None
        card = claimer.state["view"]["legal"][0]
        rej = await refused(
            claimer,
            {"type": "action", "command_id": "x1", "expected_seq": st["seq"], "action": card},
            "claim_pending",
        )
        await refused(claimer, {"type": "claim", "tricks": 1}, "claim_pending")
        await refused(claimer, {"type": "claim_answer", "accept": True}, "not_asked")
        await refused(watcher, {"type": "claim_answer", "accept": True}, "not_seated")
        mark = len(claimer.messages)
        await others[0].send({"type": "claim_answer", "accept": True})
        await refused(others[0], {"type": "claim_answer", "accept": False}, "not_asked")
        await others[1].send({"type": "claim_answer", "accept": False})
        result = await claimer.wait_for(lambda m: m["type"] == "claim_result", mark)
        assert result["accepted"] is False and result["reason"] == "rejected"
        assert result["by"] == others[1].seat
        await claimer.wait_for(lambda m: m["type"] == "state" and not m["table"]["claim"], mark)
        # One claim per seat and position: play a card first.
        await refused(claimer, {"type": "claim", "tricks": 1}, "claim_limit")
        await act(claimer, claimer.state["view"]["legal"][0])

        # The next to act in the card play claims every trick left; both others accept.
        nxt = await until(clients, in_play, rng)
        assert nxt.state is not None
        left = nxt.state["offers"]["claim_max"]
        won_before = nxt.state["view"]["tricks_won"][nxt.seat]
        mark = len(nxt.messages)
        await nxt.send({"type": "claim", "tricks": left})
        await nxt.wait_for(lambda m: m["type"] == "claim", mark)
        live = table_state(thread_server, table)
        hooks = get_game("paston").table.claims
        assert hooks is not None
        at_claim = live.in_progress.copy()
        expected = claim_line(at_claim, nxt.seat, left, hooks)
        try:
            certain = guaranteed(at_claim, nxt.seat, left, hooks)
        except OutOfBudget:
            certain = None
        for c in clients:
            if c is not nxt:
                await c.send({"type": "claim_answer", "accept": True})
        result = await nxt.wait_for(lambda m: m["type"] == "claim_result", mark)
        assert result["accepted"] is True and result["tricks"] == left
        over = await nxt.wait_for(lambda m: m["type"] == "state" and m["deal_over"], mark)
        # The server played the rest out along the claim's line, as ordinary actions.
        texts = []
        for action in expected:
            texts.append(at_claim.action_str(action))
            at_claim.apply(action)
        assert at_claim.is_over
        assert over["deal_over"]["actions"][-len(texts) :] == texts
        won = over["view"]["tricks_won"][nxt.seat] - won_before
        assert won == hooks.tricks_won(at_claim)[nxt.seat] - won_before
        if certain:
            assert won == left  # a claim that holds is scored exactly as claimed
        assert over["deal_over"]["scores"] is not None
        for c in [*clients, watcher]:
            await c.close()

    run(go())


def test_bots_accept_exactly_the_claims_that_hold(thread_server: ThreadServer) -> None:
    """A person claims at each of their card-play turns (one trick, then every trick left);
    the bots' answer is what the exhaustive check on the true deal says, every time."""

    async def go() -> None:
        bot = {"kind": "bot", "bot": "random"}
        seen: set[bool] = set()
        for game, bots in (("paston", 2), ("paskievics", 3)):
            hooks = get_game(game).table.claims
            assert hooks is not None
            body = {
                "game": game,
                "seats": [{"kind": "human"}] + [bot] * bots,
                "seed": 3,
                "first_dealer": 0,
            }
            table, seats = await new_table(thread_server.url, body, ["me"])
            (me,) = await connect_all(thread_server.ws, table, seats)
            rng = random.Random(9)
            claims = 0
            # Four claims at least, and on until both answers were met (the bots' cards are
            # not seeded: four claims alone sometimes all hold or all fail).
            while claims < 4 or (seen != {True, False} and claims < 40):
                try:
                    await until([me], in_play, rng, limit=4000)
                except MatchOver:
                    break
                assert me.state is not None
                left = me.state["offers"]["claim_max"]
                tricks = left if claims % 2 else 1
                truth = table_state(thread_server, table).in_progress.copy()
                try:
                    holds: bool | None = guaranteed(truth, me.seat, tricks, hooks)
                except OutOfBudget:
                    holds = None
                mark = len(me.messages)
                await me.send({"type": "claim", "tricks": tricks})
                shown = await me.wait_for(lambda m: m["type"] == "claim", mark)
                assert sorted(shown["hand"]) == sorted(me.state["view"]["hand"])
                result = await me.wait_for(lambda m: m["type"] == "claim_result", mark)
                assert result["accepted"] is (holds is True), (game, tricks, holds, result)
                seen.add(bool(result["accepted"]))
                claims += 1
                after = await me.wait_for(
                    lambda m: m["type"] == "state" and not m["table"]["claim"], mark
                )
                if not result["accepted"] and my_turn(me) and after["view"]["phase"] == "play":
                    await act(me, rng.choice(after["view"]["legal"]))
            await me.close()
        assert seen == {True, False}, seen

    run(go())


def test_paston_concede_is_the_surrender_and_paris_offers_no_claim(
    thread_server: ThreadServer,
) -> None:
    async def go() -> None:
        body = {"seats": [{"kind": "human"}] * 3, "deal_pause": 0, "seed": 4, "first_dealer": 0}
        table, seats = await new_table(thread_server.url, body, ["a", "b", "c"])
        clients = await connect_all(thread_server.ws, table, seats)
        rng = random.Random(2)

        def may_concede(c: Client) -> bool:
            return bool(c.state and c.state["offers"]["concede"])

        async def refused(c: Client, msg: dict[str, Any], code: str) -> None:
            mark = len(c.messages)
            await c.send(msg)
            rej = await c.wait_for(lambda m: m["type"] == "reject", mark)
            assert rej["code"] == code, rej

        # Before the declaration nobody may concede: the answer says what to do instead.
        mover = next(c for c in clients if my_turn(c))
        await refused(mover, {"type": "concede", "command_id": "k0"}, "no_concede")
        await refused(mover, {"type": "concede"}, "bad_message")
        declarer = await until(clients, may_concede, rng)
        assert declarer.state is not None
        assert declarer.state["view"]["phase"] == "declare"
        assert "surrender" in declarer.state["view"]["legal"]
        others = [c for c in clients if c is not declarer]
        assert not any(may_concede(c) for c in others)
        await refused(others[0], {"type": "concede", "command_id": "k1"}, "no_concede")
        mark = len(declarer.messages)
        await declarer.send({"type": "concede", "command_id": "k2"})
        ack = await declarer.wait_for(lambda m: m.get("command_id") == "k2", mark)
        assert ack["type"] == "ack"
        over = await declarer.wait_for(lambda m: m["type"] == "state" and m["deal_over"], mark)
        assert over["deal_over"]["actions"][-1] == "surrender"
        assert over["table"]["score_sheet"][-1]["contract"] == "surrender"
        for c in clients:
            await c.close()

        # Paris is no trick game: no claim is offered, and one sent is refused.
        body = {"game": "paris", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        table, seats = await new_table(thread_server.url, body, ["p"])
        (p,) = await connect_all(thread_server.ws, table, seats)
        assert p.state is not None and p.state["offers"]["claim_max"] is None
        assert p.state["offers"]["concede"] is False
        await refused(p, {"type": "claim", "tricks": 1}, "no_claims")
        await refused(p, {"type": "concede", "command_id": "k3"}, "no_concede")
        await p.close()

    run(go())


def _late_position(game: str, seed: int, left_most: int) -> tuple[Any, Any] | None:
    """A deal of ``game`` played at random to its card play, with at most ``left_most``
    tricks left (``None``: that deal has no card play)."""
    info = get_game(game)
    hooks = info.table.claims
    rng = random.Random(seed)
    players = 3 if game == "paston" else 4
    state = info.new_match(players, info.parse_rules({}), 0).next_state(rng)
    while not state.is_over and not 0 < hooks.tricks_left(state) <= left_most:
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else (state, hooks)


def _outcomes(state: Any, seat: int, hooks: Any) -> tuple[int, set[int]]:
    """By brute force: the most tricks ``seat`` can force, and every count some line gives."""
    base = hooks.tricks_won(state)[seat]
    if state.is_over:
        got = hooks.tricks_won(state)[seat] - base
        return got, {got}
    forced: list[int] = []
    reachable: set[int] = set()
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        f, r = _outcomes(child, seat, hooks)
        # The child's counts are from the child on: add what this move already won.
        step = hooks.tricks_won(child)[seat] - base
        forced.append(f + step)
        reachable |= {g + step for g in r}
    own = state.to_act == seat
    return (max(forced) if own else min(forced)), reachable


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(game=st.sampled_from(["paston", "paskievics"]), seed=st.integers(0, 10**6))
def test_the_claim_searches_agree_with_brute_force(game: str, seed: int) -> None:
    found = _late_position(game, seed, 2)
    assume(found is not None)
    assert found is not None
    state, hooks = found
    seat = state.to_act
    base = hooks.tricks_won(state)[seat]
    forced, reachable = _outcomes(state.copy(), seat, hooks)
    for n in range(1, hooks.tricks_left(state) + 1):
        assert guaranteed(state, seat, n, hooks) is (forced >= n), (n, forced)
        line = claim_line(state, seat, n, hooks)
        after = state.copy()
        for action in line:
            assert action in after.legal_actions()
            after.apply(action)
        assert after.is_over
        got = hooks.tricks_won(after)[seat] - base
        if n in reachable:
            assert got == n
        else:  # the nearest count any line gives, the higher one on a tie
            nearest = min(reachable, key=lambda g: (abs(g - n), g < n))
            assert got == nearest
        if forced >= n:
            assert got >= n  # a claim that holds is never scored below the claim


def test_an_unanswered_claim_expires_and_a_stand_in_answers_for_a_leaver(
    thread_server: ThreadServer, monkeypatch: Any
) -> None:
    import paston.server.claims as claims_module

    monkeypatch.setattr(claims_module, "CLAIM_ANSWER_S", 1.0)  # the same process

    async def go() -> None:
        body = {"seats": [{"kind": "human"}] * 3, "deal_pause": 0, "seed": 11, "first_dealer": 0}
        table, seats = await new_table(thread_server.url, body, ["a", "b", "c"])
        clients = await connect_all(thread_server.ws, table, seats)
        claimer = await until(clients, in_play, random.Random(5))
        leaver, silent = [c for c in clients if c is not claimer]
        mark = len(leaver.messages)
        await leaver.send({"type": "leave"})
        await leaver.wait_for(lambda m: m["type"] == "left", mark)
        hooks = get_game("paston").table.claims
        assert hooks is not None
        truth = table_state(thread_server, table).in_progress.copy()
        holds = guaranteed(truth, claimer.seat, 1, hooks)
        mark = len(claimer.messages)
        await claimer.send({"type": "claim", "tricks": 1})
        result = await claimer.wait_for(lambda m: m["type"] == "claim_result", mark)
        if holds:
            # The stand-in accepted for the leaver; the silent player let the time run out.
            answered = [m for m in claimer.messages[mark:] if m["type"] == "claim"]
            assert any(leaver.seat in m["accepted"] for m in answered)
            assert result["reason"] == "expired" and result["by"] is None
        else:
            assert result["reason"] == "rejected" and result["by"] == leaver.seat
        assert result["accepted"] is False
        after = claimer.messages.index(result)
        st = await claimer.wait_for(lambda m: m["type"] == "state", after)
        assert st["offers"]["claim_max"] is None  # claimed here already: play a card first
        assert my_turn(claimer)
        for c in (claimer, silent):
            await c.close()

    run(go())


# ------------------------------------------------------------------ where the checks run


def _card_play_state(game: str, seed: int) -> Any:
    """A deal of ``game`` played at random into its card play (some tricks left)."""
    info = get_game(game)
    hooks = info.table.claims
    assert hooks is not None
    rng = random.Random(seed)
    match = info.new_match(info.default_seats, info.parse_rules({}), 0)
    while True:
        state = match.next_state(rng)
        while state.to_act is not None and hooks.tricks_left(state) == 0:
            state.apply(rng.choice(list(state.legal_actions())))
        if state.to_act is not None:
            return state


def test_a_claim_check_runs_in_the_bot_pool_charged_to_the_claimer() -> None:
    """The exhaustive check and the play-out are jobs of the bot pool (a worker process of
    ``paston serve``), charged to the claimer's bot-CPU budget, with the same answers as the
    searches run here."""
    from paston.server.bot_budget import CpuBudget
    from paston.server.bots_runner import BotRunner
    from paston.server.claims import check_in_pool, line_in_pool

    async def main() -> None:
        runner = BotRunner(1, processes=True, budget=CpuBudget(0.0, 100.0))
        assert runner.budget is not None
        try:
            for game in ("paston", "paskievics"):
                hooks = get_game(game).table.claims
                assert hooks is not None
                state = _card_play_state(game, 4)
                seat = state.to_act
                left = hooks.tricks_left(state)
                before = runner.budget.left("A")
                for tricks in (1, left):
                    check = await runner.compute(
                        "t", "A", check_in_pool, game, state.copy(), seat, tricks
                    )
                    assert check.pid != os.getpid() and check.pid in runner.worker_pids()
                    try:
                        expected: bool | None = guaranteed(state, seat, tricks, hooks)
                    except OutOfBudget:
                        expected = None
                    assert check.result is expected
                line = await runner.compute("t", "A", line_in_pool, game, state.copy(), seat, 1)
                assert line.result == claim_line(state, seat, 1, hooks)
                assert line.result, "a claim of one trick has a line"
                # Charged once the job is over (the callback runs in the loop).
                await asyncio.sleep(0.05)
                assert runner.budget.left("A") < before
                assert runner.budget.left("B") == 100.0
        finally:
            runner.close()

    asyncio.run(main())


def test_a_claimer_whose_bot_budget_is_spent_is_not_believed(
    thread_server: ThreadServer,
) -> None:
    """A client who spent its bot-CPU budget gets no exhaustive check: the bots cannot be
    sure of its claim, and reject it even where it holds (a claim costs the server what a
    bot's thinking costs, and is paid for alike)."""
    from paston.server.bot_budget import CpuBudget

    async def go() -> None:
        bot = {"kind": "bot", "bot": "random"}
        body = {
            "game": "paston",
            "seats": [{"kind": "human"}, bot, bot],
            "seed": 3,
            "first_dealer": 0,
            # A far target: random bots' hands can end a game to 121 before a certain claim.
            "rules": {"target": 1000},
        }
        table, seats = await new_table(thread_server.url, body, ["me"])
        (me,) = await connect_all(thread_server.ws, table, seats)
        hooks = get_game("paston").table.claims
        assert hooks is not None
        rng = random.Random(5)
        live = table_state(thread_server, table)
        runner = live.runner
        saved = runner.budget
        try:
            for _ in range(60):
                await until([me], in_play, rng, limit=4000)
                assert me.state is not None
                truth = live.in_progress.copy()
                try:
                    holds = guaranteed(truth, me.seat, 1, hooks)
                except OutOfBudget:
                    holds = False
                if holds:
                    break
                await act(me, rng.choice(me.state["view"]["legal"]))
            else:
                raise AssertionError("no certain claim of one trick came up")
            runner.budget = CpuBudget(0.0, 1e-9)
            runner.budget.charge(live.bot_client(me.seat, "claim"), 1.0)
            mark = len(me.messages)
            await me.send({"type": "claim", "tricks": 1})
            result = await me.wait_for(lambda m: m["type"] == "claim_result", mark)
            assert result["accepted"] is False and result["reason"] == "rejected"
        finally:
            runner.budget = saved
        await me.close()

    run(go())
