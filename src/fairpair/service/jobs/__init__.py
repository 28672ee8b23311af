"""Scheduled jobs: the table of what is due when, and doing the due ones (the handlers are named
in ``fairpair.service.wiring``).

The folders of ``service/`` and their order: docs/architecture.md."""
