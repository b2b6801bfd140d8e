"""The server's edge settings: sizes, timeouts, connection caps and per-client limits.

Every field has a default that is safe on the open internet and roomy for people playing;
each can be set with an environment variable ``PASTON_<FIELD>`` (upper case) or with
``paston serve --set field=value``. docs/deployment.md lists them all.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["EdgeSettingError", "EdgeSettings"]


class EdgeSettingError(ValueError):
    """A setting named or valued wrongly (one line for the command line)."""


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@dataclass(frozen=True, slots=True)
class EdgeSettings:
    """Limits applied before a request or message reaches a table."""

    # --- sizes
    max_body: int = field(default=16 * 1024, metadata=_doc("largest HTTP request body, bytes"))
    max_ws_message: int = field(
        default=16 * 1024, metadata=_doc("largest WebSocket message read (bigger: too_large)")
    )
    ws_max_frame: int = field(
        default=64 * 1024,
        metadata=_doc("WebSocket frames over this close the socket (1009) without being read"),
    )
    max_json_depth: int = field(default=32, metadata=_doc("deepest nesting of a JSON body"))
    max_int_digits: int = field(default=30, metadata=_doc("longest integer in a JSON body"))
    # --- timeouts and connections
    header_timeout: float = field(
        default=10.0, metadata=_doc("seconds a connection may take to send a request's headers")
    )
    body_timeout: float = field(
        default=15.0, metadata=_doc("seconds a request may take to send its whole body")
    )
    keep_alive: int = field(
        default=5, metadata=_doc("seconds an idle HTTP keep-alive connection is kept")
    )
    max_connections: int = field(
        default=2000, metadata=_doc("open connections in all (more are answered 503)")
    )
    max_connections_per_address: int = field(
        default=64, metadata=_doc("open TCP connections from one address (trusted proxies exempt)")
    )
    ws_idle_timeout: float = field(
        default=180.0,
        metadata=_doc("seconds a WebSocket may stay without any message (send ping)"),
    )
    ws_ping_interval: float = field(
        default=20.0, metadata=_doc("seconds between protocol pings to each WebSocket")
    )
    ws_ping_timeout: float = field(
        default=20.0, metadata=_doc("seconds a WebSocket has to answer a protocol ping")
    )
    # --- per-client limits (a client: an address, or an IPv6 /64; and a seat token)
    client_limits: bool = field(
        default=True, metadata=_doc("apply the per-client limits below (false: only per socket)")
    )
    trusted_proxies: tuple[str, ...] = field(
        default=(),
        metadata=_doc("proxies whose X-Forwarded-For is believed (comma-separated networks)"),
    )
    requests_per_second: float = field(
        default=20.0, metadata=_doc("REST requests a second from one address (average)")
    )
    requests_burst: int = field(default=60, metadata=_doc("REST requests at once from one address"))
    tables_per_minute: float = field(
        default=2.0, metadata=_doc("tables one address may create a minute (average)")
    )
    tables_burst: int = field(default=6, metadata=_doc("tables one address may create at once"))
    open_tables_per_client: int = field(
        default=10, metadata=_doc("unfinished tables created by one address at a time")
    )
    joins_per_minute: float = field(
        default=10.0, metadata=_doc("seats one address may take a minute (average)")
    )
    joins_burst: int = field(default=10, metadata=_doc("seats one address may take at once"))
    seats_per_client: int = field(
        default=24, metadata=_doc("seats at unfinished tables one address may hold")
    )
    ws_connects_per_minute: float = field(
        default=30.0, metadata=_doc("WebSocket connections one address may open a minute")
    )
    ws_connects_burst: int = field(
        default=12, metadata=_doc("WebSocket connections one address may open at once")
    )
    ws_per_address: int = field(default=32, metadata=_doc("open WebSockets from one address"))
    ws_per_token: int = field(default=4, metadata=_doc("open WebSockets with one seat token"))
    messages_per_second: float = field(
        default=20.0, metadata=_doc("messages a second per socket and per seat token")
    )
    messages_burst: int = field(default=40, metadata=_doc("message burst per socket and token"))
    address_messages_per_second: float = field(
        default=60.0, metadata=_doc("messages a second from all sockets of one address")
    )
    address_messages_burst: int = field(
        default=120, metadata=_doc("message burst from all sockets of one address")
    )
    chats_per_minute: float = field(default=30.0, metadata=_doc("chat lines a minute per seat"))
    chats_burst: int = field(default=8, metadata=_doc("chat lines at once per seat"))
    hints_per_minute: float = field(default=20.0, metadata=_doc("hints a minute per seat"))
    hints_burst: int = field(default=4, metadata=_doc("hints at once per seat"))
    # --- bots (issue 17 section 3: one client's bots must not slow everyone down)
    bot_processes: bool = field(
        default=True,
        metadata=_doc("bots think in worker processes (false: threads of the server process)"),
    )
    bot_workers: int = field(
        default=0,
        metadata={
            **_doc("bot worker processes (0: one fewer than the cores, at least 1, at most 4)"),
            "zero": True,
        },
    )
    bot_warm_up: bool = field(
        default=True,
        metadata=_doc(
            "bot worker processes start with the server and load what search bots compile on "
            "first use (seconds of CPU a person would otherwise wait for)"
        ),
    )
    bot_worker_nice: int = field(
        default=10,
        metadata={**_doc("how much lower the bot workers' CPU priority is (0..19)"), "zero": True},
    )
    bot_cpu_per_minute: float = field(
        default=30.0,
        metadata=_doc("CPU seconds of bot thinking one address earns a minute (then: casual)"),
    )
    bot_cpu_burst: float = field(
        default=120.0, metadata=_doc("CPU seconds of bot thinking one address may have saved up")
    )
    flood_close: int = field(
        default=200, metadata=_doc("rate-limited messages in a row that drop the socket")
    )
    flood_seconds: float = field(
        default=2.0,
        metadata=_doc("seconds of sending past the burst, non-stop, that drop the socket"),
    )
    max_clients_tracked: int = field(
        default=20_000, metadata=_doc("clients remembered by the limiters (least recent dropped)")
    )
    # --- log-ins (exponential back-off; a browser that logged in before is not slowed down)
    login_failures_per_name: int = field(
        default=5,
        metadata=_doc("failed log-ins of one name (or one known browser) before tries wait"),
    )
    login_failures_per_prefix: int = field(
        default=30,
        metadata=_doc("failed log-ins from one IPv4 /24 or IPv6 /64 before tries wait"),
    )
    login_backoff: float = field(
        default=2.0, metadata=_doc("seconds of the first wait; it doubles after each failure")
    )
    login_backoff_max: float = field(
        default=900.0, metadata=_doc("longest wait between two tries, seconds")
    )
    login_failure_memory: float = field(
        default=86_400.0, metadata=_doc("seconds a failed log-in is remembered")
    )
    device_cookie_days: float = field(
        default=365.0, metadata=_doc("days a browser stays known after logging in")
    )
    # --- cross-site requests (see paston.server.csrf)
    allowed_origins: tuple[str, ...] = field(
        default=(),
        metadata=_doc("other origins whose pages may send changes (comma-separated URLs)"),
    )

    # --- analyses and idle tables (issue 17 section 3: one client must not slow everyone down)
    analysis_jobs: int = field(
        default=4, metadata=_doc("analyses running at once in all (more are answered 503)")
    )
    analysis_cpu_per_minute: float = field(
        default=15.0,
        metadata=_doc("CPU seconds of analysis one address earns a minute (one job at a time)"),
    )
    analysis_cpu_burst: float = field(
        default=60.0, metadata=_doc("CPU seconds of analysis one address may have saved up")
    )
    table_idle_timeout: float = field(
        default=300.0,
        metadata=_doc("seconds a table no person is connected to plays on before it is closed"),
    )

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value <= 0:
                if value == 0 and f.metadata.get("zero"):
                    continue
                raise EdgeSettingError(f"{f.name} must be positive (got {value})")
        if self.bot_worker_nice > 19:
            raise EdgeSettingError(f"bot_worker_nice must be 0..19 (got {self.bot_worker_nice})")
        for net in self.trusted_proxies:
            try:
                ipaddress.ip_network(net, strict=False)
            except ValueError:
                raise EdgeSettingError(
                    f"trusted_proxies: {net!r} is not an address or network"
                ) from None
        from .csrf import origin_of

        for origin in self.allowed_origins:
            if origin_of(origin) is None:
                raise EdgeSettingError(
                    f"allowed_origins: {origin!r} is not an origin (scheme://host[:port], "
                    "e.g. https://play.example.org)"
                )

    def trusted_networks(self) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
        return [ipaddress.ip_network(n, strict=False) for n in self.trusted_proxies]

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def describe(cls) -> list[tuple[str, Any, str]]:
        """``(name, default, what it is)`` for every setting (for the documentation)."""
        return [(f.name, f.default, f.metadata["doc"]) for f in dataclasses.fields(cls)]

    @classmethod
    def from_values(
        cls, values: Mapping[str, str], base: EdgeSettings | None = None
    ) -> EdgeSettings:
        """``base`` (default: the defaults) with text ``values`` by field name."""
        base = base or cls()
        known = {f.name: f for f in dataclasses.fields(cls)}
        changes: dict[str, Any] = {}
        for name, text in values.items():
            f = known.get(name)
            if f is None:
                raise EdgeSettingError(
                    f"unknown setting {name!r} (known: {', '.join(sorted(known))})"
                )
            changes[name] = _convert(name, getattr(base, name), text)
        return dataclasses.replace(base, **changes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> EdgeSettings:
        """The defaults with every ``PASTON_<FIELD>`` variable of ``environ`` applied."""
        env = os.environ if environ is None else environ
        values = {
            n: env[f"PASTON_{n.upper()}"] for n in cls.names() if f"PASTON_{n.upper()}" in env
        }
        return cls.from_values(values)


def _convert(name: str, default: Any, text: str) -> Any:
    text = text.strip()
    if isinstance(default, bool):
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise EdgeSettingError(f"{name} must be true or false (got {text!r})")
    if isinstance(default, tuple):
        return tuple(p.strip() for p in text.split(",") if p.strip())
    try:
        return int(text) if isinstance(default, int) else float(text)
    except ValueError:
        kind = "a whole number" if isinstance(default, int) else "a number"
        raise EdgeSettingError(f"{name} must be {kind} (got {text!r})") from None
