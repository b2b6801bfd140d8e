"""The terminal hook group: a game as plain text, from one seat's view only.

``paston play`` runs one loop for every game (:mod:`paston.terminal.generic`); what it draws,
how it reads the person's lines and what it says between hands comes from here. Every field
but the first two may be left out: the loop then falls back on the protocol alone (the
notation's strings as numbered choices, ``state.parse_action`` for what is typed, one line per
action told through ``public_action_text``), which is all a new game needs to be playable.

Conventions shared by the callables:

* ``names`` are the seats' names as the terminal shows them, the person's being ``"You"``;
* ``view`` is always the *person's* view (``state.view(person)``), so narration and pictures
  cannot show what that seat may not know; only :attr:`TerminalHooks.hand_over` sees a whole
  finished state, and decides what the end of a hand makes public (the game's own rules);
* "lines" are what ``rich``'s ``Console.print`` draws: ``str`` (printed as is, never read
  as markup) or a rich renderable (``Text``, ``Table`` …);
* words are in the player's language through :func:`paston.i18n.t`; a game's keys live in
  the i18n catalogues, or in :attr:`TerminalHooks.catalogues` for a game outside this
  repository.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["InputError", "TerminalHooks"]


class InputError(ValueError):
    """What the person typed cannot be an action at all (``parse_input``'s refusal); its
    message is shown as it is, on one line (``choose a number from 1 to 5``)."""


#: Something ``Console.print`` draws: a ``str`` or a rich renderable.
Line = Any


@dataclass(frozen=True, slots=True)
class TerminalHooks:
    """What ``paston play`` needs of a game beyond the protocol."""

    #: ``render_view(view, names, match) -> line``: the person's view drawn before their
    #: decision (``match`` for public facts such as the running totals or the hand number).
    render_view: Callable[[Any, Sequence[str], Any], Line]
    #: ``public_action_text(state, actor, action, viewer)``: ``actor``'s ``action``, just
    #: applied to ``state``, as ``viewer`` may know it (another seat's face-down discard names
    #: no card). The loop's default narration of other seats.
    public_action_text: Callable[[Any, int, int, int], str]
    #: How to write an action in each phase, shown by ``help`` above the loop's commands.
    help: str = ""
    #: The prompt per phase (``{"bidding": "bid> "}``); each ends in ``"> "`` (scripts wait
    #: for it). A phase not listed gets ``"<game>> "``.
    prompts: Mapping[str, str] = field(default_factory=dict)
    #: ``turn_text(view) -> str``: what the person is to do now (``"bid or pass"``).
    turn_text: Callable[[Any], str] | None = None
    #: ``choice_labels(view) -> lines``: the numbered list under the picture (default: the
    #: legal actions in the notation). A game whose numbers stand for something else (the
    #: cards of a hand to discard two of) reads them back in :attr:`parse_input`.
    choice_labels: Callable[[Any], Sequence[Line]] | None = None
    #: ``parse_input(text, view) -> action``: the person's line as an action id, or as a
    #: string of the notation that ``state.apply`` parses. Raises :class:`InputError` for a
    #: line that is no action (shown as it is) and any other ``ValueError`` for one that is
    #: not allowed (shown with what is legal). Default: a listed number, else the notation.
    parse_input: Callable[[str, Any], int | str] | None = None
    #: ``choice_of(action, view) -> str``: what to type for ``action`` (a hint's first
    #: column); default: its number in the list.
    choice_of: Callable[[int, Any], str] | None = None
    #: ``action_label(action, view) -> line``: an action as the person reads it (hints, a
    #: forced move); default: the notation.
    action_label: Callable[[int, Any], Line] | None = None
    #: ``narrate(before, after, seat, action, names) -> lines``: what the person learns from
    #: ``seat``'s ``action``, from their views just before and just after it. Default: one
    #: line, ``public_action_text`` (the person's own action in the notation).
    narrate: Callable[[Any, Any, int, int, Sequence[str]], Sequence[Line]] | None = None
    #: ``forced(view) -> action | None``: the action the person has no choice about and that
    #: is played for them (``--no-auto-play`` turns it off); default: none is.
    forced: Callable[[Any], int | None] | None = None
    #: ``following(view) -> bool``: whether the person still follows the play (bots' moves
    #: are paused for them); ``False`` once they are out of a shedding game.
    following: Callable[[Any], bool] | None = None
    #: ``goal(match) -> str``: one sentence on how the match is won, for the introduction.
    goal: Callable[[Any], str] | None = None
    #: ``hand_title(match) -> str``: the match's latest hand as a heading (``"Deal 3"``);
    #: default: ``"Hand n"``, counting the hands this session dealt.
    hand_title: Callable[[Any], str] | None = None
    #: ``hand_start(match, view, names) -> lines``: said when a hand is dealt, from the
    #: person's view (the dealer, the person's cards); default: the hand's title.
    hand_start: Callable[[Any, Any, Sequence[str]], Sequence[Line]] | None = None
    #: ``continuing(match, view) -> str``: said when a saved hand is taken up again.
    continuing: Callable[[Any, Any], str] | None = None
    #: ``hand_over(state, match, names, person, width) -> lines``: the summary of a finished
    #: hand (or one thrown in as dealt) in ``width`` columns: the person's view of it by
    #: default. It may show what the game's end-of-hand reveal makes public, nothing more.
    hand_over: Callable[[Any, Any, Sequence[str], int, int], Sequence[Line]] | None = None
    #: ``score_sheet(match, names, width) -> lines``: the running score sheet, shown between
    #: hands (when :attr:`sheet_between_hands`), on the ``score`` command and at the end;
    #: ``None``: the loop shows the totals.
    score_sheet: Callable[[Any, Sequence[str], int], Sequence[Line]] | None = None
    #: Whether the whole sheet follows each hand's summary (a game whose summary already
    #: shows the race to the target keeps the screen short with ``False``).
    sheet_between_hands: bool = True
    #: ``result_text(match, names) -> line``: the match's outcome in one line (``"You win
    #: with 123"``); default: the totals.
    result_text: Callable[[Any, Sequence[str]], Line] | None = None
    #: ``resume(record) -> Match``: the match a saved record continues, for a game whose
    #: ``load_record`` gives a single hand for some records (a one-game record, a position).
    resume: Callable[[dict[str, Any]], Any] | None = None
    #: ``deal_seeded(match, seed) -> State``: deal the match's first hand from an integer
    #: seed with the notation's reference shuffle (the cards ``paston deal --seed`` prints);
    #: raises ``ValueError`` for a seed it cannot use. ``None``: ``random.Random(seed)`` deals.
    deal_seeded: Callable[[Any, int], Any] | None = None
    #: ``legal_summary(legal) -> str``: the legal actions (their notation) for a refused
    #: line, short enough for one line; default: the first few, then how many in all.
    legal_summary: Callable[[Sequence[str]], str] | None = None
    #: The seats ``paston play`` deals for when ``--players`` is not given (``None``: the
    #: game's ``default_seats``).
    seats: int | None = None
    #: ``record_text(record, names) -> lines``: ``paston show``: a record of the game as
    #: text (a record is no secret: every card may be shown); ``names`` are the players'
    #: names from its ``meta`` when usable. Raises ``ValueError`` for a bad record.
    #: ``None``: the record is printed as compact JSON.
    record_text: Callable[[dict[str, Any], Sequence[str] | None], Sequence[Line]] | None = None
    #: ``deal_record(players, seed, dealer, rules, first_deal) -> (record, notes)``:
    #: ``paston deal``: the record of a hand dealt from ``seed`` by the game's seeded
    #: procedure, and notes for standard error (redeals skipped …). ``rules`` are the
    #: ``--rules`` flags (``None``: none given), ``first_deal`` the ``--first-deal`` option.
    #: Raises ``ValueError`` whose message names the option at fault (``--seed must be …``).
    #: ``None``: the game has no seeded deal.
    deal_record: (
        Callable[
            [int, int, int, Mapping[str, Any] | None, bool], tuple[dict[str, Any], tuple[str, ...]]
        ]
        | None
    ) = None
    #: A folder of ``<language>.json`` catalogues with the game's own words, merged under
    #: the platform's (for a game outside this repository; the shipped games' words are in
    #: the platform's catalogues).
    catalogues: Path | None = None
