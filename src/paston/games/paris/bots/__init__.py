"""The Paris bots: ``random``, ``heuristic`` and the search bot ``dpimc``.

Each module registers its bots with :func:`paston.bots.registry.register_bot` (game
``"paris"``) when imported; the registry imports them on first need, in the order below (the
order the lobby offers them in). Bots only ever see a seat's
:class:`~paston.games.paris.view.ParisView`.
"""

BOT_MODULES = ("random_bot", "heuristic", "dpimc")
