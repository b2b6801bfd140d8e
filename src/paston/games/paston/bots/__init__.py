"""Paston's bots; each module registers its bots with :func:`paston.bots.registry.register_bot`."""

#: The order the registry loads these modules in: the order the bots are offered in.
BOT_MODULES = ("levels", "random_bot", "heuristic", "pimc", "wpimc", "search", "oracle")
