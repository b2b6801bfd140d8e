"""Rating arithmetic: OpenSkill (Weng-Lin, Plackett-Luce) for every game, and the pairwise Elo
that Preferans sites use for three players, kept beside it for Paston.

What a rating means: OpenSkill believes a player's skill is about ``mu`` give or take
``sigma``; the rating shown is the cautious estimate ``mu - 3 * sigma`` (the skill is above
it with ~99.9% belief), so it starts at 0 and rises as results confirm it. Places come from
the final scores (higher is better, equal scores tie); a player who left is placed last.

The Elo: every pair of seats plays a virtual duel decided by their final scores (1, 1/2 or 0)
and each player's Elo moves by ``K * sum(result - expected)`` with
``expected = 1 / (1 + 10 ** ((theirs - mine) / 400))`` and ``K = 16``, from 1500.

Guests and bots take part with the starting values, which are not stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = [
    "ELO_K",
    "ELO_START",
    "Rating",
    "display",
    "elo_update",
    "places",
    "rate",
]

_MODEL = PlackettLuce()
ELO_START = 1500.0
ELO_K = 16.0


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def value(self) -> float:
        return display(self.mu, self.sigma)


#: A newcomer's (and every guest's or bot's) rating.
DEFAULT = Rating(_MODEL.mu, _MODEL.sigma)


def display(mu: float, sigma: float) -> float:
    """The rating shown: the cautious estimate of skill."""
    return round(mu - 3.0 * sigma, 2)


def places(scores: list[float], left: list[bool]) -> list[int]:
    """1-based places from final scores (ties share a place); leavers last, after everyone."""
    stayed = [s for s, gone in zip(scores, left, strict=True) if not gone]
    out = []
    for s, gone in zip(scores, left, strict=True):
        if gone:
            out.append(len(stayed) + 1)
        else:
            out.append(1 + sum(1 for t in stayed if t > s))
    return out


def rate(ratings: list[Rating], ranks: list[int]) -> list[Rating]:
    """Every seat's OpenSkill rating after one game with these places (1 = best)."""
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    new = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in new]


def elo_update(elos: list[float], ranks: list[int], k: float = ELO_K) -> list[float]:
    """Every seat's Elo after one game: pairwise duels decided by the places."""
    out = []
    for i, mine in enumerate(elos):
        delta = 0.0
        for j, theirs in enumerate(elos):
            if i == j:
                continue
            result = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            expected = 1.0 / (1.0 + 10.0 ** ((theirs - mine) / 400.0))
            delta += result - expected
        out.append(mine + k * delta)
    return out
