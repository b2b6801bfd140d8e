"""Paskievics in the terminal: the hooks ``paston play`` draws, reads and tells a game with.

The picture is :func:`.text.render_view` of the person's view; other seats' actions are told
through :func:`.view.public_action_text` (a face-down discard by its size only, §6.1, §6.3);
after each deal comes the person's view of it (what §12 makes public) and the score sheet of
the deals so far. The words around them come from the i18n catalogues (``PASTON_LANG=hu``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...core.hooks.terminal import TerminalHooks
from ...i18n import t
from .match import PaskievicsMatch
from .record import load_record
from .shuffle import seeded_record
from .state import PaskievicsState
from .text import render_view, state_text
from .view import PaskievicsView, public_action_text

__all__ = ["HELP", "HOOKS"]

HELP = """\
Type the number of a listed choice, or an action in the notation:
  bidding    pass, hold, three, two, one, solo
  discard    discard QH QC TS   (the cards you lay away face down)
  announce   call T20, trull, kings, double, volat, ultimo, catch, kontra game, pass
  play       a card: T21 (tarokk XXI), SK (the skíz), KH, QC"""


def turn_text(view: PaskievicsView) -> str:
    """What the person is to do in the phase of ``view``."""
    phase = str(view.data["phase"])
    texts = {
        "bidding": t("term.pk.bid", "bid, hold or pass"),
        "raise": t("term.pk.raise", "raise the bid or pass"),
        "discard": t("term.pk.discard", "lay cards away face down"),
        "announce": t("term.pk.announce", "call a partner, announce, kontra or pass"),
        "play": t("term.verb.play", "play a card"),
    }
    return texts.get(phase, phase)


def hand_title(match: PaskievicsMatch) -> str:
    return t("term.deal", "Deal {n}", n=len(match.deals))


def hand_start(
    match: PaskievicsMatch, view: PaskievicsView, names: Sequence[str]
) -> list[Rule | Text]:
    """The deal's heading (number and dealer) and the person's cards."""
    heading = t("term.deal_dealer", "Deal {n} · dealer {name}", n=len(match.deals),
                name=names[view.data["dealer"]])  # fmt: skip
    hand = " ".join(view.to_json()["hand"]) or "-"
    your_hand = t("term.your_hand", "Your hand") + "  "
    return [
        Rule(Text(heading, style="bold"), style="cyan"),
        Text.assemble((your_hand, "cyan"), hand),
    ]


def continuing(match: PaskievicsMatch, view: PaskievicsView) -> str:
    return t("term.continuing", "Continuing deal {n}.", n=len(match.deals))


def goal(match: PaskievicsMatch) -> str:
    return t(
        "term.pk.goal",
        {"one": "One scored deal; the most points win.",
         "other": "{count} scored deals; the most points win."},
        count=match.rules.game_deals,
    )  # fmt: skip


def hand_over(
    state: PaskievicsState,
    match: PaskievicsMatch,
    names: Sequence[str],
    person: int,
    width: int,
) -> list[str]:
    """The finished deal as the person's view holds it now (§12: what the end reveals, and
    nothing of a thrown-in deal)."""
    return [render_view(state.view(person))]


def score_sheet(match: PaskievicsMatch, names: Sequence[str], width: int) -> list[Table]:
    """One row per finished deal: its scores, then the running totals."""
    table = Table(title=t("term.sheet", "Score sheet"), title_justify="left")
    table.add_column(t("term.sheet.deal", "deal"), justify="right")
    for name in names:
        table.add_column(name, justify="right")
    totals = [0] * match.players
    for number, deal in enumerate(match.deals, start=1):
        if not deal.is_over:
            continue
        scores = [int(x) for x in deal.result()]
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        cells = [f"{s:+d} = {total}" for s, total in zip(scores, totals, strict=True)]
        table.add_row(str(number), *cells)
    return [table]


def outcome(match: PaskievicsMatch, names: Sequence[str]) -> str:
    totals = match.totals
    best = max(totals)
    winners = " · ".join(names[s] for s, v in enumerate(totals) if v == best)
    return t("term.pk.result", "Game over: best {winners} with {points}", winners=winners,
             points=f"{best:+g}")  # fmt: skip


#: Seeds of ``paston deal`` are 64-bit, as the other games' are.
MAX_SEED = 2**64 - 1


def record_text(record: dict[str, Any], names: Sequence[str] | None) -> list[str]:
    """Each deal of the record with every card shown (``Game k`` above each of a game)."""
    loaded = load_record(record)
    states = loaded.states if isinstance(loaded, PaskievicsMatch) else [loaded]
    if not states:
        return []
    if names is not None and len(names) != states[0].players:
        names = None
    pictures = [state_text(state, names).rstrip("\n") for state in states]
    if len(pictures) == 1:
        return pictures
    return [f"Game {k}\n{p}\n" for k, p in enumerate(pictures, start=1)]


def seeded_deal(
    players: int, seed: int, dealer: int, rules: Mapping[str, Any] | None, first_deal: bool
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The deal ``random.Random(seed)`` makes (:func:`.shuffle.seeded_record`)."""
    if rules is not None or not first_deal:
        option = "--rules" if rules is not None else "--no-first-deal"
        raise ValueError(
            f"{option} is for Paston deals; a Paskievics deal takes --players, --seed, --dealer"
        )
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"--seed must be 0 to 2^64-1 (a 64-bit seed), not {seed}")
    return seeded_record(players, seed, dealer), ()


HOOKS = TerminalHooks(
    render_view=lambda view, names, match: render_view(view),
    public_action_text=public_action_text,
    help=HELP,
    turn_text=turn_text,
    goal=goal,
    hand_title=hand_title,
    hand_start=hand_start,
    continuing=continuing,
    hand_over=hand_over,
    score_sheet=score_sheet,
    result_text=outcome,
    record_text=record_text,
    deal_record=seeded_deal,
)
