"""The browser client: static files (HTML, ES modules, CSS) served by ``paston serve``."""

from __future__ import annotations

from pathlib import Path

__all__ = ["static_dir"]


def static_dir() -> Path:
    """The directory holding the client's static files (served under ``/static/``)."""
    return Path(__file__).resolve().parent / "static"
