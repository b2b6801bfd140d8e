"""The edge settings of the hardening issue: defaults that work for `paston serve` with no
options, each settable by an environment variable or `--set`, each documented, and a wrong one
is one error line."""

from __future__ import annotations

from pathlib import Path

import pytest
from edge_helpers import serve_once
from server_helpers import free_port

from paston.server.edge import EdgeSettingError, EdgeSettings

DOC = Path(__file__).resolve().parents[2] / "docs" / "deployment.md"


def test_every_setting_is_documented() -> None:
    text = DOC.read_text()
    for name, _default, _doc in EdgeSettings.describe():
        assert f"`{name}`" in text and f"`PASTON_{name.upper()}`" in text, name


def test_environment_and_values() -> None:
    edge = EdgeSettings.from_env(
        {
            "PASTON_MAX_BODY": "2048",
            "PASTON_CLIENT_LIMITS": "off",
            "PASTON_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8",
            "PASTON_HINTS_PER_MINUTE": "2.5",
            "UNRELATED": "x",
        }
    )
    assert edge.max_body == 2048 and edge.client_limits is False
    assert edge.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    assert edge.hints_per_minute == 2.5
    assert EdgeSettings.from_env({}) == EdgeSettings()
    with pytest.raises(EdgeSettingError, match="whole number"):
        EdgeSettings.from_values({"max_body": "big"})
    with pytest.raises(EdgeSettingError, match="positive"):
        EdgeSettings.from_values({"header_timeout": "0"})
    with pytest.raises(EdgeSettingError, match="unknown setting 'max_bodie'"):
        EdgeSettings.from_values({"max_bodie": "1"})
    with pytest.raises(EdgeSettingError, match="not an address"):
        EdgeSettings.from_values({"trusted_proxies": "example.org"})


@pytest.mark.parametrize(
    ("args", "env", "word"),
    [
        (["--set", "max_body=lots"], {}, "max_body must be a whole number"),
        (["--set", "nonsense"], {}, "NAME=VALUE"),
        (["--trusted-proxy", "not-an-ip"], {}, "not an address"),
        ([], {"PASTON_WS_PER_TOKEN": "-1"}, "ws_per_token must be positive"),
    ],
)
def test_bad_setting_is_one_line(
    tmp_path: Path, args: list[str], env: dict[str, str], word: str
) -> None:
    import os

    out = serve_once(["--port", str(free_port()), *args], tmp_path, {**os.environ, **env})
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and word in lines[0], out.stderr
