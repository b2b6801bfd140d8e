"""The games shipped with the platform, one package each; the flagship first.

Every game is a package ``paston.games.NAME`` with a module ``platform`` holding its
``GAME: GameInfo`` (see :mod:`paston.core.protocol`) and one module per hook group. Nothing
outside this package imports a game's package (the flagship's top-level API in
:mod:`paston` aside): front-ends find games through :mod:`paston.core.registry`, which reads
:data:`SHIPPED` here, then the plug-ins installed elsewhere (entry points of the group
``paston.games``, or the environment variable ``PASTON_GAME_PLUGINS``).
"""

__all__ = ["SHIPPED"]

#: The shipped games' names (their packages' names), in the order front-ends offer them:
#: the first is the default game.
SHIPPED: tuple[str, ...] = ("paston", "paris", "paskievics")
