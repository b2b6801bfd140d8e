"""The Paskievics bots: ``random``, ``heuristic`` and ``pimc`` (PIMC with the solver), and the
strength ladder (:mod:`.levels`).

The play hooks (:mod:`paston.games.paskievics.play`) offer them, in the order a lobby lists
them, and import a bot's module only when that bot is first made. Bots only ever see a seat's
view.
"""
