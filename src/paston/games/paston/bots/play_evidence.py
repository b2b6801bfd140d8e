"""Card plays as evidence about the hidden hands: how likely the others' earlier cards were
in a sampled world.

:class:`~paston.games.paston.bots.worlds.WorldSampler` uses the card play only through the
voids it shows, and ``wpimc`` weights worlds by the bids, whists and contract. But a card
says more: a defender who drops the nine on a lost trick has no seven or eight of that
suit, a declarer who draws trumps with the king has no ace, a second hand that ducks holds
no cheap winner. :class:`PlayEvidence` replays the public card play in a world and scores
each earlier card of a hidden hand under a soft version of the ``heuristic`` bot's card
choice with that hand: the card the heuristic would play there has probability
``1 - eps + eps / n``, every other legal card ``eps / n`` (``n`` legal cards), so no card
rules a world out -- the others need not play as the heuristic does.

Only hidden hands are scored: this seat's own cards and hands shown to everyone
(``open_hands``) are the same in every world, so their cards weigh nothing. The policy of a
seat at a play depends only on the public play before it and on that seat's hand then (and,
for the declarer, its discards), so the likelihoods are memoised on those: the worlds of one
decision share most of them. Everything here comes from the deciding seat's view and the
world sampled from it.
"""

from __future__ import annotations

from dataclasses import replace

# The solver's rule for the cards one hand may play to a trick (its public ``legal_cards``
# wants a whole consistent position, which a hand at an earlier play is not).
from ..solver.api import _legal_for
from ..view import PublicTrick, SeatView
from .heuristic import HeuristicBot
from .worlds import World

__all__ = ["PlayEvidence", "public_plays"]

#: The others' card policy: the heuristic bot as it plays by default (deterministic).
_MODEL = HeuristicBot()

#: One earlier card of the play: (position in the play, seat, card, finished tricks before
#: it, the cards of its trick before it).
Play = tuple[int, int, int, int, tuple[tuple[int, int], ...]]


def public_plays(view: SeatView) -> list[Play]:
    """Every card played so far, in order, with where it was played."""
    out: list[Play] = []
    k = 0
    for n, t in enumerate(view.tricks):
        pairs = tuple(zip(t.seats, t.cards, strict=True))
        for i, (s, c) in enumerate(pairs):
            out.append((k, s, c, n, pairs[:i]))
            k += 1
    n = len(view.tricks)
    for i, (s, c) in enumerate(view.trick):
        out.append((k, s, c, n, view.trick[:i]))
        k += 1
    return out


class PlayEvidence:
    """The likelihood of the others' earlier cards in worlds of one view (module doc)."""

    def __init__(self, view: SeatView, eps: float = 0.2) -> None:
        if not 0.0 < eps <= 1.0:
            raise ValueError(f"eps must be a number in (0, 1], not {eps!r}")
        self.view = view
        self.eps = eps
        self.trump = view.trump if view.trump is not None else 0
        self.plays = public_plays(view)
        # Hands whose cards tell nothing new: this seat's own and those shown to all.
        self.scored = tuple(
            p for p in self.plays if p[1] != view.seat and p[1] not in view.open_hands
        )
        played_by = [0, 0, 0]
        for _, s, c, _, _ in self.plays:
            played_by[s] |= 1 << c
        self.played_by = tuple(played_by)
        #: The cards each seat plays after each position (added back to a world's hand).
        self._later: dict[int, int] = {}
        for k, s, _, _, _ in self.scored:
            self._later[k] = sum(1 << c for kk, ss, c, _, _ in self.plays if ss == s and kk >= k)
        self._memo: dict[tuple[int, int, int], float] = {}

    def likelihood(self, world: World) -> float:
        """How likely the hidden hands' earlier cards were in ``world``: a product of the
        per-card probabilities, each in ``[eps / n, 1 - eps + eps / n]``, or 0 where a card
        would not have been legal with the world's hand (a world the sampler never gives)."""
        like = 1.0
        for k, s, c, n, before in self.scored:
            hand = world.hands[s] | self._later[k]
            discards = world.discards if s == self.view.declarer else 0
            key = (k, hand, discards)
            p = self._memo.get(key)
            if p is None:
                p = self._card_probability(s, c, hand, discards, n, before)
                self._memo[key] = p
            like *= p
        return like

    def _card_probability(
        self,
        seat: int,
        card: int,
        hand: int,
        discards: int,
        n: int,
        before: tuple[tuple[int, int], ...],
    ) -> float:
        view = self.view
        rules = view.rules
        trick = tuple(c for _, c in before)
        legal = _legal_for(hand, trick, self.trump, rules.must_overtrump)
        if not legal >> card & 1:
            return 0.0  # the card was not legal with this hand: the world contradicts the play
        count = legal.bit_count()
        if count == 1:
            return 1.0
        tricks: tuple[PublicTrick, ...] = view.tricks[:n]
        played = [c for t in tricks for c in t.cards] + list(trick)
        cards = tuple(c for c in range(32) if hand >> c & 1)
        # What ``seat`` saw when it played: its hand then and the public play before.
        question = replace(
            view,
            seat=seat,
            hand=cards,
            hand_to_play=seat,
            phase="play",
            to_act=seat,
            legal=tuple(c for c in range(32) if legal >> c & 1),
            tricks=tricks,
            trick=before,
            played=tuple(sorted(played)),
            discards=tuple(c for c in range(32) if discards >> c & 1) if discards else None,
            leader=before[0][0] if before else self._leader(n),
        )
        chosen = _MODEL.act(question)
        base = self.eps / count
        return 1.0 - self.eps + base if chosen == card else base

    def _leader(self, n: int) -> int | None:
        """Who led trick ``n`` (the winner of the trick before; the first leader for 0)."""
        tricks = self.view.tricks
        if n == 0:
            return tricks[0].leader if tricks else self.view.leader
        return tricks[n - 1].winner
