"""Property: no WebSocket message of a Paris or Paskievics table holds a card, or a hidden
partnership, that its viewer may not know.

The same random sessions as ``test_server_noleak.py`` (legal and illegal commands, stale
commands, reconnects, players leaving so stand-ins play, spectators, chat, hints, garbage,
two tables at a time) run against a real server. Afterwards each table's event log is replayed
through the game and every message (``state`` with its view, ``deal_over`` and score sheet,
``hint``, ``reject``, ``chat``, ``presence``, ``ack``) is checked against the state at its
``seq``.

What a viewer may know is written here from the rules, not from the games' view code:

- Paris (shared/spec/paris.md §10): every face-up card, the pile, the burned cards, every
  card shown by an action (both cards of a swap, a play, a blind card, the cards of a pick-up:
  remembered while they stay in that hand), and the viewer's own hand; never a face-down card
  before it is turned, never the deck. Each card exists twice, so knowledge is a multiset: a
  list in a message may not show more copies of a card than its viewer may know of.
- Paskievics (shared/spec/paskievics.md §12, §6.3, §7.3, §8.5, §9): the cards played, the
  card an invitation or yield shows, the declarer's discarded tarokks once the discards are
  done, and the viewer's own dealt hand, talon cards and discard (with five, the sitting-out
  dealer only the public part, unless ``five_dealer_sees``). The called card is public as a
  name only: who holds it is shown only to the holder, to a declarer who called himself, to
  the discarder of the called card, and to everybody once §8.5 or the card's play reveals it.
- Spectators see only what is public. Once a hand is over the server reveals it to everybody
  (docs/server-protocol.md §2.1, ``deal_over``): everything is allowed then.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from noleak_helpers import Seen, lists_in, ops_strategy, replay_and_check, run_session, strings_in
from server_helpers import ThreadServer

from paston.core.registry import get_game
from paston.server.hand_rng import ReplayRandom
from paston.server.store import EventStore

# ----------------------------------------------------------------------------- Paris

#: Paris cards as they may appear (paris-notation.md "Cards"): canonical ``7H``, ``TD``, and
#: the input forms ``10D`` and suit symbols.
PARIS_CARD = re.compile(r"(?<![\w])(10|[2-9TJQKA])([CDHS♣♦♥♠])(?![\w])")
_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
PARIS_ALL = Counter({r + s: 2 for r in "3456789TJQKA2" for s in "CDHS"})


@cache
def paris_tokens(text: str) -> tuple[str, ...]:
    out = []
    for rank, suit in PARIS_CARD.findall(text):
        out.append(("T" if rank == "10" else rank) + _SYMBOLS.get(suit, suit))
    return tuple(out)


def paris_cards(obj: Any) -> Counter[str]:
    """Every card a message names, as a set of names (one count each)."""
    return Counter({c: 1 for _k, s in strings_in(obj) for c in paris_tokens(s)})


class ParisOracle:
    """A Paris session replayed from its log; ``known`` is what paris.md §10 lets a viewer
    know, as a multiset of card names (remembered for the rest of the game)."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.info = get_game("paris")
        from paston.games.paris.cards import CARD_NAMES

        self.names = CARD_NAMES
        self.n = len(settings["seats"])
        self.match: Any = self.info.new_match(
            self.n,
            self.info.parse_rules(settings["rules"]),
            settings["first_dealer"],
            **settings["match_options"],
        )
        self.state: Any = None
        self.viewers: list[int | None] = [None, *range(self.n)]
        self.public_in_hand: list[Counter[str]] = []
        self.memory: dict[int | None, Counter[str]] = {}

    def _names(self, cards: Any) -> Counter[str]:
        return Counter(self.names[c] for c in cards)

    def deal(self, draws: list[Any], rng: random.Random | None = None) -> None:
        """The next game, dealt again from the logged draws (or live from ``rng``)."""
        self.state = self.match.next_state(rng or ReplayRandom(draws))
        self.public_in_hand = [Counter() for _ in range(self.n)]
        self.memory = {}
        self._remember()

    def act(self, action: str) -> None:
        st, s = self.state, self.state.to_act
        known = self.public_in_hand[s]
        pile = self._names(st.pile)
        words = action.split()
        blind_card = None
        if words[0] == "blind":
            blind_card = self.names[st.face_down(s)[int(words[1])]]
        st.apply(action)
        if words[0] == "swap":  # the hand card goes face up, the face-up card into the hand
            known[words[1]] -= 1
            known[words[2]] += 1
        elif words[0] == "pickup":  # everybody saw which cards went into the hand
            known.update(pile)
        elif words[0] == "play":
            known.subtract(Counter(words[1:]))
        elif blind_card is not None and st.hand_count(s) > 0:
            known.update(pile)  # a blind card that did not fit: the pile and that card
            known[blind_card] += 1
        # Nobody may know a seat holds more than it holds.
        self.public_in_hand[s] = +(known & self._names(st.hand(s)))
        self._remember()

    def known_now(self, viewer: int | None) -> Counter[str]:
        st = self.state
        out = self._names(st.pile) + self._names(st.burned_cards)
        for s in range(self.n):
            out += self._names(st.face_up(s))
            if s != viewer:
                out += self.public_in_hand[s]
        if viewer is not None:
            out += self._names(st.hand(viewer))
        return out & PARIS_ALL

    def _remember(self) -> None:
        for v in self.viewers:
            self.memory[v] = self.memory.get(v, Counter()) | self.known_now(v)

    def known(self, viewer: int | None) -> Counter[str]:
        if self.state is None:
            return Counter()
        if self.state.is_over:
            return PARIS_ALL
        return self.memory[viewer]

    def check(self, seat: int | None, msg: dict[str, Any], sent: str | None) -> None:
        known = self.known(seat)
        found = paris_cards(msg)
        if sent:
            found -= paris_cards(sent)  # a rejection may echo what the client itself sent
        bad = sorted(set(found) - set(known))
        assert not bad, f"Paris leak to seat {seat}: {bad} in {_show(msg)}"
        # Duplicates: no one list (a hand, the face-up cards, the pile, a pick-up) or action
        # may show more copies of a card than the viewer may know of.
        for _key, items in lists_in(msg):
            if all(isinstance(x, str) and paris_tokens(x) == (x,) for x in items) and items:
                groups = [Counter(items)]
            else:
                groups = [Counter(paris_tokens(x)) for x in items if isinstance(x, str)]
            for g in groups:
                if sent:
                    g -= Counter(paris_tokens(sent))
                over = sorted((g - known).elements())
                assert not over, f"Paris leak to seat {seat}: copies {over} in {_show(msg)}"
        if seat is None and msg["type"] == "state" and msg["view"] is not None:
            assert msg["view"]["hand"] == [] and msg["view"]["legal"] == []


# ----------------------------------------------------------------------------- Paskievics

#: Paskievics cards as they may appear (paskievics-notation.md §2): canonical ``SK``,
#: ``T1``..``T21``, ``KH``..``TS``, and the aliases: Roman numerals (of two letters or more:
#: a lone "I" is English), the names Skíz, Mond, Pagát, ``10C``/``10S`` and suit symbols.
#: Output is upper case; a lower-case alias can only be the echo of what a client sent.
PASK_CARD = re.compile(
    r"(?<![\w])(SK|T(?:2[01]|1[0-9]|[1-9])|[KQCJA][HD]|[KQCJT][CS]|10[CS]"
    r"|[KQCJA][♥♦]|(?:[KQCJT]|10)[♣♠]"
    r"|(?=[IVX]{2})X{0,2}(?:IX|IV|V?I{0,4})"
    r"|(?i:sk[ií]z|mond|pag[aá]t))(?![\w])"
)
_ROMAN = {"I": 1, "V": 5, "X": 10}
PASK_SUIT = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}
#: Names of a card that say nothing of where it lies: ``call X`` names the called card (or
#: one the declarer may call), which is public as a name (§7.2); a hint's reason may warn that
#: the Skíz (not yet played, not the asker's) could catch the asker's XXI.
PASK_NEUTRAL = re.compile(r"\bcall \S+|could be caught by the Skíz")


def _roman(text: str) -> int:
    total = 0
    for i, ch in enumerate(text):
        v = _ROMAN[ch]
        total += -v if i + 1 < len(text) and _ROMAN[text[i + 1]] > v else v
    return total


@cache
def pask_tokens(text: str) -> tuple[str, ...]:
    from paston.games.paskievics.cards import CARD_NAMES

    out = []
    for m in PASK_CARD.finditer(PASK_NEUTRAL.sub(" ", text)):
        tok = m.group(1)
        if not tok:
            continue
        low = tok.lower()
        if low.startswith("sk") and low != "sk":
            name = "SK"
        elif low == "mond":
            name = "T21"
        elif low.startswith("pag"):
            name = "T1"
        elif set(tok) <= set(_ROMAN):
            n = _roman(tok)
            name = "SK" if n == 22 else f"T{n}"
        else:
            tok = tok.replace("10", "T")
            name = tok[:-1] + PASK_SUIT.get(tok[-1], tok[-1])
        if name in CARD_NAMES:
            out.append(name)
    return tuple(out)


def pask_cards(obj: Any) -> set[str]:
    # The called card's name (key ``called``) is public; who holds it is checked apart.
    return {c for k, s in strings_in(obj) if k != "called" for c in pask_tokens(s)}


def _is_tarokk(name: str) -> bool:
    return name == "SK" or (name[0] == "T" and name[1:].isdigit())


BONUSES = {"trull", "kings", "double", "volat", "ultimo", "catch"}


class PaskievicsOracle:
    """A Paskievics game replayed from its log; ``known`` is what paskievics.md §12 lets a
    viewer know, as a set of card names."""

    def __init__(self, settings: dict[str, Any]) -> None:
        from paston.games.paskievics.cards import CARD_NAMES

        self.info = get_game("paskievics")
        self.names = CARD_NAMES
        self.rules = self.info.parse_rules(settings["rules"])
        self.n = len(settings["seats"])
        self.match: Any = self.info.new_match(self.n, self.rules, settings["first_dealer"])
        self.state: Any = None
        self.viewers: list[int | None] = [None, *range(self.n)]

    def deal(self, draws: list[Any], rng: random.Random | None = None) -> None:
        """The next deal, dealt again from the logged draws (or live from ``rng``)."""
        self.state = self.match.next_state(rng or ReplayRandom(draws))

    def act(self, action: str) -> None:
        self.state.apply(action)

    def _n(self, cards: Any) -> set[str]:
        return {self.names[c] for c in cards}

    def known(self, viewer: int | None) -> set[str]:
        st = self.state
        if st is None:
            return set()
        if st.is_over:
            return set(self.names)
        out: set[str] = set()
        for _leader, cards, _winner in st.tricks:
            out |= self._n(cards)  # every card played (§9)
        out |= self._n(st.trick)
        if st.invitation is not None:
            out.add(self.names[st.invitation[0]])  # the card an invitation shows (§12)
        if st.phase in ("announce", "play") and st.declarer is not None:
            # The declarer's discarded tarokks are shown once the discards are done (§6.3).
            out |= {c for c in self._n(st.discards[st.declarer]) if _is_tarokk(c)}
        if viewer is None:
            return out
        if viewer in st.active:
            out |= self._n(st.dealt[viewer]) | self._n(st.hands[viewer])
            out |= self._n(st.discards[viewer])
            if st.received is not None:
                out |= self._n(st.received[viewer])
        elif self.rules.five_dealer_sees:  # §1.1: the sitting-out dealer
            for s in range(st.seats):
                out |= self._n(st.discards[s])
                if st.received is not None:
                    out |= self._n(st.received[s])
        return out

    def _said_after_call(self) -> list[tuple[int, str]]:
        st = self.state
        said = [(s, st.action_str(a)) for s, a in zip(st.actors, st.history, strict=True)]
        calls = [i for i, (_s, a) in enumerate(said) if a.startswith("call ")]
        return said[calls[0] :] if calls else []

    def _spoke(self, seat: int) -> bool:
        """``seat`` announced a bonus or raised an item (§8.5), or counted its tarokks when
        that identifies a side."""
        for s, a in self._said_after_call():
            word = a.split()[0]
            if s == seat and (
                word in BONUSES
                or word.endswith("kontra")
                or (word == "tarokks" and self.rules.count_identifies_side)
            ):
                return True
        return False

    def partnership_public(self) -> bool:
        """§8.5, §9: everybody knows every side."""
        st = self.state
        if st.called is None:
            return False
        played = {c for _l, cards, _w in st.tricks for c in cards} | set(st.trick)
        if st.is_over or st.called in played:
            return True
        if st.invitation is not None and st.invitation[1] != st.declarer:
            return True  # an accepted invitation or yield: the inviter is the partner
        if not st.alone and self._spoke(st.partner):
            return True  # a non-declarer revealed as the declarer's side
        if st.office is not None:  # §7.4: from the start of the discarder's first turn
            began = st.to_act == st.office or st.phase != "announce"
            return began or any(s == st.office for s, _a in self._said_after_call())
        return False

    def knows_partner(self, viewer: int | None) -> bool:
        st = self.state
        if st.called is None:
            return False
        if self.partnership_public():
            return True
        if viewer is None:
            return False
        if not st.alone and viewer == st.partner:
            return True  # he holds the called card
        if st.alone and viewer == st.declarer and st.office is None:
            return True  # he called a card of his own hand
        return viewer == st.office  # he discarded the called card: the declarer is alone

    def check(self, seat: int | None, msg: dict[str, Any], sent: str | None) -> None:
        known = self.known(seat)
        found = pask_cards(msg)
        if sent:
            found -= set(pask_tokens(sent.upper()))  # a rejection may echo what was sent
        bad = sorted(found - known)
        assert not bad, f"Paskievics leak to seat {seat}: {bad} in {_show(msg)}"
        view = msg.get("view") if msg["type"] == "state" else None
        if view is None:
            return
        st = self.state
        if seat is None:
            assert view["hand"] == [] and view["legal"] == []
        if not self.knows_partner(seat):
            assert view["partner"] is None and view["alone"] is None, (
                f"Paskievics leak to seat {seat}: the partnership in {_show(msg)}"
            )
            for s in view["sides"]:
                ok = int(s) == seat or int(s) == st.declarer or self._spoke(int(s))
                assert ok, f"Paskievics leak to seat {seat}: the side of seat {s} in {_show(msg)}"


def _show(msg: dict[str, Any]) -> str:
    import json

    return json.dumps(msg, ensure_ascii=False)[:900]


def seqless_cards(msg: dict[str, Any], sent: str | None) -> set[str]:
    found = set(paris_cards(msg)) | pask_cards(msg)
    if sent:
        found -= set(paris_tokens(sent.upper())) | set(pask_tokens(sent.upper()))
    return found


# ----------------------------------------------------------------------------- sessions


@dataclass
class Plan:
    body: dict[str, Any]
    humans: list[int]


PARIS_JUNK = [
    "play 3C",
    "play AS AS",
    "play 2H 2H 2H",
    "swap 3C AS",
    "swap 7H 7H",
    "pickup",
    "blind 0",
    "blind 2",
    "ready",
    "play 10♦",
    "play",
    "QQ",
    "",
]

PASK_JUNK = [
    "pass",
    "hold",
    "solo",
    "three",
    "discard KH QH",
    "discard T20",
    "annul",
    "call T20",
    "call T19",
    "ultimo",
    "kontra game",
    "T21",
    "SK",
    "xxi",
    "k♥",
    "KH",
    "TS",
    "",
]


def _humans(n: int) -> st.SearchStrategy[list[bool]]:
    return st.lists(st.booleans(), min_size=n, max_size=n).filter(any)


@st.composite
def paris_table(draw: st.DrawFn) -> Plan:
    n = draw(st.integers(2, 5))
    humans = draw(_humans(n))
    rules: dict[str, Any] = {}
    if draw(st.booleans()):
        rules["voluntary_pickup"] = True
    if draw(st.booleans()):
        rules["play_faceup_with_last_hand"] = True
    if draw(st.booleans()):
        rules["start_rule"] = "most_lowest"
    if draw(st.booleans()):
        rules["ten_grants_extra_turn"] = False
    # A short turn limit ends games early: the end by the limit reveals held cards.
    rules["max_turns"] = draw(st.sampled_from([20, 60, 10000]))
    body = {
        "game": "paris",
        "seats": [{"kind": "human"} if h else {"kind": "bot"} for h in humans],
        "rules": rules,
        "match_options": {"games": draw(st.sampled_from([1, 2]))},
        "hints": True,
        # The search bot's hints sample the hidden cards: their reasons must not name them.
        "hint_bot": draw(st.sampled_from(["heuristic", "dpimc:worlds=2"])),
        "grace": draw(st.sampled_from([0, 60])),
        "deal_pause": 0,
        "first_dealer": draw(st.integers(0, n - 1)),
        "seed": draw(st.integers(0, 2**32)),
    }
    return Plan(body, [i for i, h in enumerate(humans) if h])


@st.composite
def paskievics_table(draw: st.DrawFn) -> Plan:
    n = draw(st.sampled_from([4, 5]))
    humans = draw(_humans(n))
    rules: dict[str, Any] = {"players": n, "game_deals": draw(st.sampled_from([1, 2]))}
    if n == 5 and draw(st.booleans()):
        rules["five_dealer_sees"] = True
    if draw(st.booleans()):
        rules["free_call"] = "always"
    if draw(st.booleans()):
        rules["count_identifies_side"] = True
    body = {
        "game": "paskievics",
        "seats": [{"kind": "human"} if h else {"kind": "bot"} for h in humans],
        "rules": rules,
        "hints": True,
        "hint_bot": draw(st.sampled_from(["heuristic", "pimc:worlds=6"])),
        "grace": draw(st.sampled_from([0, 60])),
        "deal_pause": 0,
        "first_dealer": draw(st.integers(0, n - 1)),
        "seed": draw(st.integers(0, 2**32)),
    }
    return Plan(body, [i for i, h in enumerate(humans) if h])


def _check_session(server: ThreadServer, results: list[tuple[str, Seen]], oracle: Any) -> None:
    store = EventStore(server.db_url)
    try:
        logs = {s.row.id: s for s in store.load()}
    finally:
        store.close()
    for tid, seen in results:
        stored = logs[tid]
        checked = replay_and_check(stored.events, oracle(stored.row.settings), seen, seqless_cards)
        assert checked > 0


#: Moves the seated people play after the random steps: none, or on towards the end.
PLAY_OUT = st.sampled_from([0, 120])

SETTINGS = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@SETTINGS
@given(
    tables=st.lists(paris_table(), min_size=1, max_size=2),
    ops=ops_strategy(),
    play_out=PLAY_OUT,
)
def test_paris_no_viewer_sees_a_card_it_may_not_know(
    thread_server: ThreadServer, tables: list[Plan], ops: Any, play_out: int
) -> None:
    session = run_session(thread_server, tables, ops, PARIS_JUNK, play_out=play_out)
    results = asyncio.run(asyncio.wait_for(session, 300))  # a hang guard
    _check_session(thread_server, results, ParisOracle)


@SETTINGS
@given(
    tables=st.lists(paskievics_table(), min_size=1, max_size=2),
    ops=ops_strategy(),
    play_out=PLAY_OUT,
)
def test_paskievics_no_viewer_sees_a_card_it_may_not_know(
    thread_server: ThreadServer, tables: list[Plan], ops: Any, play_out: int
) -> None:
    session = run_session(thread_server, tables, ops, PASK_JUNK, play_out=play_out)
    results = asyncio.run(asyncio.wait_for(session, 300))  # a hang guard
    _check_session(thread_server, results, PaskievicsOracle)


# ----------------------------------------------------------------------------- engine sweep
# The same oracles against the views the server sends (seat views and the spectator view,
# built as the server builds them), after every action of many random hands: cheap, so
# rare situations (a called card lying in a discard, a blind card that misses, the end by
# the turn limit) come up far more often than in the sessions above.


def _sweep(oracle: Any, rng: random.Random, hands: int) -> int:
    from paston.server.views import hand_reveal, public_view, seat_view

    checked = 0
    for _ in range(hands):
        if oracle.match.over:
            break
        oracle.deal([], rng)
        seq = 0
        while True:
            st_ = oracle.state
            seq += 1
            over = hand_reveal(oracle.info, st_, 1) if st_.is_over else None
            for v in oracle.viewers:
                view = public_view(oracle.info, st_) if v is None else seat_view(st_, v)
                msg = {"type": "state", "seq": seq, "view": view, "deal_over": over}
                oracle.check(v, msg, None)
                checked += 1
            if st_.is_over:
                break
            legal = st_.legal_actions()
            # Often the first legal action (Paris: the lowest play), so games get to an end.
            pick = legal[0] if rng.random() < 0.8 else legal[rng.randrange(len(legal))]
            oracle.act(st_.action_str(pick))
    return checked


SWEEP = settings(max_examples=20, deadline=None, derandomize=True)


@SWEEP
@given(plan=paris_table(), seed=st.integers(0, 2**32))
def test_paris_views_on_random_games(plan: Plan, seed: int) -> None:
    body = dict(plan.body)
    # Random play rarely ends a Paris game: the turn limit does, revealing what is left.
    body["rules"] = {**body["rules"], "max_turns": min(body["rules"]["max_turns"], 400)}
    assert _sweep(ParisOracle(body), random.Random(seed), 2) > 0


@SWEEP
@given(plan=paskievics_table(), seed=st.integers(0, 2**32))
def test_paskievics_views_on_random_deals(plan: Plan, seed: int) -> None:
    assert _sweep(PaskievicsOracle(plan.body), random.Random(seed), 3) > 0
