"""The Paskievics bots: ``random``, ``heuristic`` and ``pimc`` (PIMC with the solver).

Each module registers its bots with :func:`paston.bots.registry.register_bot` (game
``"paskievics"``) when imported. Bots only ever see a seat's view.
"""

BOT_MODULES = ("random_bot", "heuristic", "pimc")
