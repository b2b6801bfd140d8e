"""`paston serve`: run the game server (FastAPI + uvicorn) on a SQLite or PostgreSQL event log.

Before serving it checks, each as one error line (exit 2): the edge settings, that no other
live process owns the database file, that the database opens and takes writes, and that the
port is free. See docs/deployment.md for the settings.
"""

from __future__ import annotations

import errno
import logging
import socket
from pathlib import Path
from typing import Annotated

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
        trusted_proxy: Annotated[
            list[str] | None,
            typer.Option(
                help="A reverse proxy (address or network) whose X-Forwarded-For is believed; "
                "repeat for several (env PASTON_TRUSTED_PROXIES, comma-separated).",
            ),
        ] = None,
        cluster: bool = typer.Option(
            False,
            "--cluster",
            envvar="PASTON_CLUSTER",
            help="Share a PostgreSQL database with other `paston serve --cluster` processes: "
            "each table is owned by one, any accepts any client (docs/deployment.md).",
        ),
        cluster_address: str = typer.Option(
            "",
            envvar="PASTON_CLUSTER_ADDRESS",
            help="With --cluster: where the other processes reach this one "
            "(default http://HOST:PORT).",
        ),
        test_pace: bool = typer.Option(
            False,
            "--test-pace",
            envvar="PASTON_TEST_PACE",
            help="For tests only: tables may play at pace 'instant' (bots without pauses), "
            "the default for tables that name no pace.",
        ),
        setting: Annotated[
            list[str] | None,
            typer.Option(
                "--set",
                help="An edge setting as NAME=VALUE (repeatable; env PASTON_<NAME>); "
                "see docs/deployment.md.",
            ),
        ] = None,
    ) -> None:
        """Serve Paston in the browser: lobby, tables, bots, spectators."""
        import uvicorn

        from ..server import EventStore, create_app
        from ..server.cluster import ClusterError, ClusterSettings
        from ..server.connguard import guarded_http_protocol
        from ..server.edge import EdgeSettingError, EdgeSettings
        from ..server.ownership import DatabaseInUse, DatabaseLock
        from ..server.store import DatabaseNotWritable

        url = db or f"sqlite:///{Path('paston-data') / 'paston.sqlite'}"
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        try:
            values = dict(_name_value(s) for s in setting or [])
            if trusted_proxy:
                values["trusted_proxies"] = ",".join(trusted_proxy)
            edge = EdgeSettings.from_values(values, EdgeSettings.from_env())
        except EdgeSettingError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        cluster_settings = None
        if cluster:
            if not url.startswith("postgresql"):
                typer.echo(
                    "error: --cluster needs a PostgreSQL --db (postgresql+psycopg://...)", err=True
                )
                raise typer.Exit(2)
            shown_host = f"[{host}]" if ":" in host else host
            try:
                cluster_settings = ClusterSettings(cluster_address or f"http://{shown_host}:{port}")
            except ClusterError as exc:
                typer.echo(f"error: {exc}", err=True)
                raise typer.Exit(2) from None
        # Held for the life of this process; the kernel drops it however the process ends.
        lock = DatabaseLock(url, shared=cluster)
        try:
            lock.acquire()
        except DatabaseInUse as exc:
            typer.echo(f"error: cannot serve {url!r}: {exc}", err=True)
            raise typer.Exit(2) from None
        except Exception as exc:
            first = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or ["?"])[0]
            typer.echo(f"error: cannot open the database {url!r}: {first}", err=True)
            raise typer.Exit(2) from None
        try:
            # Open the database once before serving, so that a bad URL, an unreachable
            # server or a read-only file is one clear line rather than a traceback (or a
            # failure at the first move of a game).
            store = EventStore(url)
            try:
                store.check_writable()
            finally:
                store.close()
        except DatabaseNotWritable as exc:
            typer.echo(f"error: cannot serve {url!r}: {exc}", err=True)
            raise typer.Exit(2) from None
        except Exception as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            typer.echo(f"error: cannot open the database {url!r}: {first}", err=True)
            raise typer.Exit(2) from None
        app_ = create_app(
            url,
            default_deal_pause=deal_pause,
            gc_tuning=True,
            edge=edge,
            cluster=cluster_settings,
            test_pace=test_pace,
        )
        shown = f"[{host}]" if ":" in host else host
        config = uvicorn.Config(
            app_,
            host=host,
            port=port,
            log_level=log_level,
            http=guarded_http_protocol(
                header_timeout=edge.header_timeout,
                per_address=edge.max_connections_per_address,
                trusted=edge.trusted_networks(),
            ),
            timeout_keep_alive=edge.keep_alive,
            limit_concurrency=edge.max_connections,
            ws_max_size=edge.ws_max_frame,
            ws_per_message_deflate=ws_deflate,
            ws_ping_interval=edge.ws_ping_interval,
            ws_ping_timeout=edge.ws_ping_timeout,
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


def _name_value(text: str) -> tuple[str, str]:
    from ..server.edge import EdgeSettingError

    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise EdgeSettingError(f"--set takes NAME=VALUE (got {text!r})")
    return name.strip().replace("-", "_"), value
