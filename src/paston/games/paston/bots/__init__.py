"""Paston's bots and its strength ladder (:mod:`.levels`).

The play hooks (:mod:`paston.games.paston.play`) offer them, in the order a lobby lists them,
and import a bot's module only when that bot is first made.
"""
