"""Helpers of the engine tests: building hands, scripted deals, random play, and a small
reference implementation of the card-play rules (rules.md §8) that is independent of
``paston.games.paston.state``, to cross-check the engine's trick winners and legal cards.

Imported as ``engine_helpers`` (a unique module name rather than a conftest, so that it
cannot clash with the helpers of other test areas).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from paston.games.paston.cards import card_name, cards_of, mask_of, parse_card
from paston.games.paston.match import Game
from paston.games.paston.rules import Rules
from paston.games.paston.state import Deal

DATA = Path(__file__).parent / "data"
GOLDEN = Path(__file__).parent / "golden"

SUITS = "SCDH"
RANKS = "789TJQKA"
ALL_NAMES = [r + s for s in SUITS for r in RANKS]
CARD_RE = re.compile(r"\b[789TJQKA][SCDH]\b")


def cs(text: str) -> list[str]:
    """``"AS KS 7H"`` -> ``["AS", "KS", "7H"]`` (canonical, checked)."""
    return [card_name(parse_card(t)) for t in text.split()]


def fill_hands(fixed: dict[int | str, str], *, seed: int = 0) -> tuple[list[list[str]], list[str]]:
    """Three 10-card hands and a 2-card prikup: the cards of ``fixed`` (keys 0, 1, 2 or
    ``"prikup"``) where they are given, the rest spread deterministically by ``seed``.

    Never produces a spade run by accident: the spare spades are spread so that no seat holds
    7S..QS without help from ``fixed``.
    """
    places: list[Any] = [0, 1, 2, "prikup"]
    size = {0: 10, 1: 10, 2: 10, "prikup": 2}
    out: dict[Any, list[str]] = {p: [] for p in places}
    used: set[str] = set()
    for place, text in fixed.items():
        for c in cs(text):
            assert c not in used, c
            used.add(c)
            out[place].append(c)
    rest = [c for c in ALL_NAMES if c not in used]
    random.Random(seed).shuffle(rest)
    for place in places:
        while len(out[place]) < size[place]:
            out[place].append(rest.pop())
        assert len(out[place]) == size[place], (place, out[place])
    return [out[0], out[1], out[2]], out["prikup"]


def make_deal(
    fixed: dict[int | str, str] | None = None,
    *,
    dealer: int = 0,
    first_deal: bool = False,
    rules: Rules | None = None,
    seed: int = 0,
) -> Deal:
    """A deal whose hands hold at least the cards of ``fixed``; J♠ goes to seat ``dealer+1``
    unless placed, so that a first deal has a first bidder."""
    fixed = dict(fixed or {})
    placed = " ".join(fixed.values()).split()
    if "JS" not in placed:
        seat = (dealer + 1) % 3
        fixed[seat] = (fixed.get(seat, "") + " JS").strip()
    hands, prikup = fill_hands(fixed, seed=seed)
    return Deal(hands, prikup, dealer=dealer, first_deal=first_deal, rules=rules)


def apply_all(deal: Deal, actions: Iterable[str]) -> Deal:
    for a in actions:
        deal.apply(a)
    return deal


def scripted() -> dict[str, dict[str, Any]]:
    """The scripted deal records of ``data/scripted_deals.json`` (see its generator)."""
    data: dict[str, dict[str, Any]] = json.loads((DATA / "scripted_deals.json").read_text())
    return data


def random_playout(deal: Deal, rng: random.Random, limit: int | None = None) -> Deal:
    """Play random legal actions until the deal is over (or ``limit`` actions)."""
    n = 0
    while deal.to_act is not None and (limit is None or n < limit):
        deal.apply(rng.choice(deal.legal_actions()))
        n += 1
    return deal


def play_random_game(game: Game, rng: random.Random, max_deals: int = 400) -> Game:
    for _ in range(max_deals):
        if game.over:
            break
        deal = game.new_deal()
        random_playout(deal, rng)
    return game


def game_with_totals(
    totals: tuple[int, int, int], *, rules: Rules | None = None, first_dealer: int = 2
) -> Game:
    """A fresh game whose running totals start at ``totals``.

    The spec's running-total vectors (§12, T1–T7) start from totals no short game reaches.
    """
    return Game(rules, first_dealer=first_dealer, totals=totals)


def strings_in(obj: Any) -> Iterator[str]:
    """Every string (keys included) inside a JSON-like object."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings_in(v)


def cards_mentioned(obj: Any) -> set[str]:
    """Every card named anywhere in a JSON-like object."""
    found: set[str] = set()
    for s in strings_in(obj):
        found.update(CARD_RE.findall(s))
    return found


def names(mask: int) -> set[str]:
    return {card_name(c) for c in cards_of(mask)}


# ----------------------------------------------------------------- reference play rules
# Written from rules.md §8 alone, deliberately not sharing code with paston.games.paston.state.


def suit_of(card: str) -> str:
    return card[1]


def rank_of(card: str) -> int:
    return RANKS.index(card[0])


def ref_legal(hand: list[str], trick: list[str], trump: str, overtrump: bool = False) -> set[str]:
    """The cards of ``hand`` that may be played to ``trick`` (cards already played to it)."""
    if not trick:
        return set(hand)
    led = suit_of(trick[0])
    follow = {c for c in hand if suit_of(c) == led}
    if follow:
        return follow
    trumps = {c for c in hand if suit_of(c) == trump}
    if trumps:
        if overtrump:
            best = max((rank_of(c) for c in trick if suit_of(c) == trump), default=-1)
            higher = {c for c in trumps if rank_of(c) > best}
            if higher:
                return higher
        return trumps
    return set(hand)


def ref_winner(trick: list[str], trump: str) -> int:
    """Index in ``trick`` of the winning card."""
    trumps = [i for i, c in enumerate(trick) if suit_of(c) == trump]
    if trumps:
        return max(trumps, key=lambda i: rank_of(trick[i]))
    led = suit_of(trick[0])
    return max(
        (i for i, c in enumerate(trick) if suit_of(c) == led), key=lambda i: rank_of(trick[i])
    )


TRUMP_OF_CONTRACT = {"paston": "S", "glitch": "C", "dineri": "D", "gupa": "H", "grkha": "S"}


def ref_play_tricks(record: dict[str, Any]) -> list[int]:
    """Tricks won by each seat's hand, recomputed from a finished deal record that has a
    bid, a discard, a declaration, two defence decisions and the play (any lone-whist mode).

    Checks every card against :func:`ref_legal` on the way.
    """
    actions = record["actions"]
    hands = [list(h) for h in record["hands"]]
    first = 0
    while actions[first] in ("pass", "paston", "glitch", "dineri", "gupa", "grkha"):
        first += 1
    # The declarer is the last bidder (these records have no all-pass).
    bids = actions[:first]
    n_bidders = 0
    # Who made each auction action: clockwise from the first bidder, skipping passers.
    fb = (record["dealer"] + 1) % 3
    if record["first_deal"]:
        holders = [s for s in (0, 1, 2) if "JS" in hands[s]] or [
            s for s in (0, 1, 2) if "7S" in hands[s]
        ]
        fb = holders[0]
    passed: set[int] = set()
    seat = fb
    last_bidder = -1
    for a in bids:
        if a != "pass":
            last_bidder = seat
            n_bidders += 1
        else:
            passed.add(seat)
        seat = (seat + 1) % 3
        while seat in passed and len(passed) < 3:
            seat = (seat + 1) % 3
    declarer = last_bidder
    discard = actions[first].split()[1:]
    hands[declarer] = [c for c in hands[declarer] + list(record["prikup"]) if c not in discard]
    contract = actions[first + 1].split()[1]
    trump = TRUMP_OF_CONTRACT[contract]
    left, right = (declarer + 1) % 3, (declarer + 2) % 3
    whist = {left: actions[first + 2] == "whist", right: actions[first + 3] == "whist"}
    two_handed = (
        whist[left] != whist[right]
        and record.get("rules", {}).get("lone_whist_mode", "two_handed") == "two_handed"
    )
    order = [s for s in (0, 1, 2) if not (two_handed and s != declarer and not whist[s])]
    plays = actions[first + 4 :]
    won = [0, 0, 0]
    leader = declarer
    n = len(order)
    for t in range(len(plays) // n):
        seats = [order[(order.index(leader) + i) % n] for i in range(n)]
        trick: list[str] = []
        for s, c in zip(seats, plays[t * n : (t + 1) * n], strict=True):
            assert c in ref_legal(hands[s], trick, trump), (t, s, c, hands[s], trick)
            hands[s].remove(c)
            trick.append(c)
        leader = seats[ref_winner(trick, trump)]
        won[leader] += 1
    return won


def mask(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())
