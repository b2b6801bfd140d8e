"""The ``paston`` command: one typer app assembled from one module per group of commands."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="paston",
    help="Paston, the Armenian three-player Preference card game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Each module defines ``register(app)``; keeping them apart lets each command group grow alone.
_COMMAND_MODULES = (
    "paston.cli.records",  # replay, deal, show
    "paston.cli.play",  # play in the terminal
    "paston.cli.serve",  # the game server
    "paston.cli.arena",  # bot matches
    "paston.cli.analyse",  # analysis of finished deals
)

for _name in _COMMAND_MODULES:
    importlib.import_module(_name).register(app)


def main() -> None:
    """Entry point of the ``paston`` console script."""
    app()
