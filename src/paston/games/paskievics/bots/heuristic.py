"""The Paskievics ``heuristic`` bot: thumb rules for every phase, from a seat's view only.

Bidding, holds and yields follow a hand value built from the honours, the tarokk count, the
XX/XIX and the kings; discards keep tarokks, kings and honours and shorten suits; the call
names the highest missing tarokk the cascade allows; announcements are made only when the hand
backs them (trull with all three honours, four kings, ultimó with the pagát and many tarokks,
kontra with a strong hand); play counts card points trick by trick. ``explain`` values every
legal action with a short reason. The bot is deterministic: the same view gives the same
action.
"""

from __future__ import annotations

from typing import Any

from ....bots.base import Bot, Choice
from .. import actions as A
from ..cards import (
    CARD_POINTS,
    HONOURS,
    KINGS,
    PAGAT,
    SKIZ,
    T20,
    T21,
    is_tarokk,
    parse_card,
    suit_of,
)
from ..cards import tarokk as tarokk_card
from ..view import PaskievicsView

__all__ = ["HeuristicBot", "hand_value"]

T19 = tarokk_card(19)

#: The hand value (see :func:`hand_value`) from which each level (three, two, one, solo) is bid.
BID_THRESHOLDS = (11.0, 14.0, 16.5, 20.0)


def _cards(names: list[str]) -> list[int]:
    return [parse_card(n) for n in names]


def hand_value(hand: list[int]) -> float:
    """A rough strength of a hand for the declarer's side: tarokks, honours, XX/XIX, kings,
    short suits (they let the tarokks trump)."""
    tarokks = [c for c in hand if is_tarokk(c)]
    value = float(len(tarokks))
    value += 3.0 * (SKIZ in hand) + 3.0 * (T21 in hand)
    value += 1.5 * (T20 in hand) + 1.0 * (T19 in hand)
    # The pagát is a liability in a short trump hand, an asset in a long one.
    if PAGAT in hand:
        value += 1.0 if len(tarokks) >= 7 else -0.5
    value += 1.0 * sum(1 for c in hand if c in KINGS)
    suits = {suit_of(c) for c in hand if not is_tarokk(c)}
    value += 0.5 * (4 - len(suits))
    return value


def _beats(card: int, best: int, led: int) -> bool:
    """Whether ``card`` beats the trick's current best card ``best`` (``led`` = suit led)."""
    if is_tarokk(card):
        return not is_tarokk(best) or card < best
    if is_tarokk(best):
        return False
    return suit_of(card) == suit_of(best) == led and card < best


class _Table:
    """What the view says about seats, sides and cards gone, in convenient form."""

    def __init__(self, view: PaskievicsView) -> None:
        data: dict[str, Any] = view.data
        self.data = data
        self.seat = view.seat
        self.hand = _cards(data["hand"])
        players = int(data["players"])
        forehand = int(data["forehand"])
        self.order = [(forehand + i) % players for i in range(4)]
        sides: dict[str, str] = data.get("sides") or {}
        mine = sides.get(str(self.seat))
        self.friends = {int(s) for s, side in sides.items() if side == mine and int(s) != self.seat}
        self.foes = {int(s) for s, side in sides.items() if side != mine}
        self.played: set[int] = set()
        for trick in data["tricks"]:
            self.played.update(parse_card(c) for c in trick["cards"])
        self.trick = _cards(data["trick"])
        self.played.update(self.trick)
        tricks = data["tricks"]
        self.leader = int(tricks[-1]["winner"]) if tricks else forehand
        self.trick_no = len(tricks) + 1
        start = self.order.index(self.leader)
        seq = [self.order[(start + i) % 4] for i in range(4)]
        self.before = seq[: len(self.trick)]
        self.after = seq[len(self.trick) + 1 :]
        own_side = "declarer" if mine == "declarer" else "defenders"
        self.own_ultimo = any(
            a["item"] == "ultimo" and a["side"] == own_side for a in data["announcements"]
        )

    def unseen_higher_tarokks(self, card: int) -> int:
        """Tarokks above ``card`` neither played nor in this hand (could still beat it)."""
        return sum(1 for c in range(card) if c not in self.played and c not in self.hand)

    def tarokks_out(self) -> int:
        return sum(1 for c in range(22) if c not in self.played and c not in self.hand)


class HeuristicBot(Bot[PaskievicsView]):
    """Thumb rules for bidding, discards, the call, announcements and card play."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # accepted for the registry's signature; the bot is deterministic

    def act(self, view: PaskievicsView) -> int:
        if not view.legal:
            raise ValueError("the heuristic bot was asked to act, but it has no legal action")
        if len(view.legal) == 1:
            return view.legal[0]
        return self.explain(view)[0].action

    def explain(self, view: PaskievicsView) -> list[Choice]:
        if not view.legal:
            raise ValueError("the heuristic bot was asked to act, but it has no legal action")
        phase = view.data["phase"]
        valuer = {
            "bidding": _value_bid,
            "raise": _value_raise,
            "discard": _value_discard,
            "announce": _value_announce,
            "play": _value_play,
        }.get(phase)
        if valuer is None:
            raise ValueError(f"the heuristic bot cannot act in phase {phase!r}")
        table = _Table(view)
        choices = [Choice(a, *valuer(table, a)) for a in view.legal]
        # Stable: equal values keep the engine's order of the legal list.
        choices.sort(key=lambda c: -c.value)
        return choices


# ----------------------------------------------------------------------------- bidding
def _value_bid(t: _Table, action: int) -> tuple[float, str]:
    strength = hand_value(t.hand)
    bid = t.data["bid"]
    standing = A.LEVELS.index(bid) if bid is not None else -1
    target = sum(1 for x in BID_THRESHOLDS if strength >= x) - 1  # -1: too weak to bid
    if action == A.PASS:
        if T20 in t.hand and standing == 1 and (SKIZ in t.hand or T21 in t.hand):
            # Possibly the yield: passing shows the XX, which the declarer must call.
            return 0.5, "pass (a yield shows the XX: partner of the declarer)"
        return 0.0, f"pass (hand value {strength:.1f})"
    if action == A.HOLD:
        level = standing
        if target >= level:
            return 2.0 + level, f"hold {A.LEVELS[level]}: hand value {strength:.1f} bears it"
        return -1.0 - (
            level - target
        ), f"hold {A.LEVELS[level]}: too strong for hand {strength:.1f}"
    level = action - A.LEVEL
    if not any(c in HONOURS for c in t.hand):
        return -2.0, "trial bid without an honour: the talon must bring one"
    if level <= target:
        # The lowest sufficient level: more talon cards and a cheaper game.
        return 1.0 + (target - level) * 0.1 - (level - max(standing, 0)) * 0.3, (
            f"bid {A.LEVELS[level]}: hand value {strength:.1f}"
        )
    return -1.0 - (level - target), f"bid {A.LEVELS[level]}: beyond hand value {strength:.1f}"


def _value_raise(t: _Table, action: int) -> tuple[float, str]:
    level = action - A.LEVEL
    if level == 0:
        return 1.0, "keep three: three talon cards"
    return -float(level), f"raise to {A.LEVELS[level]}: fewer talon cards for nothing"


# ----------------------------------------------------------------------------- discards
def _value_discard(t: _Table, action: int) -> tuple[float, str]:
    hand = t.hand
    if action == A.ANNUL:
        tarokks = sum(1 for c in hand if is_tarokk(c))
        if tarokks <= 2:
            return 5.0, f"annul: only {tarokks} tarokk(s)"
        return -5.0, "annul: the hand is playable"
    cards = A.DISCARD_SETS[action - A.DISCARD]
    rest = [c for c in hand if c not in cards]
    declarer = t.data["declarer"] == t.seat
    value = 0.0
    tarokks = sum(1 for c in cards if is_tarokk(c))
    value -= 6.0 * tarokks
    for c in cards:
        if not is_tarokk(c):
            # The declarer banks the points he lays away; others keep high cards to win tricks.
            value += 0.4 * CARD_POINTS[c] if declarer else -0.2 * CARD_POINTS[c]
    voids = 4 - len({suit_of(c) for c in rest if not is_tarokk(c)})
    value += 2.5 * voids
    # A lone card in a suit is nearly a void (one trick, then trumping).
    singles = sum(
        1 for s in range(4) if sum(1 for c in rest if not is_tarokk(c) and suit_of(c) == s) == 1
    )
    value += 0.8 * singles
    names = " ".join(A.action_str(action).split()[1:])
    reason = f"discard {names}: {voids} void suit(s)"
    if tarokks:
        reason += f", gives up {tarokks} tarokk(s)"
    return value, reason


# ----------------------------------------------------------------------------- announcements
def _strong(hand: list[int]) -> bool:
    tarokks = sum(1 for c in hand if is_tarokk(c))
    highs = (SKIZ in hand) + (T21 in hand)
    return (tarokks >= 6 and highs == 2) or (tarokks >= 7 and highs >= 1)


def _value_announce(t: _Table, action: int) -> tuple[float, str]:
    hand = t.hand
    tarokks = sum(1 for c in hand if is_tarokk(c))
    if action == A.PASS:
        return 0.0, "pass: nothing more to say"
    if A.CALL <= action < A.COUNT:
        card = action - A.CALL
        if card in hand:
            return -1.0 + 0.1 * _strong(hand), f"call {A.action_str(action)[5:]}: plays alone"
        return 5.0 - card * 0.1, f"call {A.action_str(action)[5:]}: the highest tarokk it lacks"
    if A.COUNT <= action < A.BONUS:
        return 3.0, "declare the tarokk count: paid by everyone"
    if A.BONUS <= action < A.KONTRA:
        bonus = A.BONUSES[action - A.BONUS]
        if bonus == "trull" and set(hand) >= HONOURS and tarokks >= 6:
            return 2.0, "trull: all three honours in hand"
        if bonus == "kings" and set(hand) >= KINGS:
            return 2.0, "four kings in hand"
        if bonus == "ultimo" and PAGAT in hand and tarokks >= 7 and (SKIZ in hand or T21 in hand):
            return 2.0, "ultimó: the pagát with many tarokks and a high honour"
        if bonus == "ultimo" and PAGAT in hand:
            return -0.5, "ultimó: too few tarokks to keep the pagát to the end"
        return -2.0, f"{bonus}: the hand does not back it"
    level, item = divmod(action - A.KONTRA, len(A.ITEMS))
    word = A.KONTRA_WORDS[level]
    if item == 0 and level <= 1 and _strong(hand):
        return 1.5, f"{word} game: strong hand ({tarokks} tarokks)"
    return -1.0 - level, f"{word} {A.ITEMS[item]}: the hand is not strong enough"


# ----------------------------------------------------------------------------- play
def _value_play(t: _Table, action: int) -> tuple[float, str]:
    card = action - A.PLAY
    pts = CARD_POINTS[card]
    if not t.trick:
        return _value_lead(t, card)
    led = suit_of(t.trick[0])
    best_i = 0
    for i, c in enumerate(t.trick[1:], 1):
        if _beats(c, t.trick[best_i], led):
            best_i = i
    best = t.trick[best_i]
    winner = t.before[best_i]
    on_table = sum(CARD_POINTS[c] for c in t.trick)
    last = not t.after
    foes_after = any(s not in t.friends for s in t.after)
    name = A.action_str(action)
    if _beats(card, best, led):
        if last or not foes_after:
            safe = 1.0
        elif is_tarokk(card):
            higher = t.unseen_higher_tarokks(card)
            safe = 1.0 if higher == 0 else max(0.1, 0.8 - 0.15 * higher)
        else:
            # A plain card may be trumped by a later player void in the suit.
            safe = 0.6 if t.trick_no <= 3 else 0.35
        if winner in t.friends and not last:
            safe *= 0.5  # overtaking a partner only wastes a card
        value = safe * (on_table + pts) - (1 - safe) * pts
        value -= _spend_cost(t, card)
        if card == T21 and SKIZ not in t.played and SKIZ not in t.hand and foes_after:
            value -= 10.0  # the XXI could be caught by the Skíz
        if card == PAGAT:
            value += _pagat_adjust(t)
        return value, f"{name}: takes {on_table + pts} points (sure: {safe:.0%})"
    # Not winning: smear onto a friend's winning trick, else give away as little as possible.
    friend_holds = winner in t.friends and (last or _likely_holds(t, best, led))
    if card == PAGAT:
        adjust = _pagat_adjust(t)
        loss = -5.0 if not friend_holds else 5.0
        return loss + adjust, f"{name}: the pagát " + ("to a partner" if friend_holds else "lost")
    if card == T21:
        return -12.0 if not friend_holds else 4.0, f"{name}: the XXI under a higher card"
    if friend_holds:
        return float(pts) - 0.3 * is_tarokk(card), f"{name}: smears {pts} onto a partner's trick"
    return -float(pts) - _spend_cost(t, card), f"{name}: gives away {pts} points"


def _likely_holds(t: _Table, best: int, led: int) -> bool:
    if is_tarokk(best):
        return t.unseen_higher_tarokks(best) <= 1 or all(s in t.friends for s in t.after)
    return all(s in t.friends for s in t.after)


def _spend_cost(t: _Table, card: int) -> float:
    """What playing a card costs later: high tarokks win future tricks."""
    if is_tarokk(card):
        return 0.15 * max(0, 12 - card) if card not in HONOURS else 0.0
    return 0.0


def _pagat_adjust(t: _Table) -> float:
    if t.own_ultimo and t.trick_no < 9:
        return -20.0  # the pagát is kept for the last trick (§9 hold-back)
    return 0.0


def _value_lead(t: _Table, card: int) -> tuple[float, str]:
    name = A.action_str(card + A.PLAY)
    hand = t.hand
    mine = sum(1 for c in hand if is_tarokk(c))
    out = t.tarokks_out()
    if is_tarokk(card):
        if card == PAGAT:
            return (5.0 if out == 0 else -8.0) + _pagat_adjust(t), f"{name}: leads the pagát"
        higher = t.unseen_higher_tarokks(card)
        if higher == 0:
            if card in (T21, SKIZ):
                return 3.0 + 0.5 * (out > 0), f"{name}: the top tarokk draws trumps safely"
            return 2.5, f"{name}: the top tarokk left"
        if card == T21:
            return -10.0, f"{name}: the XXI could be caught by the Skíz"
        # Drawing trumps pays with the longer trump hand; lead low ones for it.
        draw = 1.0 if mine * 3 > out else -1.0
        return draw - 0.1 * max(0, 12 - card), (f"{name}: draws trumps ({mine} held, {out} out)")
    suit = suit_of(card)
    in_suit = [c for c in hand if not is_tarokk(c) and suit_of(c) == suit]
    seen = sum(1 for c in t.played if not is_tarokk(c) and suit_of(c) == suit)
    pts = CARD_POINTS[card]
    if card in KINGS and seen == 0 and t.trick_no <= 4:
        return 1.5, f"{name}: a king in an untouched suit may come home"
    # A low card of a short suit: little lost, and the suit may soon be trumped by us.
    value = -0.5 * pts - 0.2 * len(in_suit) + (0.5 if card == max(in_suit) else 0.0)
    return value, f"{name}: leads a low card ({pts} point(s))"
