"""`paston serve`: run the game server (FastAPI + uvicorn) on a SQLite or PostgreSQL event log."""

from __future__ import annotations

import errno
import logging
import socket
from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""

    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port to listen on."),
        db: str = typer.Option(
            "",
            help="Database URL (default: SQLite at ./paston-data/paston.sqlite; "
            "PostgreSQL: postgresql+psycopg://user:pw@host/db).",
        ),
        deal_pause: float = typer.Option(
            2.0, help="Default seconds between deals for new tables (a table setting)."
        ),
        log_level: str = typer.Option("warning", help="uvicorn log level."),
        ws_deflate: bool = typer.Option(
            False, help="Compress WebSocket messages (less bandwidth, more CPU per message)."
        ),
    ) -> None:
        """Serve Paston in the browser: lobby, tables, bots, spectators."""
        import uvicorn

        from ..server import EventStore, create_app

        url = db or f"sqlite:///{Path('paston-data') / 'paston.sqlite'}"
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        try:
            # Open the database once before serving, so that a bad URL or an unreachable
            # server is one clear line rather than a traceback from the app's start-up.
            EventStore(url).close()
        except Exception as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            typer.echo(f"error: cannot open the database {url!r}: {first}", err=True)
            raise typer.Exit(2) from None
        app_ = create_app(url, default_deal_pause=deal_pause, gc_tuning=True)
        shown = f"[{host}]" if ":" in host else host
        config = uvicorn.Config(
            app_,
            host=host,
            port=port,
            log_level=log_level,
            ws_max_size=64 * 1024,
            ws_per_message_deflate=ws_deflate,
            ws_ping_interval=20,
            ws_ping_timeout=30,
        )
        server = uvicorn.Server(config)

        # Print the address only once the socket listens, so scripts can wait for the line.
        original_startup = server.startup

        async def startup(sockets: list | None = None) -> None:  # type: ignore[type-arg]
            await original_startup(sockets=sockets)
            if server.started:
                typer.echo(f"Paston is at http://{shown}:{port}/", err=False)

        server.startup = startup  # type: ignore[method-assign]
        # Bind here, so a port in use is one clear line (uvicorn would log and exit 3).
        listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((host, port))
        except OSError as exc:
            listener.close()
            in_use = exc.errno == errno.EADDRINUSE
            hint = "another program uses it; choose another --port" if in_use else "check --host"
            typer.echo(
                f"error: cannot listen on {shown}:{port}: {exc.strerror or exc} ({hint})",
                err=True,
            )
            raise typer.Exit(2) from None
        server.run(sockets=[listener])
