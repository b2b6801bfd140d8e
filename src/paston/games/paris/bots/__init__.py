"""The Paris bots: ``random``, ``heuristic`` and the search bot ``dpimc``, and the strength
ladder (:mod:`.levels`).

The play hooks (:mod:`paston.games.paris.play`) offer them, in the order a lobby lists them,
and import a bot's module only when that bot is first made. Bots only ever see a seat's
:class:`~paston.games.paris.view.ParisView`.
"""
