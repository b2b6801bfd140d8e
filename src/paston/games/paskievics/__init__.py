"""Paskievics (Hungarian Tarokk, "XX-hívás"): engine, records and replay (spec/paskievics.md)."""
