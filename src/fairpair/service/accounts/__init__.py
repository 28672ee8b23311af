"""Accounts: who may log in, their browser sessions, API tokens, and each event's staff.

The folders of ``service/`` and their order: docs/architecture.md."""
