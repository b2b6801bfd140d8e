"""Fixtures of the server tests (the helpers live in server_helpers.py: a unique module
name, since every test folder's conftest is imported as plain ``conftest``)."""

from server_helpers import server_process, thread_server

__all__ = ["server_process", "thread_server"]
