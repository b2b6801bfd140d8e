"""The ``paston`` command: one typer app assembled from one module per group of commands.

:func:`main` is the console script: it lets output that cannot encode the card symbols fall
back to letters, and reports a usage error (an unknown option, a missing argument) as one
``error:`` line like every other error of the command, with exit status 2.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import sys
from typing import Annotated

import typer
from typer._click import exceptions as click_errors

from ..core.registry import PluginError
from ..terminal.encoding import fall_back_to_letters

#: The installed distribution's version (the distribution is named after the root package).
VERSION = importlib.metadata.version(__name__.partition(".")[0])

app = typer.Typer(
    name="paston",
    help="Paston: card games against bots in the terminal and the browser, with arenas, "
    "analysis and research adapters.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"{app.info.name} {VERSION}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            help="Print the version and exit.",
            callback=_show_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Paston: card games against bots in the terminal and the browser, with arenas, analysis
    and research adapters."""


# Each module defines ``register(app)``; keeping them apart lets each command group grow alone.
_COMMAND_MODULES = (
    "paston.cli.records",  # replay, deal, show
    "paston.cli.play",  # play in the terminal
    "paston.cli.serve",  # the game server
    "paston.cli.arena",  # bot matches
    "paston.cli.analyse",  # analysis of finished deals
    "paston.cli.dataset",  # learning data from records or self-play
)

#: A plug-in game that did not load while the commands were built (their help lists the
#: games); :func:`main` reports it as one line instead of a traceback at import.
_plugin_error: PluginError | None = None
try:
    for _name in _COMMAND_MODULES:
        importlib.import_module(_name).register(app)
except PluginError as _exc:
    _plugin_error = _exc


def _usage_line(exc: click_errors.UsageError) -> str:
    """A usage error as one line: what was wrong and where to read the usage."""
    message = " ".join(exc.format_message().split())
    ctx = exc.ctx
    where = ctx.command_path if ctx is not None else str(app.info.name)
    return f"error: {message} (see '{where} --help')"


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``paston`` console script."""
    if _plugin_error is not None:
        sys.stderr.write(f"error: {_plugin_error}\n")
        sys.exit(2)
    fall_back_to_letters()
    try:
        status = app(args=argv, standalone_mode=False)
    except click_errors.NoArgsIsHelpError as exc:
        # ``paston`` alone: typer has drawn the help while raising this; nothing is wrong.
        del exc
        sys.exit(0)
    except click_errors.UsageError as exc:
        sys.stderr.write(_usage_line(exc) + "\n")
        sys.exit(2)
    except click_errors.ClickException as exc:
        sys.stderr.write(f"error: {' '.join(exc.format_message().split())}\n")
        sys.exit(exc.exit_code)
    except typer.Abort:
        sys.stderr.write("\n")
        sys.exit(1)
    except PluginError as exc:
        # A plug-in game named by an entry point or PASTON_GAME_PLUGINS that does not load.
        sys.stderr.write(f"error: {exc}\n")
        sys.exit(2)
    sys.exit(status if isinstance(status, int) else 0)
