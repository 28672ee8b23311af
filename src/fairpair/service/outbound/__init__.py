"""Calls out of fairpair: Discord's REST API and direct messages, web push and the players'
push subscriptions.

The folders of ``service/`` and their order: docs/architecture.md."""
