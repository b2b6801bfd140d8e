"""The analysis of the games other than Paston: each game's evaluator (see
:mod:`paston.analysis.evaluator` for the hook and docs/analysis.md for the method).

:mod:`.common` grades one decision from sampled worlds; :mod:`.paris` and :mod:`.paskievics`
give each game's worlds and the value of an action in one world.
"""
