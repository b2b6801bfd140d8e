"""Finding 2 of the hardening issue: text fields are validated at the edge (valid Unicode,
length, no control, bidi-override or zero-width characters where they spoof, NFC), and bad
rows already in the database no longer break the lobby."""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from pathlib import Path

import httpx
import pytest
from edge_helpers import EdgeServer
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import THREE_HUMANS, ThreadServer

from paston.server.settings import BadRequest
from paston.server.textcheck import clean_text, repair_text

LONE = "\\ud800"  # a lone surrogate, as JSON writes it


@pytest.mark.parametrize(
    ("raw_name", "word"),
    [
        (f'"Friday {LONE}"', "surrogate"),
        ('"Ani\\u202egnp.exe"', "bidirectional"),
        ('"Al\\u200bice"', "ZERO WIDTH SPACE"),
        ('"bell\\u0007"', "control"),
        ('"\\u3164"', "invisible"),
        ('"' + "x" * 61 + '"', "1 to 60"),
        ('"   "', "empty"),
        ("42", "text"),
    ],
)
def test_table_name_checked(thread_server: ThreadServer, raw_name: str, word: str) -> None:
    """Finding 2: a table name with a lone surrogate (or spoofing characters) is refused
    with a JSON 400 naming the character, before anything is stored."""
    with httpx.Client(base_url=thread_server.url, timeout=10) as http:
        r = http.post(
            "/api/tables",
            content='{"name": ' + raw_name + "}",
            headers={"content-type": "application/json"},
        )
        assert r.status_code == 400, r.text
        message = r.json()["error"]["message"]
        assert "'name'" in message and word in message, message
        assert http.get("/api/tables").status_code == 200


@pytest.mark.parametrize(
    ("raw_nick", "word"),
    [
        (f'"Ani{LONE}"', "surrogate"),
        ('"\\u202eAni"', "bidirectional"),
        ('"A\\u200dni"', "ZERO WIDTH JOINER"),
        ('"' + "n" * 25 + '"', "1 to 24"),
    ],
)
def test_nickname_checked(thread_server: ThreadServer, raw_nick: str, word: str) -> None:
    """Finding 2: nicknames get the same check at the edge."""
    with httpx.Client(base_url=thread_server.url, timeout=10) as http:
        table = http.post("/api/tables", json=THREE_HUMANS).json()["id"]
        r = http.post(
            f"/api/tables/{table}/join",
            content='{"nickname": ' + raw_nick + "}",
            headers={"content-type": "application/json"},
        )
        assert r.status_code == 400, r.text
        message = r.json()["error"]["message"]
        assert "'nickname'" in message and word in message, message
        summary = http.get(f"/api/tables/{table}").json()
        assert all(s["nickname"] is None for s in summary["seats"])


def test_names_are_stored_in_nfc(thread_server: ThreadServer) -> None:
    """Finding 2: a decomposed name is stored composed (NFC), so equal names compare equal."""
    with httpx.Client(base_url=thread_server.url, timeout=10) as http:
        table = http.post("/api/tables", json={**THREE_HUMANS, "name": " Zoe\u0301 "}).json()["id"]
        j = http.post(f"/api/tables/{table}/join", json={"nickname": "Zoe\u0301"})
        assert j.status_code == 200, j.text
        summary = http.get(f"/api/tables/{table}").json()
        assert summary["name"] == "Zo\u00e9"
        assert summary["seats"][0]["nickname"] == "Zo\u00e9"


def test_bad_rows_already_stored_do_not_break_the_lobby(tmp_path: Path) -> None:
    """Finding 2: a lone surrogate stored in a table name made GET /api/tables answer 500 for
    everybody, even after a restart. Rows written before the check are repaired on load."""
    db = tmp_path / "paston.sqlite"
    with EdgeServer(db) as server, httpx.Client(base_url=server.url, timeout=10) as http:
        good = http.post("/api/tables", json={**THREE_HUMANS, "name": "Good"}).json()["id"]
        bad = http.post("/api/tables", json={**THREE_HUMANS, "name": "Bad"}).json()["id"]
        j = http.post(f"/api/tables/{bad}/join", json={"nickname": "Ani"})
        assert j.status_code == 200
    # Write what an older server let through, straight into the log.
    with sqlite3.connect(db) as conn:
        (settings_text,) = conn.execute(
            "SELECT settings FROM paston_tables WHERE id = ?", (bad,)
        ).fetchone()
        settings_doc = json.loads(settings_text)
        settings_doc["name"] = "Bad \ud800 \u202etable"
        conn.execute(
            "UPDATE paston_tables SET settings = ? WHERE id = ?", (json.dumps(settings_doc), bad)
        )
        for seq, kind, data_text in conn.execute(
            "SELECT seq, kind, data FROM paston_events WHERE table_id = ?", (bad,)
        ).fetchall():
            data = json.loads(data_text)
            if kind == "created":
                data["settings"]["name"] = "Bad \ud800 \u202etable"
            if kind == "joined":
                data["nickname"] = "An\udfffi"
            conn.execute(
                "UPDATE paston_events SET data = ? WHERE table_id = ? AND seq = ?",
                (json.dumps(data), bad, seq),
            )
    with EdgeServer(db) as server, httpx.Client(base_url=server.url, timeout=10) as http:
        r = http.get("/api/tables")
        assert r.status_code == 200, r.text
        listed = {t["id"]: t for t in r.json()}
        assert listed[good]["name"] == "Good"
        # Repaired rather than skipped: the characters the check refuses are dropped.
        name = listed[bad]["name"]
        assert "\u202e" not in name and "\ud800" not in name and name.startswith("Bad")
        assert listed[bad]["seats"][0]["nickname"].startswith("An")
        one = http.get(f"/api/tables/{bad}")
        assert one.status_code == 200, one.text
        one.content.decode("utf-8")


# ----------------------------------------------------------------- the check itself

FORBIDDEN = {"Cc", "Cs", "Cn", "Co"}


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_clean_text_returns_safe_nfc_or_refuses(text: str) -> None:
    """Whatever comes in, what comes out is NFC, within its length, encodable as UTF-8,
    without control/unassigned/private characters or bidi overrides, and stable."""
    try:
        out = clean_text(text, "name", max_len=24)
    except BadRequest as exc:
        assert "'name'" in str(exc)
        return
    assert 1 <= len(out) <= 24
    assert unicodedata.normalize("NFC", out) == out
    out.encode("utf-8")
    assert not any(unicodedata.category(ch) in FORBIDDEN for ch in out)
    assert not any(0x202A <= ord(ch) <= 0x202E or 0x2066 <= ord(ch) <= 0x2069 for ch in out)
    assert "\u200b" not in out and "\ufeff" not in out
    assert clean_text(out, "name", max_len=24) == out


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_repair_text_always_gives_clean_text(text: str) -> None:
    """Repaired stored text always passes the edge check."""
    out = repair_text(text, max_len=24, fallback="Player")
    assert clean_text(out, "name", max_len=24) == out


@pytest.mark.parametrize(
    "ok",
    [
        "Ani",
        "Zoë",
        "Nguyễn",
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family emoji (ZWJ sequence)
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian with ZWNJ
        "שלום",  # right-to-left text itself is fine
    ],
)
def test_real_names_pass(ok: str) -> None:
    """Joiners that scripts and emoji need are kept where they join something."""
    assert clean_text(ok, "nickname", max_len=24) == unicodedata.normalize("NFC", ok)
