"""Generate the scripted deals of ``scripted_deals.json`` (run by hand, not by pytest).

Each scenario fixes a contract, the whist decisions and the exact trick counts of a spec
vector (rules.md §12). The script deals random hands (seat 0 holds J♠, so seat 0 bids first
on a first deal with seat 2 dealing) and searches the play for a line that gives exactly those
trick counts. The tests replay the stored records and check the scores against the spec's
numbers, which are typed into the tests, not taken from here.

    .venv/bin/python tests/engine/data/generate_scripted.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from paston.games.paston.cards import JACK_SPADES, card_name, cards_of
from paston.games.paston.record import deal_record
from paston.games.paston.rules import Rules
from paston.games.paston.state import PLAY, Deal

# name: (auction, declare, (left, right) defence, (decl, left, right) tricks, rules)
# Seat 0 is the declarer, seat 1 its left, seat 2 its right.
PG_AUCTION = ["paston", "glitch", "pass", "dineri", "gupa", "grkha"]  # B9-like: seat 0 bids PG
Scenario = tuple[list[str], str, tuple[str, str], tuple[int, int, int], dict[str, Any]]
SCENARIOS: dict[str, Scenario] = {
    "E1": (["paston", "pass", "pass"], "declare paston", ("whist", "whist"), (6, 2, 2), {}),
    "E2": (["paston", "pass", "pass"], "declare glitch", ("whist", "whist"), (5, 4, 1), {}),
    "E3": (["paston", "pass", "pass"], "declare dineri", ("whist", "whist"), (7, 3, 0), {}),
    "E4": (["paston", "pass", "pass"], "declare gupa", ("whist", "whist"), (7, 0, 3), {}),
    "E5": (["paston", "pass", "pass"], "declare paston", ("whist", "whist"), (4, 5, 1), {}),
    "E6": (["paston", "pass", "pass"], "declare dineri", ("whist", "whist"), (4, 3, 3), {}),
    "E7": (["paston", "pass", "pass"], "declare gupa", ("whist", "pass"), (6, 4, 0), {}),
    "E8": (["paston", "pass", "pass"], "declare gupa", ("whist", "pass"), (3, 7, 0), {}),
    "E9": (["paston", "pass", "pass"], "declare paston", ("whist", "pass"), (8, 2, 0), {}),
    "E10": (["paston", "pass", "pass"], "declare glitch", ("whist", "pass"), (10, 0, 0), {}),
    "E11": (["paston", "pass", "pass"], "declare glitch", ("pass", "whist"), (6, 0, 4), {}),
    "E12": (PG_AUCTION, "declare grkha", ("whist", "whist"), (6, 3, 1), {}),
    "E13": (PG_AUCTION, "declare grkha", ("whist", "whist"), (4, 5, 1), {}),
    "E14": (PG_AUCTION, "declare grkha", ("pass", "whist"), (5, 0, 5), {}),
    "T1": (["paston", "pass", "pass"], "declare paston", ("whist", "pass"), (9, 1, 0), {}),
    "T3": (["paston", "pass", "pass"], "declare paston", ("whist", "whist"), (8, 0, 2), {}),
    "T7": (PG_AUCTION, "declare grkha", ("whist", "whist"), (6, 2, 2), {}),
    # Open lone whist: the whister (seat 1) plays seat 2's hand too; the two hands together
    # take 5 tricks (seat 1's hand 3, seat 2's hand 2), declarer 5.
    "OPEN": (
        ["paston", "pass", "pass"],
        "declare paston",
        ("whist", "pass"),
        (5, 3, 2),
        {"lone_whist_mode": "whister_plays_both_open"},
    ),
}


def random_hands(rng: random.Random) -> tuple[list[int], int]:
    deck = [c for c in range(32) if c != JACK_SPADES]
    rng.shuffle(deck)
    deck.insert(rng.randrange(10), JACK_SPADES)  # into seat 0's hand
    masks = [0, 0, 0]
    for i in range(30):
        masks[i // 10] |= 1 << deck[i]
    return masks, (1 << deck[30]) | (1 << deck[31])


def search(deal: Deal, target: tuple[int, int, int], rng: random.Random, budget: list[int]) -> bool:
    if deal.phase != "play":
        return deal.phase == "scored" and tuple(deal.tricks_won) == target
    budget[0] -= 1
    if budget[0] < 0:
        return False
    moves = deal.legal_actions()
    rng.shuffle(moves)
    for move in moves:
        deal.apply(move)
        if all(deal.tricks_won[s] <= target[s] for s in range(3)) and search(
            deal, target, rng, budget
        ):
            return True
        deal.undo()
    return False


def find(name: str, rng: random.Random) -> dict[str, Any]:
    auction, declare, defence, target, flags = SCENARIOS[name]
    rules = Rules.from_dict(flags)
    for _ in range(20000):
        hands, prikup = random_hands(rng)
        deal = Deal(hands, prikup, dealer=2, first_deal=True, rules=rules)
        if deal.phase != "bidding":
            continue
        for a in auction:
            deal.apply(a)
        assert deal.phase == "exchange" and deal.declarer == 0
        hand = cards_of(deal.hands[0])
        c1, c2 = rng.sample(hand, 2)
        deal.apply(f"discard {card_name(c1)} {card_name(c2)}")
        deal.apply(declare)
        deal.apply(defence[0])
        deal.apply(defence[1])
        assert deal.phase_id == PLAY
        if search(deal, target, rng, [3000]):
            return deal_record(deal)
    raise SystemExit(f"no deal found for {name}")


def main() -> None:
    rng = random.Random(20240607)
    names = sys.argv[1:] or list(SCENARIOS)
    out_path = Path(__file__).with_name("scripted_deals.json")
    out: dict[str, Any] = json.loads(out_path.read_text()) if out_path.exists() else {}
    for name in names:
        out[name] = find(name, rng)
        print(name, "found", file=sys.stderr)
    out_path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
