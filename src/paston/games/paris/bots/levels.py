"""The Paris strength levels ``beginner`` … ``expert`` (see :mod:`paston.bots.levels`)."""

from ....bots.levels import register_levels

register_levels("paris")
