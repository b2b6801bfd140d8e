"""Fixtures of the accounts tests (the helpers live in accounts_helpers.py: a unique module
name, since every test folder's conftest is imported as plain ``conftest``)."""

from accounts_helpers import site

__all__ = ["site"]
