"""*High card*, a toy fourth game that lives outside ``paston.games`` (issue 18's proof).

Two to four seats are dealt a few cards each from a pack of sixteen (ranks 1 to 16, the rest
stay face down); every trick, each seat in turn plays one card face up, and the highest card
takes the trick (the lowest with the flag ``low_wins``); its winner leads the next. A hand's
result is each seat's tricks less the average, so a match is zero-sum. The cards a seat has
not seen are hidden information: bots, encoders and samplers read a seat's view only.

The package is a game like the shipped ones, with the same module per role (``state``,
``view``, ``match``, ``record``, ``rules``, ``actions``, ``platform`` and one module per hook
group), and reaches the platform only through :mod:`paston.core`: tests register it with
:func:`paston.core.registry.register_game`, and a server or CLI started as a subprocess finds
it through ``PASTON_GAME_PLUGINS=toygame.platform:GAME`` with ``tests/`` on ``PYTHONPATH``.
The browser draws it with ``web/toy.js``, its test renderer. No line outside this package
(and that renderer) exists for it.

The test modules of this folder play it through every front-end.
"""
