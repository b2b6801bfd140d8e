"""What one seat knows about the hidden cards, worked out from its view alone.

A seat sees its own hand, every face-up card, the pile, the burned cards and the public event
log (``paris.md`` §10). From the log it can also tell which cards went into whose hand in
public: the piles picked up, the face-up cards swapped into a hand, the blind cards that did
not fit. Those cards stay *known* in that hand until the seat plays a card of the same kind.

Everything else (the rest of the other hands, every face-down card, the deck) comes from the
**unseen** cards: the two packs less every card this seat can place. :class:`Knowledge` holds
both, and how many unknown cards each place holds, which is all a world sampler needs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import NUM_CARDS, parse_card
from ..view import ParisView

__all__ = ["Knowledge", "read_knowledge"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Seat ``seat``'s knowledge of where the cards are (card numbers of :mod:`..cards`).

    ``known[s]`` are the cards seat s is known to hold in its hand (for the seat itself, its
    whole hand); ``unknown_hand[s]`` how many more it holds; ``face_down[s]`` its slots that
    still hold an unseen card; ``unseen`` the cards that fill every unknown place: the
    unknown parts of the hands, the face-down slots and the ``deck`` (in a game dealt from a
    full pack exactly as many cards as places; a position may leave some over).
    """

    seat: int
    known: tuple[Counter[int], ...]
    unknown_hand: tuple[int, ...]
    face_down: tuple[tuple[int, ...], ...]
    deck: int
    unseen: Counter[int]

    def hidden_places(self) -> int:
        """How many cards the unseen pool must fill."""
        return sum(self.unknown_hand) + sum(len(s) for s in self.face_down) + self.deck


def _known_from_events(view: ParisView) -> list[Counter[int]]:
    """Per seat, the hand cards the public events reveal."""
    known = [Counter[int]() for _ in range(view.players)]
    for event in view.events:
        seat_known = known[event.seat]
        if event.picked_up is not None:
            seat_known.update(event.picked_up)
            continue
        words = event.action.split()
        if words[0] == "swap":
            went_up, came_down = parse_card(words[1]), parse_card(words[2])
            if seat_known[went_up]:
                seat_known[went_up] -= 1
            seat_known[came_down] += 1
        elif words[0] == "play":
            # A played card of a known kind may have been the unknown copy; taking the known
            # one off only widens the worlds that remain possible.
            for text in words[1:]:
                card = parse_card(text)
                if seat_known[card]:
                    seat_known[card] -= 1
    return [+c for c in known]


def read_knowledge(view: ParisView) -> Knowledge:
    """The knowledge of ``view.seat``, from its view alone."""
    seat, players = view.seat, view.players
    known = _known_from_events(view)
    known[seat] = Counter(view.hand)
    for s in range(players):
        # Known cards cannot outnumber the hand; if the log ever said so, the present wins.
        excess = sum(known[s].values()) - view.seats[s].hand_count
        while excess > 0:
            card = max(known[s])
            known[s][card] -= 1
            known[s] = +known[s]
            excess -= 1
    seen = Counter[int]()
    for s in range(players):
        seen.update(known[s])
        seen.update(view.seats[s].face_up)
    seen.update(view.pile)
    seen.update(view.burned_cards)
    pack = Counter({card: 2 for card in range(NUM_CARDS)})
    unseen = pack - seen
    unknown_hand = tuple(view.seats[s].hand_count - sum(known[s].values()) for s in range(players))
    face_down = tuple(view.seats[s].face_down_slots for s in range(players))
    knowledge = Knowledge(seat, tuple(known), unknown_hand, face_down, view.deck, unseen)
    # More unseen cards than places is possible: a game set up from a position record may
    # hold fewer than 104 cards and burned cards whose faces nobody saw.
    if knowledge.hidden_places() > sum(unseen.values()):
        raise ValueError(
            f"seat {seat}'s view does not add up: {sum(unseen.values())} unseen cards for "
            f"{knowledge.hidden_places()} hidden places"
        )
    return knowledge
