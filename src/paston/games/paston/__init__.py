"""Paston, the Armenian three-player Preference: engine, records, solver, bots, text."""
